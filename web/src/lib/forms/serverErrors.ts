// Server-side validation errors on react-hook-form forms (spec 000 §8: field_errors map to
// their fields, first message per field; the rest is one message for the whole form).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, fieldErrors } from '../api/errors';

/**
 * Puts each of the error's field_errors on the matching form field and returns the one
 * message left for the form as a whole: a field the form does not have, then
 * non_field_errors, message, detail. Null when nothing is left to show; the caller decides
 * between that message and its own fallback text. The same message is set as the form's
 * `root.server` error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  const known = new Set<string>(fields);
  let unplaced: string | null = null;
  let first = true;
  for (const [field, message] of Object.entries(fieldErrors(error.body))) {
    if (known.has(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      unplaced ??= message;
    }
  }
  const body = error.body;
  const rest = unplaced ?? body.non_field_errors?.find(Boolean) ?? (body.message || body.detail || null);
  if (rest) setError('root.server', { type: 'server', message: rest });
  return rest;
}
