import { Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../../lib/snackbar';
import { placeServerErrors } from '../../serverErrors';
import { renewTokens } from '../../../../lib/session';
import { changePassword } from '../../api/account';
import { changePasswordSchema, type ChangePasswordValues } from '../../../../lib/auth/changePassword';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** Change password (spec 000 §5): the current password and the new one twice. */
export default function ChangePasswordForm() {
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
      // Every other session ended; this one goes on with the new pair.
      if (answer.data?.access) renewTokens(answer.data.access, answer.data.refresh);
      enqueueSnackbar('Your password has been successfully changed.', { variant: 'success' });
      reset();
    } catch (error) {
      const { message } = placeServerErrors(error, setError, FIELDS);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      fullWidth
      size="small"
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
    />
  );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Change password" sx={{ maxWidth: 420 }}>
      {field('current_password', 'Current password', 'current-password')}
      {field('new_password', 'New password', 'new-password')}
      {field('confirm_password', 'Confirm new password', 'new-password')}
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        Change password
      </Button>
    </Stack>
  );
}
