// Portal preferences (spec 000 §2 "Portal preferences", §6 current_role persona): the persona
// (a current_roles value, or none for 'Not Set (All)') and the focus area, kept on the client;
// a chosen persona is also saved as the profile's current_role.
import type { Identity } from '../../lib/auth/identity';
import { getPortal, getRole, setPortal, setRole } from '../../lib/session';
import { updateProfile } from '../../lib/profile/updateProfile';

export type PortalFocus = 'learn_ai_skills' | 'career_development' | 'both';

export const FOCUS_OPTIONS: { value: PortalFocus; label: string; text: string }[] = [
  { value: 'learn_ai_skills', label: 'Learn AI skills', text: 'AI tools, use cases and circles that teach them.' },
  { value: 'career_development', label: 'Career development', text: 'Jobs, career tips, mentors and the career assistant.' },
  { value: 'both', label: 'Both AI & Career', text: 'Everything, balanced between the two.' },
];

export const NOT_SET_LABEL = 'Not Set (All)';
export const SAVED_MESSAGE = 'Preferences updated successfully! Your portal will now reflect these changes.';
export const SAVE_FAILED_MESSAGE = 'Failed to update profile';

export interface PortalPreferences {
  /** A current_roles value; null for 'Not Set (All)'. */
  persona: number | null;
  focus: PortalFocus;
}

function isFocus(value: string | null): value is PortalFocus {
  return value === 'learn_ai_skills' || value === 'career_development' || value === 'both';
}

/** What is chosen now: the stored role, else the profile's current role; the stored focus, else both. */
export function currentPreferences(identity: Identity | undefined): PortalPreferences {
  const stored = getRole();
  const role = stored !== null && /^\d+$/.test(stored) ? Number(stored) : (identity?.group_profile?.current_role ?? null);
  const portal = getPortal();
  return { persona: role, focus: isFocus(portal) ? portal : 'both' };
}

/**
 * Stores the choice on the client and, when a persona is chosen and the user has a group profile,
 * sends it as current_role. Without a group profile there is nothing to update yet: the
 * registration wizard starts from the stored persona when it creates one.
 */
export async function savePreferences(preferences: PortalPreferences, identity: Identity | undefined): Promise<void> {
  if (preferences.persona !== null && identity?.group_profile) {
    await updateProfile({ current_role: preferences.persona }, 'other');
  }
  setRole(preferences.persona === null ? null : String(preferences.persona));
  setPortal(preferences.focus);
}
