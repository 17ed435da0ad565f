// The admin members table's calls (spec 002 §7 "Admin"): the organization's members by
// status with the system agents' filters and answers, and what the administrators do with
// them. The member calls live in lib/groups (shared with the group pages); invitations and
// the agents' rerun are here.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request';
import { ADMIN_KEY } from './metrics';

export interface AgentAnswer {
  agent_id: number;
  agent_type?: string;
  response: {
    action: string;
    reason?: string | null;
    ai_enthusiasm_level?: string | null;
    last_run_at?: string | null;
  };
}

/** A member as the admin table shows them (spec 002 §3 "Admin items" Member). */
export interface AdminMember {
  id: number;
  name: string;
  name_slug?: string;
  image?: string | null;
  institution_name?: string | null;
  email?: string | null;
  membership_role: string;
  membership_status: string;
  is_verified: boolean;
  notes?: string | null;
  reason?: string | null;
  joined_at: string;
  payment_status?: string | null;
  agent_responses?: AgentAnswer[];
}

export interface MembersPage {
  data: AdminMember[];
  pagination: { count: number; next?: string | null };
}

export interface AdminMembersQuery {
  status: 'accepted' | 'pending' | 'rejected';
  is_verified?: boolean;
  search?: string;
  country?: string;
  professional_fields?: string;
  role?: string;
  system_agent_id?: number;
  agent_response?: string;
  page: number;
  page_size: number;
}

export function adminMembersQuery(orgId: number, query: AdminMembersQuery) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'members', orgId, query],
    queryFn: ({ signal }) =>
      apiRequest<MembersPage>('GET', `/api/v1/groups/${orgId}/members/`, {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAdminMembers(orgId: number, query: AdminMembersQuery) {
  return useQuery(adminMembersQuery(orgId, query));
}

export interface SystemAgent {
  id: number;
  name: string;
  agent_type: string;
  entity?: string;
  content_type?: string;
}

/** GET /agents/system-agents/?group_id=&entity=user: the agents that judge members. */
export function systemAgentsQuery(orgId: number) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'system-agents', orgId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: SystemAgent[] }>('GET', '/api/v1/agents/system-agents/', {
          query: { group_id: orgId, entity: 'user', page_size: 50 },
          signal,
        })
      ).data,
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });
}

export function useSystemAgents(orgId: number) {
  return useQuery(systemAgentsQuery(orgId));
}

/** POST /rerun-system-agent/ on a selection of members. */
export function rerunSystemAgent(systemAgentId: number, userIds: number[]): Promise<{ message?: string } | undefined> {
  return apiRequest('POST', '/api/v1/rerun-system-agent/', {
    body: { system_agent_id: systemAgentId, content_type: 'user', content_ids: userIds },
  });
}

/** POST /invite-users/ to the organization by e-mail. */
export function inviteToOrganization(orgId: number, emails: string[]): Promise<unknown> {
  return apiRequest('POST', '/api/v1/invite-users/', {
    body: { object_id: orgId, content_type: 'group', users: [], emails: emails.join(',') },
  });
}
