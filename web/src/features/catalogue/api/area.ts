// The calls of Favourites (/favorites) and My area (/my) (spec 002 §2 "Favourites and my
// content"): each section's own list, and every section's first page in one call.
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import type { Paged } from './catalogue';

type Schemas = components['schemas'];

export interface PageQuery {
  page: number;
  page_size: number;
}

/** A section's own list: one page of its items. */
export type Fetch<T> = (query: PageQuery, signal?: AbortSignal) => Promise<Paged<T>>;

/** The page GET /bookmark/{type}/ answers for each type. */
interface FavouritePages {
  usecase: Schemas['Page_UseCaseView'];
  aitool: Schemas['Page_AiToolView'];
  job: Schemas['Page_JobView'];
  group: Schemas['Page_GroupView'];
}

// SCHEMA-GAP: GET /api/v1/bookmark/{type}/ answers the page of its {type} (job, aitool, usecase,
// group); the document gives the union of the four (Favourites, anyOf), which the path parameter
// cannot narrow, so each favourite section names its own page of that union.
export function favourites<K extends keyof FavouritePages>(type: K, groupType?: 'circle' | 'event'): Fetch<FavouritePages[K]['data'][number]> {
  return async (query, signal) => {
    const answer = await unwrap(
      api.GET('/api/v1/bookmark/{type}/', { params: { path: { type }, query: { ...query, group_type: groupType } }, signal }),
    );
    return answer as FavouritePages[K];
  };
}

export const favouriteResources: Fetch<Schemas['ContentView']> = (query, signal) =>
  unwrap(api.GET('/api/v1/bookmark/resource/', { params: { query }, signal }));

export function myContents(types: 'resource' | 'post'): Fetch<Schemas['ContentView']> {
  return (query, signal) => unwrap(api.GET('/api/v1/contents/me/', { params: { query: { ...query, types } }, signal }));
}

export const myCircles: Fetch<Schemas['GroupView']> = (query, signal) => unwrap(api.GET('/api/v1/circles/me/', { params: { query }, signal }));
export const myJobs: Fetch<Schemas['JobView']> = (query, signal) => unwrap(api.GET('/api/v1/jobs/me/', { params: { query }, signal }));
export const myUseCases: Fetch<Schemas['UseCaseView']> = (query, signal) =>
  unwrap(api.GET('/api/v1/use_cases/me/', { params: { query }, signal }));
export const myAiTools: Fetch<Schemas['AiToolView']> = (query, signal) =>
  unwrap(api.GET('/api/v1/ai_tools/me/', { params: { query }, signal }));

/** Every section's first page in one call: GET /my-favourites/ or GET /my-items/ (3 each by default), by section key. */
export async function fetchOverviewPages(
  path: '/api/v1/my-favourites/' | '/api/v1/my-items/',
  signal?: AbortSignal,
): Promise<Record<string, Paged<unknown> | undefined>> {
  const init = { params: { query: { page_size: 3 } }, signal };
  const answer =
    path === '/api/v1/my-favourites/' ? await unwrap(api.GET(path, init)) : await unwrap(api.GET('/api/v1/my-items/', init));
  return answer.data;
}
