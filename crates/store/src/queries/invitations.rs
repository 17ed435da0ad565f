//! Invitations to join a group, addressed to a user or an e-mail address. The id is an
//! unguessable token and also the invitation's link.

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::invitations, now, StoreResult};

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_ACCEPTED: &str = "accepted";
pub const STATUS_REJECTED: &str = "rejected";
pub const CONTENT_GROUP: &str = "group";
pub const CONTENT_JOB: &str = "job";

pub struct NewInvitation<'a> {
    pub id: &'a str,
    pub tenant_id: i64,
    pub content_type: &'a str,
    pub object_id: i64,
    pub invited_by: i64,
    pub user_id: Option<i64>,
    pub email: Option<&'a str>,
}

pub async fn create(db: &impl ConnectionTrait, new: NewInvitation<'_>) -> StoreResult<invitations::Model> {
    let at = now();
    Ok(invitations::ActiveModel {
        id: Set(new.id.to_string()),
        tenant_id: Set(new.tenant_id),
        content_type: Set(new.content_type.to_string()),
        object_id: Set(new.object_id),
        invited_by: Set(new.invited_by),
        user_id: Set(new.user_id),
        email: Set(new.email.map(str::to_string)),
        status: Set(STATUS_PENDING.to_string()),
        created_at: Set(at),
        updated_at: Set(at),
    }
    .insert(db)
    .await?)
}

/// An invitation of the tenant.
pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: &str) -> StoreResult<Option<invitations::Model>> {
    Ok(invitations::Entity::find_by_id(id.to_string())
        .filter(invitations::Column::TenantId.eq(tenant_id))
        .one(db)
        .await?)
}

/// Answers a pending invitation in one conditional UPDATE: of two answers at once only one
/// takes effect. False when it was no longer pending.
pub async fn answer_if_pending(db: &impl ConnectionTrait, id: &str, status: &str, user_id: i64) -> StoreResult<bool> {
    use sea_orm::sea_query::Expr;
    let result = invitations::Entity::update_many()
        .col_expr(invitations::Column::Status, Expr::value(status))
        .col_expr(invitations::Column::UserId, Expr::value(user_id))
        .col_expr(invitations::Column::UpdatedAt, Expr::value(now()))
        .filter(invitations::Column::Id.eq(id))
        .filter(invitations::Column::Status.eq(STATUS_PENDING))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Sets the status (and the user, when the invitee is now known).
pub async fn update(
    db: &impl ConnectionTrait,
    model: invitations::Model,
    status: &str,
    user_id: Option<i64>,
) -> StoreResult<invitations::Model> {
    let mut active: invitations::ActiveModel = model.into();
    active.status = Set(status.to_string());
    if let Some(user_id) = user_id {
        active.user_id = Set(Some(user_id));
    }
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}
