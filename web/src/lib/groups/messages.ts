// The server's own words for a failed call, where the spec shows them before a fallback
// (spec 001 §8: "server message, first non_field_errors entry, or …").
import { ApiError, firstErrorMessage } from '../api/errors';

export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || error.status >= 500) return null;
  const body = error.body;
  return body.message || body.non_field_errors?.find(Boolean) || body.detail || firstErrorMessage(body);
}

/** A full circle or event (spec 001 §4). */
export const FULL_MESSAGES = [
  'Sorry, maximum members limit already reached.',
  'You can still apply to join. Your request will be put in a wait list.',
] as const;

/** Member management (spec 001 §5, §8). */
export const MANAGE_MESSAGES = {
  noAction: 'Please select an action to perform.',
  noMembers: 'Please select at least one member to proceed.',
  noFollowup: 'No users selected for follow-up email.',
  followupSent: 'Verification follow-up email sent successfully',
  followupFailed: 'Could not send verification follow-up email',
} as const;

/**
 * the groups API contract (now in openapi.json) writes field errors as {"errors": {field: [msg]}} while the rest of
 * the API (lib/api/errors.ts) uses field_errors: read either, so the form's fields get them.
 */
export function withFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.body) return error;
  const legacy = (error.body as { errors?: unknown }).errors;
  if (error.body.field_errors || !legacy || typeof legacy !== 'object') return error;
  return new ApiError(error.status, { ...error.body, field_errors: legacy as Record<string, string[]> });
}
