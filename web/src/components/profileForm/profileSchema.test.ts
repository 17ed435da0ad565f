import { describe, expect, it } from 'vitest';
import { profileFormSchema } from './profileFormSchema';
import {
  PROFILE_MESSAGES,
  profileFieldError,
  profileFormContext,
  profileFormValues,
  shownFields,
  toProfileUpdate,
  withCareerStage,
  type ProfileFieldName,
  type ProfileFormContext,
  type ProfileFormValues,
} from './profileSchema';
import { identityFixture } from '../../test/fixtures';

const standard: ProfileFormContext = { institutional: false, diaspora: false, hideReasonToJoin: false };
const institutional: ProfileFormContext = { ...standard, institutional: true };
const diaspora: ProfileFormContext = { ...standard, diaspora: true };

function values(overrides: Partial<ProfileFormValues> = {}): ProfileFormValues {
  return { ...profileFormValues(null), ...overrides };
}

function errorsOf(fields: readonly ProfileFieldName[], input: ProfileFormValues, ctx = standard): Record<string, string> {
  const result = profileFormSchema(fields, ctx).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}</p>`;

describe('profile form rules', () => {
  it('asks for every required field with Required', () => {
    const fields: ProfileFieldName[] = [
      'first_name',
      'last_name',
      'title',
      'country',
      'institution',
      'interested_services',
      'current_role',
      'career_stage',
      'reason_to_join',
      'skills',
      'topics',
      'batch',
    ];
    const errors = errorsOf(fields, values({ first_name: '  ' }));
    for (const field of fields) expect(errors[field], field).toBe('Required');
  });

  it('needs career_stage to be an integer', () => {
    expect(profileFieldError('career_stage', values({ career_stage: 2.5 }))).toBe('Required');
    expect(profileFieldError('career_stage', values({ career_stage: 0 }))).toBeNull();
  });

  it('takes a typed institution name, but not a blank one', () => {
    expect(profileFieldError('institution', values({ institution: { id: null, name: ' ' } }))).toBe('Required');
    expect(profileFieldError('institution', values({ institution: { id: null, name: 'Makerere University' } }))).toBeNull();
    expect(profileFieldError('institution', values({ institution: { id: 4, name: '' } }))).toBeNull();
  });

  it('limits skills and topics to 7', () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `T${i}` }));
    expect(profileFieldError('skills', values({ skills: eight }))).toBe('Maximum 7 skills');
    expect(profileFieldError('topics', values({ topics: eight }))).toBe('Maximum 7 topics');
    expect(profileFieldError('skills', values({ skills: eight.slice(0, 7) }))).toBeNull();
  });

  it('counts words without markup: 400 for bio and story, 200 for additional information', () => {
    expect(profileFieldError('short_bio', values({ short_bio: words(400) }))).toBeNull();
    expect(profileFieldError('short_bio', values({ short_bio: words(401) }))).toBe('Maximum 400 words');
    expect(profileFieldError('career_story', values({ career_story: words(401) }))).toBe('Maximum 400 words');
    expect(profileFieldError('additional_career_information', values({ additional_career_information: words(201) }))).toBe(
      'Maximum 200 words',
    );
    expect(profileFieldError('additional_career_information', values({ additional_career_information: words(200) }))).toBeNull();
  });

  it('limits specific needs to 500 characters and career advice to 4000 characters of text', () => {
    expect(profileFieldError('specific_needs', values({ specific_needs: 'x'.repeat(501) }))).toBe(PROFILE_MESSAGES.maxSpecificNeeds);
    expect(profileFieldError('specific_needs', values({ specific_needs: 'x'.repeat(500) }))).toBeNull();
    expect(profileFieldError('career_advice', values({ career_advice: `<p>${'x'.repeat(4001)}</p>` }))).toBe(
      'Maximum of 4000 characters',
    );
    expect(profileFieldError('career_advice', values({ career_advice: `<p><strong>${'x'.repeat(4000)}</strong></p>` }))).toBeNull();
  });

  it('limits the extra texts past 30 characters, with the messages as the spec gives them', () => {
    const long = 'x'.repeat(31);
    expect(profileFieldError('reason_to_join_extra', values({ reason_to_join_extra: long }))).toBe('Maximum 50 characters');
    expect(profileFieldError('professional_field_extra', values({ professional_field_extra: long }))).toBe('Maximum 50 characters');
    expect(profileFieldError('career_stage_extra', values({ career_stage_extra: long }))).toBe('Maximum 30 characters');
    expect(profileFieldError('career_stage_extra', values({ career_stage_extra: 'x'.repeat(30) }))).toBeNull();
  });

  it('checks links and years', () => {
    expect(profileFieldError('social_linkedin', values({ social_linkedin: 'not a link' }))).toBe('Enter a valid URL.');
    expect(profileFieldError('social_linkedin', values({ social_linkedin: 'linkedin.com/in/ada' }))).toBeNull();
    expect(profileFieldError('social_orcid', values({ social_orcid: 'ftp://orcid.org/x' }))).toBe('Enter a valid URL.');
    expect(profileFieldError('batch', values({ batch: '20x4' }))).toBe('Enter a valid year.');
    expect(profileFieldError('uni_batch', values({ uni_batch: '' }))).toBeNull();
    expect(profileFieldError('uni_batch', values({ uni_batch: '1800' }))).toBe('Enter a valid year.');
  });
});

describe('conditional fields', () => {
  const all: ProfileFieldName[] = [
    'current_role',
    'job_function',
    'career_stage',
    'career_stage_extra',
    'reason_to_join',
    'reason_to_join_extra',
    'professional_field',
    'professional_field_extra',
    'affiliation',
    'department',
    'college',
    'uni_batch',
    'country_of_origin',
  ];

  it('shows the institutional fields only on the institutional screen, and requires them there', () => {
    expect(shownFields(all, values(), standard)).not.toContain('department');
    expect(shownFields(all, values(), institutional)).toEqual(expect.arrayContaining(['affiliation', 'department', 'college', 'uni_batch']));
    expect(errorsOf(all, values(), standard)).not.toHaveProperty('department');
    const errors = errorsOf(all, values(), institutional);
    expect(errors).toMatchObject({ affiliation: 'Required', department: 'Required', college: 'Required' });
  });

  it('asks the country of origin only on the diaspora host, where it is required', () => {
    expect(errorsOf(all, values(), standard)).not.toHaveProperty('country_of_origin');
    expect(errorsOf(all, values(), diaspora)).toHaveProperty('country_of_origin', 'Required');
  });

  it('asks the job function only of current role 3', () => {
    expect(shownFields(all, values({ current_role: 2 }), standard)).not.toContain('job_function');
    expect(shownFields(all, values({ current_role: 3 }), standard)).toContain('job_function');
  });

  it("shows an extra text only with the 'other' choice (value 0)", () => {
    const shown = shownFields(all, values({ career_stage: 0, professional_field: 2, reason_to_join: [1, 0] }), standard);
    expect(shown).toContain('career_stage_extra');
    expect(shown).not.toContain('professional_field_extra');
    expect(shown).toContain('reason_to_join_extra');
  });

  it('hides the reasons to join on the summer-camp host', () => {
    const ctx = profileFormContext({ show_institutional_registration_screen: false, host_variant: 'summer_camp' });
    expect(shownFields(all, values(), ctx)).not.toContain('reason_to_join');
    expect(errorsOf(all, values(), ctx)).not.toHaveProperty('reason_to_join');
  });

  it('reads the site rules from the configuration', () => {
    expect(profileFormContext({ show_institutional_registration_screen: true, host_variant: 'standard' })).toEqual(institutional);
    expect(profileFormContext({ show_institutional_registration_screen: false, host_variant: 'diaspora' })).toEqual(diaspora);
  });
});

describe('the update body', () => {
  it('sends only shown fields, clears extras without their other choice, and sends a high-school student at stage 1', () => {
    const fields: ProfileFieldName[] = [
      'title',
      'institution',
      'current_role',
      'job_function',
      'career_stage',
      'career_stage_extra',
      'reason_to_join',
      'reason_to_join_extra',
      'short_bio',
      'skills',
      'department',
    ];
    const patch = toProfileUpdate(
      fields,
      values({
        title: '  Analyst ',
        institution: { id: null, name: 'New College' },
        current_role: 1,
        job_function: 4,
        career_stage: 3,
        career_stage_extra: 'left over',
        reason_to_join: [2],
        reason_to_join_extra: 'left over',
        short_bio: '<p></p>',
        skills: [{ id: 5, name: 'SQL' }],
        department: 'economics',
      }),
      standard,
    );
    expect(patch).toEqual({
      title: 'Analyst',
      institution: 'New College',
      current_role: 1,
      career_stage: 1,
      career_stage_extra: null,
      reason_to_join: [2],
      reason_to_join_extra: null,
      short_bio: null,
      skills: [5],
    });
  });

  it('sends a known institution by id', () => {
    expect(toProfileUpdate(['institution'], values({ institution: { id: 9, name: 'MIT' } }), standard)).toEqual({ institution: 9 });
  });

  it('starts from the identity', () => {
    const identity = identityFixture({
      profile: {
        email: 'maria@example.com',
        title: 'Engineer',
        institution: 4,
        institution_detailed: { id: 4, name: 'Makerere University', slug: 'makerere', group_type: 'institution' },
        skills_detailed: [{ id: 2, name: 'Python' }],
      },
    });
    const start = profileFormValues(identity);
    expect(start).toMatchObject({
      first_name: 'Maria',
      title: 'Engineer',
      institution: { id: 4, name: 'Makerere University' },
      skills: [{ id: 2, name: 'Python' }],
      current_role: 3,
      career_stage: 3,
    });
  });
});

describe('changing the career stage', () => {
  const chosen = { career_stage: 2, reason_to_join: [1, 0], reason_to_join_extra: 'Mentoring' };

  it('clears the reasons when the site maps reasons to stages', () => {
    expect(withCareerStage(chosen, 3, { career_reason_map: { '3': [1, 2] } })).toEqual({
      career_stage: 3,
      reason_to_join: [],
      reason_to_join_extra: '',
    });
  });

  it('keeps them without a map, and when the stage stays the same', () => {
    expect(withCareerStage(chosen, 3, { career_reason_map: {} })).toEqual({ ...chosen, career_stage: 3 });
    expect(withCareerStage(chosen, 2, { career_reason_map: { '2': [1] } })).toBe(chosen);
  });
});
