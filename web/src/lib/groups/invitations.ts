// Invitations (the groups API contract in openapi.json, through the generated client): invite
// people, read an invitation, accept or reject it.
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { toGroup } from './groups';
import { sent } from './sent';
import type { Invitation, InvitationAction, InviteBody } from './types';

export function inviteUsers(body: InviteBody): Promise<components['schemas']['MessageOnly']> {
  return unwrap(api.POST('/api/v1/invite-users/', { body }));
}

export async function fetchInvitation(id: string, signal?: AbortSignal): Promise<Invitation> {
  const view = sent((await unwrap(api.GET('/api/v1/invitation/{id}/', { params: { path: { id } }, signal }))).data);
  return { ...view, results: toGroup(view.results) };
}

/** POST /invitation/{id}/{action}/ (no body: the server reads none). */
export function respondInvitation(id: string, action: InvitationAction): Promise<components['schemas']['InvitationAnswer']> {
  return unwrap(api.POST('/api/v1/invitation/{id}/{action}/', { params: { path: { id, action } } }));
}
