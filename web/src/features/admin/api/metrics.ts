// GET /groups/metrics/: the overview's counts and to-do counts of the site's organization.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const ADMIN_KEY = ['admin'] as const;

export function metricsQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'metrics'],
    queryFn: async ({ signal }) => {
      return (await unwrap(api.GET('/api/v1/groups/metrics/', { signal }))).data;
    },
    meta: { silent: true },
  });
}

export function useMetrics() {
  return useQuery(metricsQuery());
}
