import { createPath, type RouteObject, type To, type UNSAFE_createBrowserHistory } from 'react-router';
import { preloadMatches } from './preloadRoutes';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * A history whose `push` and `replace` take effect once the target's route code is in, as React
 * Router's data router did: the address and the page change together, and until then the page
 * stays as it is (the router renders in a transition). Navigations apply in the order they were
 * made; one whose code fails to load still goes ahead (its page then shows the error page).
 */
export function codeFirstHistory(history: History, routes: RouteObject[]): History {
  let queue: Promise<unknown> = Promise.resolve();
  const after = (to: To, go: () => void) => {
    const loading = preloadMatches(routes, typeof to === 'string' ? to : createPath(to)).catch(() => undefined);
    queue = Promise.all([queue, loading]).then(go);
  };
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    listen: (listener) => history.listen(listener),
    go: (delta) => history.go(delta),
    push: (to, state?: unknown) => after(to, () => history.push(to, state)),
    replace: (to, state?: unknown) => after(to, () => history.replace(to, state)),
  };
}
