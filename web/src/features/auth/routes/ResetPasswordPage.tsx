import { useState } from 'react';
import { Alert, Link, Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, fieldErrors, globalErrorMessage } from '../../../lib/api/errors';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { resetPassword } from '../api';
import type { ResetPasswordValues } from '../schemas';
import { useSchemaForm } from '../../../lib/forms/useSchemaForm';
import AuthCard from '../components/AuthCard';
import PlainTextField from '../../../components/forms/PlainTextField';
import SubmitButton from '../../../components/forms/SubmitButton';

const FIELDS = ['password', 'confirm_password'] as const;

// The rules (and zod with them) load once the form is on the screen (lib/forms/useSchemaForm.ts).
const resetPasswordSchema = async () => (await import('../schemas')).resetPasswordSchema;

/** A new password for the account the emailed link (/reset-password/{token}) belongs to. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [linkError, setLinkError] = useState<string | null>(null);
  const { field, handleSubmit, setError, submitting } = useSchemaForm<ResetPasswordValues, keyof ResetPasswordValues>(
    resetPasswordSchema,
    FIELDS,
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword({ token, ...values });
      enqueueSnackbar('Your password has been successfully changed.', { variant: 'success' });
      await navigate('/login', { replace: true });
    } catch (error) {
      const tokenError = error instanceof ApiError ? fieldErrors(error.body).token : undefined;
      if (tokenError) {
        setLinkError(tokenError);
        return;
      }
      const message = applyServerErrors(error, setError, ['password', 'confirm_password']);
      if (!(error instanceof ApiError && Object.keys(fieldErrors(error.body)).length > 0)) {
        enqueueSnackbar(message ?? globalErrorMessage(error) ?? 'Something went wrong', { variant: 'error' });
      }
    }
  });

  return (
    <AuthCard title="Choose a new password">
      {linkError && (
        <Alert severity="error" role="alert">
          {linkError}{' '}
          <Link component={RouterLink} to="/forgot-password">
            Request a new link
          </Link>
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Reset password">
        <PlainTextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          {...field('password')}
        />
        <PlainTextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          fullWidth
          {...field('confirm_password')}
        />
        <SubmitButton submitting={submitting} size="large">
          Change password
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
