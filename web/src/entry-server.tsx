// The build-time renderer of the guest first screens (issue 30; docs/decisions.md "First screen
// in the HTML"). scripts/prerender.mjs imports the SSR build of this file in Node during
// `npm run build` and writes one HTML template per page and viewport; the Rust server fills a
// template per request with the tenant's texts and serves it, and main.tsx hydrates it. Nothing
// here runs in the browser or in the binary.
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import AppProviders from './app/providers';
import ErrorBoundary from './app/ErrorBoundary';
import AppRoutes from './app/AppRoutes';
import { routes } from './app/routes';
import { preloadMatches } from './app/preloadRoutes';
import { createQueryClient } from './lib/queryClient';
import { appConfigQuery, type AppConfig } from './lib/config/appConfig';
import { setFirstRenderWidth } from './lib/viewport';

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** Every emotion rule the page used, for one <style> in the head. */
  css: string;
  /** The emotion ids of those rules (`data-emotion="css …"`), so the client does not insert them again. */
  ids: string[];
  /** What failed while rendering (the part then renders in the browser only). */
  errors: string[];
  /** The API requests (path and query) the page makes as soon as it is hydrated: its first data. */
  requests: string[];
}

/** Renders `url` for a guest with `config` at a viewport `width` px wide, waiting for every lazy part. */
export async function render(url: string, config: AppConfig, width: number): Promise<Rendered> {
  setFirstRenderWidth(width);
  const client = createQueryClient();
  // Nothing is fetched at build time: a query without data renders its loading state, as the
  // browser's first render does before the page's data is in.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  client.setQueryData(appConfigQuery.queryKey, config);

  // The page's code is in before the render, as in the browser before it hydrates (main.tsx).
  await preloadMatches(routes, new URL(url, 'http://prerender.invalid'));

  // Styles are collected instead of written next to each element (emotion's "compat" mode,
  // what @emotion/server's extraction uses), and go into the head as one block.
  const cache = createCache({ key: 'css' });
  cache.compat = true;

  const errors: string[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <ErrorBoundary>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <AppRoutes routes={routes} />
          </StaticRouter>
        </AppProviders>
      </ErrorBoundary>
    </CacheProvider>,
    {
      // One document, every part in place: no boundary is sent apart to be swapped in by a
      // script (React's outlining of large boundaries), which would paint it a frame late.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    },
  );
  let html = '';
  for await (const chunk of prelude as unknown as AsyncIterable<string | Uint8Array>) html += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk as Uint8Array);

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return { html, css, ids, errors, requests: await firstRequests(client) };
}

/**
 * What the page asks the API for once it runs in the browser: the queries its first render
 * created without data, each run against a fetch that only notes the request. A server fills
 * these answers into the page, and the browser takes them from there (lib/api/firstData.ts).
 */
async function firstRequests(client: ReturnType<typeof createQueryClient>): Promise<string[]> {
  const requests: string[] = [];
  const realFetch = globalThis.fetch;
  // Code that reads the page's address (window.location) finds one; only the path is noted.
  const scope = globalThis as { window?: unknown };
  scope.window = { location: new URL('http://prerender.invalid/') };
  globalThis.fetch = (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (input instanceof Request && input.method !== 'GET') return Promise.reject(new Error('not a read'));
    requests.push(`${url.pathname}${url.search}`);
    return Promise.reject(new Error('noted'));
  };
  try {
    for (const query of client.getQueryCache().getAll()) {
      if (query.state.data !== undefined || !query.options.queryFn || (query.options as { enabled?: unknown }).enabled === false) continue;
      const queryFn = query.options.queryFn as (context: unknown) => Promise<unknown>;
      await queryFn({ queryKey: query.queryKey, signal: new AbortController().signal, meta: query.meta, client }).catch(() => undefined);
    }
  } finally {
    globalThis.fetch = realFetch;
    delete scope.window;
  }
  return [...new Set(requests)];
}
