// The career tips' rules (spec 002 §3 "Career tip", §7): 15 a page, content required and at
// most 5,000 characters of text (the server's limits and messages), the author's name and
// profile link, and which tab a viewer sees.
import { textOf } from './contentRules';

export const TIP_PAGE_SIZE = 15;
export const TIP_MAX_CHARS = 5000;

export const TIP_MESSAGES = {
  required: 'Required',
  tooLong: `Ensure this field has no more than ${TIP_MAX_CHARS} characters.`,
  empty: 'No career tips found',
  emptyMine: 'You have not shared a career tip yet',
  emptyPending: 'No career tips waiting for review',
  saveFailed: 'Could not save the career tip',
  deleteFailed: 'Could not delete at this moment.',
  deleted: 'Career tip deleted',
  created: 'Career tip shared: it shows once a moderator approves it',
  updated: 'Career tip updated',
  moderateFailed: (action: 'approve' | 'reject') => `Failed to ${action} career tip`,
  notFound: 'Career tip not found.',
} as const;

export function validateTip(content: string): { content?: string } {
  const text = textOf(content);
  if (!text) return { content: TIP_MESSAGES.required };
  if ([...text].length > TIP_MAX_CHARS) return { content: TIP_MESSAGES.tooLong };
  return {};
}

interface AuthorLike {
  created_by?: { profile?: { first_name?: string | null; last_name?: string | null; name_slug?: string | null } | null } | null;
}

export function tipAuthorName(tip: AuthorLike): string {
  const profile = tip.created_by?.profile;
  const name = `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`.trim();
  return name || 'Member';
}

/** The author's profile page, when the author has one. */
export function tipAuthorLink(tip: AuthorLike): string | null {
  const slug = tip.created_by?.profile?.name_slug;
  return slug ? `/profile/${slug}` : null;
}

/** The first words of a tip, for its card's accessible name. */
export function tipSummary(html: string, words = 8): string {
  const all = textOf(html).split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

export type TipTab = 'all' | 'mine' | 'review';

/** The tabs of /career-tips: everyone sees All; members their own; moderators the review queue. */
export function tipTabs(signedIn: boolean, moderator: boolean): TipTab[] {
  const tabs: TipTab[] = ['all'];
  if (signedIn) tabs.push('mine');
  if (signedIn && moderator) tabs.push('review');
  return tabs;
}

export const TIP_TAB_LABELS: Record<TipTab, string> = { all: 'All tips', mine: 'My tips', review: 'To review' };

/** Only approved tips take votes (the server refuses the others). */
export function votable(tip: { status: string }): boolean {
  return tip.status === 'approved';
}
