// The rules of the Membership Plans page (spec 002 §4 "Membership plans"), as pure functions:
// which action each plan card offers, when it is disabled, the trial tag, the banner, and the
// formatting of amounts, dates and card numbers.
import type { components } from '../../lib/api/schema';

type Schemas = components['schemas'];
export type Plan = Schemas['PlanView'];
export type PlanPrice = Schemas['PriceView'];
export type Discount = Schemas['DiscountView'];
export type SubscriptionDetail = Schemas['SubscriptionDetail'];
export type UserSubscription = Schemas['UserSubscription'];
export type Interval = 'month' | 'year';

/** The plan card actions (§4): Continue is the current plan. */
export type PlanActionKind = 'continue' | 'upgrade' | 'downgrade' | 'switch' | 'renew';

export const ACTION_LABELS: Record<PlanActionKind, string> = {
  continue: 'Continue',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  switch: 'Switch',
  renew: 'Renew',
};

export const MSG_PENDING = 'Your payment status is pending';
export const MSG_SPECIFY_REASON = 'Specify the reason';
export const MSG_VERIFY_CARD = 'Could not verify your card';
export const MSG_CHANGE_FAILED = 'Could not perform your request';

/** Statuses after which the subscription is over and a new checkout may start. */
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/** The member's own subscription while it runs (pending, trialing, active, past due), else null. */
export function runningSubscription(detail: SubscriptionDetail | null | undefined): SubscriptionDetail | null {
  if (!detail || ENDED.has(detail.status)) return null;
  return detail;
}

export function isPending(detail: SubscriptionDetail | null | undefined, flags?: UserSubscription | null): boolean {
  return detail?.status === 'incomplete' || flags?.payment_status === 'pending';
}

/** The plans sorted by subscription_tier (§2), the free plan first. */
export function sortPlans(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.subscription_tier - b.subscription_tier || a.id - b.id);
}

/** The plan's price for the chosen interval (the free plan has none: null). */
export function priceFor(plan: Plan, interval: Interval): PlanPrice | null {
  return plan.prices.find((p) => p.recurring === interval) ?? null;
}

/** Where the running subscription stands: its tier, interval and price id. */
export interface CurrentPlan {
  tier: number;
  interval: Interval;
  priceId: string;
  cancelled: boolean;
}

/** The plan the member's institution gives them, when it is the one in force (§1, §4). */
export function institutionalPlan(flags: UserSubscription | null | undefined): CurrentPlan | null {
  const tier = flags?.institutional_subscription_tier;
  if (!flags?.is_institutional_membership || tier == null) return null;
  return { tier, interval: 'year', priceId: '', cancelled: false };
}

/**
 * The plan the card actions are measured against: the institution's yearly plan while it is
 * in force (its tier is above the member's own), otherwise the member's own running plan.
 */
export function effectivePlan(
  detail: SubscriptionDetail | null | undefined,
  flags: UserSubscription | null | undefined,
): CurrentPlan | null {
  return institutionalPlan(flags) ?? currentPlan(detail);
}

export function currentPlan(detail: SubscriptionDetail | null | undefined): CurrentPlan | null {
  const running = runningSubscription(detail);
  const price = running?.items.data[0]?.price;
  if (!running || !price) return null;
  return {
    tier: Number(price.metadata.subscription_tier),
    interval: price.recurring.interval === 'month' ? 'month' : 'year',
    priceId: price.id,
    cancelled: running.canceled_at != null,
  };
}

export interface PlanAction {
  kind: PlanActionKind;
  label: string;
  disabled: boolean;
  /** The Current Plan badge. */
  current: boolean;
}

/**
 * The action a plan card offers for the chosen interval (§4): Continue on the current plan
 * (Renew when its cancellation is scheduled), Switch for the same tier at the other interval,
 * Upgrade or Downgrade by tier. Disabled while payment is pending, and for institutional
 * members on Downgrade or Switch.
 */
export function planAction(
  plan: Plan,
  interval: Interval,
  current: CurrentPlan | null,
  /** `signedIn` is required: a guest (at /pricing) has no current plan, so no badge. */
  options: { pending: boolean; institutional: boolean; signedIn: boolean },
): PlanAction {
  let kind: PlanActionKind;
  if (!current) {
    kind = plan.subscription_tier === 0 ? 'continue' : 'upgrade';
  } else if (plan.subscription_tier === current.tier) {
    if (plan.subscription_tier !== 0 && interval !== current.interval) kind = 'switch';
    else kind = current.cancelled ? 'renew' : 'continue';
  } else {
    kind = plan.subscription_tier > current.tier ? 'upgrade' : 'downgrade';
  }
  const disabled =
    options.pending || (options.institutional && (kind === 'downgrade' || kind === 'switch'));
  // Only a signed-in member has a current plan: a guest sees no 'Current Plan' badge.
  return { kind, label: ACTION_LABELS[kind], disabled, current: options.signedIn && (kind === 'continue' || kind === 'renew') };
}

/**
 * The free-trial tag shows only to someone who never had an own subscription (§4); an
 * institution's plan is not their own, so a covered member still sees it.
 */
export function showTrialTag(
  plan: Plan,
  detail: SubscriptionDetail | null | undefined,
  signedIn: boolean,
  flags?: UserSubscription | null,
): boolean {
  return plan.trial_days > 0 && (!signedIn || (detail == null && !flags?.individual_subscription));
}

/**
 * The Your Institution's Plan badge: the yearly plan matching the institutional subscription
 * (its tier, whether or not it is the plan in force).
 */
export function isInstitutionPlan(plan: Plan, interval: Interval, flags: UserSubscription | null | undefined): boolean {
  const tier = flags?.institutional_subscription_tier;
  return Boolean(flags?.institutional_subscription) && tier != null && interval === 'year' && plan.subscription_tier === tier;
}

/** The reason field: required for cancelling and downgrading (§4, §5). */
export function reasonError(reason: string): string | null {
  return reason.trim() ? null : MSG_SPECIFY_REASON;
}

/** The discounts a member may declare for a plan, and the summed percentage (capped at 100). */
export function discountPercent(discounts: readonly Discount[], chosen: readonly number[]): number {
  const total = discounts.filter((d) => chosen.includes(d.id)).reduce((sum, d) => sum + Math.max(0, d.discount_percentage), 0);
  return Math.min(100, total);
}

export function discountLabel(discount: Discount): string {
  return `I am eligible to ${discount.name} discount.`;
}

/** The banner elsewhere (§4): on tier 0 or a pending payment; null when nothing shows. */
export function bannerText(flags: UserSubscription | null | undefined): { text: string; action: 'resolve' | 'upgrade' } | null {
  if (!flags) return null;
  if (flags.payment_status === 'pending') return { text: 'Your payment is pending.', action: 'resolve' };
  if (flags.subscription_tier === 0) {
    return { text: `You are currently on ${flags.applied_membership_tier || 'Free'} membership.`, action: 'upgrade' };
  }
  return null;
}

/** Cents to an amount with two decimals (§9). */
export function formatCents(cents: number, withDecimals = true): string {
  const value = cents / 100;
  return `$${withDecimals || !Number.isInteger(value) ? value.toFixed(2) : value.toString()}`;
}

/** The price after a discount, in cents. */
export function discounted(cents: number, percent: number): number {
  return Math.round((cents * (100 - Math.min(100, Math.max(0, percent)))) / 100);
}

/** Unix seconds as day, month, year (§9). */
export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

export function intervalLabel(interval: string): string {
  return interval === 'month' ? 'month' : 'year';
}

/** The digits of a typed card number, at most 19. */
export function cardDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 19);
}

/** A card number in groups of 4 ('4242 4242 4242 4242'). */
export function formatCardNumber(typed: string): string {
  return cardDigits(typed).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Where the caret goes after reformatting: after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted.charAt(i))) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** 'Failed to generate membership card. Try again later.' (spec 002 §8). */
export const MSG_CARD_FAILED = 'Failed to generate membership card. Try again later.';

/** The Membership Card button shows on "star" sites to members whose tier has can_create_membership_card (spec 002 §2, §6). */
export function showsMembershipCard(hostVariant: string | undefined, canCreate: boolean | undefined): boolean {
  return hostVariant === 'star' && Boolean(canCreate);
}
