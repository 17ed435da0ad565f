import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the `lazy` parts of the routes matching `location` and puts them in place, so that a
 * router created afterwards renders the page at once instead of its fallback: what hydrating a
 * prerendered page needs (its first render must be the prerendered one).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      route.lazy = undefined;
    }),
  );
}
