import { describe, expect, it } from 'vitest';
import {
  averageSummary,
  csvFileName,
  flowSummary,
  isEmpty,
  levelSummary,
  periodFromParam,
  periodLabel,
  weekLabel,
  type AnalyticsReport,
} from './analyticsRules';
import { week } from './testing';

const weeks = [
  week('2026-11-09', { members_joined: 3, active_members: 10, aira_reports: 1, aira_average_score: 40 }),
  week('2026-11-16', { members_joined: 9, active_members: null }),
  week('2026-11-23', { members_joined: 2, active_members: 14, aira_reports: 3, aira_average_score: 60 }),
];

describe('analytics rules', () => {
  it('reads the period from the address, 12 weeks otherwise', () => {
    expect(periodFromParam('4')).toBe(4);
    expect(periodFromParam('52')).toBe(52);
    expect(periodFromParam('5')).toBe(12);
    expect(periodFromParam(null)).toBe(12);
    expect(periodFromParam('weeks')).toBe(12);
    expect(periodLabel(26)).toBe('Last 26 weeks');
    expect(periodLabel(52)).toBe('Last year');
  });

  it('names weeks by their Monday, in UTC', () => {
    expect(weekLabel('2026-11-09')).toBe('9 Nov 2026');
  });

  it('sums a count and names its busiest week', () => {
    expect(flowSummary('Members joined', weeks, 'members_joined')).toBe(
      'Members joined: 14 over 3 weeks, most in the week of 16 Nov 2026 (9).',
    );
    expect(flowSummary('Posts', weeks, 'posts')).toBe('Posts: none over 3 weeks.');
    expect(flowSummary('Posts', weeks.slice(0, 1), 'posts')).toBe('Posts: none over 1 week.');
  });

  it('tells a level at the end of the period and how it moved', () => {
    expect(levelSummary('Active members', weeks, 'active_members')).toBe(
      'Active members: 14 at the end of the period, up from 10 in the week of 9 Nov 2026.',
    );
    const down = [week('2026-11-09', { active_members: 8 }), week('2026-11-16', { active_members: 5 })];
    expect(levelSummary('Active members', down, 'active_members')).toBe(
      'Active members: 5 at the end of the period, down from 8 in the week of 9 Nov 2026.',
    );
    const same = [week('2026-11-09', { active_members: 5 }), week('2026-11-16', { active_members: 5 })];
    expect(levelSummary('Active members', same, 'active_members')).toBe(
      'Active members: 5 at the end of the period, unchanged since the week of 9 Nov 2026.',
    );
    expect(levelSummary('Seats taken', weeks, 'circle_seats_taken')).toBe('Seats taken: not counted yet.');
  });

  it('weighs weekly averages by their counts', () => {
    // (40 × 1 + 60 × 3) / 4 = 55
    expect(averageSummary('AIRA average score', weeks, 'aira_average_score', 'aira_reports', ['report', 'reports'])).toBe(
      'AIRA average score: 55 over 4 reports in 3 weeks.',
    );
    expect(
      averageSummary('Average rating', weeks, 'assistant_average_rating', 'assistant_ratings', ['rating', 'ratings']),
    ).toBe('Average rating: no ratings in 3 weeks.');
  });

  it('finds an empty period and names the CSV after the period', () => {
    const report: AnalyticsReport = {
      from: '2026-11-09',
      to: '2026-11-29',
      site: 1,
      rolled_up_at: null,
      weeks: [week('2026-11-09'), week('2026-11-16')],
      jobs: [],
      circles: [],
      ratings: [],
    };
    expect(isEmpty(report)).toBe(true);
    expect(isEmpty({ ...report, weeks: [week('2026-11-09', { posts: 1 })] })).toBe(false);
    expect(isEmpty({ ...report, weeks: [week('2026-11-09', { active_members: 3 })] })).toBe(false);
    expect(csvFileName(report)).toBe('analytics-2026-11-09-2026-11-29.csv');
  });
});
