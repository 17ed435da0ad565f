// Test helpers for the list pages: group fixtures, paged answers, and MSW handlers that record
// the query strings the pages send.
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../test/server';
import { configFixture } from '../../test/fixtures';
import { lifecycleFixture } from '../../test/groupFixtures';
import type { Group, Paged } from '../../lib/discover/types';

export function paged<T>(items: T[], count = items.length): Paged<T> {
  return { data: items, pagination: { count, next: null } };
}

export function groupFixture(overrides: Partial<Group> = {}): Group {
  return {
    id: 101,
    name: 'Prompt Engineering Circle',
    name_slug: 'prompt-engineering-circle',
    group_type: 'circle',
    description: '<p>Learn to write <strong>prompts</strong> that work.</p>',
    countries: ['Spain'],
    topics_detailed: [{ id: 1, name: 'Generative AI' }],
    start_date: '2027-03-01',
    end_date: '2027-03-29',
    is_paid: false,
    price: null,
    commitment_time: 4,
    lifecycle: lifecycleFixture('application_open'),
    membership_status: null,
    ...overrides,
  };
}

/** The query strings of the calls a handler saw, newest last. */
export type Seen = URLSearchParams[];

/** Answers GET `path` with `answer(query)` and records every query string. */
export function serveList<T>(path: string, answer: (query: URLSearchParams) => Paged<T>): Seen {
  const seen: Seen = [];
  server.use(
    http.get(`*/api/v1/${path}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(query);
      return HttpResponse.json(answer(query));
    }),
  );
  return seen;
}

/** The option lists and topic areas the filters read. */
export function serveFilterOptions() {
  const options = {
    ...configFixture().options,
    professional_fields: [{ value: 4, label: 'Data Science' }],
    job_functions: [{ value: 2, label: 'Engineering' }],
  };
  server.use(
    http.get('*/api/v1/options-config/', () => HttpResponse.json({ data: options })),
    http.get('*/api/v1/topic-areas/', () => HttpResponse.json(paged([{ id: 3, name: 'Artificial Intelligence' }]))),
  );
}

/** Drops current_org and the page size, so tests compare what a page chose. */
export function chosen(query: URLSearchParams | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  query?.forEach((value, key) => {
    if (key !== 'current_org') result[key] = value;
  });
  return result;
}

/**
 * Opens the filter select named `label` with one tap and picks `option`. The first open of a
 * page's select may wait for MUI's select to download (components/forms/SelectField), hence the
 * patient wait for the option; the tap itself is never repeated.
 */
export async function pickOption(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }, { timeout: 5000 }));
}
