// A person's Career Circles: GET /api/v1/connections/user/{id}/ (people followed and groups
// joined) and GET /api/v1/users/{id}/circles/ (notes/contracts.md §7, §8).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { ConnectionType } from './types';

export const CONNECTIONS_PAGE_SIZE = 12;
export const CIRCLES_PAGE_SIZE = 6;

export function connectionsQuery(userId: number, page: number, type: ConnectionType | null) {
  return queryOptions({
    queryKey: ['profile', 'connections', userId, { page, type }],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/v1/connections/user/{id}/', {
          params: { path: { id: userId }, query: { page, page_size: CONNECTIONS_PAGE_SIZE, type: type ?? undefined } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useConnections(userId: number, page: number, type: ConnectionType | null) {
  return useQuery(connectionsQuery(userId, page, type));
}

export function circlesQuery(userId: number, page: number) {
  return queryOptions({
    queryKey: ['profile', 'circles', userId, page],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/v1/users/{id}/circles/', {
          params: { path: { id: userId }, query: { page, page_size: CIRCLES_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCircles(userId: number, page: number) {
  return useQuery(circlesQuery(userId, page));
}
