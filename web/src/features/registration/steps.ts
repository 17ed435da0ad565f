// The registration wizard's steps as pure functions (spec 000 §2 "Registration wizard", §4
// "Registration wizard", "Route guards"; docs/decisions.md "Registration wizard (issue 4)").
import type { Identity } from '../../lib/auth/identity';
import type { UiConfig } from '../../lib/config/appConfig';
import { isEmptyRichText } from '../../components/profileForm/richText';
import {
  profileFieldError,
  CAREER_QUESTIONS,
  profileFormContext,
  profileFormValues,
  shownFields,
  type ProfileFieldName,
  type ProfileFormContext,
  type ProfileFormValues,
} from '../../components/profileForm/profileSchema';

/**
 * How much of the profile is still to be asked after sign-up: everything; the basics (the
 * group profile, when an import or an institution already tells the rest); the advanced part
 * (import or the personal fields, when the group profile exists); or nothing.
 */
export type RemainingVariant = 'all' | 'basic' | 'advanced' | 'none';

/** The step sets of the host families (spec 000 §2: institutional and diaspora have their own). */
export type HostFlow = 'standard' | 'institutional' | 'diaspora';

export type StepId = 'start' | 'personal' | 'career' | 'university' | 'origin' | 'skills_topics' | 'social' | 'complete';

export interface WizardStep {
  id: StepId;
  title: string;
  subtitle: string;
  /** The profile fields the step asks for (those hidden on the site are left out when shown). */
  fields: ProfileFieldName[];
  /** Counted steps advance the step indicator; the entry and completion screens do not. */
  counted: boolean;
  /** Offers a Skip button. */
  skippable: boolean;
  /** With every field empty, Continue moves on without saving. */
  allowEmptyData: boolean;
}

type RegistrationUi = Pick<UiConfig, 'registration_speed' | 'show_institutional_registration_screen' | 'host_variant'>;

const IDENTITY_FIELDS: ProfileFieldName[] = ['first_name', 'last_name', 'title', 'country', 'institution', 'short_bio'];
const CAREER_FIELDS: ProfileFieldName[] = [...CAREER_QUESTIONS, 'interested_services'];
const UNIVERSITY_FIELDS: ProfileFieldName[] = ['affiliation', 'college', 'department', 'uni_batch'];
const ORIGIN_FIELDS: ProfileFieldName[] = ['country_of_origin', 'location'];
const SOCIAL_FIELDS: ProfileFieldName[] = [
  'social_linkedin',
  'social_twitter',
  'social_google_scholar',
  'social_research_gate',
  'social_orcid',
  'social_facebook',
];

/** Fields that live on the group profile: a step with one of them creates it. */
const GROUP_FIELDS = new Set<ProfileFieldName>([...CAREER_FIELDS, ...UNIVERSITY_FIELDS, 'country_of_origin']);

function step(id: StepId, title: string, subtitle: string, fields: ProfileFieldName[], extra: Partial<WizardStep> = {}): WizardStep {
  return {
    id,
    title,
    subtitle,
    fields,
    counted: id !== 'start' && id !== 'complete',
    skippable: false,
    allowEmptyData: false,
    ...extra,
  };
}

export const START_STEP = step('start', 'How would you like to set up your profile?', 'Pick the quickest way for you.', []);
export const COMPLETE_STEP = step('complete', 'Your profile is ready', 'Welcome aboard.', []);
const SKILLS_STEP = step('skills_topics', 'Skills and topics', 'What you are good at and what you want to learn about.', [
  'skills',
  'topics',
]);
const SOCIAL_STEP = step('social', 'Social sites', 'Where people can find you online. You can skip this step.', SOCIAL_FIELDS, {
  skippable: true,
  allowEmptyData: true,
});

function personalStep(fields: ProfileFieldName[]): WizardStep {
  return step('personal', 'Personal information', 'Tell us who you are and where you are in your career.', fields);
}

/** The group-profile step of a host family (asked alone in the basic variant). */
function careerStep(flow: HostFlow): WizardStep {
  if (flow === 'institutional') {
    return step('university', 'Your university', 'Your place at the university and where you are headed.', [
      ...UNIVERSITY_FIELDS,
      ...CAREER_FIELDS,
    ]);
  }
  if (flow === 'diaspora') {
    return step('origin', 'Your roots and your career', 'Where you come from and where you are headed.', [
      ...ORIGIN_FIELDS,
      ...CAREER_FIELDS,
    ]);
  }
  return step('career', 'About your career', 'Where you are in your career and what brings you here.', CAREER_FIELDS);
}

export function hostFlow(ui: RegistrationUi): HostFlow {
  if (ui.show_institutional_registration_screen) return 'institutional';
  if (ui.host_variant === 'diaspora') return 'diaspora';
  return 'standard';
}

/**
 * The remaining-profile-info variant: chosen by whether the group profile is missing and whether
 * resume, LinkedIn and institution are all missing; ui.registration_speed 'quick' asks only the
 * basics (and nothing more once the group profile exists).
 */
export function remainingProfileVariant(identity: Identity, ui: Pick<UiConfig, 'registration_speed'>): RemainingVariant {
  const profile = identity.profile;
  const missingGroup = !identity.group_profile;
  const missingSources = !profile.resume && !profile.social_linkedin && (profile.institution ?? null) === null;
  const quick = ui.registration_speed === 'quick';
  if (missingGroup && missingSources) return quick ? 'basic' : 'all';
  if (missingGroup) return 'basic';
  if (missingSources) return quick ? 'none' : 'advanced';
  return 'none';
}

/** The steps of a variant on a host family, before the automatic skips. */
export function stepSet(flow: HostFlow, variant: RemainingVariant): WizardStep[] {
  switch (variant) {
    case 'none':
      return [];
    case 'basic':
      return [careerStep(flow), COMPLETE_STEP];
    case 'advanced':
      return [START_STEP, personalStep(IDENTITY_FIELDS), SKILLS_STEP, SOCIAL_STEP, COMPLETE_STEP];
    case 'all':
      return flow === 'standard'
        ? [START_STEP, personalStep([...IDENTITY_FIELDS, ...CAREER_FIELDS]), SKILLS_STEP, SOCIAL_STEP, COMPLETE_STEP]
        : [START_STEP, personalStep(IDENTITY_FIELDS), careerStep(flow), SKILLS_STEP, SOCIAL_STEP, COMPLETE_STEP];
  }
}

function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '' && !isEmptyRichText(value);
  if (typeof value === 'object') return 'name' in value ? String((value as { name: unknown }).name).trim() !== '' : true;
  return true;
}

/**
 * Whether the profile already holds what a step asks, so the step is skipped: an import source
 * for the entry step; any social link; otherwise every shown field passes its rules (and the
 * group profile exists when the step has group fields).
 */
export function isStepSatisfied(step: WizardStep, identity: Identity, ctx: ProfileFormContext): boolean {
  const values = profileFormValues(identity);
  switch (step.id) {
    case 'start':
      return Boolean(identity.profile.resume || identity.profile.social_linkedin);
    case 'complete':
      return false;
    case 'social':
      return SOCIAL_FIELDS.some((field) => filled(values[field]));
    default: {
      if (step.fields.some((field) => GROUP_FIELDS.has(field)) && !identity.group_profile) return false;
      return shownFields(step.fields, values, ctx).every((field) => profileFieldError(field, values) === null);
    }
  }
}

/** The wizard's steps for this user on this site: the variant's set without the satisfied steps. */
export function planSteps(identity: Identity, ui: RegistrationUi): WizardStep[] {
  const ctx = profileFormContext(ui);
  const steps = stepSet(hostFlow(ui), remainingProfileVariant(identity, ui)).filter(
    (candidate) => !isStepSatisfied(candidate, identity, ctx),
  );
  // Nothing left to ask: no wizard at all.
  return steps.some((candidate) => candidate.id !== 'complete') ? steps : [];
}

/**
 * Whether the home page sends this user to the wizard: while the group profile is missing
 * (variants all and basic) and there is something to ask. The advanced variant is offered at
 * /registration but never forced.
 */
export function homeSendsToRegistration(identity: Identity, ui: RegistrationUi): boolean {
  const variant = remainingProfileVariant(identity, ui);
  return (variant === 'all' || variant === 'basic') && planSteps(identity, ui).length > 0;
}

/** "Step k of n" over the counted steps, or null on the entry and completion screens. */
export function stepCounter(plan: readonly WizardStep[], index: number): { current: number; total: number } | null {
  const here = plan[index];
  if (!here?.counted) return null;
  const counted = plan.filter((candidate) => candidate.counted);
  return { current: counted.indexOf(here) + 1, total: counted.length };
}

export function nextIndex(plan: readonly WizardStep[], index: number): number {
  return Math.min(index + 1, plan.length - 1);
}

/** The step Back goes to, or null where there is no way back (the first step, the completion screen). */
export function previousIndex(plan: readonly WizardStep[], index: number): number | null {
  if (index <= 0 || plan[index]?.id === 'complete') return null;
  return index - 1;
}

export function completeIndex(plan: readonly WizardStep[]): number {
  const found = plan.findIndex((candidate) => candidate.id === 'complete');
  return found === -1 ? plan.length - 1 : found;
}

/** Every shown field of the step is empty. */
export function isStepDataEmpty(step: WizardStep, values: ProfileFormValues, ctx: ProfileFormContext): boolean {
  return shownFields(step.fields, values, ctx).every((field) => !filled(values[field]));
}

/** What Continue does: save the step, or (an all-empty step with allowEmptyData) just move on. */
export function continueAction(step: WizardStep, values: ProfileFormValues, ctx: ProfileFormContext): 'save' | 'advance' {
  return step.allowEmptyData && isStepDataEmpty(step, values, ctx) ? 'advance' : 'save';
}

/** How long the entry options take, as the spec estimates. */
export const ESTIMATED_SECONDS = { linkedin: 10, resume: 15, form: 30 } as const;

/** The pause after an import succeeds before the completion screen shows. */
export const AFTER_IMPORT_DELAY_MS = 2000;
