import type { Connection } from '../../api/types';

/** The page a connection item opens (spec 000 §2 route table). */
export function connectionPath(item: Pick<Connection, 'type' | 'slug'>): string | null {
  if (!item.slug) return null;
  const slug = encodeURIComponent(item.slug);
  switch (item.type) {
    case 'user':
      return `/profile/${slug}`;
    case 'circle':
      return `/circle/${slug}`;
    case 'event':
      return `/event/${slug}`;
    case 'organization':
    case 'institution':
      return `/org/${slug}`;
    default:
      return null;
  }
}

export const CONNECTION_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'user', label: 'People' },
  { value: 'circle', label: 'Circles' },
  { value: 'organization', label: 'Organizations' },
  { value: 'institution', label: 'Institutions' },
  { value: 'event', label: 'Events' },
] as const;
