//! One-time payments (paid circles and events, donations): the one place where a completed
//! one-time checkout, from the local checkout or the provider's webhook, changes anything:
//! [`apply_payment_event`], applied once per event id. A paid seat follows the groups' seat
//! rules: the group row is locked while the seats are counted, so two payments for the last
//! seat are decided one after the other.

use domain::{
    groups::membership::{self, PAYMENT_CONFIRMED},
    payments::{
        events::Applied,
        one_time::{after_payment, AfterPayment, PaymentEvent, Purpose, CURRENCY},
    },
};
use sea_orm::{sea_query::OnConflict, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::{
    entities::{donations, groups, memberships, payment_events},
    now, Db, StoreError, StoreResult,
};

pub const KIND_PAYMENT: &str = "payment";
pub const KIND_DONATION: &str = "donation";

/// How a paid group's seat is paid (`memberships.payment_mode`).
pub const MODE_ONLINE: &str = "online";
pub const MODE_VOUCHER: &str = "voucher";
pub const MODE_OFFLINE: &str = "offline";

/// The site's group, its row locked until the transaction ends (`FOR UPDATE` on
/// PostgreSQL; on SQLite a write transaction already holds the only write lock). Taken
/// before counting seats, so that seat decisions on one group run one after the other.
pub async fn lock_group(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find_by_id(group_id)
        .filter(groups::Column::TenantId.eq(tenant_id))
        .lock_exclusive()
        .one(db)
        .await?)
}

/// The caller's membership of the group and whether its seats are all taken.
pub async fn seat_state(
    db: &impl ConnectionTrait,
    group: &groups::Model,
    user_id: i64,
) -> StoreResult<(Option<memberships::Model>, bool)> {
    let current = super::memberships::find(db, group.id, user_id).await?;
    let accepted = super::groups::accepted_count(db, group.id).await?;
    Ok((current, membership::is_full(&group.group_type, group.maximum_size, accepted)))
}

/// Applies a completed one-time payment inside `txn` (the caller commits): records the
/// event id first (a replay changes nothing), then gives the paid seat (accepted with the
/// payment confirmed, or on the wait list when the last seat went first) or records the
/// donation. An event for a group the site does not have is refused (`NotFound`) and not
/// recorded.
pub async fn apply_payment_event(txn: &impl ConnectionTrait, event: &PaymentEvent) -> StoreResult<Applied> {
    let group_id = match &event.purpose {
        Purpose::Group { group_id } | Purpose::Donation { group_id, .. } => *group_id,
    };
    let Some(group) = lock_group(txn, event.tenant_id, group_id).await? else {
        return Err(StoreError::NotFound);
    };
    let first = payment_events::Entity::insert(payment_events::ActiveModel {
        id: Set(event.id.clone()),
        event_type: Set(domain::payments::one_time::CHECKOUT_COMPLETED.to_string()),
        created: Set(event.created),
        processed_at: Set(now()),
    })
    .on_conflict(OnConflict::column(payment_events::Column::Id).do_nothing().to_owned())
    .exec_without_returning(txn)
    .await?;
    if first == 0 {
        return Ok(Applied::Replayed);
    }
    match &event.purpose {
        Purpose::Group { .. } => pay_seat(txn, &group, event.user_id).await?,
        Purpose::Donation { name, .. } => {
            let added = donations::Entity::insert(donations::ActiveModel {
                tenant_id: Set(event.tenant_id),
                group_id: Set(group.id),
                user_id: Set(event.user_id),
                checkout_session_id: Set(event.session_id.clone()),
                name: Set(name.clone()),
                amount: Set(event.amount),
                currency: Set(CURRENCY.to_string()),
                created_at: Set(now()),
                ..Default::default()
            })
            .on_conflict(OnConflict::column(donations::Column::CheckoutSessionId).do_nothing().to_owned())
            .exec_without_returning(txn)
            .await?;
            if added == 0 {
                return Ok(Applied::Replayed);
            }
        }
    }
    Ok(Applied::Changed)
}

/// The payer's seat once paid (the group row is locked by the caller).
async fn pay_seat(txn: &impl ConnectionTrait, group: &groups::Model, user_id: i64) -> StoreResult<()> {
    let (current, is_full) = seat_state(txn, group, user_id).await?;
    let status = current.as_ref().map(|m| m.status.as_str());
    if let Some(mine) = current.clone().filter(|m| m.status == membership::STATUS_ACCEPTED) {
        super::memberships::set_payment(txn, mine, PAYMENT_CONFIRMED, Some(MODE_ONLINE)).await?;
        return tell_paid(txn, group, user_id).await;
    }
    let waits = after_payment(status, is_full) == AfterPayment::Waitlisted;
    // A pending request keeps its role and answers; otherwise the group's default role.
    let pending = current.filter(|m| m.status == membership::STATUS_PENDING);
    let default_role = membership::join_role(&group.group_type, None).unwrap_or("member");
    let role = pending.as_ref().map(|m| m.role.clone()).unwrap_or_else(|| default_role.to_string());
    let saved = super::memberships::apply(
        txn,
        super::memberships::Apply {
            group_id: group.id,
            user_id,
            role: &role,
            status: if waits { membership::STATUS_PENDING } else { membership::STATUS_ACCEPTED },
            extra_info: pending.and_then(|m| m.extra_info),
            waitlisted: waits,
            payment_status: Some(PAYMENT_CONFIRMED),
        },
    )
    .await?;
    super::memberships::set_payment(txn, saved, PAYMENT_CONFIRMED, Some(MODE_ONLINE)).await?;
    tell_paid(txn, group, user_id).await
}

/// The payer's "payment confirmed" notification, in the payment's transaction. It is not
/// pushed over the socket (the payment paths run outside the web layer's hub): the payer
/// sees it with the next identity or notifications fetch.
async fn tell_paid(txn: &impl ConnectionTrait, group: &groups::Model, user_id: i64) -> StoreResult<()> {
    let path = domain::notifications::group_path(&group.group_type, &group.slug);
    let notice = domain::notifications::payment_confirmed(&domain::notifications::Group {
        name: &group.name,
        slug: &group.slug,
        group_type: &group.group_type,
        image: group.logo.as_deref(),
        path: &path,
    });
    super::notifications::create(
        txn,
        vec![super::notifications::NewNotification {
            tenant_id: group.tenant_id,
            user_id,
            actor_id: None,
            kind: notice.kind,
            notification_type: notice.notification_type.to_string(),
            message: notice.message,
            data: notice.data,
        }],
    )
    .await?;
    Ok(())
}

/// [`apply_payment_event`] in its own transaction (the webhook path).
pub async fn apply_payment_event_now(db: &Db, event: &PaymentEvent) -> StoreResult<Applied> {
    let txn = crate::begin_write(db).await?;
    let applied = apply_payment_event(&txn, event).await?;
    txn.commit().await?;
    Ok(applied)
}

/// The donations given to a group, newest first (for its administrators).
pub async fn donations_of(db: &impl ConnectionTrait, group_id: i64, limit: u64) -> StoreResult<Vec<donations::Model>> {
    use sea_orm::QueryOrder;
    Ok(donations::Entity::find()
        .filter(donations::Column::GroupId.eq(group_id))
        .order_by_desc(donations::Column::CreatedAt)
        .limit(limit)
        .all(db)
        .await?)
}
