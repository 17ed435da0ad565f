// GET /recommended-entities/ (spec 002 §7 "Recommendations list"), shared by the right panel
// and Connect's Recommended panel.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import type { RecommendedItem } from './types';

export const MSG_EMPTY = 'There are no recommendations available for you at the moment.';
export const MSG_ERROR = 'Could not fetch recommendations';

export function useRecommendations(entityType: string | null, enabled = true) {
  return useQuery({
    queryKey: ['recommended-entities', entityType],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: RecommendedItem[] }>('GET', '/api/v1/recommended-entities/', {
          query: { entity_type: entityType },
          signal,
        })
      ).data,
    enabled,
    meta: { silent: true },
  });
}
