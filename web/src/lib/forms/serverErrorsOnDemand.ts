// `applyServerErrors` for the big forms, loaded only when a save fails (issue 30): it is needed
// after a failed submit, never for the form's first screen, and its module comes with the
// sign-in pages' chunk (build-plugins/chunkGroups.ts AUTH).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Loads lib/forms/serverErrors.ts and puts the error's field errors on the form (see
 * `applyServerErrors`). Null, as there, when nothing is left to show, and when the module could
 * not be loaded (offline): the caller's own fallback message says the save failed.
 */
export async function applyServerErrorsOnDemand<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): Promise<string | null> {
  try {
    const { applyServerErrors } = await import('./serverErrorsLoaded');
    return applyServerErrors(error, setError, fields);
  } catch {
    return null;
  }
}
