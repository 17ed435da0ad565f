import { use, type ComponentType, type FunctionComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';

/** A route's page or layout, loaded on demand; `preload` fetches its code ahead of the first render. */
export type LazyRouteComponent = FunctionComponent & {
  preload: () => Promise<unknown>;
  /** A table of routes (`lazyRoutes`): its routes, once loaded. */
  routes?: () => Promise<RouteObject[]>;
};

/** `load`, called once (again after a failure); the promise is marked settled for React's `use`. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const promise: Promise<T> = load().then(
        (value) => {
          // Read by `use`: a promise already settled this way is not waited for.
          Object.assign(promise, { status: 'fulfilled', value });
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      pending = promise;
    }
    return pending;
  };
}

/**
 * A component whose code loads the first time it renders (it suspends until then: the nearest
 * Suspense shows its fallback) or earlier, when `preload` is called: by the router for every
 * route a location matches, at once, and on a link's hover or focus (app/preloadRoutes.ts).
 * Once loaded it renders synchronously (React's `use` reads a settled promise's `status` and
 * `value`), so a prerendered page whose routes were preloaded hydrates without suspending.
 * A failed load is forgotten, so the next render tries again.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRouteComponent {
  const preload = once(load);
  function LazyRoute() {
    const Component = use(preload());
    return <Component />;
  }
  return Object.assign(LazyRoute, { preload });
}

/**
 * A table of routes loaded on demand and rendered below the route that holds it (a splat
 * route: `path: '*'`), as React Router's descendant routes. Its routes are preloaded with it
 * (app/preloadRoutes.ts).
 */
export function lazyRoutes(load: () => Promise<RouteObject[]>): LazyRouteComponent {
  const routes = once(load);
  function LazyRoutes() {
    return useRoutes(use(routes()));
  }
  return Object.assign(LazyRoutes, { preload: routes, routes });
}
