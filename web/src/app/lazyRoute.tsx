import { use, type ComponentType, type FunctionComponent } from 'react';

/** A route's page or layout, loaded on demand; `preload` fetches its code ahead of the first render. */
export type LazyRouteComponent = FunctionComponent & {
  preload: () => Promise<ComponentType>;
};

/**
 * A component whose code loads the first time it renders (it suspends until then: the nearest
 * Suspense shows its fallback) or earlier, when `preload` is called: by the router for every
 * route a location matches, at once, and on a link's hover or focus (app/preloadRoutes.ts).
 * Once loaded it renders synchronously (React's `use` reads a settled promise's `status` and
 * `value`), so a prerendered page whose routes were preloaded hydrates without suspending.
 * A failed load is forgotten, so the next render tries again.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRouteComponent {
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!pending) {
      const promise: Promise<ComponentType> = load().then(
        (component) => {
          // Read by `use`: a promise already settled this way is not waited for.
          Object.assign(promise, { status: 'fulfilled', value: component });
          return component;
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
  function LazyRoute() {
    const Component = use(preload());
    return <Component />;
  }
  return Object.assign(LazyRoute, { preload });
}
