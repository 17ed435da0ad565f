// What a group card shows (spec 001 §5 "Card display rules", §9): the first 2 topics, the
// first 2 or 4 countries, the rest as '+N more'; the price or free; the commitment in weeks.
import type { Group } from '../../lib/discover/types';
import { LIFECYCLE_LABELS, isKnownLifecycleKey } from './lifecycle';
import { dayLabel } from '../../lib/dates';

export interface Shown<T> {
  items: T[];
  /** How many are left out ('+N more'); 0 for none. */
  more: number;
}

export function firstOf<T>(items: readonly T[] | null | undefined, limit: number): Shown<T> {
  const all = items ?? [];
  return { items: all.slice(0, limit), more: Math.max(0, all.length - limit) };
}

export function moreLabel(more: number): string | null {
  return more > 0 ? `+${more} more` : null;
}

/** '$49.00' for a paid group with a price, otherwise 'Free'. */
export function priceLabel(group: Pick<Group, 'is_paid' | 'price'>): string {
  if (!group.is_paid || group.price === null || group.price === undefined || group.price === '') return 'Free';
  const amount = Number(group.price);
  if (!Number.isFinite(amount) || amount <= 0) return 'Free';
  return `$${amount.toFixed(2)}`;
}

/** 'N weeks' ('1 week'), or null without a commitment. */
export function commitmentLabel(weeks: number | null | undefined): string | null {
  if (weeks === null || weeks === undefined || weeks <= 0) return null;
  return weeks === 1 ? '1 week' : `${weeks} weeks`;
}

/** The lifecycle as the lists show it (Upcoming … Archived). */
export function lifecycleLabel(group: Pick<Group, 'lifecycle'>): string | null {
  const key = group.lifecycle?.key;
  if (key !== undefined && isKnownLifecycleKey(key)) return LIFECYCLE_LABELS[key];
  return group.lifecycle?.label ?? null;
}

/** The countries a group names: its list, else its single country. */
export function groupCountries(group: Pick<Group, 'countries' | 'country'>): string[] {
  if (group.countries && group.countries.length) return group.countries;
  return group.country ? [group.country] : [];
}

/** Plain text of an HTML snippet, cut at `limit` characters with an ellipsis. */
export function snippet(html: string | null | undefined, limit: number): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // Blocks and line breaks are separate words once flattened ("…authors." + "Check…").
  body.querySelectorAll('p, div, li, br, h1, h2, h3, h4, h5, h6, blockquote').forEach((node) => node.after(' '));
  const text = body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit).trimEnd()}…` : flat;
}

/** 'Mar 3, 2027' for a YYYY-MM-DD date. */
export function formatDate(date: string | null | undefined): string | null {
  if (!date) return null;
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return null;
  return dayLabel(Date.UTC(year, month - 1, day));
}

/** The page a circle or event opens. */
export function groupPath(group: Pick<Group, 'group_type' | 'name_slug'>): string {
  const slug = encodeURIComponent(group.name_slug);
  if (group.group_type === 'circle') return `/circle/${slug}`;
  if (group.group_type === 'event') return `/event/${slug}`;
  return `/org/${slug}`;
}
