// The tenant's option lists (GET /api/v1/options-config/): roles, stages, fields, reasons, …
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { appConfigQuery, type AppConfig } from '../config/appConfig';
import type { IntOption, OptionsConfig } from './types';

export const optionsConfigQuery = queryOptions({
  queryKey: ['options-config'],
  queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/options-config/', { signal }))).data,
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

/**
 * The option lists. The app configuration, loaded before the app renders, carries the same
 * lists, so they are shown at once while the options call brings the current ones.
 */
export function useOptionsConfig(): OptionsConfig {
  const client = useQueryClient();
  const config = client.getQueryData<AppConfig>(appConfigQuery.queryKey);
  const query = useQuery({
    ...optionsConfigQuery,
    initialData: config?.options,
    // The configuration may be minutes old: refetch right away, in the background.
    initialDataUpdatedAt: 0,
  });
  return query.data ?? EMPTY_OPTIONS;
}

export const EMPTY_OPTIONS: OptionsConfig = {
  aitool_categories: [],
  career_commitment: [],
  career_reason_map: {},
  career_stages: [],
  colleges: [],
  current_roles: [],
  departments: [],
  interested_services: [],
  job_functions: [],
  organization_types: [],
  professional_fields: [],
  reason_to_join: [],
  role_stage_map: {},
  usecase_categories: [],
};

/** The 'other' choice of a list (spec 000 §5: value 0). */
export const OTHER_VALUE = 0;

/** The label of a value in a list, or null when the list has no such value. */
export function optionLabel(options: readonly IntOption[], value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return options.find((option) => option.value === value)?.label ?? null;
}

/** The reasons offered for a career stage (career_reason_map), or every reason without a map entry. */
export function reasonsForStage(options: OptionsConfig, stage: number | null | undefined): IntOption[] {
  const allowed = stage === null || stage === undefined ? undefined : options.career_reason_map[String(stage)];
  if (!allowed) return options.reason_to_join;
  return options.reason_to_join.filter((option) => allowed.includes(option.value));
}

/** The career stages offered for a current role (role_stage_map), or every stage without a map entry. */
export function stagesForRole(options: OptionsConfig, role: number | null | undefined): IntOption[] {
  const allowed = role === null || role === undefined ? undefined : options.role_stage_map[String(role)];
  if (!allowed) return options.career_stages;
  const stages = options.career_stages.filter((option) => allowed.includes(option.value));
  return stages.length ? stages : options.career_stages;
}
