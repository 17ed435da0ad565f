// Connect's types (spec 002 §2 "Connect"): the connection parameter and its labels.
import type { ConnectItem, ConnectType } from '../../lib/discover/types';

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

/** The page an item opens (spec 000 §2 route table), or null without a slug. */
export function itemPath(item: Pick<ConnectItem, 'type' | 'slug' | 'name_slug'>): string | null {
  const raw = item.slug || item.name_slug;
  if (!raw) return null;
  const slug = encodeURIComponent(raw);
  switch (item.type) {
    case 'user':
      return `/profile/${slug}`;
    case 'circle':
      return `/circle/${slug}`;
    case 'event':
      return `/event/${slug}`;
    case 'job':
      return `/job/${slug}`;
    case 'organization':
    case 'institution':
      return `/org/${slug}`;
    default:
      return null;
  }
}
