import { describe, expect, it } from 'vitest';
import { dayLabel, monthLabel, shortMonthName } from './dates';

describe('dates', () => {
  it('writes a day as Intl does for en-US in UTC', () => {
    const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const time = Date.UTC(2027, month, day);
        expect(dayLabel(time)).toBe(format.format(time));
      }
    }
    expect(dayLabel(Date.UTC(2027, 2, 3, 23, 59))).toBe('Mar 3, 2027');
  });

  it('writes a month as Intl does for en-US', () => {
    const format = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, 1);
      expect(monthLabel(date)).toBe(format.format(date));
    }
  });

  it('names a month short as Intl does for en', () => {
    const format = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) expect(shortMonthName(month)).toBe(format.format(Date.UTC(2026, month, 1)));
  });
});
