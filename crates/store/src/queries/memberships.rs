//! Group memberships and the role checks built on them.

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::{entities::memberships, now, StoreError, StoreResult};

pub const STATUS_ACCEPTED: &str = "accepted";
/// Roles that manage a group (spec 000 §6: admin-like users).
pub const MANAGEMENT_ROLES: [&str; 2] = ["admin", "leader"];

pub async fn find(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> StoreResult<Option<memberships::Model>> {
    Ok(memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// Adds a membership, or updates role and status when one exists.
pub async fn upsert(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
    role: &str,
    status: &str,
) -> StoreResult<memberships::Model> {
    let at = now();
    let existing = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .one(db)
        .await?;
    match existing {
        Some(model) => {
            let mut active: memberships::ActiveModel = model.into();
            active.role = Set(role.to_string());
            active.status = Set(status.to_string());
            active.updated_at = Set(at);
            Ok(active.update(db).await?)
        }
        None => memberships::ActiveModel {
            group_id: Set(group_id),
            user_id: Set(user_id),
            role: Set(role.to_string()),
            status: Set(status.to_string()),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(StoreError::classify),
    }
}

/// Whether the user holds an accepted admin or leader membership of the group.
pub async fn is_manager(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> StoreResult<bool> {
    let count = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(memberships::Column::Role.is_in(MANAGEMENT_ROLES))
        .count(db)
        .await?;
    Ok(count > 0)
}

/// The user's memberships of tenant root organizations, with each tenant's domain.
pub async fn tenant_organizations_of(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> StoreResult<Vec<(memberships::Model, crate::entities::groups::Model, String)>> {
    use crate::entities::{groups, tenants};
    let rows = memberships::Entity::find().filter(memberships::Column::UserId.eq(user_id)).all(db).await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let group_ids: Vec<i64> = rows.iter().map(|m| m.group_id).collect();
    let orgs = groups::Entity::find()
        .filter(groups::Column::Id.is_in(group_ids))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .all(db)
        .await?;
    let tenant_ids: Vec<i64> = orgs.iter().map(|g| g.tenant_id).collect();
    let domains: std::collections::HashMap<i64, String> = tenants::Entity::find()
        .filter(tenants::Column::Id.is_in(tenant_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.domain))
        .collect();
    Ok(orgs
        .into_iter()
        .filter_map(|org| {
            let membership = rows.iter().find(|m| m.group_id == org.id)?.clone();
            let domain = domains.get(&org.tenant_id)?.clone();
            Some((membership, org, domain))
        })
        .collect())
}

/// The user's memberships among `group_ids`.
pub async fn of_user_in(
    db: &impl ConnectionTrait,
    user_id: i64,
    group_ids: &[i64],
) -> StoreResult<Vec<memberships::Model>> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(memberships::Entity::find()
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::GroupId.is_in(group_ids.to_vec()))
        .all(db)
        .await?)
}
