// Test fixtures for the membership plans.
import type { Plan, UserSubscription } from './planRules';

/**
 * A plan of the given tier (0 is free): a yearly price of tier × 100.00 with a monthly one of
 * tier × 10.00, no trial, features or perks, then `overrides`.
 */
export function planFixture(tier: number, overrides: Partial<Plan> = {}): Plan {
  const name = ['Free', 'Explorer', 'Professional', 'Leader'][tier] ?? `Tier ${tier}`;
  return {
    id: 10 + tier,
    name,
    description: '',
    subscription_tier: tier,
    price: tier * 10000,
    recurring: 'year',
    trial_days: 0,
    included_features: [],
    excluded_features: [],
    prices:
      tier === 0
        ? []
        : [
            { id: `p_${tier}_month`, price: tier * 1000, recurring: 'month', stripe_price_id: `p_${tier}_month` },
            { id: `p_${tier}_year`, price: tier * 10000, recurring: 'year', stripe_price_id: `p_${tier}_year` },
          ],
    discounts: [],
    use_ama: false,
    one_to_one_chat: false,
    can_use_premium_agents: false,
    can_create_membership_card: false,
    can_view_premium_resources: false,
    circle_discount_percent: 0,
    ...overrides,
  };
}

/** A member's subscription flags: a free member with no perks, then `overrides`. */
export function subscriptionFixture(overrides: Partial<UserSubscription> = {}): UserSubscription {
  return {
    can_create_membership_card: false,
    can_use_premium_agents: false,
    can_view_premium_resources: false,
    circle_discount_percent: 0,
    individual_subscription: false,
    institutional_subscription: false,
    is_institutional_membership: false,
    one_to_one_chat: false,
    subscription_tier: 0,
    use_ama: false,
    applied_membership_tier: 'Free',
    ...overrides,
  };
}
