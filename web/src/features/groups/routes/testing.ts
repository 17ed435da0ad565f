// Test helpers for the group pages' administration tests: signing in as the administrator,
// recording what an action posts, and opening a page's section or one of its tabs.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { identityFixture } from '../../../test/fixtures';
import { identityHandler, recordPosts, server, signIn } from '../../../test/server';
import { serveGroups } from '../test/handlers';

/** The signed-in person of these tests (an administrator where the group says so). */
export const ME = 7;

export function signInAsMe() {
  signIn();
  server.use(identityHandler(identityFixture({ id: ME })));
}

/** Answers POST /api/v1/`path` with `{ message }` and records every body it is sent, in order. */
export function capturePosts(path: string, message = 'ok'): unknown[] {
  return recordPosts(path, { message });
}

/** Renders `path` and waits for its section (a named region). */
export async function openSection(path: string, name: string) {
  renderApp(path);
  return screen.findByRole('region', { name });
}

/** Clicks a section's tab (`name` as the tab reads, counts included) once the tab is there. */
export async function openTab(section: HTMLElement, name: string | RegExp) {
  await userEvent.click(await within(section).findByRole('tab', { name }));
}

/** Turns on the section's manage mode and picks `action` in its Action select. */
export async function chooseBulkAction(section: HTMLElement, action: string) {
  await userEvent.click(within(section).getByRole('button', { name: 'Manage' }));
  await userEvent.click(within(section).getByLabelText('Action'));
  await userEvent.click(await screen.findByRole('option', { name: action }));
}

/** With no groups served, `path` says that its `kind` (circle, organization…) does not exist. */
export async function expectMissingGroupPage(path: string, kind: string) {
  serveGroups({ groups: [] });
  renderApp(path);
  expect(
    await screen.findByText(
      `It seems like the ${kind} you're looking for doesn't exist or the path is incorrect. Please check the URL and try again.`,
    ),
  ).toBeInTheDocument();
}
