import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Terms and privacy links under the sign-in forms. */
export default function LegalLinks({ action }: { action: string }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
      By {action} you agree to our{' '}
      <Link component={RouterLink} to="/terms-and-conditions">
        Terms and Conditions
      </Link>{' '}
      and{' '}
      <Link component={RouterLink} to="/terms-and-conditions#privacy">
        Privacy Policy
      </Link>
      .
    </Typography>
  );
}
