//! Payments and memberships: the site's plans, prices and discounts, members'
//! subscriptions, checkout sessions and payments, and the one place where provider events
//! (local checkout or webhook) change a subscription: [`apply_event`], applied once per
//! event id and never backwards in time.

use domain::payments::{
    events::{Applied, ProviderEvent},
    input::PlanInput,
    status::{event_applies, SubscriptionStatus},
};
use sea_orm::{
    sea_query::{Expr, OnConflict},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::{
    entities::{
        checkout_sessions, payment_events, payments, subscription_discounts, subscription_plans, subscription_prices,
        user_subscriptions,
    },
    now, Db, StoreError, StoreResult,
};

pub const SESSION_OPEN: &str = "open";
pub const SESSION_PENDING: &str = "pending";
pub const SESSION_COMPLETE: &str = "complete";
pub const KIND_SUBSCRIPTION: &str = "subscription";

pub const PAYMENT_SUCCEEDED: &str = "succeeded";
pub const PAYMENT_PENDING: &str = "pending";
pub const PAYMENT_FAILED: &str = "failed";

/// A plan with its prices (monthly first).
#[derive(Debug, Clone)]
pub struct PlanWithPrices {
    pub plan: subscription_plans::Model,
    pub prices: Vec<subscription_prices::Model>,
}

/// The site's plans by tier, each with its prices: two queries.
pub async fn plans(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Vec<PlanWithPrices>> {
    let plans = subscription_plans::Entity::find()
        .filter(subscription_plans::Column::TenantId.eq(tenant_id))
        .order_by_asc(subscription_plans::Column::SubscriptionTier)
        .all(db)
        .await?;
    let prices = subscription_prices::Entity::find()
        .filter(subscription_prices::Column::TenantId.eq(tenant_id))
        .order_by_asc(subscription_prices::Column::Recurring)
        .all(db)
        .await?;
    Ok(plans
        .into_iter()
        .map(|plan| {
            let prices = prices.iter().filter(|p| p.plan_id == plan.id).cloned().collect();
            PlanWithPrices { plan, prices }
        })
        .collect())
}

/// The site's discounts.
pub async fn discounts(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Vec<subscription_discounts::Model>> {
    Ok(subscription_discounts::Entity::find()
        .filter(subscription_discounts::Column::TenantId.eq(tenant_id))
        .order_by_asc(subscription_discounts::Column::Id)
        .all(db)
        .await?)
}

/// A price of the site by its provider id, with its plan; `None` for an unknown id or a
/// price of another site.
pub async fn price_by_provider_id(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    provider_price_id: &str,
) -> StoreResult<Option<(subscription_prices::Model, subscription_plans::Model)>> {
    let Some(price) = subscription_prices::Entity::find()
        .filter(subscription_prices::Column::ProviderPriceId.eq(provider_price_id))
        .filter(subscription_prices::Column::TenantId.eq(tenant_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let plan = subscription_plans::Entity::find_by_id(price.plan_id).one(db).await?.ok_or(StoreError::NotFound)?;
    Ok(Some((price, plan)))
}

/// A price by its row id, with its plan.
pub async fn price_by_id(
    db: &impl ConnectionTrait,
    price_id: i64,
) -> StoreResult<(subscription_prices::Model, subscription_plans::Model)> {
    let price = subscription_prices::Entity::find_by_id(price_id).one(db).await?.ok_or(StoreError::NotFound)?;
    let plan = subscription_plans::Entity::find_by_id(price.plan_id).one(db).await?.ok_or(StoreError::NotFound)?;
    Ok((price, plan))
}

/// The site's free plan (tier 0), if it has one.
pub async fn free_plan(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<subscription_plans::Model>> {
    Ok(subscription_plans::Entity::find()
        .filter(subscription_plans::Column::TenantId.eq(tenant_id))
        .filter(subscription_plans::Column::SubscriptionTier.eq(0))
        .one(db)
        .await?)
}

/// The member's subscription on the site (current or the last one that ended).
pub async fn subscription_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Option<user_subscriptions::Model>> {
    Ok(user_subscriptions::Entity::find()
        .filter(user_subscriptions::Column::TenantId.eq(tenant_id))
        .filter(user_subscriptions::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// Creates or replaces a plan (by tier when `id` is `None`) with its prices, in one
/// transaction. A price takes the provider id given with it (a Stripe price); a new one
/// without gets an id made by `price_id_for(recurring)`, an existing one keeps its id.
pub async fn save_plan(
    db: &Db,
    tenant_id: i64,
    id: Option<i64>,
    input: &PlanInput,
    mut price_id_for: impl FnMut(&str) -> String,
) -> StoreResult<i64> {
    let txn = crate::begin_write(db).await?;
    let at = now();
    let json = |items: &Vec<String>| serde_json::to_string(items).expect("strings serialise");
    let mut row = subscription_plans::ActiveModel {
        tenant_id: Set(tenant_id),
        name: Set(input.name.clone()),
        description: Set(input.description.clone()),
        subscription_tier: Set(input.subscription_tier),
        trial_days: Set(input.trial_days),
        included_features: Set(json(&input.included_features)),
        excluded_features: Set(json(&input.excluded_features)),
        use_ama: Set(input.use_ama),
        one_to_one_chat: Set(input.one_to_one_chat),
        can_use_premium_agents: Set(input.can_use_premium_agents),
        can_create_membership_card: Set(input.can_create_membership_card),
        can_view_premium_resources: Set(input.can_view_premium_resources),
        circle_discount_percent: Set(input.circle_discount_percent),
        updated_at: Set(at),
        ..Default::default()
    };
    let plan_id = match id {
        Some(id) => {
            let existing = subscription_plans::Entity::find_by_id(id)
                .filter(subscription_plans::Column::TenantId.eq(tenant_id))
                .one(&txn)
                .await?
                .ok_or(StoreError::NotFound)?;
            row.id = Set(existing.id);
            row.created_at = Set(existing.created_at);
            row.update(&txn).await.map_err(StoreError::classify)?;
            id
        }
        None => {
            row.created_at = Set(at);
            row.insert(&txn).await.map_err(StoreError::classify)?.id
        }
    };
    let existing =
        subscription_prices::Entity::find().filter(subscription_prices::Column::PlanId.eq(plan_id)).all(&txn).await?;
    for price in &input.prices {
        let recurring = price.recurring.as_str();
        match existing.iter().find(|p| p.recurring == recurring) {
            Some(old) => {
                let mut row: subscription_prices::ActiveModel = old.clone().into();
                row.unit_amount = Set(price.unit_amount);
                if let Some(provider_price_id) = &price.provider_price_id {
                    row.provider_price_id = Set(provider_price_id.clone());
                }
                row.updated_at = Set(at);
                row.update(&txn).await.map_err(StoreError::classify)?;
            }
            None => {
                subscription_prices::ActiveModel {
                    tenant_id: Set(tenant_id),
                    plan_id: Set(plan_id),
                    unit_amount: Set(price.unit_amount),
                    recurring: Set(recurring.to_string()),
                    provider_price_id: Set(price.provider_price_id.clone().unwrap_or_else(|| price_id_for(recurring))),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
                .insert(&txn)
                .await
                .map_err(StoreError::classify)?;
            }
        }
    }
    txn.commit().await?;
    Ok(plan_id)
}

/// A new discount of the site.
pub async fn add_discount(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    name: &str,
    description: &str,
    percent: i16,
    tiers: &[i16],
) -> StoreResult<subscription_discounts::Model> {
    let at = now();
    Ok(subscription_discounts::ActiveModel {
        tenant_id: Set(tenant_id),
        name: Set(name.to_string()),
        description: Set(description.to_string()),
        discount_percentage: Set(percent),
        subscription_tiers: Set(serde_json::to_string(tiers).expect("tiers serialise")),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// What a new checkout session holds.
pub struct NewSession<'a> {
    pub id: &'a str,
    pub tenant_id: i64,
    pub user_id: i64,
    pub kind: &'a str,
    pub price_id: Option<i64>,
    pub amount: i64,
    pub discount_name: Option<String>,
    pub discount_percent: u8,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
    /// A one-time checkout's group and what it buys.
    pub group_id: Option<i64>,
    pub description: Option<String>,
}

pub async fn create_session(db: &impl ConnectionTrait, new: NewSession<'_>) -> StoreResult<checkout_sessions::Model> {
    let at = now();
    Ok(checkout_sessions::ActiveModel {
        id: Set(new.id.to_string()),
        tenant_id: Set(new.tenant_id),
        user_id: Set(new.user_id),
        kind: Set(new.kind.to_string()),
        price_id: Set(new.price_id),
        amount: Set(new.amount),
        discount_name: Set(new.discount_name),
        discount_percent: Set(new.discount_percent.into()),
        status: Set(SESSION_OPEN.to_string()),
        success_url: Set(new.success_url.to_string()),
        cancel_url: Set(new.cancel_url.to_string()),
        provider_subscription_id: Set(None),
        group_id: Set(new.group_id),
        description: Set(new.description),
        created_at: Set(at),
        updated_at: Set(at),
    }
    .insert(db)
    .await?)
}

pub async fn find_session(db: &impl ConnectionTrait, id: &str) -> StoreResult<Option<checkout_sessions::Model>> {
    Ok(checkout_sessions::Entity::find_by_id(id.to_string()).one(db).await?)
}

/// Moves a session from `from` to `to`; false when another request moved it first.
pub async fn move_session(
    db: &impl ConnectionTrait,
    id: &str,
    from: &str,
    to: &str,
    provider_subscription_id: Option<&str>,
) -> StoreResult<bool> {
    let mut update = checkout_sessions::Entity::update_many()
        .col_expr(checkout_sessions::Column::Status, Expr::value(to))
        .col_expr(checkout_sessions::Column::UpdatedAt, Expr::value(now()));
    if let Some(sub) = provider_subscription_id {
        update = update.col_expr(checkout_sessions::Column::ProviderSubscriptionId, Expr::value(sub));
    }
    let done = update
        .filter(checkout_sessions::Column::Id.eq(id))
        .filter(checkout_sessions::Column::Status.eq(from))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Records a card payment attempt of a session.
pub async fn record_payment(
    db: &impl ConnectionTrait,
    session: &checkout_sessions::Model,
    amount: i64,
    status: &str,
    card_last4: &str,
) -> StoreResult<payments::Model> {
    Ok(payments::ActiveModel {
        tenant_id: Set(session.tenant_id),
        user_id: Set(session.user_id),
        checkout_session_id: Set(session.id.clone()),
        amount: Set(amount),
        status: Set(status.to_string()),
        card_last4: Set(card_last4.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// Marks the pending payment of a session succeeded; false when there was none.
pub async fn confirm_pending_payment(db: &impl ConnectionTrait, session_id: &str) -> StoreResult<bool> {
    let done = payments::Entity::update_many()
        .col_expr(payments::Column::Status, Expr::value(PAYMENT_SUCCEEDED))
        .filter(payments::Column::CheckoutSessionId.eq(session_id))
        .filter(payments::Column::Status.eq(PAYMENT_PENDING))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// The payments of a session, oldest first.
pub async fn payments_of_session(db: &impl ConnectionTrait, session_id: &str) -> StoreResult<Vec<payments::Model>> {
    Ok(payments::Entity::find()
        .filter(payments::Column::CheckoutSessionId.eq(session_id))
        .order_by_asc(payments::Column::Id)
        .all(db)
        .await?)
}

/// Applies one provider event inside `txn` (the caller commits): records its id (a replay
/// changes nothing) and writes the subscription snapshot unless a later event was applied.
/// An event naming a price this site does not have is refused (`NotFound`), not recorded,
/// so that the provider's retry can apply it once the price exists.
pub async fn apply_event(txn: &impl ConnectionTrait, event: &ProviderEvent) -> StoreResult<Applied> {
    let snapshot = &event.subscription;
    let Some((price, _)) = price_by_provider_id(txn, snapshot.tenant_id, &snapshot.provider_price_id).await? else {
        return Err(StoreError::NotFound);
    };
    let first = payment_events::Entity::insert(payment_events::ActiveModel {
        id: Set(event.id.clone()),
        event_type: Set(event.event_type.clone()),
        created: Set(event.created),
        processed_at: Set(now()),
    })
    .on_conflict(OnConflict::column(payment_events::Column::Id).do_nothing().to_owned())
    .exec_without_returning(txn)
    .await?;
    if first == 0 {
        return Ok(Applied::Replayed);
    }
    let existing = subscription_of(txn, snapshot.tenant_id, snapshot.user_id).await?;
    if let Some(current) = &existing {
        let same = current.provider_subscription_id == snapshot.provider_subscription_id;
        let current_status = SubscriptionStatus::parse(&current.status).unwrap_or(SubscriptionStatus::Canceled);
        let applies = if same {
            event_applies(current.last_event_at, current.last_event_rank, event.created, snapshot.status)
        } else {
            // Another subscription of the member: a new one replaces an older one, but the
            // late news of an older subscription never replaces the current one.
            event.created >= current.last_event_at && (!snapshot.status.is_ended() || current_status.is_ended())
        };
        if !applies {
            return Ok(Applied::Stale);
        }
    }
    let at = now();
    let mut row = user_subscriptions::ActiveModel {
        tenant_id: Set(snapshot.tenant_id),
        user_id: Set(snapshot.user_id),
        provider_subscription_id: Set(snapshot.provider_subscription_id.clone()),
        price_id: Set(price.id),
        status: Set(snapshot.status.as_str().to_string()),
        trial_end: Set(snapshot.trial_end),
        current_period_end: Set(snapshot.current_period_end),
        cancel_at: Set(snapshot.cancel_at),
        canceled_at: Set(snapshot.canceled_at),
        cancellation_reason: Set(snapshot.cancellation_reason.clone()),
        discount_name: Set(snapshot.discount_name.clone()),
        discount_percent: Set(snapshot.discount_percent.into()),
        client_secret: Set(snapshot.client_secret.clone()),
        last_event_at: Set(event.created),
        last_event_rank: Set(snapshot.status.rank()),
        updated_at: Set(at),
        ..Default::default()
    };
    match existing {
        Some(current) => {
            row.id = Set(current.id);
            row.created_at = Set(current.created_at);
            row.update(txn).await.map_err(StoreError::classify)?;
        }
        None => {
            row.created_at = Set(at);
            row.insert(txn).await.map_err(StoreError::classify)?;
        }
    }
    Ok(Applied::Changed)
}

/// [`apply_event`] in its own transaction.
pub async fn apply_event_now(db: &Db, event: &ProviderEvent) -> StoreResult<Applied> {
    let txn = crate::begin_write(db).await?;
    let applied = apply_event(&txn, event).await?;
    txn.commit().await?;
    Ok(applied)
}

/// Whether the member ever had a subscription on the site (the free trial is for those
/// without one).
pub async fn ever_subscribed(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<bool> {
    Ok(subscription_of(db, tenant_id, user_id).await?.is_some())
}
