// The forms' rules as the client checks them before sending (spec 002 §5, §9); the server
// checks the same and its field errors are shown on the fields.
import type { UseCasePayload } from './api/catalogue';

export const MESSAGES = {
  required: 'Required',
  maxCategories: 'Maximum 3 categories',
  logoSize: 'File size should be less than 5 MB',
  maxWords: 'Maximum 500 words',
  maxImage: 'Maximum 1 image',
  maxDocument: 'Maximum 1 document',
  maxTopics: 'Maximum 7 topics',
  maxJobFunctions: 'Maximum 3 job functions',
  notImage: 'Please upload an image',
  notPdf: 'Please upload a PDF document',
  aiToolSubmitted: 'AI tool submitted successfully',
  aiToolUpdated: 'AI tool updated successfully',
  useCaseSubmitted: 'Thank you for submitting a use case',
  useCaseUpdated: 'Use case updated successfully',
  useCaseSubmitFailed: 'Could not submit your request',
  useCaseUpdateFailed: 'Could not update your request',
} as const;

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** Words of rich text (its plain text split on white space). */
export function wordCount(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
  return text.split(/\s+/).filter(Boolean).length;
}

export function isBlank(html: string): boolean {
  return wordCount(html) === 0;
}

export function logoProblem(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.notImage;
  if (file.size >= MAX_LOGO_BYTES) return MESSAGES.logoSize;
  return null;
}

export function pdfProblem(file: { type: string }): string | null {
  return file.type === 'application/pdf' ? null : MESSAGES.notPdf;
}

export interface AiToolValues {
  name: string;
  description: string;
  group: number | null;
  categories: string[];
  website: string;
  roles: number[];
}

export function validateAiTool(v: AiToolValues): Partial<Record<keyof AiToolValues, string>> {
  const errors: Partial<Record<keyof AiToolValues, string>> = {};
  if (!v.name.trim()) errors.name = MESSAGES.required;
  if (isBlank(v.description)) errors.description = MESSAGES.required;
  if (v.group === null) errors.group = MESSAGES.required;
  if (v.categories.length > 3) errors.categories = MESSAGES.maxCategories;
  return errors;
}

export interface UseCaseValues {
  title: string;
  description: string;
  reason: string;
  group: number | null;
  business_value: string;
  complexity: string;
  innovation_category: string;
  video_link: string;
  job_functions: string[];
  categories: string[];
}

/** The use-case fields only staff set (spec 002 §5: shown to staff only). */
export interface UseCaseStaffValues {
  /** One topic area (single choice). */
  topic_area: number | null;
  topics: { id: number; name: string }[];
  career_stages: string[];
  professional_fields: string[];
}

/** At most 7 topics (spec 002 §5). */
export const MAX_USE_CASE_TOPICS = 7;

export function validateUseCaseStaff(v: UseCaseStaffValues): Partial<Record<keyof UseCaseStaffValues, string>> {
  const errors: Partial<Record<keyof UseCaseStaffValues, string>> = {};
  if (v.topics.length > MAX_USE_CASE_TOPICS) errors.topics = MESSAGES.maxTopics;
  return errors;
}

/** The staff fields as the API takes them. */
export function staffBody(v: UseCaseStaffValues): UseCasePayload {
  return {
    topic_area: v.topic_area,
    topics: v.topics.map((t) => t.id),
    career_stages: v.career_stages,
    professional_fields: v.professional_fields,
  };
}

export function validateUseCase(v: UseCaseValues): Partial<Record<keyof UseCaseValues, string>> {
  const errors: Partial<Record<keyof UseCaseValues, string>> = {};
  if (!v.title.trim()) errors.title = MESSAGES.required;
  if (isBlank(v.description)) errors.description = MESSAGES.required;
  else if (wordCount(v.description) > 500) errors.description = MESSAGES.maxWords;
  if (wordCount(v.reason) > 500) errors.reason = MESSAGES.maxWords;
  if (v.group === null) errors.group = MESSAGES.required;
  for (const key of ['business_value', 'complexity', 'innovation_category'] as const) {
    if (!v[key]) errors[key] = MESSAGES.required;
  }
  if (v.job_functions.length > 3) errors.job_functions = MESSAGES.maxJobFunctions;
  if (v.categories.length > 3) errors.categories = MESSAGES.maxCategories;
  return errors;
}

export const BUSINESS_VALUES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
] as const;
export const COMPLEXITIES = BUSINESS_VALUES;
export const INNOVATION_CATEGORIES = [
  { value: 'incremental', label: 'Incremental' },
  { value: 'substantial', label: 'Substantial' },
  { value: 'transformational', label: 'Transformational' },
] as const;
