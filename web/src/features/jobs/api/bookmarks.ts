// Bookmarks of jobs, shown as favourites (spec 002 §3 "Bookmark", §7 "Bookmarks"):
// POST /bookmark/job/{id}/, DELETE /unbookmark/job/{id}/, GET /bookmark/job/ (10 a page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import { JOBS_KEY } from './jobs';
import type { BookmarkAnswer, Job, Paged } from './types';

/** Favourites tables show 10 a page (spec 002 §7 "Favourites fetch", §9 "tables 10 per page"). */
export const FAVOURITES_PAGE_SIZE = 10;

export function bookmarkJob(id: number): Promise<BookmarkAnswer> {
  return apiRequest<BookmarkAnswer>('POST', `/api/v1/bookmark/job/${id}/`);
}

export function unbookmarkJob(id: number): Promise<BookmarkAnswer> {
  return apiRequest<BookmarkAnswer>('DELETE', `/api/v1/unbookmark/job/${id}/`);
}

/** GET /bookmark/job/?page=…: the caller's favourite jobs, most recently bookmarked first. Kept under the jobs key, so a bookmark change refreshes it with the board. */
export function favouriteJobsQuery(page: number) {
  return queryOptions({
    queryKey: [...JOBS_KEY, 'favourites', page],
    queryFn: ({ signal }) =>
      apiRequest<Paged<Job>>('GET', '/api/v1/bookmark/job/', { query: { page, page_size: FAVOURITES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useFavouriteJobs(page: number) {
  return useQuery(favouriteJobsQuery(page));
}
