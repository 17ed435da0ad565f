// The pending page's contact form (spec 002 §2 "Pending / Rejected notice"; spec 000 §7
// POST /contact-starleaders/): a subject and a message to the site's administrators.
// The call itself is sendContact in ./api.contact.ts.
import { z } from 'zod/mini';

export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 5000;

export const CONTACT_MESSAGES = {
  required: 'This field is required',
  sent: 'Your message has been sent to the administrators.',
  failed: 'Could not send contact email.',
} as const;

export const contactSchema = z.object({
  subject: z
    .string()
    .check(z.trim(), z.minLength(1, CONTACT_MESSAGES.required), z.maxLength(MAX_SUBJECT, `Maximum of ${MAX_SUBJECT} characters`)),
  message: z
    .string()
    .check(z.trim(), z.minLength(1, CONTACT_MESSAGES.required), z.maxLength(MAX_MESSAGE, `Maximum of ${MAX_MESSAGE} characters`)),
});

export type ContactValues = z.infer<typeof contactSchema>;
