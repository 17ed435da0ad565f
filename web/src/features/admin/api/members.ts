// The admin members table's calls (spec 002 §7 "Admin"): the organization's members by
// status with the system agents' filters and answers, and what the administrators do with
// them. The member calls live in lib/groups (shared with the group pages); invitations and
// the agents' rerun are here.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { components, operations } from '../../../lib/api/schema';
import { ADMIN_KEY } from './metrics';

export type AgentAnswer = components['schemas']['MemberAgentResponse'];

/** A member as the admin table shows them (spec 002 §3 "Admin items" Member). */
export type AdminMember = components['schemas']['MemberItem'];

export type MembersPage = components['schemas']['Page_MemberItem'];

type MembersParams = NonNullable<operations['list_members']['parameters']['query']>;

/** GET /groups/{id}/members/'s query, as the schema has it; the table always sends a status and a page. */
export type AdminMembersQuery = MembersParams & Required<Pick<MembersParams, 'status' | 'page' | 'page_size'>>;

export function adminMembersQuery(orgId: number, query: AdminMembersQuery) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'members', orgId, query],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/groups/{id}/members/', { params: { path: { id: orgId }, query }, signal })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAdminMembers(orgId: number, query: AdminMembersQuery) {
  return useQuery(adminMembersQuery(orgId, query));
}

export type SystemAgent = components['schemas']['SystemAgentView'];


/** GET /agents/system-agents/?group_id=&entity=user: the agents that judge members. */
export function systemAgentsQuery(orgId: number) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'system-agents', orgId],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/agents/system-agents/', { params: { query: { group_id: orgId, entity: 'user', page_size: 50 } }, signal }))).data,
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });
}

export function useSystemAgents(orgId: number) {
  return useQuery(systemAgentsQuery(orgId));
}

/** POST /rerun-system-agent/ on a selection of members. */
export function rerunSystemAgent(systemAgentId: number, userIds: number[]): Promise<components['schemas']['RerunAnswer']> {
  return unwrap(
    api.POST('/api/v1/rerun-system-agent/', {
      body: { system_agent_id: systemAgentId, content_type: 'user', content_ids: userIds },
    }),
  );
}

/** POST /invite-users/ to the organization by e-mail. */
export function inviteToOrganization(orgId: number, emails: string[]): Promise<components['schemas']['MessageOnly']> {
  return unwrap(
    api.POST('/api/v1/invite-users/', {
      body: { object_id: orgId, content_type: 'group', users: [], emails: emails.join(',') },
    }),
  );
}
