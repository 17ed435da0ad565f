// The recommendation package's calls (spec 002 §2 "Recommendation package"): the finders'
// searches, a group's people and a member's agent reports to choose from, and sending.
import { api, unwrap } from '../../lib/api/client';
import type { operations } from '../../lib/api/schema';
import { SEARCH_PAGE_SIZE } from './packageRules';

/** GET /contents/?types=resource&status=approved&search=…: approved resources. */
export async function searchResources(search: string, signal?: AbortSignal) {
  const query = { types: 'resource', status: 'approved', search, page_size: SEARCH_PAGE_SIZE };
  return (await unwrap(api.GET('/api/v1/contents/', { params: { query }, signal }))).data;
}

/** GET /search/?type=user|all_group&search=…: people, or groups of every kind. */
export async function searchUsersOrGroups(type: 'user' | 'all_group', search: string, signal?: AbortSignal) {
  return (await unwrap(api.GET('/api/v1/search/', { params: { query: { type, search, page_size: SEARCH_PAGE_SIZE } }, signal }))).data;
}

type PeopleQuery = NonNullable<operations['package_people']['parameters']['query']>;

/** GET /recommendation-package/people/: people or groups of a group the member may be recommended. */
export function fetchPackagePeople(query: PeopleQuery, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/recommendation-package/people/', { params: { query }, signal }));
}

/** GET /agents/reports/?user_id=…: the member's agent reports. */
export async function fetchMemberReports(userId: number, signal?: AbortSignal) {
  const query = { user_id: userId, page_size: SEARCH_PAGE_SIZE };
  return (await unwrap(api.GET('/api/v1/agents/reports/', { params: { query }, signal }))).data;
}

type PackageBody = NonNullable<operations['send_package']['requestBody']>['content']['application/json'];

/** POST /recommendation-package/{id}/: sends the package to the member. */
export function sendPackage(memberId: number, body: PackageBody) {
  return unwrap(api.POST('/api/v1/recommendation-package/{id}/', { params: { path: { id: memberId } }, body }));
}

