// What the job screens decide (spec 001 §3 "Job", §4 "Job lifecycle", §5 "Card display rules",
// §6, §9), as pure functions over a job and today's date. No I/O.
import { readList, readPage, readValue } from '../../components/lists/listParams';
import { searchText } from '../../lib/profile/topics';
import type { ApplicationStatus, Job, JobLocation, JobType } from './api/types';
import type { operations } from '../../lib/api/schema';

export const JOB_BOARD_PAGE_SIZE = 9;
export const ORG_JOBS_PAGE_SIZE = 12;
export const APPLICANTS_PAGE_SIZE = 12;
/** Cards show the first 4 skills, the rest as '+N more'. */
export const CARD_SKILLS = 4;

export const JOB_TYPES: readonly { value: JobType; label: string }[] = [
  { value: 'full_time', label: 'Full time' },
  { value: 'part_time', label: 'Part time' },
  { value: 'project_based', label: 'Project based' },
  { value: 'internship', label: 'Internship' },
];

export const JOB_LOCATIONS: readonly { value: JobLocation; label: string }[] = [
  { value: 'remote', label: 'Remote' },
  { value: 'on_site', label: 'On site' },
  { value: 'hybrid', label: 'Hybrid' },
];

export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ['pending', 'accepted', 'rejected'];

export function jobTypeLabel(value: string | null | undefined): string | null {
  return JOB_TYPES.find((item) => item.value === value)?.label ?? null;
}

export function jobLocationLabel(value: string | null | undefined): string | null {
  return JOB_LOCATIONS.find((item) => item.value === value)?.label ?? null;
}

/** The caller's application as cards and the detail page show it. */
export function applicationLabel(status: string | null | undefined): string | null {
  if (status === 'pending') return 'Applied';
  if (status === 'accepted') return 'Accepted';
  if (status === 'rejected') return 'Rejected';
  return null;
}

/** Published for approved jobs, Draft otherwise (spec 001 §3, 002 §5). */
export function jobStatusLabel(status: string | null | undefined): 'Published' | 'Draft' {
  return status === 'approved' ? 'Published' : 'Draft';
}

/** Today as YYYY-MM-DD in the viewer's time zone. */
export function today(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

function dateOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** The close date is past (the server's is_expired, on its calendar): the job shows '(Expired)' (spec 001 §4). */
export function isExpired(job: Pick<Job, 'is_expired'>): boolean {
  return job.is_expired;
}

/** The close date to show: only while it is not past. */
export function visibleCloseDate(job: Pick<Job, 'application_close_date' | 'is_expired'>): string | null {
  return job.is_expired ? null : dateOnly(job.application_close_date);
}

/** Applications are taken before the open date? Not yet open. */
export function notYetOpen(job: Pick<Job, 'application_open_date'>, now: Date = new Date()): boolean {
  const open = dateOnly(job.application_open_date);
  return open !== null && open > today(now);
}

/** Apply is offered on published jobs inside their application window, to people who have not applied. */
export function canApply(job: Pick<Job, 'is_open_for_applications' | 'status'>): boolean {
  return job.is_open_for_applications && !job.status;
}

/** An applicant may withdraw while the application is pending (spec 001 §4). */
export function canUnapply(job: Pick<Job, 'status'>): boolean {
  return job.status === 'pending';
}

/**
 * Create Job on the board (spec 001 §6): signed-in users only, and hidden when the site has a
 * default organization that the user does not administer.
 */
export function showCreateOnBoard(
  signedIn: boolean,
  defaultOrg: { is_administrator?: boolean | null; role?: string | null; membership_status?: string | null } | null | undefined,
): boolean {
  if (!signedIn) return false;
  if (!defaultOrg) return true;
  if (defaultOrg.is_administrator) return true;
  return defaultOrg.membership_status === 'accepted' && ['admin', 'leader'].includes(defaultOrg.role ?? '');
}

function list(params: URLSearchParams, key: string): string | null {
  const values = readList(params, key);
  return values.length ? values.join(',') : null;
}

type ListJobsQuery = NonNullable<operations['list_jobs']['parameters']['query']>;

/** GET /jobs/'s query; a null or empty value is not sent. */
export type JobsQuery = { [K in keyof ListJobsQuery]?: ListJobsQuery[K] | null };

/**
 * GET /jobs/ for the board's address: search only at 2 or more trimmed characters, page,
 * page_size 9, and the filters career_stages, professional_fields, topic_areas (jobs asking
 * for a skill of the area), countries, job_type, job_location.
 */
export function boardQuery(params: URLSearchParams, pageSize = JOB_BOARD_PAGE_SIZE): JobsQuery {
  return {
    search: searchText(params.get('q') ?? ''),
    page: readPage(params),
    page_size: pageSize,
    career_stages: list(params, 'career_stages'),
    professional_fields: list(params, 'professional_fields'),
    topic_areas: list(params, 'topic_areas'),
    countries: list(params, 'countries'),
    job_type: readValue(params, 'job_type'),
    job_location: readValue(params, 'job_location'),
  };
}

export { jobPath } from '../../lib/jobs/jobPath';
