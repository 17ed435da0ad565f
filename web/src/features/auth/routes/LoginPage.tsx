import { lazy, Suspense } from 'react';
import { Box, Button, Divider, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { nextFromSearch, pathWithNext } from '../../../lib/auth/next';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { useSchemaForm } from '../../../lib/forms/useSchemaForm';
import { globalErrorMessage } from '../../../lib/api/errors';
import { login } from '../api';
import type { LoginValues } from '../schemas';
import { useStartSession } from '../session';
import AuthCard from '../components/AuthCard';
import SocialButtons from '../components/SocialButtons';
import LegalLinks from '../components/LegalLinks';
import FormError from '../components/FormError';
import PlainTextField from '../../../components/forms/PlainTextField';
import { useFirstScreenForm } from '../../../app/useFirstScreenForm';

const FIELDS = ['username', 'password'] as const;

// The rules (and zod with them) load once the form is on the screen: the first screen does
// without them (lib/forms/useSchemaForm.ts).
const loginSchema = async () => (await import('../schemas')).loginSchema;

// Phones do not show the hero: it loads only where it is shown.
const LandingHero = lazy(() => import('../../../components/landing/LandingHero'));

/** Landing hero on the left (md and up), the sign-in form on the right (spec 000 §2 "Login screen"). */
export default function LoginPage() {
  const firstScreenForm = useFirstScreenForm();
  const { search } = useLocation();
  const next = nextFromSearch(search);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { enqueueSnackbar } = useSnackbar();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const { field, handleSubmit, setError, errors } = useSchemaForm<LoginValues, keyof LoginValues>(loginSchema, FIELDS);

  const mutation = useMutation({ mutationFn: login, meta: { silent: true } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const tokens = await mutation.mutateAsync(values);
      startSession(tokens);
      await navigate(next, { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, setError, ['username', 'password']) ?? globalErrorMessage(error);
      if (message) {
        setError('root.server', { type: 'server', message });
        enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
      }
    }
  });

  return (
    <Box sx={{ flexGrow: 1, display: 'flex', minHeight: 0 }}>
      <Box sx={{ flex: 1, minWidth: 0, display: { xs: 'none', md: 'block' } }}>
        {!narrow && (
          <Suspense fallback={null}>
            <LandingHero aside />
          </Suspense>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
        <AuthCard
          title="Log in"
          subtitle={
            <>
              New here?{' '}
              <Link component={RouterLink} to={pathWithNext('/signup', next)}>
                Create an account
              </Link>
            </>
          }
        >
          <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Log in" {...firstScreenForm}>
            <FormError message={errors.form} />
            <PlainTextField
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
              {...field('username')}
            />
            <PlainTextField
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              {...field('password')}
            />
            <Box sx={{ textAlign: 'right' }}>
              <Link component={RouterLink} to="/forgot-password" variant="body2">
                Forgot password?
              </Link>
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} loading={mutation.isPending}>
              Log in
            </Button>
          </Stack>
          <Divider>
            <Typography variant="caption" color="text.secondary">
              or continue with
            </Typography>
          </Divider>
          <SocialButtons next={next} />
          <LegalLinks action="logging in" />
        </AuthCard>
      </Box>
    </Box>
  );
}
