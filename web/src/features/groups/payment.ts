// The pay card of a paid circle or event (spec 001 §4 "Payment status on a paid group", §6
// "Membership tier affects circle price", §9; spec 002 §9): the price the member pays and
// what the card offers. The server decides again (domain::payments::one_time); these rules
// only keep the screen from offering what it would refuse.
import { applicationStatus, hasEnded, isFull } from '../../lib/groups/rules';
import type { Group } from '../../lib/groups/types';

/** 'Could not proceed your request' (spec 001 §8 "Donation / payment"). */
export const MSG_PAYMENT_FAILED = 'Could not proceed your request';

export interface GroupPrice {
  /** Cents before discounts. */
  unit: number;
  /** The summed discount, 0..100. */
  percent: number;
  /** Cents due. */
  amount: number;
}

function clampPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.trunc(value)));
}

/** The price in cents of a group's `price` text ("49.00"), or null when free. */
export function priceCents(price: string | null | undefined): number | null {
  if (price === null || price === undefined || price === '') return null;
  const amount = Number(price);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return Math.round(amount * 100);
}

/**
 * The group's price less its own discount and, for circles only, the member's tier discount
 * (`circle_discount_percent`); the percentages are summed and capped at 100, the amount
 * rounded to whole cents (half up), as the server computes it.
 */
export function groupPrice(
  group: Pick<Group, 'group_type' | 'price' | 'discount'>,
  circleDiscountPercent: number | null | undefined,
): GroupPrice | null {
  const unit = priceCents(group.price);
  if (unit === null) return null;
  const tier = group.group_type === 'circle' ? clampPercent(circleDiscountPercent) : 0;
  const percent = Math.min(100, clampPercent(group.discount) + tier);
  return { unit, percent, amount: Math.floor((unit * (100 - percent) + 50) / 100) };
}

/** Cents as dollars with two decimals: $34.30. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export type PayState =
  | { kind: 'hidden' }
  /** The payment is confirmed. */
  | { kind: 'paid' }
  /** Pay online, or send a voucher of an offline payment. `submitted`: a voucher waits for the administrators. */
  | { kind: 'pay'; submitted: boolean }
  /** No seat left: a voucher puts the request on the wait list; no card payment. */
  | { kind: 'full'; submitted: boolean }
  /** Not taking applications now: a status line. */
  | { kind: 'closed'; status: string }
  /** A guest: sign in to pay. */
  | { kind: 'sign-in' };

/**
 * What the pay card offers (spec 001 §4: "Pay is available after acceptance when payment is
 * not confirmed (or is pending)"; Join is hidden on paid groups, which use this flow).
 * Accepted members pay for their seat whatever the dates; anyone else may buy a free seat
 * while applications are open and the publicity is open.
 */
export function payState(group: Group, signedIn: boolean, now?: number): PayState {
  if (!group.is_paid || priceCents(group.price) === null || group.is_influencer) return { kind: 'hidden' };
  if (group.payment_status === 'confirmed') return { kind: 'paid' };
  const submitted = group.payment_status === 'pending' && group.membership_status !== null;
  if (group.membership_status === 'accepted') return { kind: 'pay', submitted };
  if (hasEnded(group, now) || group.publicity !== 'open') return { kind: 'hidden' };
  const status = applicationStatus(group, now);
  if (status) return { kind: 'closed', status };
  if (!signedIn) return { kind: 'sign-in' };
  const mine = group.membership_status === 'pending' ? submitted : false;
  return isFull(group) ? { kind: 'full', submitted: mine } : { kind: 'pay', submitted: mine };
}
