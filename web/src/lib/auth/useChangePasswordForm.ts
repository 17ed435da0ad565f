// The change-password form's state and submit (spec 000 §5), shared by the /change-password page
// and the Account tab of the profile dialog; each shows refusals and lays the fields out its way.
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../snackbar';
import { renewTokens } from '../session';
import { changePasswordSchema, type ChangePasswordValues } from './changePassword';

export const CHANGE_PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

const LABELS: Record<(typeof CHANGE_PASSWORD_FIELDS)[number], { label: string; autoComplete: string }> = {
  current_password: { label: 'Current password', autoComplete: 'current-password' },
  new_password: { label: 'New password', autoComplete: 'new-password' },
  confirm_password: { label: 'Confirm new password', autoComplete: 'new-password' },
};

interface Options {
  /** POST /change-password/: the answer carries this device's new token pair. */
  send: (body: { current_password: string; new_password: string }) => Promise<{ data?: { access: string; refresh: string } | null }>;
  /** Shows a refusal: field errors on their fields, the rest as the caller's form does. */
  onError: (error: unknown, setError: UseFormSetError<ChangePasswordValues>) => void;
}

export function useChangePasswordForm({ send, onError }: Options) {
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      const answer = await send({ current_password, new_password });
      // Every other session ended; this one continues with the new pair.
      if (answer.data?.access) renewTokens(answer.data.access, answer.data.refresh);
      enqueueSnackbar('Your password has been successfully changed.', { variant: 'success' });
      form.reset();
    } catch (error) {
      onError(error, form.setError);
    }
  });

  /** The three password inputs' props, in order (current, new, confirmation). */
  const fields = CHANGE_PASSWORD_FIELDS.map((name) => ({
    name,
    props: {
      ...LABELS[name],
      type: 'password',
      fullWidth: true,
      ...form.register(name),
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
    },
  }));

  return { onSubmit, fields, errors, isSubmitting };
}
