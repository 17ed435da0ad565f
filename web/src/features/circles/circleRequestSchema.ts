// The circle request form's rules (spec 001 §5 "Circle request form", 002 §5): every field is
// required except location, which is required only for in_person; hours_commitment is whole
// hours a week from 1 to 168 (the server's limit: a week's hours), texts up to 4000 characters.
import { z } from 'zod/mini';
import type { CircleRequest } from '../../lib/discover/types';

export const REQUIRED = 'This field is required';
export const SELECT_MONTH = 'Please select a month';
export const SELECT_OPTION = 'Please select an option';
export const SELECT_COUNTRY = 'Please select a country';
export const MIN_HOURS = 'Please enter at least 1 hour';
export const MAX_HOURS = 168;
export const TOO_MANY_HOURS = `Please enter at most ${MAX_HOURS} hours (the hours in a week)`;
export const WHOLE_HOURS = 'Please enter whole hours';
export const MAX_TEXT = 4000;
export const TOO_LONG = `Please use at most ${MAX_TEXT} characters`;
export const HOURS_HINT = 'at least 2 hours/week for 4 weeks is typical';

export const circleRequestSchema = z
  .object({
    real_world_problems_to_solve: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(MAX_TEXT, TOO_LONG)),
    goal: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(MAX_TEXT, TOO_LONG)),
    urgency: z.string().check(z.regex(/^\d{4}-\d{2}$/, SELECT_MONTH)),
    hours_commitment: z.string().check(
      z.trim(),
      z.minLength(1, REQUIRED),
      z.superRefine((value, context) => {
        if (value === '') return;
        const hours = Number(value);
        if (!Number.isFinite(hours)) context.addIssue({ code: 'custom', message: WHOLE_HOURS });
        else if (hours < 1) context.addIssue({ code: 'custom', message: MIN_HOURS });
        else if (hours > MAX_HOURS) context.addIssue({ code: 'custom', message: TOO_MANY_HOURS });
        else if (!Number.isInteger(hours)) context.addIssue({ code: 'custom', message: WHOLE_HOURS });
      }),
    ),
    learning_modality: z
      .string()
      .check(z.refine((value): boolean => value === 'remote' || value === 'in_person', SELECT_OPTION)),
    location: z.string(),
  })
  .check(
    z.refine((values) => values.learning_modality !== 'in_person' || values.location.trim() !== '', {
      message: SELECT_COUNTRY,
      path: ['location'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );

export type CircleRequestValues = z.infer<typeof circleRequestSchema>;

/** The form's fields, where the server's field errors are shown (spec 001 §8). */
export const REQUEST_FIELDS = [
  'real_world_problems_to_solve',
  'goal',
  'urgency',
  'hours_commitment',
  'learning_modality',
  'location',
] as const satisfies readonly (keyof CircleRequestValues)[];

export const EMPTY_REQUEST: CircleRequestValues = {
  real_world_problems_to_solve: '',
  goal: '',
  urgency: '',
  hours_commitment: '',
  learning_modality: '',
  location: '',
};

/** The request body: trimmed texts, a number of hours, a location only for in_person. */
export function toCircleRequest(values: CircleRequestValues): CircleRequest {
  const inPerson = values.learning_modality === 'in_person';
  return {
    real_world_problems_to_solve: values.real_world_problems_to_solve.trim(),
    goal: values.goal.trim(),
    urgency: values.urgency,
    hours_commitment: Number(values.hours_commitment),
    learning_modality: inPerson ? 'in_person' : 'remote',
    location: inPerson ? values.location : null,
  };
}
