import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../../test/renderApp';
import { identityFixture } from '../../../../test/fixtures';
import { identityHandler, server, signIn } from '../../../../test/server';
import { entryFixture, profilePageFixture } from '../../test/fixtures';
import { serveProfiles } from '../../test/handlers';
import { monthYear } from '../../profileFormat';

const maria = profilePageFixture();
const work = entryFixture();
const school = entryFixture({
  id: 502,
  type: 'education',
  title: 'BSc Statistics',
  is_currently_working: false,
  start_date: '2015-09-01',
  end_date: '2019-06-30',
  group_detailed: { id: 12, name: 'Uni Madrid', slug: 'uni-madrid', group_type: 'institution' },
});

function signInAsMaria() {
  signIn();
  server.use(identityHandler(identityFixture({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } })));
}

// Each file's first test compiles the lazily loaded pages, which is slow on a busy machine.
describe('Career Tree', { timeout: 15_000 }, () => {
  it('shows the owner the dream node 30 days ahead, Add New and the entry actions', async () => {
    signInAsMaria();
    serveProfiles({ profiles: [maria], entries: [work, school] });
    renderApp('/profile/maria-lopez/experience');
    const dream = await screen.findByTestId('dream-node');
    const ahead = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(within(dream).getByText(monthYear(ahead))).toHaveAttribute('datetime', ahead);
    expect(within(dream).getByText('Your dream career')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New' })).toBeInTheDocument();
    const entry = await screen.findByRole('article', { name: 'Data Analyst' });
    expect(within(entry).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(entry).getByText('Mar 2021 – Present')).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'Edit Data Analyst' })).toBeInTheDocument();
    // Education lives on its own tab.
    expect(screen.queryByText('BSc Statistics')).not.toBeInTheDocument();
  });

  it('is read only for visitors, without the dream node', async () => {
    serveProfiles({ profiles: [maria], entries: [work] });
    renderApp('/profile/maria-lopez/experience');
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument();
    expect(screen.queryByTestId('dream-node')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  it('tells visitors when there is nothing yet', async () => {
    serveProfiles({ profiles: [maria], entries: [] });
    renderApp('/profile/maria-lopez/education');
    expect(await screen.findByText('Maria has not added any education yet.')).toBeInTheDocument();
  });

  it('loads more entries page by page', async () => {
    serveProfiles({ profiles: [maria] });
    server.use(
      http.get('*/api/v1/career-entries/', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        return page === '2'
          ? HttpResponse.json({ data: [entryFixture({ id: 3, title: 'Intern' })], pagination: { count: 2, next: null } })
          : HttpResponse.json({ data: [work], pagination: { count: 2, next: 'http://localhost/api/v1/career-entries/?page=2' } });
      }),
    );
    renderApp('/profile/maria-lopez/experience');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Intern' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks before deleting an entry', async () => {
    signInAsMaria();
    let deleted = false;
    serveProfiles({ profiles: [maria], entries: [work] });
    server.use(
      http.delete('*/api/v1/career-entries/501/', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/profile/maria-lopez/experience');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Data Analyst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this experience?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Data Analyst' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
  });
});

// The dialog loads the rich text editor and the pickers on demand.
describe('career entry form', { timeout: 15_000 }, () => {
  it('shows the spec messages for an empty entry', async () => {
    signInAsMaria();
    serveProfiles({ profiles: [maria], entries: [] });
    renderApp('/profile/maria-lopez/experience');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add experience' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Title, company, description, skills, start and end date.
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(6));
  });

  it('needs no end date while currently working, and an end after the start otherwise', async () => {
    signInAsMaria();
    serveProfiles({ profiles: [maria], entries: [] });
    renderApp('/profile/maria-lopez/education');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add education' });
    expect(within(dialog).getByLabelText(/Degree/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2020-05' } });
    fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: '2019-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('End date must be after the start date.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('I currently study here'));
    expect(within(dialog).queryByLabelText(/End date/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).queryByText('End date must be after the start date.')).not.toBeInTheDocument());
  });

  it('puts the server field errors on the fields', async () => {
    signInAsMaria();
    serveProfiles({ profiles: [maria], entries: [work] });
    server.use(
      http.patch('*/api/v1/career-entries/501/', () =>
        HttpResponse.json(
          { message: 'Invalid pk "99" - object does not exist.', field_errors: { group: ['Invalid pk "99" - object does not exist.'] } },
          { status: 400 },
        ),
      ),
    );
    renderApp('/profile/maria-lopez/experience');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Data Analyst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit experience' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Data Analyst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid pk "99" - object does not exist.')).toBeInTheDocument();
  });
});
