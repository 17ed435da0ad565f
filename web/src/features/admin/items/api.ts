// The admin item tables' calls (spec 002 §7 "Admin", "Content"; issue 19): the jobs,
// resources, AI tools and use cases of the site by status, newest first, and their
// moderation; the feedback and contact messages the site's administrators read.
import { api, unwrap } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];
export type AdminJob = Schemas['JobView'];
export type AdminResource = Schemas['ContentView'];
export type AdminAiTool = Schemas['AiToolView'];
export type AdminUseCase = Schemas['UseCaseView'];
export type FeedbackItem = Schemas['FeedbackView'];
export type ContactItem = Schemas['ContactView'];

export type { Paged } from '../../../lib/api/paged';

/** What every admin table asks for: one status, an optional search, one page. */
export interface TableQuery {
  status: string;
  search: string | null;
  page: number;
  pageSize: number;
}

export const ADMIN_ITEMS_KEY = ['admin', 'items'] as const;

/** Newest first (spec 002 §7: sort_by recent, sort_order desc), one page. */
function common(query: TableQuery) {
  return {
    sort_by: 'recent',
    sort_order: 'desc',
    page: query.page,
    page_size: query.pageSize,
    search: query.search ?? undefined,
  };
}

/** GET /jobs/: the drafts (pending) or published (approved) jobs of the groups the admin runs. */
export function fetchJobs(query: TableQuery, signal?: AbortSignal) {
  const jobStatus = JOB_STATUSES.find((status) => status === query.status);
  return unwrap(
    api.GET('/api/v1/jobs/', { params: { query: { ...common(query), view_all: true, job_status: jobStatus } }, signal }),
  );
}

/** The job tabs' statuses (JOB_TABS): the only values /jobs/ takes for job_status. */
const JOB_STATUSES = ['pending', 'approved'] as const;

/** GET /contents/?types=resource: the site's resources of one status (moderators see every status). */
export function fetchResources(query: TableQuery, signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/contents/', { params: { query: { ...common(query), types: 'resource', status: query.status } }, signal }),
  );
}

/** GET /ai-tools/?group_id=: the default organization's AI tools of one status. */
export function fetchAiTools(orgId: number, query: TableQuery, signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/ai-tools/', { params: { query: { ...common(query), group_id: orgId, status: query.status } }, signal }),
  );
}

/** GET /use-cases/?group_id=: the default organization's use cases of one status. */
export function fetchUseCases(orgId: number, query: TableQuery, signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/use-cases/', { params: { query: { ...common(query), group_id: orgId, status: query.status } }, signal }),
  );
}

export type Moderation = 'approve' | 'reject';

export function moderateResource(id: number, action: Moderation) {
  return unwrap(api.POST('/api/v1/contents/{id}/approve-reject/', { params: { path: { id } }, body: { action } }));
}

export function moderateAiTool(id: number, action: Moderation) {
  return unwrap(api.POST('/api/v1/ai-tools/{id}/approve-reject/', { params: { path: { id } }, body: { action } }));
}

export function moderateUseCase(id: number, action: Moderation) {
  return unwrap(api.POST('/api/v1/use-cases/{id}/approve-reject/', { params: { path: { id } }, body: { action } }));
}

export function deleteResource(id: number) {
  return unwrap(api.DELETE('/api/v1/contents/{id}/', { params: { path: { id } } }));
}

/** Publishing a draft is `job_status: approved`; back to draft is `pending` (PATCH /jobs/{id}/). */
export function setJobStatus(id: number, jobStatus: 'pending' | 'approved') {
  return unwrap(api.PATCH('/api/v1/jobs/{id}/', { params: { path: { id } }, body: { job_status: jobStatus } }));
}

export function deleteJob(id: number) {
  return unwrap(api.DELETE('/api/v1/jobs/{id}/', { params: { path: { id } } }));
}

/** GET /feedback/: the site's feedback, newest first (its administrators). */
export function fetchFeedback(page: number, pageSize: number, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/feedback/', { params: { query: { page, page_size: pageSize } }, signal }));
}

/** GET /contact-starleaders/: the messages sent from the pending page, newest first. */
export function fetchContacts(page: number, pageSize: number, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/contact-starleaders/', { params: { query: { page, page_size: pageSize } }, signal }));
}
