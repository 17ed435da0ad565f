import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { useIdentity } from '../../../lib/auth/identity';
import { useLogout } from '../../../lib/auth/logout';
import { useAppConfig } from '../../../lib/config/appConfig';

/** Shown while the membership of the default organization is pending or was rejected. */
export default function PendingPage() {
  const { identity } = useIdentity();
  const { organization } = useAppConfig();
  const logout = useLogout();
  const rejected = identity?.membership_status === 'rejected';
  const name = identity?.organization?.name ?? organization.name;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {rejected ? 'Membership not accepted' : 'Membership pending'}
        </Typography>
        <Alert severity={rejected ? 'error' : 'info'} sx={{ width: '100%' }}>
          {rejected
            ? `Your request to join ${name} was not accepted. Contact the organization if you think this is a mistake.`
            : `Your request to join ${name} is waiting for approval. You will be able to use the site once an administrator accepts it.`}
        </Alert>
        <Button variant="outlined" onClick={() => void logout()}>
          Logout
        </Button>
      </Stack>
    </Container>
  );
}
