// The visitor's CareerGPS steps (spec 002 §4 "CareerGPS agent flow", §5 "Career-guidance
// registration", "Import"): their checks and messages, and where a visitor's flow starts.
import type { AgentView } from '../../api';

export const GUEST_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  linkedinRequired: 'LinkedIn URL is required',
  resumeRequired: 'Resume file is required',
  resumeFormat: 'Unsupported file format. Please upload PDF',
} as const;

/** The country the registration starts with (spec: "country default US"). */
export const DEFAULT_COUNTRY = 'United States';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PersonalInfo {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
}

/** The message per field of the Personal Information form; empty when it can be sent. */
export function personalInfoErrors(values: PersonalInfo): Partial<Record<keyof PersonalInfo, string>> {
  const errors: Partial<Record<keyof PersonalInfo, string>> = {};
  for (const field of ['first_name', 'last_name', 'email', 'country'] as const) {
    if (!values[field].trim()) errors[field] = GUEST_MESSAGES.required;
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = GUEST_MESSAGES.invalidEmail;
  return errors;
}

/** The Profile Source step's message for a LinkedIn address, or null. */
export function linkedinError(url: string): string | null {
  return url.trim() ? null : GUEST_MESSAGES.linkedinRequired;
}

/** The Profile Source step's message for a resume, or null: a PDF is required. */
export function resumeError(file: File | null | undefined): string | null {
  if (!file) return GUEST_MESSAGES.resumeRequired;
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  return pdf ? null : GUEST_MESSAGES.resumeFormat;
}

/**
 * Where a visitor's flow starts: at the first screen of the step an unfinished run goes on at,
 * else past the registration for someone who has the trial account already, else at the start.
 */
export function guestStartIndex(agent: Pick<AgentView, 'flow' | 'resume_step'>, registered: boolean): number {
  const flow = agent.flow;
  if (agent.resume_step != null) {
    const at = flow.findIndex((item) => item.order === agent.resume_step);
    if (at >= 0) return at;
  }
  if (registered) {
    const at = flow.findIndex((item) => item.type !== 'registration');
    if (at >= 0) return at;
  }
  return 0;
}

/** The member's page goes on at the step an unfinished run continues at (after signing up). */
export function memberStartIndex(steps: readonly { order: number }[], resumeStep: number | null | undefined): number {
  if (resumeStep == null) return 0;
  const at = steps.findIndex((step) => step.order === resumeStep);
  return at >= 0 ? at : 0;
}
