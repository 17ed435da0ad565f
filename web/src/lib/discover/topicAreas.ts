// GET /topic-areas/ for the topic area filters.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import type { Paged, TopicArea } from './types';

export const topicAreasQuery = queryOptions({
  queryKey: ['discover', 'topic-areas'],
  queryFn: async ({ signal }) =>
    (await apiRequest<Paged<TopicArea>>('GET', '/api/v1/topic-areas/', { query: { page_size: 200 }, signal })).data,
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

export function useTopicAreas() {
  return useQuery(topicAreasQuery);
}
