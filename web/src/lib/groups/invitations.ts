// Invitations (the groups API contract (now in openapi.json)): invite people, read an invitation, accept or reject it.
import { apiRequest } from '../api/request';
import type { Invitation, InvitationAction, InviteBody } from './types';

export function inviteUsers(body: InviteBody): Promise<unknown> {
  return apiRequest('POST', '/api/v1/invite-users/', { body });
}

export async function fetchInvitation(id: string, signal?: AbortSignal): Promise<Invitation> {
  return (await apiRequest<{ data: Invitation }>('GET', `/api/v1/invitation/${encodeURIComponent(id)}/`, { signal })).data;
}

export async function respondInvitation(id: string, action: InvitationAction): Promise<{ redirect?: string | null }> {
  const answer = await apiRequest<{ data?: { redirect?: string | null }; redirect?: string | null } | undefined>(
    'POST',
    `/api/v1/invitation/${encodeURIComponent(id)}/${action}/`,
    { body: {} },
  );
  return answer?.data ?? answer ?? {};
}
