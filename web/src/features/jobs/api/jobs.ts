// The jobs calls (spec 001 §7 "Jobs"): the list, one job by slug or id, create, edit, publish,
// delete, apply, unapply, review, applications and their CSV export.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/errors';
import { downloadFile } from '../../../lib/api/download';
import { apiRequest } from '../../../lib/api/request';
import { uploadForm, type SingleUploadAnswer, type UploadOptions } from '../../../lib/profile/upload';
import type { Answers, Question } from '../../../lib/groups/types';
import type { ApplicationStatus, Job, JobApplicant, JobPayload, Paged } from './types';
import type { JobsQuery } from '../jobRules';

export const JOBS_KEY = ['jobs'] as const;

function compact(query: JobsQuery): JobsQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/** GET /jobs/?… (the board, an organization's Job Board tab). */
export function jobsListQuery(query: JobsQuery) {
  const params = compact(query);
  return queryOptions({
    queryKey: [...JOBS_KEY, 'list', params],
    queryFn: ({ signal }) => apiRequest<Paged<Job>>('GET', '/api/v1/jobs/', { query: params, signal }),
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
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Job }>('GET', `/api/v1/jobs/slug/${encodeURIComponent(slug)}/`, { signal })).data,
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
    queryFn: async ({ signal }) => (await apiRequest<{ data: Job }>('GET', `/api/v1/jobs/${id}/`, { signal })).data,
    enabled: id !== null && id > 0,
    meta: { silent: true },
    retry: notFoundNoRetry,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Refetches every jobs query (the board, the page, its applicants) after a change. */
export function useRefreshJobs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: JOBS_KEY });
}

export async function createJob(body: JobPayload): Promise<Job> {
  return (await apiRequest<{ data: Job }>('POST', '/api/v1/jobs/', { body })).data;
}

export async function updateJob(id: number, body: Partial<JobPayload>): Promise<Job> {
  return (await apiRequest<{ data: Job }>('PATCH', `/api/v1/jobs/${id}/`, { body })).data;
}

/** POST /jobs/{id}/questions/: the whole list replaces the job's questions. */
export async function saveJobQuestions(job: Pick<Job, 'id'>, questions: Question[]): Promise<Job> {
  return (await apiRequest<{ data: Job }>('POST', `/api/v1/jobs/${job.id}/questions/`, { body: { questions } })).data;
}

export async function deleteJob(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/v1/jobs/${id}/`);
}

export interface MessageAnswer {
  message?: string | null;
}

/** POST /jobs/{id}/apply/ with the answers to the job's questions. */
export function applyToJob(id: number, answers: Answers | null): Promise<MessageAnswer | undefined> {
  return apiRequest<MessageAnswer>('POST', `/api/v1/jobs/${id}/apply/`, { body: answers ? { answers } : {} });
}

export function unapplyFromJob(id: number): Promise<MessageAnswer | undefined> {
  return apiRequest<MessageAnswer>('POST', `/api/v1/jobs/${id}/unapply/`, { body: {} });
}

/** POST /jobs/{id}/status/: accept or reject pending applicants, one or many in one call. */
export function reviewApplicants(id: number, userIds: number[], status: Exclude<ApplicationStatus, 'pending'>): Promise<unknown> {
  const body = userIds.length === 1 ? { user_id: userIds[0], status } : { user_ids: userIds, status };
  return apiRequest('POST', `/api/v1/jobs/${id}/status/`, { body });
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
    queryFn: ({ signal }) => apiRequest<Paged<JobApplicant>>('GET', `/api/v1/jobs/${id}/applications/`, { query: params, signal }),
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
