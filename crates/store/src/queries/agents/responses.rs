//! The system agents' answers about members and use cases: one per agent and object, a
//! rerun replaces it (and moves `last_run_at`). The admin tables read the answers of a
//! page of objects in one query, and filter with [`matching`].

use domain::agents::system::SystemResponse;
use sea_orm::{
    sea_query::{Expr, ExprTrait, OnConflict, Query, SimpleExpr},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::{entities::agent_responses, now, StoreResult};

#[derive(Debug, Clone)]
pub struct NewResponse<'a> {
    pub tenant_id: i64,
    pub agent_id: i64,
    /// registration_approval, ai_enthusiasm_ranking or usecase_curation.
    pub agent_type: &'a str,
    /// user or aiusecase.
    pub content_type: &'a str,
    pub object_id: i64,
    pub response: &'a SystemResponse,
}

/// Stores an agent's answer about an object, replacing the one before; returns it.
pub async fn save(db: &impl ConnectionTrait, new: NewResponse<'_>) -> StoreResult<agent_responses::Model> {
    let at = now();
    let row = agent_responses::ActiveModel {
        tenant_id: Set(new.tenant_id),
        agent_id: Set(new.agent_id),
        agent_type: Set(new.agent_type.to_string()),
        content_type: Set(new.content_type.to_string()),
        object_id: Set(new.object_id),
        action: Set(new.response.action.as_str().to_string()),
        level: Set(new.response.level().map(|l| l.as_str().to_string())),
        response: Set(serde_json::to_value(new.response).expect("a response serialises")),
        last_run_at: Set(at),
        created_at: Set(at),
        ..Default::default()
    };
    let on_conflict = OnConflict::columns([
        agent_responses::Column::TenantId,
        agent_responses::Column::ContentType,
        agent_responses::Column::ObjectId,
        agent_responses::Column::AgentId,
    ])
    .update_columns([
        agent_responses::Column::AgentType,
        agent_responses::Column::Action,
        agent_responses::Column::Level,
        agent_responses::Column::Response,
        agent_responses::Column::LastRunAt,
    ])
    .to_owned();
    agent_responses::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    let saved = agent_responses::Entity::find()
        .filter(agent_responses::Column::TenantId.eq(new.tenant_id))
        .filter(agent_responses::Column::ContentType.eq(new.content_type))
        .filter(agent_responses::Column::ObjectId.eq(new.object_id))
        .filter(agent_responses::Column::AgentId.eq(new.agent_id))
        .one(db)
        .await?;
    saved.ok_or(crate::StoreError::NotFound)
}

/// The answers of every agent about some objects of one content type (a page of the admin
/// members or use cases table), ordered by object and agent.
pub async fn for_objects(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    content_type: &str,
    object_ids: &[i64],
) -> StoreResult<Vec<agent_responses::Model>> {
    if object_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(agent_responses::Entity::find()
        .filter(agent_responses::Column::TenantId.eq(tenant_id))
        .filter(agent_responses::Column::ContentType.eq(content_type))
        .filter(agent_responses::Column::ObjectId.is_in(object_ids.to_vec()))
        .order_by_asc(agent_responses::Column::ObjectId)
        .order_by_asc(agent_responses::Column::AgentId)
        .all(db)
        .await?)
}

/// [`for_objects`] by object id, each object's answers ordered by agent.
pub async fn by_object(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    content_type: &str,
    object_ids: &[i64],
) -> StoreResult<std::collections::HashMap<i64, Vec<agent_responses::Model>>> {
    let mut grouped: std::collections::HashMap<i64, Vec<agent_responses::Model>> = std::collections::HashMap::new();
    for row in for_objects(db, tenant_id, content_type, object_ids).await? {
        grouped.entry(row.object_id).or_default().push(row);
    }
    Ok(grouped)
}

/// An admin filter: the agent's answer about the object holds this action and level.
#[derive(Debug, Clone, Copy)]
pub struct ResponseFilter<'a> {
    pub tenant_id: i64,
    pub agent_id: i64,
    pub content_type: &'a str,
    pub action: Option<&'a str>,
    pub level: Option<&'a str>,
}

/// "The agent answered about the object `object_id` (a column of the outer query) as the
/// filter says", as an EXISTS on the `(tenant, content_type, object_id, agent)` index, for
/// the WHERE of a members or use cases list.
pub fn matching(filter: ResponseFilter<'_>, object_id: SimpleExpr) -> SimpleExpr {
    let table = agent_responses::Entity;
    let mut sub = Query::select();
    sub.expr(Expr::val(1))
        .from(table)
        .and_where(Expr::col((table, agent_responses::Column::TenantId)).eq(filter.tenant_id))
        .and_where(Expr::col((table, agent_responses::Column::ContentType)).eq(filter.content_type))
        .and_where(Expr::col((table, agent_responses::Column::ObjectId)).eq(object_id))
        .and_where(Expr::col((table, agent_responses::Column::AgentId)).eq(filter.agent_id));
    if let Some(action) = filter.action {
        sub.and_where(Expr::col((table, agent_responses::Column::Action)).eq(action));
    }
    if let Some(level) = filter.level {
        sub.and_where(Expr::col((table, agent_responses::Column::Level)).eq(level));
    }
    Expr::exists(sub.to_owned())
}
