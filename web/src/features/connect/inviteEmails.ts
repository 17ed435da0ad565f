// The invite dialog's e-mail rules (spec 001 §5 "Invite").
export const INVALID_EMAIL = 'Please enter a valid email address';
export const DUPLICATE_EMAIL = 'Email already added';
export const NOTHING_TO_SEND = 'Please add at least one email address or select a user';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for adding `email` to `emails`, or null when it may be added. */
export function emailProblem(email: string, emails: readonly string[]): string | null {
  const value = email.trim();
  if (!EMAIL.test(value)) return INVALID_EMAIL;
  if (emails.some((known) => known.toLowerCase() === value.toLowerCase())) return DUPLICATE_EMAIL;
  return null;
}
