// The shapes the profile screens read. The profile page object comes from the generated
// schema; the follow counts and the connection items are the issue-4 contracts
// (notes/contracts.md §6–8), typed here until the schema carries them.
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type CareerEntry = Schemas['CareerEntryView'];
export type TopicRef = Schemas['TopicRefView'];
export type GroupRef = Schemas['GroupRefView'];
export type UserService = Schemas['UserServiceView'];

export type ProfileDetails = Schemas['ProfileView'] & {
  email?: string | null;
  alternate_email?: string | null;
  is_alternate_email_verified?: boolean | null;
};

/** GET /api/v1/users/profile/{slug}/ data. */
export type ProfilePage = Omit<Schemas['UserProfileView'], 'profile'> & {
  profile: ProfileDetails;
  followers_count?: number;
  following_count?: number;
};

export type EntryType = 'work' | 'education';

export interface Pagination {
  count: number;
  next?: string | null;
}

export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export type ConnectionType = 'user' | 'circle' | 'event' | 'organization' | 'institution';

/** One item of GET /api/v1/connections/user/{id}/. */
export interface Connection {
  id: number;
  type: ConnectionType;
  name: string;
  slug?: string | null;
  image?: string | null;
  description?: string | null;
  reason?: string | null;
  institution_name?: string | null;
}

/** One item of GET /api/v1/users/{id}/circles/. */
export interface Circle {
  id: number;
  name: string;
  slug: string;
  image?: string | null;
  description?: string | null;
  role?: string | null;
}
