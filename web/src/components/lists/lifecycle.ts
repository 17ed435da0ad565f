// Circle and event lifecycle (spec 001 §4): the status filter keys 1 to 6, in that order.
import type { LifecycleKey } from '../../lib/discover/types';

export const LIFECYCLE_LABELS: Record<LifecycleKey, string> = {
  1: 'Upcoming',
  2: 'Registration Open',
  3: 'Registration Closed',
  4: 'Running',
  5: 'Closed',
  6: 'Archived',
};

export const LIFECYCLE_KEYS: readonly LifecycleKey[] = [1, 2, 3, 4, 5, 6];

export function isLifecycleKey(value: string): boolean {
  return LIFECYCLE_KEYS.some((key) => String(key) === value);
}

/** Whether a group's lifecycle key (a number from the server) is one of the six. */
export function isKnownLifecycleKey(key: number): key is LifecycleKey {
  return LIFECYCLE_KEYS.some((known) => known === key);
}
