//! The demo's paid membership plans and its paid member.

use crate::{
    now,
    queries::{tenants::TenantRecord, users as user_q},
    Db, StoreResult,
};

/// The demo's paid member: noor holds the Professional plan (yearly, active), as the local
/// checkout would have left it, so the assistant, premium agents and chat can be tried at once.
pub(super) async fn seed_demo_paid_member(db: &Db, demo: &TenantRecord) -> StoreResult<()> {
    use crate::queries::payments as pay_q;
    use domain::payments::{
        events::{ProviderEvent, SubscriptionSnapshot},
        status::SubscriptionStatus,
    };
    let Some(noor) = user_q::find_by_email(db, "noor@example.com").await? else { return Ok(()) };
    if pay_q::ever_subscribed(db, demo.tenant.id, noor.id).await? {
        return Ok(());
    }
    let start = now().timestamp();
    let event = ProviderEvent {
        id: format!("evt_demo_{}_{}", demo.tenant.id, noor.id),
        created: start,
        event_type: "customer.subscription.created".into(),
        subscription: SubscriptionSnapshot {
            provider_subscription_id: format!("sub_demo_{}", noor.id),
            tenant_id: demo.tenant.id,
            user_id: noor.id,
            provider_price_id: format!("price_demo_{}_professional_year", demo.tenant.id),
            status: SubscriptionStatus::Active,
            trial_end: None,
            current_period_end: domain::payments::pricing::Recurring::Year.period_end(start),
            cancel_at: None,
            canceled_at: None,
            cancellation_reason: None,
            discount_name: None,
            discount_percent: 0,
            client_secret: None,
        },
    };
    pay_q::apply_event_now(db, &event).await?;
    Ok(())
}

/// The membership plans of a demo site (payments): a free tier and three paid tiers with
/// monthly and yearly prices (cents), a 14-day trial on the first paid tier, and a student
/// discount. Seeding again adds none.
pub(super) async fn seed_demo_membership_plans(db: &Db, tenant_id: i64) -> StoreResult<()> {
    use crate::queries::payments as pay_q;
    use domain::payments::{
        input::{PlanInput, PriceInput},
        pricing::Recurring,
    };
    if !pay_q::plans(db, tenant_id).await?.is_empty() {
        return Ok(());
    }
    let features = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let plans = [
        (
            "Free",
            "Join the community and explore.",
            0,
            0,
            [0, 0],
            0,
            features(&["Community circles and events", "Resource Hub", "Job board"]),
            features(&["AI assistant (AMA)", "Premium CareerGPS agents", "Membership card"]),
        ),
        (
            "Explorer",
            "The AI assistant and one-to-one chat.",
            1,
            14,
            [900, 9000],
            10,
            features(&["Everything in Free", "AI assistant (AMA)", "One-to-one chat", "10% off paid circles"]),
            features(&["Premium CareerGPS agents", "Membership card"]),
        ),
        (
            "Professional",
            "Premium agents and resources.",
            2,
            0,
            [1900, 19000],
            20,
            features(&[
                "Everything in Explorer",
                "Premium CareerGPS agents",
                "Premium resources",
                "20% off paid circles",
            ]),
            features(&["Membership card"]),
        ),
        (
            "Leader",
            "Everything, with a membership card.",
            3,
            0,
            [2900, 29000],
            30,
            features(&["Everything in Professional", "Membership card", "30% off paid circles"]),
            Vec::new(),
        ),
    ];
    for (name, description, tier, trial_days, [monthly, yearly], discount, included, excluded) in plans {
        let input = PlanInput {
            name: name.to_string(),
            description: description.to_string(),
            subscription_tier: tier,
            trial_days,
            included_features: included,
            excluded_features: excluded,
            use_ama: tier >= 1,
            one_to_one_chat: tier >= 1,
            can_use_premium_agents: tier >= 2,
            can_create_membership_card: tier >= 3,
            can_view_premium_resources: tier >= 2,
            circle_discount_percent: discount,
            prices: vec![
                PriceInput { unit_amount: monthly, recurring: Recurring::Month, provider_price_id: None },
                PriceInput { unit_amount: yearly, recurring: Recurring::Year, provider_price_id: None },
            ],
        };
        pay_q::save_plan(db, tenant_id, None, &input, |recurring| {
            format!("price_demo_{tenant_id}_{}_{recurring}", name.to_lowercase())
        })
        .await?;
    }
    pay_q::add_discount(
        db,
        tenant_id,
        "Student",
        "<p>For students enrolled full time at a college or university.</p>",
        25,
        &[1, 2, 3],
    )
    .await?;
    Ok(())
}
