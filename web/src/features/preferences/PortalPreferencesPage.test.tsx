import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { configFixture, identityFixture } from '../../test/fixtures';
import type { Identity } from '../../lib/auth/identity';
import { reloadPage } from '../../lib/profile/reloadPage';

vi.mock('../../lib/profile/reloadPage', () => ({ reloadPage: vi.fn() }));

beforeEach(() => vi.mocked(reloadPage).mockClear());

const options = {
  ...configFixture().options,
  current_roles: [
    { value: 2, label: 'College student' },
    { value: 3, label: 'Working professional' },
  ],
};

function signedInAs(identity: Identity = identityFixture()) {
  signIn();
  const patches: unknown[] = [];
  server.use(
    identityHandler(identity),
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: options })),
    http.patch('*/api/v1/users/profile/', async ({ request }) => {
      patches.push(await request.json());
      return HttpResponse.json({ data: {}, message: 'Successfully updated information' });
    }),
  );
  return patches;
}

describe('portal preferences', { timeout: 30_000 }, () => {
  it('sums up the current persona and focus, then saves a new persona and focus', async () => {
    const patches = signedInAs();
    renderApp('/portal-preferences');
    expect(await screen.findByRole('heading', { name: 'Portal preferences' })).toBeInTheDocument();
    expect(await screen.findByText('Working professional')).toBeInTheDocument();
    expect(screen.getByText('Both AI & Career')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change preferences' }));
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Working professional/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Not Set \(All\)/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^College student/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Both AI & Career/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /^Learn AI skills/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      (await screen.findAllByText('Preferences updated successfully! Your portal will now reflect these changes.')).length,
    ).toBeGreaterThan(0);
    expect(patches).toEqual([{ current_role: 2, origin: 'other' }]);
    expect(localStorage.getItem('role')).toBe('2');
    expect(localStorage.getItem('portal')).toBe('learn_ai_skills');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it("clears the persona with 'Not Set (All)' without sending a role", async () => {
    const patches = signedInAs();
    localStorage.setItem('role', '3');
    renderApp('/portal-preferences');
    await userEvent.click(await screen.findByRole('button', { name: 'Change preferences' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Not Set \(All\)/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('Preferences updated successfully! Your portal will now reflect these changes.')).length,
    ).toBeGreaterThan(0);
    expect(patches).toEqual([]);
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('portal')).toBe('both');
  });

  it('keeps the persona on the client while there is no group profile yet', async () => {
    const patches = signedInAs(identityFixture({ group_profile: null }));
    renderApp('/portal-preferences');
    expect(await screen.findByText('Not Set (All)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change preferences' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Working professional/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(localStorage.getItem('role')).toBe('3'));
    expect(patches).toEqual([]);
  });

  it('goes back between the steps and says when saving fails', async () => {
    signedInAs();
    server.use(http.patch('*/api/v1/users/profile/', () => HttpResponse.json({ detail: 'broken' }, { status: 500 })));
    renderApp('/portal-preferences');
    await userEvent.click(await screen.findByRole('button', { name: 'Change preferences' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
    expect(localStorage.getItem('portal')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
