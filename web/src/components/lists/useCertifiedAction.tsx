import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useIdentity } from '../../lib/auth/identity';

/**
 * A list page's create button for certified group profiles (add a prompt, contribute a
 * resource, create an event): the button to `to`, or nothing for everyone else.
 */
export function useCertifiedAction(to: string, label: string): ReactNode {
  const { identity } = useIdentity();
  if (!identity?.group_profile?.is_certified) return undefined;
  return (
    <Button component={RouterLink} to={to} variant="contained">
      {label}
    </Button>
  );
}
