// What the profile layout hands to its tab pages.
import { useOutletContext } from 'react-router';
import type { Identity } from '../../lib/auth/identity';
import type { ProfilePage } from './api/types';

export interface Viewer {
  identity: Identity | undefined;
  signedIn: boolean;
  /** The profile is the viewer's own. */
  isOwner: boolean;
  /** Staff looking at someone else's profile. */
  isStaffVisitor: boolean;
}

/** The sections of the edit dialog (spec 000 §2 "Profile edit dialog sections"). */
export type EditSection = 'career' | 'personal' | 'social' | 'uploads' | 'account';

export interface ProfileContext {
  profile: ProfilePage;
  viewer: Viewer;
  /** Opens the owner's edit dialog at a section. */
  openEditor: (section?: EditSection) => void;
}

export function viewerOf(profile: ProfilePage, identity: Identity | undefined, signedIn: boolean): Viewer {
  const isOwner = Boolean(identity && identity.id === profile.id);
  return { identity, signedIn, isOwner, isStaffVisitor: Boolean(identity?.is_staff && !isOwner) };
}

export function useProfileContext(): ProfileContext {
  return useOutletContext<ProfileContext>();
}

export interface ProfileTab {
  label: string;
  /** The sub-path under /profile/{slug}/ ('' for the index). */
  path: string;
}

/**
 * The tabs (spec 000 §2 "Profile page"): About, Career Tree, Education and Learning and
 * Career Circles; Account on one's own profile; influencers show About and Learn from {name}.
 */
export function profileTabs(profile: ProfilePage, viewer: Viewer): ProfileTab[] {
  const tabs: ProfileTab[] = profile.is_influencer
    ? [
        { label: 'About', path: '' },
        { label: `Learn from ${profile.first_name}`, path: 'career-advice' },
      ]
    : [
        { label: 'About', path: '' },
        { label: 'Career Tree', path: 'experience' },
        { label: 'Education and Learning', path: 'education' },
        { label: 'Career Circles', path: 'connections' },
      ];
  if (viewer.isOwner) tabs.push({ label: 'Account', path: 'account' });
  return tabs;
}
