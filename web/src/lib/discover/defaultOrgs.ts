// The site's default organizations a user can join or switch to: GET /groups/default-org/ and
// POST /groups/default-org/ {id}, which makes one the caller's default (joining it if needed).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import type { DefaultOrg } from './types';

export const defaultOrgsQuery = queryOptions({
  queryKey: ['discover', 'default-orgs'],
  queryFn: async ({ signal }) => {
    const answer = await apiRequest<{ data: DefaultOrg[] } | DefaultOrg[]>('GET', '/api/v1/groups/default-org/', { signal });
    return Array.isArray(answer) ? answer : answer.data;
  },
  meta: { silent: true },
});

export function useDefaultOrgs(enabled: boolean) {
  return useQuery({ ...defaultOrgsQuery, enabled });
}

export function useMakeDefaultOrg() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', '/api/v1/groups/default-org/', { body: { id } }),
    meta: { silent: true },
  });
}
