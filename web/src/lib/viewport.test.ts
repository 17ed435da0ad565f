import { describe, expect, it } from 'vitest';
import { matchesWidth, setFirstRenderWidth, ssrMatchMedia, DESKTOP_WIDTH, PHONE_WIDTH } from './viewport';

describe('the prerendered viewport', () => {
  it('answers MUI breakpoint queries at a width', () => {
    expect(matchesWidth('(min-width:1024px)', 1280)).toBe(true);
    expect(matchesWidth('(min-width:1024px)', 412)).toBe(false);
    expect(matchesWidth('(max-width:767.95px)', 412)).toBe(true);
    expect(matchesWidth('(min-width:640px) and (max-width:767.95px)', 700)).toBe(true);
    expect(matchesWidth('(prefers-reduced-motion: reduce)', 412)).toBe(false);
  });

  it('renders phones first, and desktops when told', () => {
    setFirstRenderWidth(PHONE_WIDTH);
    expect(ssrMatchMedia('(max-width:767.95px)').matches).toBe(true);
    setFirstRenderWidth(DESKTOP_WIDTH);
    expect(ssrMatchMedia('(min-width:1024px)').matches).toBe(true);
    setFirstRenderWidth(PHONE_WIDTH);
  });
});
