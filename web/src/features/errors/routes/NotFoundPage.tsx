import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export default function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 }, px: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Oops! 404 - Page Not Found
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Home Page
      </Button>
    </Stack>
  );
}
