import type { AppConfig } from '../lib/config/appConfig';
import type { Identity } from '../lib/auth/identity';
import type { AuthConfig } from '../features/auth/api';
import type { GroupProfile } from '../lib/profile/types';
import { DEFAULT_COLOURS } from '../lib/theme';
import type { components } from '../lib/api/schema';

/** A configuration as the server sends it, with overrides for a test. */
export function configFixture(overrides: { ui?: Partial<AppConfig['ui']>; organization?: Partial<AppConfig['organization']> } = {}): AppConfig {
  const base: AppConfig = {
    agents: {
      profile_completion_threshold: 60,
      usage_limits: {
        careergps: { members: null, premium_members: null },
        career_assistant: { members: null, premium_members: null },
      },
    },
    organization: {
      id: 1,
      name: 'Waypoint Demo',
      name_slug: 'waypoint-demo',
      logo: null,
      domain: 'localhost',
      description: 'A community',
      membership_type: null,
    },
    options: {
      career_stages: [{ value: 1, label: 'High school student' }],
      current_roles: [{ value: 1, label: 'High school student' }],
      professional_fields: [],
      interested_services: [],
      organization_types: [],
      reason_to_join: [],
      career_commitment: [],
      career_reason_map: {},
      role_stage_map: {},
      job_functions: [],
      colleges: [],
      departments: [],
      aitool_categories: [],
      usecase_categories: [],
    },
    ui: {
      show_job_menu: true,
      show_connect_menu: true,
      show_institutional_registration_screen: false,
      show_location_in_navbar: false,
      landing_page_content: {
        title: 'Grow your career in the age of AI',
        description: 'Join a community of professionals.',
        cta_url: '/login',
        cta_text: 'Get Started',
        video_url: null,
        video_thumbnail_url: null,
        footer_text: 'Learn together. Grow together.',
      },
      primary_focus: 'both',
      filter_order: {},
      registration_speed: null,
      // The product's own palette, as a site that has not changed it sends it.
      theme: { ...DEFAULT_COLOURS },
      host_variant: 'standard',
      show_powered_by: true,
    },
    ama_user_default_prompts: { by_location: [], by_career_stage: [] },
  };
  return {
    ...base,
    organization: { ...base.organization, ...overrides.organization },
    ui: { ...base.ui, ...overrides.ui },
  };
}

/** What a test changes of the identity; `profile` is merged into the fixture's profile. */
export type IdentityOverrides = Partial<Omit<Identity, 'profile'>> & { profile?: Partial<Identity['profile']> };

/**
 * The signed-in user as GET /api/v1/identity/ answers (every field the document requires),
 * with overrides for a test: a registered, verified member with an empty profile, on a paid
 * plan whose only perk is the assistant (no banner, no card, no discount, no one-to-one chat).
 */
export function identityFixture(overrides: IdentityOverrides = {}): Identity {
  const { profile, ...rest } = overrides;
  return {
    id: 7,
    first_name: 'Maria',
    last_name: 'Lopez',
    is_verified: true,
    is_trial_user: false,
    is_staff: false,
    is_influencer: false,
    followed: false,
    joined_at: '2026-01-05T09:00:00Z',
    unread_notifications_count: 0,
    membership_status: 'accepted',
    membership_card: null,
    organization: { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', domain: 'localhost', membership_role: 'member' },
    switchable_orgs: [],
    user_subscription: {
      applied_membership_tier: 'Member',
      can_create_membership_card: false,
      can_use_premium_agents: false,
      can_view_premium_resources: false,
      circle_discount_percent: 0,
      individual_subscription: true,
      institutional_subscription: false,
      is_institutional_membership: false,
      one_to_one_chat: false,
      payment_status: null,
      subscription_tier: 1,
      use_ama: true,
    },
    profile: {
      id: 70,
      user: 7,
      email: 'maria@example.com',
      alternate_email: null,
      is_alternate_email_verified: false,
      name_slug: 'maria-lopez',
      completion_percent: 0,
      interested_services: [],
      languages: [],
      skills: [],
      skills_detailed: [],
      topics: [],
      topics_detailed: [],
      ...profile,
    },
    // A registered user: the registration wizard has stored the group profile.
    group_profile: groupProfileFixture(),
    work_experiences: [],
    education_background: [],
    ...rest,
  };
}

/** The group profile the registration wizard stores (user 7 in group 1), with overrides for a test. */
export function groupProfileFixture(overrides: Partial<GroupProfile> = {}): GroupProfile {
  return {
    id: 11,
    group: 1,
    user: 7,
    current_role: 3,
    career_stage: 3,
    job_function: null,
    professional_field: null,
    reason_to_join: [1],
    skills: [],
    topics: [],
    is_certified: false,
    extra_info: {
      affiliation: null,
      career_stage_extra: null,
      college: null,
      country_of_origin: null,
      department: null,
      professional_field_extra: null,
      reason_to_join_extra: null,
      uni_batch: null,
    },
    ...overrides,
  };
}

export function authConfigFixture(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    botcheck: { provider: 'off', site_key: null },
    social: { google: null, facebook: null, linkedin: null },
    ...overrides,
  };
}

/** An AI tool as the server sends it (AiToolView), for the catalogue's and the admin's tests. */
export function aiToolFixture(overrides: Partial<components['schemas']['AiToolView']> = {}): components['schemas']['AiToolView'] {
  return {
    id: 7,
    name: 'Draft Writer',
    slug: 'draft-writer',
    description: '<p>Writes drafts.</p>',
    group: 1,
    categories: ['writing', 'coding', 'research'],
    logo: null,
    logo_file_id: null,
    website: null,
    roles: [],
    use_cases: [],
    vote_score: 1499,
    user_vote_type: 'neutral',
    is_bookmarked: false,
    created_by: { id: 2 },
    status: 'approved',
    created_at: '2026-01-01T00:00:00Z',
    can_edit: false,
    can_moderate: null,
    ...overrides,
  };
}
