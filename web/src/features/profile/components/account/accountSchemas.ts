// The account forms' rules (spec 000 §5 "Email, passwords, codes").
import { z } from 'zod/mini';

export const alternateEmailSchema = z.object({
  alternate_email: z.string().check(z.trim(), z.minLength(1, 'Please enter an email'), z.email('Invalid email address')),
});
export type AlternateEmailValues = z.infer<typeof alternateEmailSchema>;

export const OTP_LENGTH = 6;
