// The shapes the profile screens read, all from the generated schema; those every profile
// form shares are lib/profile/types' (a profile page is its UserProfile).
import type { components } from '../../../lib/api/schema';

export type { CareerEntry, ProfileDetails, TopicRef, UserProfile as ProfilePage } from '../../../lib/profile/types';

type Schemas = components['schemas'];

export type GroupRef = Schemas['GroupRefView'];
export type UserService = Schemas['UserServiceView'];

export type EntryType = 'work' | 'education';

export type Pagination = Schemas['Pagination'];

export type { Paged } from '../../../lib/api/paged';

export type ConnectionType = 'user' | 'circle' | 'event' | 'organization' | 'institution';

/** One item of GET /api/v1/connections/user/{id}/ (its `type` is one of ConnectionType). */
export type Connection = Schemas['ConnectionItem'];

/** One item of GET /api/v1/users/{id}/circles/. */
export type Circle = Schemas['CircleItem'];
