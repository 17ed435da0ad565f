import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import './app/fonts.css';
import AppProviders from './app/providers';
import ErrorBoundary from './app/ErrorBoundary';
import AppRoutes from './app/AppRoutes';
import { routes } from './app/routes';
import { preloadMatches } from './app/preloadRoutes';
import { codeFirstHistory } from './app/codeFirstHistory';
import { queryClient } from './lib/queryClient';
import { takeTokensFromUrl } from './lib/session';
import { appConfigQuery, inlinedAppConfig } from './lib/config/appConfig';
import { DESKTOP_WIDTH, PHONE_WIDTH, setFirstRenderWidth } from './lib/viewport';
import { takeFirstData } from './lib/api/firstData';

async function start(root: HTMLElement) {
  // The tenant's configuration came with the page: the app renders without asking for it.
  const inlined = inlinedAppConfig();
  if (inlined) queryClient.setQueryData(appConfigQuery.queryKey, inlined);
  // The first page's data came with it too (lib/api/firstData.ts): its requests are answered from it.
  takeFirstData();

  // The page's code starts loading now, with the configuration and the providers.
  const routeCode = preloadMatches(routes, window.location);
  // A guest first screen prerendered at build time and filled in by the server (issue 30,
  // scripts/prerender.mjs) is hydrated: the route's code is loaded first, so the first render
  // is the prerendered one, and it runs in a transition, in slices that leave the main thread
  // free. Any other page (signed in, or no template) is rendered here.
  const prerendered = root.dataset.prerendered;
  if (prerendered) {
    setFirstRenderWidth(prerendered === 'desktop' ? DESKTOP_WIDTH : PHONE_WIDTH);
    // A chunk that failed to load is tried again by the render, which then shows the error page.
    await routeCode.catch(() => undefined);
  } else {
    routeCode.catch(() => undefined);
  }
  // BrowserRouter's history, with navigations that wait for the target's code (app/codeFirstHistory.ts).
  const history = codeFirstHistory(createBrowserHistory({ v5Compat: true }), routes);
  const app = (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders client={queryClient}>
          <HistoryRouter history={history}>
            <AppRoutes routes={routes} />
          </HistoryRouter>
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
