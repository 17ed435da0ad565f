// The right panel's rules for recommended items (spec 002 §4 "Recommendations and package
// emailing", §8): duplicates removed by slug or source, at most 5 per type, the types in a
// fixed order, the first 2 inline and the rest behind Show More.
import type { ChatPart, RecommendedItem } from './types';
import { pagePath } from '../pagePaths';

export const TYPE_ORDER = [
  'resource',
  'external_resource',
  'internal_resource',
  'user',
  'event',
  'circle',
  'organization',
  'job',
  'ai_tool',
  'use_case',
  'prompt',
  'career_tip',
] as const;

export const MAX_PER_TYPE = 5;
export const INLINE_ITEMS = 2;
export const TITLE_CHARS = 20;

function rank(type: string): number {
  const i = (TYPE_ORDER as readonly string[]).indexOf(type);
  return i === -1 ? TYPE_ORDER.length : i;
}

/** De-duplicated, at most 5 per type, ordered by type (stable within a type). */
export function orderItems(items: RecommendedItem[]): RecommendedItem[] {
  const seen = new Set<string>();
  const perType = new Map<string, number>();
  const kept: RecommendedItem[] = [];
  for (const item of items) {
    const key = `${item.type}:${item.slug || item.source || item.id}`;
    const sourceKey = item.source ? `source:${item.source}` : null;
    if (seen.has(key) || (sourceKey && seen.has(sourceKey))) continue;
    const count = perType.get(item.type) ?? 0;
    if (count >= MAX_PER_TYPE) continue;
    seen.add(key);
    if (sourceKey) seen.add(sourceKey);
    perType.set(item.type, count + 1);
    kept.push(item);
  }
  return kept
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.type) - rank(b.item.type) || a.index - b.index)
    .map(({ item }) => item);
}

/** The first two shown inline, the rest in the Related drawer. */
export function splitItems(items: RecommendedItem[]): { inline: RecommendedItem[]; more: RecommendedItem[] } {
  const ordered = orderItems(items);
  return { inline: ordered.slice(0, INLINE_ITEMS), more: ordered.slice(INLINE_ITEMS) };
}

/** Where a recommended item opens in the app; external items open their source. */
export function itemLink(item: RecommendedItem): string {
  if (item.type === 'external_resource') return item.source ?? `/resource/${encodeURIComponent(item.slug)}`;
  // Any other type (an institution too) opens as a resource.
  return (item.type !== 'institution' && pagePath(item.type, item.slug)) || `/resource/${encodeURIComponent(item.slug)}`;
}

/** A title cut to 20 characters for a recommendation row. */
export function shortTitle(title: string): string {
  return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS)}…` : title;
}

export const TYPE_LABELS: Record<string, string> = {
  resource: 'Resource',
  external_resource: 'Resource',
  internal_resource: 'Resource',
  user: 'Person',
  event: 'Event',
  circle: 'Circle',
  organization: 'Organization',
  job: 'Job',
  ai_tool: 'AI tool',
  use_case: 'Use case',
  prompt: 'Prompt',
  career_tip: 'Career tip',
};

/** An answer's parts in the order they are shown: recommendations, text, relevant questions. */
export function orderedParts(parts: ChatPart[]): ChatPart[] {
  const order = ['recommendations', 'text', 'relevant_questions'];
  return [...parts].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

// Which pages show the right panel: its own module, so that the app layout, which asks on every
// page, does without the rules above.
export { showsRightPanel } from './rightPanel';
