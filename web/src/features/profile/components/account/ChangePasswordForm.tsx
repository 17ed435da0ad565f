import { Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../../lib/snackbar';
import { placeServerErrors } from '../../serverErrors';
import { changePassword } from '../../api/account';
import { CHANGE_PASSWORD_FIELDS, useChangePasswordForm } from '../../../../lib/auth/useChangePasswordForm';

/** Change password (spec 000 §5): the current password and the new one twice. */
export default function ChangePasswordForm() {
  const { enqueueSnackbar } = useSnackbar();
  const { onSubmit, fields, isSubmitting } = useChangePasswordForm({
    send: changePassword,
    onError: (error, setError) => {
      const { message } = placeServerErrors(error, setError, CHANGE_PASSWORD_FIELDS);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    },
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Change password" sx={{ maxWidth: 420 }}>
      {fields.map((field) => (
        <TextField key={field.name} size="small" {...field.props} />
      ))}
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        Change password
      </Button>
    </Stack>
  );
}
