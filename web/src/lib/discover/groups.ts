// Circles and events lists, the site's organization, one group and joining it
// (the groups API contract (now in openapi.json) "Calls").
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import { compact, type Query } from './params';
import type { Group, JoinAnswer, Paged } from './types';

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

/** GET /groups/{id}/. */
export function groupQuery(id: number) {
  return queryOptions({
    queryKey: groupKey(id),
    queryFn: async ({ signal }) => (await apiRequest<{ data: Group }>('GET', `/api/v1/groups/${id}/`, { signal })).data,
    meta: { silent: true },
  });
}

export function useGroup(id: number | null) {
  return useQuery({ ...groupQuery(id ?? 0), enabled: id !== null });
}

/** POST /groups/{id}/join/ {} → {membership_status, role, waitlisted, message}. */
export function joinGroup(id: number, body: Record<string, unknown> = {}): Promise<JoinAnswer> {
  return apiRequest<JoinAnswer | { data: JoinAnswer }>('POST', `/api/v1/groups/${id}/join/`, { body }).then((answer) =>
    'data' in answer && answer.data ? answer.data : (answer as JoinAnswer),
  );
}

/** Joins a group and writes the new membership into its cached copy. */
export function useJoinGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => joinGroup(id),
    onSuccess: (answer) => {
      client.setQueryData<Group>(groupKey(id), (group) =>
        group ? { ...group, membership_status: answer.membership_status, role: answer.role ?? group.role } : group,
      );
    },
    meta: { silent: true },
  });
}
