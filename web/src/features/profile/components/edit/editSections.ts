// The edit dialog's sections and the profile fields each holds (spec 000 §2 "Profile edit
// dialog sections").
import { CAREER_QUESTIONS, type ProfileFieldName, type ProfileFormSource } from '../../../../components/profileForm/profileSchema';
import { SOCIAL_LINK_FIELDS } from '../../../../components/profileForm/socialLinks';
import type { ProfilePage } from '../../api/types';
import type { EditSection } from '../../profileContext';

export const CAREER_FIELDS: readonly ProfileFieldName[] = [
  'title',
  'institution',
  ...CAREER_QUESTIONS,
  'interested_services',
  'affiliation',
  'college',
  'department',
  'uni_batch',
  'skills',
  'topics',
  'career_advice',
  'calendy_url',
];

export const PERSONAL_FIELDS: readonly ProfileFieldName[] = [
  'first_name',
  'last_name',
  'country',
  'location',
  'country_of_origin',
  'prefered_language',
  'batch',
  'short_bio',
  'career_story',
  'specific_needs',
];

export const SOCIAL_FIELDS: readonly ProfileFieldName[] = SOCIAL_LINK_FIELDS.map((field) => field.name);

/** Every field the dialog's Save sends. */
export const EDITABLE_FIELDS: readonly ProfileFieldName[] = [...CAREER_FIELDS, ...PERSONAL_FIELDS, ...SOCIAL_FIELDS];

export const SECTIONS: { id: EditSection; label: string }[] = [
  { id: 'career', label: 'Career Info' },
  { id: 'personal', label: 'Personal Info' },
  { id: 'social', label: 'Social Links' },
  { id: 'uploads', label: 'Upload Files' },
  { id: 'account', label: 'Account' },
];

/** The section that holds a field (to show the first invalid one). */
export function sectionOf(field: string): EditSection | null {
  if ((CAREER_FIELDS as readonly string[]).includes(field)) return 'career';
  if ((PERSONAL_FIELDS as readonly string[]).includes(field)) return 'personal';
  if ((SOCIAL_FIELDS as readonly string[]).includes(field)) return 'social';
  return null;
}

/** What the shared form reads of the own profile page (the identity carries the same fields). */
export function formSource(page: ProfilePage): ProfileFormSource {
  return {
    first_name: page.first_name,
    last_name: page.last_name,
    profile: page.profile,
    group_profile: page.group_profile ?? null,
  };
}
