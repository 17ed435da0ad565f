import { describe, expect, it } from 'vitest';
import { nextFromSearch, pathWithIntent, withIntent, withoutIntents } from './next';

describe('next and the join/follow intent', () => {
  it('carries join=true or follow=true into next', () => {
    expect(nextFromSearch('?next=%2Fcircle%2Fai&join=true')).toBe('/circle/ai?join=true');
    expect(nextFromSearch('?next=%2Fevent%2Fx%3Ftab%3D1%23top&follow=true')).toBe('/event/x?tab=1&follow=true#top');
    expect(nextFromSearch('?next=%2Fcircle%2Fai')).toBe('/circle/ai');
    expect(nextFromSearch('?next=%2Fcircle%2Fai&join=false')).toBe('/circle/ai');
  });

  it('adds nothing to the fallback or to a refused next', () => {
    expect(nextFromSearch('?join=true')).toBe('/');
    expect(nextFromSearch('?next=%2F%2Fevil.example&join=true')).toBe('/');
  });

  it('builds the guest sign-in address without an intent already in next', () => {
    expect(pathWithIntent('/login', '/circle/ai?join=true', 'join')).toBe('/login?next=%2Fcircle%2Fai&join=true');
    expect(pathWithIntent('/signup', '/circles?q=ai', 'join')).toBe('/signup?next=%2Fcircles%3Fq%3Dai&join=true');
    expect(withoutIntents('/org/x?follow=true&tab=2')).toBe('/org/x?tab=2');
    expect(withIntent('/org/x', 'follow')).toBe('/org/x?follow=true');
  });
});
