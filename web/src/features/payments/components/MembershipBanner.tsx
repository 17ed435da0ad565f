import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Alert, Box, Button, IconButton } from '@mui/material';
import { CloseIcon } from '../../../components/icons';
import { useIdentity } from '../../../lib/auth/identity';
import { usePlans } from '../api';
import { bannerText } from '../planRules';

const DISMISSED = 'membershipBannerDismissed';
/** The pages of the membership flow itself, where the banner would repeat them. */
const FLOW = /^\/(membership|pricing|checkout|payment)(\/|$)/;

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/**
 * The membership banner (spec 002 §4): on the free tier 'You are currently on {tier}
 * membership.' with Upgrade Membership, or 'Your payment is pending.' with Resolve. Shown only
 * when the site has plans ("Membership features show only if subscription plans exist"); the
 * free-tier notice can be dismissed for the session, the pending one cannot.
 */
export default function MembershipBanner() {
  const { identity } = useIdentity();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const banner = bannerText(identity?.user_subscription);
  const show = banner !== null && !FLOW.test(location.pathname) && !(banner.action === 'upgrade' && dismissed);
  const plans = usePlans(show);
  if (!show || !plans.data?.some((plan) => plan.subscription_tier > 0)) return null;
  const pending = banner.action === 'resolve';
  return (
    // At the end of the page and sticky at the screen's bottom (AppLayout): nothing moves when it arrives.
    <Box component="aside" aria-label="Membership" sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar' }}>
    <Alert
      role="status"
      severity={pending ? 'warning' : 'info'}
      square
      sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0, alignItems: 'center' } }}
      action={
        <>
          <Button component={RouterLink} to="/membership" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {pending ? 'Resolve' : 'Upgrade Membership'}
          </Button>
          {!pending && (
            <IconButton
              size="small"
              color="inherit"
              aria-label="Dismiss membership notice"
              onClick={() => {
                try {
                  window.sessionStorage.setItem(DISMISSED, '1');
                } catch {
                  // Private mode: dismissed for this page view only.
                }
                setDismissed(true);
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </>
      }
    >
      {banner.text}
    </Alert>
    </Box>
  );
}
