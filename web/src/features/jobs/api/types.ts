// The jobs API's shapes, from the generated OpenAPI types (spec 001 §3 "Job", §7 "Jobs"),
// and the value sets the screens choose from.
import type { components } from '../../../lib/api/schema';
import type { Question } from '../../../lib/groups/types';

type Schemas = components['schemas'];

export type Job = Schemas['JobView'];
export type JobApplicant = Schemas['ApplicantView'];
export type JobPayload = Schemas['JobInput'];
/**
 * POST /jobs/{id}/status/'s body: the document's ReviewInput, narrowed to the two shapes the
 * screens send (one applicant or several, accepted or rejected); `reviewApplicants` checks it
 * against the document's type.
 */
export type ReviewBody = { status: 'accepted' | 'rejected' } & ({ user_id: number } | { user_ids: number[] });
export type ApplyAnswer = Schemas['ApplyAnswer'];
export type BookmarkAnswer = Schemas['BookmarkAnswer'];
export type RecommendedApplicant = Schemas['RecommendedApplicant'];

export type { Paged } from '../../../lib/api/paged';

export type JobStatus = 'pending' | 'approved';
export type ApplicationStatus = 'pending' | 'accepted' | 'rejected';
export type JobLocation = 'remote' | 'on_site' | 'hybrid';
export type JobType = 'project_based' | 'full_time' | 'part_time' | 'internship';

/** The job's questions in the questions editor's and form's type (the server names the same five types). */
export function jobQuestions(job: Pick<Job, 'extra_info'>): Question[] {
  return (job.extra_info?.questions ?? []) as Question[];
}

/** An applicant's answers, by question id. */
export function applicantAnswers(applicant: Pick<JobApplicant, 'answers'>): Record<string, unknown> {
  return (applicant.answers ?? {}) as Record<string, unknown>;
}
