// Shared profile types (spec 000 §3), taken from the generated API schema where it has them.
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** A person's profile page (GET /users/profile/{slug}/, and the answer of every profile update). */
export type UserProfile = Schemas['UserProfileView'];
export type ProfileDetails = Schemas['ProfileView'];
export type GroupProfile = Schemas['GroupProfileView'];
export type GroupProfileExtraInfo = Schemas['ExtraInfo'];
export type CareerEntry = Schemas['CareerEntryView'];

/** A topic of either type as the pickers show it: `{id, name}`. */
export type TopicRef = Schemas['TopicRefView'];
export type Topic = Schemas['TopicView'];
export type TopicType = 'skill' | 'general';

export type OptionsConfig = Schemas['Options'];
/** A choice with a number value (roles, stages, fields, reasons, services); value 0 is 'other'. */
export type IntOption = Schemas['IntOption'];
/** A choice with a text value (colleges, departments, categories). */
export type TextOption = Schemas['TextOption'];

/** A stored file (POST /file-upload/, /upload-resume/, …). */
export type UploadedFile = Schemas['FileItem'];

/** Where a profile save comes from (spec 000 §7 "Save profile"). */
export type ProfileOrigin = 'registration-flow' | 'other';

/** A skill or topic as the update calls take it: an id, `{id, name}`, or `{name}` for a new one. */
export type TopicInput = number | { id: number; name?: string } | { name: string };

/**
 * The body of PATCH /api/v1/users/profile/ (docs/decisions.md "One update call for the
 * registration form"): any field of the registration form; a field left out is unchanged,
 * null or "" clears it. `institution` is an id or the name of a new institution.
 */
export interface ProfileUpdate {
  first_name?: string | null;
  last_name?: string | null;
  title?: string | null;
  country?: string | null;
  location?: string | null;
  batch?: string | null;
  prefered_language?: string | null;
  short_bio?: string | null;
  career_story?: string | null;
  career_advice?: string | null;
  additional_career_information?: string | null;
  specific_needs?: string | null;
  discipline?: string | null;
  calendy_url?: string | null;
  picture?: string | null;
  institution?: number | string | null;
  interested_services?: number[] | null;
  skills?: TopicInput[] | null;
  topics?: TopicInput[] | null;
  social_linkedin?: string | null;
  social_twitter?: string | null;
  social_google_scholar?: string | null;
  social_research_gate?: string | null;
  social_orcid?: string | null;
  social_facebook?: string | null;
  current_role?: number | null;
  job_function?: number | null;
  career_stage?: number | null;
  career_stage_extra?: string | null;
  professional_field?: number | null;
  professional_field_extra?: string | null;
  reason_to_join?: number[] | null;
  reason_to_join_extra?: string | null;
  affiliation?: string | null;
  department?: string | null;
  college?: string | null;
  uni_batch?: string | null;
  country_of_origin?: string | null;
}

/** The group-profile fields alone (POST /group-profiles/, PATCH /group-profiles/{id}/). */
export type GroupProfileUpdate = Pick<
  ProfileUpdate,
  | 'current_role'
  | 'job_function'
  | 'career_stage'
  | 'career_stage_extra'
  | 'professional_field'
  | 'professional_field_extra'
  | 'reason_to_join'
  | 'reason_to_join_extra'
  | 'affiliation'
  | 'department'
  | 'college'
  | 'uni_batch'
  | 'country_of_origin'
  | 'skills'
  | 'topics'
>;
