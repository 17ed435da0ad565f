// The staff recommendation package's selection rules (spec 002 §5, §8): at most 5 of each kind,
// with the spec's messages; the user search counts only above 1 character.

export const MAX_EACH = 5;
export const SEARCH_PAGE_SIZE = 16;
export const DEFAULT_SUBJECT = 'Your Personalized Recommendations';
export const DEFAULT_BODY =
  'Hi,\n\nWe picked a few people, groups and resources on our community that we think will help you with your next career step. Take a look and reach out if you have questions.';
export const DEFAULT_FOOTER = 'Best wishes from the community team';

export type PackageKind = 'users' | 'groups' | 'resources' | 'agent_reports';

export const LIMIT_MESSAGES: Record<PackageKind, string> = {
  users: 'You can only select up to 5 users',
  groups: 'You can only select up to 5 groups',
  resources: 'You can only select up to 5 resources',
  agent_reports: 'You cannot select more than 5 agent reports',
};

export const MSG_NO_ACCESS = 'Sorry, You do not have access to use this feature';
export const MSG_SENT = 'Email sent successfully';
export const MSG_FAILED = 'Email failed to send';
export const MSG_GROUP_FIRST = 'Recommendation types mentor, mentee and cross_group require choosing a group first';

/** Who the tool fetches from a chosen group for the member (spec 002 §7 "Recommendation fetch"). */
export type PeopleKind = 'mentor' | 'mentee' | 'cross_group';

export interface Picked {
  id: number;
  name: string;
}

/** A picker's part of the selection: what is chosen of its kind, and the toggle of one item. */
export interface Selection {
  selected: Picked[];
  onToggle: (item: Picked) => void;
}

/** A picker of the items about one member. */
export type MemberPickerProps = Selection & { memberId: number };

/** The selection after toggling `item` of `kind`, or the limit's message when it is full. */
export function toggle(selected: Picked[], item: Picked, kind: PackageKind): { next: Picked[]; error: string | null } {
  if (selected.some((s) => s.id === item.id)) return { next: selected.filter((s) => s.id !== item.id), error: null };
  if (selected.length >= MAX_EACH) return { next: selected, error: LIMIT_MESSAGES[kind] };
  return { next: [...selected, item], error: null };
}

/** The user search runs only with more than 1 character. */
export function searchable(text: string): boolean {
  return text.trim().length > 1;
}
