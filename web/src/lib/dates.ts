// Dates as the app writes them: in English, 'Mar 3, 2027' and 'March 2027'. Written without
// Intl on purpose: the first Intl date format of a page loads the locale data, ~30 ms on a fast
// desktop and four times that on a phone, on the main thread of every page that shows a date
// (issue 30: it was the largest single cost of rendering a job page). The app's dates are
// English only, so twelve month names do the same job.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Mar 3, 2027': the day of `time` (milliseconds) in UTC. */
export function dayLabel(time: number): string {
  const date = new Date(time);
  return `${shortMonthName(date.getUTCMonth())} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'March 2027': the month of a local date. */
export function monthLabel(date: Date): string {
  return `${monthName(date.getMonth())} ${date.getFullYear()}`;
}

/** 'Mar' for 2 (months counted from 0, as `Date` does). */
export function shortMonthName(index: number): string {
  return monthName(index).slice(0, 3);
}

function monthName(index: number): string {
  return MONTHS[index] ?? '';
}
