import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PersonIcon } from './icons';

/** A slug that matches nobody on this site (spec 000 §2 "Profile page"). */
export default function UserNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 }, px: 2 }}>
      <PersonIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        User not found
      </Typography>
      <Typography color="text.secondary">The user you are looking for does not exist or has not registered yet.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Home
      </Button>
    </Stack>
  );
}
