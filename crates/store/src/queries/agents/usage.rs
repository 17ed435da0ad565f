//! Usage counts: uses per person, agent and month (`domain::agents::access::usage_period`).
//! A use is recorded with one upsert, so concurrent uses each count.

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, OnConflict},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set,
};

use crate::{entities::agent_usage, now, StoreResult};

/// `SUM(count)` as a BIGINT on both databases (PostgreSQL sums BIGINTs to NUMERIC).
fn total() -> sea_orm::sea_query::SimpleExpr {
    Expr::cust("CAST(COALESCE(SUM(\"count\"), 0) AS BIGINT)")
}

/// Counts one use of an agent by a person in `period`.
pub async fn record(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_id: i64,
    period: &str,
) -> StoreResult<()> {
    let row = agent_usage::ActiveModel {
        tenant_id: Set(tenant_id),
        user_id: Set(user_id),
        agent_id: Set(agent_id),
        period: Set(period.to_string()),
        count: Set(1),
        updated_at: Set(now()),
        ..Default::default()
    };
    let on_conflict = OnConflict::columns([
        agent_usage::Column::TenantId,
        agent_usage::Column::UserId,
        agent_usage::Column::Period,
        agent_usage::Column::AgentId,
    ])
    .value(agent_usage::Column::Count, Expr::col((agent_usage::Entity, agent_usage::Column::Count)).add(1))
    .update_column(agent_usage::Column::UpdatedAt)
    .to_owned();
    agent_usage::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    Ok(())
}

/// A person's uses of every agent of the site in `period` (what the usage limit counts).
pub async fn count_for_user(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64, period: &str) -> StoreResult<u64> {
    let total: Option<i64> = agent_usage::Entity::find()
        .select_only()
        .column_as(total(), "total")
        .filter(agent_usage::Column::TenantId.eq(tenant_id))
        .filter(agent_usage::Column::UserId.eq(user_id))
        .filter(agent_usage::Column::Period.eq(period))
        .into_tuple()
        .one(db)
        .await?;
    Ok(u64::try_from(total.unwrap_or(0)).unwrap_or(0))
}

/// A person's uses in `period`, by agent (the agents list's `usage_count`).
pub async fn user_counts_by_agent(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    period: &str,
) -> StoreResult<HashMap<i64, u64>> {
    let rows: Vec<(i64, i64)> = agent_usage::Entity::find()
        .select_only()
        .column(agent_usage::Column::AgentId)
        .column(agent_usage::Column::Count)
        .filter(agent_usage::Column::TenantId.eq(tenant_id))
        .filter(agent_usage::Column::UserId.eq(user_id))
        .filter(agent_usage::Column::Period.eq(period))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(agent, count)| (agent, u64::try_from(count).unwrap_or(0))).collect())
}

/// Everyone's uses of an agent of the site in `period` (staff metrics).
pub async fn count_for_agent(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    agent_id: i64,
    period: &str,
) -> StoreResult<u64> {
    let total: Option<i64> = agent_usage::Entity::find()
        .select_only()
        .column_as(total(), "total")
        .filter(agent_usage::Column::TenantId.eq(tenant_id))
        .filter(agent_usage::Column::AgentId.eq(agent_id))
        .filter(agent_usage::Column::Period.eq(period))
        .into_tuple()
        .one(db)
        .await?;
    Ok(u64::try_from(total.unwrap_or(0)).unwrap_or(0))
}
