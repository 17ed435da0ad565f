// The content calls (spec 001 §7 "Posts, contents and resources", spec 002 §7 "Content"):
// the list, one item by slug, create, edit, delete, approve or reject, link previews, the
// newsletter unsubscribe, and premium files for those who may open them.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/errors';
import { api, unwrap } from '../../../lib/api/client';
import type { operations } from '../../../lib/api/schema';
import { getAccessToken } from '../../../lib/session';
import type { Content, ContentPayload } from './types';
import { CONTENT_KEY } from '../../../lib/queryKeys';

export { CONTENT_KEY } from '../../../lib/queryKeys';

/** GET /contents/'s query, as the schema has it. */
type ContentsParams = NonNullable<operations['list_contents']['parameters']['query']>;

/** The query a screen builds: any parameter may be null or blank (left out). */
export type ContentQuery = { [K in keyof ContentsParams]?: ContentsParams[K] | null };

function compact(query: ContentQuery): ContentsParams {
  // Object.fromEntries loses the keys' types; the entries kept are ContentQuery's own.
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as ContentsParams;
}

/** GET /contents/?… (a group's Posts or Resources tab, the Resource Hub, the prompt library). */
export function contentsQuery(query: ContentQuery) {
  const params = compact(query);
  return queryOptions({
    queryKey: [...CONTENT_KEY, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/contents/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useContents(query: ContentQuery, enabled = true) {
  return useQuery({ ...contentsQuery(query), enabled });
}

const notFoundNoRetry = (count: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && count < 1;

/** GET /contents/slug/{slug}/. */
export function useContentBySlug(slug: string) {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'slug', slug],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/contents/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    meta: { silent: true },
    retry: notFoundNoRetry,
  });
}

/** GET /contents/{id}/ (the edit form). */
export function useContentById(id: number | null) {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'id', id],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/contents/{id}/', { params: { path: { id: id ?? 0 } }, signal }))).data,
    enabled: id !== null && id > 0,
    meta: { silent: true },
    retry: notFoundNoRetry,
  });
}

export { isNotFound } from '../../../lib/api/errors';

/** Refetches every content query after a change. */
export function useRefreshContents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CONTENT_KEY });
}

export async function createContent(body: ContentPayload): Promise<Content> {
  return (await unwrap(api.POST('/api/v1/contents/', { body }))).data;
}

export async function updateContent(id: number, body: Partial<ContentPayload>): Promise<Content> {
  return (await unwrap(api.PATCH('/api/v1/contents/{id}/', { params: { path: { id } }, body }))).data;
}

export async function deleteContent(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/contents/{id}/', { params: { path: { id } } }));
}

/** POST /contents/{id}/approve-reject/: returns the toast text. */
export async function moderateContent(id: number, action: 'approve' | 'reject'): Promise<string> {
  const answer = await unwrap(api.POST('/api/v1/contents/{id}/approve-reject/', { params: { path: { id } }, body: { action } }));
  return answer.message;
}

/** GET /link-preview/?url= (kept a day by the server). */
export function useLinkPreview(url: string | null) {
  return useQuery({
    queryKey: ['link-preview', url],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/link-preview/', { params: { query: { url: url ?? '' } }, signal }))).data,
    enabled: Boolean(url),
    staleTime: 60 * 60 * 1000,
    meta: { silent: true },
    retry: false,
  });
}

/** POST /newsletter/unsubscribe/ with the mail link's token. */
export async function unsubscribe(token: string): Promise<string> {
  return (await unwrap(api.POST('/api/v1/newsletter/unsubscribe/', { body: { token } }))).message;
}

/** A premium file the caller may open, fetched with the session's token, as an object URL. */
export async function protectedFileUrl(url: string): Promise<string> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, null, 'Could not open the file');
  return URL.createObjectURL(await response.blob());
}
