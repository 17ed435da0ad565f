// The catalogue's calls (spec 002 §7): AI tools and use cases (lists, pages, forms,
// moderation), votes and bookmarks. Lists and pages live under one key, so a vote or a
// bookmark refreshes or rewrites both.
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];
export type AiTool = Schemas['AiToolView'];
export type UseCase = Schemas['UseCaseView'];
export type AiToolPayload = Schemas['AiToolInput'];
export type BookmarkAnswer = Schemas['BookmarkAnswer'];
export type VoteAnswer = Schemas['VoteAnswer'];
export type ModerationAnswer = Schemas['ModerationAnswer'];

export interface Paged<T> {
  data: T[];
  pagination: { count: number; next?: string | null };
}

export type Kind = 'aitool' | 'usecase';
/** What the vote button votes on: the catalogue's kinds and career tips (spec 002 §3 "Vote"). */
/** What takes votes: the catalogue's kinds, career tips and CareerGPS agents (`agentbuilder`). */
export type VoteKind = Kind | 'careertip' | 'agentbuilder';

/** Page sizes (spec 002 §9): AI tools 9, use cases 15, favourites and my-area tables 10. */
export const AI_TOOLS_PAGE_SIZE = 9;
export const USE_CASES_PAGE_SIZE = 15;
export const TABLE_PAGE_SIZE = 10;

export const CATALOGUE_KEY = ['catalogue'] as const;
export const listKey = (kind: VoteKind) => [...CATALOGUE_KEY, kind, 'list'] as const;
export const itemKey = (kind: VoteKind) => [...CATALOGUE_KEY, kind, 'item'] as const;

type Query = Record<string, string | number | boolean | null | undefined>;

function clean(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'all'));
}

export function aiToolsQuery(query: Query) {
  const params = clean(query);
  return queryOptions({
    queryKey: [...listKey('aitool'), params],
    queryFn: ({ signal }) => apiRequest<Paged<AiTool>>('GET', '/api/v1/ai-tools/', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAiTools(query: Query, enabled = true) {
  return useQuery({ ...aiToolsQuery(query), enabled });
}

export function useAiTool(slug: string) {
  return useQuery({
    queryKey: [...itemKey('aitool'), slug],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AiTool }>('GET', `/api/v1/ai-tools/slug/${encodeURIComponent(slug)}/`, { signal })).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useAiToolById(id: number) {
  return useQuery({
    queryKey: [...itemKey('aitool'), 'id', id],
    queryFn: async ({ signal }) => (await apiRequest<{ data: AiTool }>('GET', `/api/v1/ai-tools/${id}/`, { signal })).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useCasesQuery(query: Query) {
  const params = clean(query);
  return queryOptions({
    queryKey: [...listKey('usecase'), params],
    queryFn: ({ signal }) => apiRequest<Paged<UseCase>>('GET', '/api/v1/use-cases/', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUseCases(query: Query, enabled = true) {
  return useQuery({ ...useCasesQuery(query), enabled });
}

export function useUseCase(slug: string) {
  return useQuery({
    queryKey: [...itemKey('usecase'), slug],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: UseCase }>('GET', `/api/v1/use-cases/slug/${encodeURIComponent(slug)}/`, { signal })).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useUseCaseById(id: number) {
  return useQuery({
    queryKey: [...itemKey('usecase'), 'id', id],
    queryFn: async ({ signal }) => (await apiRequest<{ data: UseCase }>('GET', `/api/v1/use-cases/${id}/`, { signal })).data,
    retry: false,
    meta: { silent: true },
  });
}

/** GET /bookmark/{type}/: the caller's favourites of a kind, 10 a page by default. */
export function useFavourites<T>(kind: Kind, page: number, pageSize = TABLE_PAGE_SIZE) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, kind, 'favourites', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest<Paged<T>>('GET', `/api/v1/bookmark/${kind}/`, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function saveAiTool(id: number | null, body: Record<string, unknown>) {
  return id === null
    ? apiRequest<{ data: AiTool; message: string }>('POST', '/api/v1/ai-tools/', { body })
    : apiRequest<{ data: AiTool; message: string }>('PATCH', `/api/v1/ai-tools/${id}/`, { body });
}

export function saveUseCase(id: number | null, body: Record<string, unknown>) {
  return id === null
    ? apiRequest<{ data: UseCase; message: string }>('POST', '/api/v1/use-cases/', { body })
    : apiRequest<{ data: UseCase; message: string }>('PATCH', `/api/v1/use-cases/${id}/`, { body });
}

export function moderate(kind: Kind, id: number, action: 'approve' | 'reject') {
  const base = kind === 'aitool' ? '/api/v1/ai-tools/' : '/api/v1/use-cases/';
  return apiRequest<ModerationAnswer>('POST', `${base}${id}/approve-reject/`, { body: { action } });
}

export function castVote(kind: VoteKind, id: number, voteType: string) {
  return apiRequest<VoteAnswer>('POST', '/api/v1/vote/', { body: { content_type: kind, object_id: id, vote_type: voteType } });
}

/** What the favourite button saves: the catalogue's kinds, the Resource Hub's resources, and circles and events (`group`). */
export type BookmarkKind = Kind | 'resource' | 'group';

export function toggleBookmark(kind: BookmarkKind, id: number, bookmarked: boolean) {
  return bookmarked
    ? apiRequest<BookmarkAnswer>('DELETE', `/api/v1/unbookmark/${kind}/${id}/`)
    : apiRequest<BookmarkAnswer>('POST', `/api/v1/bookmark/${kind}/${id}/`);
}

interface Votable {
  id: number;
  vote_score: number;
  user_vote_type: string;
}

/** Writes a vote's answer into every cached list and page of the kind (spec 002 §4). */
export function writeVote(client: QueryClient, kind: VoteKind, id: number, answer: VoteAnswer) {
  const patch = <T extends Votable>(item: T): T =>
    item.id === id ? { ...item, vote_score: answer.total_score, user_vote_type: answer.user_vote } : item;
  client.setQueriesData<Paged<Votable>>({ queryKey: listKey(kind) }, (page) =>
    page ? { ...page, data: page.data.map(patch) } : page,
  );
  client.setQueriesData<Paged<Votable>>({ queryKey: [...CATALOGUE_KEY, kind, 'favourites'] }, (page) =>
    page ? { ...page, data: page.data.map(patch) } : page,
  );
  client.setQueriesData<Votable>({ queryKey: itemKey(kind) }, (item) => (item ? patch(item) : item));
}

export function useRefreshCatalogue() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CATALOGUE_KEY });
}
