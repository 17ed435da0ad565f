import { describe, expect, it } from 'vitest';
import type { Identity } from '../../lib/auth/identity';
import { configFixture, identityFixture } from '../../test/fixtures';
import { profileFormValues, type ProfileFormContext } from '../../components/profileForm/profileSchema';
import {
  completeIndex,
  continueAction,
  homeSendsToRegistration,
  hostFlow,
  isStepSatisfied,
  nextIndex,
  planSteps,
  previousIndex,
  remainingProfileVariant,
  stepCounter,
  stepSet,
  type WizardStep,
} from './steps';

const ui = configFixture().ui;
const quick = { ...ui, registration_speed: 'quick' };
const ctx: ProfileFormContext = { institutional: false, diaspora: false, hideReasonToJoin: false };

/** A new user: verified, nothing on the profile, no group profile. */
function newcomer(profile: Partial<Identity['profile']> = {}, extra: Partial<Identity> = {}): Identity {
  return identityFixture({ group_profile: null, profile: { email: 'new@example.com', ...profile }, ...extra });
}

const groupProfile = identityFixture().group_profile;
const ids = (steps: WizardStep[]) => steps.map((step) => step.id);

describe('the remaining-profile-info variant', () => {
  it('is all without group profile, resume, LinkedIn and institution', () => {
    expect(remainingProfileVariant(newcomer(), ui)).toBe('all');
  });

  it('is basic without group profile when an import or institution already tells the rest', () => {
    expect(remainingProfileVariant(newcomer({ resume: '/media/r.pdf' }), ui)).toBe('basic');
    expect(remainingProfileVariant(newcomer({ social_linkedin: 'https://linkedin.com/in/x' }), ui)).toBe('basic');
    expect(remainingProfileVariant(newcomer({ institution: 4 }), ui)).toBe('basic');
  });

  it('is advanced with a group profile but none of resume, LinkedIn and institution', () => {
    expect(remainingProfileVariant(newcomer({}, { group_profile: groupProfile }), ui)).toBe('advanced');
  });

  it('is none with a group profile and one of them', () => {
    expect(remainingProfileVariant(newcomer({ institution: 4 }, { group_profile: groupProfile }), ui)).toBe('none');
  });

  it('asks only the basics on a quick registration site', () => {
    expect(remainingProfileVariant(newcomer(), quick)).toBe('basic');
    expect(remainingProfileVariant(newcomer({}, { group_profile: groupProfile }), quick)).toBe('none');
  });
});

describe('step sets', () => {
  it('standard: entry, personal information, skills and topics, social sites, completion', () => {
    expect(ids(stepSet('standard', 'all'))).toEqual(['start', 'personal', 'skills_topics', 'social', 'complete']);
    const personal = stepSet('standard', 'all')[1]!;
    expect(personal.fields).toEqual(expect.arrayContaining(['first_name', 'institution', 'current_role', 'career_stage']));
  });

  it('institutional and diaspora sites have their own group-profile step', () => {
    expect(ids(stepSet('institutional', 'all'))).toEqual(['start', 'personal', 'university', 'skills_topics', 'social', 'complete']);
    expect(stepSet('institutional', 'all')[2]!.fields).toEqual(expect.arrayContaining(['department', 'college', 'current_role']));
    expect(ids(stepSet('diaspora', 'all'))).toEqual(['start', 'personal', 'origin', 'skills_topics', 'social', 'complete']);
    expect(stepSet('diaspora', 'all')[2]!.fields).toEqual(expect.arrayContaining(['country_of_origin', 'career_stage']));
  });

  it('basic asks the group profile alone; advanced offers the import and the personal fields', () => {
    expect(ids(stepSet('standard', 'basic'))).toEqual(['career', 'complete']);
    expect(ids(stepSet('institutional', 'basic'))).toEqual(['university', 'complete']);
    expect(ids(stepSet('standard', 'advanced'))).toEqual(['start', 'personal', 'skills_topics', 'social', 'complete']);
    expect(stepSet('standard', 'advanced')[1]!.fields).not.toContain('current_role');
    expect(stepSet('standard', 'none')).toEqual([]);
  });

  it('follow the site configuration', () => {
    expect(hostFlow({ ...ui, show_institutional_registration_screen: true })).toBe('institutional');
    expect(hostFlow({ ...ui, host_variant: 'diaspora' })).toBe('diaspora');
    expect(hostFlow(ui)).toBe('standard');
  });

  it('mark the social step skippable and allowed to be empty, and count only the form steps', () => {
    const social = stepSet('standard', 'all').find((step) => step.id === 'social')!;
    expect(social).toMatchObject({ skippable: true, allowEmptyData: true, counted: true });
    expect(stepSet('standard', 'all').filter((step) => step.counted).map((step) => step.id)).toEqual([
      'personal',
      'skills_topics',
      'social',
    ]);
  });
});

describe('automatic skips', () => {
  const [start, personal, skills, social] = stepSet('standard', 'advanced');

  it('skip the entry step when a resume or LinkedIn link is there', () => {
    expect(isStepSatisfied(start!, newcomer(), ctx)).toBe(false);
    expect(isStepSatisfied(start!, newcomer({ resume: '/media/r.pdf' }), ctx)).toBe(true);
  });

  it('skip a form step when every required field it asks is stored', () => {
    expect(isStepSatisfied(personal!, newcomer({ title: 'Engineer' }), ctx)).toBe(false);
    const filled = newcomer({ title: 'Engineer', country: 'Kenya', institution: 4, institution_name: 'Strathmore' });
    expect(isStepSatisfied(personal!, filled, ctx)).toBe(true);
  });

  it('never skip a group-profile step while the group profile is missing', () => {
    const career = stepSet('standard', 'basic')[0]!;
    expect(isStepSatisfied(career, newcomer(), ctx)).toBe(false);
  });

  it('skip skills and topics when both are there, and the social step when any link is', () => {
    expect(isStepSatisfied(skills!, newcomer({ skills_detailed: [{ id: 1, name: 'SQL' }] }), ctx)).toBe(false);
    expect(
      isStepSatisfied(skills!, newcomer({ skills_detailed: [{ id: 1, name: 'SQL' }], topics_detailed: [{ id: 2, name: 'AI' }] }), ctx),
    ).toBe(true);
    expect(isStepSatisfied(social!, newcomer(), ctx)).toBe(false);
    expect(isStepSatisfied(social!, newcomer({ social_orcid: 'https://orcid.org/0000' }), ctx)).toBe(true);
  });

  it('plan the wizard without the satisfied steps', () => {
    const identity = newcomer({ skills_detailed: [{ id: 1, name: 'SQL' }], topics_detailed: [{ id: 2, name: 'AI' }] });
    expect(ids(planSteps(identity, ui))).toEqual(['start', 'personal', 'social', 'complete']);
  });

  it('plan nothing when nothing is left to ask, and send home users to the wizard only without a group profile', () => {
    const done = newcomer({ institution: 4 }, { group_profile: groupProfile });
    expect(planSteps(done, ui)).toEqual([]);
    expect(homeSendsToRegistration(done, ui)).toBe(false);
    expect(homeSendsToRegistration(newcomer(), ui)).toBe(true);
    expect(homeSendsToRegistration(newcomer({ resume: '/media/r.pdf' }), ui)).toBe(true);
    // The advanced variant is offered, never forced.
    expect(homeSendsToRegistration(newcomer({}, { group_profile: groupProfile }), ui)).toBe(false);
  });
});

describe('moving through the steps', () => {
  const plan = stepSet('standard', 'all');

  it('counts only the counted steps', () => {
    expect(stepCounter(plan, 0)).toBeNull();
    expect(stepCounter(plan, 1)).toEqual({ current: 1, total: 3 });
    expect(stepCounter(plan, 3)).toEqual({ current: 3, total: 3 });
    expect(stepCounter(plan, 4)).toBeNull();
  });

  it('goes forward, and back except from the first step and the completion screen', () => {
    expect(nextIndex(plan, 1)).toBe(2);
    expect(nextIndex(plan, 4)).toBe(4);
    expect(previousIndex(plan, 2)).toBe(1);
    expect(previousIndex(plan, 0)).toBeNull();
    expect(previousIndex(plan, 4)).toBeNull();
    expect(completeIndex(plan)).toBe(4);
  });

  it('moves on without saving from an all-empty step that allows it, and saves otherwise', () => {
    const social = plan[3]!;
    const skills = plan[2]!;
    const empty = profileFormValues(null);
    expect(continueAction(social, empty, ctx)).toBe('advance');
    expect(continueAction(social, { ...empty, social_twitter: 'https://x.com/ada' }, ctx)).toBe('save');
    // Skills and topics do not allow empty data: Continue saves (and the form asks for them first).
    expect(continueAction(skills, empty, ctx)).toBe('save');
  });
});
