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
} from './itemRules';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

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
  const actions: RowAction[] = resourceActions(item.status, item.can_moderate).map((action) => ({
    key: action,
    label: action === 'approve' ? 'Approve' : 'Reject',
    color: action === 'approve' ? 'success' : 'error',
    run: () => moderateResource(item.id, action),
    confirm:
      action === 'reject'
        ? { title: 'Reject resource?', message: `"${item.title}" will not show in the Resource Hub.`, confirmLabel: 'Reject' }
        : undefined,
    success: MODERATION_MESSAGES.resource.done(action),
    failure: MODERATION_MESSAGES.resource.failed(action),
  }));
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
  const actions: RowAction[] = catalogueActions(tool.status, tool.group, orgId).map((action) => ({
    key: action,
    label: action === 'approve' ? 'Approve' : 'Reject',
    color: action === 'approve' ? 'success' : 'error',
    run: () => moderateAiTool(tool.id, action),
    confirm:
      action === 'reject'
        ? { title: 'Reject AI tool?', message: `"${tool.name}" will not show in the AI tools list.`, confirmLabel: 'Reject' }
        : undefined,
    success: MODERATION_MESSAGES.aiTool.done(action),
    failure: MODERATION_MESSAGES.aiTool.failed(action),
  }));
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
  const actions: RowAction[] = catalogueActions(item.status, item.group, orgId).map((action) => ({
    key: action,
    label: action === 'approve' ? 'Approve' : 'Reject',
    color: action === 'approve' ? 'success' : 'error',
    run: () => moderateUseCase(item.id, action),
    confirm:
      action === 'reject'
        ? { title: 'Reject use case?', message: `"${item.title}" will not show in the use cases list.`, confirmLabel: 'Reject' }
        : undefined,
    success: MODERATION_MESSAGES.useCase.done(action),
    failure: MODERATION_MESSAGES.useCase.failed(action),
  }));
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
