// Route guards (spec 000 §2 "Route guards"). Each is a layout route around the pages it guards.
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isMembershipOnHold, useIdentity } from '../lib/auth/identity';
import { nextFromSearch, pathWithNext } from '../lib/auth/next';
import { isAdminRole, isSignedIn } from '../lib/session';
import PageSpinner from '../components/PageSpinner';
import ErrorFallbackPage from '../features/errors/components/ErrorFallbackPage';
import { registrationStep, type Check } from './registrationStep';

function useHere(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

function Guard({ check }: { check: Check }) {
  const here = useHere();
  const { signedIn, identity, isPending, isError } = useIdentity();
  if (!signedIn) return <Navigate to={pathWithNext('/login', here)} replace />;
  if (isPending) return <PageSpinner />;
  if (isError || !identity) return <ErrorFallbackPage />;
  const target = check(identity, here);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

/** Signed-in, fully registered, verified users with an accepted (or no) membership. */
export function AuthGuard() {
  return <Guard check={registrationStep} />;
}

/**
 * The OTP screen: signed-in users who are not trial users. The page itself sends a verified
 * user to / (it also needs to go on to `next` right after verifying).
 */
export function VerifyOtpGuard() {
  return <Guard check={(identity, here) => (identity.is_trial_user ? pathWithNext('/signup', here) : null)} />;
}

/** The pending page shows only while the default organization's membership is pending or rejected. */
export function PendingGuard() {
  return <Guard check={(identity) => (isMembershipOnHold(identity) ? null : '/')} />;
}

/** The admin area: the admin role selected by an admin of the organization; otherwise /. */
export function AdminGuard() {
  return (
    <Guard
      check={(identity, here) => {
        const step = registrationStep(identity, here);
        if (step) return step;
        const admin = identity.organization?.membership_role === 'admin';
        return admin && isAdminRole() ? null : '/';
      }}
    />
  );
}

/**
 * Login and signup: a signed-in, fully registered user arriving here goes on to `next`
 * (default /). A trial user stays, to finish signing up. Signing in on the page itself is
 * left to the page, which knows where to go next (signup goes on to the OTP screen).
 */
export function GuestGuard() {
  const { search } = useLocation();
  const [arrivedSignedIn] = useState(isSignedIn);
  const { signedIn, identity, isPending } = useIdentity();
  // A trial user completing their account here is signed in again by the page, which then goes
  // on (to the OTP screen): once seen as a trial user, the page is left to do that.
  const [seenTrial, setSeenTrial] = useState(false);
  if (identity?.is_trial_user && !seenTrial) setSeenTrial(true);
  if (!signedIn || !arrivedSignedIn || seenTrial || identity?.is_trial_user) return <Outlet />;
  if (isPending) return <PageSpinner />;
  if (identity && !identity.is_trial_user) return <Navigate to={nextFromSearch(search)} replace />;
  return <Outlet />;
}
