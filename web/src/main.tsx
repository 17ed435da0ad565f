import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './app/fonts.css';
import AppProviders from './app/providers';
import ErrorBoundary from './app/ErrorBoundary';
import { routes } from './app/routes';
import { loadMatchedRoutes } from './app/loadMatchedRoutes';
import { queryClient } from './lib/queryClient';
import { takeTokensFromUrl } from './lib/session';
import { setSignInRedirect } from './lib/api/renewal';
import { signInRedirect } from './app/signInRedirect';
import { appConfigQuery, inlinedAppConfig } from './lib/config/appConfig';
import { DESKTOP_WIDTH, PHONE_WIDTH, setFirstRenderWidth } from './lib/viewport';
import { takeFirstData } from './lib/api/firstData';

async function start(root: HTMLElement) {
  // The tenant's configuration came with the page: the app renders without asking for it.
  const inlined = inlinedAppConfig();
  if (inlined) queryClient.setQueryData(appConfigQuery.queryKey, inlined);
  // The first page's data came with it too (lib/api/firstData.ts): its requests are answered from it.
  takeFirstData();

  // A guest first screen prerendered at build time and filled in by the server (issue 30,
  // scripts/prerender.mjs) is hydrated: the route's code is loaded first, so the first render
  // is the prerendered one, and it runs in a transition, in slices that leave the main thread
  // free. Any other page (signed in, or no template) is rendered here.
  const prerendered = root.dataset.prerendered;
  if (prerendered) {
    setFirstRenderWidth(prerendered === 'desktop' ? DESKTOP_WIDTH : PHONE_WIDTH);
    await loadMatchedRoutes(routes, window.location);
  }
  const router = createBrowserRouter(routes);
  setSignInRedirect(signInRedirect(router));
  const app = (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
  if (prerendered) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

// Tokens handed over in the address are stored, dropped from it, and the page loads again
// (spec 000 §2 "Query behaviour").
const withoutTokens = takeTokensFromUrl(window.location.href);
if (withoutTokens) {
  window.location.replace(withoutTokens);
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  void start(root);
}
