// What the About tab derives from the profile page object.
import { useAppConfig } from '../../../../lib/config/appConfig';
import type { ProfileDetails, ProfilePage } from '../../api/types';
import { optionLabel } from '../../profileFormat';

export interface Labelled {
  label: string;
  value: string;
}

/** Career focus areas: the person's role, stage, field and wanted services, as labelled in the configuration. */
export function useFocusAreas(profile: ProfilePage): Labelled[] {
  const { options } = useAppConfig();
  const group = profile.group_profile;
  const rows: { label: string; value: string | null }[] = [
    { label: 'Current role', value: optionLabel(options.current_roles, group?.current_role) },
    { label: 'Job function', value: optionLabel(options.job_functions, group?.job_function) },
    { label: 'Career stage', value: optionLabel(options.career_stages, group?.career_stage) },
    {
      label: 'Professional field',
      value:
        group?.professional_field === 0 && group.extra_info.professional_field_extra
          ? group.extra_info.professional_field_extra
          : optionLabel(options.professional_fields, group?.professional_field),
    },
    {
      label: 'Interested in',
      value:
        profile.profile.interested_services
          .map((value) => optionLabel(options.interested_services, value))
          .filter(Boolean)
          .join(', ') || null,
    },
  ];
  return rows.filter((row): row is Labelled => Boolean(row.value));
}

const NETWORKS: { key: keyof ProfileDetails; label: string }[] = [
  { key: 'social_linkedin', label: 'LinkedIn' },
  { key: 'social_twitter', label: 'Twitter/X' },
  { key: 'social_google_scholar', label: 'Google Scholar' },
  { key: 'social_research_gate', label: 'ResearchGate' },
  { key: 'social_orcid', label: 'ORCID' },
  { key: 'social_facebook', label: 'Facebook' },
];

/** The social profiles a person has linked (spec 000 §9 "Social profile types"). */
export function socialLinksOf(profile: ProfileDetails): { label: string; url: string }[] {
  return NETWORKS.flatMap(({ key, label }) => {
    const url = profile[key];
    return typeof url === 'string' && /^https?:\/\//i.test(url) ? [{ label, url }] : [];
  });
}
