// Server errors on the profile forms: field_errors go onto their fields (first message each,
// spec 000 §8); what is left is one message for a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, fieldErrors, globalErrorMessage } from '../../lib/api/errors';

export interface PlacedErrors {
  /** Some field of the form got a message. */
  placed: boolean;
  /** The message for the form as a whole (a field it lacks, non_field_errors, or the global text), if any. */
  message: string | null;
}

export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): PlacedErrors {
  if (!(error instanceof ApiError) || !error.body) return { placed: false, message: globalErrorMessage(error) };
  const known = new Set(fields);
  let placed = false;
  let unplaced: string | null = null;
  for (const [field, message] of Object.entries(fieldErrors(error.body))) {
    if (known.has(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    } else {
      unplaced ??= message;
    }
  }
  const rest = unplaced ?? error.body.non_field_errors?.find(Boolean) ?? null;
  if (rest) return { placed, message: rest };
  return { placed, message: placed ? null : globalErrorMessage(error) };
}
