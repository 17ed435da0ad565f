// Community analytics (issue 33): the periods an administrator picks, and the text summary each
// chart carries for screen readers (and for everyone, under the chart). Pure, so the wording is
// tested on its own (analyticsRules.test.ts).
import type { components } from '../../../lib/api/schema';

export type AnalyticsReport = components['schemas']['AnalyticsReport'];
export type AnalyticsWeek = components['schemas']['AnalyticsWeek'];

/** The periods offered, in weeks ending today; 12 unless the address says otherwise. */
export const PERIOD_WEEKS = [4, 12, 26, 52] as const;
export const DEFAULT_WEEKS = 12;

/** The period of `?weeks=` (one of PERIOD_WEEKS), or the default. */
export function periodFromParam(raw: string | null): number {
  const weeks = Number(raw);
  return (PERIOD_WEEKS as readonly number[]).includes(weeks) ? weeks : DEFAULT_WEEKS;
}

export function periodLabel(weeks: number): string {
  return weeks === 52 ? 'Last year' : `Last ${weeks} weeks`;
}

const WEEK_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const TICK_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '3 Nov 2026' for a week starting on 2026-11-03. */
export function weekLabel(weekStart: string): string {
  return WEEK_FORMAT.format(new Date(`${weekStart}T00:00:00Z`));
}

/** '3 Nov', for a chart's axis. */
export function weekTick(weekStart: string): string {
  return TICK_FORMAT.format(new Date(`${weekStart}T00:00:00Z`));
}

function weeksText(count: number): string {
  return count === 1 ? '1 week' : `${count} weeks`;
}

/** A numeric field of the weekly rows. */
export type WeekNumber = {
  [K in keyof AnalyticsWeek]-?: AnalyticsWeek[K] extends number | null | undefined ? K : never;
}[keyof AnalyticsWeek];

function valueOf(week: AnalyticsWeek, field: WeekNumber): number | null {
  const value = week[field];
  return typeof value === 'number' ? value : null;
}

/**
 * A count per week: 'Members joined: 42 over 12 weeks, most in the week of 3 Nov 2026 (9).'
 * or 'Members joined: none over 12 weeks.'
 */
export function flowSummary(label: string, weeks: AnalyticsWeek[], field: WeekNumber): string {
  const values = weeks.map((week) => valueOf(week, field) ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total === 0) return `${label}: none over ${weeksText(weeks.length)}.`;
  let best = 0;
  values.forEach((value, i) => {
    if (value > (values[best] ?? 0)) best = i;
  });
  const busiest = weeks[best];
  const most = busiest ? ` most in the week of ${weekLabel(busiest.week_start)} (${values[best] ?? 0}).` : '';
  return `${label}: ${total} over ${weeksText(weeks.length)},${most}`;
}

/**
 * A level at the end of each week: 'Active members: 120 at the end of the period, up from 100
 * in the week of 1 Sept 2026.' (or down, or unchanged); 'Active members: not counted yet.'
 */
export function levelSummary(label: string, weeks: AnalyticsWeek[], field: WeekNumber): string {
  const known = weeks.map((week) => ({ week, value: valueOf(week, field) })).filter((point) => point.value !== null);
  if (known.length === 0) return `${label}: not counted yet.`;
  const first = known[0];
  const last = known[known.length - 1];
  if (!first || !last) return `${label}: not counted yet.`;
  const end = last.value as number;
  const start = first.value as number;
  const since = weekLabel(first.week.week_start);
  if (known.length === 1 || start === end) {
    return `${label}: ${end} at the end of the period${known.length > 1 ? `, unchanged since the week of ${since}` : ''}.`;
  }
  const direction = end > start ? 'up' : 'down';
  return `${label}: ${end} at the end of the period, ${direction} from ${start} in the week of ${since}.`;
}

/**
 * A weekly average weighted by its count: 'AIRA average score: 56.2 over 14 reports in 12
 * weeks.' or 'AIRA average score: no reports in 12 weeks.'
 */
export function averageSummary(
  label: string,
  weeks: AnalyticsWeek[],
  average: WeekNumber,
  count: WeekNumber,
  noun: [string, string],
): string {
  let sum = 0;
  let n = 0;
  for (const week of weeks) {
    const c = valueOf(week, count) ?? 0;
    const a = valueOf(week, average);
    if (c > 0 && a !== null) {
      sum += a * c;
      n += c;
    }
  }
  if (n === 0) return `${label}: no ${noun[1]} in ${weeksText(weeks.length)}.`;
  const mean = Math.round((sum / n) * 10) / 10;
  return `${label}: ${mean} over ${n} ${n === 1 ? noun[0] : noun[1]} in ${weeksText(weeks.length)}.`;
}

/** Whether nothing at all happened in the period (the page's empty state). */
export function isEmpty(report: AnalyticsReport): boolean {
  const flows: WeekNumber[] = [
    'members_joined',
    'members_accepted',
    'posts',
    'resources',
    'applications',
    'aira_reports',
    'assistant_questions',
    'assistant_ratings',
  ];
  const levels: WeekNumber[] = ['active_members', 'circle_seats_total'];
  return report.weeks.every(
    (week) => flows.every((field) => !valueOf(week, field)) && levels.every((field) => !valueOf(week, field)),
  );
}

/** The CSV's file name for a report: 'analytics-2026-09-10-2026-12-02.csv'. */
export function csvFileName(report: Pick<AnalyticsReport, 'from' | 'to'>): string {
  return `analytics-${report.from}-${report.to}.csv`;
}
