import { isMembershipOnHold, type Identity } from '../lib/auth/identity';
import { pathWithNext } from '../lib/auth/next';

/** A guard's rule: where a signed-in user has to go instead of `here`, or null to stay. */
export type Check = (identity: Identity, here: string) => string | null;

/** Where a signed-in user has to go first: signup for trial users, OTP for unverified ones, pending for held memberships. */
export const registrationStep: Check = (identity, here) => {
  if (identity.is_trial_user) return pathWithNext('/signup', here);
  if (!identity.is_verified) return pathWithNext('/verify-otp', here);
  if (isMembershipOnHold(identity)) return '/pending';
  return null;
};
