// Pure group rules for the screens: who administers, labels, lifecycle, join control state
// (spec 001 §4, §6). No I/O.
import type { Group, GroupType, Lifecycle, LifecycleStatus } from './types';
import { dayLabel } from '../dates';

/** Admin and leader are treated as administrators (spec 001 §6). */
export const ADMIN_ROLES = ['admin', 'leader'] as const;
/** The roles an administrator gives through Add member (members.rs add-member, decisions "Group membership"). */
export const GROUP_ROLES = ['admin', 'leader', 'facilitator', 'member'] as const;
export const EVENT_ROLES = ['admin', 'attendee', 'presenter', 'volunteer'] as const;
/** The roles a person picks when registering for an event (the join call takes only these). */
export const EVENT_REGISTRATION_ROLES = ['attendee', 'presenter'] as const;

/** Add member's role choices for a group of this type. */
export function managedRoles(type: GroupType | string): readonly string[] {
  return type === 'event' ? EVENT_ROLES : GROUP_ROLES;
}

export function isAdministrator(group: Pick<Group, 'is_administrator' | 'role' | 'membership_status'>): boolean {
  if (group.is_administrator) return true;
  return group.membership_status === 'accepted' && (ADMIN_ROLES as readonly string[]).includes(group.role ?? '');
}

/** The address of a group's page: /circle/{slug}, /event/{slug}, /org/{slug} for the rest. */
export function groupPath(group: Pick<Group, 'group_type' | 'name_slug'>): string {
  const slug = encodeURIComponent(group.name_slug);
  if (group.group_type === 'circle') return `/circle/${slug}`;
  if (group.group_type === 'event') return `/event/${slug}`;
  return `/org/${slug}`;
}

/** The word for a group type in messages: circle, event, organization, institution. */
export function typeWord(type: GroupType | string): string {
  return type;
}

export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The six lifecycle steps in order (key 1 to 6), with the server's names and the labels shown. */
export const LIFECYCLE: { status: LifecycleStatus; name: string; label: string }[] = [
  { status: 'application_opening_soon', name: 'Application Opening Soon', label: 'Upcoming' },
  { status: 'application_open', name: 'Application Open', label: 'Registration Open' },
  { status: 'application_closed', name: 'Application Closed', label: 'Registration Closed' },
  { status: 'running', name: 'Running', label: 'Running' },
  { status: 'closed', name: 'Closed', label: 'Closed' },
  { status: 'archived', name: 'Archived', label: 'Archived' },
];

/** Status filter choices 1..6 (spec 001 §4). */
export const LIFECYCLE_CHOICES = LIFECYCLE.map((item, index) => ({ value: String(index + 1), label: item.label }));

const DAY = 24 * 60 * 60 * 1000;

function parseDate(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : time;
}

/**
 * The lifecycle of a circle or event from its dates (spec 001 §4), used when the server
 * sends none. A date's whole day counts (a close date of today is still open). Applications
 * are taken as the server takes them (domain::groups::lifecycle): from the open date (or
 * always, without one) to the close date, else the end date, and never after the end.
 */
export function lifecycleFromDates(
  group: Pick<Group, 'application_open_date' | 'application_close_date' | 'start_date' | 'end_date'>,
  now: number = Date.now(),
): Lifecycle | null {
  const open = parseDate(group.application_open_date);
  const close = parseDate(group.application_close_date);
  const start = parseDate(group.start_date);
  const end = parseDate(group.end_date);
  if (open === null && close === null && start === null && end === null) return null;
  let index: number;
  if (end !== null && now >= end + DAY + 90 * DAY) index = 5;
  else if (end !== null && now >= end + DAY) index = 4;
  else if (start !== null && now >= start) index = 3;
  else if (close !== null && now >= close + DAY) index = 2;
  else if (open !== null && now < open) index = 0;
  else index = 1;
  const item = LIFECYCLE[index]!;
  const hasEnded = index >= 4;
  const lastDay = close ?? end;
  const opened = open === null || now >= open;
  const notClosed = lastDay === null || now < lastDay + DAY;
  return {
    key: index + 1,
    status: item.status,
    name: item.name,
    label: item.label,
    accepts_applications: opened && notClosed && !hasEnded,
    has_ended: hasEnded,
  };
}

export function lifecycleOf(group: Group, now?: number): Lifecycle | null {
  return group.lifecycle ?? lifecycleFromDates(group, now);
}

export function hasEnded(group: Group, now?: number): boolean {
  return Boolean(lifecycleOf(group, now)?.has_ended);
}

/** Full when the server says so, or the accepted members reached maximum_size. */
export function isFull(group: Group): boolean {
  if (group.is_full) return true;
  return group.maximum_size !== null && group.maximum_size > 0 && group.total_members >= group.maximum_size;
}

export type JoinState =
  | { kind: 'hidden' }
  /** Not taking applications now (before the window or after it): a status line instead of Join. */
  | { kind: 'closed'; status: string }
  | { kind: 'join'; label: 'Join' | 'Register'; full: boolean; conference: boolean; hasQuestions: boolean }
  | { kind: 'pending'; label: 'Registration Submitted' | 'Applied to join'; waitlisted: boolean }
  | { kind: 'accepted'; label: string };

/** Circles and events take applications only in their window (organizations at any time). */
function isProgram(group: Pick<Group, 'group_type'>): boolean {
  return group.group_type === 'circle' || group.group_type === 'event';
}

/**
 * Why a circle or event takes no applications today, as a short line: 'Applications open
 * {date}' ('Registration opens {date}' for events) before the window, 'Registration Closed'
 * after it. Null while it takes them.
 */
export function applicationStatus(group: Group, now?: number): string | null {
  const lifecycle = lifecycleOf(group, now);
  if (!lifecycle || lifecycle.accepts_applications) return null;
  if (lifecycle.status === 'application_opening_soon') {
    const opens = formatDate(group.application_open_date);
    if (group.group_type === 'event') return opens ? `Registration opens ${opens}` : 'Registration opens soon';
    return opens ? `Applications open ${opens}` : 'Applications open soon';
  }
  return 'Registration Closed';
}

/**
 * The join control of a circle or event (spec 001 §4 "Membership"): Join (Register for
 * events) for non-members and rejected users; the pending label with Cancel request; the
 * role name (default Member) with Leave. Joining is not offered when the group has ended, is
 * paid (paid groups use the pay flow), its publicity is not open, or it is an influencer's;
 * outside a circle's or event's application window (the server's
 * `lifecycle.accepts_applications`) a status line replaces it, since the server would refuse
 * ('Applications are not open for this {type}.').
 */
export function joinState(group: Group, now?: number): JoinState {
  if (group.is_influencer) return { kind: 'hidden' };
  const isEvent = group.group_type === 'event';
  if (group.membership_status === 'pending') {
    return { kind: 'pending', label: isEvent ? 'Registration Submitted' : 'Applied to join', waitlisted: Boolean(group.waitlisted) };
  }
  if (group.membership_status === 'accepted') {
    return { kind: 'accepted', label: capitalize(group.role || 'member') };
  }
  if (hasEnded(group, now) || group.is_paid || group.publicity !== 'open') return { kind: 'hidden' };
  if (isProgram(group)) {
    const status = applicationStatus(group, now);
    if (status) return { kind: 'closed', status };
  }
  return {
    kind: 'join',
    label: isEvent ? 'Register' : 'Join',
    full: isFull(group),
    conference: isEvent && group.event_type === 'conference',
    hasQuestions: (group.extra_info?.questions?.length ?? 0) > 0,
  };
}

export function formatDate(value: string | null | undefined): string | null {
  const time = parseDate(value);
  if (time === null) return null;
  return dayLabel(time);
}

export function dateRange(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = formatDate(from);
  const b = formatDate(to);
  if (a && b) return `${a} – ${b}`;
  return a ?? b;
}

/** "$49.00" from the decimal string; null when there is no price. */
export function formatPrice(price: string | null | undefined): string | null {
  if (price === null || price === undefined || price === '') return null;
  const amount = Number(price);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return `$${amount.toFixed(2)}`;
}

/** Payment status as applicant tables show it: pending is 'submitted' (spec 001 §4). */
export function paymentLabel(status: string | null | undefined): string {
  if (!status) return '—';
  return status === 'pending' ? 'submitted' : status;
}

export type OrgTab = { path: string; label: string };

/**
 * The organization page's tabs (spec 001 §2): shown to signed-in users who are accepted
 * members or administrators, or on an influencer's page. An influencer has Overview and AI
 * Impact only. Donate only when the organization has donation options; Job Board only when
 * the app configuration turns the job menu on.
 */
export function orgTabs(group: Group, signedIn: boolean, showJobMenu = false): OrgTab[] {
  if (group.is_influencer) {
    return [
      { path: '', label: 'Overview' },
      { path: 'impact', label: 'AI Impact' },
    ];
  }
  if (!signedIn) return [];
  if (group.membership_status !== 'accepted' && !isAdministrator(group)) return [];
  return [
    { path: '', label: 'Overview' },
    { path: 'people', label: 'People' },
    { path: 'circles', label: 'Circles' },
    { path: 'events', label: 'Events' },
    { path: 'resources', label: 'Resources' },
    { path: 'posts', label: 'Posts' },
    ...((group.donation_details?.length ?? 0) > 0 ? [{ path: 'donate', label: 'Donate' }] : []),
    ...(showJobMenu ? [{ path: 'jobs', label: 'Job Board' }] : []),
  ];
}

/** Circle and event tabs (spec 001 §2): only for signed-in users; Admin for administrators; none for external events. */
export function detailTabs(group: Group, signedIn: boolean): OrgTab[] {
  if (!signedIn) return [];
  if (group.group_type === 'event' && group.extra_info?.is_external) return [];
  const tabs = [
    { path: '', label: 'Overview' },
    { path: 'people', label: 'People' },
    { path: 'resources', label: 'Resources' },
    { path: 'posts', label: 'Posts' },
  ];
  if (isAdministrator(group)) tabs.push({ path: 'admin', label: 'Admin' });
  return tabs;
}

/** Invites are offered to administrators and accepted members unless the group has ended (spec 001 §6). */
export function canInvite(group: Group, now?: number): boolean {
  if (isAdministrator(group)) return true;
  return group.membership_status === 'accepted' && !hasEnded(group, now);
}

/**
 * Who may create under an organization (spec 001 §6): events need an administrator with a
 * certified group profile; circles need leadership certification details on the profile.
 */
export function canCreateChild(
  type: 'circle' | 'event',
  group: Group,
  identity: { group_profile?: { is_certified?: boolean | null } | null; profile?: { leadership_certification_details?: unknown } } | undefined,
): boolean {
  if (!identity) return false;
  if (type === 'event') return isAdministrator(group) && Boolean(identity.group_profile?.is_certified);
  const details = identity.profile?.leadership_certification_details;
  const certified = Boolean(details && typeof details === 'object' && Object.keys(details).length > 0);
  return certified || (isAdministrator(group) && Boolean(identity.group_profile?.is_certified));
}
