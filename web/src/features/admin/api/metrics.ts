// GET /groups/metrics/: the overview's counts and to-do counts of the site's organization.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import type { Metrics } from '../adminRules';

export const ADMIN_KEY = ['admin'] as const;

export function metricsQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'metrics'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Metrics }>('GET', '/api/v1/groups/metrics/', { signal })).data,
    meta: { silent: true },
  });
}

export function useMetrics() {
  return useQuery(metricsQuery());
}
