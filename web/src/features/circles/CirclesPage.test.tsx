import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { chosen, groupFixture, paged, serveList } from '../../components/lists/testing';
import type { Group, LeaderApplication, Question } from '../../lib/discover/types';

const circles: Group[] = Array.from({ length: 9 }, (_, index) =>
  groupFixture({ id: 200 + index, name: `Circle ${index + 1}`, name_slug: `circle-${index + 1}` }),
);

interface World {
  circles?: Group[];
  count?: number;
  applications?: LeaderApplication[];
  questions?: Question[];
  organization?: Partial<Group>;
}

function application(id: number, status: string, createdAt: string): LeaderApplication {
  return { id, response: {}, application_status: status, created_at: createdAt, updated_at: createdAt, user: 1 };
}

/** The circles page's calls; returns the query strings GET /circles/ saw. */
function serveCircles(world: World = {}) {
  const list = world.circles ?? circles;
  const seen = serveList('circles/', () => paged(list, world.count ?? list.length));
  server.use(
    http.get('*/api/v1/leader-applications/', () => HttpResponse.json({ data: world.applications ?? [] })),
    http.get('*/api/v1/leader-certification-questions/', () => HttpResponse.json({ data: world.questions ?? [] })),
    http.get('*/api/v1/groups/default/', () =>
      HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization', extra_info: {}, ...world.organization }) }),
    ),
  );
  return seen;
}

describe('circles list', { timeout: 20_000 }, () => {
  it('shows nine circle cards with the card rules and pages through the rest', async () => {
    signIn();
    const seen = serveCircles({
      circles: [
        groupFixture({
          topics_detailed: [
            { id: 1, name: 'Generative AI' },
            { id: 2, name: 'Ethics' },
            { id: 3, name: 'Data' },
          ],
          countries: ['Spain', 'Kenya', 'Peru'],
          is_paid: true,
          price: '49.00',
          commitment_time: 6,
        }),
        ...circles.slice(1),
      ],
      count: 20,
    });
    const { router } = renderApp('/circles');
    expect(await screen.findByRole('heading', { name: 'Career Circle', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Circles' });
    // Nine circles and the request card.
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = within(list).getByRole('link', { name: /Prompt Engineering Circle/ });
    expect(first).toHaveAttribute('href', '/circle/prompt-engineering-circle');
    expect(within(first).getByText('Generative AI')).toBeInTheDocument();
    expect(within(first).getByText('Ethics')).toBeInTheDocument();
    expect(within(first).queryByText('Data')).not.toBeInTheDocument();
    expect(within(first).getByText('+1 more')).toBeInTheDocument();
    expect(within(first).getByText('Spain, Kenya +1 more')).toBeInTheDocument();
    expect(within(first).getByText('$49.00')).toBeInTheDocument();
    expect(within(first).getByText('6 weeks')).toBeInTheDocument();
    expect(within(first).getByText('Registration Open')).toBeInTheDocument();
    expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9' });

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ page: '2', page_size: '9' }));
  });

  it('keeps filters in the address, drops the page when one changes, and drops all', async () => {
    const seen = serveCircles();
    const { router } = renderApp('/circles?page=3&weeks=all');
    await screen.findByRole('list', { name: 'Circles' });
    expect(chosen(seen.at(-1))).toEqual({ page: '3', page_size: '9' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Weeks' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?weeks=4'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9', weeks: '4' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Complexity level' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Beginner' }));
    await waitFor(() => expect(router.state.location.search).toBe('?weeks=4&complexity_level=beginner'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Weeks' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?complexity_level=beginner'));
  });

  it('searches 500 ms after typing, only with at least 2 trimmed characters', async () => {
    const seen = serveCircles();
    const { router } = renderApp('/circles?page=2');
    await screen.findByRole('list', { name: 'Circles' });
    const box = screen.getByRole('searchbox', { name: 'Search circles' });
    await userEvent.type(box, ' a ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.type(box, 'i');
    await waitFor(() => expect(router.state.location.search).toBe('?q=a+i'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ search: 'a i', page: '1', page_size: '9' }));
    await userEvent.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('filters by lifecycle status as circle_status', async () => {
    const seen = serveCircles();
    const { router } = renderApp('/circles?page=2');
    await screen.findByRole('list', { name: 'Circles' });
    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'All',
      'Upcoming',
      'Registration Open',
      'Registration Closed',
      'Running',
      'Closed',
      'Archived',
    ]);
    await userEvent.click(within(status).getByRole('button', { name: 'Running' }));
    await waitFor(() => expect(router.state.location.search).toBe('?circle_status=4'));
    await userEvent.click(within(status).getByRole('button', { name: 'Upcoming' }));
    await waitFor(() => expect(router.state.location.search).toBe('?circle_status=1%2C4'));
    await waitFor(() => expect(chosen(seen.at(-1))).toMatchObject({ circle_status: '1,4' }));
    expect(within(status).getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(status).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends the chosen use case and clears it; an unknown one reads as its id', async () => {
    const seen = serveCircles();
    const lookups = serveList('use-cases/', () => paged([]));
    const { router } = renderApp('/circles?usecase_id=5');
    await screen.findByRole('list', { name: 'Circles' });
    expect(chosen(seen.at(-1))).toMatchObject({ use_cases: '5' });
    await waitFor(() => expect(lookups.at(-1)?.get('ids')).toBe('5'));
    expect(screen.getByText('Use case: #5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change use case' })).toHaveAttribute('href', '/usecase-selection?usecase_id=5');
    await userEvent.click(screen.getByRole('button', { name: 'Clear use case' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows guests How Circle Works and the empty state, without the leader application', async () => {
    serveCircles({ circles: [] });
    renderApp('/circles');
    expect(await screen.findByText('No Circles Available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How Circle Works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/signup?next=%2Fcircles');
    expect(screen.getByRole('link', { name: 'Browse Circle Leaders' })).toHaveAttribute('href', '/circle-leaders');
    expect(screen.queryByRole('button', { name: 'Apply for a Circle Leader' })).not.toBeInTheDocument();
  });

  it('hides How Circle Works from members', async () => {
    signIn();
    serveCircles();
    renderApp('/circles');
    await screen.findByRole('list', { name: 'Circles' });
    expect(await screen.findByRole('button', { name: 'Apply for a Circle Leader' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'How Circle Works' })).not.toBeInTheDocument();
  });
});

describe('leader application', { timeout: 20_000 }, () => {
  const questions: Question[] = [
    { id: 'text1', label: 'Why do you want to lead?', type: 'textarea', required: true, options: [] },
    { id: 'radio2', label: 'Have you led a group before?', type: 'radio', required: false, options: ['Yes', 'No'] },
    { id: 'text3', label: 'Anything else?', type: 'text', required: false, options: [] },
  ];

  it('reads Application under Review and is disabled while the latest application is pending', async () => {
    signIn();
    serveCircles({
      applications: [
        application(1, 'rejected', '2026-01-01T00:00:00Z'),
        application(2, 'pending', '2026-05-01T00:00:00Z'),
      ],
    });
    renderApp('/circles');
    expect(await screen.findByRole('button', { name: 'Application under Review' })).toBeDisabled();
  });

  it('answers, reviews with Not answered for blanks, confirms and submits', async () => {
    signIn();
    const world: World = { questions, applications: [] };
    serveCircles(world);
    let body: unknown;
    server.use(
      http.post('*/api/v1/leader-applications/', async ({ request }) => {
        body = await request.json();
        const submitted = application(3, 'pending', '2026-06-01T00:00:00Z');
        world.applications = [submitted];
        return HttpResponse.json({ data: submitted }, { status: 201 });
      }),
    );
    renderApp('/circles');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for a Circle Leader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a Circle Leader' });
    await within(dialog).findByRole('textbox', { name: /Why do you want to lead/ });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why do you want to lead/ }), 'To help others');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));

    const review = await screen.findByRole('dialog', { name: 'Review your application' });
    expect(within(review).getByText('To help others')).toBeInTheDocument();
    expect(within(review).getByText('Yes')).toBeInTheDocument();
    expect(within(review).getByText('Not answered')).toBeInTheDocument();

    await userEvent.click(within(review).getByRole('button', { name: 'Submit Application' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit your application?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Your application has been submitted successfully.')).toBeInTheDocument();
    expect(body).toEqual({ response: { text1: 'To help others', radio2: 'Yes', text3: '' } });
    expect(await screen.findByRole('button', { name: 'Application under Review' })).toBeDisabled();
  });
});
