// Jobs as the API answers them, for the jobs tests.
import type { Job, JobApplicant } from '../api/types';

export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: 41,
    slug: 'data-analyst-41',
    title: 'Data Analyst',
    description: '<p>Analyse the programme data.</p>',
    requirements: '<p>SQL and curiosity.</p>',
    career_stages: [],
    professional_fields: [],
    application_open_date: '2026-01-01',
    application_close_date: '2099-12-31',
    created_at: '2026-11-01T10:00:00Z',
    is_featured: false,
    is_administrator: false,
    status: null,
    is_bookmarked: false,
    is_expired: false,
    is_open_for_applications: true,
    skills: [1, 2],
    skills_detailed: [
      { id: 1, name: 'SQL' },
      { id: 2, name: 'Python' },
    ],
    countries: ['Kenya'],
    group: { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', group_type: 'organization', image: null },
    job_location: 'remote',
    job_type: 'full_time',
    address: null,
    job_status: 'approved',
    extra_info: { questions: [] },
    accepted_members_count: null,
    pending_members_count: null,
    rejected_members_count: null,
    ...overrides,
  };
}

export function applicantFixture(overrides: Partial<JobApplicant> = {}): JobApplicant {
  return {
    id: 8,
    name: 'Sam Okafor',
    name_slug: 'sam-okafor',
    image: null,
    email: 'sam@example.com',
    status: 'pending',
    application_id: 100 + (overrides.id ?? 8),
    answers: {},
    resume: '/media/resumes/sam.pdf',
    applied_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}
