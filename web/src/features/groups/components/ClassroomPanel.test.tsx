import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityFixture } from '../../../test/fixtures';
import { identityHandler, server, signIn } from '../../../test/server';
import { groupFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

const circle = groupFixture({
  is_administrator: true,
  role: 'admin',
  membership_status: 'accepted',
  google_classroom_id: 'course-1',
  has_classroom_access: true,
});

function certified(isCertified = true) {
  const identity = identityFixture();
  server.use(identityHandler({ ...identity, group_profile: { ...identity.group_profile!, is_certified: isCertified } }));
}

function consent(data: Record<string, unknown>) {
  server.use(http.get('*/api/v1/google-classroom/consent/', () => HttpResponse.json({ data })));
}

const builtIn = { provider: 'local', needs_consent: false, connected: true, url: null };

describe('Google Classroom panel', { timeout: 20_000 }, () => {
  it('syncs students, teachers and resources with loading states and the toasts', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent(builtIn);
    const roles: unknown[] = [];
    server.use(
      http.post('*/api/v1/groups/:id/sync-users/', async ({ request }) => {
        const body = (await request.json()) as { role: string };
        roles.push(body.role);
        if (body.role === 'teacher') {
          return HttpResponse.json({ detail: 'Failed to sync teacher in google classroom', code: 'CLASSROOM_UNAVAILABLE' }, { status: 502 });
        }
        return HttpResponse.json({
          data: { role: 'student', total: 2, added: 2, updated: 0, unchanged: 0, skipped: 0, unmatched: [], unmatched_count: 0 },
          message: 'Students synced from Google Classroom: 2 added, 0 updated, 0 already members.',
        });
      }),
      http.post('*/api/v1/groups/:id/classroom-materials/sync/', () =>
        HttpResponse.json({ detail: 'Failed to sync resources', code: 'CLASSROOM_REFUSED' }, { status: 400 }),
      ),
    );
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    expect(within(panel).getByText(/Course course-1/)).toBeInTheDocument();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Sync students' }));
    expect(await screen.findByText('Students synced from Google Classroom: 2 added, 0 updated, 0 already members.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sync teachers' }));
    expect(await screen.findByText('Failed to sync teacher in google classroom')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sync resources' }));
    expect(await screen.findByText('Failed to sync resources')).toBeInTheDocument();
    expect(roles).toEqual(['student', 'teacher']);
  });

  it('disables the buttons while a sync runs', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent(builtIn);
    let finish: () => void = () => {};
    server.use(
      http.post('*/api/v1/groups/:id/classroom-materials/sync/', async () => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return HttpResponse.json({ data: { total: 1, created: 1, updated: 0, unchanged: 0 }, message: 'Resources synced from Google Classroom: 1 added, 0 updated, 0 unchanged.' });
      }),
    );
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Sync resources' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: /Sync students/ })).toBeDisabled());
    expect(within(panel).getByLabelText('Syncing')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Resources synced from Google Classroom: 1 added, 0 updated, 0 unchanged.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Sync students' })).toBeEnabled());
  });

  it('asks to connect Google first when the server needs consent', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent({ provider: 'google', needs_consent: true, connected: false, url: 'https://accounts.google.com/o/oauth2/v2/auth?x=1' });
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    expect(await within(panel).findByRole('button', { name: 'Connect Google' })).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Sync students' })).not.toBeInTheDocument();
  });

  it('disconnects a connected Google account after a confirmation', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    let connected = true;
    let deletes = 0;
    server.use(
      http.get('*/api/v1/google-classroom/consent/', () =>
        HttpResponse.json({ data: { provider: 'google', needs_consent: true, connected, url: 'https://accounts.google.com/x' } }),
      ),
      http.delete('*/api/v1/google-classroom/consent/', () => {
        deletes += 1;
        connected = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Disconnect' }));
    // Cancel leaves it connected.
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Classroom?' });
    expect(within(dialog).getByText(/for this group or any other/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Classroom?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google Classroom disconnected')).toBeInTheDocument();
    expect(deletes).toBe(1);
    // The panel asks to connect again.
    expect(await within(panel).findByRole('button', { name: 'Connect Google' })).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('says so when disconnecting fails', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent({ provider: 'google', needs_consent: true, connected: true, url: 'https://accounts.google.com/x' });
    server.use(http.delete('*/api/v1/google-classroom/consent/', () => HttpResponse.json({ detail: 'Down' }, { status: 503 })));
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Classroom?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Could not disconnect Google Classroom')).toBeInTheDocument();
    // Still connected: the dialog closes and the button stays.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('offers no Disconnect on the built-in classroom', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent(builtIn);
    renderApp('/circle/ai-foundations/admin');
    const panel = await screen.findByRole('region', { name: 'Google Classroom' });
    expect(await within(panel).findByRole('button', { name: 'Sync students' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('shows a toast when back from Google', async () => {
    signIn();
    certified();
    serveGroups({ groups: [circle] });
    consent({ provider: 'google', needs_consent: true, connected: true, url: 'https://accounts.google.com/x' });
    const { router } = renderApp('/circle/ai-foundations/admin?classroom=connected');
    expect(await screen.findByText('Google Classroom connected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('is hidden from an uncertified administrator', async () => {
    signIn();
    certified(false);
    serveGroups({ groups: [circle] });
    consent(builtIn);
    renderApp('/circle/ai-foundations/admin');
    await screen.findByRole('region', { name: 'Applicants' });
    expect(screen.queryByRole('region', { name: 'Google Classroom' })).not.toBeInTheDocument();
  });

  it('is hidden on a group without a classroom id', async () => {
    signIn();
    certified();
    serveGroups({ groups: [{ ...circle, google_classroom_id: null }] });
    consent(builtIn);
    renderApp('/circle/ai-foundations/admin');
    await screen.findByRole('region', { name: 'Applicants' });
    expect(screen.queryByRole('region', { name: 'Google Classroom' })).not.toBeInTheDocument();
  });
});
