import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { server, signIn } from '../../../test/server';
import { groupFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

const invitation = {
  type: 'group',
  results: { id: 40, name: 'AI Foundations', name_slug: 'ai-foundations', group_type: 'circle', description: '<p>Learn together.</p>' },
  status: 'pending',
  invited_by: { id: 9, name: 'Li Wei' },
};

function serveInvitation(respond: (action: string) => Response) {
  const actions: string[] = [];
  server.use(
    http.get('*/api/v1/invitation/:id/', ({ params }) =>
      params.id === 'inv-1' ? HttpResponse.json({ data: invitation }) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
    http.post('*/api/v1/invitation/:id/:action/', ({ params }) => {
      actions.push(`${String(params.id)}/${String(params.action)}`);
      return respond(String(params.action));
    }),
  );
  serveGroups({ groups: [groupFixture()] });
  return actions;
}

describe('invitation page', { timeout: 20_000 }, () => {
  it('sends a guest to login with next', async () => {
    serveInvitation(() => HttpResponse.json({}));
    const { router } = renderApp('/invitation/inv-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Finvitation%2Finv-1');
  });

  it('shows the banner and the target, accepts and goes to the target', async () => {
    signIn();
    const actions = serveInvitation(() =>
      HttpResponse.json({ message: 'Invitation accepted', redirect: '/circle/ai-foundations', status: 'accepted' }),
    );
    const { router } = renderApp('/invitation/inv-1');
    expect(await screen.findByText('You are invited to join this circle')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'AI Foundations' })).toBeInTheDocument();
    expect(screen.getByText('Learn together.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Successfully accepted invitation')).toBeInTheDocument();
    expect(actions).toEqual(['inv-1/accept']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/circle/ai-foundations'));
  });

  it('rejects, going to the target when the redirect is not a path of this site', async () => {
    signIn();
    const actions = serveInvitation(() =>
      HttpResponse.json({ message: 'Invitation rejected', redirect: '//elsewhere.example/x', status: 'rejected' }),
    );
    const { router } = renderApp('/invitation/inv-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Successfully rejected invitation')).toBeInTheDocument();
    expect(actions).toEqual(['inv-1/reject']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/circle/ai-foundations'));
  });

  it("says 'Could not perform action' when answering fails", async () => {
    signIn();
    serveInvitation(() => HttpResponse.json({ detail: 'Expired.' }, { status: 400 }));
    renderApp('/invitation/inv-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Could not perform action')).toBeInTheDocument();
  });

  it('shows a missing invitation as not found, with the way home and no Retry', async () => {
    signIn();
    let reads = 0;
    serveInvitation(() => HttpResponse.json({}));
    server.use(
      http.get('*/api/v1/invitation/missing/', () => {
        reads += 1;
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }),
    );
    const { router } = renderApp('/invitation/missing');
    expect(
      await screen.findByRole('heading', { name: 'This invitation does not exist or is no longer available.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Could not complete a request')).not.toBeInTheDocument();
    expect(reads).toBe(1);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'Could not complete a request' with Retry when it cannot load for another reason", async () => {
    signIn();
    let fail = true;
    serveInvitation(() => HttpResponse.json({}));
    server.use(
      http.get('*/api/v1/invitation/inv-1/', () =>
        fail ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json({ data: invitation }),
      ),
    );
    renderApp('/invitation/inv-1');
    expect(await screen.findByText('Could not complete a request')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You are invited to join this circle')).toBeInTheDocument();
  });
});
