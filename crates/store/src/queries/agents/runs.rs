//! Runs of an agent: who ran it (and for whom), the answers by step order, the status and
//! the agent log. Changes read the run and write it back: call them inside a write
//! transaction (`crate::begin_write`) when two requests may touch the same run.

use domain::agents::run::RunStatus;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};
use serde_json::{Map, Value};

use super::super::Paged;
use crate::{entities::agent_runs, now, StoreError, StoreResult};

/// Entries of the agent log kept per run, at most (the oldest go first).
pub const MAX_LOG_ENTRIES: usize = 200;

#[derive(Debug, Clone, Copy)]
pub struct NewRun {
    pub tenant_id: i64,
    pub agent_id: i64,
    pub user_id: i64,
    /// The member staff run the agent for.
    pub beneficiary_id: Option<i64>,
}

/// Starts a run: in progress, no answers, an empty log.
pub async fn start(db: &impl ConnectionTrait, new: NewRun) -> StoreResult<agent_runs::Model> {
    let at = now();
    Ok(agent_runs::ActiveModel {
        tenant_id: Set(new.tenant_id),
        agent_id: Set(new.agent_id),
        user_id: Set(new.user_id),
        beneficiary_id: Set(new.beneficiary_id),
        answers: Set(Value::Object(Map::new())),
        current_step: Set(0),
        status: Set(RunStatus::InProgress.as_str().to_string()),
        log: Set(Value::Array(Vec::new())),
        created_at: Set(at),
        updated_at: Set(at),
        completed_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<agent_runs::Model>> {
    Ok(agent_runs::Entity::find_by_id(id).filter(agent_runs::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// The person's newest run of the agent that is still in progress (for that beneficiary,
/// or for themself when `beneficiary_id` is none).
pub async fn latest_open(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_id: i64,
    beneficiary_id: Option<i64>,
) -> StoreResult<Option<agent_runs::Model>> {
    let query = agent_runs::Entity::find()
        .filter(agent_runs::Column::TenantId.eq(tenant_id))
        .filter(agent_runs::Column::UserId.eq(user_id))
        .filter(agent_runs::Column::AgentId.eq(agent_id))
        .filter(agent_runs::Column::Status.eq(RunStatus::InProgress.as_str()));
    let query = match beneficiary_id {
        Some(id) => query.filter(agent_runs::Column::BeneficiaryId.eq(id)),
        None => query.filter(agent_runs::Column::BeneficiaryId.is_null()),
    };
    Ok(query.order_by_desc(agent_runs::Column::Id).one(db).await?)
}

async fn open_run(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<agent_runs::Model> {
    find(db, tenant_id, id).await?.ok_or(StoreError::NotFound)
}

/// Stores the (checked) answers of step `order`, replacing earlier answers to it; the
/// run's current step becomes the furthest step answered. A run no longer in progress is
/// a `Conflict`.
pub async fn save_answers(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    order: u32,
    answers: Value,
) -> StoreResult<agent_runs::Model> {
    let run = open_run(db, tenant_id, id).await?;
    if run.status != RunStatus::InProgress.as_str() {
        return Err(StoreError::Conflict("the run has ended".into()));
    }
    let mut all = match &run.answers {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    all.insert(order.to_string(), answers);
    let current = run.current_step.max(i32::try_from(order).unwrap_or(i32::MAX));
    let mut active: agent_runs::ActiveModel = run.into();
    active.answers = Set(Value::Object(all));
    active.current_step = Set(current);
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// Adds entries to the run's agent log (messages with type, id, content, …), keeping the
/// newest [`MAX_LOG_ENTRIES`].
pub async fn append_log(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    entries: Vec<Value>,
) -> StoreResult<agent_runs::Model> {
    let run = open_run(db, tenant_id, id).await?;
    let mut log = match &run.log {
        Value::Array(items) => items.clone(),
        _ => Vec::new(),
    };
    log.extend(entries);
    if log.len() > MAX_LOG_ENTRIES {
        log.drain(..log.len() - MAX_LOG_ENTRIES);
    }
    let mut active: agent_runs::ActiveModel = run.into();
    active.log = Set(Value::Array(log));
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// Ends a run as completed or failed.
pub async fn finish(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    status: RunStatus,
) -> StoreResult<agent_runs::Model> {
    let run = open_run(db, tenant_id, id).await?;
    let at = now();
    let mut active: agent_runs::ActiveModel = run.into();
    active.status = Set(status.as_str().to_string());
    active.completed_at = Set((!status.is_open()).then_some(at));
    active.updated_at = Set(at);
    Ok(active.update(db).await?)
}

/// Ends a run that is still in progress as completed, in one conditional update; `false`
/// when it had ended already (another request finished it first: it has the report).
pub async fn claim_completion(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<bool> {
    use sea_orm::sea_query::Expr;
    let at = now();
    let result = agent_runs::Entity::update_many()
        .col_expr(agent_runs::Column::Status, Expr::value(RunStatus::Completed.as_str()))
        .col_expr(agent_runs::Column::CompletedAt, Expr::value(Some(at)))
        .col_expr(agent_runs::Column::UpdatedAt, Expr::value(at))
        .filter(agent_runs::Column::TenantId.eq(tenant_id))
        .filter(agent_runs::Column::Id.eq(id))
        .filter(agent_runs::Column::Status.eq(RunStatus::InProgress.as_str()))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// The person's newest run of the agent, whatever its status (for that beneficiary, or for
/// themself when `beneficiary_id` is none).
pub async fn latest(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    agent_id: i64,
    beneficiary_id: Option<i64>,
) -> StoreResult<Option<agent_runs::Model>> {
    let query = agent_runs::Entity::find()
        .filter(agent_runs::Column::TenantId.eq(tenant_id))
        .filter(agent_runs::Column::UserId.eq(user_id))
        .filter(agent_runs::Column::AgentId.eq(agent_id));
    let query = match beneficiary_id {
        Some(id) => query.filter(agent_runs::Column::BeneficiaryId.eq(id)),
        None => query.filter(agent_runs::Column::BeneficiaryId.is_null()),
    };
    Ok(query.order_by_desc(agent_runs::Column::Id).one(db).await?)
}

/// One page of an agent's runs on the site, newest first (staff's agent log), with the count.
pub async fn page_for_agent(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    agent_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<agent_runs::Model>> {
    let query = agent_runs::Entity::find()
        .filter(agent_runs::Column::TenantId.eq(tenant_id))
        .filter(agent_runs::Column::AgentId.eq(agent_id));
    let count = query.clone().count(db).await?;
    let items = query.order_by_desc(agent_runs::Column::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}
