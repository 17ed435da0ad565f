// The feedback form's rules (spec 002 §5 "Feedback: both title and description required",
// §8 "Feedback") with the server's limits.
import { z } from 'zod/mini';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 5000;

export const FEEDBACK_MESSAGES = {
  both: 'Please fill up both title and description',
  thanks: 'Thank you for your feedback.',
  failed: 'Could not submit feedback.',
} as const;

export const feedbackSchema = z
  .object({
    title: z.string().check(z.maxLength(MAX_TITLE, `Maximum of ${MAX_TITLE} characters`)),
    content: z.string().check(z.maxLength(MAX_DESCRIPTION, `Maximum of ${MAX_DESCRIPTION} characters`)),
  })
  .check(
    z.superRefine((values, context) => {
      for (const key of ['title', 'content'] as const) {
        if (values[key].trim() === '') context.addIssue({ code: 'custom', path: [key], message: FEEDBACK_MESSAGES.both });
      }
    }),
  );

export type FeedbackValues = z.infer<typeof feedbackSchema>;
