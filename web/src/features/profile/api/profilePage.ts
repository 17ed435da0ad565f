// GET /api/v1/users/profile/{slug}/: the profile page of anyone, guests included.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { PROFILE_PAGE_KEY } from '../../../lib/profile/updateProfile';
import type { ProfilePage } from './types';

// Under the shared key that every profile write (lib/profile) marks stale.
export const profileKey = (slug: string) => [...PROFILE_PAGE_KEY, slug] as const;

export function profileQuery(slug: string) {
  return queryOptions({
    queryKey: profileKey(slug),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/users/profile/{slug}/', { params: { path: { slug } }, signal }))).data,
    // A missing user is an answer (the "User not found" page), not a failure to retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
    meta: { silent: true },
  });
}

export function useProfile(slug: string) {
  return useQuery(profileQuery(slug));
}

/** Puts a fresh profile page object (the answer of every profile write) into the cache. */
export function storeProfile(client: QueryClient, page: ProfilePage): void {
  client.setQueryData(profileKey(page.profile.name_slug), page);
}

export { isNotFound } from '../../../lib/api/errors';
