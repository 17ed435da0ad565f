import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

/** What a guest sees instead of a members' CareerGPS page: a link to sign in and come back. */
export default function SignInPrompt({ message }: { message: string }) {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: 3 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Sign in to continue
        </Typography>
        <Typography sx={{ mb: 2 }}>{message}</Typography>
        <Button variant="contained" component={RouterLink} to={`/login?next=${encodeURIComponent(next)}`}>
          Sign in
        </Button>
      </CardContent>
    </Card>
  );
}
