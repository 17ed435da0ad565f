// The signed-in user (GET /api/v1/identity/), used by the shell and the route guards.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import type { components } from '../api/schema';
import { isSignedIn } from '../session';
import { useSessionVersion } from './session';

export type MembershipStatus = 'accepted' | 'pending' | 'rejected';

export interface IdentityOrganization {
  id: number;
  name: string;
  name_slug: string;
  domain?: string;
  logo?: string | null;
  membership_role?: string | null;
  membership_status?: string | null;
}

type Schemas = components['schemas'];

/** The own profile (spec 000 §3 "Identity" profile): every field of GET /identity/'s profile. */
export type IdentityProfileDetails = Schemas['IdentityProfile'];
/** The group profile for this site's organization (spec 000 §3 "Identity" group_profile). */
export type IdentityGroupProfile = Schemas['GroupProfileView'];
/** A work or education entry on the identity. */
export type IdentityCareerEntry = Schemas['CareerEntryView'];

/**
 * The identity (spec 000 §3 "Identity"). The sign-in fields are always there; the profile's
 * other fields, the group profile and the career entries are optional in this type so that
 * small test fixtures stay valid (the server always sends them).
 */
export interface Identity {
  id: number;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  is_trial_user: boolean;
  is_staff: boolean;
  is_influencer?: boolean;
  joined_at?: string;
  /** Unread in-app notifications on this site (the bell's badge). */
  unread_notifications_count?: number;
  membership_status?: MembershipStatus | string | null;
  membership_card?: string | null;
  organization?: IdentityOrganization | null;
  switchable_orgs?: IdentityOrganization[];
  user_subscription?: Schemas['UserSubscription'];
  profile: {
    email: string;
    alternate_email?: string | null;
    is_alternate_email_verified?: boolean | null;
    name_slug?: string | null;
    picture?: string | null;
  } & Partial<Omit<IdentityProfileDetails, 'email' | 'alternate_email' | 'is_alternate_email_verified' | 'name_slug' | 'picture'>>;
  /** Null until the registration wizard (or a profile update) stores one for this organization. */
  group_profile?: IdentityGroupProfile | null;
  work_experiences?: IdentityCareerEntry[];
  education_background?: IdentityCareerEntry[];
}

export const identityKey = ['identity'] as const;

/** Keyed by the session, so a sign-in or sign-out never shows the previous user. */
export function identityQuery(version: number) {
  return queryOptions({
    queryKey: [...identityKey, version],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Identity }>('GET', '/api/v1/identity/', { signal })).data,
    staleTime: 60 * 1000,
  });
}

export interface IdentityState {
  signedIn: boolean;
  identity: Identity | undefined;
  isPending: boolean;
  isError: boolean;
}

/** The current user, loaded only while there is a session. */
export function useIdentity(): IdentityState {
  const version = useSessionVersion();
  const signedIn = isSignedIn();
  const query = useQuery({ ...identityQuery(version), enabled: signedIn });
  return {
    signedIn,
    identity: signedIn ? query.data : undefined,
    isPending: signedIn && query.isPending,
    isError: signedIn && query.isError,
  };
}

/** The membership states that keep a user on the pending page. */
export function isMembershipOnHold(identity: Identity): boolean {
  return identity.membership_status === 'pending' || identity.membership_status === 'rejected';
}
