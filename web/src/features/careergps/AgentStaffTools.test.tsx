import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityFixture } from '../../test/fixtures';
import { identityHandler, server, signIn } from '../../test/server';
import { agentFixture } from './testing';

function serve(staff: boolean) {
  const agent = agentFixture({ extra_info: { show_stepper: false, prompts: [{ id: 'warm', name: 'Warm', prompt: 'Be warm.' }] } });
  const patches: unknown[] = [];
  server.use(
    identityHandler(identityFixture({ is_staff: staff })),
    http.get('*/api/v1/agents/slug/:slug/', () => HttpResponse.json({ data: agent })),
    http.patch('*/api/v1/agents/:id/', async ({ request }) => {
      const body = await request.json();
      patches.push(body);
      const prompt = (body as { extra_info: { prompts: { prompt: string }[] } }).extra_info.prompts[1]?.prompt ?? 'x';
      if (!prompt.trim()) {
        return HttpResponse.json(
          { detail: 'This field is required.', message: 'This field is required.', field_errors: { 'extra_info.prompts.1.prompt': ['This field is required.'] } },
          { status: 400 },
        );
      }
      return HttpResponse.json({ data: {}, message: 'Agent prompts updated successfully.' });
    }),
  );
  return patches;
}

describe('staff tools on the agent page', { timeout: 20_000 }, () => {
  it('are hidden from members', async () => {
    serve(false);
    signIn();
    renderApp('/careergps/interest-explorer');
    expect(await screen.findByRole('heading', { name: 'Interest Explorer', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit prompts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download log' })).not.toBeInTheDocument();
  });

  it('let staff add a prompt option, choose it for a step and save', async () => {
    const patches = serve(true);
    signIn();
    const user = userEvent.setup();
    renderApp('/careergps/interest-explorer');
    const edit = await screen.findByRole('button', { name: 'Edit prompts' });
    expect(screen.getByRole('button', { name: 'Download log' })).toBeInTheDocument();
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Prompts of Interest Explorer' });
    await user.click(within(dialog).getByRole('button', { name: 'Add prompt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    const prompts = within(dialog).getAllByRole('textbox', { name: 'Prompt' });
    await user.type(prompts[1]!, 'Be brief.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const last = patches.at(-1) as { extra_info: { prompts: { id: string; prompt: string }[] }; steps: { order: number }[] };
    expect(last.extra_info.prompts.map((p) => p.prompt)).toEqual(['Be warm.', 'Be brief.']);
    expect(last.steps.map((s) => s.order)).toEqual([1, 2, 3]);
  });
});
