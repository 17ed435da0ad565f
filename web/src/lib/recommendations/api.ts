// GET /recommended-entities/ (spec 002 §7 "Recommendations list"), shared by the right panel
// and Connect's Recommended panel.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { sent } from '../groups/sent';
import type { RecommendedItem } from './types';

export const MSG_EMPTY = 'There are no recommendations available for you at the moment.';
export const MSG_ERROR = 'Could not fetch recommendations';

export function useRecommendations(entityType: string | null, enabled = true) {
  return useQuery({
    queryKey: ['recommended-entities', entityType],
    queryFn: async ({ signal }): Promise<RecommendedItem[]> => {
      const query = { entity_type: entityType ?? undefined };
      const answer = await unwrap(api.GET('/api/v1/recommended-entities/', { params: { query }, signal }));
      // image_path, group_slug and source are Option fields the server always sends (see sent.ts).
      return answer.data.map((item) => sent(item));
    },
    enabled,
    meta: { silent: true },
  });
}
