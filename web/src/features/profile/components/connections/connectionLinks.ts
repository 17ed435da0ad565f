import type { Connection } from '../../api/types';
import { pagePath } from '../../../../lib/pagePaths';

/** The page a connection item opens (spec 000 §2 route table). */
export function connectionPath(item: Pick<Connection, 'type' | 'slug'>): string | null {
  if (!item.slug) return null;
  return pagePath(item.type, item.slug);
}

export const CONNECTION_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'user', label: 'People' },
  { value: 'circle', label: 'Circles' },
  { value: 'organization', label: 'Organizations' },
  { value: 'institution', label: 'Institutions' },
  { value: 'event', label: 'Events' },
] as const;
