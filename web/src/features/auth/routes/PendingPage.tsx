import { useState } from 'react';
import { Alert, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useIdentity } from '../../../lib/auth/identity';
import { useLogout } from '../../../lib/auth/logout';
import { useAppConfig } from '../../../lib/config/appConfig';
import ContactForm from '../components/ContactForm';

/**
 * Shown while the membership of the default organization is pending or was rejected (the
 * guard sends accepted members to /), with a contact form to the site's administrators
 * (spec 002 §2 "Pending / Rejected notice").
 */
export default function PendingPage() {
  const { identity } = useIdentity();
  const { organization } = useAppConfig();
  const logout = useLogout();
  const [contacting, setContacting] = useState(false);
  const [sent, setSent] = useState(false);
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
        {sent && (
          <Alert severity="success" sx={{ width: '100%' }}>
            Your message has been sent to the administrators.
          </Alert>
        )}
        {contacting ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, width: '100%' }}>
            <ContactForm
              onSent={() => {
                setSent(true);
                setContacting(false);
              }}
            />
          </Paper>
        ) : (
          <Button variant="contained" onClick={() => setContacting(true)}>
            Contact form
          </Button>
        )}
        <Button variant="outlined" onClick={() => void logout()}>
          Logout
        </Button>
      </Stack>
    </Container>
  );
}
