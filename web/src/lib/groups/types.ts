// Groups API types. Answers the screens read as the server sends them are the generated
// schema's (lib/api/schema.d.ts); the group, member and invitation types stay narrower (unions
// for the choice fields) and the calls in this folder check the server's answers against them
// (see toGroup in groups.ts), so a server change fails tsc.
import type { components } from '../api/schema';

export type GroupType = 'organization' | 'institution' | 'circle' | 'event';
export type MembershipStatus = 'pending' | 'accepted' | 'rejected';
export type Publicity = 'open' | 'closed';
export type QuestionType = 'text' | 'textarea' | 'radio' | 'selection' | 'file';
export type EventType = 'conference' | 'workshop' | 'seminar' | 'talk' | 'other';
export type GroupDuration = 'time_limited' | 'ongoing';
export type LearningModality = 'online' | 'in_person' | 'no_preference';
export type ComplexityLevel = 'beginner' | 'intermediate' | 'advanced';

/** A membership question (spec 001 §3 "Question"). */
export interface Question {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: string[];
}

export interface GroupExtraInfo {
  questions?: Question[];
  is_external?: boolean;
  external_link?: string;
  [key: string]: unknown;
}

export interface IdName {
  id: number;
  name: string;
}

export interface Sdg {
  id: number;
  number?: number;
  name: string;
  logo?: string | null;
}

export interface GroupRef {
  id: number;
  name: string;
  name_slug: string;
  group_type: GroupType;
  logo?: string | null;
}

export type LifecycleStatus =
  | 'application_opening_soon'
  | 'application_open'
  | 'application_closed'
  | 'running'
  | 'closed'
  | 'archived';

export interface Lifecycle {
  /** 1..6 in the order of spec 001 §4. */
  key: number;
  status: LifecycleStatus;
  name: string;
  label: string;
  accepts_applications: boolean;
  has_ended: boolean;
}

/** A use case linked to a group (use_cases_detailed). */
export interface UseCaseRef {
  id: number;
  slug: string | null;
  title: string;
  description?: string | null;
  thumbnail_image?: string | null;
}

export interface Donation {
  name: string;
  description?: string | null;
  stripe_price_id?: string | null;
}

/** GET /groups/{id}/, GET /groups/slug/{slug}/ and the items of group lists. */
export interface Group {
  id: number;
  name: string;
  name_slug: string;
  group_type: GroupType;
  parent_group: number | null;
  parent_group_detail: GroupRef | null;
  /** The site's own organization (every person of the site is its member). */
  is_tenant_root?: boolean;
  description: string | null;
  objective: string | null;
  member_requirements: string | null;
  impact: string | null;
  location: string | null;
  country: string | null;
  countries: string[];
  topics: number[];
  topics_detailed: IdName[];
  career_stages: string[];
  professional_fields: string[];
  roles: string[];
  relevant_sdgs: number[];
  relevant_sdgs_detailed: Sdg[];
  level: number | null;
  group_duration: GroupDuration | null;
  maximum_size: number | null;
  total_members: number;
  total_circles: number;
  /** Counts by status: administrators only (null for others). */
  pending_members_count: number | null;
  rejected_members_count: number | null;
  unverified_members_count: number | null;
  start_date: string | null;
  end_date: string | null;
  application_open_date: string | null;
  application_close_date: string | null;
  publicity: Publicity;
  privacy?: 0 | 20;
  circle_type: number | null;
  circle_type_detail: IdName | null;
  circle_status_priority?: number | null;
  event_type: EventType | string | null;
  is_paid: boolean;
  /** Decimal string in USD ("49.00") or null. */
  price: string | null;
  paid_features: string[];
  discount: number | null;
  /** Weeks. */
  commitment_time: number | null;
  complexity_level: ComplexityLevel | string | null;
  learning_modality: LearningModality | string | null;
  create_google_classroom?: boolean;
  google_classroom_id?: string | null;
  has_classroom_access?: boolean;
  use_cases: string[];
  /** The linked use cases (spec 001 §3); optional until every server sends it. */
  use_cases_detailed?: UseCaseRef[];
  is_influencer: boolean;
  donation_details: Donation[];
  extra_info: GroupExtraInfo | null;
  cover_image: string | null;
  logo: string | null;
  lifecycle: Lifecycle | null;
  is_full: boolean;
  // About the caller (null/false for guests).
  membership_status: MembershipStatus | null;
  role: string | null;
  payment_status: string | null;
  waitlisted: boolean;
  is_administrator: boolean;
  is_followed: boolean;
  /** The caller bookmarked this circle or event (absent from older answers). */
  is_bookmarked?: boolean;
  followers_count: number;
}

/** A list answer. */
export interface Paged<T> {
  data: T[];
  pagination: { count: number; next: string | null };
}

/** A file referenced from a member's extra_info (answers of type file, the conference abstract). */
export interface MemberFile {
  id: number;
  /** The file's address. */
  file: string;
  mime_type: string;
  name: string;
}

/** GET /groups/{id}/members/ items. */
export interface Member {
  id: number;
  name: string;
  name_slug: string | null;
  image: string | null;
  institution_name: string | null;
  membership_type: 'member' | 'follower' | string | null;
  membership_role: string | null;
  membership_status: MembershipStatus | null;
  is_verified: boolean;
  joined_at: string | null;
  payment_status: string | null;
  notes: string | null;
  reason: string | null;
  profile_completion_percent: number | null;
  /** The join answers ({answers: {questionId: value}}) or the conference fields. */
  extra_info: Record<string, unknown> | null;
  waitlisted: boolean;
  /**
   * Administrators only: the files extra_info refers to. Being added to the API on another
   * branch; until then it is absent and file answers show as "File #id".
   */
  files?: MemberFile[] | null;
}

export type MemberStatusTab = 'accepted' | 'pending' | 'rejected' | 'unverified';

export interface MembersQuery {
  status?: MembershipStatus;
  is_verified?: boolean;
  role?: string;
  search?: string;
  country?: string;
  professional_fields?: string;
  page?: number;
  page_size?: number;
}

/** Conference registration fields (spec 001 §3 "Conference registration"). */
export interface ConferenceRegistration {
  phone_number: string;
  alternative_phone_number?: string;
  participant_type: 'attendee' | 'presenter';
  submission_type?: string;
  program_type?: string;
  title?: string;
  abstract?: string;
  /** The id of the uploaded pdf (POST /file-upload/). */
  abstract_file?: number | string | null;
  publication?: string;
  dietary?: string;
}

export type Answers = Record<string, string | number | null>;

/** POST /groups/{id}/join/ body. */
export interface JoinBody {
  role?: string;
  extra_info?: { answers?: Answers } | (ConferenceRegistration & { answers?: Answers });
}

/** POST /groups/{id}/join/: the new membership (the answer's `data`) with the answer's message and warning. */
export type JoinAnswer = components['schemas']['JoinState'] & {
  message: string;
  /** Set when the request went on the wait list (spec 001 §4: the full-group texts). */
  warning?: string | null;
};

export type MessageAnswer = components['schemas']['MessageAnswer'];

export type RespondAction = 'accept' | 'reject';

/** GET /circle-types/ items. */
export type CircleType = components['schemas']['CircleTypeView'];

/** A person found by GET /search/?type=user. */
export interface UserSearchResult {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  name_slug?: string | null;
  image?: string | null;
  picture?: string | null;
  title?: string | null;
  institution_name?: string | null;
}

/** POST /invite-users/ body. */
export interface InviteBody {
  object_id: number;
  content_type: 'group' | 'job';
  users: number[];
  /** Comma-joined. */
  emails: string;
}

/** GET /invitation/{id}/. */
export interface Invitation {
  type: 'group' | 'job' | string;
  results: Pick<Group, 'id' | 'name' | 'name_slug' | 'group_type'> &
    Partial<Pick<Group, 'description' | 'cover_image' | 'logo' | 'start_date' | 'end_date' | 'total_members'>>;
  status: string | null;
  invited_by: { id?: number; name?: string | null } | string | null;
}

export type InvitationAction = 'accept' | 'reject';

/** Body of POST /groups/ and PATCH /groups/{id}/. */
export interface GroupPayload {
  name: string;
  group_type: GroupType;
  parent_group?: number | null;
  description: string;
  objective?: string | null;
  member_requirements?: string | null;
  impact?: string | null;
  location?: string | null;
  country?: string | null;
  countries?: string[];
  topics?: number[];
  career_stages?: string[];
  professional_fields?: string[];
  relevant_sdgs?: number[];
  level?: number;
  group_duration?: GroupDuration;
  maximum_size?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  application_open_date?: string | null;
  application_close_date?: string | null;
  publicity?: Publicity;
  circle_type?: number | null;
  event_type?: string | null;
  is_paid?: boolean;
  price?: string | null;
  paid_features?: string[];
  discount?: number | null;
  commitment_time?: number | null;
  complexity_level?: string | null;
  learning_modality?: string | null;
  use_cases?: string[];
  extra_info?: GroupExtraInfo;
}
