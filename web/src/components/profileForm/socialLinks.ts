// The social profiles a person can link (spec 000 §9 "Social profile types").
import type { ProfileFieldName } from './profileSchema';

export interface SocialLinkField {
  name: Extract<ProfileFieldName, `social_${string}`>;
  label: string;
  placeholder: string;
}

export const SOCIAL_LINK_FIELDS: readonly SocialLinkField[] = [
  { name: 'social_linkedin', label: 'LinkedIn', placeholder: 'https://www.linkedin.com/in/your-name' },
  { name: 'social_twitter', label: 'Twitter/X', placeholder: 'https://x.com/your-handle' },
  { name: 'social_google_scholar', label: 'Google Scholar', placeholder: 'https://scholar.google.com/citations?user=…' },
  { name: 'social_research_gate', label: 'ResearchGate', placeholder: 'https://www.researchgate.net/profile/Your-Name' },
  { name: 'social_orcid', label: 'ORCID', placeholder: 'https://orcid.org/0000-0000-0000-0000' },
  { name: 'social_facebook', label: 'Facebook', placeholder: 'https://www.facebook.com/your.name' },
];

/**
 * An http(s) address, or one without its scheme ("linkedin.com/in/ada"), which the server
 * completes with https://.
 */
export function isLikelyUrl(value: string): boolean {
  const text = value.trim();
  if (/\s/.test(text)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
