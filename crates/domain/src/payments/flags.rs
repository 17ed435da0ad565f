//! Tier flags (spec 002 §3 "User subscription", §6 "Subscription flags"): computed on the
//! server from the plan in force for the member: the one their own subscription entitles
//! them to, or their institution's plan when its tier is higher, or else the free plan.

use serde::Serialize;

use super::{institutional::institution_applies, status::SubscriptionStatus};

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
    /// The member has a subscription of their own (in any state: the free trial is only for
    /// those without one).
    pub individual_subscription: bool,
    /// An institution's plan covers the member (whether or not it is the one in force).
    pub institutional_subscription: bool,
    /// The tier of the institution's plan that covers the member.
    pub institutional_subscription_tier: Option<i16>,
    /// The plan in force is the institution's (its tier is above the member's own).
    pub is_institutional_membership: bool,
}

/// The flags of a member whose own subscription (if any) is in `status` on plan
/// `subscribed`, whose institution's plan (if one covers them) is `institutional`; `free` is
/// the site's tier-0 plan. A subscription that does not entitle (pending, ended) counts as
/// none; the institution's plan applies when its tier is above the own entitled one
/// ([`institution_applies`]); the free plan otherwise.
pub fn tier_flags(
    subscribed: Option<(&PlanFeatures, SubscriptionStatus)>,
    institutional: Option<&PlanFeatures>,
    free: Option<&PlanFeatures>,
) -> TierFlags {
    let payment_status = subscribed.map(|(_, status)| status.payment_status());
    let own = subscribed.filter(|(_, status)| status.entitles()).map(|(plan, _)| plan);
    let from_institution =
        institutional.filter(|inst| institution_applies(inst.subscription_tier, own.map(|p| p.subscription_tier)));
    let plan = from_institution.or(own).or(free);
    let sources = TierFlags {
        payment_status,
        individual_subscription: subscribed.is_some(),
        institutional_subscription: institutional.is_some(),
        institutional_subscription_tier: institutional.map(|p| p.subscription_tier),
        is_institutional_membership: from_institution.is_some(),
        ..TierFlags::default()
    };
    let Some(plan) = plan else {
        return sources;
    };
    TierFlags {
        applied_membership_tier: Some(plan.name.clone()),
        subscription_tier: plan.subscription_tier,
        use_ama: plan.use_ama,
        one_to_one_chat: plan.one_to_one_chat,
        can_use_premium_agents: plan.can_use_premium_agents,
        can_create_membership_card: plan.can_create_membership_card,
        can_view_premium_resources: plan.can_view_premium_resources,
        circle_discount_percent: super::pricing::clamp_percent(plan.circle_discount_percent.into()),
        ..sources
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
            let flags = tier_flags(Some((&pro, status)), None, Some(&free));
            assert_eq!(flags.applied_membership_tier.as_deref(), Some("Pro"));
            assert!(flags.use_ama && flags.can_use_premium_agents);
            assert_eq!(flags.circle_discount_percent, 20);
            assert_eq!(flags.payment_status, Some("confirmed"));
        }
    }

    #[test]
    fn pending_or_ended_falls_back_to_free() {
        let (free, pro) = (plan("Free", 0, false, 0), plan("Pro", 2, true, 20));
        let pending = tier_flags(Some((&pro, SubscriptionStatus::Incomplete)), None, Some(&free));
        assert_eq!(pending.applied_membership_tier.as_deref(), Some("Free"));
        assert_eq!(pending.payment_status, Some("pending"));
        assert!(!pending.use_ama);
        let ended = tier_flags(Some((&pro, SubscriptionStatus::Canceled)), None, Some(&free));
        assert_eq!(ended.subscription_tier, 0);
        let none = tier_flags(None, None, None);
        assert_eq!(none, TierFlags::default());
    }

    #[test]
    fn an_institutions_higher_tier_replaces_the_own_one() {
        let (free, basic, pro) = (plan("Free", 0, false, 0), plan("Basic", 1, false, 10), plan("Pro", 2, true, 20));
        // Covered, no own subscription: the institution's plan is in force.
        let covered = tier_flags(None, Some(&pro), Some(&free));
        assert_eq!(covered.applied_membership_tier.as_deref(), Some("Pro"));
        assert!(covered.use_ama && covered.can_use_premium_agents);
        assert_eq!(covered.circle_discount_percent, 20);
        assert!(covered.institutional_subscription && covered.is_institutional_membership);
        assert!(!covered.individual_subscription);
        assert_eq!(covered.institutional_subscription_tier, Some(2));
        assert_eq!(covered.payment_status, None);
        // A lower own tier gives way; a pending own payment still shows as pending.
        let lower = tier_flags(Some((&basic, SubscriptionStatus::Active)), Some(&pro), Some(&free));
        assert_eq!(lower.subscription_tier, 2);
        assert!(lower.is_institutional_membership && lower.individual_subscription);
        let pending = tier_flags(Some((&pro, SubscriptionStatus::Incomplete)), Some(&basic), Some(&free));
        assert_eq!(pending.applied_membership_tier.as_deref(), Some("Basic"));
        assert_eq!(pending.payment_status, Some("pending"));
        assert!(pending.is_institutional_membership);
    }

    #[test]
    fn an_own_tier_as_high_or_higher_stays_in_force() {
        let (free, basic, pro) = (plan("Free", 0, false, 0), plan("Basic", 1, false, 10), plan("Pro", 2, true, 20));
        for institution in [&basic, &pro] {
            let flags = tier_flags(Some((&pro, SubscriptionStatus::Active)), Some(institution), Some(&free));
            assert_eq!(flags.applied_membership_tier.as_deref(), Some("Pro"));
            assert!(flags.institutional_subscription, "still covered: the badge shows");
            assert!(!flags.is_institutional_membership);
            assert_eq!(flags.institutional_subscription_tier, Some(institution.subscription_tier));
        }
        // An ended own subscription no longer counts: the institution's plan applies.
        let ended = tier_flags(Some((&pro, SubscriptionStatus::Canceled)), Some(&basic), Some(&free));
        assert_eq!(ended.applied_membership_tier.as_deref(), Some("Basic"));
        assert!(ended.is_institutional_membership && ended.individual_subscription);
    }

    #[test]
    fn the_circle_discount_is_clamped() {
        let odd = plan("Odd", 1, true, 140);
        assert_eq!(tier_flags(Some((&odd, SubscriptionStatus::Active)), None, None).circle_discount_percent, 100);
    }
}
