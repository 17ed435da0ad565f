import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { server, signIn } from '../../../test/server';
import { configFixture } from '../../../test/fixtures';
import { groupFixture, orgFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

function serveLookups() {
  server.use(
    http.get('*/api/v1/circle-types/', () => HttpResponse.json({ data: [{ id: 1, name: 'Study group' }] })),
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: configFixture().options })),
    http.get('*/api/v1/sdgs/', () => HttpResponse.json({ data: [{ id: 4, number: 4, name: 'Quality Education', logo: null }] })),
  );
}

describe('group form', { timeout: 30_000 }, () => {
  it("shows the spec's messages and 'Please correct above errors' without sending", async () => {
    signIn();
    serveLookups();
    let posted = false;
    server.use(
      http.post('*/api/v1/groups/', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/groups/new?type=circle&parent=1');
    const form = await screen.findByRole('form', { name: 'Circle form' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Please correct above errors')).toBeInTheDocument();
    expect(within(form).getAllByText('Required').length).toBeGreaterThanOrEqual(8);
    await userEvent.click(within(form).getByLabelText('Paid'));
    await userEvent.type(within(form).getByLabelText(/^Price/), '0');
    await userEvent.type(within(form).getByLabelText(/^Discount/), '120');
    await userEvent.type(within(form).getByLabelText(/^Maximum size/), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Must be greater than zero')).toBeInTheDocument();
    expect(within(form).getByText('Discount percentage cannot be greater than 100')).toBeInTheDocument();
    expect(within(form).getByText('Postive number only')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('puts server field errors on their fields when editing', async () => {
    signIn();
    serveLookups();
    const org = orgFixture({ role: 'admin', is_administrator: true });
    serveGroups({ groups: [org] });
    server.use(
      http.patch('*/api/v1/groups/:id/', () =>
        HttpResponse.json({ field_errors: { name: ['A group with this name already exists.'] } }, { status: 400 }),
      ),
    );
    renderApp('/groups/1/edit');
    const form = await screen.findByRole('form', { name: 'Organization form' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Waypoint Demo');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A group with this name already exists.')).toBeInTheDocument();
  });

  it('edits a group and says so', async () => {
    signIn();
    serveLookups();
    const org = orgFixture({ role: 'admin', is_administrator: true });
    serveGroups({ groups: [org] });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.patch('*/api/v1/groups/:id/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { ...org, name: body.name } });
      }),
    );
    const { router } = renderApp('/groups/1/edit');
    const form = await screen.findByRole('form', { name: 'Organization form' });
    const name = within(form).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Waypoint Africa');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully edited organization')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Waypoint Africa', group_type: 'organization', country: 'Kenya', description: '<p>A community of learners.</p>' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/org/waypoint-demo'));
  });

  it('turns away someone who does not administer the group', async () => {
    signIn();
    serveGroups({ groups: [orgFixture()] });
    renderApp('/groups/1/edit');
    expect(await screen.findByText('You do not have permission to edit this group.')).toBeInTheDocument();
  });
});

describe('questions editor', { timeout: 30_000 }, () => {
  it('checks each question, generates ids from the type, previews the form and saves', async () => {
    signIn();
    const circle = groupFixture({ is_administrator: true, role: 'admin', membership_status: 'accepted' });
    serveGroups({ groups: [circle] });
    let body: unknown;
    server.use(
      http.post('*/api/v1/groups/:id/questions/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: circle });
      }),
    );
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.4242);
    const { router } = renderApp('/groups/40/questions');
    const editor = await screen.findByRole('region', { name: 'Questions' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Add question' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save questions' }));
    expect(await within(editor).findByText('Please enter question')).toBeInTheDocument();
    expect(within(editor).getByText('Please select field type')).toBeInTheDocument();
    await userEvent.type(within(editor).getByRole('textbox', { name: /^Question 1/ }), 'Your level?');
    await userEvent.click(within(editor).getByLabelText(/^Field type/));
    await userEvent.click(await screen.findByRole('option', { name: 'Radio' }));
    await userEvent.type(within(editor).getByLabelText(/Options/), 'Beginner{Enter}Expert');
    await userEvent.click(within(editor).getByLabelText('Required'));
    const preview = screen.getByRole('region', { name: 'Form preview' });
    expect(within(preview).getByText('Your level?')).toBeInTheDocument();
    expect(within(preview).getByLabelText('Expert')).toBeDisabled();
    await userEvent.click(within(editor).getByRole('button', { name: 'Add question' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove question 2' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Questions added successfully')).toBeInTheDocument();
    expect(body).toEqual({
      questions: [{ id: 'radio4242', label: 'Your level?', type: 'radio', required: true, options: ['Beginner', 'Expert'] }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/circle/ai-foundations'));
    random.mockRestore();
  });

  it("says 'Failed to add questions' when saving fails", async () => {
    signIn();
    const circle = groupFixture({
      is_administrator: true,
      extra_info: { questions: [{ id: 'text5', label: 'Why?', type: 'text', required: false, options: [] }] },
    });
    serveGroups({ groups: [circle] });
    server.use(http.post('*/api/v1/groups/:id/questions/', () => HttpResponse.json({ detail: 'no' }, { status: 400 })));
    renderApp('/groups/40/questions');
    const editor = await screen.findByRole('region', { name: 'Questions' });
    expect(within(editor).getByRole('textbox', { name: /^Question 1/ })).toHaveValue('Why?');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Failed to add questions')).toBeInTheDocument();
  });
});

describe('group form server errors in the contract shape', { timeout: 30_000 }, () => {
  it('reads {"errors": {field: [msg]}} too', async () => {
    signIn();
    serveLookups();
    serveGroups({ groups: [orgFixture({ role: 'admin', is_administrator: true })] });
    server.use(
      http.patch('*/api/v1/groups/:id/', () => HttpResponse.json({ errors: { country: ['Unknown country.'] } }, { status: 400 })),
    );
    renderApp('/groups/1/edit');
    const form = await screen.findByRole('form', { name: 'Organization form' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Unknown country.')).toBeInTheDocument();
  });
});
