// Influencers (spec 002 §2 "Influencer pages", §7): GET /influencers/ for people and
// GET /groups/?group_type=organization&is_influencer=true for organizations, 16 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type InfluentialPerson = components['schemas']['InfluentialPerson'];

/** Influencer lists show 16 a page (spec 002 §9). */
export const INFLUENCERS_PAGE_SIZE = 16;

export function influentialPeopleQuery(page: number) {
  return queryOptions({
    queryKey: ['influencers', 'people', page],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/influencers/', { params: { query: { page, page_size: INFLUENCERS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function influentialOrgsQuery(page: number) {
  return queryOptions({
    queryKey: ['influencers', 'organizations', page],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/v1/groups/', {
          params: { query: { group_type: 'organization', is_influencer: true, page, page_size: INFLUENCERS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const useInfluentialPeople = (page: number) => useQuery(influentialPeopleQuery(page));
export const useInfluentialOrgs = (page: number) => useQuery(influentialOrgsQuery(page));
