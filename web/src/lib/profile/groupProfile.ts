// The group profile for this site's organization: POST /group-profiles/ creates it or, when one
// exists, updates it; PATCH /group-profiles/{id}/ updates a known one.
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import type { GroupProfile, GroupProfileUpdate } from './types';

type GroupProfilePatch = components['schemas']['GroupProfilePatch'];

/**
 * The update as the documented GroupProfilePatch: every other field must fit as typed there.
 * SCHEMA-GAP: POST /api/v1/group-profiles/ and PATCH /api/v1/group-profiles/{id}/ document
 * skills and topics as untyped objects (Record<string, never>[]); the server reads ids,
 * {id, name} or {name}.
 */
function toGroupProfilePatch(body: GroupProfileUpdate): GroupProfilePatch {
  const checked: Omit<GroupProfilePatch, 'skills' | 'topics'> & Pick<GroupProfileUpdate, 'skills' | 'topics'> = body;
  return checked as unknown as GroupProfilePatch;
}

export async function saveGroupProfile(body: GroupProfileUpdate): Promise<GroupProfile> {
  return (await unwrap(api.POST('/api/v1/group-profiles/', { body: toGroupProfilePatch(body) }))).data;
}

export async function updateGroupProfile(id: number, body: GroupProfileUpdate): Promise<GroupProfile> {
  return (await unwrap(api.PATCH('/api/v1/group-profiles/{id}/', { params: { path: { id } }, body: toGroupProfilePatch(body) })))
    .data;
}
