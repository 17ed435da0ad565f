import { useState } from 'react';
import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { unsubscribe } from '../api/contents';

/** /newsletter/unsubscribe?token=…: the link of every newsletter mail; one click turns the newsletter opt-in off, no sign-in needed. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ done?: string; error?: string; pending?: boolean }>({});
  const submit = async () => {
    setState({ pending: true });
    try {
      setState({ done: await unsubscribe(token) });
    } catch (e) {
      setState({ error: e instanceof ApiError ? e.message : 'An error occurred' });
    }
  };
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          Newsletter subscription
        </Typography>
        {!token && <Alert severity="error">This unsubscribe link is not valid.</Alert>}
        {state.done && <Alert severity="success">{state.done}</Alert>}
        {state.error && <Alert severity="error">{state.error}</Alert>}
        {token && !state.done && (
          <>
            <Typography>Stop receiving newsletters from your groups by e-mail?</Typography>
            <Button variant="contained" onClick={() => void submit()} disabled={state.pending} sx={{ alignSelf: 'flex-start' }}>
              Unsubscribe
            </Button>
          </>
        )}
        <Button component={RouterLink} to="/" sx={{ alignSelf: 'flex-start' }}>
          Go to Home Page
        </Button>
      </Stack>
    </Container>
  );
}
