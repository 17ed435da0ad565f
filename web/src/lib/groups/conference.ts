// The conference registration form's lists and checks (spec 001 §3, §5 "Conference form", §9).
import type { ConferenceRegistration } from './types';

export const PARTICIPANT_TYPES = [
  { value: 'attendee', label: 'Attendee' },
  { value: 'presenter', label: 'Presenter' },
] as const;

export const SUBMISSION_TYPES = [
  'Keynote Speaker',
  'Distinguished Speaker',
  'Plenary Presentation',
  'Paper Presentation',
  'Panel Discussion',
  'Workshop',
  'Arts-based Performances',
  'Book talk',
] as const;

export const PROGRAM_TYPES = ['Online Conference', 'In-Person Conference'] as const;

export const PUBLICATION_TYPES = [
  'Journal article (3,000-6,500 words)',
  'Book chapter (2,500-4,000 words)',
  'Practitioner essay (1,500-2,000 words)',
  'Not interested at this time',
] as const;

export const DIETARY = ['Vegetarian', 'Non-vegetarian'] as const;

export const ABSTRACT_MAX_WORDS = 250;

export const CONFERENCE_MESSAGES = {
  participant_type: 'Required',
  phone_number: 'Required',
  submission_type: 'Please select a submission type',
  program_type: 'Please select a program type',
  title: 'Please enter a title',
  publication: 'Please select a publication',
  abstract: 'Maximum 250 words',
  abstract_file: 'Please submit an abstract text above or upload an pdf file here',
} as const;

export type ConferenceField = keyof typeof CONFERENCE_MESSAGES;

export interface ConferenceValues {
  participant_type: '' | 'attendee' | 'presenter';
  phone_number: string;
  alternative_phone_number: string;
  submission_type: string;
  program_type: string;
  title: string;
  abstract: string;
  abstract_file: number | string | null;
  publication: string;
  dietary: string;
}

export function emptyConference(): ConferenceValues {
  return {
    participant_type: '',
    phone_number: '',
    alternative_phone_number: '',
    submission_type: '',
    program_type: '',
    title: '',
    abstract: '',
    abstract_file: null,
    publication: '',
    dietary: '',
  };
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export function validateConference(values: ConferenceValues): Partial<Record<ConferenceField, string>> {
  const errors: Partial<Record<ConferenceField, string>> = {};
  if (!values.participant_type) errors.participant_type = CONFERENCE_MESSAGES.participant_type;
  if (!values.phone_number.trim()) errors.phone_number = CONFERENCE_MESSAGES.phone_number;
  if (values.participant_type === 'presenter') {
    if (!values.submission_type) errors.submission_type = CONFERENCE_MESSAGES.submission_type;
    if (!values.program_type) errors.program_type = CONFERENCE_MESSAGES.program_type;
    if (!values.title.trim()) errors.title = CONFERENCE_MESSAGES.title;
    if (!values.publication) errors.publication = CONFERENCE_MESSAGES.publication;
    if (wordCount(values.abstract) > ABSTRACT_MAX_WORDS) errors.abstract = CONFERENCE_MESSAGES.abstract;
    if (!values.abstract.trim() && !values.abstract_file) errors.abstract_file = CONFERENCE_MESSAGES.abstract_file;
  }
  return errors;
}

/** The conference fields sent as the join's extra_info (presenter fields only for presenters). */
export function toRegistration(values: ConferenceValues): ConferenceRegistration {
  const base: ConferenceRegistration = {
    participant_type: values.participant_type as 'attendee' | 'presenter',
    phone_number: values.phone_number.trim(),
    alternative_phone_number: values.alternative_phone_number.trim(),
    dietary: values.dietary,
  };
  if (values.participant_type !== 'presenter') return base;
  return {
    ...base,
    submission_type: values.submission_type,
    program_type: values.program_type,
    title: values.title.trim(),
    abstract: values.abstract.trim(),
    abstract_file: values.abstract_file,
    publication: values.publication,
  };
}
