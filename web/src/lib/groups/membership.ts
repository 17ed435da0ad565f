// Membership calls (the groups API contract (now in openapi.json)): join, leave, follow, members and their management.
import { apiRequest } from '../api/request';
import { downloadFile } from '../api/download';
import type {
  GroupType,
  JoinAnswer,
  JoinBody,
  Member,
  MembersQuery,
  MessageAnswer,
  Paged,
  RespondAction,
  UserSearchResult,
} from './types';

export const MEMBERS_PAGE_SIZE = 15;

type JoinReply = { data: JoinAnswer; message?: string | null; warning?: string | null };

/** POST /groups/{id}/join/ → `{data: {membership_status, role, waitlisted}, message, warning}`, flattened. */
export async function joinGroup(id: number, body: JoinBody): Promise<JoinAnswer> {
  const answer = await apiRequest<JoinReply | JoinAnswer | undefined>('POST', `/api/v1/groups/${id}/join/`, { body });
  if (answer && 'data' in answer && answer.data) {
    return { ...answer.data, message: answer.message ?? answer.data.message, warning: answer.warning ?? answer.data.warning };
  }
  return (answer as JoinAnswer | undefined) ?? { membership_status: 'pending', role: null, waitlisted: false };
}

/** Leaves the group, or cancels a pending request. */
export function leaveGroup(id: number): Promise<MessageAnswer | undefined> {
  return apiRequest('POST', `/api/v1/groups/${id}/leave/`, { body: {} });
}

export type FollowAction = 'follow' | 'unfollow';

export async function followGroup(
  id: number,
  type: GroupType,
  action: FollowAction,
): Promise<{ followed: boolean; followers_count: number }> {
  return (
    await apiRequest<{ data: { followed: boolean; followers_count: number } }>('POST', '/api/v1/follow/', {
      body: { id, type, action },
    })
  ).data;
}

export function fetchMembers(id: number, query: MembersQuery, signal?: AbortSignal): Promise<Paged<Member>> {
  return apiRequest<Paged<Member>>('GET', `/api/v1/groups/${id}/members/`, {
    query: { page_size: MEMBERS_PAGE_SIZE, ...query },
    signal,
  });
}

export function addMember(id: number, user: number, role: string): Promise<unknown> {
  return apiRequest('POST', `/api/v1/groups/${id}/add-member/`, { body: { user, role } });
}

export function removeMember(id: number, user: number, reason: string): Promise<unknown> {
  return apiRequest('POST', `/api/v1/groups/${id}/remove-member/`, { body: { user, reason } });
}

export function respondJoinRequest(id: number, users: number[], action: RespondAction, notes?: string): Promise<unknown> {
  const body: Record<string, unknown> = { users, action };
  if (notes && notes.trim()) body.notes = notes.trim();
  return apiRequest('POST', `/api/v1/groups/${id}/respond-join-request/`, { body });
}

export function confirmPayment(id: number, user: number, action: RespondAction): Promise<unknown> {
  return apiRequest('POST', `/api/v1/groups/${id}/payment-confirmation/`, { body: { user, action } });
}

export function sendVerificationFollowup(id: number, userIds: number[]): Promise<unknown> {
  return apiRequest('POST', `/api/v1/groups/${id}/followup-email-unverified/`, { body: { user_ids: userIds } });
}

/** GET /search/?type=user (the invite and add-member pickers: page_size 100). */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const answer = await apiRequest<Paged<UserSearchResult>>('GET', '/api/v1/search/', {
    query: { type: 'user', search, page_size: 100 },
    signal,
  });
  return answer.data;
}

export function userDisplayName(user: UserSearchResult): string {
  return user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || `User ${user.id}`;
}

/** The members list's filters, without its page: what the CSV export takes too. */
export type MembersFilters = Omit<MembersQuery, 'page' | 'page_size'>;

/**
 * GET /groups/{id}/export-group-membership/ (text/csv) with the list's filters (status,
 * is_verified, role, search, country, professional_fields; members.rs reads the same ones as
 * the list): fetched with the session's token and saved as a file.
 */
export async function downloadMembersCsv(id: number, fileName: string, filters: MembersFilters = {}): Promise<void> {
  await downloadFile(`/api/v1/groups/${id}/export-group-membership/`, fileName, filters);
}
