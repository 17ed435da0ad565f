// One-to-one chat (spec 000 §3 "Chat", §7; 002 §4): rooms with their last message and unread
// count (GET /room/), a room's history 50 a page newest first with scroll-back (GET
// /chats/{id}/?before=), and sending (over the socket, or POST /chats/{id}/ without it).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { sendEvent } from '../../../lib/realtime/socket';

export const HISTORY_PAGE_SIZE = 50;
export const PREVIEW_LENGTH = 30;
export const NAME_LENGTH = 20;
export const MAX_MESSAGE_LENGTH = 4000;

type Schemas = components['schemas'];
export type ChatUser = Schemas['ChatUser'];
/** type: text, hyperlink or html (sanitised). */
export type MessagePart = Schemas['MessagePart'];
export type ChatMessage = Schemas['MessageView'];
export type ChatRoom = Schemas['RoomView'];
type MessagePage = Schemas['Page_MessageView'];

interface HistoryQuery {
  page_size: number;
  before?: number;
}

export async function fetchHistory(room: number, query: HistoryQuery, signal?: AbortSignal): Promise<MessagePage> {
  return unwrap(api.GET('/api/v1/chats/{id}/', { params: { path: { id: room }, query }, signal }));
}

/** Cuts `text` to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** A message as one line of text (html without its tags). */
export function plainText(message: ChatMessage): string {
  return message.messages
    .map((part) => (part.type === 'html' ? part.value.replace(/<[^>]*>/g, ' ') : part.value))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const roomsKey = ['chat', 'rooms'] as const;
export const historyKey = (room: number) => ['chat', 'history', room] as const;

export function roomsQuery() {
  return queryOptions({
    queryKey: roomsKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/room/', { signal })),
    meta: { silent: true },
  });
}

export function useRooms() {
  return useQuery(roomsQuery());
}

export function historyQuery(room: number) {
  return infiniteQueryOptions({
    queryKey: historyKey(room),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      fetchHistory(room, { page_size: HISTORY_PAGE_SIZE, before: pageParam ?? undefined }, signal),
    // Older pages go back from the oldest message seen (new messages do not shift them).
    getNextPageParam: (last) => {
      const oldest = last.data.at(-1);
      return last.data.length === HISTORY_PAGE_SIZE && last.pagination.next && oldest ? oldest.id : null;
    },
    meta: { silent: true },
  });
}

export function useHistory(room: number) {
  return useInfiniteQuery(historyQuery(room));
}

/** Opens (or finds) the one-to-one room with a person. */
export function openRoom(userId: number): Promise<ChatRoom> {
  return unwrap(api.POST('/api/v1/room/', { body: { type: 'ONE_TO_ONE', user_ids: [userId] } })).then((answer) => answer.data);
}

/** Sends a text message: over the socket when it is open, otherwise over HTTP. */
export function useSendMessage(room: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (value: string) => {
      const message = { type: 'text', value };
      if (sendEvent({ type: 'chat_message', room, message })) return null;
      const answer = await unwrap(api.POST('/api/v1/chats/{id}/', { params: { path: { id: room } }, body: message }));
      return answer.data;
    },
    onSuccess: (stored) => {
      if (stored) addMessage(client, stored);
    },
    meta: { silent: true },
  });
}

type HistoryData = { pages: MessagePage[]; pageParams: (number | null)[] };

/** Puts a message (from the socket or an HTTP send) at the top of its room's history, once. */
export function addMessage(client: ReturnType<typeof useQueryClient>, message: ChatMessage): void {
  client.setQueryData<HistoryData>(historyKey(message.room), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) return data;
    return {
      ...data,
      pages: [{ ...first, data: [message, ...first.data], pagination: { ...first.pagination, count: first.pagination.count + 1 } }, ...rest],
    };
  });
}
