import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { withNext } from './nextParam';

/** The bottom banner guests see (spec 000 §2 "Shell"). */
export default function GuestBanner() {
  const location = useLocation();
  return (
    <Paper
      component="aside"
      aria-label="Sign up"
      square
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'secondary.main',
        color: 'common.white',
        px: 2,
        py: 1.5,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}
      >
        <Typography sx={{ fontWeight: 600 }}>The Future Belongs to Those Who Embrace AI — Will You?</Typography>
        <Button component={RouterLink} to={withNext('/signup', location)} variant="contained" color="primary">
          Sign Up Now
        </Button>
      </Stack>
    </Paper>
  );
}
