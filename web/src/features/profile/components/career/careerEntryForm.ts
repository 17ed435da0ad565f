// The career entry form (spec 002 §5 "Career entry"): its values, rules, messages and the
// body sent for them.
import { z } from 'zod/mini';
import { countCharacters, isEmptyRichText } from '../../../../components/profileForm/richText';
import { institutionPayload, type InstitutionValue } from '../../../../lib/profile/institutions';
import type { TopicRef } from '../../../../lib/profile/types';
import type { CareerEntryBody } from '../../api/careerEntries';
import type { CareerEntry, EntryType } from '../../api/types';

export const MAX_ENTRY_SKILLS = 7;
/** The shared "long truncation" limit for descriptions (docs/decisions.md "Limits the spec leaves open"). */
export const MAX_DESCRIPTION_CHARS = 4000;

export const ENTRY_MESSAGES = {
  required: 'Required',
  maxSkills: 'Maximum 7 skills',
  maxDescription: `Maximum of ${MAX_DESCRIPTION_CHARS} characters`,
  date: 'Enter a valid date.',
  endBeforeStart: 'End date must be after the start date.',
} as const;

export interface CareerEntryFormValues {
  title: string;
  group: InstitutionValue | null;
  description: string;
  skills: TopicRef[];
  is_currently_working: boolean;
  /** YYYY-MM, as a month field gives it. */
  start_date: string;
  /** YYYY-MM, or '' while currently working. */
  end_date: string;
  show_gps: boolean;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const careerEntrySchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(1, ENTRY_MESSAGES.required)),
    group: z
      .custom<InstitutionValue | null>()
      .check(z.refine((value) => institutionPayload(value) !== null, ENTRY_MESSAGES.required)),
    description: z
      .string()
      .check(
        z.refine((html) => !isEmptyRichText(html), ENTRY_MESSAGES.required),
        z.refine((html) => countCharacters(html) <= MAX_DESCRIPTION_CHARS, ENTRY_MESSAGES.maxDescription),
      ),
    skills: z
      .array(z.custom<TopicRef>())
      .check(z.minLength(1, ENTRY_MESSAGES.required), z.maxLength(MAX_ENTRY_SKILLS, ENTRY_MESSAGES.maxSkills)),
    is_currently_working: z.boolean(),
    start_date: z
      .string()
      .check(z.trim(), z.minLength(1, ENTRY_MESSAGES.required), z.regex(MONTH, ENTRY_MESSAGES.date)),
    end_date: z.string().check(z.trim()),
    show_gps: z.boolean(),
  })
  .check(
    z.superRefine((values, issues) => {
      if (values.is_currently_working) return;
      if (!values.end_date) {
        issues.addIssue({ code: 'custom', path: ['end_date'], message: ENTRY_MESSAGES.required });
      } else if (!MONTH.test(values.end_date)) {
        issues.addIssue({ code: 'custom', path: ['end_date'], message: ENTRY_MESSAGES.date });
      } else if (MONTH.test(values.start_date) && values.end_date < values.start_date) {
        issues.addIssue({ code: 'custom', path: ['end_date'], message: ENTRY_MESSAGES.endBeforeStart });
      }
    }),
  );

export const ENTRY_FIELDS = [
  'title',
  'group',
  'description',
  'skills',
  'is_currently_working',
  'start_date',
  'end_date',
  'show_gps',
] as const;

export function entryFormValues(entry: CareerEntry | null): CareerEntryFormValues {
  if (!entry) {
    return {
      title: '',
      group: null,
      description: '',
      skills: [],
      is_currently_working: false,
      start_date: '',
      end_date: '',
      show_gps: true,
    };
  }
  const group = entry.group_detailed
    ? { id: entry.group_detailed.id, name: entry.group_detailed.name }
    : entry.group !== null && entry.group !== undefined
      ? { id: entry.group, name: '' }
      : null;
  return {
    title: entry.title,
    group,
    description: entry.description ?? '',
    skills: entry.skills_detailed,
    is_currently_working: entry.is_currently_working,
    start_date: entry.start_date.slice(0, 7),
    end_date: entry.is_currently_working ? '' : (entry.end_date ?? '').slice(0, 7),
    show_gps: entry.show_gps,
  };
}

/** A stored date when its month is unchanged (so an exact day is kept), else the month's first day. */
function dateFor(month: string, stored: string | null | undefined): string {
  return stored && stored.slice(0, 7) === month ? stored : `${month}-01`;
}

export function toEntryBody(type: EntryType, values: CareerEntryFormValues, stored: CareerEntry | null): CareerEntryBody {
  return {
    type,
    title: values.title.trim(),
    group: institutionPayload(values.group) ?? '',
    description: values.description,
    skills: values.skills.map((skill) => (skill.id > 0 ? skill.id : { name: skill.name })),
    is_currently_working: values.is_currently_working,
    start_date: dateFor(values.start_date, stored?.start_date),
    end_date: values.is_currently_working ? null : dateFor(values.end_date, stored?.end_date),
    show_gps: values.show_gps,
  };
}
