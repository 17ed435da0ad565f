// Small formatting rules shared by the profile screens.
import type { ProfilePage } from './api/types';
import { shortMonthName } from '../../lib/dates';

export function fullName(page: Pick<ProfilePage, 'first_name' | 'last_name'>): string {
  return `${page.first_name} ${page.last_name}`.trim();
}

/** The completion score colour (spec 000 §9: above 60 green, otherwise orange). */
export const COMPLETION_THRESHOLD = 60;

export function completionColour(percent: number): 'success' | 'warning' {
  return percent > COMPLETION_THRESHOLD ? 'success' : 'warning';
}

/** "Mar 2021" for a YYYY-MM-DD (or YYYY-MM) date; the text itself when it is not one. */
export function monthYear(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})/.exec(date);
  if (!match) return date;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${shortMonthName(month - 1)} ${match[1]}` : date;
}

/** "Mar 2021 – Present" / "Mar 2021 – Jun 2023". */
export function dateRange(start: string, end: string | null | undefined, current: boolean): string {
  const from = monthYear(start);
  const to = current ? 'Present' : monthYear(end);
  return to ? `${from} – ${to}` : from;
}

/** The dream career node's date: 30 days from now (spec 002 §9). */
export function dreamDate(now: Date = new Date()): Date {
  return new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
}

/** A label for the value of one of the configuration's option lists. */
export function optionLabel(
  options: readonly { value: unknown; label: string }[] | undefined,
  value: unknown,
): string | null {
  if (value === null || value === undefined) return null;
  return options?.find((option) => String(option.value) === String(value))?.label ?? null;
}
