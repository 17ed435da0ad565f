import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { agentFixture, reportFixture } from './testing';
import type { AgentView } from './api';

interface Sent {
  path: string;
  body: { user_response: unknown };
}

/** The agent and its step answers; `answer` decides each POST's reply. */
function serveAgent(agent: AgentView, answer: (order: number, call: number) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  server.use(
    http.get('*/api/v1/agents/slug/:slug/', ({ params }) =>
      params.slug === agent.slug ? HttpResponse.json({ data: agent }) : HttpResponse.json({ detail: 'No agent found' }, { status: 404 }),
    ),
    http.post('*/api/v1/agents/process/:agent/:step/', async ({ request, params }) => {
      const body = (await request.json()) as Sent['body'];
      sent.push({ path: `${String(params.agent)}/${String(params.step)}`, body });
      return answer(Number(params.step), sent.length);
    }),
    http.get('*/api/v1/agents/report/slug/:slug/', () => HttpResponse.json({ data: reportFixture() })),
  );
  return sent;
}

const ok = (step: number, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ data: { run_id: 5, step, status: 'in_progress', next_step: step + 1, ...extra } });

describe('the agent page', { timeout: 20_000 }, () => {
  it('takes guests through the visitor flow, starting with Personal Information', async () => {
    serveAgent(
      agentFixture({
        flow: [
          { order: 1, type: 'registration', is_input: true },
          { order: 1, type: 'career_information', is_input: false },
        ],
      }),
      (order) => ok(order),
    );
    renderApp('/careergps/interest-explorer');
    expect(await screen.findByRole('heading', { name: 'Personal Information', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('runs every step, with Back, and opens the report after the report step', async () => {
    signIn();
    const user = userEvent.setup();
    const sent = serveAgent(agentFixture(), (order) =>
      order === 3
        ? HttpResponse.json({
            data: { run_id: 5, step: 3, status: 'completed', next_step: null, report_id: 41, report_slug: 'interest-explorer-1a2b3c' },
          })
        : ok(order),
    );
    const { router } = renderApp('/careergps/interest-explorer');
    expect(await screen.findByRole('heading', { name: 'Interest Explorer', level: 1 })).toBeInTheDocument();
    // The stepper names the three steps.
    expect(screen.getAllByText('Tell us about your career').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Your interests', level: 2 })).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: '7/1', body: { user_response: {} } });

    // Back returns one step and Next comes again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Tell us about your career', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Your interests', level: 2 });

    await user.click(screen.getByRole('checkbox', { name: 'Data' }));
    await user.click(screen.getByRole('checkbox', { name: 'People' }));
    await user.click(screen.getByRole('radio', { name: 'In a team' }));
    expect(screen.getByText('Not ready')).toBeInTheDocument();
    expect(screen.getByText('Ready now')).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'How ready are you for a change? *' });
    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await user.type(screen.getByRole('textbox', { name: 'Which role do you want next?' }), 'Data analyst');
    await user.click(screen.getByRole('button', { name: 'Explore my interests' }));

    await screen.findByRole('heading', { name: 'Your report', level: 2 });
    expect(sent.at(-1)).toEqual({
      path: '7/2',
      body: {
        user_response: { interest_areas: ['Data', 'People'], work_style: 'In a team', change_readiness: 2, target_role: 'Data analyst' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/careergps-report/interest-explorer-1a2b3c'));
    expect(sent.at(-1)).toEqual({ path: '7/3', body: { user_response: null } });
    expect(await screen.findByRole('heading', { name: 'Interest Explorer Report', level: 1 })).toBeInTheDocument();
  });

  it("shows the server's errors on their questions", async () => {
    signIn();
    const user = userEvent.setup();
    serveAgent(agentFixture(), (order) =>
      order === 2
        ? HttpResponse.json(
            { detail: 'Invalid', field_errors: { 'answers.work_style': ['Choose one of the options.'], 'answers.interest_areas': ['This answer is required.'] } },
            { status: 400 },
          )
        : ok(order),
    );
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Explore my interests' }));
    const radios = await screen.findByRole('radiogroup');
    const workStyle = radios.closest('fieldset') as HTMLElement;
    expect(await within(workStyle).findByText('Choose one of the options.')).toBeInTheDocument();
    const interests = screen.getByText('Which areas interest you? *').closest('fieldset') as HTMLElement;
    expect(within(interests).getByText('This answer is required.')).toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted answers.')).toBeInTheDocument();
  });

  it('shows a loading text while processing, then the failure with Retry', async () => {
    signIn();
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent = serveAgent(agentFixture(), async (order, call) => {
      if (call === 1) {
        await gate;
        return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      }
      return ok(order);
    });
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Processing…');
    release();
    expect(
      await screen.findByText('There is some issue in processing your request. Please try again in a few moments.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your interests', level: 2 })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('offers Skip on a skippable step without sending it', async () => {
    signIn();
    const user = userEvent.setup();
    const agent = agentFixture();
    agent.steps[1]!.extra_info.skippable = true;
    const sent = serveAgent(agent, (order) => ok(order));
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    // The new step's heading takes the focus, for keyboard and screen reader users.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your report', level: 2 })).toHaveFocus());
    expect(sent.map((s) => s.path)).toEqual(['7/1']);
  });

  it('names an unknown step type', async () => {
    signIn();
    const agent = agentFixture({
      // A type a newer server may send and this page does not know.
      steps: [{ order: 1, extra_info: { type: 'mystery_step' as 'checklist', header_text: 'Pick groups' } }],
    });
    serveAgent(agent, (order) => ok(order));
    renderApp('/careergps/interest-explorer');
    expect(await screen.findByText('Unknown step type: mystery_step')).toBeInTheDocument();
  });

  it('offers the recommended circles on a group checklist and sends the chosen ids', async () => {
    signIn();
    const user = userEvent.setup();
    const agent = agentFixture({
      steps: [
        { order: 1, extra_info: { type: 'group_checklist', header_text: 'Pick circles to join' } },
        { order: 2, extra_info: { type: 'report_generation', header_text: 'Your report' } },
      ],
    });
    const sent = serveAgent(agent, (order) => ok(order));
    server.use(
      http.get('*/api/v1/group-recommendations/', () =>
        HttpResponse.json({
          data: [
            { id: 41, type: 'circle', name: 'Prompt Engineering Practice Circle', reason: 'Shares Prompt engineering' },
            { id: 42, type: 'event', name: 'Future of Work Conference', reason: 'In your country' },
          ],
        }),
      ),
    );
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('checkbox', { name: /Prompt Engineering Practice Circle/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ user_response: [41] });
  });

  it('shows the usage limit banner with Hire CareerGPS', async () => {
    signIn();
    const user = userEvent.setup();
    serveAgent(agentFixture(), () =>
      HttpResponse.json(
        { detail: 'You have used CareerGPS 3 times this month.', code: 'USAGE_LIMIT_REACHED' },
        { status: 403 },
      ),
    );
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('You have used CareerGPS 3 times this month.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hire CareerGPS' })).toHaveAttribute('href', '/membership');
  });

  it('shows an upgrade card without premium, and the profile message', async () => {
    signIn();
    const user = userEvent.setup();
    let code = 'NO_PREMIUM_SUBSCRIPTION';
    serveAgent(agentFixture(), () =>
      HttpResponse.json(
        {
          detail: code === 'NO_PREMIUM_SUBSCRIPTION' ? 'This agent needs a premium membership.' : 'Complete at least 60% of your profile.',
          code,
        },
        { status: 403 },
      ),
    );
    renderApp('/careergps/interest-explorer');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to premium' })).toBeInTheDocument();
    expect(screen.getByText('This agent needs a premium membership.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/membership');

    code = 'PROFILE_INCOMPLETE';
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Complete at least 60% of your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade to premium' })).not.toBeInTheDocument();
  });

  it('says when the agent does not exist', async () => {
    signIn();
    serveAgent(agentFixture(), (order) => ok(order));
    renderApp('/careergps/nope');
    expect(await screen.findByText('No agent found')).toBeInTheDocument();
  });
});
