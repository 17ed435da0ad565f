// Test helper: a window whose media queries answer as `matches` says (jsdom has no layout).
import { vi } from 'vitest';

/** Stubs `window.matchMedia`; undo with `vi.unstubAllGlobals()`. */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
