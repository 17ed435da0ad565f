import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import ErrorFallbackPage from '../features/errors/components/ErrorFallbackPage';

/** The router's errorElement: logs what failed (a page, or loading a page's code) and shows the fallback. */
export default function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return <ErrorFallbackPage />;
}
