// The account forms' rules (spec 000 §5 "Email, passwords, codes").
import { z } from 'zod';

export const alternateEmailSchema = z.object({
  alternate_email: z.string().trim().min(1, 'Please enter an email').email('Invalid email address'),
});
export type AlternateEmailValues = z.infer<typeof alternateEmailSchema>;

export const OTP_LENGTH = 6;

export const passwordSchema = z
  .object({
    current_password: z.string().min(1, 'Required'),
    new_password: z.string().min(1, 'Required'),
    confirm_password: z.string().min(1, 'Required'),
  })
  .refine((values) => !values.confirm_password || values.new_password === values.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type PasswordValues = z.infer<typeof passwordSchema>;
