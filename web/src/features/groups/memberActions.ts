// What an administrator may do to one member (spec 001 §4 "Administrator actions on members"),
// as the row menus offer it. No I/O.
import type { Group, Member } from '../../lib/groups/types';

export type MemberAction = 'details' | 'accept' | 'reject' | 'add-back' | 'mark-paid' | 'mark-unpaid' | 'remove';

export const MEMBER_ACTION_LABELS: Record<MemberAction, string> = {
  details: 'View details',
  accept: 'Accept',
  reject: 'Reject',
  'add-back': 'Add back',
  'mark-paid': 'Mark as paid',
  'mark-unpaid': 'Mark as unpaid',
  remove: 'Remove member',
};

/** Payment can be marked on an accepted member of a paid group whose payment is not confirmed. */
export function canMarkPayment(member: Pick<Member, 'membership_status' | 'payment_status'>, group: Pick<Group, 'is_paid'>): boolean {
  return group.is_paid && member.membership_status === 'accepted' && member.payment_status !== 'confirmed';
}

/**
 * The row actions on `member` for an administrator whose user id is `selfId`: details (the
 * answers) for everyone; accept or reject a pending request (respond-join-request takes only
 * pending ones); add a rejected person back (add-member with a role); mark payment; remove an
 * accepted member other than oneself (with a reason).
 */
export function memberActions(member: Member, group: Pick<Group, 'is_paid'>, selfId: number | undefined): MemberAction[] {
  const list: MemberAction[] = ['details'];
  switch (member.membership_status) {
    case 'pending':
      list.push('accept', 'reject');
      break;
    case 'rejected':
      list.push('add-back');
      break;
    case 'accepted':
      if (canMarkPayment(member, group)) list.push('mark-paid', 'mark-unpaid');
      if (member.id !== selfId) list.push('remove');
      break;
    default:
      break;
  }
  return list;
}
