// Recommended applicants of a job (spec 001 §7 "Recommended applicants: job_id,
// group_from_user_to_be_included, extra_info_filter (JSON with uni_batch, department,
// affiliation)"): GET /jobs/{id}/recommended-applicants/, 12 a page, best fit first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { JOBS_KEY } from './jobs';

export const RECOMMENDED_PAGE_SIZE = 12;

/** The registration answers the administrator may filter on. */
export interface ExtraInfoFilter {
  uni_batch: string;
  department: string;
  affiliation: string;
}

export const EMPTY_FILTER: ExtraInfoFilter = { uni_batch: '', department: '', affiliation: '' };

/** The filter as the server takes it: a JSON object of the answers given, or nothing. */
export function filterParam(filter: ExtraInfoFilter): string | null {
  const given = Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value !== ''));
  return Object.keys(given).length > 0 ? JSON.stringify(given) : null;
}

export function useRecommendedApplicants(jobId: number, groupId: number, filter: ExtraInfoFilter, page: number) {
  const query = {
    group_from_user_to_be_included: groupId,
    extra_info_filter: filterParam(filter) ?? undefined,
    page,
    page_size: RECOMMENDED_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...JOBS_KEY, 'recommended', jobId, query],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/jobs/{id}/recommended-applicants/', { params: { path: { id: jobId }, query }, signal })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
