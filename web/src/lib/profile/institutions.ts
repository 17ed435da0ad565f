// Institutions on the profile. There is no institution search call yet, so the picker takes a
// known institution (id and name) or the name of a new one, which the server finds (same name,
// any case) or creates as a group of type institution.
import type { ProfileDetails } from './types';

/** An existing institution (`id` set) or a name typed by the user (`id` null). */
export interface InstitutionValue {
  id: number | null;
  name: string;
}

/** The institution as the profile update takes it: the id, or the new name. */
export function institutionPayload(value: InstitutionValue | null | undefined): number | string | null {
  if (!value) return null;
  if (value.id !== null) return value.id;
  const name = value.name.trim();
  return name ? name : null;
}

/** The profile's institution as a picker value. */
export function institutionFromProfile(
  profile: Pick<Partial<ProfileDetails>, 'institution' | 'institution_detailed' | 'institution_name'> | null | undefined,
): InstitutionValue | null {
  if (!profile) return null;
  const name = profile.institution_detailed?.name ?? profile.institution_name ?? '';
  if (profile.institution != null) return { id: profile.institution, name };
  return name ? { id: null, name } : null;
}
