// The list pages' address (q, page, filters) turned into the API's query parameters.
import { readList, readPage, readValue } from '../../components/lists/listParams';
import { searchText } from '../profile/topics';
import type { operations } from '../api/schema';

/** An operation's query parameters as the schema has them. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** A query as the schema has it, where a screen may leave any parameter null or blank. */
export type Loose<T> = { [K in keyof T]?: T[K] | null };

/**
 * The filters read from the address as text and passed on as the address has them (the server
 * checks them): the schema types weeks as a number and the modality and level as fixed values.
 */
type AsText<T, K extends keyof T> = Omit<T, K> & { [P in K]?: string };

export type CirclesParams = QueryOf<'circles'>;
export type CirclesAddressQuery = Loose<AsText<CirclesParams, 'weeks' | 'learning_modality' | 'complexity_level'>>;
export type EventsParams = QueryOf<'events'>;
export type LeadersParams = QueryOf<'circle_leaders'>;

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
export function circlesQuery(params: URLSearchParams): CirclesAddressQuery {
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
export function eventsQuery(params: URLSearchParams): Loose<EventsParams> {
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
export function leadersQuery(params: URLSearchParams): Loose<LeadersParams> {
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
export function compact<T extends object>(query: Loose<T>): T {
  // Object.fromEntries loses the keys' types; the entries kept are the query's own.
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as T;
}
