//! AI tools (`ai_tools`, issue 14): the filtered list (paged in the database, text through
//! the search index, categories through `catalogue_tags`), reads, writes and moderation.
//! Every query is scoped to the tenant.

use std::collections::HashMap;

use domain::catalogue::AiToolForm;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde_json::json;

use super::{
    catalogue::{self, AI_TOOL},
    Paged,
};
use crate::{
    entities::{ai_tools, use_case_ai_tools, use_cases},
    now,
    search_index::{matching, Kind, Target},
    StoreError, StoreResult,
};

pub const TAG_CATEGORY: &str = "category";

/// Which AI tools of a tenant to list.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Any of these statuses; every status when empty.
    pub statuses: Vec<String>,
    /// Lower-cased search text (the search index).
    pub search: Option<String>,
    /// Any of these categories.
    pub categories: Vec<String>,
    pub group_id: Option<i64>,
    /// Only the tools this user submitted.
    pub created_by: Option<i64>,
    /// Oldest first (`sort_order=asc`) instead of newest first.
    pub oldest_first: bool,
}

fn list_query(db: &impl ConnectionTrait, tenant_id: i64, filter: &ListFilter) -> sea_orm::Select<ai_tools::Entity> {
    use ai_tools::Column as C;
    let mut query = ai_tools::Entity::find().filter(C::TenantId.eq(tenant_id));
    if !filter.statuses.is_empty() {
        query = query.filter(C::Status.is_in(filter.statuses.clone()));
    }
    if let Some(group_id) = filter.group_id {
        query = query.filter(C::GroupId.eq(group_id));
    }
    if let Some(user_id) = filter.created_by {
        query = query.filter(C::CreatedBy.eq(user_id));
    }
    if !filter.categories.is_empty() {
        query = query.filter(catalogue::tagged_any(
            tenant_id,
            AI_TOOL,
            TAG_CATEGORY,
            &filter.categories,
            (ai_tools::Entity, C::Id),
        ));
    }
    if let Some(text) = filter.search.as_deref() {
        let target = Target::in_scope(Kind::AiTool, tenant_id);
        query = query.filter(matching(db.get_database_backend(), target, text, (ai_tools::Entity, C::Id)));
    }
    query
}

/// One page of the tenant's AI tools, newest first (or oldest first), and how many there are.
pub async fn list(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: &ListFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<ai_tools::Model>> {
    use ai_tools::Column as C;
    let query = list_query(db, tenant_id, filter);
    let count = query.clone().count(db).await?;
    let order = if filter.oldest_first { Order::Asc } else { Order::Desc };
    let items =
        query.order_by(C::CreatedAt, order.clone()).order_by(C::Id, order).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// The approved AI tools `user_id` bookmarked on the tenant's site, most recently
/// bookmarked first.
pub async fn bookmarked(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<ai_tools::Model>> {
    let query = ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(tenant_id))
        .filter(ai_tools::Column::Status.eq(domain::catalogue::STATUS_APPROVED));
    let bookmarker = super::bookmarks::Bookmarker { tenant_id, user_id, kind: AI_TOOL };
    super::bookmarks::page_of_bookmarked(db, query, (ai_tools::Entity, ai_tools::Column::Id), bookmarker, offset, limit)
        .await
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<ai_tools::Model>> {
    Ok(ai_tools::Entity::find_by_id(id).filter(ai_tools::Column::TenantId.eq(tenant_id)).one(db).await?)
}

pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
) -> StoreResult<Option<ai_tools::Model>> {
    Ok(ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(tenant_id))
        .filter(ai_tools::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

/// The logo to keep: its link and file id (`None`: no logo).
pub type Logo = Option<(String, i64)>;

fn fill(active: &mut ai_tools::ActiveModel, form: &AiToolForm) {
    active.name = Set(form.name.clone());
    active.description = Set(form.description.clone().unwrap_or_default());
    active.website = Set(form.website.clone());
    active.categories = Set(Some(json!(form.categories)));
    active.roles = Set(Some(json!(form.roles)));
}

/// Adds a tool (pending) and its category rows. Run it in a transaction.
pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    form: &AiToolForm,
    logo: Logo,
    created_by: i64,
) -> StoreResult<ai_tools::Model> {
    let at = now();
    let mut active = ai_tools::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        slug: Set(catalogue::free_slug(db, tenant_id, AI_TOOL, &form.name).await?),
        status: Set(domain::catalogue::STATUS_PENDING.to_string()),
        vote_score: Set(0),
        logo: Set(logo.as_ref().map(|l| l.0.clone())),
        logo_file_id: Set(logo.map(|l| l.1)),
        created_by: Set(Some(created_by)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    };
    fill(&mut active, form);
    let tool = active.insert(db).await.map_err(StoreError::classify)?;
    catalogue::set_tags(db, tenant_id, AI_TOOL, tool.id, TAG_CATEGORY, &form.categories).await?;
    Ok(tool)
}

/// Writes the form over a tool (and its logo when `logo` is given). Run it in a
/// transaction.
pub async fn update(
    db: &impl ConnectionTrait,
    tool: ai_tools::Model,
    group_id: i64,
    form: &AiToolForm,
    logo: Option<Logo>,
) -> StoreResult<ai_tools::Model> {
    let tenant_id = tool.tenant_id;
    let mut active: ai_tools::ActiveModel = tool.into();
    fill(&mut active, form);
    active.group_id = Set(group_id);
    if let Some(logo) = logo {
        active.logo = Set(logo.as_ref().map(|l| l.0.clone()));
        active.logo_file_id = Set(logo.map(|l| l.1));
    }
    active.updated_at = Set(now());
    let tool = active.update(db).await.map_err(StoreError::classify)?;
    catalogue::set_tags(db, tenant_id, AI_TOOL, tool.id, TAG_CATEGORY, &form.categories).await?;
    Ok(tool)
}

/// The approved use cases naming each tool: two queries for a page of tools.
pub async fn use_cases_of(
    db: &impl ConnectionTrait,
    tool_ids: &[i64],
) -> StoreResult<HashMap<i64, Vec<use_cases::Model>>> {
    if tool_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let links = use_case_ai_tools::Entity::find()
        .filter(use_case_ai_tools::Column::AiToolId.is_in(tool_ids.to_vec()))
        .order_by_asc(use_case_ai_tools::Column::Id)
        .all(db)
        .await?;
    super::use_cases::by_owner(db, links.into_iter().map(|l| (l.ai_tool_id, l.use_case_id)), true).await
}

/// The tools of `ids` on the tenant (any status), by id.
pub async fn by_ids(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<ai_tools::Model>> {
    crate::queries::sql::site_rows_by_ids::<ai_tools::Entity>(db, tenant_id, ids).await
}
