import { Suspense, useEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import PageSpinner from '../components/PageSpinner';
import RouteErrorBoundary from './RouteErrorBoundary';
import { preloadMatches, preloadOnLinkIntent } from './preloadRoutes';
import { useSignInRedirect } from './signInRedirect';

/**
 * The app's routes in React Router's declarative mode (docs/decisions.md "Declarative
 * routing"): the page and its layouts, a spinner while their code loads, and the error page
 * when one fails. Rendered inside a history router over the browser's history (main.tsx), a
 * StaticRouter (the prerender) or a test's in-memory history.
 */
export default function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  // A layout and its page load together rather than one after the other as they render.
  preloadMatches(routes, location).catch(() => undefined);
  const page = useRoutes(routes, location);
  useSignInRedirect();
  useEffect(() => preloadOnLinkIntent(routes), [routes]);
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={<PageSpinner />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
