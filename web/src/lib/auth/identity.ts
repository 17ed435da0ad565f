// The signed-in user (GET /api/v1/identity/), used by the shell and the route guards.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { isSignedIn } from '../session';
import { useSessionVersion } from './session';

/**
 * The signed-in user (spec 000 §3 "Identity"), as GET /identity/ answers it: the sign-in
 * fields, the own profile, the group profile for this site's organization (null until the
 * registration wizard or a profile update stores one), the organizations and career entries.
 */
export type Identity = components['schemas']['Identity'];

export const identityKey = ['identity'] as const;

/** Keyed by the session, so a sign-in or sign-out never shows the previous user. */
export function identityQuery(version: number) {
  return queryOptions({
    queryKey: [...identityKey, version],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/identity/', { signal }))).data,
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
