import { describe, expect, it } from 'vitest';
import { itemLink, orderItems, orderedParts, shortTitle, showsRightPanel, splitItems } from './itemRules';
import type { RecommendedItem } from './types';

function item(type: string, slug: string, extra: Partial<RecommendedItem> = {}): RecommendedItem {
  return { id: slug.length, type, slug, name: slug, title: slug, reason: '', description: '', image_path: null, ...extra };
}

describe('recommended items in the right panel', () => {
  it('orders by type, removes duplicates and keeps at most 5 per type', () => {
    const items = [
      item('job', 'j1'),
      item('circle', 'c1'),
      ...Array.from({ length: 7 }, (_, i) => item('user', `u${i}`)),
      item('circle', 'c1'),
      item('resource', 'r1'),
      item('external_resource', 'x1', { source: 'https://a.example' }),
      item('external_resource', 'x2', { source: 'https://a.example' }),
    ];
    const ordered = orderItems(items);
    expect(ordered.map((i) => i.slug)).toEqual(['r1', 'x1', 'u0', 'u1', 'u2', 'u3', 'u4', 'c1', 'j1']);
  });

  it('shows the first 2 inline and the rest behind Show More', () => {
    const { inline, more } = splitItems([item('circle', 'a'), item('event', 'b'), item('user', 'c')]);
    expect(inline.map((i) => i.slug)).toEqual(['c', 'b']);
    expect(more.map((i) => i.slug)).toEqual(['a']);
    expect(splitItems([]).more).toEqual([]);
  });

  it('links every type to its page', () => {
    expect(itemLink(item('circle', 'prompt-circle'))).toBe('/circle/prompt-circle');
    expect(itemLink(item('user', 'sam-okafor'))).toBe('/profile/sam-okafor');
    expect(itemLink(item('job', 'data'))).toBe('/job/data');
    expect(itemLink(item('prompt', 'ask-better'))).toBe('/resource/ask-better');
    expect(itemLink(item('career_tip', 'say-no'))).toBe('/career-tip/say-no');
    expect(itemLink(item('external_resource', 'x', { source: 'https://a.example' }))).toBe('https://a.example');
  });

  it('cuts titles to 20 characters and orders answer parts', () => {
    expect(shortTitle('Prompt Engineering Practice Circle')).toBe('Prompt Engineering P…');
    expect(shortTitle('Short')).toBe('Short');
    const parts = orderedParts([
      { type: 'relevant_questions', value: [] },
      { type: 'text', value: 'x' },
      { type: 'recommendations', value: { items: [] } },
    ]);
    expect(parts.map((p) => p.type)).toEqual(['recommendations', 'text', 'relevant_questions']);
  });

  it('shows the panel on the listed pages only', () => {
    expect(showsRightPanel('/circles')).toBe(true);
    expect(showsRightPanel('/jobs')).toBe(true);
    expect(showsRightPanel('/recommendation-package')).toBe(false);
    expect(showsRightPanel('/profile/me')).toBe(false);
  });
});
