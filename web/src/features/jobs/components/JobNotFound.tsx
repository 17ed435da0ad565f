import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A slug that matches no job the viewer may see (spec 001 §2): the not-found message. */
export default function JobNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 }, px: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, maxWidth: 640 }}>
        It seems like the job you&apos;re looking for doesn&apos;t exist or the path is incorrect. Please check the URL and try again.
      </Typography>
      <Button component={RouterLink} to="/jobs" variant="contained">
        Go to Job Board
      </Button>
    </Stack>
  );
}
