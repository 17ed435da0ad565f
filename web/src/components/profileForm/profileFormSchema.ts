// The zod schema of the profile form (its own module, so pages that only read the rules do not load zod).
import { z } from 'zod/mini';
import { profileFieldError, shownFields, type ProfileFieldName, type ProfileFormContext, type ProfileFormValues } from './profileSchema';

/**
 * The zod schema for a form showing `fields` (any subset, in any order) on a site with `ctx`.
 * Only the fields that show for the current values are checked.
 */
export function profileFormSchema(fields: readonly ProfileFieldName[], ctx: ProfileFormContext) {
  return z.custom<ProfileFormValues>((value) => typeof value === 'object' && value !== null).check(
    z.superRefine((values, issues) => {
      for (const field of shownFields(fields, values, ctx)) {
        const message = profileFieldError(field, values);
        if (message) issues.addIssue({ code: 'custom', path: [field], message });
      }
    }),
  );
}

