// Groups and members as the server sends them (the groups API contract (now in openapi.json)), for the group tests.
import { LIFECYCLE } from '../lib/groups/rules';
import type { Group, Lifecycle, LifecycleStatus, Member, Paged } from '../lib/groups/types';

/** The server's lifecycle of a circle or event at `status`: applications taken only while open. */
export function lifecycleFixture(status: LifecycleStatus): Lifecycle {
  const index = LIFECYCLE.findIndex((item) => item.status === status);
  return { key: index + 1, ...LIFECYCLE[index]!, accepts_applications: status === 'application_open', has_ended: index >= 4 };
}

export function groupFixture(overrides: Partial<Group> = {}): Group {
  return {
    id: 40,
    name: 'AI Foundations',
    name_slug: 'ai-foundations',
    group_type: 'circle',
    parent_group: 1,
    parent_group_detail: { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', group_type: 'organization', logo: null },
    description: '<p>Learn the basics together.</p>',
    objective: '<p>Ship a small project.</p>',
    member_requirements: null,
    impact: null,
    location: null,
    country: null,
    countries: ['Kenya'],
    topics: [2],
    topics_detailed: [{ id: 2, name: 'Generative AI' }],
    career_stages: ['1'],
    professional_fields: [],
    roles: [],
    relevant_sdgs: [4],
    relevant_sdgs_detailed: [{ id: 4, name: 'Quality Education', logo: null }],
    level: 1,
    group_duration: 'time_limited',
    maximum_size: 20,
    total_members: 5,
    total_circles: 0,
    pending_members_count: 2,
    rejected_members_count: 1,
    unverified_members_count: 1,
    start_date: '2099-02-01',
    end_date: '2099-03-01',
    application_open_date: '2000-01-01',
    application_close_date: '2099-01-20',
    publicity: 'open',
    privacy: 0,
    circle_type: 1,
    circle_type_detail: { id: 1, name: 'Study group' },
    circle_status_priority: 2,
    event_type: null,
    is_paid: false,
    price: null,
    paid_features: [],
    discount: null,
    commitment_time: 4,
    complexity_level: 'beginner',
    learning_modality: 'online',
    use_cases: [],
    is_influencer: false,
    donation_details: [],
    extra_info: { questions: [] },
    cover_image: null,
    logo: null,
    lifecycle: lifecycleFixture('application_open'),
    is_full: false,
    membership_status: null,
    role: null,
    payment_status: null,
    waitlisted: false,
    is_administrator: false,
    is_followed: false,
    followers_count: 0,
    ...overrides,
  };
}

export function orgFixture(overrides: Partial<Group> = {}): Group {
  return groupFixture({
    id: 1,
    name: 'Waypoint Demo',
    name_slug: 'waypoint-demo',
    group_type: 'organization',
    parent_group: null,
    parent_group_detail: null,
    description: '<p>A community of learners.</p>',
    objective: null,
    country: 'Kenya',
    total_members: 120,
    total_circles: 8,
    lifecycle: null,
    start_date: null,
    end_date: null,
    application_open_date: null,
    application_close_date: null,
    maximum_size: null,
    membership_status: 'accepted',
    role: 'member',
    ...overrides,
  });
}

export function memberFixture(overrides: Partial<Member> = {}): Member {
  return {
    id: 101,
    name: 'Amina Odhiambo',
    name_slug: 'amina-odhiambo',
    image: null,
    institution_name: 'Nairobi University',
    membership_type: 'member',
    membership_role: 'member',
    membership_status: 'accepted',
    is_verified: true,
    joined_at: '2026-01-10',
    payment_status: null,
    notes: null,
    reason: null,
    profile_completion_percent: 80,
    extra_info: null,
    waitlisted: false,
    ...overrides,
  };
}

export function paged<T>(items: T[], count = items.length): Paged<T> {
  return { data: items, pagination: { count, next: null } };
}
