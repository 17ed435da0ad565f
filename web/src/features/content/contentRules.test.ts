import { describe, expect, it } from 'vitest';
import { acceptedFile, fileLimitError, linksIn, needsShowMore, parseIds, validatePost, validateResource } from './contentRules';

describe('content rules', () => {
  it('accepts video, image and pdf files, at most 7', () => {
    expect(acceptedFile({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(acceptedFile({ type: 'video/mp4', name: 'a.mp4' })).toBe(true);
    expect(acceptedFile({ type: 'application/pdf', name: 'a.pdf' })).toBe(true);
    expect(acceptedFile({ type: 'application/zip', name: 'a.zip' })).toBe(false);
    expect(fileLimitError(6, 1)).toBeNull();
    expect(fileLimitError(7, 1)).toBe('Maximum 7 files');
  });

  it('finds links and cuts long posts', () => {
    expect(linksIn('see https://youtu.be/abc, and https://example.org/x. https://youtu.be/abc')).toEqual([
      'https://youtu.be/abc',
      'https://example.org/x',
    ]);
    expect(needsShowMore(`<p>${'a'.repeat(1201)}</p>`)).toBe(true);
    expect(needsShowMore('<p>short</p>')).toBe(false);
  });

  it('requires what each form requires', () => {
    expect(validatePost({ content: '<p> </p>', group: null, security_level: 20 })).toEqual({ content: 'Required', group: 'Required' });
    const blank = { title: '', content: '', group: null, topics: [], topic_area: null, career_stages: [], security_level: 0 };
    expect(Object.keys(validateResource(blank, true)).sort()).toEqual(['career_stages', 'content', 'group', 'title', 'topic_area', 'topics']);
    expect(Object.keys(validateResource(blank, false)).sort()).toEqual(['content', 'group', 'title']);
    expect(parseIds('1, 2,x,0')).toEqual([1, 2]);
  });
});
