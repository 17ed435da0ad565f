// The admin item tables' rules (spec 002 §4 "Moderation statuses", §8, §9): which status
// tab the address selects, the page sizes, which moderation actions an item offers, the
// chips shown, and the messages.
import { dayLabel } from '../../../lib/dates';

/** Admin tables: 10 a page by default, with these choices (spec 002 §9). */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 500] as const;

/** Admin chips: the first 2, then +N (spec 002 §9). */
export const ADMIN_CHIPS = 2;

export interface StatusTab {
  value: string;
  label: string;
}

/** Resources, AI tools and use cases (spec 002 §4). */
export const MODERATION_TABS: StatusTab[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** Jobs by job_status: approved shows Published, otherwise Draft (spec 002 §4). */
export const JOB_TABS: StatusTab[] = [
  { value: 'pending', label: 'Draft' },
  { value: 'approved', label: 'Published' },
];

/** The tab the address selects (`?status=pending` from the overview's todo cards), else the first. */
export function readStatus(params: URLSearchParams, tabs: StatusTab[]): string {
  const asked = params.get('status')?.trim();
  return tabs.find((tab) => tab.value === asked)?.value ?? tabs[0]?.value ?? '';
}

/** The page size in the address when it is one of the choices, else the default. */
export function readPageSize(params: URLSearchParams): number {
  const asked = Number(params.get('page_size'));
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(asked) ? asked : DEFAULT_PAGE_SIZE;
}

/** The chips a row shows and how many more there are. */
export function splitChips(names: string[], shown = ADMIN_CHIPS): { shown: string[]; more: number } {
  const clean = names.filter((name) => name.trim() !== '');
  return { shown: clean.slice(0, shown), more: Math.max(0, clean.length - shown) };
}

export type Moderation = 'approve' | 'reject';

/**
 * AI tools and use cases: approve on pending or rejected ones, reject only on pending ones,
 * and only for items of the admin's default organization (spec 002 §4).
 */
export function catalogueActions(status: string, group: number | null | undefined, orgId: number | undefined): Moderation[] {
  if (orgId === undefined || group !== orgId) return [];
  const actions: Moderation[] = [];
  if (status === 'pending' || status === 'rejected') actions.push('approve');
  if (status === 'pending') actions.push('reject');
  return actions;
}

/** Resources: approve or reject while not approved, for those who moderate them (spec 002 §4). */
export function resourceActions(status: string, canModerate: boolean): Moderation[] {
  return canModerate && status !== 'approved' ? ['approve', 'reject'] : [];
}

/** 'Published' or 'Draft', with '(Expired)' after an expired close date (spec 002 §4). */
export function jobStatusLabel(jobStatus: string, expired: boolean): string {
  const label = jobStatus === 'approved' ? 'Published' : 'Draft';
  return expired ? `${label} (Expired)` : label;
}

const past = (action: Moderation) => (action === 'approve' ? 'approved' : 'rejected');

/** The moderation toasts of each area (spec 002 §8). */
export const MODERATION_MESSAGES = {
  resource: {
    done: (action: Moderation) => `Resource ${past(action)} successfully`,
    failed: (action: Moderation) => `Failed to ${action} resource`,
  },
  aiTool: {
    done: (action: Moderation) => `Successfully ${past(action)} AI tool`,
    failed: (action: Moderation) => `Failed to ${action} AI Tool`,
  },
  useCase: {
    done: (action: Moderation) => `Successfully ${past(action)} use case`,
    failed: (action: Moderation) => `Failed to ${action} use case`,
  },
} as const;

/** The job table's toasts. */
export const JOB_MESSAGES = {
  published: 'Job published successfully',
  unpublished: 'Job moved back to draft',
  deleted: 'Job deleted successfully',
  publishFailed: 'Could not publish job',
  unpublishFailed: 'Could not move job to draft',
  deleteFailed: 'Could not delete job',
} as const;

export const RESOURCE_DELETE_MESSAGES = {
  deleted: 'Resource deleted successfully',
  failed: 'Could not delete at this moment.',
} as const;

/** 'Mar 3, 2027' for an ISO time. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return dayLabel(date.getTime());
}
