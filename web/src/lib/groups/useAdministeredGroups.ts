import { useQuery } from '@tanstack/react-query';
import { fetchAdministeredGroups } from './groups';

/**
 * The groups the caller administers (GET /groups/list/?…role=admin,leader), cached under the
 * asking area's key: the organizations that may parent a group, the groups that may own a job.
 */
export function useAdministeredGroups(queryKey: readonly string[], enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAdministeredGroups(signal),
    enabled,
    meta: { silent: true },
  });
}
