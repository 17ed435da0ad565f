// Membership calls (the groups API contract (now in openapi.json)): join, leave, follow, members and their management.
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { downloadFile } from '../api/download';
import { sent, type Sent } from './sent';
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

type MemberItem = components['schemas']['MemberItem'];

/**
 * A listed member as the screens' Member: every field but membership_status must fit as the
 * document types it. SCHEMA-GAP: MemberItem membership_status is documented as a plain string;
 * the server writes pending, accepted or rejected.
 */
function toMember(item: MemberItem): Member {
  const checked: Omit<Member, 'membership_status'> & Pick<Sent<MemberItem>, 'membership_status'> = sent(item);
  return checked as Member;
}

// SCHEMA-GAP: POST /api/v1/groups/{id}/join/ documents extra_info as an untyped object
// (Record<string, never>); the server reads {answers} or the conference registration (JoinBody).
type UntypedExtraInfo = Record<string, never>;

/** POST /groups/{id}/join/ → `{data: {membership_status, role, waitlisted}, message, warning}`, flattened. */
export async function joinGroup(id: number, body: JoinBody): Promise<JoinAnswer> {
  const answer = await unwrap(
    api.POST('/api/v1/groups/{id}/join/', {
      params: { path: { id } },
      body: { ...body, extra_info: body.extra_info as UntypedExtraInfo | undefined },
    }),
  );
  return { ...answer.data, message: answer.message, warning: answer.warning };
}

/** Leaves the group, or cancels a pending request. */
export function leaveGroup(id: number): Promise<MessageAnswer> {
  return unwrap(api.POST('/api/v1/groups/{id}/leave/', { params: { path: { id } }, body: {} }));
}

export type FollowAction = 'follow' | 'unfollow';

export async function followGroup(
  id: number,
  type: GroupType,
  action: FollowAction,
): Promise<components['schemas']['FollowState']> {
  return (await unwrap(api.POST('/api/v1/follow/', { body: { id, type, action } }))).data;
}

export async function fetchMembers(id: number, query: MembersQuery, signal?: AbortSignal): Promise<Paged<Member>> {
  const page = await unwrap(
    api.GET('/api/v1/groups/{id}/members/', {
      params: { path: { id }, query: { page_size: MEMBERS_PAGE_SIZE, ...query } },
      signal,
    }),
  );
  return { data: page.data.map(toMember), pagination: sent(page.pagination) };
}

export function addMember(id: number, user: number, role: string): Promise<MessageAnswer> {
  return unwrap(api.POST('/api/v1/groups/{id}/add-member/', { params: { path: { id } }, body: { user, role } }));
}

export function removeMember(id: number, user: number, reason: string): Promise<MessageAnswer> {
  return unwrap(api.POST('/api/v1/groups/{id}/remove-member/', { params: { path: { id } }, body: { user, reason } }));
}

export function respondJoinRequest(
  id: number,
  users: number[],
  action: RespondAction,
  notes?: string,
): Promise<components['schemas']['RespondAnswer']> {
  const body: components['schemas']['RespondInput'] = { users, action };
  if (notes && notes.trim()) body.notes = notes.trim();
  return unwrap(api.POST('/api/v1/groups/{id}/respond-join-request/', { params: { path: { id } }, body }));
}

export function confirmPayment(id: number, user: number, action: RespondAction): Promise<MessageAnswer> {
  return unwrap(api.POST('/api/v1/groups/{id}/payment-confirmation/', { params: { path: { id } }, body: { user, action } }));
}

export function sendVerificationFollowup(id: number, userIds: number[]): Promise<MessageAnswer> {
  return unwrap(
    api.POST('/api/v1/groups/{id}/followup-email-unverified/', { params: { path: { id } }, body: { user_ids: userIds } }),
  );
}

/** GET /search/?type=user (the invite and add-member pickers: page_size 100). */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const answer = await unwrap(
    api.GET('/api/v1/search/', { params: { query: { type: 'user', search, page_size: 100 } }, signal }),
  );
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
