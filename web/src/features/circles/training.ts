// The default training circle (spec 002 §4 "Training application").
import type { Group, MembershipStatus } from '../../lib/discover/types';

/** The site's default training circle: extra_info.training_circle of GET /groups/default/, or null. */
export function trainingCircleId(organization: Pick<Group, 'extra_info'> | undefined): number | null {
  const raw = organization?.extra_info?.training_circle;
  const id = typeof raw === 'string' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The button's text for a membership (spec 002 §4 "Training application"). */
export function trainingLabel(status: MembershipStatus | null | undefined, applying: boolean): string {
  if (applying) return 'Applying';
  if (status === 'pending') return 'Requested';
  if (status === 'accepted') return 'Accepted for Training';
  return 'Apply for Training';
}
