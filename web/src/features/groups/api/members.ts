// GET /groups/{id}/members/ (paged, 15 a page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMembers } from '../../../lib/groups/membership';
import type { MembersQuery } from '../../../lib/groups/types';
import { GROUPS_KEY } from './group';

export function membersQuery(groupId: number, query: MembersQuery) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, groupId, 'members', query],
    queryFn: ({ signal }) => fetchMembers(groupId, query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useMembers(groupId: number, query: MembersQuery, enabled = true) {
  return useQuery({ ...membersQuery(groupId, query), enabled });
}
