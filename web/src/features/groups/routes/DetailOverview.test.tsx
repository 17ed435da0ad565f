import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { groupFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

describe('circle overview', { timeout: 20_000 }, () => {
  it('shows the linked use cases as cards opening their pages', async () => {
    serveGroups({
      groups: [
        groupFixture({
          use_cases: ['5'],
          use_cases_detailed: [
            {
              id: 5,
              slug: 'summarise-meeting-notes',
              title: 'Summarise meeting notes',
              description: '<p>Less <strong>typing</strong>.</p>',
              thumbnail_image: null,
            },
          ],
        }),
      ],
    });
    renderApp('/circle/ai-foundations');
    const section = await screen.findByRole('region', { name: 'Linked use cases' });
    const card = within(section).getByRole('link', { name: /Summarise meeting notes/ });
    expect(card).toHaveAttribute('href', '/circles?usecase_id=5');
    expect(within(card).getByText('Less typing.')).toBeInTheDocument();
  });

  it('shows no use-case section when none are linked (or the server does not send them)', async () => {
    serveGroups({ groups: [groupFixture()] });
    renderApp('/circle/ai-foundations');
    expect(await screen.findByRole('region', { name: 'Description' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Linked use cases' })).not.toBeInTheDocument();
  });
});
