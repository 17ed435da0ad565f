// A group by slug or id (GET /groups/slug/{slug}/, GET /groups/{id}/) and refreshing after changes.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/errors';
import { fetchGroup, fetchGroupBySlug } from '../../../lib/groups/groups';
import { GROUPS_KEY } from '../../../lib/queryKeys';

export { GROUPS_KEY } from '../../../lib/queryKeys';

export function groupBySlugQuery(slug: string) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'slug', slug],
    queryFn: ({ signal }) => fetchGroupBySlug(slug, signal),
    // A missing group is a page state, not a toast.
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useGroupBySlug(slug: string) {
  return useQuery(groupBySlugQuery(slug));
}

export function groupByIdQuery(id: number) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'id', id],
    queryFn: ({ signal }) => fetchGroup(id, signal),
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useGroupById(id: number | null) {
  return useQuery({ ...groupByIdQuery(id ?? 0), enabled: id !== null && id > 0 });
}

export { isNotFound } from '../../../lib/api/errors';

/** Refetches every group query (the page, its members and lists) after a change. */
export function useRefreshGroups() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: GROUPS_KEY });
}
