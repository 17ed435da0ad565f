// GET /topic-areas/ for the topic area filters.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { TopicArea } from './types';

export const topicAreasQuery = queryOptions({
  queryKey: ['discover', 'topic-areas'],
  queryFn: async ({ signal }): Promise<TopicArea[]> =>
    (await unwrap(api.GET('/api/v1/topic-areas/', { params: { query: { page_size: 200 } }, signal }))).data,
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

export function useTopicAreas() {
  return useQuery(topicAreasQuery);
}
