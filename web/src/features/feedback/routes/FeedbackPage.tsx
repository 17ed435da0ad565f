import { Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../lib/snackbar';
import SubmitButton from '../../../components/forms/SubmitButton';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { sendFeedback } from '../api';
import { FEEDBACK_MESSAGES, feedbackSchema, MAX_DESCRIPTION, MAX_TITLE, type FeedbackValues } from '../feedbackSchema';

/** /feedback: a title and a description, sent to the site's administrators (spec 002 §2, §5, §8). */
export default function FeedbackPage() {
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackValues>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: { title: '', content: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await sendFeedback({ title: values.title.trim(), content: values.content.trim() });
        enqueueSnackbar(FEEDBACK_MESSAGES.thanks, { variant: 'success' });
        reset();
      } catch (error) {
        const placed = error instanceof ApiError ? fieldErrors(error.body) : {};
        for (const key of ['title', 'content'] as const) {
          const message = placed[key] ?? (key === 'content' ? placed.description : undefined);
          if (message) setError(key, { type: 'server', message });
        }
        enqueueSnackbar(FEEDBACK_MESSAGES.failed, { variant: 'error' });
      }
    },
    (invalid) => {
      if (invalid.title?.message === FEEDBACK_MESSAGES.both || invalid.content?.message === FEEDBACK_MESSAGES.both) {
        enqueueSnackbar(FEEDBACK_MESSAGES.both, { variant: 'error', preventDuplicate: true });
      }
    },
  );

  const title = useWatch({ control, name: 'title' });
  const content = useWatch({ control, name: 'content' });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label="Feedback">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Feedback
          </Typography>
          <Typography color="text.secondary">Tell us what works, what does not, and what you would like to see.</Typography>
          <TextField
            label="Title"
            fullWidth
            {...register('title')}
            error={Boolean(errors.title)}
            helperText={errors.title?.message ?? `${title.length}/${MAX_TITLE}`}
          />
          <TextField
            label="Description"
            fullWidth
            multiline
            minRows={5}
            {...register('content')}
            error={Boolean(errors.content)}
            helperText={errors.content?.message ?? `${content.length}/${MAX_DESCRIPTION}`}
          />
          <SubmitButton submitting={isSubmitting} size="large" alignStart>
            Submit
          </SubmitButton>
        </Stack>
      </Paper>
    </Container>
  );
}
