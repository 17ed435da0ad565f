// What the landing page shows: the tenant's configured content, with the product's default
// for any part left empty (spec 000 §1: all of it can be overridden by configuration).
import type { UiConfig } from '../../lib/config/appConfig';

type Configured = Partial<UiConfig['landing_page_content']> | null | undefined;

export interface LandingContent {
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  footerText: string;
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
}

export const DEFAULT_LANDING: LandingContent = {
  title: 'Grow your career in the age of AI',
  description:
    'Join a community of professionals, students and organizations. Learn AI skills in cohort circles, meet people at events, find your next job and get guidance from an AI career assistant.',
  ctaText: 'Get Started',
  ctaUrl: '/login',
  footerText: 'Learn together. Grow together.',
  videoUrl: null,
  videoThumbnailUrl: null,
};

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function landingContent(configured: Configured): LandingContent {
  return {
    title: text(configured?.title) ?? DEFAULT_LANDING.title,
    description: text(configured?.description) ?? DEFAULT_LANDING.description,
    ctaText: text(configured?.cta_text) ?? DEFAULT_LANDING.ctaText,
    ctaUrl: text(configured?.cta_url) ?? DEFAULT_LANDING.ctaUrl,
    footerText: text(configured?.footer_text) ?? DEFAULT_LANDING.footerText,
    videoUrl: text(configured?.video_url),
    videoThumbnailUrl: text(configured?.video_thumbnail_url),
  };
}

/** Links that leave the app (another site, mail, phone) are plain anchors; the rest are routes. */
export function isExternalUrl(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}
