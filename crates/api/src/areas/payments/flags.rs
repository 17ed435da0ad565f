//! The tier flags of a member on a site (spec 002 §3 "User subscription", §6), computed
//! from the plan in force: the one their own subscription entitles them to, or the plan of
//! an institution of theirs when its tier is higher, or else the free plan. Identity returns
//! them; the areas they gate (assistant, chat, premium agents and resources, circle
//! discounts, the membership card) read them from here, and only from here.

use domain::payments::{
    flags::{tier_flags, PlanFeatures, TierFlags},
    status::SubscriptionStatus,
};
use store::{
    entities::{subscription_plans, user_subscriptions},
    queries::{institutional_subscriptions::InstitutionalPlan, payments as q},
    sea_orm::ConnectionTrait,
};

fn features(plan: &subscription_plans::Model) -> PlanFeatures {
    PlanFeatures {
        name: plan.name.clone(),
        subscription_tier: plan.subscription_tier,
        use_ama: plan.use_ama,
        one_to_one_chat: plan.one_to_one_chat,
        can_use_premium_agents: plan.can_use_premium_agents,
        can_create_membership_card: plan.can_create_membership_card,
        can_view_premium_resources: plan.can_view_premium_resources,
        circle_discount_percent: plan.circle_discount_percent,
    }
}

/// The member's subscription (with its price's period), the institution's plan covering
/// them, and their tier flags on the site.
pub struct MemberTier {
    pub flags: TierFlags,
    pub subscription: Option<user_subscriptions::Model>,
    /// month or year, for the subscription's price.
    pub recurring: Option<String>,
    /// The institutional plan covering the member (the highest, when several do).
    pub institutional: Option<InstitutionalPlan>,
}

/// A bounded number of small indexed reads, whatever the site's size: the subscription, its
/// price and plan, the institutional cover (one read, two when covered), and the free plan
/// only when neither of those applies.
pub async fn member_tier(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> store::StoreResult<MemberTier> {
    let subscription = q::subscription_of(db, tenant_id, user_id).await?;
    let subscribed = match &subscription {
        Some(s) => Some(q::price_by_id(db, s.price_id).await?),
        None => None,
    };
    let today = chrono::Utc::now().date_naive();
    let institutional = store::queries::institutional_subscriptions::cover_of(db, tenant_id, user_id, today).await?;
    let entitled = subscription
        .as_ref()
        .and_then(|s| SubscriptionStatus::parse(&s.status))
        .is_some_and(SubscriptionStatus::entitles);
    let free = if entitled || institutional.is_some() {
        None
    } else {
        q::free_plan(db, tenant_id).await?.map(|p| features(&p))
    };
    let paid = subscribed.as_ref().map(|(_, plan)| features(plan));
    let status =
        subscription.as_ref().map(|s| SubscriptionStatus::parse(&s.status).unwrap_or(SubscriptionStatus::Canceled));
    let from_institution = institutional.as_ref().map(|c| features(&c.plan));
    let flags = tier_flags(paid.as_ref().zip(status), from_institution.as_ref(), free.as_ref());
    Ok(MemberTier { flags, recurring: subscribed.map(|(price, _)| price.recurring), subscription, institutional })
}
