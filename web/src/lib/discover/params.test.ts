import { describe, expect, it } from 'vitest';
import { circlesQuery, compact, eventsQuery, leadersQuery } from './params';
import { suggestionParams } from './connect';

const qs = (value: string) => new URLSearchParams(value);

describe('list pages to API parameters', () => {
  it('maps the circles address onto GET /circles/', () => {
    expect(
      compact(
        circlesQuery(
          qs('q=%20ai%20&page=2&circle_status=1,2&weeks=4&countries=Spain&complexity_level=beginner&learning_modality=online&starting_month=2027-03&usecase_id=5'),
        ),
      ),
    ).toEqual({
      search: 'ai',
      page: 2,
      page_size: 9,
      circle_status: '1,2',
      weeks: '4',
      countries: 'Spain',
      complexity_level: 'beginner',
      learning_modality: 'online',
      starting_month: '2027-03',
      use_cases: '5',
    });
  });

  it('sends no search under 2 trimmed characters and no all filters', () => {
    expect(compact(circlesQuery(qs('q=%20a%20&weeks=all')))).toEqual({ page: 1, page_size: 9 });
  });

  it('maps events and circle leaders', () => {
    expect(compact(eventsQuery(qs('career_stages=1&professional_fields=4&topic_areas=3&countries=Kenya')))).toEqual({
      page: 1,
      page_size: 9,
      career_stages: '1',
      professional_fields: '4',
      topic_areas: '3',
      countries: 'Kenya',
    });
    expect(compact(leadersQuery(qs('q=ana&topic_areas=3&professional_fields=4&job_functions=2')))).toEqual({
      search: 'ana',
      page: 1,
      page_size: 9,
      topic_area: '3',
      professional_field: '4',
      job_function: '2',
    });
  });

  it('asks You May Know by country plus us, else department, else e', () => {
    expect(suggestionParams({ country: 'Kenya' })).toEqual({ type: 'user', page_size: 8, country: 'Kenya,us' });
    expect(suggestionParams({ department: 'Physics' })).toEqual({
      type: 'user',
      page_size: 8,
      extra_info: '{"department":"Physics"}',
    });
    expect(suggestionParams({})).toEqual({ type: 'user', page_size: 8, search: 'e' });
  });
});
