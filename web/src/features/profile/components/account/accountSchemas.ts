// The account forms' rules (spec 000 §5 "Email, passwords, codes").
import { z } from 'zod/mini';

export const alternateEmailSchema = z.object({
  alternate_email: z.string().check(z.trim(), z.minLength(1, 'Please enter an email'), z.email('Invalid email address')),
});
export type AlternateEmailValues = z.infer<typeof alternateEmailSchema>;

export const OTP_LENGTH = 6;

export const passwordSchema = z
  .object({
    current_password: z.string().check(z.minLength(1, 'Required')),
    new_password: z.string().check(z.minLength(1, 'Required')),
    confirm_password: z.string().check(z.minLength(1, 'Required')),
  })
  .check(
    z.refine((values) => !values.confirm_password || values.new_password === values.confirm_password, {
      message: 'Passwords do not match',
      path: ['confirm_password'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type PasswordValues = z.infer<typeof passwordSchema>;
