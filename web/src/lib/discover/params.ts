// The list pages' address (q, page, filters) turned into the API's query parameters.
import { readList, readPage, readValue } from '../../components/lists/listParams';
import { searchText } from '../profile/topics';

export type Query = Record<string, string | number | boolean | null | undefined>;

export const CIRCLES_PAGE_SIZE = 9;
export const EVENTS_PAGE_SIZE = 9;
export const LEADERS_PAGE_SIZE = 9;
export const CONNECT_PAGE_SIZE = 12;
export const SUGGESTIONS_PAGE_SIZE = 8;

function list(params: URLSearchParams, key: string): string | null {
  const values = readList(params, key);
  return values.length ? values.join(',') : null;
}

/**
 * GET /circles/: search, page, page_size 9, circle_status (comma list), learning_modality,
 * complexity_level, starting_month, weeks, countries, use_cases (from usecase_id).
 */
export function circlesQuery(params: URLSearchParams): Query {
  return {
    search: searchText(params.get('q') ?? ''),
    page: readPage(params),
    page_size: CIRCLES_PAGE_SIZE,
    circle_status: list(params, 'circle_status'),
    learning_modality: readValue(params, 'learning_modality'),
    complexity_level: readValue(params, 'complexity_level'),
    starting_month: readValue(params, 'starting_month'),
    weeks: readValue(params, 'weeks'),
    countries: list(params, 'countries'),
    use_cases: readValue(params, 'usecase_id'),
  };
}

/** GET /events/: search, page, page_size 9, career_stages, professional_fields, topic_areas, countries. */
export function eventsQuery(params: URLSearchParams): Query {
  return {
    search: searchText(params.get('q') ?? ''),
    page: readPage(params),
    page_size: EVENTS_PAGE_SIZE,
    career_stages: list(params, 'career_stages'),
    professional_fields: list(params, 'professional_fields'),
    topic_areas: list(params, 'topic_areas'),
    countries: list(params, 'countries'),
  };
}

/** GET /circle-leaders/: search, page, page_size 9, topic_area, professional_field, job_function. */
export function leadersQuery(params: URLSearchParams): Query {
  return {
    search: searchText(params.get('q') ?? ''),
    page: readPage(params),
    page_size: LEADERS_PAGE_SIZE,
    topic_area: readValue(params, 'topic_areas'),
    professional_field: readValue(params, 'professional_fields'),
    job_function: readValue(params, 'job_functions'),
  };
}

/** Drops the parameters with no value, so query keys and URLs stay short. */
export function compact(query: Query): Query {
  const result: Query = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') result[key] = value;
  }
  return result;
}
