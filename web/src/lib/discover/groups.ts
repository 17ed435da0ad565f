// Circles and events lists, the site's organization and one group
// (the groups API contract (now in openapi.json) "Calls").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import { compact, type Query } from './params';
import { fetchGroup } from '../groups/groups';
import type { Group, Paged } from './types';

/** GET /circles/?… (see params.ts circlesQuery). */
export function circlesListQuery(query: Query) {
  const params = compact(query);
  return queryOptions({
    queryKey: ['discover', 'circles', params],
    queryFn: ({ signal }) => apiRequest<Paged<Group>>('GET', '/api/v1/circles/', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCirclesList(query: Query) {
  return useQuery(circlesListQuery(query));
}

/** GET /events/?… (see params.ts eventsQuery). */
export function eventsListQuery(query: Query) {
  const params = compact(query);
  return queryOptions({
    queryKey: ['discover', 'events', params],
    queryFn: ({ signal }) => apiRequest<Paged<Group>>('GET', '/api/v1/events/', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEventsList(query: Query) {
  return useQuery(eventsListQuery(query));
}

/** GET /groups/default/: the site's organization. */
export const defaultGroupQuery = queryOptions({
  queryKey: ['discover', 'default-group'],
  queryFn: async ({ signal }) => (await apiRequest<{ data: Group }>('GET', '/api/v1/groups/default/', { signal })).data,
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

export function useDefaultGroup(enabled = true) {
  return useQuery({ ...defaultGroupQuery, enabled });
}

export const groupKey = (id: number) => ['discover', 'group', id] as const;

/** GET /groups/{id}/: the whole group (its questions, lifecycle and the caller's membership), as the group pages read it. */
export function groupQuery(id: number) {
  return queryOptions({
    queryKey: groupKey(id),
    queryFn: ({ signal }) => fetchGroup(id, signal),
    meta: { silent: true },
  });
}

export function useGroup(id: number | null) {
  return useQuery({ ...groupQuery(id ?? 0), enabled: id !== null });
}
