import { describe, expect, it } from 'vitest';
import {
  showsMembershipCard,
  bannerText,
  caretAfterDigits,
  cardDigits,
  currentPlan,
  discountPercent,
  effectivePlan,
  formatCardNumber,
  formatCents,
  institutionalPlan,
  isInstitutionPlan,
  planAction,
  priceFor,
  reasonError,
  runningSubscription,
  showTrialTag,
  sortPlans,
  type Plan,
  type SubscriptionDetail,
} from './planRules';
import { planFixture, subscriptionFixture } from './testing';

function plan(tier: number, trial = 0): Plan {
  return planFixture(tier, { trial_days: trial });
}

function detail(tier: number, interval: 'month' | 'year', extra: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    id: 'sub_1',
    status: 'active',
    items: {
      data: [
        {
          price: {
            id: `p_${tier}_${interval}`,
            unit_amount: 1000,
            recurring: { interval },
            metadata: { subscription_tier: String(tier), plan_name: 'x' },
          },
        },
      ],
    },
    current_period_end: 1_800_000_000,
    cancel_at_period_end: false,
    provider: 'local',
    ...extra,
  };
}

const open = { pending: false, institutional: false, signedIn: true };


/** Covered by an institution's Professional (tier 2) plan, which is in force. */
const covered = subscriptionFixture({
  institutional_subscription: true,
  institutional_subscription_tier: 2,
  is_institutional_membership: true,
  subscription_tier: 2,
  applied_membership_tier: 'Professional',
});

describe('plan card actions (spec 002 §4)', () => {
  it('without a subscription: Continue on the free plan, Upgrade on paid plans', () => {
    expect(planAction(plan(0), 'year', null, open)).toMatchObject({ kind: 'continue', label: 'Continue', current: true, disabled: false });
    expect(planAction(plan(2), 'year', null, open)).toMatchObject({ kind: 'upgrade', label: 'Upgrade', current: false });
  });

  it('gives a guest no current plan', () => {
    const guest = { ...open, signedIn: false };
    expect(planAction(plan(0), 'year', null, guest)).toMatchObject({ kind: 'continue', label: 'Continue', current: false });
    for (const p of [plan(0), plan(1), plan(2), plan(3)]) {
      for (const interval of ['month', 'year'] as const) expect(planAction(p, interval, null, guest).current).toBe(false);
    }
  });

  it('with a subscription: Continue, Switch, Upgrade, Downgrade by tier and interval', () => {
    const current = currentPlan(detail(2, 'year'));
    expect(planAction(plan(2), 'year', current, open).kind).toBe('continue');
    expect(planAction(plan(2), 'month', current, open).kind).toBe('switch');
    expect(planAction(plan(3), 'year', current, open).kind).toBe('upgrade');
    expect(planAction(plan(1), 'month', current, open).kind).toBe('downgrade');
    expect(planAction(plan(0), 'year', current, open).kind).toBe('downgrade');
  });

  it('a scheduled cancellation turns the current plan into Renew', () => {
    const current = currentPlan(detail(2, 'year', { canceled_at: 1_700_000_000, cancel_at: 1_800_000_000 }));
    expect(planAction(plan(2), 'year', current, open)).toMatchObject({ kind: 'renew', label: 'Renew', current: true });
  });

  it('everything is disabled while payment is pending', () => {
    const current = currentPlan(detail(1, 'year', { status: 'incomplete' }));
    for (const p of [plan(0), plan(1), plan(2)]) {
      expect(planAction(p, 'year', current, { pending: true, institutional: false, signedIn: true }).disabled).toBe(true);
    }
  });

  it('institutional members cannot Downgrade or Switch, but can Upgrade', () => {
    const current = currentPlan(detail(2, 'year'));
    const options = { pending: false, institutional: true, signedIn: true };
    expect(planAction(plan(1), 'year', current, options).disabled).toBe(true);
    expect(planAction(plan(2), 'month', current, options).disabled).toBe(true);
    expect(planAction(plan(3), 'year', current, options).disabled).toBe(false);
  });

  it("the institution's plan in force is the current plan: its yearly card Continues, lower ones Downgrade (disabled)", () => {
    const current = effectivePlan(null, covered);
    expect(current).toEqual({ tier: 2, interval: 'year', priceId: '', cancelled: false });
    const options = { pending: false, institutional: true, signedIn: true };
    expect(planAction(plan(2), 'year', current, options)).toMatchObject({ kind: 'continue', current: true, disabled: false });
    expect(planAction(plan(2), 'month', current, options)).toMatchObject({ kind: 'switch', disabled: true });
    expect(planAction(plan(1), 'year', current, options)).toMatchObject({ kind: 'downgrade', disabled: true });
    expect(planAction(plan(0), 'year', current, options)).toMatchObject({ kind: 'downgrade', disabled: true });
    expect(planAction(plan(3), 'year', current, options)).toMatchObject({ kind: 'upgrade', disabled: false });
  });

  it("a higher own plan stays the current one; the institution's counts only while in force", () => {
    const ownHigher = subscriptionFixture({ institutional_subscription: true, institutional_subscription_tier: 1, subscription_tier: 3 });
    expect(institutionalPlan(ownHigher)).toBeNull();
    expect(effectivePlan(detail(3, 'month'), ownHigher)).toMatchObject({ tier: 3, interval: 'month' });
    // A lower own plan gives way to the institution's.
    expect(effectivePlan(detail(1, 'month'), covered)).toMatchObject({ tier: 2, interval: 'year' });
    expect(institutionalPlan(subscriptionFixture({ is_institutional_membership: true }))).toBeNull();
    expect(effectivePlan(null, undefined)).toBeNull();
  });

  it('an ended subscription counts as none', () => {
    expect(runningSubscription(detail(2, 'year', { status: 'canceled' }))).toBeNull();
    expect(currentPlan(detail(2, 'year', { status: 'canceled' }))).toBeNull();
    expect(currentPlan(detail(2, 'month', { status: 'trialing' }))).toMatchObject({ tier: 2, interval: 'month', cancelled: false });
  });
});

describe('tags, badges and the banner', () => {
  it('shows the free-trial tag only without an own subscription', () => {
    expect(showTrialTag(plan(1, 14), null, true)).toBe(true);
    expect(showTrialTag(plan(1, 14), null, false)).toBe(true);
    expect(showTrialTag(plan(1, 14), detail(1, 'year', { status: 'canceled' }), true)).toBe(false);
    expect(showTrialTag(plan(2, 0), null, true)).toBe(false);
    // An institution's plan is not the member's own; an own subscription of any state is.
    expect(showTrialTag(plan(1, 14), null, true, covered)).toBe(true);
    expect(showTrialTag(plan(1, 14), null, true, subscriptionFixture({ individual_subscription: true }))).toBe(false);
  });

  it("marks the institution's yearly plan", () => {
    expect(isInstitutionPlan(plan(2), 'year', covered)).toBe(true);
    expect(isInstitutionPlan(plan(2), 'month', covered)).toBe(false);
    expect(isInstitutionPlan(plan(1), 'year', covered)).toBe(false);
    expect(isInstitutionPlan(plan(2), 'year', subscriptionFixture({ subscription_tier: 2 }))).toBe(false);
    // With a higher own plan in force, the badge stays on the institution's tier, not the applied one.
    const ownHigher = subscriptionFixture({ institutional_subscription: true, institutional_subscription_tier: 1, subscription_tier: 3 });
    expect(isInstitutionPlan(plan(1), 'year', ownHigher)).toBe(true);
    expect(isInstitutionPlan(plan(3), 'year', ownHigher)).toBe(false);
  });

  it('the banner: pending first, then the free tier, nothing for paid tiers', () => {
    expect(bannerText(subscriptionFixture({ payment_status: 'pending', subscription_tier: 1 }))).toEqual({ text: 'Your payment is pending.', action: 'resolve' });
    expect(bannerText(subscriptionFixture({}))).toEqual({ text: 'You are currently on Free membership.', action: 'upgrade' });
    expect(bannerText(subscriptionFixture({ subscription_tier: 2, payment_status: 'confirmed' }))).toBeNull();
    expect(bannerText(undefined)).toBeNull();
  });
});

describe('forms and formatting', () => {
  it('a reason is required to cancel or downgrade', () => {
    expect(reasonError('  ')).toBe('Specify the reason');
    expect(reasonError('Too expensive')).toBeNull();
  });

  it('sums the chosen discounts, capped at 100%', () => {
    const discounts = [
      { id: 1, name: 'Student', description: '', discount_percentage: 25, subscription_tiers: [1] },
      { id: 2, name: 'Big', description: '', discount_percentage: 90, subscription_tiers: [1] },
    ];
    expect(discountPercent(discounts, [1])).toBe(25);
    expect(discountPercent(discounts, [1, 2])).toBe(100);
    expect(discountPercent(discounts, [])).toBe(0);
  });

  it('sorts plans by tier and picks the price of the interval', () => {
    expect(sortPlans([plan(3), plan(0), plan(2), plan(1)]).map((p) => p.subscription_tier)).toEqual([0, 1, 2, 3]);
    expect(priceFor(plan(2), 'month')?.price).toBe(2000);
    expect(priceFor(plan(0), 'year')).toBeNull();
  });

  it('amounts have two decimals', () => {
    expect(formatCents(19000)).toBe('$190.00');
    expect(formatCents(999)).toBe('$9.99');
  });

  it('card numbers are digits in groups of 4, and the caret stays after the same digit', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0027 6000x3184')).toBe('4000 0027 6000 3184');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(cardDigits('4242 4242 4242 4242 4242 4')).toHaveLength(19);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
  });

});

describe('membership card', () => {
  it('shows on star sites to members whose tier allows it', () => {
    expect(showsMembershipCard('star', true)).toBe(true);
    expect(showsMembershipCard('standard', true)).toBe(false);
    expect(showsMembershipCard('star', false)).toBe(false);
    expect(showsMembershipCard('star', undefined)).toBe(false);
  });
});
