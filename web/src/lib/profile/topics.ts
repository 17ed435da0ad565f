// Skills and topics for the tag pickers: GET /api/v1/topics/?topic_type=&search= and
// POST /api/v1/topics/ for the 'create new' choice (an existing name is returned, not doubled).
import { api, unwrap } from '../api/client';
import type { TopicRef, TopicType } from './types';

/** Search needs at least this many characters after trimming (spec 000 §5 "Search and pickers"). */
export const SEARCH_MIN_LENGTH = 2;
/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The text to search for, or null when it is too short to search. */
export function searchText(input: string): string | null {
  const trimmed = input.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
}

export async function searchTopics(type: TopicType, search: string, signal?: AbortSignal): Promise<TopicRef[]> {
  const answer = await unwrap(
    api.GET('/api/v1/topics/', { params: { query: { topic_type: type, search, page_size: 20 } }, signal }),
  );
  return answer.data.map(({ id, name }) => ({ id, name }));
}

export async function createTopic(type: TopicType, name: string): Promise<TopicRef> {
  const answer = await unwrap(api.POST('/api/v1/topics/', { body: { name: name.trim(), topic_type: type } }));
  return { id: answer.data.id, name: answer.data.name };
}
