import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { groupFixture, paged, serveFilterOptions } from '../../components/lists/testing';
import { jobFixture } from './test/fixtures';

function serveOwningGroups() {
  serveFilterOptions();
  server.use(
    http.get('*/api/v1/groups/list/', () =>
      HttpResponse.json(paged([groupFixture({ id: 1, name: 'Waypoint Demo', group_type: 'organization' })])),
    ),
  );
}

async function pick(label: string | RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

// jsdom has no layout: ProseMirror scrolls the selection into view with Range rectangles.
beforeAll(async () => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
  await import('../../components/profileForm/RichTextEditorImpl');
}, 120_000);

describe('job form', { timeout: 30_000 }, () => {
  it("shows the spec's messages without sending: Required, the address for on-site jobs, the close date", async () => {
    signIn();
    serveOwningGroups();
    let posted = false;
    server.use(
      http.post('*/api/v1/jobs/', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/jobs/new');
    const form = await screen.findByRole('form', { name: 'Job form' });
    await pick(/Job location/, 'On site');
    await userEvent.type(within(form).getByLabelText('Application open date'), '2027-03-10');
    await userEvent.type(within(form).getByLabelText('Application close date'), '2027-03-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Please correct above errors')).toBeInTheDocument();
    // Title, description, group and address.
    expect(within(form).getAllByText('Required')).toHaveLength(4);
    expect(within(form).getByText('Application close date cannot be before the application open date')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('creates a draft job, then the questions step saves its questions and opens its page', async () => {
    signIn();
    serveOwningGroups();
    const created = jobFixture({ id: 77, slug: 'data-analyst-77', is_administrator: true, job_status: 'pending' });
    let body: Record<string, unknown> | undefined;
    let questions: unknown;
    server.use(
      http.post('*/api/v1/jobs/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
      http.post('*/api/v1/jobs/77/questions/', async ({ request }) => {
        questions = await request.json();
        return HttpResponse.json({ data: created });
      }),
      http.get('*/api/v1/jobs/slug/:slug/', () => HttpResponse.json({ data: created })),
    );
    const { router } = renderApp('/jobs/new');
    const form = await screen.findByRole('form', { name: 'Job form' });
    await userEvent.type(within(form).getByLabelText(/^Title/), 'Data Analyst');
    await pick(/Posted by/, 'Waypoint Demo');
    const editor = await within(form).findByRole('textbox', { name: /^Description/ }, { timeout: 20_000 });
    // ProseMirror in jsdom drops some typed keys; the test needs only some description text.
    editor.focus();
    await userEvent.keyboard('Analyse');
    await pick(/Job type/, 'Internship');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Successfully created job')).toBeInTheDocument();
    expect(body).toMatchObject({ title: 'Data Analyst', group: 1, job_type: 'internship', job_location: 'remote', skills: [], professional_fields: [] });
    expect(String(body?.description)).toMatch(/^<p>A[a-z]*<\/p>$/);

    expect(await screen.findByRole('heading', { name: 'Questions for applicants' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Years of SQL?');
    await pick('Field type', 'Text');
    await userEvent.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Questions added successfully')).toBeInTheDocument();
    expect(questions).toMatchObject({ questions: [{ label: 'Years of SQL?', type: 'text', required: false }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/job/data-analyst-77'));
  });

  it('puts server field errors on their fields when editing', async () => {
    signIn();
    serveOwningGroups();
    server.use(
      http.get('*/api/v1/jobs/41/', () => HttpResponse.json({ data: jobFixture({ is_administrator: true }) })),
      http.patch('*/api/v1/jobs/41/', () => HttpResponse.json({ field_errors: { skills: ['Maximum 7 skills'] } }, { status: 400 })),
    );
    renderApp('/jobs/41/edit');
    const form = await screen.findByRole('form', { name: 'Job form' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Data Analyst');
    expect(within(form).queryByRole('combobox', { name: /Posted by/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Maximum 7 skills')).toBeInTheDocument();
  });
});
