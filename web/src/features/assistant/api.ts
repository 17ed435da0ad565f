// The assistant's calls (spec 002 §7 "Assistant and agents"): POST /ask-me-anything/, the
// history GET /ask-me-anything/ (12 a page), POST /ama-feedback/.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/request';
import type { AmaChat, Paged } from '../../lib/recommendations/types';

export const HISTORY_PAGE_SIZE = 12;
export const NO_AMA_CODE = 'NO_AMA_SUBSCRIPTION';

export const historyKey = ['ama-history'] as const;

export function historyQuery(thread: number | null) {
  return infiniteQueryOptions({
    queryKey: [...historyKey, thread],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Paged<AmaChat>>('GET', '/api/v1/ask-me-anything/', {
        query: { page: pageParam, page_size: HISTORY_PAGE_SIZE, parent_chat: thread },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.pagination.next ? page + 1 : undefined),
  });
}

export function useHistory(thread: number | null, enabled: boolean) {
  return useInfiniteQuery({ ...historyQuery(thread), enabled });
}

export function useAsk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { question: string; parent_chat: number | null }) =>
      (await apiRequest<{ data: AmaChat }>('POST', '/api/v1/ask-me-anything/', { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: historyKey }),
    meta: { silent: true },
  });
}

export function useRateAnswer() {
  return useMutation({
    mutationFn: async (body: { chat: number; rating: number; feedback: string }) =>
      (await apiRequest<{ message: string }>('POST', '/api/v1/ama-feedback/', { body })).message,
  });
}
