// Sample agents and reports for the CareerGPS page tests.
import type { AgentView, ReportSummary, ReportView } from './api';

export function agentFixture(overrides: Partial<AgentView> = {}): AgentView {
  return {
    id: 7,
    name: 'Interest Explorer',
    slug: 'interest-explorer',
    agent_type: 'careergps',
    is_premium: false,
    can_chat: false,
    description: 'Find the careers that fit your interests.',
    extra_info: { show_stepper: true, prompts: [] },
    flow: [],
    usage_count: 0,
    vote_score: 0,
    user_vote_type: 'neutral',
    steps: [
      {
        order: 1,
        extra_info: {
          type: 'career_information',
          header_text: 'Tell us about your career',
          next_text: 'Next',
        },
      },
      {
        order: 2,
        extra_info: {
          type: 'custom_form',
          header_text: 'Your interests',
          next_text: 'Explore my interests',
          skippable: false,
          questions: [
            { id: 'interest_areas', label: 'Which areas interest you?', type: 'selection', required: true, options: ['Data', 'Design', 'People'] },
            { id: 'work_style', label: 'How do you like to work?', type: 'radio', required: true, options: ['Alone', 'In a team'] },
            {
              id: 'change_readiness',
              label: 'How ready are you for a change?',
              type: 'slider',
              required: true,
              min_label: 'Not ready',
              max_label: 'Ready now',
            },
            { id: 'target_role', label: 'Which role do you want next?', type: 'text', required: false },
            { id: 'flow_activities', label: 'When do you lose track of time?', type: 'textarea', required: false },
          ],
        },
      },
      {
        order: 3,
        extra_info: { type: 'report_generation', header_text: 'Your report', next_text: 'Finish', loading_text: 'Mapping your interests to careers…' },
      },
    ],
    ...overrides,
  };
}

export function reportFixture(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 41,
    slug: 'interest-explorer-1a2b3c',
    agent_name: 'Interest Explorer',
    agent_slug: 'interest-explorer',
    created_at: '2026-11-20T10:00:00Z',
    is_owner: true,
    is_public: false,
    output_data: {
      title: 'Interest Explorer Report',
      template: 'general',
      summary: 'You enjoy working with data in a team.',
      sections: [
        { id: 'directions', heading: 'Career directions', paragraphs: ['Data analysis fits you.'], bullets: ['Try a SQL course'] },
        {
          id: 'recommended',
          heading: 'Recommended for you',
          items: [
            { id: 3, type: 'circle', slug: 'data-circle', name: 'Data Circle', description: 'Numbers together', reason: 'Matches Data' },
          ],
        },
      ],
    },
    ...overrides,
  };
}

export function summaryFixture(n: number, overrides: Partial<ReportSummary> = {}): ReportSummary {
  return {
    id: n,
    slug: `aira-${n}`,
    agent_name: 'AI Readiness Assessment',
    agent_slug: 'aira',
    title: `AI Readiness Assessment Report ${n}`,
    excerpt: `Excerpt ${n}`,
    created_at: '2026-11-20T10:00:00Z',
    is_public: false,
    user_id: 1,
    level: 'Intermediate',
    ...overrides,
  };
}
