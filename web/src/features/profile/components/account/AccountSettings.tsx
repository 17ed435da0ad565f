import { Divider, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ProfilePage } from '../../api/types';
import EmailSettings from './EmailSettings';
import ChangePasswordForm from './ChangePasswordForm';

/** The owner's account: primary and alternate email, and the password. */
export default function AccountSettings({ profile }: { profile: ProfilePage }) {
  const details = profile.profile;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <section aria-label="Email addresses">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
          Email addresses
        </Typography>
        <EmailSettings
          email={details.email}
          alternateEmail={details.alternate_email}
          verified={Boolean(details.is_alternate_email_verified)}
        />
      </section>
      <section aria-label="Password">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          Password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Changing it signs you out everywhere else. You can also use the{' '}
          <Link component={RouterLink} to="/change-password">
            change password page
          </Link>
          .
        </Typography>
        <ChangePasswordForm />
      </section>
    </Stack>
  );
}
