// The jobs calls (spec 001 §7 "Jobs"): the list, one job by slug or id, create, edit, publish,
// delete, apply, unapply, review, applications and their CSV export.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/errors';
import { downloadFile } from '../../../lib/api/download';
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { uploadForm, type SingleUploadAnswer, type UploadOptions } from '../../../lib/profile/upload';
import type { Answers, Question } from '../../../lib/groups/types';
import type { ApplicationStatus, Job, JobPayload, ReviewBody } from './types';
import type { JobsQuery } from '../jobRules';

export const JOBS_KEY = ['jobs'] as const;

/** The query without its empty values (null, undefined, ''), which are not sent. */
function compact<Q extends object>(query: Q): { [K in keyof Q]?: Exclude<Q[K], null> } {
  const kept = Object.entries(query).filter(([, value]) => value !== null && value !== undefined && value !== '');
  // Object.fromEntries loses the keys' types; the entries kept are the query's own, minus null.
  return Object.fromEntries(kept) as { [K in keyof Q]?: Exclude<Q[K], null> };
}

/** GET /jobs/?… (the board, an organization's Job Board tab). */
export function jobsListQuery(query: JobsQuery) {
  const params = compact(query);
  return queryOptions({
    queryKey: [...JOBS_KEY, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/jobs/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useJobsList(query: JobsQuery) {
  return useQuery(jobsListQuery(query));
}

const notFoundNoRetry = (count: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && count < 1;

/** GET /jobs/slug/{slug}/. */
export function jobBySlugQuery(slug: string) {
  return queryOptions({
    queryKey: [...JOBS_KEY, 'slug', slug],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/v1/jobs/slug/{slug}/', { params: { path: { slug } }, signal }))).data,
    meta: { silent: true },
    retry: notFoundNoRetry,
  });
}

export function useJobBySlug(slug: string) {
  return useQuery(jobBySlugQuery(slug));
}

/** GET /jobs/{id}/. */
export function useJobById(id: number | null) {
  return useQuery({
    queryKey: [...JOBS_KEY, 'id', id],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/v1/jobs/{id}/', { params: { path: { id: id ?? 0 } }, signal }))).data,
    enabled: id !== null && id > 0,
    meta: { silent: true },
    retry: notFoundNoRetry,
  });
}

export { isNotFound } from '../../../lib/api/errors';

/** Refetches every jobs query (the board, the page, its applicants) after a change. */
export function useRefreshJobs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: JOBS_KEY });
}

export async function createJob(body: JobPayload): Promise<Job> {
  return (await unwrap(api.POST('/api/v1/jobs/', { body }))).data;
}

export async function updateJob(id: number, body: Partial<JobPayload>): Promise<Job> {
  return (await unwrap(api.PATCH('/api/v1/jobs/{id}/', { params: { path: { id } }, body }))).data;
}

// SCHEMA-GAP: POST /api/v1/jobs/{id}/questions/ documents `questions` as untyped objects
// (Record<string, never>[]); the server stores the groups' Question shape.
type UntypedQuestion = Record<string, never>;

/** POST /jobs/{id}/questions/: the whole list replaces the job's questions. */
export async function saveJobQuestions(job: Pick<Job, 'id'>, questions: Question[]): Promise<Job> {
  const answer = await unwrap(
    api.POST('/api/v1/jobs/{id}/questions/', {
      params: { path: { id: job.id } },
      body: { questions: questions as unknown as UntypedQuestion[] },
    }),
  );
  return answer.data;
}

export async function deleteJob(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/jobs/{id}/', { params: { path: { id } } }));
}

export interface MessageAnswer {
  message?: string | null;
}

// SCHEMA-GAP: POST /api/v1/jobs/{id}/apply/ documents ApplyInput.answers as an untyped object
// (Record<string, never>); the server reads `{question id: answer}`.
type UntypedAnswers = Record<string, never>;

/** POST /jobs/{id}/apply/ with the answers to the job's questions. */
export function applyToJob(id: number, answers: Answers | null): Promise<MessageAnswer> {
  const body = answers ? { answers: answers as unknown as UntypedAnswers } : {};
  return unwrap(api.POST('/api/v1/jobs/{id}/apply/', { params: { path: { id } }, body }));
}

/**
 * POST /jobs/{id}/unapply/. The operation takes no body (the server reads none); the screens
 * have always sent `{}`, kept so the request is unchanged.
 */
export function unapplyFromJob(id: number): Promise<MessageAnswer> {
  const unreadBody: never = {} as never;
  return unwrap(api.POST('/api/v1/jobs/{id}/unapply/', { params: { path: { id } }, body: unreadBody }));
}

/** POST /jobs/{id}/status/: accept or reject pending applicants, one or many in one call. */
export function reviewApplicants(id: number, userIds: number[], status: Exclude<ApplicationStatus, 'pending'>): Promise<unknown> {
  const [only] = userIds;
  const body: ReviewBody = userIds.length === 1 && only !== undefined ? { user_id: only, status } : { user_ids: userIds, status };
  const documented: components['schemas']['ReviewInput'] = body;
  return unwrap(api.POST('/api/v1/jobs/{id}/status/', { params: { path: { id } }, body: documented }));
}

export interface ApplicationsQuery {
  status: ApplicationStatus;
  page: number;
  page_size: number;
  search?: string | null;
}

/** GET /jobs/{id}/applications/. */
export function useApplications(id: number, query: ApplicationsQuery) {
  const params = compact({ ...query });
  return useQuery({
    queryKey: [...JOBS_KEY, 'applications', id, params],
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/jobs/{id}/applications/', { params: { path: { id }, query: params }, signal })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** GET /jobs/{id}/export-job-membership/ (CSV), saved as a file. */
export function downloadApplicantsCsv(id: number, fileName: string, status?: ApplicationStatus): Promise<void> {
  return downloadFile(`/api/v1/jobs/${id}/export-job-membership/`, fileName, { status });
}

/** POST /upload-resume/ with update_profile=false: the resume is stored on the profile, not parsed. */
export async function uploadResume(file: File, options: UploadOptions = {}): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('update_profile', 'false');
  await uploadForm<SingleUploadAnswer>('/api/v1/upload-resume/', form, options);
}
