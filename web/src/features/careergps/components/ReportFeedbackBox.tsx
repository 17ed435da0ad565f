import { useState } from 'react';
import { Alert, Box, Button, Rating, Stack, TextField, Typography } from '@mui/material';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../lib/api/errors';
import { useReportFeedback, type ReportView } from '../api';

/** The owner's feedback on a report: stars (1–5), then a comment box and Submit (spec 002 §5). */
export default function ReportFeedbackBox({ report }: { report: ReportView }) {
  const [rating, setRating] = useState<number | null>(report.my_feedback?.rating ?? null);
  const [comment, setComment] = useState(report.my_feedback?.feedback ?? '');
  const send = useReportFeedback();
  const errors = send.error instanceof ApiError ? fieldErrors(send.error.body) : {};
  const general =
    send.error instanceof ApiError
      ? errors.feedback || errors.rating
        ? null
        : (firstErrorMessage(send.error.body) ?? send.error.message)
      : send.error
        ? 'Could not send your feedback.'
        : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!rating) return;
    send.mutate({ response_id: report.id, rating, feedback: comment.trim() });
  };

  return (
    <Box component="section" aria-labelledby="report-feedback" sx={{ mt: 4 }}>
      <Typography id="report-feedback" component="h2" variant="h6" gutterBottom>
        How useful was this report?
      </Typography>
      {send.isSuccess ? (
        <Alert severity="success">{send.data.message}</Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Rating
            name="report-rating"
            value={rating}
            onChange={(_, value) => setRating(value)}
            aria-label="Rating"
          />
          {errors.rating ? <Typography color="error">{errors.rating}</Typography> : null}
          {rating ? (
            <Stack spacing={1.5} sx={{ mt: 1.5 }}>
              <TextField
                label="Comment"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                multiline
                minRows={3}
                error={Boolean(errors.feedback)}
                helperText={errors.feedback}
                fullWidth
              />
              {general ? <Alert severity="error">{general}</Alert> : null}
              <Box>
                <Button type="submit" variant="contained" disabled={send.isPending}>
                  {send.isPending ? 'Sending…' : 'Submit'}
                </Button>
              </Box>
            </Stack>
          ) : null}
        </Box>
      )}
    </Box>
  );
}
