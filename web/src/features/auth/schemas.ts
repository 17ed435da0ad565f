// The forms' rules and messages (spec 000 §5 "Email, passwords, codes").
import { z } from 'zod/mini';

const email = z.string().check(z.trim(), z.minLength(1, 'Please enter an email'), z.email('Invalid email address'));

export const loginSchema = z.object({
  username: email,
  password: z.string().check(z.minLength(1, 'Please enter a password')),
});
export type LoginValues = z.infer<typeof loginSchema>;

const newPassword = z.string().check(z.minLength(8, 'Password must be at least 8 characters'));

export const signupSchema = z
  .object({
    first_name: z.string().check(z.trim(), z.minLength(1, 'First name must be at least 1 characters')),
    last_name: z.string().check(z.trim(), z.minLength(1, 'Last name must be at least 1 characters')),
    email,
    password: newPassword,
    confirm_password: z.string(),
    subscribe_to_newsletter: z.boolean(),
  })
  .check(
    z.refine((values) => values.password === values.confirm_password, {
      message: 'Passwords do not match',
      path: ['confirm_password'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type SignupValues = z.infer<typeof signupSchema>;

/** Forgot password uses a simpler pattern and its own message. */
export const forgotPasswordSchema = z.object({
  email: z.string().check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm_password: z.string() })
  .check(
    z.refine((values) => values.password === values.confirm_password, {
      message: 'Passwords do not match',
      path: ['confirm_password'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const OTP_LENGTH = 6;
