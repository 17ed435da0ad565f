// The Invite People dialog's checks (spec 001 §5 "Invite", §8). No I/O.

export const INVITE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  duplicate: 'Email already added',
  nothing: 'Please add at least one email address or select a user',
  sent: 'Invitation sent successfully.',
  failed: 'Could not send invitation.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `email` cannot be added to `added`, or null. */
export function emailError(email: string, added: string[]): string | null {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) return INVITE_MESSAGES.invalidEmail;
  if (added.some((item) => item.toLowerCase() === trimmed.toLowerCase())) return INVITE_MESSAGES.duplicate;
  return null;
}
