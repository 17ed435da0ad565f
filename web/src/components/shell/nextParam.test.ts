import { describe, expect, it } from 'vitest';
import { withNext } from './nextParam';

describe('withNext', () => {
  it('carries the current path and query string', () => {
    expect(withNext('/login', { pathname: '/circles', search: '?status=open&page=2' })).toBe(
      '/login?next=%2Fcircles%3Fstatus%3Dopen%26page%3D2',
    );
    expect(withNext('/signup', { pathname: '/', search: '' })).toBe('/signup?next=%2F');
  });

  it('passes on the next of a page that has one instead of nesting it', () => {
    expect(withNext('/signup', { pathname: '/login', search: '?next=%2Fjobs' })).toBe('/signup?next=%2Fjobs');
    expect(withNext('/login', { pathname: '/signup', search: '' })).toBe('/login?next=%2F');
  });
});
