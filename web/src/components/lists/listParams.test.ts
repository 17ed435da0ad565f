import { describe, expect, it } from 'vitest';
import { pageCount, readList, readPage, readValue, withFilter, withPage } from './listParams';

const qs = (value: string) => new URLSearchParams(value);

describe('list query parameters', () => {
  it('falls back to page 1 for a missing, zero, negative or non-numeric page', () => {
    expect(readPage(qs(''))).toBe(1);
    expect(readPage(qs('page=0'))).toBe(1);
    expect(readPage(qs('page=-3'))).toBe(1);
    expect(readPage(qs('page=abc'))).toBe(1);
    expect(readPage(qs('page=2.5'))).toBe(1);
    expect(readPage(qs('page=4'))).toBe(4);
  });

  it('reads all as no filter', () => {
    expect(readValue(qs('weeks=all'), 'weeks')).toBeNull();
    expect(readValue(qs('weeks='), 'weeks')).toBeNull();
    expect(readValue(qs('weeks=4'), 'weeks')).toBe('4');
    expect(readList(qs('circle_status=1,all,,3'), 'circle_status')).toEqual(['1', '3']);
  });

  it('removes page whenever a filter changes, and drops all and empty values', () => {
    expect(withFilter(qs('q=data&page=3'), 'weeks', '4').toString()).toBe('q=data&weeks=4');
    expect(withFilter(qs('weeks=4&page=2'), 'weeks', 'all').toString()).toBe('');
    expect(withFilter(qs('weeks=4'), 'weeks', null).toString()).toBe('');
    expect(withFilter(qs('page=2'), 'circle_status', ['1', '2']).toString()).toBe('circle_status=1%2C2');
    expect(withFilter(qs('circle_status=1'), 'circle_status', []).toString()).toBe('');
  });

  it('keeps the filters when the page changes, and page 1 has no page parameter', () => {
    expect(withPage(qs('q=data'), 2).toString()).toBe('q=data&page=2');
    expect(withPage(qs('q=data&page=2'), 1).toString()).toBe('q=data');
  });

  it('counts pages', () => {
    expect(pageCount(0, 9)).toBe(0);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
  });
});
