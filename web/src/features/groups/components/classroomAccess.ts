// Who sees the Google Classroom panel (spec 001 §6): an administrator with a certified profile
// (or staff), on a group with a classroom id. The server checks the same on every call.
import type { Group } from '../../../lib/groups/types';
import { isAdministrator } from '../../../lib/groups/rules';
import type { Identity } from '../../../lib/auth/identity';

export function showsClassroom(group: Group, identity: Identity | undefined): boolean {
  const courseId = group.google_classroom_id?.trim();
  if (!courseId || !identity || !isAdministrator(group)) return false;
  return identity.is_staff || Boolean(identity.group_profile?.is_certified);
}
