// The site's default organizations a user can join or switch to: GET /groups/default-org/ and
// POST /groups/default-org/ {id}, which makes one the caller's default (joining it if needed).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { DefaultOrg } from './types';

export const defaultOrgsQuery = queryOptions({
  queryKey: ['discover', 'default-orgs'],
  queryFn: async ({ signal }) => {
    const orgs: DefaultOrg[] = (await unwrap(api.GET('/api/v1/groups/default-org/', { signal }))).data;
    return orgs;
  },
  meta: { silent: true },
});

export function useDefaultOrgs(enabled: boolean) {
  return useQuery({ ...defaultOrgsQuery, enabled });
}

export function useMakeDefaultOrg() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/v1/groups/default-org/', { body: { id } })),
    meta: { silent: true },
  });
}
