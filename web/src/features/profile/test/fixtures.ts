// Profile page objects and related answers as the server sends them, for the profile tests.
import type { CareerEntry, Connection, ProfilePage, UserService } from '../api/types';

type Overrides = Partial<Omit<ProfilePage, 'profile'>> & { profile?: Partial<ProfilePage['profile']> };

export function profilePageFixture(overrides: Overrides = {}): ProfilePage {
  const { profile, ...rest } = overrides;
  return {
    id: 7,
    first_name: 'Maria',
    last_name: 'Lopez',
    is_staff: false,
    is_influencer: false,
    followed: false,
    followers_count: 3,
    following_count: 5,
    group_profile: null,
    work_experiences: [],
    education_background: [],
    ...rest,
    profile: {
      id: 70,
      user: rest.id ?? 7,
      name_slug: 'maria-lopez',
      title: 'Data Analyst',
      country: 'Spain',
      location: 'Madrid',
      institution: 11,
      institution_name: 'Acme Corp',
      institution_detailed: { id: 11, name: 'Acme Corp', slug: 'acme-corp', group_type: 'institution' },
      short_bio: '<p>I turn <strong>data</strong> into decisions.</p>',
      career_story: '<p>From retail to analytics.</p><script>alert(1)</script>',
      career_advice: null,
      calendy_url: null,
      resume: null,
      video: null,
      picture: null,
      interested_services: [],
      languages: [],
      skills: [1],
      topics: [2],
      skills_detailed: [{ id: 1, name: 'SQL' }],
      topics_detailed: [{ id: 2, name: 'Generative AI' }],
      completion_percent: 70,
      social_linkedin: 'https://www.linkedin.com/in/maria',
      ...profile,
    },
  };
}

export function entryFixture(overrides: Partial<CareerEntry> = {}): CareerEntry {
  return {
    id: 501,
    user: 7,
    type: 'work',
    title: 'Data Analyst',
    description: '<p>Dashboards for the sales team.</p>',
    group: 11,
    group_detailed: { id: 11, name: 'Acme Corp', slug: 'acme-corp', group_type: 'institution' },
    skills: [1],
    skills_detailed: [{ id: 1, name: 'SQL' }],
    is_currently_working: true,
    start_date: '2021-03-01',
    end_date: null,
    show_gps: true,
    ...overrides,
  };
}

export function serviceFixture(overrides: Partial<UserService> = {}): UserService {
  return {
    id: 901,
    user: 7,
    title: 'Resume review',
    description: '<p>Thirty minutes on your resume.</p>',
    url: 'https://example.com/book',
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

export function connectionFixture(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 8,
    type: 'user',
    name: 'Sam Okafor',
    slug: 'sam-okafor',
    image: null,
    description: null,
    reason: 'Following',
    institution_name: 'Globex',
    ...overrides,
  };
}

export function paged<T>(items: T[], next: string | null = null, count = items.length) {
  return { data: items, pagination: { count, next } };
}
