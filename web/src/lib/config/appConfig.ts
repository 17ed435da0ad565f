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

/** The loaded configuration; the app shell renders only once it is there. */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}
