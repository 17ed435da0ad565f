// The CareerGPS home's rules (spec 002 §2 "CareerGPS home"): which tab comes first and the four
// numbered steps of each tab.

export type HomeTab = 'learn_ai_skills' | 'career_development';

export const HOME_TITLE = 'Unlock Your Career Potential with AI';

export const TAB_LABELS: Record<HomeTab, string> = {
  learn_ai_skills: 'Learn AI Skills',
  career_development: 'Career Development',
};

const DEFAULT_ORDER: HomeTab[] = ['learn_ai_skills', 'career_development'];

function isTab(value: string | null | undefined): value is HomeTab {
  return value === 'learn_ai_skills' || value === 'career_development';
}

/**
 * The tabs in their order; the first is the default. A focus area the person stored (one tab id;
 * 'both' leaves the choice to the site) comes before the site's `ui.primary_focus`; 'both' or
 * nothing keeps AI skills first.
 */
export function homeTabs(primaryFocus: string | null | undefined, storedFocus: string | null | undefined): HomeTab[] {
  const focus = isTab(storedFocus) ? storedFocus : isTab(primaryFocus) ? primaryFocus : null;
  if (!focus) return DEFAULT_ORDER;
  return [focus, ...DEFAULT_ORDER.filter((tab) => tab !== focus)];
}

/** Where "Advance your career" leads: the career assistant agents. */
export const ADVANCE_PATH = '/careergps?agent_type=career_assistant';
export const AIRA_PATH = '/careergps/aira';
export const INTEREST_EXPLORER_PATH = '/careergps/interest-explorer';

export interface HomeStep {
  title: string;
  text: string;
  action: string;
  /** A page to open; steps without one open the career focus areas dialog. */
  to?: string;
}

const CIRCLES: HomeStep = {
  title: 'Enroll in career circles',
  text: 'Learn with peers and a circle leader in a cohort that fits your goals.',
  action: 'Browse circles',
  to: '/circles',
};

const ADVANCE: HomeStep = {
  title: 'Advance your career',
  text: 'Get personal guidance from the career assistant on your next move.',
  action: 'Advance your career',
  to: ADVANCE_PATH,
};

export const HOME_STEPS: Record<HomeTab, HomeStep[]> = {
  learn_ai_skills: [
    {
      title: 'Take the AI Readiness Assessment',
      text: 'Find out where you stand with AI: the AIRA agent scores your awareness, your experience with AI tools and your skill at building AI solutions.',
      action: 'Start AIRA',
      to: AIRA_PATH,
    },
    {
      title: 'Select AI use cases',
      text: 'Pick the AI use cases that matter for your work and learn how to apply them.',
      action: 'Explore use cases',
      to: '/usecases',
    },
    CIRCLES,
    ADVANCE,
  ],
  career_development: [
    {
      title: 'Discover your interests',
      text: 'The Interest Explorer agent maps what you enjoy to the careers that fit you.',
      action: 'Start Interest Explorer',
      to: INTEREST_EXPLORER_PATH,
    },
    {
      title: 'Select career focus areas',
      text: 'Choose the topic areas you want to grow in and get the resources for them.',
      action: 'Choose focus areas',
    },
    CIRCLES,
    ADVANCE,
  ],
};

/** The resource hub for the chosen topic areas (ids in the order chosen). */
export function resourceHubPath(topicAreaIds: readonly number[]): string {
  return `/resourcehub?topic_areas=${topicAreaIds.join(',')}`;
}
