import type { ProfileFieldName } from './profileSchema';
import { SOCIAL_LINK_FIELDS } from './socialLinks';

/** Labels of the plain fields. */
export const PROFILE_FIELD_LABELS: Record<ProfileFieldName, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  country: 'Country of residence',
  location: 'City',
  institution: 'Institution',
  prefered_language: 'Preferred language',
  short_bio: 'Short bio',
  career_story: 'Career story',
  career_advice: 'Career advice',
  additional_career_information: 'Additional career information',
  interested_services: 'Services you are interested in',
  current_role: 'Current role',
  job_function: 'Job function',
  career_stage: 'Career stage',
  career_stage_extra: 'Your career stage',
  professional_field: 'Professional field',
  professional_field_extra: 'Your professional field',
  reason_to_join: 'Reasons to join',
  reason_to_join_extra: 'Your reason to join',
  skills: 'Skills',
  topics: 'Topics of interest',
  ...(Object.fromEntries(SOCIAL_LINK_FIELDS.map((link) => [link.name, link.label])) as Record<(typeof SOCIAL_LINK_FIELDS)[number]['name'], string>),
  batch: 'Graduation year',
  uni_batch: 'Graduation year',
  calendy_url: 'Calendar booking link',
  specific_needs: 'Specific needs',
  affiliation: 'Affiliation',
  department: 'Department',
  college: 'College',
  country_of_origin: 'Country of origin',
  discipline: 'Discipline',
};

