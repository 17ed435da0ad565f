// Shapes of the circles, events, leaders, Connect and default-organization calls as the screens
// read them: the schema's own types where they fit, else the fields the screens read (each call
// in this folder checks its schema answer against them).
import type { components } from '../api/schema';

export type Pagination = components['schemas']['Pagination'];

export type { Paged } from '../api/paged';

export type GroupType = 'organization' | 'institution' | 'circle' | 'event';
export type MembershipStatus = 'pending' | 'accepted' | 'rejected';

/** Lifecycle keys 1..6 (spec 001 §4), derived from the dates by the server. */
export type LifecycleKey = 1 | 2 | 3 | 4 | 5 | 6;

export interface Lifecycle {
  /** 1..6 (LifecycleKey); the document types it as a number. */
  key: number;
  status: string;
  name: string;
  label: string;
  accepts_applications: boolean;
  has_ended: boolean;
}

export interface NamedRef {
  id: number;
  name: string;
}

/**
 * A group as list items and GET /groups/{id}/ carry it (the fields the list screens read;
 * the server sends more).
 */
export interface Group {
  id: number;
  name: string;
  name_slug: string;
  group_type: GroupType;
  description?: string | null;
  location?: string | null;
  country?: string | null;
  countries?: string[];
  topics_detailed?: NamedRef[];
  start_date?: string | null;
  end_date?: string | null;
  application_open_date?: string | null;
  application_close_date?: string | null;
  is_paid?: boolean;
  /** A decimal string in USD ("49.00"), or null. */
  price?: string | null;
  /** Weeks. */
  commitment_time?: number | null;
  complexity_level?: string | null;
  learning_modality?: string | null;
  total_members?: number;
  cover_image?: string | null;
  logo?: string | null;
  lifecycle?: Lifecycle | null;
  is_full?: boolean;
  extra_info?: Record<string, unknown> | null;
  membership_status?: MembershipStatus | null;
  role?: string | null;
  is_followed?: boolean;
  is_bookmarked?: boolean;
}

/** A configured question (membership questions, leader certification questions): one type with the groups'. */
export type { Question, QuestionType } from '../groups/types';

export type LeaderApplication = components['schemas']['LeaderApplicationView'];

/** One item of GET /circle-leaders/. */
export interface CircleLeader {
  id: number;
  name: string;
  name_slug: string;
  image?: string | null;
  title?: string | null;
  short_bio?: string | null;
  certification_level?: number | null;
  topic_area_detailed?: NamedRef | NamedRef[] | null;
  no_of_circles_led?: number | null;
}

/** POST /request-circle/ body (spec 002 §3 "Circle request form"). */
export interface CircleRequest {
  real_world_problems_to_solve: string;
  goal: string;
  /** YYYY-MM. */
  urgency: string;
  hours_commitment: number;
  learning_modality: 'remote' | 'in_person';
  /** A country, only for in_person. */
  location: string | null;
}

export type ConnectType = 'all' | 'circle' | 'organization' | 'user' | 'event';
export type ItemType = 'user' | 'event' | 'job' | 'circle' | 'organization' | 'institution';

/**
 * A connection or search result (spec 000 §3 "Connection item"): id, type, name, image,
 * description, reason, institution_name; search results also say whether the caller follows it.
 */
export interface ConnectItem {
  id: number;
  type: ItemType | string;
  name: string;
  slug?: string | null;
  name_slug?: string | null;
  image?: string | null;
  description?: string | null;
  reason?: string | null;
  institution_name?: string | null;
  country?: string | null;
  /** People: whether the caller follows them. */
  is_followed?: boolean | null;
  /** Groups: the caller's tie to it, member or follower (optional until every server sends it). */
  membership_type?: 'member' | 'follower' | string | null;
  /** Groups: pending, accepted or rejected. */
  membership_status?: MembershipStatus | string | null;
  /** Groups: the role of an accepted membership (member, leader, attendee…). */
  membership_role?: string | null;
}

export interface FollowState {
  followed: boolean;
  followers_count: number;
}

/** One entry of GET /groups/default-org/ (the fields the screens read of DefaultOrgView). */
export interface DefaultOrg {
  id: number;
  name: string;
  name_slug: string;
  logo?: string | null;
  /** pending, accepted, rejected or null. */
  membership_status?: string | null;
  role?: string | null;
  is_default: boolean;
}

/** One item of GET /use-cases/ (the fields the selection reads). */
export interface UseCase {
  id: number;
  slug?: string | null;
  title: string;
  description?: string | null;
  thumbnail_image?: string | null;
}

export interface TopicArea {
  id: number;
  name: string;
}
