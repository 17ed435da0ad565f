// The change-password form's rules (spec 000 §5 "Email, passwords, codes"), shared by the
// /change-password page and the Account tab of the profile dialog.
import { z } from 'zod/mini';

export const changePasswordSchema = z
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
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
