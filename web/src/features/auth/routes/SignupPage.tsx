import { lazy, Suspense, useState } from 'react';
import { Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { nextFromSearch, pathWithNext } from '../../../lib/auth/next';
import { ApiError, globalErrorMessage } from '../../../lib/api/errors';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { useSchemaForm } from '../../../lib/forms/useSchemaForm';
import { login, register as registerAccount, type TokenPair } from '../api';
import type { SignupValues } from '../schemas';
import { useStartSession } from '../session';
import AuthCard from '../components/AuthCard';
import SocialButtons from '../components/SocialButtons';
import LegalLinks from '../components/LegalLinks';
import FormError from '../components/FormError';
import BotCheck from '../botcheck/BotCheck';
import PlainTextField from '../../../components/forms/PlainTextField';
import PlainCheckbox from '../../../components/forms/PlainCheckbox';
import { useFirstScreenForm } from '../../../app/useFirstScreenForm';

const SIGNUP_FIELDS = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const;
/** Every input of the form, in their order on the page. */
const FORM_FIELDS = [...SIGNUP_FIELDS, 'subscribe_to_newsletter'] as const;
const SUCCESS = 'Successful registration. We have sent an OTP to your email for verification. Please check your email.';

// The rules (and zod with them) load once the form is on the screen, as on the login page
// (lib/forms/useSchemaForm.ts); the first submit waits for them.
const signupSchema = async () => (await import('../schemas')).signupSchema;

// Shown only when the form is sent before the bot-check is done: its code loads then.
const Alert = lazy(() => import('@mui/material/Alert'));

/** The signup form (spec 000 §2 "Signup screen", §4 "Signup", §8 "Signup failure"). */
export default function SignupPage() {
  const firstScreenForm = useFirstScreenForm();
  const { search } = useLocation();
  const next = nextFromSearch(search);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { enqueueSnackbar } = useSnackbar();
  const [botAnswer, setBotAnswer] = useState<string | null>(null);
  // A bot-check answer is good for one attempt: a new round fetches a fresh challenge.
  const [botRound, setBotRound] = useState(0);
  const [botMissing, setBotMissing] = useState(false);
  const { register, field, handleSubmit, setError, errors, submitting } = useSchemaForm<SignupValues, keyof SignupValues>(signupSchema, FORM_FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    if (botAnswer === null) {
      setBotMissing(true);
      return;
    }
    try {
      const answer = await registerAccount({
        ...values,
        username: values.email,
        profile_type: 'individual',
        recaptcha_response: botAnswer,
      });
      let tokens: TokenPair | null = answer.data?.access ? answer.data : null;
      if (answer.redirect_to_login) tokens = await login({ username: values.email, password: values.password });
      enqueueSnackbar(answer.message || SUCCESS, { variant: 'success', autoHideDuration: 15_000 });
      if (tokens) startSession(tokens);
      await navigate(pathWithNext('/verify-otp', next), { replace: true });
    } catch (error) {
      setBotAnswer(null);
      setBotRound((round) => round + 1);
      showSignupError(error);
    }
  });

  function showSignupError(error: unknown) {
    const body = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.body : null;
    if (!body) {
      enqueueSnackbar(globalErrorMessage(error) ?? 'Something went wrong', { variant: 'error' });
      return;
    }
    const hasFieldErrors = Object.keys(body.field_errors ?? {}).length > 0;
    if (hasFieldErrors) {
      applyServerErrors(error, setError, SIGNUP_FIELDS);
      enqueueSnackbar('Could not signup. Please try again later.', { variant: 'error' });
    }
    const nonField = body.non_field_errors?.find(Boolean);
    if (nonField) enqueueSnackbar(nonField, { variant: 'error' });
    if (body.detail) enqueueSnackbar(body.detail, { variant: 'error' });
    if (body.message) enqueueSnackbar(body.message, { variant: 'error' });
    if (!hasFieldErrors && !nonField && !body.detail && !body.message) {
      enqueueSnackbar('Something went wrong', { variant: 'error' });
    }
  }


  const wideField = (name: (typeof SIGNUP_FIELDS)[number]) => ({ ...field(name), fullWidth: true });

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to={`/login${search}`}>
            Log in
          </Link>
        </>
      }
    >
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Sign up" {...firstScreenForm}>
        <FormError message={errors.form} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <PlainTextField label="First name" autoComplete="given-name" autoFocus {...wideField('first_name')} />
          <PlainTextField label="Last name" autoComplete="family-name" {...wideField('last_name')} />
        </Stack>
        <PlainTextField label="Email" type="email" autoComplete="email" {...wideField('email')} />
        <PlainTextField label="Password" type="password" autoComplete="new-password" {...wideField('password')} />
        <PlainTextField label="Confirm password" type="password" autoComplete="new-password" {...wideField('confirm_password')} />
        <PlainCheckbox label="Send me the newsletter" defaultChecked {...register('subscribe_to_newsletter')} />
        <BotCheck
          key={botRound}
          onChange={(answer) => {
            setBotAnswer(answer);
            if (answer !== null) setBotMissing(false);
          }}
        />
        {botMissing && (
          <Suspense fallback={null}>
            <Alert severity="warning" role="alert">
              Please complete the reCAPTCHA
            </Alert>
          </Suspense>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={botAnswer === null || submitting}
          loading={submitting}
        >
          Signup
        </Button>
      </Stack>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          or continue with
        </Typography>
      </Divider>
      <SocialButtons next={next} />
      <Box>
        <LegalLinks action="signing up" />
      </Box>
    </AuthCard>
  );
}
