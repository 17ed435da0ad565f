import { matchRoutes, type RouteObject } from 'react-router';
import type { LazyRouteComponent } from './lazyRoute';

/**
 * Starts loading the code of every route `location` matches (a layout and its page together,
 * not one after the other as they render), and of the routes it matches in a table loaded on
 * demand (`lazyRoutes`) once that is in. Resolves once all of it is in.
 */
export function preloadMatches(routes: RouteObject[], location: string | { pathname: string }): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.all(
    matches.map(async ({ route, params }) => {
      const lazy = route.Component as Partial<LazyRouteComponent> | null | undefined;
      if (lazy?.routes) {
        // A table under a splat route matches what the splat matched.
        return preloadMatches(await lazy.routes(), `/${params['*'] ?? ''}`);
      }
      return lazy?.preload?.();
    }),
  );
}

const INTENT = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Preloads a link's page when the pointer rests on it, it gets the focus or a finger touches it:
 * its code is usually in by the time the click lands. Returns the function that stops listening.
 */
export function preloadOnLinkIntent(routes: RouteObject[]): () => void {
  const onIntent = (event: Event) => {
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    // A failed load is retried, and reported, when the page renders.
    preloadMatches(routes, link.pathname).catch(() => undefined);
  };
  for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT) document.removeEventListener(type, onIntent, { capture: true });
  };
}
