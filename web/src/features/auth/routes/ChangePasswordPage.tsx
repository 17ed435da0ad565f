import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../lib/snackbar';
import { ApiError, fieldErrors, globalErrorMessage } from '../../../lib/api/errors';
import { applyServerErrors } from '../../../lib/forms/serverErrors';
import { renewTokens } from '../../../lib/session';
import { changePassword } from '../api';
import { changePasswordSchema, type ChangePasswordValues } from '../../../lib/auth/changePassword';
import FormError from '../components/FormError';
import PlainTextField from '../../../components/forms/PlainTextField';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** /change-password: the current password and a new one twice (spec 000 §5, §8). */
export default function ChangePasswordPage() {
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    try {
      const answer = await changePassword({ current_password, new_password });
      // Every other session ended; this one continues with the new pair.
      if (answer.data?.access) renewTokens(answer.data.access, answer.data.refresh);
      enqueueSnackbar('Your password has been successfully changed.', { variant: 'success' });
      reset();
    } catch (error) {
      const message = applyServerErrors(error, setError, FIELDS);
      const placed = error instanceof ApiError && Object.keys(fieldErrors(error.body)).length > 0;
      if (!message && !placed) {
        const fallback = globalErrorMessage(error);
        if (fallback) enqueueSnackbar(fallback, { variant: 'error' });
      }
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <PlainTextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
    />
  );

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label="Change password">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Change password
          </Typography>
          <FormError message={errors.root?.server?.message} />
          {field('current_password', 'Current password', 'current-password')}
          {field('new_password', 'New password', 'new-password')}
          {field('confirm_password', 'Confirm new password', 'new-password')}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            loading={isSubmitting}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Change password
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
