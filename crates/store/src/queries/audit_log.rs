//! The audit log of administrators' actions (m0033). [`record`] is called with the
//! connection of the action's own transaction, so an action and its row commit together;
//! [`page`] reads one member's or item's history, newest first, on the
//! `(tenant, entity_type, entity_id, created_at)` index.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde_json::Value;

use crate::{
    entities::{audit_log, users},
    now, StoreResult,
};

pub const ENTITY_USER: &str = "user";
pub const ENTITY_JOB: &str = "job";
pub const ENTITY_RESOURCE: &str = "resource";
pub const ENTITY_AI_TOOL: &str = "ai_tool";
pub const ENTITY_USE_CASE: &str = "use_case";
pub const ENTITY_CONFIG: &str = "config";
/// The entity types an administrator may read the history of.
pub const ENTITY_TYPES: [&str; 6] =
    [ENTITY_USER, ENTITY_JOB, ENTITY_RESOURCE, ENTITY_AI_TOOL, ENTITY_USE_CASE, ENTITY_CONFIG];

/// Reasons longer than this are cut (the actions that take one check their own limit first).
pub const MAX_REASON_CHARS: usize = 2000;

fn row(
    tenant_id: i64,
    actor_id: Option<i64>,
    action: &str,
    entity_type: &str,
    entity_id: i64,
    reason: Option<&str>,
    details: Value,
) -> audit_log::ActiveModel {
    audit_log::ActiveModel {
        tenant_id: Set(tenant_id),
        actor_id: Set(actor_id),
        action: Set(action.chars().take(30).collect()),
        entity_type: Set(entity_type.to_string()),
        entity_id: Set(entity_id),
        reason: Set(reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| r.chars().take(MAX_REASON_CHARS).collect())),
        details: Set(details),
        created_at: Set(now()),
        ..Default::default()
    }
}

/// Records one action. Call it with the transaction that makes the change.
#[allow(clippy::too_many_arguments)]
pub async fn record(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    actor_id: Option<i64>,
    action: &str,
    entity_type: &str,
    entity_id: i64,
    reason: Option<&str>,
    details: Value,
) -> StoreResult<()> {
    audit_log::Entity::insert(row(tenant_id, actor_id, action, entity_type, entity_id, reason, details))
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Records the same action on many entities of one type in one statement per 500 rows (a
/// bulk accept or reject).
#[allow(clippy::too_many_arguments)]
pub async fn record_many(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    actor_id: Option<i64>,
    action: &str,
    entity_type: &str,
    entity_ids: &[i64],
    reason: Option<&str>,
    details: Value,
) -> StoreResult<()> {
    for chunk in entity_ids.chunks(500) {
        let rows = chunk.iter().map(|id| row(tenant_id, actor_id, action, entity_type, *id, reason, details.clone()));
        audit_log::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
}

/// A row of a history with the actor's name (None when the actor is gone).
#[derive(Debug, Clone)]
pub struct Entry {
    pub row: audit_log::Model,
    pub actor_name: Option<String>,
}

/// One page of an entity's history, newest first, with the actors' names (three queries:
/// the count, the page, its actors).
pub async fn page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    entity_type: &str,
    entity_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<super::Paged<Entry>> {
    let query = audit_log::Entity::find()
        .filter(audit_log::Column::TenantId.eq(tenant_id))
        .filter(audit_log::Column::EntityType.eq(entity_type))
        .filter(audit_log::Column::EntityId.eq(entity_id));
    let count = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(audit_log::Column::CreatedAt)
        .order_by_desc(audit_log::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    let mut actor_ids: Vec<i64> = rows.iter().filter_map(|r| r.actor_id).collect();
    actor_ids.sort_unstable();
    actor_ids.dedup();
    let names: HashMap<i64, String> = if actor_ids.is_empty() {
        HashMap::new()
    } else {
        users::Entity::find()
            .filter(users::Column::Id.is_in(actor_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|u| (u.id, format!("{} {}", u.first_name, u.last_name).trim().to_string()))
            .collect()
    };
    let items = rows
        .into_iter()
        .map(|row| {
            let actor_name = row.actor_id.and_then(|id| names.get(&id).cloned());
            Entry { row, actor_name }
        })
        .collect();
    Ok(super::Paged { items, count })
}
