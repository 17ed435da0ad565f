// The job create/edit form's values, checks (spec 001 §5 "Job") and payload. No I/O.
import { countCharacters, isEmptyRichText } from '../../components/profileForm/richText';
import type { TopicRef } from '../../lib/profile/types';
import type { Job, JobLocation, JobPayload, JobType } from './api/types';

export const JOB_FORM_MESSAGES = {
  required: 'Required',
  maxRich: 'Maximum of 4000 characters',
  maxSkills: 'Maximum 7 skills',
  closeBeforeOpen: 'Application close date cannot be before the application open date',
  summary: 'Please correct above errors',
} as const;

export const MAX_JOB_RICH_CHARS = 4000;
export const MAX_JOB_SKILLS = 7;
const JOB_TYPE_VALUES: readonly JobType[] = ['project_based', 'full_time', 'part_time', 'internship'];
const JOB_LOCATION_VALUES: readonly JobLocation[] = ['remote', 'on_site', 'hybrid'];

export interface JobFormValues {
  title: string;
  description: string;
  requirements: string;
  group: number | null;
  career_stages: string[];
  professional_fields: string[];
  countries: string[];
  skills: TopicRef[];
  job_type: JobType;
  job_location: JobLocation;
  address: string;
  application_open_date: string;
  application_close_date: string;
}

export type JobFormField = keyof JobFormValues;
export type JobFormErrors = Partial<Record<JobFormField, string>>;

export function emptyJobForm(group: number | null = null): JobFormValues {
  return {
    title: '',
    description: '',
    requirements: '',
    group,
    career_stages: [],
    professional_fields: [],
    countries: [],
    skills: [],
    job_type: 'full_time',
    job_location: 'remote',
    address: '',
    application_open_date: '',
    application_close_date: '',
  };
}

export function jobFormValues(job: Job): JobFormValues {
  return {
    title: job.title,
    description: job.description ?? '',
    requirements: job.requirements ?? '',
    group: job.group.id,
    career_stages: job.career_stages ?? [],
    professional_fields: job.professional_fields ?? [],
    countries: job.countries ?? [],
    skills: job.skills_detailed.map((skill) => ({ id: skill.id, name: skill.name })),
    job_type: (JOB_TYPE_VALUES.find((value) => value === job.job_type) ?? 'full_time'),
    job_location: JOB_LOCATION_VALUES.find((value) => value === job.job_location) ?? 'remote',
    address: job.address ?? '',
    application_open_date: job.application_open_date?.slice(0, 10) ?? '',
    application_close_date: job.application_close_date?.slice(0, 10) ?? '',
  };
}

/** An address is asked for where people work in person: on site and hybrid. */
export function needsAddress(location: JobLocation): boolean {
  return location === 'on_site' || location === 'hybrid';
}

/** The form's problems, one message per field (none: the form can be sent). */
export function validateJobForm(values: JobFormValues, editing: boolean): JobFormErrors {
  const errors: JobFormErrors = {};
  if (!values.title.trim()) errors.title = JOB_FORM_MESSAGES.required;
  if (isEmptyRichText(values.description)) errors.description = JOB_FORM_MESSAGES.required;
  else if (countCharacters(values.description) > MAX_JOB_RICH_CHARS) errors.description = JOB_FORM_MESSAGES.maxRich;
  if (countCharacters(values.requirements) > MAX_JOB_RICH_CHARS) errors.requirements = JOB_FORM_MESSAGES.maxRich;
  if (values.skills.length > MAX_JOB_SKILLS) errors.skills = JOB_FORM_MESSAGES.maxSkills;
  if (needsAddress(values.job_location) && !values.address.trim()) errors.address = JOB_FORM_MESSAGES.required;
  if (!editing && values.group === null) errors.group = JOB_FORM_MESSAGES.required;
  if (values.application_open_date && values.application_close_date && values.application_close_date < values.application_open_date) {
    errors.application_close_date = JOB_FORM_MESSAGES.closeBeforeOpen;
  }
  return errors;
}

/** What POST /jobs/ (with the group) or PATCH /jobs/{id}/ (without it) takes. */
export function toJobPayload(values: JobFormValues, editing: boolean): JobPayload {
  const payload: JobPayload = {
    title: values.title.trim(),
    description: values.description,
    requirements: isEmptyRichText(values.requirements) ? '' : values.requirements,
    career_stages: values.career_stages,
    professional_fields: values.professional_fields,
    countries: values.countries,
    skills: values.skills.map((skill) => skill.id),
    job_type: values.job_type,
    job_location: values.job_location,
    address: needsAddress(values.job_location) ? values.address.trim() : '',
    application_open_date: values.application_open_date || null,
    application_close_date: values.application_close_date || null,
  };
  if (!editing && values.group !== null) payload.group = values.group;
  return payload;
}
