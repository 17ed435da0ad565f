// The profile form's values, which fields show, their rules and messages (spec 000 §5
// "Profile and registration"), and the update body built from them. Shared by the
// registration wizard and the profile edit dialog.
import type { UiConfig } from '../../lib/config/appConfig';
import type { Identity } from '../../lib/auth/identity';
import { institutionFromProfile, institutionPayload, type InstitutionValue } from '../../lib/profile/institutions';
import { OTHER_VALUE } from '../../lib/profile/optionsConfig';
import type { OptionsConfig, ProfileDetails, ProfileUpdate, TopicRef } from '../../lib/profile/types';
import { countCharacters, countWords, isEmptyRichText } from './richText';
import { isLikelyUrl } from './socialLinks';

/** Every field of the registration form (spec 000 §3 "Profile fields in the registration form"). */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  title: string;
  country: string;
  location: string;
  institution: InstitutionValue | null;
  prefered_language: string;
  short_bio: string;
  career_story: string;
  career_advice: string;
  additional_career_information: string;
  interested_services: number[];
  current_role: number | null;
  job_function: number | null;
  career_stage: number | null;
  career_stage_extra: string;
  professional_field: number | null;
  professional_field_extra: string;
  reason_to_join: number[];
  reason_to_join_extra: string;
  skills: TopicRef[];
  topics: TopicRef[];
  social_linkedin: string;
  social_twitter: string;
  social_google_scholar: string;
  social_research_gate: string;
  social_orcid: string;
  social_facebook: string;
  batch: string;
  uni_batch: string;
  calendy_url: string;
  specific_needs: string;
  affiliation: string;
  department: string;
  college: string;
  country_of_origin: string;
  discipline: string;
}

export type ProfileFieldName = keyof ProfileFormValues;

/** The career questions the forms ask together: role, job function, stage, field and reason to join, with their 'other' texts. */
export const CAREER_QUESTIONS: readonly ProfileFieldName[] = [
  'current_role',
  'job_function',
  'career_stage',
  'career_stage_extra',
  'professional_field',
  'professional_field_extra',
  'reason_to_join',
  'reason_to_join_extra',
];

/** The site's registration rules (docs/decisions.md "Registration wizard (issue 4)"). */
export interface ProfileFormContext {
  /** ui.show_institutional_registration_screen: affiliation, college, department and uni_batch show. */
  institutional: boolean;
  /** The diaspora host: country_of_origin shows and is required. */
  diaspora: boolean;
  /** The summer-camp host does not ask for reasons to join. */
  hideReasonToJoin: boolean;
}

export function profileFormContext(ui: Pick<UiConfig, 'show_institutional_registration_screen' | 'host_variant'>): ProfileFormContext {
  return {
    institutional: ui.show_institutional_registration_screen ?? false,
    diaspora: ui.host_variant === 'diaspora',
    hideReasonToJoin: ui.host_variant === 'summer_camp',
  };
}

export const PROFILE_MESSAGES = {
  required: 'Required',
  maxSkills: 'Maximum 7 skills',
  maxTopics: 'Maximum 7 topics',
  max400Words: 'Maximum 400 words',
  max200Words: 'Maximum 200 words',
  maxSpecificNeeds: 'Maximum 500 characters',
  maxReasonExtra: 'Maximum 50 characters',
  maxStageExtra: 'Maximum 30 characters',
  maxCareerAdvice: 'Maximum of 4000 characters',
  url: 'Enter a valid URL.',
  year: 'Enter a valid year.',
} as const;

export const LIMITS = {
  skills: 7,
  topics: 7,
  bioWords: 400,
  additionalWords: 200,
  specificNeeds: 500,
  /** The spec's client limit for the reason and field extras is 30, with the message 'Maximum 50 characters'. */
  extraChars: 30,
  careerAdviceChars: 4000,
} as const;

/** High-school student (current_roles value 1) is always at career stage 1. */
export const HIGH_SCHOOL_ROLE = 1;
export const HIGH_SCHOOL_STAGE = 1;
/** job_function is asked only of current role 3. */
export const ROLE_WITH_JOB_FUNCTION = 3;

export const AFFILIATIONS = ['Student', 'Faculty', 'Alumni', 'Other'] as const;

const INSTITUTIONAL_ONLY: ProfileFieldName[] = ['uni_batch', 'affiliation', 'department', 'college'];

/**
 * Whether a requested field shows for these values on this site. Hidden fields are neither
 * validated nor sent.
 */
export function isFieldShown(field: ProfileFieldName, values: Partial<ProfileFormValues>, ctx: ProfileFormContext): boolean {
  if (INSTITUTIONAL_ONLY.includes(field)) return ctx.institutional;
  switch (field) {
    case 'country_of_origin':
      return ctx.diaspora;
    case 'job_function':
      return values.current_role === ROLE_WITH_JOB_FUNCTION;
    case 'career_stage_extra':
      return values.career_stage === OTHER_VALUE;
    case 'professional_field_extra':
      return values.professional_field === OTHER_VALUE;
    case 'reason_to_join':
      return !ctx.hideReasonToJoin;
    case 'reason_to_join_extra':
      return !ctx.hideReasonToJoin && (values.reason_to_join ?? []).includes(OTHER_VALUE);
    default:
      return true;
  }
}

/** The requested fields that show for these values. */
export function shownFields(
  fields: readonly ProfileFieldName[],
  values: Partial<ProfileFormValues>,
  ctx: ProfileFormContext,
): ProfileFieldName[] {
  return fields.filter((field) => isFieldShown(field, values, ctx));
}

const REQUIRED_TEXT: ProfileFieldName[] = [
  'first_name',
  'last_name',
  'title',
  'country',
  'affiliation',
  'department',
  'college',
  'country_of_origin',
  'batch',
];

function blank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function validYear(value: string): boolean {
  if (!/^\d{4}$/.test(value.trim())) return false;
  const year = Number(value);
  return year >= 1900 && year <= 2100;
}

/** The message for one shown field, or null when it is fine. */
export function profileFieldError(field: ProfileFieldName, values: Partial<ProfileFormValues>): string | null {
  const m = PROFILE_MESSAGES;
  const value = values[field];
  if (REQUIRED_TEXT.includes(field)) {
    if (blank(value)) return m.required;
    if (field === 'batch' && !validYear(value as string)) return m.year;
    return null;
  }
  switch (field) {
    case 'institution': {
      const institution = values.institution;
      return !institution || (institution.id === null && institution.name.trim() === '') ? m.required : null;
    }
    case 'current_role':
      return typeof values.current_role === 'number' ? null : m.required;
    case 'career_stage':
      return Number.isInteger(values.career_stage) ? null : m.required;
    case 'interested_services':
    case 'reason_to_join':
      return (values[field] ?? []).length === 0 ? m.required : null;
    case 'skills':
    case 'topics': {
      const list = values[field] ?? [];
      if (list.length === 0) return m.required;
      if (list.length > LIMITS[field]) return field === 'skills' ? m.maxSkills : m.maxTopics;
      return null;
    }
    case 'short_bio':
    case 'career_story':
      return countWords(values[field]) > LIMITS.bioWords ? m.max400Words : null;
    case 'additional_career_information':
      return countWords(values[field]) > LIMITS.additionalWords ? m.max200Words : null;
    case 'career_advice':
      return countCharacters(values[field]) > LIMITS.careerAdviceChars ? m.maxCareerAdvice : null;
    case 'specific_needs':
      return (values.specific_needs ?? '').trim().length > LIMITS.specificNeeds ? m.maxSpecificNeeds : null;
    case 'reason_to_join_extra':
    case 'professional_field_extra':
      return (values[field] ?? '').trim().length > LIMITS.extraChars ? m.maxReasonExtra : null;
    case 'career_stage_extra':
      return (values.career_stage_extra ?? '').trim().length > LIMITS.extraChars ? m.maxStageExtra : null;
    case 'uni_batch':
      return !blank(values.uni_batch) && !validYear(values.uni_batch as string) ? m.year : null;
    case 'social_linkedin':
    case 'social_twitter':
    case 'social_google_scholar':
    case 'social_research_gate':
    case 'social_orcid':
    case 'social_facebook':
    case 'calendy_url': {
      const text = (values[field] ?? '').trim();
      return text && !isLikelyUrl(text) ? m.url : null;
    }
    default:
      return null;
  }
}

function text(value: string | null | undefined): string {
  return value ?? '';
}

/**
 * What the form starts from: the signed-in user's identity, or the same fields of the own
 * profile page (the edit dialog), whose profile is the document's ProfileView.
 */
export type ProfileFormSource = Pick<Identity, 'first_name' | 'last_name' | 'group_profile'> & { profile?: Partial<ProfileDetails> | null };

/** The form's values from the signed-in user's identity (empty where nothing is stored). */
export function profileFormValues(identity: ProfileFormSource | null | undefined): ProfileFormValues {
  const profile = identity?.profile;
  const group = identity?.group_profile;
  const extra = group?.extra_info;
  return {
    first_name: text(identity?.first_name),
    last_name: text(identity?.last_name),
    title: text(profile?.title),
    country: text(profile?.country),
    location: text(profile?.location),
    institution: institutionFromProfile(profile),
    prefered_language: text(profile?.prefered_language),
    short_bio: text(profile?.short_bio),
    career_story: text(profile?.career_story),
    career_advice: text(profile?.career_advice),
    additional_career_information: text(profile?.additional_career_information),
    interested_services: profile?.interested_services ?? [],
    current_role: group?.current_role ?? null,
    job_function: group?.job_function ?? null,
    career_stage: group?.career_stage ?? null,
    career_stage_extra: text(extra?.career_stage_extra),
    professional_field: group?.professional_field ?? null,
    professional_field_extra: text(extra?.professional_field_extra),
    reason_to_join: group?.reason_to_join ?? [],
    reason_to_join_extra: text(extra?.reason_to_join_extra),
    skills: profile?.skills_detailed ?? [],
    topics: profile?.topics_detailed ?? [],
    social_linkedin: text(profile?.social_linkedin),
    social_twitter: text(profile?.social_twitter),
    social_google_scholar: text(profile?.social_google_scholar),
    social_research_gate: text(profile?.social_research_gate),
    social_orcid: text(profile?.social_orcid),
    social_facebook: text(profile?.social_facebook),
    batch: text(profile?.batch),
    uni_batch: text(extra?.uni_batch),
    calendy_url: text(profile?.calendy_url),
    specific_needs: text(profile?.specific_needs),
    affiliation: text(extra?.affiliation),
    department: text(extra?.department),
    college: text(extra?.college),
    country_of_origin: text(extra?.country_of_origin),
    discipline: text(profile?.discipline),
  };
}

const RICH_FIELDS: ProfileFieldName[] = ['short_bio', 'career_story', 'career_advice', 'additional_career_information'];

function topicInput(topic: TopicRef) {
  return topic.id > 0 ? topic.id : { name: topic.name };
}

/**
 * The update body for the shown fields: hidden fields are left out; the extra text of a choice
 * is cleared (null) when its 'other' choice is not picked; empty texts and editors become null;
 * a high-school student is sent at career stage 1.
 */
export function toProfileUpdate(
  fields: readonly ProfileFieldName[],
  values: ProfileFormValues,
  ctx: ProfileFormContext,
): ProfileUpdate {
  const patch: Record<string, unknown> = {};
  const shown = new Set(shownFields(fields, values, ctx));
  for (const field of fields) {
    if (!shown.has(field)) continue;
    const value = values[field];
    if (field === 'institution') patch.institution = institutionPayload(values.institution);
    else if (field === 'skills' || field === 'topics') patch[field] = values[field].map(topicInput);
    else if (RICH_FIELDS.includes(field)) patch[field] = isEmptyRichText(value as string) ? null : value;
    else if (typeof value === 'string') patch[field] = value.trim() === '' ? null : value.trim();
    else patch[field] = value;
  }
  // The extra text of a choice whose 'other' is not picked is cleared.
  const extras: [ProfileFieldName, ProfileFieldName][] = [
    ['career_stage', 'career_stage_extra'],
    ['professional_field', 'professional_field_extra'],
    ['reason_to_join', 'reason_to_join_extra'],
  ];
  for (const [choice, extra] of extras) {
    if (shown.has(choice) && fields.includes(extra) && !shown.has(extra)) patch[extra] = null;
  }
  if (shown.has('current_role') && values.current_role === HIGH_SCHOOL_ROLE && fields.includes('career_stage')) {
    patch.career_stage = HIGH_SCHOOL_STAGE;
  }
  return patch as ProfileUpdate;
}

/**
 * The values after the career stage changes (spec 000 §4): with a career_reason_map, the chosen
 * reasons to join are cleared, since the reasons offered depend on the stage.
 */
export function withCareerStage(
  values: Pick<ProfileFormValues, 'career_stage' | 'reason_to_join' | 'reason_to_join_extra'>,
  stage: number | null,
  options: Pick<OptionsConfig, 'career_reason_map'>,
): Pick<ProfileFormValues, 'career_stage' | 'reason_to_join' | 'reason_to_join_extra'> {
  if (stage === values.career_stage) return values;
  const hasMap = Object.keys(options.career_reason_map ?? {}).length > 0;
  return hasMap
    ? { career_stage: stage, reason_to_join: [], reason_to_join_extra: '' }
    : { ...values, career_stage: stage };
}
