// Bookmarks of jobs, shown as favourites (spec 002 §3 "Bookmark", §7 "Bookmarks"):
// POST /bookmark/job/{id}/, DELETE /unbookmark/job/{id}/, GET /bookmark/job/ (10 a page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { JOBS_KEY } from './jobs';
import type { BookmarkAnswer } from './types';

/** Favourites tables show 10 a page (spec 002 §7 "Favourites fetch", §9 "tables 10 per page"). */
export const FAVOURITES_PAGE_SIZE = 10;

export function bookmarkJob(id: number): Promise<BookmarkAnswer> {
  return unwrap(api.POST('/api/v1/bookmark/{type}/{id}/', { params: { path: { type: 'job', id } } }));
}

export function unbookmarkJob(id: number): Promise<BookmarkAnswer> {
  return unwrap(api.DELETE('/api/v1/unbookmark/{type}/{id}/', { params: { path: { type: 'job', id } } }));
}

type Favourites = components['schemas']['Favourites'];
type JobPage = components['schemas']['Page_JobView'];

/**
 * SCHEMA-GAP: GET /api/v1/bookmark/{type}/ documents its answer as a union of four pages
 * (jobs, AI tools, use cases, groups) for any `type`; the server answers Page_JobView for `job`.
 */
function asJobPage(page: Favourites): JobPage {
  return page as JobPage;
}

/** GET /bookmark/job/?page=…: the caller's favourite jobs, most recently bookmarked first. Kept under the jobs key, so a bookmark change refreshes it with the board. */
export function favouriteJobsQuery(page: number) {
  return queryOptions({
    queryKey: [...JOBS_KEY, 'favourites', page],
    queryFn: async ({ signal }) =>
      asJobPage(
        await unwrap(
          api.GET('/api/v1/bookmark/{type}/', {
            params: { path: { type: 'job' }, query: { page, page_size: FAVOURITES_PAGE_SIZE } },
            signal,
          }),
        ),
      ),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useFavouriteJobs(page: number) {
  return useQuery(favouriteJobsQuery(page));
}
