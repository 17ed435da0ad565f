//! Reports and their feedback. A report belongs to its owner (whom it is about); it is
//! found by its slug on the site; lists are newest first, paged in the database, with the
//! agents' names read in one more query for the whole page.

use std::collections::HashMap;

use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::Value;

use super::super::Paged;
use crate::{
    entities::{agent_report_feedback, agent_reports, agents},
    now, StoreError, StoreResult,
};

#[derive(Debug, Clone)]
pub struct NewReport<'a> {
    pub tenant_id: i64,
    pub slug: &'a str,
    pub agent_id: i64,
    pub run_id: Option<i64>,
    /// Whom the report is about (the beneficiary when staff ran the agent).
    pub owner_id: i64,
    /// Who ran the agent.
    pub created_by: Option<i64>,
    pub body: Value,
    pub is_public: bool,
    /// offline or model.
    pub source: &'a str,
}

/// Stores a report; a slug the site already has is a `Conflict` (pick another and retry).
pub async fn insert(db: &impl ConnectionTrait, new: NewReport<'_>) -> StoreResult<agent_reports::Model> {
    agent_reports::ActiveModel {
        tenant_id: Set(new.tenant_id),
        slug: Set(new.slug.to_string()),
        agent_id: Set(new.agent_id),
        run_id: Set(new.run_id),
        owner_id: Set(new.owner_id),
        created_by: Set(new.created_by),
        body: Set(new.body),
        is_public: Set(new.is_public),
        source: Set(new.source.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<agent_reports::Model>> {
    Ok(agent_reports::Entity::find_by_id(id).filter(agent_reports::Column::TenantId.eq(tenant_id)).one(db).await?)
}

pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
) -> StoreResult<Option<agent_reports::Model>> {
    Ok(agent_reports::Entity::find()
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

/// The report of a run (one at most: `run_id` is unique).
pub async fn find_by_run(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    run_id: i64,
) -> StoreResult<Option<agent_reports::Model>> {
    Ok(agent_reports::Entity::find()
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::RunId.eq(run_id))
        .one(db)
        .await?)
}

/// Shares (or stops sharing) the owner's report: `NotFound` unless `owner_id` owns it.
pub async fn set_public(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    owner_id: i64,
    is_public: bool,
) -> StoreResult<()> {
    let result = agent_reports::Entity::update_many()
        .col_expr(agent_reports::Column::IsPublic, Expr::value(is_public))
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::Id.eq(id))
        .filter(agent_reports::Column::OwnerId.eq(owner_id))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Which reports a list shows (`agents/reports/`: `user_id`, `created_by`).
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportFilter {
    pub owner_id: Option<i64>,
    pub created_by: Option<i64>,
}

/// A listed report with its agent's name and slug.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedReport {
    pub report: agent_reports::Model,
    pub agent_name: String,
    pub agent_slug: String,
}

/// One page of the site's reports, newest first, with the count.
pub async fn page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: ReportFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<ListedReport>> {
    let mut query = agent_reports::Entity::find().filter(agent_reports::Column::TenantId.eq(tenant_id));
    if let Some(owner) = filter.owner_id {
        query = query.filter(agent_reports::Column::OwnerId.eq(owner));
    }
    if let Some(creator) = filter.created_by {
        query = query.filter(agent_reports::Column::CreatedBy.eq(creator));
    }
    let count = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(agent_reports::Column::CreatedAt)
        .order_by_desc(agent_reports::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    let mut agent_ids: Vec<i64> = rows.iter().map(|r| r.agent_id).collect();
    agent_ids.sort_unstable();
    agent_ids.dedup();
    let names: HashMap<i64, (String, String)> = if agent_ids.is_empty() {
        HashMap::new()
    } else {
        agents::Entity::find()
            .select_only()
            .column(agents::Column::Id)
            .column(agents::Column::Name)
            .column(agents::Column::Slug)
            .filter(crate::queries::sql::on_site_by_key(agents::Entity, tenant_id))
            .filter(agents::Column::Id.is_in(agent_ids))
            .into_tuple::<(i64, String, String)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(id, name, slug)| (id, (name, slug)))
            .collect()
    };
    let items = rows
        .into_iter()
        .map(|report| {
            let (agent_name, agent_slug) = names.get(&report.agent_id).cloned().unwrap_or_default();
            ListedReport { report, agent_name, agent_slug }
        })
        .collect();
    Ok(Paged { items, count })
}

/// The owner's newest report of an agent (the AI enthusiasm ranking reads the AIRA score).
pub async fn latest_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    owner_id: i64,
    agent_id: i64,
) -> StoreResult<Option<agent_reports::Model>> {
    Ok(agent_reports::Entity::find()
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::OwnerId.eq(owner_id))
        .filter(agent_reports::Column::AgentId.eq(agent_id))
        .order_by_desc(agent_reports::Column::CreatedAt)
        .order_by_desc(agent_reports::Column::Id)
        .one(db)
        .await?)
}

/// Rates a report of the site (again: the new rating and comment replace the old). The
/// caller checks the rating (1 to 5) and who may rate.
pub async fn rate(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    report_id: i64,
    user_id: i64,
    rating: i16,
    feedback: &str,
) -> StoreResult<agent_report_feedback::Model> {
    let at = now();
    match feedback_of(db, tenant_id, report_id, user_id).await? {
        Some(row) => {
            let mut active: agent_report_feedback::ActiveModel = row.into();
            active.rating = Set(rating);
            active.feedback = Set(feedback.to_string());
            active.updated_at = Set(at);
            Ok(active.update(db).await?)
        }
        None => agent_report_feedback::ActiveModel {
            tenant_id: Set(tenant_id),
            report_id: Set(report_id),
            user_id: Set(user_id),
            rating: Set(rating),
            feedback: Set(feedback.to_string()),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(StoreError::classify),
    }
}

/// The person's feedback on a report of the site.
pub async fn feedback_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    report_id: i64,
    user_id: i64,
) -> StoreResult<Option<agent_report_feedback::Model>> {
    Ok(agent_report_feedback::Entity::find()
        .filter(agent_report_feedback::Column::TenantId.eq(tenant_id))
        .filter(agent_report_feedback::Column::ReportId.eq(report_id))
        .filter(agent_report_feedback::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The reports of `ids` on the site that are about `owner_id`, with their agents' names (the
/// staff package mails a member links to their own reports). Two queries.
pub async fn of_owner_by_ids(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    owner_id: i64,
    ids: &[i64],
) -> StoreResult<Vec<ListedReport>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = agent_reports::Entity::find()
        .filter(crate::queries::sql::on_site_by_key(agent_reports::Entity, tenant_id))
        .filter(agent_reports::Column::OwnerId.eq(owner_id))
        .filter(agent_reports::Column::Id.is_in(ids.to_vec()))
        .order_by_desc(agent_reports::Column::CreatedAt)
        .all(db)
        .await?;
    let agent_ids: Vec<i64> = rows.iter().map(|r| r.agent_id).collect();
    let names: HashMap<i64, (String, String)> = agents::Entity::find()
        .filter(agents::Column::Id.is_in(agent_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, (a.name, a.slug)))
        .collect();
    Ok(rows
        .into_iter()
        .map(|report| {
            let (agent_name, agent_slug) = names.get(&report.agent_id).cloned().unwrap_or_default();
            ListedReport { report, agent_name, agent_slug }
        })
        .collect())
}
