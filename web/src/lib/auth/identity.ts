// The signed-in user (GET /api/v1/identity/), used by the shell and the route guards.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
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

/** The fields of the identity this app uses so far (spec 000 §3 "Identity"). */
export interface Identity {
  id: number;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  is_trial_user: boolean;
  is_staff: boolean;
  membership_status?: MembershipStatus | string | null;
  organization?: IdentityOrganization | null;
  switchable_orgs?: IdentityOrganization[];
  profile: {
    email: string;
    alternate_email?: string | null;
    is_alternate_email_verified?: boolean;
    name_slug?: string | null;
    picture?: string | null;
  };
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
