// Connect's types (spec 002 §2 "Connect"): the connection parameter and its labels.
import type { ConnectItem, ConnectType } from '../../lib/discover/types';
import { pagePath } from '../../lib/pagePaths';

export const CONNECT_TYPES: readonly { value: ConnectType; label: string; noun: string }[] = [
  { value: 'all', label: 'All', noun: 'connections' },
  { value: 'user', label: 'People', noun: 'people' },
  { value: 'circle', label: 'Circles', noun: 'circles' },
  { value: 'organization', label: 'Organizations', noun: 'organizations' },
  { value: 'event', label: 'Events', noun: 'events' },
];

/** The connection parameter, all when missing or unknown. */
export function readConnectType(value: string | null): ConnectType {
  return CONNECT_TYPES.find((type) => type.value === value)?.value ?? 'all';
}

export function typeInfo(type: ConnectType) {
  return CONNECT_TYPES.find((option) => option.value === type) ?? CONNECT_TYPES[0]!;
}

/** 'Sorry, no {type} found' after a search, 'You do not have any {type} yet!' otherwise. */
export function emptyText(type: ConnectType, searching: boolean): string {
  const noun = typeInfo(type).noun;
  return searching ? `Sorry, no ${noun} found` : `You do not have any ${noun} yet!`;
}

const ITEM_LABELS: Record<string, string> = {
  user: 'Person',
  circle: 'Circle',
  event: 'Event',
  organization: 'Organization',
  institution: 'Institution',
  job: 'Job',
};

export function itemTypeLabel(type: string): string {
  return ITEM_LABELS[type] ?? type;
}

/** The kinds of item Connect lists. */
const ITEM_TYPES = new Set<string>(['user', 'circle', 'event', 'job', 'organization', 'institution']);

/** The page an item opens (spec 000 §2 route table), or null without a slug. */
export function itemPath(item: Pick<ConnectItem, 'type' | 'slug' | 'name_slug'>): string | null {
  const raw = item.slug || item.name_slug;
  if (!raw) return null;
  return ITEM_TYPES.has(item.type) ? pagePath(item.type, raw) : null;
}

function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** What a card offers: a label for a membership, or the follow button (followed or not). */
export type CardAction = { kind: 'label'; label: string } | { kind: 'follow'; followed: boolean };

/**
 * Follow on Connect (spec 002 §4 "Follow"): people are followed when is_followed says so; a
 * group the caller is a member of (membership_type member, status not rejected) shows the
 * role, capitalised, when accepted, or the status ('Pending'); only a follow reads Followed.
 * Without the membership fields (an older server) the reason decides: Member is a membership,
 * Following a follow; otherwise `followedByDefault` (the caller's own connections are followed).
 */
export function cardAction(
  item: Pick<ConnectItem, 'type' | 'reason' | 'is_followed' | 'membership_type' | 'membership_status' | 'membership_role'>,
  followedByDefault: boolean,
): CardAction {
  if (item.type !== 'user') {
    const status = item.membership_status;
    if (item.membership_type !== 'follower' && status && status !== 'rejected') {
      return { kind: 'label', label: status === 'accepted' ? capitalize(item.membership_role || 'member') : capitalize(status) };
    }
    if (item.membership_type === 'follower') return { kind: 'follow', followed: true };
    // The server told the membership (rejected, or none): followed only if it says so.
    if (item.membership_type != null || item.membership_status != null) return { kind: 'follow', followed: Boolean(item.is_followed) };
    if (item.reason === 'Member') return { kind: 'label', label: capitalize(item.membership_role || 'member') };
  }
  const followed = item.is_followed ?? (item.reason === 'Following' ? true : followedByDefault);
  return { kind: 'follow', followed };
}
