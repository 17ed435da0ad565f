// The filters several list pages share, as data for ParamFilterBar: the option lists from the
// tenant's options config and the topic areas (GET /topic-areas/, fetched only where used).
import { useTopicAreas } from '../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../lib/profile/optionsConfig';
import type { FilterOption } from './FilterSelect';

/** One filter of a list page: the address key it reads and writes, its label and its choices. */
export interface ParamFilter {
  key: string;
  label: string;
  options: readonly FilterOption[];
}

/** Option lists (numbers or strings) as filter choices. */
export function asOptions(list: readonly { value: number | string; label: string }[]): FilterOption[] {
  return list.map((option) => ({ value: String(option.value), label: option.label }));
}

/** Career stage, professional field and job function filters, from the options config. */
export function useProfileFilters() {
  const options = useOptionsConfig();
  return {
    careerStages: { key: 'career_stages', label: 'Career stage', options: asOptions(options.career_stages) },
    professionalFields: { key: 'professional_fields', label: 'Professional field', options: asOptions(options.professional_fields) },
    jobFunctions: { key: 'job_functions', label: 'Job function', options: asOptions(options.job_functions) },
  } satisfies Record<string, ParamFilter>;
}

/** The topic area filter (topic_areas). */
export function useTopicAreaFilter(): ParamFilter {
  const topicAreas = useTopicAreas();
  return {
    key: 'topic_areas',
    label: 'Topic area',
    options: (topicAreas.data ?? []).map((area) => ({ value: String(area.id), label: area.name })),
  };
}
