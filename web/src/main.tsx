import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './app/fonts.css';
import AppProviders from './app/providers';
import ErrorBoundary from './app/ErrorBoundary';
import { routes } from './app/routes';
import { queryClient } from './lib/queryClient';
import { takeTokensFromUrl } from './lib/session';
import { setSignInRedirect } from './lib/api/renewal';
import { signInRedirect } from './app/signInRedirect';
import { appConfigQuery, inlinedAppConfig } from './lib/config/appConfig';

// Tokens handed over in the address are stored, dropped from it, and the page loads again
// (spec 000 §2 "Query behaviour").
const withoutTokens = takeTokensFromUrl(window.location.href);
if (withoutTokens) {
  window.location.replace(withoutTokens);
} else {
  // The tenant's configuration came with the page: the app renders without asking for it.
  const inlined = inlinedAppConfig();
  if (inlined) queryClient.setQueryData(appConfigQuery.queryKey, inlined);
  const router = createBrowserRouter(routes);
  setSignInRedirect(signInRedirect(router));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>,
  );
}
