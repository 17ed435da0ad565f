// The invite dialogs' e-mail rules (spec 001 §5 "Invite", §8), shared by the group Invite
// People dialog and Connect's Invite Others. No I/O.

export const INVITE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  duplicate: 'Email already added',
  nothing: 'Please add at least one email address or select a user',
  sent: 'Invitation sent successfully.',
  failed: 'Could not send invitation.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `email` cannot be added to `added`, or null. */
export function emailError(email: string, added: readonly string[]): string | null {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) return INVITE_MESSAGES.invalidEmail;
  if (added.some((item) => item.toLowerCase() === trimmed.toLowerCase())) return INVITE_MESSAGES.duplicate;
  return null;
}

export type PendingEmail = { ok: true; emails: string[] } | { ok: false; error: string };

/**
 * The list with what is still typed in the box added to it (nothing typed: the list as it
 * is), or why the typed text cannot be added. Send calls this first, so an address typed but
 * not yet added is not lost.
 */
export function withPendingEmail(typed: string, emails: readonly string[]): PendingEmail {
  if (!typed.trim()) return { ok: true, emails: [...emails] };
  const error = emailError(typed, emails);
  return error ? { ok: false, error } : { ok: true, emails: [...emails, typed.trim()] };
}
