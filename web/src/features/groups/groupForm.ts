// The group create/edit form's values, checks (spec 001 §5 "Group form", same messages as
// crates/domain/src/groups/form.rs) and the payload it sends. No I/O.
import { countCharacters, isEmptyRichText } from '../../components/profileForm/richText';
import type { Group, GroupPayload, GroupType, IdName } from '../../lib/groups/types';

export const GROUP_FORM_MESSAGES = {
  required: 'Required',
  maxRich: 'Maximum of 4000 characters',
  positive: 'Postive number only',
  maxTopics: 'Maximum 7 topics',
  max3: 'Maximum 3',
  pricePositive: 'Must be greater than zero',
  discountNegative: 'Discount percentage cannot be negative',
  discountOver: 'Discount percentage cannot be greater than 100',
  useCase: 'Please select a use case',
  closeBeforeOpen: 'Application close date cannot be before the application open date',
  startBeforeClose: 'Start date cannot be before the application close date',
  endBeforeStart: 'End date cannot be before the start date',
  externalLink: 'Enter a valid URL.',
  summary: 'Please correct above errors',
} as const;

export const MAX_RICH_CHARS = 4000;
export const MAX_TOPICS = 7;
export const MAX_SDGS = 3;
export const MAX_PAID_FEATURES = 3;
export const COMMITMENT_WEEKS = [1, 2, 3, 4, 8, 12, 16, 24] as const;
export const EVENT_TYPES = ['conference', 'workshop', 'seminar', 'talk', 'other'] as const;
export const LEARNING_MODALITIES = [
  { value: 'online', label: 'Online' },
  { value: 'in_person', label: 'In person' },
  { value: 'no_preference', label: 'No preference' },
] as const;
export const COMPLEXITY_LEVELS = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
] as const;
export { COVER_IMAGE_TYPES } from '../../lib/groups/groups';

export interface GroupFormValues {
  name: string;
  group_type: GroupType;
  parent_group: number | null;
  description: string;
  objective: string;
  member_requirements: string;
  impact: string;
  location: string;
  country: string;
  countries: string[];
  topics: IdName[];
  career_stages: string[];
  professional_fields: string[];
  relevant_sdgs: number[];
  group_duration: 'time_limited' | 'ongoing';
  maximum_size: string;
  start_date: string;
  end_date: string;
  application_open_date: string;
  application_close_date: string;
  publicity: '' | 'open' | 'closed';
  circle_type: number | null;
  event_type: string;
  is_paid: boolean;
  price: string;
  /** One per line. */
  paid_features: string;
  discount: string;
  commitment_time: number | null;
  complexity_level: string;
  learning_modality: string;
  use_cases: string[];
  is_external: boolean;
  external_link: string;
}

export type GroupFormField = keyof GroupFormValues;

export interface GroupFormContext {
  /** The parent organization is fixed by where the form was opened. */
  parentFromContext: boolean;
  /** Only when the site has use cases to choose from is one required for a circle. */
  useCasesAvailable: boolean;
}

export function isProgram(type: GroupType): boolean {
  return type === 'circle' || type === 'event';
}

export function emptyGroupForm(type: GroupType, parent: number | null): GroupFormValues {
  return {
    name: '',
    group_type: type,
    parent_group: parent,
    description: '',
    objective: '',
    member_requirements: '',
    impact: '',
    location: '',
    country: '',
    countries: [],
    topics: [],
    career_stages: [],
    professional_fields: [],
    relevant_sdgs: [],
    group_duration: 'time_limited',
    maximum_size: '',
    start_date: '',
    end_date: '',
    application_open_date: '',
    application_close_date: '',
    publicity: isProgram(type) ? 'open' : '',
    circle_type: null,
    event_type: '',
    is_paid: false,
    price: '',
    paid_features: '',
    discount: '',
    commitment_time: null,
    complexity_level: '',
    learning_modality: '',
    use_cases: [],
    is_external: false,
    external_link: '',
  };
}

export function groupFormValues(group: Group): GroupFormValues {
  const extra = group.extra_info ?? {};
  return {
    ...emptyGroupForm(group.group_type, group.parent_group),
    name: group.name,
    description: group.description ?? '',
    objective: group.objective ?? '',
    member_requirements: group.member_requirements ?? '',
    impact: group.impact ?? '',
    location: group.location ?? '',
    country: group.country ?? '',
    countries: group.countries ?? [],
    topics: group.topics_detailed ?? [],
    career_stages: group.career_stages ?? [],
    professional_fields: group.professional_fields ?? [],
    relevant_sdgs: group.relevant_sdgs ?? [],
    group_duration: group.group_duration ?? 'time_limited',
    maximum_size: group.maximum_size === null ? '' : String(group.maximum_size),
    start_date: group.start_date ?? '',
    end_date: group.end_date ?? '',
    application_open_date: group.application_open_date ?? '',
    application_close_date: group.application_close_date ?? '',
    publicity: group.publicity ?? '',
    circle_type: group.circle_type,
    event_type: group.event_type ?? '',
    is_paid: group.is_paid,
    price: group.price ?? '',
    paid_features: (group.paid_features ?? []).join('\n'),
    discount: group.discount === null || group.discount === undefined ? '' : String(group.discount),
    commitment_time: group.commitment_time,
    complexity_level: group.complexity_level ?? '',
    learning_modality: group.learning_modality ?? '',
    use_cases: group.use_cases ?? [],
    is_external: Boolean(extra.is_external),
    external_link: typeof extra.external_link === 'string' ? extra.external_link : '',
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function richTooLong(html: string): boolean {
  return countCharacters(html) > MAX_RICH_CHARS;
}

/** The form's errors by field, with the spec's messages; empty when the form may be sent. */
export function validateGroupForm(
  values: GroupFormValues,
  context: GroupFormContext,
): Partial<Record<GroupFormField, string>> {
  const m = GROUP_FORM_MESSAGES;
  const errors: Partial<Record<GroupFormField, string>> = {};
  const add = (field: GroupFormField, message: string) => {
    errors[field] ??= message;
  };
  const circle = values.group_type === 'circle';
  const event = values.group_type === 'event';
  const program = circle || event;

  if (!values.name.trim()) add('name', m.required);
  if (!values.group_type) add('group_type', m.required);
  if (isEmptyRichText(values.description)) add('description', m.required);
  else if (richTooLong(values.description)) add('description', m.maxRich);
  for (const field of ['objective', 'member_requirements', 'impact'] as const) {
    if (richTooLong(values[field])) add(field, m.maxRich);
  }
  if (values.maximum_size.trim() !== '') {
    const size = Number(values.maximum_size);
    if (!Number.isFinite(size) || size < 0 || !Number.isInteger(size)) add('maximum_size', m.positive);
  }
  if (program && values.topics.length === 0) add('topics', m.required);
  if (values.topics.length > MAX_TOPICS) add('topics', m.maxTopics);
  if (circle && values.relevant_sdgs.length === 0) add('relevant_sdgs', m.required);
  if (values.relevant_sdgs.length > MAX_SDGS) add('relevant_sdgs', m.max3);
  if (values.is_paid) {
    if (values.price.trim() === '') add('price', m.required);
    else if (!(Number(values.price) > 0)) add('price', m.pricePositive);
  }
  if (lines(values.paid_features).length > MAX_PAID_FEATURES) add('paid_features', m.max3);
  if (values.discount.trim() !== '') {
    const discount = Number(values.discount);
    if (discount < 0) add('discount', m.discountNegative);
    else if (discount > 100) add('discount', m.discountOver);
  }
  if (circle && context.useCasesAvailable && values.use_cases.length === 0) add('use_cases', m.useCase);

  if (program) {
    if (values.commitment_time === null) add('commitment_time', m.required);
    if (values.career_stages.length === 0) add('career_stages', m.required);
    for (const field of ['start_date', 'end_date', 'application_open_date', 'application_close_date'] as const) {
      if (!values[field]) add(field, m.required);
    }
    if (!values.publicity) add('publicity', m.required);
    if (values.parent_group === null && !context.parentFromContext) add('parent_group', m.required);
    const { application_open_date: open, application_close_date: close, start_date: start, end_date: end } = values;
    if (open && close && close < open) add('application_close_date', m.closeBeforeOpen);
    if (close && start && start < close) add('start_date', m.startBeforeClose);
    if (start && end && end < start) add('end_date', m.endBeforeStart);
  } else if (!values.country.trim()) {
    add('country', m.required);
  }
  if (circle && values.circle_type === null) add('circle_type', m.required);
  if (event && !values.event_type) add('event_type', m.required);
  if (event && values.is_external && !/^https?:\/\/\S+\.\S+/i.test(values.external_link.trim())) {
    add('external_link', m.externalLink);
  }
  return errors;
}

/** The body of POST /groups/ or PATCH /groups/{id}/. `extraInfo` is the group's current extra_info (questions kept). */
export function toGroupPayload(values: GroupFormValues, extraInfo: Group['extra_info'] = null): GroupPayload {
  const program = isProgram(values.group_type);
  const event = values.group_type === 'event';
  const extra = { ...(extraInfo ?? {}) };
  if (event) {
    extra.is_external = values.is_external;
    extra.external_link = values.is_external ? values.external_link.trim() : '';
  }
  const fields = values.professional_fields.some((field) => field.toLowerCase() === 'all') ? [] : values.professional_fields;
  const payload: GroupPayload = {
    name: values.name.trim(),
    group_type: values.group_type,
    parent_group: values.parent_group,
    description: values.description,
    objective: values.objective || null,
    member_requirements: values.member_requirements || null,
    location: values.location.trim() || null,
    country: values.country || null,
    countries: values.countries,
    topics: values.topics.map((topic) => topic.id),
    career_stages: values.career_stages,
    professional_fields: fields,
    relevant_sdgs: values.relevant_sdgs,
    maximum_size: values.maximum_size.trim() === '' ? null : Number(values.maximum_size),
    is_paid: values.is_paid,
    price: values.is_paid ? values.price.trim() : null,
    paid_features: values.is_paid ? lines(values.paid_features) : [],
    discount: values.discount.trim() === '' ? null : Number(values.discount),
    extra_info: extra,
  };
  if (program) {
    Object.assign(payload, {
      group_duration: values.group_duration,
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      application_open_date: values.application_open_date || null,
      application_close_date: values.application_close_date || null,
      publicity: values.publicity || 'open',
      commitment_time: values.commitment_time,
    });
  }
  if (values.group_type === 'circle') {
    Object.assign(payload, {
      circle_type: values.circle_type,
      complexity_level: values.complexity_level || null,
      learning_modality: values.learning_modality || null,
      use_cases: values.use_cases.slice(0, 1),
    });
  }
  if (event) payload.event_type = values.event_type;
  if (!program && values.impact) payload.impact = values.impact;
  return payload;
}
