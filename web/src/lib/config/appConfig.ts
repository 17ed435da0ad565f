// The tenant's configuration (GET /api/v1/app-config-group/), loaded once before the app renders.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';

export type AppConfig = components['schemas']['AppConfigView'];
export type UiConfig = components['schemas']['UiView'];

export const appConfigQuery = queryOptions({
  queryKey: ['app-config-group'],
  queryFn: async (): Promise<AppConfig> => (await unwrap(api.GET('/api/v1/app-config-group/'))).data,
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

/**
 * The configuration the server wrote into index.html (`<script id="app-config">`, the same
 * answer as GET /app-config-group/ for this host), so the first render does not wait for
 * that request. Undefined when the page has none (the dev server, a database outage): the
 * query then asks the API as before.
 */
export function inlinedAppConfig(doc: Document = document): AppConfig | undefined {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    const config = JSON.parse(text) as AppConfig | null;
    return config && typeof config === 'object' && config.organization && config.ui ? config : undefined;
  } catch {
    return undefined;
  }
}

/** The loaded configuration; the app shell renders only once it is there. */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}
