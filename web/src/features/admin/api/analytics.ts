// GET /analytics/?weeks=N: the site's weekly trends (issue 33), through the generated client;
// GET /analytics/export/?weeks=N: the same weeks as a CSV file.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { ADMIN_KEY } from './metrics';

export function analyticsQuery(weeks: number) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'analytics', weeks],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/analytics/', { params: { query: { weeks } }, signal }))).data,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAnalytics(weeks: number) {
  return useQuery(analyticsQuery(weeks));
}

/** Saves the weeks of the period as CSV under `fileName`. */
export function downloadAnalyticsCsv(weeks: number, fileName: string): Promise<void> {
  return downloadFile('/api/v1/analytics/export/', fileName, { weeks });
}
