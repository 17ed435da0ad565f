// The catalogue's calls (spec 002 §7): AI tools and use cases (lists, pages, forms,
// moderation), votes and bookmarks. Lists and pages live under one key, so a vote or a
// bookmark refreshes or rewrites both.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components, operations } from '../../../lib/api/schema';
import { CATALOGUE_KEY, itemKey, listKey, type Kind } from '../../../lib/queryKeys';

export { CATALOGUE_KEY, itemKey, listKey, type Kind, type VoteKind } from '../../../lib/queryKeys';

type Schemas = components['schemas'];
export type AiTool = Schemas['AiToolView'];
export type UseCase = Schemas['UseCaseView'];
export type AiToolPayload = Schemas['AiToolInput'];
export type UseCasePayload = Schemas['UseCaseInput'];
export type ModerationAnswer = Schemas['ModerationAnswer'];

export type { Paged } from '../../../lib/api/paged';

/** Page sizes (spec 002 §9): AI tools 9, use cases 15, favourites and my-area tables 10. */
export const AI_TOOLS_PAGE_SIZE = 9;
export const USE_CASES_PAGE_SIZE = 15;
export const TABLE_PAGE_SIZE = 10;

/** A list's query as the schema has it, where a screen may leave any parameter null or blank. */
type Loose<T> = { [K in keyof T]?: T[K] | null };
type AiToolsParams = NonNullable<operations['list_ai_tools']['parameters']['query']>;
type UseCasesParams = NonNullable<operations['list_use_cases']['parameters']['query']>;

/** Leaves out the empty values and 'all' (no filter). */
function clean<T extends object>(query: Loose<T>): T {
  // Object.fromEntries loses the keys' types; the entries kept are the query's own.
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'all'),
  ) as T;
}

export function aiToolsQuery(query: Loose<AiToolsParams>) {
  const params = clean<AiToolsParams>(query);
  return queryOptions({
    queryKey: [...listKey('aitool'), params],
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/ai-tools/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useAiTools(query: Loose<AiToolsParams>, enabled = true) {
  return useQuery({ ...aiToolsQuery(query), enabled });
}

export function useAiTool(slug: string) {
  return useQuery({
    queryKey: [...itemKey('aitool'), slug],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/ai-tools/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useAiToolById(id: number) {
  return useQuery({
    queryKey: [...itemKey('aitool'), 'id', id],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/ai-tools/{id}/', { params: { path: { id } }, signal }))).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useCasesQuery(query: Loose<UseCasesParams>) {
  const params = clean<UseCasesParams>(query);
  return queryOptions({
    queryKey: [...listKey('usecase'), params],
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/use-cases/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useUseCases(query: Loose<UseCasesParams>, enabled = true) {
  return useQuery({ ...useCasesQuery(query), enabled });
}

export function useUseCase(slug: string) {
  return useQuery({
    queryKey: [...itemKey('usecase'), slug],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/use-cases/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    retry: false,
    meta: { silent: true },
  });
}

export function useUseCaseById(id: number) {
  return useQuery({
    queryKey: [...itemKey('usecase'), 'id', id],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/use-cases/{id}/', { params: { path: { id } }, signal }))).data,
    retry: false,
    meta: { silent: true },
  });
}

/** GET /bookmark/{type}/: the caller's favourites of a kind, 10 a page by default. */
export function useFavourites(kind: Kind, page: number, pageSize = TABLE_PAGE_SIZE) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, kind, 'favourites', page, pageSize],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/bookmark/{type}/', { params: { path: { type: kind }, query: { page, page_size: pageSize } }, signal })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function saveAiTool(id: number | null, body: AiToolPayload) {
  return id === null
    ? unwrap(api.POST('/api/v1/ai-tools/', { body }))
    : unwrap(api.PATCH('/api/v1/ai-tools/{id}/', { params: { path: { id } }, body }));
}

export function saveUseCase(id: number | null, body: UseCasePayload) {
  return id === null
    ? unwrap(api.POST('/api/v1/use-cases/', { body }))
    : unwrap(api.PATCH('/api/v1/use-cases/{id}/', { params: { path: { id } }, body }));
}

export function moderate(kind: Kind, id: number, action: 'approve' | 'reject'): Promise<ModerationAnswer> {
  const init = { params: { path: { id } }, body: { action } };
  return kind === 'aitool'
    ? unwrap(api.POST('/api/v1/ai-tools/{id}/approve-reject/', init))
    : unwrap(api.POST('/api/v1/use-cases/{id}/approve-reject/', init));
}

export function useRefreshCatalogue() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CATALOGUE_KEY });
}
