import { Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../lib/snackbar';
import SubmitButton from '../../../components/forms/SubmitButton';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { sendContact } from '../api.contact';
import { CONTACT_MESSAGES, contactSchema, type ContactValues } from '../contact';

/** A subject and a message to the site's administrators; `onSent` after it is stored. */
export default function ContactForm({ onSent }: { onSent: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: { subject: '', message: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await sendContact(values);
      enqueueSnackbar(answer.message || CONTACT_MESSAGES.sent, { variant: 'success' });
      reset();
      onSent();
    } catch (error) {
      const placed = error instanceof ApiError ? fieldErrors(error.body) : {};
      for (const key of ['subject', 'message'] as const) {
        if (placed[key]) setError(key, { type: 'server', message: placed[key] });
      }
      enqueueSnackbar(CONTACT_MESSAGES.failed, { variant: 'error' });
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Contact form" sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2">
        Contact the administrators
      </Typography>
      <TextField label="Subject" fullWidth {...register('subject')} error={Boolean(errors.subject)} helperText={errors.subject?.message} />
      <TextField
        label="Message"
        fullWidth
        multiline
        minRows={4}
        {...register('message')}
        error={Boolean(errors.message)}
        helperText={errors.message?.message}
      />
      <SubmitButton submitting={isSubmitting} alignStart>
        Send
      </SubmitButton>
    </Stack>
  );
}
