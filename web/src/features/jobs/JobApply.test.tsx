import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import { jobFixture } from './test/fixtures';
import { groupFixture, serveFilterOptions } from '../../components/lists/testing';
import type { Job } from './api/types';
import { QUESTION_MESSAGES } from '../../lib/groups/questions';

const question = { id: 'textarea12', label: 'Why this role?', type: 'textarea' as const, required: true, options: [] };

/** Serves the job by slug; `apply` answers POST /apply/ and sees its body. */
function serveJob(initial: Job, apply?: (body: unknown) => Response | Promise<Response>) {
  let job = initial;
  const bodies: unknown[] = [];
  serveFilterOptions();
  server.use(
    // The job's group, whose questions apply when the job has none.
    http.get('*/api/v1/groups/:id/', () => HttpResponse.json({ data: { ...groupFixture({ id: 1, group_type: 'organization' }), extra_info: {} } })),
    http.get('*/api/v1/jobs/slug/:slug/', ({ params }) =>
      params.slug === job.slug ? HttpResponse.json({ data: job }) : HttpResponse.json({ detail: 'Job not found.' }, { status: 404 }),
    ),
    http.post('*/api/v1/jobs/:id/apply/', async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      const answer = apply ? await apply(body) : HttpResponse.json({ message: 'Applied.', status: 'pending' });
      if (answer.ok) job = { ...job, status: 'pending' };
      return answer;
    }),
    http.post('*/api/v1/jobs/:id/unapply/', () => {
      job = { ...job, status: null };
      return HttpResponse.json({ message: 'Unapplied.', status: null });
    }),
  );
  return bodies;
}

function withResume() {
  const identity = identityFixture();
  server.use(identityHandler({ ...identity, profile: { ...identity.profile, resume: '/media/resume.pdf' } }));
}

describe('applying to a job', { timeout: 30_000 }, () => {
  it('asks the questions first, then applies with the answers', async () => {
    signIn();
    withResume();
    const bodies = serveJob(jobFixture({ extra_info: { questions: [question] } }));
    renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Data Analyst' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(QUESTION_MESSAGES.answer)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Why this role\?/), 'I love data.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('You have successfully applied to the job')).toBeInTheDocument();
    expect(bodies).toEqual([{ answers: { textarea12: 'I love data.' } }]);
    expect(await screen.findByLabelText('Application: Applied')).toBeInTheDocument();
  });

  it('asks for a resume when the profile has none, uploads it, then applies', async () => {
    signIn();
    const uploads: FormData[] = [];
    server.use(
      http.post('*/api/v1/upload-resume/', async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json({ data: { id: 5, file: '/media/cv.pdf' }, message: 'Successfully uploaded resume' });
      }),
    );
    const bodies = serveJob(jobFixture());
    renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Data Analyst' });
    expect(within(dialog).getByText(/Your profile has no resume yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and apply' }));
    expect(await within(dialog).findByText('Please upload a resume')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Resume file'), new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and apply' }));
    expect(await screen.findByText('You have successfully applied to the job')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('update_profile')).toBe('false');
    expect(bodies).toEqual([{}]);
  });

  it("shows the server's refusal, or 'Could not apply to Job'", async () => {
    signIn();
    withResume();
    let refusal = true;
    serveJob(jobFixture(), () =>
      refusal
        ? HttpResponse.json({ message: 'Applications are closed for this job.' }, { status: 400 })
        : HttpResponse.json({}, { status: 500 }),
    );
    renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applications are closed for this job.')).toBeInTheDocument();
    refusal = false;
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Could not apply to Job')).toBeInTheDocument();
  });

  it("asks the group's questions when the job has none", async () => {
    signIn();
    withResume();
    const bodies = serveJob(jobFixture());
    server.use(
      http.get('*/api/v1/groups/:id/', () =>
        HttpResponse.json({ data: { ...groupFixture({ id: 1, group_type: 'organization' }), extra_info: { questions: [{ ...question, label: 'Your city?', type: 'text' }] } } }),
      ),
    );
    renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Data Analyst' });
    await userEvent.type(within(dialog).getByLabelText(/Your city\?/), 'Nairobi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('You have successfully applied to the job')).toBeInTheDocument();
    expect(bodies).toEqual([{ answers: { textarea12: 'Nairobi' } }]);
  });

  it('unapplies a pending application after confirming', async () => {
    signIn();
    withResume();
    serveJob(jobFixture({ status: 'pending' }));
    renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Unapply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw application' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unapply' }));
    expect(await screen.findByText('You have successfully unapplied from the job')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('sends guests to sign in with next and join=true', async () => {
    serveJob(jobFixture());
    const { router } = renderApp('/job/data-analyst-41');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/job/data-analyst-41');
    expect(new URLSearchParams(router.state.location.search).get('join')).toBe('true');
  });

  it('shows (Expired) and no Apply after the close date; the not-found message for a missing job', async () => {
    serveJob(jobFixture({ is_expired: true, is_open_for_applications: false, application_close_date: '2020-01-01' }));
    const { router } = renderApp('/job/data-analyst-41');
    expect(await screen.findByText('(Expired)')).toBeInTheDocument();
    expect(screen.getByText('Applications closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    // Guests get no tabs.
    expect(screen.queryByRole('tablist', { name: 'Job sections' })).not.toBeInTheDocument();
    await router.navigate('/job/missing');
    expect(await screen.findByText(/the job you're looking for doesn't exist/)).toBeInTheDocument();
  });
});
