import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over a rule that answers each field's message (no entry when the
 * field is right): the values pass when there is none, otherwise each message lands on its field.
 */
export function messagesResolver<T extends FieldValues>(validate: (values: T) => Partial<Record<string, string>>): Resolver<T> {
  return async (values) => {
    const entries = Object.entries(validate(values));
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])) as FieldErrors<T>,
    };
  };
}
