// The assistant's calls (spec 002 §7 "Assistant and agents"): POST /ask-me-anything/, the
// history GET /ask-me-anything/ (12 a page), POST /ama-feedback/.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import type { AmaChat } from '../recommendations/types';

export const HISTORY_PAGE_SIZE = 12;
export const NO_AMA_CODE = 'NO_AMA_SUBSCRIPTION';

export const historyKey = ['ama-history'] as const;

type Schemas = components['schemas'];

// SCHEMA-GAP: GET|POST /api/v1/ask-me-anything/ ChatPart.value: documented as an object
// (generated as an empty one); the server sends a string for `text`, {items: [...]} for
// `recommendations` and a list of strings for `relevant_questions` (serde_json::Value with
// `#[schema(value_type = Object)]`, ChatPart in crates/api/src/areas/assistant.rs). The screens
// read the parts as lib/recommendations' ChatPart union.
function asChat(chat: Schemas['AmaChat']): AmaChat {
  return chat as unknown as AmaChat;
}

export function historyQuery(thread: number | null) {
  return infiniteQueryOptions({
    queryKey: [...historyKey, thread],
    queryFn: async ({ pageParam, signal }): Promise<{ data: AmaChat[]; pagination: Schemas['Pagination'] }> => {
      const answer = await unwrap(
        api.GET('/api/v1/ask-me-anything/', {
          params: { query: { page: pageParam, page_size: HISTORY_PAGE_SIZE, parent_chat: thread ?? undefined } },
          signal,
        }),
      );
      return { ...answer, data: answer.data.map(asChat) };
    },
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
      asChat((await unwrap(api.POST('/api/v1/ask-me-anything/', { body }))).data),
    onSuccess: () => client.invalidateQueries({ queryKey: historyKey }),
    meta: { silent: true },
  });
}

export function useRateAnswer() {
  return useMutation({
    mutationFn: async (body: Schemas['AmaFeedbackInput']) => {
      return (await unwrap(api.POST('/api/v1/ama-feedback/', { body }))).message;
    },
  });
}
