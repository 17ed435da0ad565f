// The viewport width a prerendered page was rendered for (issue 30). MUI's useMediaQuery
// answers with `ssrMatchMedia` while the page is rendered at build time and while the browser
// hydrates it, so both see the same layout; right after hydration it switches to the real
// viewport. A page that is not hydrated (client rendering) never asks: it reads the real one.

/** Phones first: Lighthouse's mobile device is 412 px wide. */
export const PHONE_WIDTH = 412;
export const DESKTOP_WIDTH = 1280;

let width = PHONE_WIDTH;

export function setFirstRenderWidth(value: number): void {
  width = value;
}

/** Whether a `(min-width:…)`/`(max-width:…)` media query (MUI's breakpoint queries) matches at `at` px. */
export function matchesWidth(query: string, at: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value]) => (kind === 'min' ? at >= Number(value) : at <= Number(value)));
}

/** MUI's `ssrMatchMedia`: the media query against the prerendered width. */
export function ssrMatchMedia(query: string): { matches: boolean } {
  return { matches: matchesWidth(query, width) };
}
