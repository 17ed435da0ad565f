// Compile-time checks that every field the group, circles, Connect and leaders screens read
// is in what the server answers (the generated OpenAPI types): a renamed or dropped field
// fails the type check here. The screens' own types stay narrower (unions for the choice
// fields), which is why fields are compared by name.
import type { components } from '../api/schema';
import type { Group, Invitation, Member } from './types';
import type {
  CircleLeader,
  ConnectItem,
  DefaultOrg,
  Group as ListedGroup,
  LeaderApplication,
} from '../discover/types';

type Schemas = components['schemas'];
/** The client's fields the server does not send. */
type Unsent<Server, Client> = Exclude<keyof Client, keyof Server>;
type NoneMissing<T extends never> = T;

/**
 * Fields another branch adds to the API (use-case list, connection memberships); the
 * generated schema gains them when it merges. Drop each from here once it does.
 */
type Coming = 'use_cases_detailed' | 'membership_type' | 'membership_status' | 'membership_role' | 'is_followed';

export type GroupFields = NoneMissing<Exclude<Unsent<Schemas['GroupView'], Group>, Coming>>;
export type ListedGroupFields = NoneMissing<Unsent<Schemas['GroupView'], ListedGroup>>;
/**
 * `files` is being added to the server's member items on another branch; the screens read it
 * as optional until then. Drop it from this list once the generated schema has it.
 */
type MemberFieldsComing = 'files';
export type MemberFields = NoneMissing<Exclude<Unsent<Schemas['MemberItem'], Member>, MemberFieldsComing>>;
export type InvitationFields = NoneMissing<Unsent<Schemas['InvitationView'], Invitation>>;
/** Connect shows both connections and search results with one card. */
export type ConnectItemFields = NoneMissing<Exclude<Unsent<Schemas['SearchItem'] & Schemas['ConnectionItem'], ConnectItem>, Coming>>;
export type CircleLeaderFields = NoneMissing<Unsent<Schemas['CircleLeaderView'], CircleLeader>>;
export type LeaderApplicationFields = NoneMissing<Unsent<Schemas['LeaderApplicationView'], LeaderApplication>>;
export type DefaultOrgFields = NoneMissing<Unsent<Schemas['DefaultOrgView'], DefaultOrg>>;
