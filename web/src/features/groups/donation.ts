// Donations (spec 001 §2 "Donation card", Donate tab; §7 "Donations and payments"): the
// amount a donor types, checked as the server checks it (whole cents, 1.00 to 10,000.00).
import type { Group } from '../../lib/groups/types';

export const MIN_DONATION_CENTS = 100;
export const MAX_DONATION_CENTS = 1_000_000;
/** Amounts offered with one tap (dollars). */
export const DONATION_PRESETS = [10, 25, 50, 100] as const;

/** The cents of a typed dollar amount ("25", "25.50"), or the message to show under the field. */
export function donationCents(text: string): { cents: number } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Please enter an amount' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: 'Enter an amount in dollars, e.g. 25 or 25.50' };
  const cents = Math.round(Number(trimmed) * 100);
  if (cents < MIN_DONATION_CENTS) return { error: 'The smallest donation is $1.00' };
  if (cents > MAX_DONATION_CENTS) return { error: 'The largest donation is $10,000.00' };
  return { cents };
}

/** The Donate tab shows only when the group has donation options (spec 001 §2). */
export function hasDonations(group: Pick<Group, 'donation_details'>): boolean {
  return (group.donation_details?.length ?? 0) > 0;
}
