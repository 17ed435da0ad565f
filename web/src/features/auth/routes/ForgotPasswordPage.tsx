import { Button, IconButton, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink } from 'react-router';
import { ArrowBackIcon } from '../components/icons';
import { forgotPassword } from '../api';
import type { ForgotPasswordValues } from '../schemas';
import { useSchemaForm } from '../../../lib/forms/useSchemaForm';
import AuthCard from '../components/AuthCard';
import PlainTextField from '../../../components/forms/PlainTextField';

const FIELDS = ['email'] as const;

// The rule (and zod with it) loads once the form is on the screen (lib/forms/useSchemaForm.ts).
const forgotPasswordSchema = async () => (await import('../schemas')).forgotPasswordSchema;

/** Email entry and a back arrow to /login (spec 000 §2 "Forgot password"). */
export default function ForgotPasswordPage() {
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useMutation({ mutationFn: forgotPassword, meta: { silent: true } });
  const { field, handleSubmit, reset } = useSchemaForm<ForgotPasswordValues, keyof ForgotPasswordValues>(forgotPasswordSchema, FIELDS);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await mutation.mutateAsync(email);
      enqueueSnackbar('Please check your email for recovery instructions', { variant: 'success' });
      reset();
    } catch {
      enqueueSnackbar('Could not perform password recovery. Please try again later.', { variant: 'error' });
    }
  });

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      before={
        <IconButton component={RouterLink} to="/login" aria-label="Back to login" edge="start" sx={{ alignSelf: 'flex-start' }}>
          <ArrowBackIcon />
        </IconButton>
      }
    >
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Forgot password">
        <PlainTextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          {...field('email')}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} loading={mutation.isPending}>
          Send recovery email
        </Button>
      </Stack>
    </AuthCard>
  );
}
