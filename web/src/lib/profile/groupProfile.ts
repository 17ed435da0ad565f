// The group profile for this site's organization: POST /group-profiles/ creates it or, when one
// exists, updates it; PATCH /group-profiles/{id}/ updates a known one.
import { apiRequest } from '../api/request';
import type { GroupProfile, GroupProfileUpdate } from './types';

export async function saveGroupProfile(body: GroupProfileUpdate): Promise<GroupProfile> {
  return (await apiRequest<{ data: GroupProfile }>('POST', '/api/v1/group-profiles/', { body })).data;
}

export async function updateGroupProfile(id: number, body: GroupProfileUpdate): Promise<GroupProfile> {
  return (await apiRequest<{ data: GroupProfile }>('PATCH', `/api/v1/group-profiles/${id}/`, { body })).data;
}
