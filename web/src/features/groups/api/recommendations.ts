// The members' Recommendations tab (spec 001 §2 "Recommendations panel: pick a group to
// recommend people from", §7 "Recommendations: group_id, entity_type (research_collaboration
// or cross_group), group_from_user_to_be_included"): GET /recommendations/ (15 a page, best fit
// first) and the groups to pick from (GET /search/?type=all_group).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import type { Paged } from '../../../lib/groups/types';
import { GROUPS_KEY } from './group';

export type RecommendedPerson = components['schemas']['RecommendedPerson'];
export type FoundGroup = components['schemas']['SearchItem'];

/** cross_group: the members of a chosen group; research_collaboration: anyone on the site. */
export type RecommendationSource = 'cross_group' | 'research_collaboration';

export const RECOMMENDATIONS_PAGE_SIZE = 15;

export const RECOMMENDATIONS_MESSAGES = {
  failed: 'Could not fetch recommendations',
  pickGroup: 'Pick a group to recommend people from.',
  empty: 'No one to recommend yet.',
  searchFailed: 'Could not search groups',
  siteOrganization: (name: string) =>
    `Everyone on this site is already a member of ${name}. Open the People tab of one of its circles, events or other groups to see who to recommend there.`,
} as const;
/** Groups offered in the picker per search. */
export const GROUP_PICKER_SIZE = 20;

export interface RecommendationsQuery {
  entityType: RecommendationSource;
  /** The group to take people from (cross_group only). */
  fromGroup: number | null;
  page: number;
}

/** Waits for a group to take people from when cross_group needs one. */
export function recommendationsReady(query: RecommendationsQuery): boolean {
  return query.entityType === 'research_collaboration' || query.fromGroup !== null;
}

export function useGroupRecommendations(groupId: number, query: RecommendationsQuery) {
  const params = {
    group_id: groupId,
    entity_type: query.entityType,
    group_from_user_to_be_included: query.entityType === 'cross_group' ? query.fromGroup : null,
    page: query.page,
    page_size: RECOMMENDATIONS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...GROUPS_KEY, groupId, 'recommendations', params],
    queryFn: async ({ signal }) => {
      // SCHEMA-GAP: GET /api/v1/recommendations/ shares its operationId (group_recommendations)
      // with GET /api/v1/group-recommendations/, so schema.d.ts types it as that one (no query,
      // Data_Vec_RecommendedItem). The server reads RecommendationsQuery and answers
      // Page<RecommendedPerson> (crates/api/src/areas/groups/recommend.rs:93-111).
      const answer: unknown = await unwrap(api.GET('/api/v1/recommendations/', { params: { query: params as never }, signal }));
      return answer as Paged<RecommendedPerson>;
    },
    enabled: recommendationsReady(query),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** The site's groups whose name matches `text` (at least 2 characters), as you type. */
export function useGroupSearch(text: string | null) {
  return useQuery({
    queryKey: ['group-search', text],
    queryFn: async ({ signal }) =>
      (
        await unwrap(
          api.GET('/api/v1/search/', {
            params: { query: { type: 'all_group', search: text ?? '', page_size: GROUP_PICKER_SIZE } },
            signal,
          }),
        )
      ).data,
    enabled: text !== null,
    staleTime: 30 * 1000,
    meta: { silent: true },
  });
}
