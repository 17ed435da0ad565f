// PATCH /api/v1/users/profile/: the one update call for every registration-form field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { identityKey } from '../auth/identity';
import type { ProfileOrigin, ProfileUpdate, UserProfile } from './types';

export interface ProfileUpdateAnswer {
  data: UserProfile;
  message?: string | null;
}

type ProfilePatch = components['schemas']['ProfilePatch'];

/** ProfilePatch fields the document leaves untyped (`Object`). */
type UntypedPatchFields = 'institution' | 'skills' | 'topics';

/**
 * The update as the documented ProfilePatch: every other field must fit as the document types it.
 * SCHEMA-GAP: PATCH /api/v1/users/profile/ ProfilePatch.institution (an id or a new name) and
 * skills/topics (ids, {id, name} or {name}) are documented as untyped objects (Record<string, never>).
 */
function toProfilePatch(body: ProfileUpdate & { origin: ProfileOrigin }): ProfilePatch {
  const checked: Omit<ProfilePatch, UntypedPatchFields> & Pick<ProfileUpdate, UntypedPatchFields> = body;
  return checked as unknown as ProfilePatch;
}

/** Sends the changed fields with their origin ('registration-flow' from the wizard, else 'other'). */
export function updateProfile(patch: ProfileUpdate, origin: ProfileOrigin = 'other'): Promise<ProfileUpdateAnswer> {
  return unwrap(api.PATCH('/api/v1/users/profile/', { body: toProfilePatch({ ...patch, origin }) }));
}

/** The query keys a profile write makes stale: the identity and every profile page. */
export const PROFILE_PAGE_KEY = ['user-profile'] as const;

/**
 * The update as a mutation. It is silent: the form shows the errors on its fields with
 * `applyServerErrors` (fallback text 'Could not update profile'). On success the identity and
 * the profile pages are refetched.
 */
export function useUpdateProfile(origin: ProfileOrigin = 'other') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) => updateProfile(patch, origin),
    meta: { silent: true },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: identityKey }),
        client.invalidateQueries({ queryKey: PROFILE_PAGE_KEY }),
      ]);
    },
  });
}
