import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
    { value: 1, label: 'High school student' },
    { value: 2, label: 'College student' },
    { value: 3, label: 'Working professional' },
  ],
  career_stages: [
    { value: 1, label: 'High school student' },
    { value: 2, label: 'College student' },
    { value: 3, label: 'Early professional' },
  ],
  job_functions: [{ value: 4, label: 'Engineering' }],
  reason_to_join: [
    { value: 1, label: 'Learn AI skills' },
    { value: 2, label: 'Find a job' },
  ],
  interested_services: [{ value: 1, label: 'Mentorship' }],
  career_reason_map: { '1': [1], '2': [1, 2], '3': [1, 2] },
};

/** Signed in as a verified user with this profile; returns the PATCH bodies the wizard sends. */
function signedInAs(identity: Identity) {
  signIn();
  const patches: Record<string, unknown>[] = [];
  server.use(
    identityHandler(identity),
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: options })),
    http.patch('*/api/v1/users/profile/', async ({ request }) => {
      patches.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: {}, message: 'Successfully updated information' });
    }),
  );
  return patches;
}

function newcomer(profile: Partial<Identity['profile']> = {}, extra: Partial<Identity> = {}): Identity {
  return identityFixture({ group_profile: null, profile: { email: 'new@example.com', ...profile }, ...extra });
}

const groupProfile = identityFixture().group_profile;

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('registration wizard', { timeout: 40_000 }, () => {
  it('is where home sends a signed-in user without a group profile; registered users stay home', async () => {
    signedInAs(newcomer());
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'));
    expect(await screen.findByRole('heading', { name: 'How would you like to set up your profile?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import from LinkedIn, about 10 seconds' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload your resume, about 15 seconds' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill in the form, about 30 seconds' })).toBeInTheDocument();
  });

  it('leaves a registered user on the home page', async () => {
    signedInAs(identityFixture());
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('saves each step with origin registration-flow, and goes back keeping what was entered', async () => {
    // The group profile exists: the advanced variant asks the personal fields, skills and links.
    const patches = signedInAs(newcomer({ title: 'Analyst', country: 'Kenya' }, { group_profile: groupProfile }));
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the form, about 30 seconds' }));

    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal information' })).toHaveFocus();
    // The form's code may still be on its way (it loads as the wizard opens): its fields follow.
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Analyst');
    // The group-profile fields were given already.
    expect(screen.queryByRole('combobox', { name: /^Current role/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(patches).toHaveLength(0);
    await userEvent.type(screen.getByRole('combobox', { name: /^Institution/ }), 'Strathmore University');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({
      origin: 'registration-flow',
      first_name: 'Maria',
      last_name: 'Lopez',
      title: 'Analyst',
      country: 'Kenya',
      institution: 'Strathmore University',
      short_bio: null,
    });

    // Back shows the step again with what was entered.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Institution/ })).toHaveValue('Strathmore University');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();

    // Skills and topics are required.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(patches).toHaveLength(2);
  });

  /** A member whose skills and topics are stored: the personal step (its institution) and the links are left. */
  const signedInWithSkills = () =>
    signedInAs(
      newcomer(
        { title: 'Analyst', country: 'Kenya', skills_detailed: [{ id: 1, name: 'SQL' }], topics_detailed: [{ id: 2, name: 'AI' }] },
        { group_profile: groupProfile },
      ),
    );

  /** Opens the form, gives the institution Personal information still needs, and reaches Social sites. */
  async function toSocialStep() {
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the form, about 30 seconds' }));
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    await userEvent.type(await screen.findByRole('combobox', { name: /^Institution/ }), 'Strathmore');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Social sites' })).toBeInTheDocument();
  }

  it('moves on from an all-empty social step without saving; Finish reloads the page', async () => {
    const patches = signedInWithSkills();
    await toSocialStep();
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(patches).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your profile is ready' })).toBeInTheDocument();
    expect(patches).toHaveLength(1);
    // No way back from the completion screen; Finish reloads the page.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('checks and saves filled social links', async () => {
    const patches = signedInWithSkills();
    await toSocialStep();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Twitter/X'), 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid URL.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Twitter/X'));
    await userEvent.type(screen.getByLabelText('Twitter/X'), 'https://x.com/maria');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your profile is ready' })).toBeInTheDocument();
    expect(patches[1]).toMatchObject({ origin: 'registration-flow', social_twitter: 'https://x.com/maria', social_linkedin: null });
  });

  it('skips the social step without saving what was typed', async () => {
    const patches = signedInWithSkills();
    await toSocialStep();
    await userEvent.type(screen.getByLabelText('ORCID'), 'half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Your profile is ready' })).toBeInTheDocument();
    expect(patches).toHaveLength(1);
  });

  it('puts server field errors on their fields', async () => {
    signedInAs(newcomer({ title: 'Analyst', country: 'Kenya' }, { group_profile: groupProfile }));
    server.use(
      http.patch('*/api/v1/users/profile/', () =>
        HttpResponse.json({ field_errors: { title: ['Ensure this field has no more than 200 characters.'] } }, { status: 400 }),
      ),
    );
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the form, about 30 seconds' }));
    await userEvent.type(await screen.findByRole('combobox', { name: /^Institution/ }), 'Strathmore');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Ensure this field has no more than 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it("says 'Could not update profile' when the save fails without an answer to show", async () => {
    signedInAs(newcomer({ title: 'Analyst', country: 'Kenya' }, { group_profile: groupProfile }));
    server.use(http.patch('*/api/v1/users/profile/', () => HttpResponse.json({ detail: 'Internal error' }, { status: 500 })));
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the form, about 30 seconds' }));
    await userEvent.type(await screen.findByRole('combobox', { name: /^Institution/ }), 'Strathmore');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Could not update profile')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('asks the basics after an import: job function for role 3, stage 1 for a high-school student', async () => {
    const patches = signedInAs(newcomer({ resume: '/media/r.pdf', title: 'Engineer' }));
    renderApp('/registration');
    expect(await screen.findByRole('heading', { name: 'About your career' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Job function/ })).not.toBeInTheDocument();
    await choose('Current role', 'Working professional');
    expect(await screen.findByRole('combobox', { name: /^Job function/ })).toBeInTheDocument();
    await choose('Current role', 'High school student');
    expect(screen.queryByRole('combobox', { name: /^Job function/ })).not.toBeInTheDocument();
    const stage = screen.getByRole('combobox', { name: /^Career stage/ });
    expect(stage).toHaveTextContent('High school student');
    expect(stage).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('combobox', { name: /^Reasons to join/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Learn AI skills' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: /^Services you are interested in/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mentorship' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your profile is ready' })).toBeInTheDocument();
    expect(patches[0]).toEqual({
      origin: 'registration-flow',
      current_role: 1,
      career_stage: 1,
      career_stage_extra: null,
      professional_field: null,
      professional_field_extra: null,
      reason_to_join: [1],
      reason_to_join_extra: null,
      interested_services: [1],
    });
  });

  it('clears the reasons to join when the career stage changes', async () => {
    signedInAs(newcomer({ resume: '/media/r.pdf' }));
    renderApp('/registration');
    await screen.findByRole('heading', { name: 'About your career' });
    await choose('Career stage', 'College student');
    await userEvent.click(screen.getByRole('combobox', { name: /^Reasons to join/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Find a job' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: /^Reasons to join/ })).toHaveTextContent('Find a job');
    await choose('Career stage', 'Early professional');
    expect(screen.getByRole('combobox', { name: /^Reasons to join/ })).not.toHaveTextContent('Find a job');
  });

  it('after a LinkedIn import succeeds, waits 2 seconds and shows the completion screen', async () => {
    signedInAs(newcomer());
    let polls = 0;
    server.use(
      http.post('*/api/v1/update-profile-linkedin/', () =>
        HttpResponse.json(
          {
            data: { id: 9, source: 'linkedin', status: 'queued', fields: [], error: null, created_at: '', finished_at: null },
            message: 'The information will be updated in a few seconds.',
          },
          { status: 202 },
        ),
      ),
      http.get('*/api/v1/profile-imports/9/', () => {
        polls += 1;
        return HttpResponse.json({
          data: { id: 9, source: 'linkedin', status: 'done', fields: ['title'], error: null, created_at: '', finished_at: '' },
        });
      }),
    );
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Import from LinkedIn, about 10 seconds' }));
    await userEvent.type(await screen.findByLabelText('LinkedIn profile URL'), 'https://www.linkedin.com/in/maria');
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    expect(await screen.findByText('The information will be updated in a few seconds.')).toBeInTheDocument();
    await waitFor(() => expect(polls).toBe(1));
    // The 2-second pause before the completion screen.
    expect(screen.queryByRole('heading', { name: 'Your profile is ready' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your profile is ready' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText(/filled in from your LinkedIn page/)).toBeInTheDocument();
  });

  it('says why an import failed and offers the form instead', async () => {
    signedInAs(newcomer());
    server.use(
      http.post('*/api/v1/update-profile-linkedin/', () =>
        HttpResponse.json(
          { data: { id: 3, source: 'linkedin', status: 'queued', fields: [], error: null, created_at: '', finished_at: null } },
          { status: 202 },
        ),
      ),
      http.get('*/api/v1/profile-imports/3/', () =>
        HttpResponse.json({
          data: { id: 3, source: 'linkedin', status: 'failed', fields: [], error: 'Could not fetch Info from Linkedin', created_at: '', finished_at: '' },
        }),
      ),
    );
    renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Import from LinkedIn, about 10 seconds' }));
    await userEvent.type(await screen.findByLabelText('LinkedIn profile URL'), 'https://www.linkedin.com/in/maria');
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not fetch Info from Linkedin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fill in the form instead' }));
    expect(await screen.findByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
  });

  it('sends a user with nothing left to ask home', async () => {
    signedInAs(newcomer({ institution: 4, institution_name: 'Strathmore' }, { group_profile: groupProfile }));
    const { router } = renderApp('/registration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
