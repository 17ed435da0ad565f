// The career tips' calls (spec 002 §7 "Career tips"): the site's approved tips, the caller's
// own, a group's, one by slug, create, edit, delete and approve/reject. The lists and pages
// are cached under the vote button's keys (`careertip`), so a vote shows everywhere at once.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { itemKey, listKey } from '../../../lib/queryKeys';
import type { components, operations } from '../../../lib/api/schema';
import { isNotFound } from './contents';
import { TIP_PAGE_SIZE } from '../tipRules';

export type CareerTip = components['schemas']['CareerTipView'];

/** Which list: the site's approved tips, the caller's own (every status), or one group's. */
export type TipScope = { kind: 'all' } | { kind: 'mine' } | { kind: 'group'; groupId: number };

export interface TipListQuery {
  page: number;
  search?: string;
  /** pending, approved or rejected: honoured for moderators only (the server's rule). */
  status?: string;
}

type TipParams = NonNullable<operations['all_tips']['parameters']['query']>;

/** GET /career-tips/ (mine), /career-tips/group/{id}/ (a group's) or /all-career-tips/. */
function fetchTips(scope: TipScope, query: TipParams, signal: AbortSignal) {
  if (scope.kind === 'mine') return unwrap(api.GET('/api/v1/career-tips/', { params: { query }, signal }));
  if (scope.kind === 'group') {
    return unwrap(api.GET('/api/v1/career-tips/group/{id}/', { params: { path: { id: scope.groupId }, query }, signal }));
  }
  return unwrap(api.GET('/api/v1/all-career-tips/', { params: { query }, signal }));
}

export function useCareerTips(scope: TipScope, query: TipListQuery, enabled = true) {
  const params: TipParams = { page: query.page, page_size: TIP_PAGE_SIZE };
  if (query.search && query.search.length >= 2) params.search = query.search;
  if (query.status) params.status = query.status;
  return useQuery({
    queryKey: [...listKey('careertip'), scope, params],
    queryFn: ({ signal }) => fetchTips(scope, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /all-career-tips/slug/{slug}/ (the detail page). */
export function useCareerTip(slug: string) {
  return useQuery({
    queryKey: [...itemKey('careertip'), slug],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/all-career-tips/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    meta: { silent: true },
    retry: (count: number, error: unknown) => !isNotFound(error) && count < 1,
  });
}

export function useRefreshTips() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: listKey('careertip') }),
      client.invalidateQueries({ queryKey: itemKey('careertip') }),
    ]);
}

export type TipAnswer = components['schemas']['CareerTipAnswer'];

export function createTip(body: { content: string; group?: number | null }) {
  return unwrap(api.POST('/api/v1/career-tips/', { body }));
}

export function updateTip(id: number, body: { content: string }) {
  return unwrap(api.PATCH('/api/v1/career-tips/{id}/', { params: { path: { id } }, body }));
}

export function deleteTip(id: number) {
  return unwrap(api.DELETE('/api/v1/career-tips/{id}/', { params: { path: { id } } }));
}

/** POST /career-tips/{id}/approve-reject/: the answer's message is the toast. */
export function moderateTip(id: number, action: 'approve' | 'reject') {
  return unwrap(api.POST('/api/v1/career-tips/{id}/approve-reject/', { params: { path: { id } }, body: { action } }));
}
