import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import type { AgentView } from './api';
import { guestStartIndex, memberStartIndex, personalInfoErrors } from './components/guest/guestRules';

/** AIRA as a visitor sees it: registration, profile source, career information, one slider, the invitation, the report. */
function guestAgent(overrides: Partial<AgentView> = {}): AgentView {
  return {
    id: 1,
    name: 'AI Readiness Assessment',
    slug: 'aira',
    agent_type: 'careergps',
    is_premium: false,
    can_chat: false,
    description: '',
    extra_info: { show_stepper: true, prompts: [] },
    usage_count: null,
    resume_step: null,
    steps: [
      { order: 1, extra_info: { type: 'career_information', header_text: 'Tell us about your career', next_text: 'Next' } },
      {
        order: 2,
        extra_info: {
          type: 'custom_form',
          header_text: 'Your AI journey so far',
          next_text: 'See my score',
          questions: [{ id: 'aw_familiar', label: 'How familiar are you with AI?', type: 'slider', required: true }],
        },
      },
      { order: 3, extra_info: { type: 'aira_report_generation', header_text: 'Your AI readiness report', next_text: 'Finish' } },
    ],
    flow: [
      { order: 1, type: 'registration', is_input: true },
      { order: 1, type: 'unauth_profile_source', is_input: true },
      { order: 1, type: 'career_information', is_input: false },
      { order: 2, type: 'custom_form', is_input: false },
      { order: 3, type: 'redirect_to_signup', is_input: true },
      { order: 3, type: 'aira_report_generation', is_input: false },
    ],
    ...overrides,
  } as AgentView;
}

function serve(agent: AgentView) {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/v1/agents/slug/:slug/', () => HttpResponse.json({ data: agent })),
    http.post('*/api/v1/agents/process/:agent/:step/', async ({ request, params }) => {
      sent.push({ path: `${String(params.agent)}/${String(params.step)}`, body: await request.json() });
      const step = Number(params.step);
      return HttpResponse.json({ data: { run_id: 5, step, status: 'in_progress', next_step: step + 1 } });
    }),
  );
  return sent;
}

const trial = () => identityHandler(identityFixture({ is_trial_user: true, is_verified: false }));

describe('guest rules', () => {
  it('checks the personal information with the spec messages', () => {
    expect(personalInfoErrors({ first_name: ' ', last_name: '', email: '', country: '' })).toEqual({
      first_name: 'Required',
      last_name: 'Required',
      email: 'Required',
      country: 'Required',
    });
    expect(personalInfoErrors({ first_name: 'A', last_name: 'B', email: 'nope', country: 'United States' })).toEqual({
      email: 'Invalid email address',
    });
  });

  it('starts where the visitor stands', () => {
    const agent = guestAgent();
    expect(guestStartIndex(agent, false)).toBe(0);
    expect(guestStartIndex(agent, true)).toBe(1);
    expect(guestStartIndex({ ...agent, resume_step: 3 }, true)).toBe(4);
    expect(memberStartIndex(agent.steps, 3)).toBe(2);
    expect(memberStartIndex(agent.steps, null)).toBe(0);
  });
});

describe('a visitor on an agent page', { timeout: 20_000 }, () => {
  it('registers on Personal Information (country United States at first) and goes on to the profile source', async () => {
    serve(guestAgent());
    let registered: unknown = null;
    server.use(
      http.post('*/api/v1/register-career-gps/', async ({ request }) => {
        registered = await request.json();
        server.use(trial());
        return HttpResponse.json({ data: { access_token: 'trial-access', refresh_token: 'trial-refresh' } }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/careergps/aira');
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Profile Source' })).toBeInTheDocument();
    expect(registered).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country: 'United States' });
    expect(localStorage.getItem('accessToken')).toBe('trial-access');
  });

  it('sends someone with an account to log in', async () => {
    serve(guestAgent());
    const message = 'You already have an account with us. Please log in to access CareerGPS Assessment.';
    server.use(
      http.post('*/api/v1/register-career-gps/', () =>
        HttpResponse.json({ status: 'active', detail: message, message, code: 'ACCOUNT_EXISTS' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/careergps/aira');
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/careergps/aira')}`);
  });

  it('asks a trial account for a LinkedIn URL or a resume, then for career information', async () => {
    signIn('trial-access');
    server.use(trial());
    serve(guestAgent());
    let uploaded = false;
    server.use(
      http.post('*/api/v1/upload-resume/', () => {
        uploaded = true;
        return HttpResponse.json(
          { data: { id: 3, name: 'ada.pdf', url: '/media/a.pdf', size: 10 }, message: 'Successfully uploaded resume', import: { id: 8, status: 'queued' } },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/careergps/aira');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile Source' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Resume file is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('LinkedIn URL is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF-1.4'], 'ada.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tell us about your career' })).toBeInTheDocument();
    expect(uploaded).toBe(true);
    expect(screen.getByRole('form', { name: 'Career Information' })).toBeInTheDocument();
  });

  it('answers the questions, then meets the sign-up invitation that comes back to the page', async () => {
    signIn('trial-access');
    server.use(trial());
    const sent = serve(guestAgent({ resume_step: 2 }));
    const user = userEvent.setup();
    renderApp('/careergps/aira');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your AI journey so far' })).toBeInTheDocument();
    screen.getByRole('slider').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'See my score' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign Up' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: '1/2', body: { user_response: { aw_familiar: 2 } } }]);
    expect(screen.getByText('Sign up to see your report')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signup?next=${encodeURIComponent('/careergps/aira')}`);
  });

  it('a member who signed up goes on at the report step of the run', async () => {
    signIn();
    const sent = serve(guestAgent({ resume_step: 3, flow: [] }));
    server.use(
      http.post('*/api/v1/agents/process/:agent/:step/', () =>
        HttpResponse.json({ data: { run_id: 5, step: 3, status: 'completed', next_step: null, report_id: 9, report_slug: 'aira-1' } }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/careergps/aira');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your AI readiness report' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/careergps-report/aira-1'));
    expect(sent).toEqual([]);
  });
});
