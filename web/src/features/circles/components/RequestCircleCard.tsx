import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Card, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { pathWithNext } from '../../../lib/auth/next';

// The form (react-hook-form, zod, the country picker) downloads when the dialog first opens.
const CircleRequestDialog = lazy(() => import('./CircleRequestDialog'));

/** "Can't find the right circle?" with the Request Circle button that opens the request form (guests sign in first). */
export default function RequestCircleCard({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 2, height: '100%', minHeight: 200, borderStyle: 'dashed', display: 'flex' }}
    >
      <Stack spacing={2} sx={{ p: 3, m: 'auto', alignItems: 'center', textAlign: 'center' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Can&apos;t find the right circle?
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Tell us what you want to learn and we will help set one up.
        </Typography>
        {signedIn ? (
          <Button variant="contained" onClick={() => setOpen(true)}>
            Request Circle
          </Button>
        ) : (
          <Button component={RouterLink} to={pathWithNext('/login', `${pathname}${search}`)} variant="contained">
            Request Circle
          </Button>
        )}
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <CircleRequestDialog open={open} onClose={close} />
        </Suspense>
      )}
    </Card>
  );
}
