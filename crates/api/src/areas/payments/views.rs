//! What the payments area answers: plans with prices and discounts, and the subscription
//! detail in the provider's shape (spec 002 §3: dates in Unix seconds, amounts in cents).

use serde::Serialize;
use store::{
    entities::{subscription_discounts, user_subscriptions},
    queries::payments::PlanWithPrices,
};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PriceView {
    /// The provider's price id: what `create-subscription` takes as `price_id`.
    pub id: String,
    /// In cents.
    pub price: i64,
    /// month or year.
    pub recurring: String,
    pub stripe_price_id: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DiscountView {
    pub id: i64,
    pub name: String,
    /// HTML.
    pub description: String,
    pub discount_percentage: i16,
    pub subscription_tiers: Vec<i16>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlanView {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// 0 to 3; 0 is free.
    pub subscription_tier: i16,
    /// The yearly price in cents (or the only one), with `recurring`.
    pub price: i64,
    pub recurring: String,
    pub trial_days: i32,
    pub included_features: Vec<String>,
    pub excluded_features: Vec<String>,
    pub prices: Vec<PriceView>,
    /// The self-declared discounts that apply to this tier.
    pub discounts: Vec<DiscountView>,
    pub use_ama: bool,
    pub one_to_one_chat: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
    pub circle_discount_percent: i16,
}

fn list(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

pub fn discount_tiers(discount: &subscription_discounts::Model) -> Vec<i16> {
    serde_json::from_str(&discount.subscription_tiers).unwrap_or_default()
}

pub fn discount_view(discount: &subscription_discounts::Model) -> DiscountView {
    DiscountView {
        id: discount.id,
        name: discount.name.clone(),
        description: discount.description.clone(),
        discount_percentage: discount.discount_percentage,
        subscription_tiers: discount_tiers(discount),
    }
}

pub fn plan_view(entry: &PlanWithPrices, discounts: &[subscription_discounts::Model]) -> PlanView {
    let plan = &entry.plan;
    let main = entry.prices.iter().find(|p| p.recurring == "year").or(entry.prices.first());
    PlanView {
        id: plan.id,
        name: plan.name.clone(),
        description: plan.description.clone(),
        subscription_tier: plan.subscription_tier,
        price: main.map_or(0, |p| p.unit_amount),
        recurring: main.map_or_else(|| "year".to_string(), |p| p.recurring.clone()),
        trial_days: plan.trial_days,
        included_features: list(&plan.included_features),
        excluded_features: list(&plan.excluded_features),
        prices: entry
            .prices
            .iter()
            .map(|p| PriceView {
                id: p.provider_price_id.clone(),
                price: p.unit_amount,
                recurring: p.recurring.clone(),
                stripe_price_id: p.provider_price_id.clone(),
            })
            .collect(),
        discounts: discounts
            .iter()
            .filter(|d| discount_tiers(d).contains(&plan.subscription_tier))
            .map(discount_view)
            .collect(),
        use_ama: plan.use_ama,
        one_to_one_chat: plan.one_to_one_chat,
        can_use_premium_agents: plan.can_use_premium_agents,
        can_create_membership_card: plan.can_create_membership_card,
        can_view_premium_resources: plan.can_view_premium_resources,
        circle_discount_percent: plan.circle_discount_percent,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Recurrence {
    /// month or year.
    pub interval: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PriceMetadata {
    /// The plan's tier, as text (the provider's metadata is text).
    pub subscription_tier: String,
    pub plan_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DetailPrice {
    pub id: String,
    /// In cents.
    pub unit_amount: i64,
    pub recurring: Recurrence,
    pub metadata: PriceMetadata,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DetailItem {
    pub price: DetailPrice,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DetailItems {
    pub data: Vec<DetailItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Coupon {
    pub name: String,
    pub percent_off: i16,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DetailDiscount {
    pub coupon: Coupon,
}

/// The member's subscription as the provider describes it (spec 002 §3 "Subscription detail").
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionDetail {
    pub id: String,
    /// incomplete (payment pending), trialing, active, past_due, unpaid, canceled.
    pub status: String,
    pub items: DetailItems,
    /// Unix seconds, or null.
    pub trial_end: Option<i64>,
    pub current_period_end: i64,
    pub cancel_at: Option<i64>,
    pub canceled_at: Option<i64>,
    pub cancel_at_period_end: bool,
    pub cancellation_reason: Option<String>,
    pub discount: Option<DetailDiscount>,
    /// Confirms a pending first payment (Resolve Now).
    pub client_secret: Option<String>,
    pub stripe_publishable_key: Option<String>,
    /// local or stripe.
    pub provider: String,
}

pub fn detail(
    subscription: &user_subscriptions::Model,
    price: &store::entities::subscription_prices::Model,
    plan: &store::entities::subscription_plans::Model,
    provider: &dyn services::payments::PaymentProvider,
) -> SubscriptionDetail {
    SubscriptionDetail {
        id: subscription.provider_subscription_id.clone(),
        status: subscription.status.clone(),
        items: DetailItems {
            data: vec![DetailItem {
                price: DetailPrice {
                    id: price.provider_price_id.clone(),
                    unit_amount: price.unit_amount,
                    recurring: Recurrence { interval: price.recurring.clone() },
                    metadata: PriceMetadata {
                        subscription_tier: plan.subscription_tier.to_string(),
                        plan_name: plan.name.clone(),
                    },
                },
            }],
        },
        trial_end: subscription.trial_end,
        current_period_end: subscription.current_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
        cancel_at_period_end: subscription.cancel_at.is_some() && subscription.status != "canceled",
        cancellation_reason: subscription.cancellation_reason.clone(),
        discount: subscription
            .discount_name
            .clone()
            .filter(|_| subscription.discount_percent > 0)
            .map(|name| DetailDiscount { coupon: Coupon { name, percent_off: subscription.discount_percent } }),
        client_secret: subscription.client_secret.clone().filter(|_| subscription.status == "incomplete"),
        stripe_publishable_key: provider.publishable_key(),
        provider: provider.name().to_string(),
    }
}
