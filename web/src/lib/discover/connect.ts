// Connect (spec 002 §2, §7 "Connect and search"): the caller's connections, search, the
// You May Know suggestions, follow, and inviting others.
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { CONNECT_PAGE_SIZE, SUGGESTIONS_PAGE_SIZE, compact, type QueryOf } from './params';
import type { ConnectItem, ConnectType, FollowState, Paged } from './types';

/** GET /connections/?type=&page=&page_size=12 (type left out for all). */
export function connectionsQuery(type: ConnectType, page: number) {
  const query = compact<QueryOf<'own_connections'>>({ type: type === 'all' ? null : type, page, page_size: CONNECT_PAGE_SIZE });
  return queryOptions({
    queryKey: ['discover', 'connections', query],
    queryFn: async ({ signal }): Promise<Paged<ConnectItem>> =>
      unwrap(api.GET('/api/v1/connections/', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useConnectionsList(type: ConnectType, page: number, enabled: boolean) {
  return useQuery({ ...connectionsQuery(type, page), enabled });
}

export interface SearchParams {
  type: ConnectType | 'institution' | 'all_group';
  search?: string | null;
  page?: number;
  page_size: number;
  global_search?: boolean;
  country?: string | null;
  professional_fields?: string | null;
  extra_info?: string | null;
}

/** GET /search/?type=&search=&page=&page_size=&global_search=&country=&professional_fields=&extra_info=. */
export function searchQuery(params: SearchParams) {
  const query = compact<QueryOf<'search'>>({
    type: params.type,
    search: params.search,
    page: params.page,
    page_size: params.page_size,
    global_search: params.global_search ? true : null,
    country: params.country,
    professional_fields: params.professional_fields,
    extra_info: params.extra_info,
  });
  return queryOptions({
    queryKey: ['discover', 'search', query],
    queryFn: async ({ signal }): Promise<Paged<ConnectItem>> =>
      unwrap(api.GET('/api/v1/search/', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useSearch(params: SearchParams, enabled: boolean) {
  return useQuery({ ...searchQuery(params), enabled });
}

export interface SuggestionSource {
  country?: string | null;
  department?: string | null;
}

/**
 * You May Know: people (type user, 8) from the caller's country and the US
 * (country={country},us), else from the same department (extra_info={"department":…}), else
 * search=e (spec 002 §7).
 */
export function suggestionParams(source: SuggestionSource): SearchParams {
  const base = { type: 'user' as const, page_size: SUGGESTIONS_PAGE_SIZE };
  if (source.country) return { ...base, country: `${source.country},us` };
  if (source.department) return { ...base, extra_info: JSON.stringify({ department: source.department }) };
  return { ...base, search: 'e' };
}

/** POST /follow/ {id, type, action: 'follow'}. */
export function useFollow() {
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: string }) =>
      unwrap(api.POST('/api/v1/follow/', { body: { id, type, action: 'follow' } })).then((answer): FollowState => answer.data),
    meta: { silent: true },
  });
}

/** POST /invite-users/ {object_id, content_type: 'group', users: [], emails: 'a@x.y,b@x.y'}. */
export function useInviteUsers() {
  return useMutation({
    mutationFn: ({ objectId, emails }: { objectId: number; emails: string[] }) =>
      unwrap(
        api.POST('/api/v1/invite-users/', {
          body: { object_id: objectId, content_type: 'group', users: [], emails: emails.join(',') },
        }),
      ),
    meta: { silent: true },
  });
}
