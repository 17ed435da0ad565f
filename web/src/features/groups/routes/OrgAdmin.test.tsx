import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { server, signIn } from '../../../test/server';
import { groupFixture, memberFixture, orgFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

const admin = orgFixture({ role: 'admin', is_administrator: true });

describe('organization administration', { timeout: 20_000 }, () => {
  it('uploads the cover image and says when the logo could not be updated', async () => {
    signIn();
    serveGroups({ groups: [admin] });
    const fields: string[] = [];
    server.use(
      http.post('*/api/v1/groups/:id/cover-image/', async ({ request }) => {
        fields.push(...(await request.formData()).keys());
        return HttpResponse.json({ data: admin });
      }),
      http.post('*/api/v1/groups/:id/logo/', () => HttpResponse.json({ detail: 'Too big' }, { status: 400 })),
    );
    renderApp('/org/waypoint-demo');
    const png = new File(['x'], 'cover.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Change cover image file'), png);
    expect(await screen.findByText('Successfully updated cover image')).toBeInTheDocument();
    expect(fields).toEqual(['cover_image']);
    await userEvent.upload(screen.getByLabelText('Change logo file'), new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Could not update logo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/groups/1/edit');
  });

  it("says 'Could not download group members' when the export fails", async () => {
    signIn();
    serveGroups({ groups: [admin], members: [memberFixture()] });
    server.use(http.get('*/api/v1/groups/:id/export-group-membership/', () => new HttpResponse('nope', { status: 500 })));
    renderApp('/org/waypoint-demo/people');
    const section = await screen.findByRole('region', { name: 'Members' });
    await userEvent.click(within(section).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Could not download group members')).toBeInTheDocument();
  });

  it('marks an accepted member of a paid group as paid, and says when it fails', async () => {
    signIn();
    serveGroups({
      groups: [orgFixture({ role: 'admin', is_administrator: true, is_paid: true, price: '10.00' })],
      members: [memberFixture({ payment_status: 'pending' })],
    });
    const bodies: unknown[] = [];
    let fail = false;
    server.use(
      http.post('*/api/v1/groups/:id/payment-confirmation/', async ({ request }) => {
        bodies.push(await request.json());
        return fail ? HttpResponse.json({ detail: 'x' }, { status: 400 }) : HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/org/waypoint-demo/people');
    const section = await screen.findByRole('region', { name: 'Members' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Actions for Amina Odhiambo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as paid' }));
    expect(await screen.findByText('Marked as paid')).toBeInTheDocument();
    fail = true;
    await userEvent.click(within(section).getByRole('button', { name: 'Actions for Amina Odhiambo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as unpaid' }));
    expect(await screen.findByText('Could not reject payment status')).toBeInTheDocument();
    expect(bodies).toEqual([
      { user: 101, action: 'accept' },
      { user: 101, action: 'reject' },
    ]);
  });

  it('keeps circle filters in the address, dropping the page when one changes', async () => {
    signIn();
    const queries: string[] = [];
    serveGroups({ groups: [admin, groupFixture()] });
    server.use(
      http.get('*/api/v1/circles/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ data: [groupFixture()], pagination: { count: 40, next: null } });
      }),
    );
    const { router } = renderApp('/org/waypoint-demo/circles?page=2');
    const table = await screen.findByRole('table', { name: 'Circles' });
    expect(within(table).getByRole('link', { name: 'AI Foundations' })).toHaveAttribute('href', '/circle/ai-foundations');
    expect(within(table).getByText('Registration Open')).toBeInTheDocument();
    expect(queries[0]).toContain('page=2');
    expect(queries[0]).toContain('page_size=15');
    await userEvent.click(screen.getByLabelText('Status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Running' }));
    await waitFor(() => expect(router.state.location.search).toBe('?circle_status=4'));
    await waitFor(() => expect(queries.at(-1)).toContain('circle_status=4'));
    expect(queries.at(-1)).not.toContain('page=2');
  });
});
