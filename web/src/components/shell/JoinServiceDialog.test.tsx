import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { recordPosts, server, signIn } from '../../test/server';
import { openPage, reloadPage } from '../../lib/profile/reloadPage';
import type { DefaultOrg } from '../../lib/discover/types';

vi.mock('../../lib/profile/reloadPage', () => ({ reloadPage: vi.fn(), openPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
  vi.mocked(openPage).mockClear();
});

const orgs: DefaultOrg[] = [
  { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', logo: null, membership_status: 'accepted', role: 'member', is_default: true },
  { id: 2, name: 'Star Academy', name_slug: 'star-academy', logo: null, membership_status: 'accepted', role: 'admin', is_default: false },
  { id: 3, name: 'Diaspora Network', name_slug: 'diaspora-network', logo: null, membership_status: null, role: null, is_default: false },
];

function serveOrgs(list: DefaultOrg[] | null = orgs) {
  server.use(
    http.get('*/api/v1/groups/default-org/', () =>
      list ? HttpResponse.json({ data: list }) : HttpResponse.json({ detail: 'boom' }, { status: 500 }),
    ),
  );
}

async function openServices() {
  signIn();
  renderApp('/terms-and-conditions');
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Join another service' }));
  return screen.findByRole('dialog', { name: 'Join another service' });
}

describe('join another service', { timeout: 20_000 }, () => {
  it('lists the default organizations with Join, Make default and the current default', async () => {
    serveOrgs();
    const dialog = await openServices();
    const list = await within(dialog).findByRole('list', { name: 'Services' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Default')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Make Star Academy default' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Join Diaspora Network' })).toBeInTheDocument();
  });

  it('joins after confirming, then reloads the page', async () => {
    serveOrgs();
    const bodies = recordPosts('groups/default-org/', { data: {} });
    const dialog = await openServices();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Join Diaspora Network' }));
    const confirm = await screen.findByRole('dialog', { name: 'Join Diaspora Network?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ id: 3 }]);
  });

  it("goes to the other site's address when the organization lives elsewhere", async () => {
    serveOrgs();
    server.use(
      http.post('*/api/v1/groups/default-org/', () =>
        HttpResponse.json({ data: { id: 2, redirect: 'http://star.localhost:8080/', membership_status: 'accepted' } }),
      ),
    );
    const dialog = await openServices();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Star Academy default' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Star Academy your default?' });
    await userEvent.click(within(confirm).getByRole('button', { name: /Make default|Confirm|Continue/ }));
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('http://star.localhost:8080/'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    serveOrgs();
    const dialog = await openServices();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Star Academy default' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Star Academy your default?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make Star Academy your default?' })).not.toBeInTheDocument());
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows the first non_field_errors message, else the fallback, when joining fails', async () => {
    serveOrgs();
    server.use(
      http.post('*/api/v1/groups/default-org/', () =>
        HttpResponse.json({ non_field_errors: ['You cannot join this organization.'] }, { status: 400 }),
      ),
    );
    const dialog = await openServices();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Join Diaspora Network' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Join Diaspora Network?' })).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You cannot join this organization.')).toBeInTheDocument();

    server.use(http.post('*/api/v1/groups/default-org/', () => HttpResponse.json({}, { status: 500 })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join Diaspora Network?' })).not.toBeInTheDocument());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Join Diaspora Network' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Join Diaspora Network?' })).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Could not join organization')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('says when changing the default fails', async () => {
    serveOrgs();
    server.use(http.post('*/api/v1/groups/default-org/', () => HttpResponse.json({}, { status: 500 })));
    const dialog = await openServices();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Star Academy default' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Make Star Academy your default?' })).getByRole('button', { name: 'Make default' }),
    );
    expect(await screen.findByText('Could not change default organization at this moment.')).toBeInTheDocument();
  });

  it('says when the list cannot be fetched', async () => {
    serveOrgs(null);
    const dialog = await openServices();
    expect(await within(dialog).findByText('Could not fetch default organizations')).toBeInTheDocument();
  });

  it('says when there is nothing to join', async () => {
    serveOrgs([]);
    const dialog = await openServices();
    expect(await within(dialog).findByText('No services available at the moment')).toBeInTheDocument();
  });
});
