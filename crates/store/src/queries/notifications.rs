//! In-app notifications of a person on one site. Each is written by the caller inside the
//! transaction of the change that causes it, so a notification exists exactly when its
//! change does. Lists are newest first on `(tenant, user, created_at, id)`; the unread
//! count uses `(tenant, user, is_read)`.

use sea_orm::{
    sea_query::Expr, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use super::Paged;
use crate::{
    entities::{memberships, notifications},
    now, StoreResult,
};

/// A notification to write.
#[derive(Debug, Clone)]
pub struct NewNotification {
    pub tenant_id: i64,
    pub user_id: i64,
    pub actor_id: Option<i64>,
    pub kind: String,
    pub notification_type: String,
    pub message: String,
    pub data: serde_json::Value,
}

/// Writes the notifications (one insert each: a change tells a handful of people); returns
/// them with their ids, in order.
pub async fn create(db: &impl ConnectionTrait, new: Vec<NewNotification>) -> StoreResult<Vec<notifications::Model>> {
    let mut out = Vec::with_capacity(new.len());
    let at = now();
    for n in new {
        let row = notifications::ActiveModel {
            tenant_id: Set(n.tenant_id),
            user_id: Set(n.user_id),
            actor_id: Set(n.actor_id),
            kind: Set(n.kind),
            notification_type: Set(n.notification_type),
            message: Set(n.message),
            data: Set(Some(n.data)),
            is_read: Set(false),
            created_at: Set(at),
            ..Default::default()
        };
        out.push(notifications::Entity::insert(row).exec_with_returning(db).await?);
    }
    Ok(out)
}

/// One page of the user's notifications on the site, newest first, with the total count.
pub async fn page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<notifications::Model>> {
    let count = of_user(tenant_id, user_id).count(db).await?;
    let items = page_items(db, tenant_id, user_id, offset, limit).await?;
    Ok(Paged { items, count })
}

/// One page of the user's notifications on the site, newest first (on
/// `ix_notifications_user_created`), without counting them.
pub async fn page_items(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Vec<notifications::Model>> {
    Ok(of_user(tenant_id, user_id)
        .order_by_desc(notifications::Column::CreatedAt)
        .order_by_desc(notifications::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?)
}

fn of_user(tenant_id: i64, user_id: i64) -> sea_orm::Select<notifications::Entity> {
    notifications::Entity::find()
        .filter(notifications::Column::TenantId.eq(tenant_id))
        .filter(notifications::Column::UserId.eq(user_id))
}

/// How many of the user's notifications on the site are unread.
pub async fn unread_count(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<u64> {
    Ok(notifications::Entity::find()
        .filter(notifications::Column::TenantId.eq(tenant_id))
        .filter(notifications::Column::UserId.eq(user_id))
        .filter(notifications::Column::IsRead.eq(false))
        .count(db)
        .await?)
}

/// Marks one of the user's notifications read; None when the user has no such notification
/// of that kind on the site.
pub async fn mark_read(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    id: i64,
    kind: &str,
) -> StoreResult<Option<notifications::Model>> {
    let filter = || {
        notifications::Entity::find()
            .filter(notifications::Column::Id.eq(id))
            .filter(notifications::Column::TenantId.eq(tenant_id))
            .filter(notifications::Column::UserId.eq(user_id))
            .filter(notifications::Column::Kind.eq(kind))
    };
    let Some(found) = filter().one(db).await? else { return Ok(None) };
    if !found.is_read {
        notifications::Entity::update_many()
            .col_expr(notifications::Column::IsRead, Expr::value(true))
            .filter(notifications::Column::Id.eq(found.id))
            .exec(db)
            .await?;
    }
    Ok(Some(notifications::Model { is_read: true, ..found }))
}

/// Marks every unread notification of the user on the site read; returns how many.
pub async fn mark_all_read(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<u64> {
    let done = notifications::Entity::update_many()
        .col_expr(notifications::Column::IsRead, Expr::value(true))
        .filter(notifications::Column::TenantId.eq(tenant_id))
        .filter(notifications::Column::UserId.eq(user_id))
        .filter(notifications::Column::IsRead.eq(false))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// The accepted administrators and leaders of a group (who are told of join requests).
pub async fn group_managers(db: &impl ConnectionTrait, group_id: i64) -> StoreResult<Vec<i64>> {
    Ok(memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::Status.eq("accepted"))
        .filter(memberships::Column::Role.is_in(["admin", "leader"]))
        .into_tuple()
        .all(db)
        .await?)
}

/// The next `limit` accepted members of a group after user id `after`, by user id (the
/// batches of a fan-out walk `ux_memberships_group_user`).
pub async fn group_members_after(
    db: &impl ConnectionTrait,
    group_id: i64,
    after: i64,
    limit: u64,
) -> StoreResult<Vec<i64>> {
    Ok(memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.gt(after))
        .filter(memberships::Column::Status.eq("accepted"))
        .order_by_asc(memberships::Column::UserId)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?)
}
