// Test fixtures for the analytics report.
import type { AnalyticsWeek } from './analyticsRules';

/** A week of the report with every count at zero and the optional figures unknown, then `values`. */
export function week(week_start: string, values: Partial<AnalyticsWeek> = {}): AnalyticsWeek {
  return {
    week_start,
    members_joined: 0,
    members_accepted: 0,
    active_members: null,
    posts: 0,
    resources: 0,
    applications: 0,
    applications_accepted: 0,
    applications_rejected: 0,
    aira_reports: 0,
    aira_average_score: null,
    aira_beginner: 0,
    aira_intermediate: 0,
    aira_advanced: 0,
    circle_seats_taken: null,
    circle_seats_total: null,
    circles_full: null,
    assistant_questions: 0,
    assistant_ratings: 0,
    assistant_average_rating: null,
    ...values,
  };
}
