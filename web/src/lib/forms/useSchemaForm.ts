// A small form layer for the sign-in page, where react-hook-form (12.5 kB brotli) was most
// of what the page downloads after the entry. It keeps the behaviour the page had with
// react-hook-form and its zod resolver: uncontrolled inputs, the schema checked on submit,
// then each field again as it changes; the first message per field; the first field in
// error focused; server errors placed with `applyServerErrors`. docs/decisions.md
// "Web weight, round 3". The schema may be given as a loader (`() => import(…)`): its code
// (zod) then stays off the page's first download and loads once the form has mounted, in any
// case before the first submit is checked (docs/decisions.md "Declarative routing"). A checkbox
// registered like a text input gives its `checked` state; `field(name)` is a text field's
// `register(name)` with its error and helper text; `submitting` is react-hook-form's
// `isSubmitting` (from the submit until the handler has settled), `reset` its `reset()`.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';

/** What the form needs of a zod (or zod/mini) object schema. */
export interface FormSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

type Errors<K extends string> = Partial<Record<K | 'form', string>>;

/** A schema, or a function loading it (a stable one: defined outside the component). */
export type SchemaSource<T> = FormSchema<T> | (() => Promise<FormSchema<T>>);

function firstMessages<K extends string>(issues: readonly Issue[], fields: readonly K[]): Errors<K> {
  const errors: Errors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      errors[field as K] ??= issue.message;
    }
  }
  return errors;
}

/**
 * `fields` are the form's inputs (text fields and checkboxes) in their order on the page (the
 * order in which the first error is looked for). `register(name)` goes on each input (a
 * checkbox's input slot takes its `ref`); `errors.form` is the
 * form-wide server message (react-hook-form's `root.server`).
 */
export function useSchemaForm<T extends Record<K, unknown>, K extends string>(source: SchemaSource<T>, fields: readonly K[]) {
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [submitting, setSubmitting] = useState(false);
  const loaded = useRef<FormSchema<T> | null>(typeof source === 'function' ? null : source);

  const schema = useCallback(async () => {
    loaded.current ??= typeof source === 'function' ? await source() : source;
    return loaded.current;
  }, [source]);

  // A schema given as a loader starts loading once the form is on the screen.
  useEffect(() => {
    schema().catch(() => undefined);
  }, [schema]);

  const values = useCallback(() => {
    const current: Record<string, string | boolean> = {};
    for (const field of fields) {
      const input = inputs.current.get(field);
      current[field] = input?.type === 'checkbox' ? input.checked : (input?.value ?? '');
    }
    return current;
  }, [fields]);

  const register = useCallback(
    (name: K) => ({
      name,
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      // After the first submit, a field is checked again as it changes.
      onChange: () => {
        // The schema is in: the first submit waited for it.
        if (!submitted.current || !loaded.current) return;
        const result = loaded.current.safeParse(values());
        const message = result.success ? undefined : firstMessages(result.error.issues, fields)[name];
        setErrors((previous) => (previous[name] === message ? previous : { ...previous, [name]: message }));
      },
    }),
    [fields, values],
  );

  const setError: UseFormSetError<T> = useCallback(
    (name, error, options) => {
      const key = name === 'root' || name.startsWith('root.') ? 'form' : (name as K);
      setErrors((previous) => ({ ...previous, [key]: error.message }));
      if (options?.shouldFocus && key !== 'form') inputs.current.get(key)?.focus();
    },
    [],
  );

  const handleSubmit = useCallback(
    (onValid: (data: T) => Promise<void> | void) => async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = (await schema()).safeParse(values());
        if (!result.success) {
          const found = firstMessages(result.error.issues, fields);
          setErrors(found);
          const first = fields.find((field) => found[field]);
          if (first) inputs.current.get(first)?.focus();
          return;
        }
        setErrors({});
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    },
    [schema, fields, values],
  );

  /** react-hook-form's `reset()`: the inputs back to their initial values, no errors, not yet submitted. */
  const reset = useCallback(() => {
    for (const input of inputs.current.values()) {
      if (input.type === 'checkbox') input.checked = input.defaultChecked;
      else input.value = input.defaultValue;
    }
    submitted.current = false;
    setErrors({});
  }, []);

  /** A text field's props: `register(name)` with its message, if any, as the error and helper text. */
  const field = (name: K) => ({ ...register(name), error: Boolean(errors[name]), helperText: errors[name] });

  return { register, field, handleSubmit, setError, errors, submitting, reset };
}
