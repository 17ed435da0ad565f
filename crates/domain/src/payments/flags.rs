//! Tier flags (spec 002 §3 "User subscription", §6 "Subscription flags"): computed on the
//! server from the plan the member's subscription entitles them to, or the free plan.

use serde::Serialize;

use super::status::SubscriptionStatus;

/// The features a plan grants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanFeatures {
    pub name: String,
    pub subscription_tier: i16,
    pub use_ama: bool,
    pub one_to_one_chat: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
    pub circle_discount_percent: i16,
}

/// What identity reports about the member's tier.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TierFlags {
    /// The name of the plan in force (the free plan's without a subscription).
    pub applied_membership_tier: Option<String>,
    pub subscription_tier: i16,
    /// pending or confirmed; null without a subscription.
    pub payment_status: Option<&'static str>,
    pub use_ama: bool,
    pub one_to_one_chat: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
    pub circle_discount_percent: u8,
}

/// The flags of a member whose subscription (if any) is in `status` on plan `subscribed`;
/// `free` is the site's tier-0 plan. A subscription that does not entitle (pending, ended)
/// falls back to the free plan.
pub fn tier_flags(subscribed: Option<(&PlanFeatures, SubscriptionStatus)>, free: Option<&PlanFeatures>) -> TierFlags {
    let payment_status = subscribed.map(|(_, status)| status.payment_status());
    let plan = match subscribed {
        Some((plan, status)) if status.entitles() => Some(plan),
        _ => free,
    };
    let Some(plan) = plan else {
        return TierFlags { payment_status, ..TierFlags::default() };
    };
    TierFlags {
        applied_membership_tier: Some(plan.name.clone()),
        subscription_tier: plan.subscription_tier,
        payment_status,
        use_ama: plan.use_ama,
        one_to_one_chat: plan.one_to_one_chat,
        can_use_premium_agents: plan.can_use_premium_agents,
        can_create_membership_card: plan.can_create_membership_card,
        can_view_premium_resources: plan.can_view_premium_resources,
        circle_discount_percent: super::pricing::clamp_percent(plan.circle_discount_percent.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(name: &str, tier: i16, on: bool, discount: i16) -> PlanFeatures {
        PlanFeatures {
            name: name.into(),
            subscription_tier: tier,
            use_ama: on,
            one_to_one_chat: on,
            can_use_premium_agents: on,
            can_create_membership_card: on,
            can_view_premium_resources: on,
            circle_discount_percent: discount,
        }
    }

    #[test]
    fn an_entitling_subscription_gives_its_plan() {
        let (free, pro) = (plan("Free", 0, false, 0), plan("Pro", 2, true, 20));
        for status in [SubscriptionStatus::Active, SubscriptionStatus::Trialing, SubscriptionStatus::PastDue] {
            let flags = tier_flags(Some((&pro, status)), Some(&free));
            assert_eq!(flags.applied_membership_tier.as_deref(), Some("Pro"));
            assert!(flags.use_ama && flags.can_use_premium_agents);
            assert_eq!(flags.circle_discount_percent, 20);
            assert_eq!(flags.payment_status, Some("confirmed"));
        }
    }

    #[test]
    fn pending_or_ended_falls_back_to_free() {
        let (free, pro) = (plan("Free", 0, false, 0), plan("Pro", 2, true, 20));
        let pending = tier_flags(Some((&pro, SubscriptionStatus::Incomplete)), Some(&free));
        assert_eq!(pending.applied_membership_tier.as_deref(), Some("Free"));
        assert_eq!(pending.payment_status, Some("pending"));
        assert!(!pending.use_ama);
        let ended = tier_flags(Some((&pro, SubscriptionStatus::Canceled)), Some(&free));
        assert_eq!(ended.subscription_tier, 0);
        let none = tier_flags(None, None);
        assert_eq!(none, TierFlags::default());
    }

    #[test]
    fn the_circle_discount_is_clamped() {
        let odd = plan("Odd", 1, true, 140);
        assert_eq!(tier_flags(Some((&odd, SubscriptionStatus::Active)), None).circle_discount_percent, 100);
    }
}
