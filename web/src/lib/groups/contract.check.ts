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

export type GroupFields = NoneMissing<Unsent<Schemas['GroupView'], Group>>;
export type ListedGroupFields = NoneMissing<Unsent<Schemas['GroupView'], ListedGroup>>;
export type MemberFields = NoneMissing<Unsent<Schemas['MemberItem'], Member>>;
export type InvitationFields = NoneMissing<Unsent<Schemas['InvitationView'], Invitation>>;
/** Connect shows both connections and search results with one card. */
export type ConnectItemFields = NoneMissing<Unsent<Schemas['SearchItem'] & Schemas['ConnectionItem'], ConnectItem>>;
export type CircleLeaderFields = NoneMissing<Unsent<Schemas['CircleLeaderView'], CircleLeader>>;
export type LeaderApplicationFields = NoneMissing<Unsent<Schemas['LeaderApplicationView'], LeaderApplication>>;
export type DefaultOrgFields = NoneMissing<Unsent<Schemas['DefaultOrgView'], DefaultOrg>>;
