// How each admin table shows its items: the row, its status label, its chips and the
// actions the item allows (spec 002 §4 "Moderation statuses"; issue 19).
import type { RowAction, RowView } from './AdminItemTable';
import {
  deleteJob,
  deleteResource,
  moderateAiTool,
  moderateResource,
  moderateUseCase,
  setJobStatus,
  type AdminAiTool,
  type AdminJob,
  type AdminResource,
  type AdminUseCase,
} from './api';
import {
  catalogueActions,
  formatDay,
  JOB_MESSAGES,
  jobStatusLabel,
  MODERATION_MESSAGES,
  RESOURCE_DELETE_MESSAGES,
  resourceActions,
  type Moderation,
} from './itemRules';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** How one area moderates: its call, its toasts, and what a rejection asks first. */
interface ModerationKind {
  moderate: (id: number, action: Moderation) => Promise<unknown>;
  messages: { done: (action: Moderation) => string; failed: (action: Moderation) => string };
  /** The reject confirmation's title, e.g. 'Reject resource?'. */
  rejectTitle: string;
  /** Where a rejected item no longer shows, e.g. 'the Resource Hub'. */
  hiddenFrom: string;
}

/** The Approve and Reject buttons of an item named `name`; Reject asks first. */
function moderationActions(actions: Moderation[], id: number, name: string, kind: ModerationKind): RowAction[] {
  return actions.map((action) => ({
    key: action,
    label: action === 'approve' ? 'Approve' : 'Reject',
    color: action === 'approve' ? 'success' : 'error',
    run: () => kind.moderate(id, action),
    confirm:
      action === 'reject'
        ? { title: kind.rejectTitle, message: `"${name}" will not show in ${kind.hiddenFrom}.`, confirmLabel: 'Reject' }
        : undefined,
    success: kind.messages.done(action),
    failure: kind.messages.failed(action),
  }));
}

/** A job's row: edit, publish or back to draft, delete (the job's administrators only). */
export function jobRow(job: AdminJob): RowView {
  const actions: RowAction[] = [];
  if (job.is_administrator) {
    actions.push({ key: 'edit', label: 'Edit', href: `/jobs/${job.id}/edit` });
    if (job.job_status === 'approved') {
      actions.push({
        key: 'unpublish',
        label: 'Unpublish',
        run: () => setJobStatus(job.id, 'pending'),
        success: JOB_MESSAGES.unpublished,
        failure: JOB_MESSAGES.unpublishFailed,
      });
    } else {
      actions.push({
        key: 'publish',
        label: 'Publish',
        color: 'success',
        run: () => setJobStatus(job.id, 'approved'),
        success: JOB_MESSAGES.published,
        failure: JOB_MESSAGES.publishFailed,
      });
    }
    actions.push({
      key: 'delete',
      label: 'Delete',
      color: 'error',
      run: () => deleteJob(job.id),
      confirm: { title: 'Delete job?', message: `"${job.title}" will be removed from every list.`, confirmLabel: 'Delete' },
      success: JOB_MESSAGES.deleted,
      failure: JOB_MESSAGES.deleteFailed,
    });
  }
  return {
    id: job.id,
    title: job.title,
    href: `/job/${encodeURIComponent(job.slug)}`,
    detail: job.group.name,
    chips: job.skills_detailed.map((skill) => skill.name),
    status: jobStatusLabel(job.job_status, job.is_expired),
    date: formatDay(job.created_at),
    actions,
  };
}


/** A resource's row: approve or reject while not approved; edit and delete for its author. */
export function resourceRow(item: AdminResource): RowView {
  const actions = moderationActions(resourceActions(item.status, item.can_moderate), item.id, item.title, {
    moderate: moderateResource,
    messages: MODERATION_MESSAGES.resource,
    rejectTitle: 'Reject resource?',
    hiddenFrom: 'the Resource Hub',
  });
  if (item.can_edit) {
    actions.push({ key: 'edit', label: 'Edit', href: `/resources/${item.id}/edit` });
    actions.push({
      key: 'delete',
      label: 'Delete',
      color: 'error',
      run: () => deleteResource(item.id),
      confirm: { title: 'Delete resource?', message: `"${item.title}" will be deleted.`, confirmLabel: 'Delete' },
      success: RESOURCE_DELETE_MESSAGES.deleted,
      failure: RESOURCE_DELETE_MESSAGES.failed,
    });
  }
  const author = item.created_by ? `${item.created_by.profile.first_name} ${item.created_by.profile.last_name}`.trim() : null;
  return {
    id: item.id,
    title: item.title,
    href: `/resource/${encodeURIComponent(item.slug)}`,
    detail: author ? `By ${author}` : null,
    chips: item.topics_detailed.map((topic) => topic.name),
    status: STATUS_LABELS[item.status] ?? item.status,
    date: formatDay(item.created_at),
    actions,
  };
}


/** An AI tool's row: approve (pending or rejected) and reject (pending) for the default organization's tools. */
export function aiToolRow(tool: AdminAiTool, orgId: number | undefined): RowView {
  const actions = moderationActions(catalogueActions(tool.status, tool.group, orgId), tool.id, tool.name, {
    moderate: moderateAiTool,
    messages: MODERATION_MESSAGES.aiTool,
    rejectTitle: 'Reject AI tool?',
    hiddenFrom: 'the AI tools list',
  });
  if (tool.can_edit) actions.push({ key: 'edit', label: 'Edit', href: `/ai-tools/${tool.id}/edit` });
  return {
    id: tool.id,
    title: tool.name,
    href: `/ai-tool/${encodeURIComponent(tool.slug)}`,
    chips: tool.categories,
    status: STATUS_LABELS[tool.status] ?? tool.status,
    date: formatDay(tool.created_at),
    actions,
  };
}


const AGENT_ACTIONS: Record<string, string> = { accept: 'Accept', reject: 'Reject', review: 'Review' };

/** What the curation agent said about a use case, for the row: its advice, then why. */
export function curationVerdict(item: AdminUseCase): string | null {
  const verdict = item.agent_responses?.find((answer) => answer.agent_type === 'usecase_curation');
  if (!verdict) return null;
  const { action, reason } = verdict.response;
  const advice = `Curation agent: ${AGENT_ACTIONS[action] ?? action}`;
  return reason ? `${advice}. ${reason}` : advice;
}

/** A use case's row: approve (pending or rejected) and reject (pending) for the default organization's use cases. */
export function rowOfUseCase(item: AdminUseCase, orgId: number | undefined): RowView {
  const actions = moderationActions(catalogueActions(item.status, item.group, orgId), item.id, item.title, {
    moderate: moderateUseCase,
    messages: MODERATION_MESSAGES.useCase,
    rejectTitle: 'Reject use case?',
    hiddenFrom: 'the use cases list',
  });
  if (item.can_edit) actions.push({ key: 'edit', label: 'Edit', href: `/usecases/${item.id}/edit` });
  return {
    id: item.id,
    title: item.title,
    href: `/usecase/${encodeURIComponent(item.slug)}`,
    detail: curationVerdict(item),
    chips: item.topics_detailed.map((topic) => topic.name),
    status: STATUS_LABELS[item.status] ?? item.status,
    date: formatDay(item.created_at),
    actions,
  };
}
