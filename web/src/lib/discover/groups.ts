// Circles and events lists, the site's organization and one group
// (the groups API contract (now in openapi.json) "Calls").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { compact, type CirclesAddressQuery, type CirclesParams, type EventsParams, type Loose } from './params';
import { fetchGroup, toGroup, toGroupPage } from '../groups/groups';
import type { Group, Paged } from './types';

/** GET /circles/?… (see params.ts circlesQuery). */
export function circlesListQuery(query: CirclesAddressQuery) {
  // weeks, learning_modality and complexity_level go as the address has them (params.ts AsText).
  const params = compact<CirclesAddressQuery>(query) as CirclesParams;
  return queryOptions({
    queryKey: ['discover', 'circles', params],
    queryFn: async ({ signal }): Promise<Paged<Group>> =>
      toGroupPage(await unwrap(api.GET('/api/v1/circles/', { params: { query: params }, signal }))),
    placeholderData: keepPreviousData,
  });
}

export function useCirclesList(query: CirclesAddressQuery) {
  return useQuery(circlesListQuery(query));
}

/** GET /events/?… (see params.ts eventsQuery). */
export function eventsListQuery(query: Loose<EventsParams>) {
  const params = compact<EventsParams>(query);
  return queryOptions({
    queryKey: ['discover', 'events', params],
    queryFn: async ({ signal }): Promise<Paged<Group>> =>
      toGroupPage(await unwrap(api.GET('/api/v1/events/', { params: { query: params }, signal }))),
    placeholderData: keepPreviousData,
  });
}

export function useEventsList(query: Loose<EventsParams>) {
  return useQuery(eventsListQuery(query));
}

/** GET /groups/default/: the site's organization. */
export const defaultGroupQuery = queryOptions({
  queryKey: ['discover', 'default-group'],
  queryFn: async ({ signal }): Promise<Group> =>
    toGroup((await unwrap(api.GET('/api/v1/groups/default/', { signal }))).data),
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
