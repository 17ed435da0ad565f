import { Container, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { ApiError, fieldErrors, globalErrorMessage } from '../../../lib/api/errors';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { changePassword } from '../api';
import { CHANGE_PASSWORD_FIELDS, useChangePasswordForm } from '../../../lib/auth/useChangePasswordForm';
import FormError from '../components/FormError';
import PlainTextField from '../../../components/forms/PlainTextField';
import SubmitButton from '../../../components/forms/SubmitButton';

/** /change-password: the current password and a new one twice (spec 000 §5, §8). */
export default function ChangePasswordPage() {
  const { enqueueSnackbar } = useSnackbar();
  const { onSubmit, fields, errors, isSubmitting } = useChangePasswordForm({
    send: changePassword,
    onError: (error, setError) => {
      const message = applyServerErrors(error, setError, CHANGE_PASSWORD_FIELDS);
      const placed = error instanceof ApiError && Object.keys(fieldErrors(error.body)).length > 0;
      if (!message && !placed) {
        const fallback = globalErrorMessage(error);
        if (fallback) enqueueSnackbar(fallback, { variant: 'error' });
      }
    },
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label="Change password">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Change password
          </Typography>
          <FormError message={errors.root?.server?.message} />
          {fields.map((field) => (
            <PlainTextField key={field.name} {...field.props} />
          ))}
          <SubmitButton submitting={isSubmitting} size="large" alignStart>
            Change password
          </SubmitButton>
        </Stack>
      </Paper>
    </Container>
  );
}
