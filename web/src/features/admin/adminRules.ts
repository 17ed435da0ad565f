// The admin dashboard's rules (spec 002 §2 "Admin dashboard", §4 "Moderation statuses",
// §9 page sizes): the member tabs, verification labels, to-do links and page sizes.
import type { components } from '../../lib/api/schema';


/** The members table's page sizes (spec 002 §9: members 50, options 5, 25, 50, 100, 500). */
export const MEMBER_PAGE_SIZE = 50;
export const PAGE_SIZE_OPTIONS = [5, 25, 50, 100, 500] as const;

/** How many filters show before 'More filters': 3 under 600 px, 7 otherwise (spec 002 §2). */
export const NARROW_QUERY = '(max-width:599.95px)';
export function visibleFilters(narrow: boolean): number {
  return narrow ? 3 : 7;
}

export type MemberTab = 'accepted' | 'pending' | 'rejected' | 'unverified';
export const MEMBER_TABS: { value: MemberTab; label: string }[] = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'unverified', label: 'Unverified' },
];

export function readTab(raw: string | null): MemberTab {
  return MEMBER_TABS.some((tab) => tab.value === raw) ? (raw as MemberTab) : 'accepted';
}

/** The members call's status filter for a tab: unverified is accepted with an unverified e-mail. */
export function tabQuery(tab: MemberTab): { status: 'accepted' | 'pending' | 'rejected'; is_verified?: boolean } {
  return tab === 'unverified' ? { status: 'accepted', is_verified: false } : { status: tab };
}

export function readPageSize(raw: string | null): number {
  const size = Number(raw);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : MEMBER_PAGE_SIZE;
}

/** Verification labels (spec 002 §4): accepted Authentic, rejected Suspicious, pending Pending Verification. */
export function verificationLabel(status: string | null | undefined): string | null {
  switch (status) {
    case 'accepted':
    case 'accept':
      return 'Authentic';
    case 'rejected':
    case 'reject':
      return 'Suspicious';
    case 'pending':
    case 'review':
      return 'Pending Verification';
    default:
      return null;
  }
}

export function verificationColor(label: string | null): 'success' | 'error' | 'warning' | 'default' {
  if (label === 'Authentic') return 'success';
  if (label === 'Suspicious') return 'error';
  if (label === 'Pending Verification') return 'warning';
  return 'default';
}

/** The agent answer filters' choices. */
export const AGENT_ACTIONS = [
  { value: 'accept', label: 'Accept' },
  { value: 'reject', label: 'Reject' },
  { value: 'review', label: 'Review' },
];
export const ENTHUSIASM_LEVELS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

/** `agent_response` as the members call takes it: a JSON object, or nothing. */
export function agentResponseParam(action: string | null, level: string | null): string | undefined {
  const answer: Record<string, string> = {};
  if (action) answer.action = action;
  if (level) answer.ai_enthusiasm_level = level;
  return Object.keys(answer).length ? JSON.stringify(answer) : undefined;
}

/** The overview's to-do cards (spec 002 §2): each links to its table's pending tab. */
export type TodoKind = 'members' | 'jobs' | 'resources' | 'ai-tools' | 'usecases';
/** GET /groups/metrics/ data (pending_members_count: what the Members page's Pending tab lists). */
export type Metrics = components['schemas']['Metrics'];

export interface Todo {
  kind: TodoKind;
  label: string;
  count: number;
  to: string;
}

export function todoLink(kind: TodoKind): string {
  return `/admin-dashboard/${kind}?status=pending`;
}

/** The to-do cards; jobs only when the job menu is on. */
export function todos(metrics: Metrics, showJobs: boolean): Todo[] {
  const all: Todo[] = [
    {
      kind: 'members',
      label: 'Pending members',
      count: metrics.pending_members_count ?? metrics.total_pending_members,
      to: todoLink('members'),
    },
    { kind: 'jobs', label: 'Draft jobs', count: metrics.total_pending_jobs ?? 0, to: todoLink('jobs') },
    { kind: 'resources', label: 'Pending resources', count: metrics.total_pending_resources ?? 0, to: todoLink('resources') },
    { kind: 'ai-tools', label: 'Pending AI tools', count: metrics.total_pending_ai_tools ?? 0, to: todoLink('ai-tools') },
    { kind: 'usecases', label: 'Pending use cases', count: metrics.total_pending_use_cases ?? 0, to: todoLink('usecases') },
  ];
  return showJobs ? all : all.filter((todo) => todo.kind !== 'jobs');
}

/** 'Members accepted successfully' / 'Could not accept members' (spec 002 §8). */
export function bulkMessages(action: 'accept' | 'reject'): { done: string; failed: string } {
  return { done: `Members ${action}ed successfully`, failed: `Could not ${action} members` };
}

/** The overview's and to-do list's card grid: one, two, then three a row. */
export const cardGridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(1, minmax(0, 1fr))', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

const AUDIT_ACTION_LABELS: Record<string, string> = {
  accept: 'Accepted',
  reject: 'Rejected',
  remove: 'Removed',
  payment_accept: 'Marked as paid',
  payment_reject: 'Marked as unpaid',
  approve: 'Approved',
  publish: 'Published',
  unpublish: 'Moved back to draft',
  applicants_accepted: 'Accepted applicants',
  applicants_rejected: 'Rejected applicants',
  config_change: 'Changed the configuration',
};

/** An audit row's action for people: 'Accepted', 'Marked as paid', … (unknown ones as sent). */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action.replace(/_/g, ' ');
}

export interface AdminMenuItem {
  to: string;
  label: string;
  /** Active on this path only (the overview). */
  end?: boolean;
}

/** The admin side menu; Jobs only when the job menu is on (spec 000 §2). */
export function adminMenu(showJobs: boolean): AdminMenuItem[] {
  const items: AdminMenuItem[] = [
    { to: '/admin-dashboard', label: 'Overview', end: true },
    { to: '/admin-dashboard/members', label: 'Members' },
    { to: '/admin-dashboard/analytics', label: 'Analytics' },
    { to: '/admin-dashboard/jobs', label: 'Jobs' },
    { to: '/admin-dashboard/resources', label: 'Resources' },
    { to: '/admin-dashboard/ai-tools', label: 'AI tools' },
    { to: '/admin-dashboard/usecases', label: 'Use cases' },
    { to: '/admin-dashboard/todos', label: 'Todos' },
    { to: '/admin-dashboard/feedback', label: 'Feedback' },
  ];
  return showJobs ? items : items.filter((item) => item.label !== 'Jobs');
}

export const MSG_METRICS_FAILED = 'Failed to fetch metrics';
