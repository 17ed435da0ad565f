import type { RouteObject } from 'react-router';
import AppLayout from './layouts/AppLayout';
import RouteErrorPage from './RouteErrorPage';
import PageSpinner from '../components/PageSpinner';

/**
 * Only the routes this app delivers so far; every other path is the 404 page. Every page
 * loads on demand, so the first download holds only the shell.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/landing/routes/LandingPage')).default }),
      },
      {
        path: 'terms-and-conditions',
        lazy: async () => ({ Component: (await import('../features/legal/routes/TermsPage')).default }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/errors/routes/NotFoundPage')).default }),
      },
    ],
  },
];
