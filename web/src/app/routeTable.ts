import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute, type LazyRouteComponent } from './lazyRoute';

type PageModule<K extends string> = { [key in K]: ComponentType };

/** A page or layout loaded on demand: the module's default export, or its export `name`. */
export function lazyPage<K extends string = 'default'>(load: () => Promise<PageModule<NoInfer<K>>>, name?: K): LazyRouteComponent {
  return lazyRoute(async () => (await load())[name ?? ('default' as K)]);
}

/** The route of `path` with a page loaded on demand (`lazyPage`). */
export function page<K extends string = 'default'>(path: string, load: () => Promise<PageModule<NoInfer<K>>>, name?: K): RouteObject {
  return { path, Component: lazyPage(load, name) };
}

/** The index route of its parent, with a page loaded on demand (`lazyPage`). */
export function indexPage<K extends string = 'default'>(load: () => Promise<PageModule<NoInfer<K>>>, name?: K): RouteObject {
  return { index: true, Component: lazyPage(load, name) };
}
