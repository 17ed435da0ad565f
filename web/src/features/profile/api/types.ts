// The shapes the profile screens read, all from the generated schema.
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type CareerEntry = Schemas['CareerEntryView'];
export type TopicRef = Schemas['TopicRefView'];
export type GroupRef = Schemas['GroupRefView'];
export type UserService = Schemas['UserServiceView'];

export type ProfileDetails = Schemas['ProfileView'];

/** GET /api/v1/users/profile/{slug}/ data. */
export type ProfilePage = Schemas['UserProfileView'];

export type EntryType = 'work' | 'education';

export type Pagination = Schemas['Pagination'];

export type { Paged } from '../../../lib/api/paged';

export type ConnectionType = 'user' | 'circle' | 'event' | 'organization' | 'institution';

/** One item of GET /api/v1/connections/user/{id}/ (its `type` is one of ConnectionType). */
export type Connection = Schemas['ConnectionItem'];

/** One item of GET /api/v1/users/{id}/circles/. */
export type Circle = Schemas['CircleItem'];
