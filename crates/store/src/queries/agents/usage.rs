//! Usage counts: uses per person, agent and month (`domain::agents::access::usage_period`).
//! A use is recorded with one upsert, so concurrent uses each count. The usage limit counts
//! per agent type in `agent_usage_totals`, checked and counted at once by [`claim`].

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, OnConflict},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set,
};

use crate::{
    entities::{agent_usage, agent_usage_totals},
    now, StoreResult,
};

/// `SUM(count)` as a BIGINT on both databases (PostgreSQL sums BIGINTs to NUMERIC).
fn total() -> sea_orm::sea_query::SimpleExpr {
    Expr::cust("CAST(COALESCE(SUM(\"count\"), 0) AS BIGINT)")
}

/// Counts one use of an agent by a person in `period`: the agent's count and the month's
/// total of its type (no limit; a run's report step claims the total with [`claim`] and
/// calls [`record_agent`]).
pub async fn record(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_id: i64,
    period: &str,
) -> StoreResult<()> {
    record_agent(db, tenant_id, user_id, agent_id, period).await?;
    let agent_type: Option<String> = crate::entities::agents::Entity::find_by_id(agent_id)
        .select_only()
        .column(crate::entities::agents::Column::AgentType)
        .into_tuple()
        .one(db)
        .await?;
    if let Some(agent_type) = agent_type {
        claim(db, tenant_id, user_id, &agent_type, period, None).await?;
    }
    Ok(())
}

/// Counts one use of an agent by a person in `period` in the agent's own count only.
pub async fn record_agent(
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

/// A person's uses of the agents of `agent_type` in `period` (what the usage limit of that
/// type counts; `agent_usage_totals`).
pub async fn count_for_type(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_type: &str,
    period: &str,
) -> StoreResult<u64> {
    let count: Option<i64> = agent_usage_totals::Entity::find()
        .select_only()
        .column(agent_usage_totals::Column::Count)
        .filter(agent_usage_totals::Column::TenantId.eq(tenant_id))
        .filter(agent_usage_totals::Column::UserId.eq(user_id))
        .filter(agent_usage_totals::Column::Period.eq(period))
        .filter(agent_usage_totals::Column::AgentType.eq(agent_type))
        .into_tuple()
        .one(db)
        .await?;
    Ok(u64::try_from(count.unwrap_or(0)).unwrap_or(0))
}

/// Counts one use of an agent of `agent_type` if the person is under `limit` (none: no
/// limit), in one statement: an upsert of the month's total whose update only happens while
/// `count < limit`, returning the new count. `None` when the limit is reached (nothing
/// written). Concurrent claims serialise on the total's row, so at most `limit` succeed.
pub async fn claim(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_type: &str,
    period: &str,
    limit: Option<u64>,
) -> StoreResult<Option<u64>> {
    use sea_orm::sea_query::Query;
    if limit == Some(0) {
        return Ok(None);
    }
    let count_col = Expr::col((agent_usage_totals::Entity, agent_usage_totals::Column::Count));
    let mut on_conflict = OnConflict::columns([
        agent_usage_totals::Column::TenantId,
        agent_usage_totals::Column::UserId,
        agent_usage_totals::Column::Period,
        agent_usage_totals::Column::AgentType,
    ])
    .value(agent_usage_totals::Column::Count, count_col.clone().add(1))
    .update_column(agent_usage_totals::Column::UpdatedAt)
    .to_owned();
    if let Some(limit) = limit {
        on_conflict.action_and_where(count_col.lt(i64::try_from(limit).unwrap_or(i64::MAX)));
    }
    let statement = Query::insert()
        .into_table(agent_usage_totals::Entity)
        .columns([
            agent_usage_totals::Column::TenantId,
            agent_usage_totals::Column::UserId,
            agent_usage_totals::Column::Period,
            agent_usage_totals::Column::AgentType,
            agent_usage_totals::Column::Count,
            agent_usage_totals::Column::UpdatedAt,
        ])
        .values_panic([tenant_id.into(), user_id.into(), period.into(), agent_type.into(), 1i64.into(), now().into()])
        .on_conflict(on_conflict)
        .returning_col(agent_usage_totals::Column::Count)
        .to_owned();
    let row = db.query_one(&statement).await?;
    match row {
        Some(row) => {
            let count: i64 = row.try_get("", "count")?;
            Ok(Some(u64::try_from(count).unwrap_or(0)))
        }
        None => Ok(None),
    }
}
