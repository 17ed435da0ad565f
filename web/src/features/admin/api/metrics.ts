// GET /groups/metrics/: the overview's counts and to-do counts of the site's organization.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export const ADMIN_KEY = ['admin'] as const;

export function metricsQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'metrics'],
    queryFn: async ({ signal }) => {
      // SCHEMA-GAP: GET /api/v1/groups/metrics/ shares operationId "metrics" with
      // GET /api/v1/agents/metrics/, and schema.d.ts keeps the first, so the client types this
      // answer as the agents' MetricsView. Its own answer is the document's Data_Metrics.
      const answer: unknown = await unwrap(api.GET('/api/v1/groups/metrics/', { signal }));
      return (answer as components['schemas']['Data_Metrics']).data;
    },
    meta: { silent: true },
  });
}

export function useMetrics() {
  return useQuery(metricsQuery());
}
