// An organization's circles or events (GET /circles/ or /events/?parent_group=, 15 a page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchChildGroups, type ChildGroupFilters } from '../../../lib/groups/groups';
import { GROUPS_KEY } from './group';

export function childGroupsQuery(type: 'circle' | 'event', parent: number, filters: ChildGroupFilters) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'children', type, parent, filters],
    queryFn: ({ signal }) => fetchChildGroups(type, parent, filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useChildGroups(type: 'circle' | 'event', parent: number, filters: ChildGroupFilters) {
  return useQuery(childGroupsQuery(type, parent, filters));
}
