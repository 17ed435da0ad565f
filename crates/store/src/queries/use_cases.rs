//! AI use cases: the tenant's catalogue (filtered and paged in the database) and the
//! groups' links to it, loaded for a page of groups in one query.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use super::{
    catalogue::{self, USE_CASE},
    Paged,
};
use crate::{
    entities::{group_use_cases, use_case_ai_tools, use_cases},
    now,
    search_index::{matching, Kind, Target},
    StoreError, StoreResult,
};
use domain::catalogue::UseCaseForm;
use serde_json::json;

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_APPROVED: &str = "approved";
pub const STATUS_REJECTED: &str = "rejected";
pub const STATUSES: [&str; 3] = [STATUS_PENDING, STATUS_APPROVED, STATUS_REJECTED];

/// Which use cases of a tenant to list.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Any of these statuses; every status when empty.
    pub statuses: Vec<String>,
    /// Lower-cased words; each must start a word of the title or the description.
    pub search_words: Vec<String>,
    /// Only these ids, when given.
    pub ids: Option<Vec<i64>>,
    /// Any of these values of each tag (`catalogue_tags`): professional_field,
    /// job_function, category.
    pub tags: Vec<(&'static str, Vec<String>)>,
    /// Any of these values of each single-valued classification.
    pub business_values: Vec<String>,
    pub complexities: Vec<String>,
    pub innovation_categories: Vec<String>,
    pub group_id: Option<i64>,
    /// Only the use cases this user submitted.
    pub created_by: Option<i64>,
    pub order: ListOrder,
}

/// The order of a list of use cases: by title (the public lists), or by creation for the
/// admin table (`sort_by=recent`, newest first unless `sort_order=asc`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ListOrder {
    #[default]
    Title,
    Newest,
    Oldest,
}

pub const TAG_CATEGORY: &str = "category";
pub const TAG_JOB_FUNCTION: &str = "job_function";
pub const TAG_PROFESSIONAL_FIELD: &str = "professional_field";
pub const TAG_CAREER_STAGE: &str = "career_stage";

/// One page of the tenant's use cases, by title (or by creation, `Filter::order`).
pub async fn list(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: &Filter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<use_cases::Model>> {
    use use_cases::Column as C;
    let mut query = use_cases::Entity::find().filter(C::TenantId.eq(tenant_id));
    if !filter.statuses.is_empty() {
        query = query.filter(C::Status.is_in(filter.statuses.clone()));
    }
    if let Some(ids) = &filter.ids {
        query = query.filter(C::Id.is_in(ids.clone()));
    }
    for (tag, values) in &filter.tags {
        if !values.is_empty() {
            query = query.filter(catalogue::tagged_any(tenant_id, USE_CASE, tag, values, (use_cases::Entity, C::Id)));
        }
    }
    for (column, values) in [
        (C::BusinessValue, &filter.business_values),
        (C::Complexity, &filter.complexities),
        (C::InnovationCategory, &filter.innovation_categories),
    ] {
        if !values.is_empty() {
            query = query.filter(column.is_in(values.clone()));
        }
    }
    if let Some(group_id) = filter.group_id {
        query = query.filter(C::GroupId.eq(group_id));
    }
    if let Some(user_id) = filter.created_by {
        query = query.filter(C::CreatedBy.eq(user_id));
    }
    if !filter.search_words.is_empty() {
        // Every word starts a word of the title or the description (the search index).
        let target = Target::in_scope(Kind::UseCase, tenant_id);
        query = query.filter(matching(db.get_database_backend(), target, &filter.search_words.join(" "), C::Id));
    }
    let count = query.clone().count(db).await?;
    let query = match filter.order {
        ListOrder::Title => query.order_by_asc(C::Title).order_by_asc(C::Id),
        ListOrder::Newest => query.order_by_desc(C::CreatedAt).order_by_desc(C::Id),
        ListOrder::Oldest => query.order_by_asc(C::CreatedAt).order_by_asc(C::Id),
    };
    let items = query.offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// A use case of the tenant by slug, of one of `statuses` (any when empty).
pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
    statuses: &[&str],
) -> StoreResult<Option<use_cases::Model>> {
    let mut query = use_cases::Entity::find()
        .filter(use_cases::Column::TenantId.eq(tenant_id))
        .filter(use_cases::Column::Slug.eq(slug));
    if !statuses.is_empty() {
        query = query.filter(use_cases::Column::Status.is_in(statuses.iter().copied()));
    }
    Ok(query.one(db).await?)
}

pub struct NewUseCase<'a> {
    pub tenant_id: i64,
    pub slug: &'a str,
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub thumbnail_image: Option<&'a str>,
    pub status: &'a str,
    pub created_by: Option<i64>,
}

pub async fn insert(db: &impl ConnectionTrait, new: NewUseCase<'_>) -> StoreResult<use_cases::Model> {
    let at = now();
    use_cases::ActiveModel {
        tenant_id: Set(new.tenant_id),
        slug: Set(new.slug.to_string()),
        title: Set(new.title.to_string()),
        description: Set(new.description.map(str::to_string)),
        thumbnail_image: Set(new.thumbnail_image.map(str::to_string)),
        status: Set(new.status.to_string()),
        created_by: Set(new.created_by),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// Of `ids`, the ones that are not approved use cases of the tenant.
pub async fn not_usable(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<i64> = use_cases::Entity::find()
        .select_only()
        .column(use_cases::Column::Id)
        .filter(crate::queries::sql::on_site_by_key(use_cases::Entity, tenant_id))
        .filter(use_cases::Column::Status.eq(STATUS_APPROVED))
        .filter(use_cases::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.iter().copied().filter(|id| !found.contains(id)).collect())
}

/// The use cases linked to each group, in the order they were linked: two queries for any
/// number of groups.
pub async fn of_groups(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
) -> StoreResult<HashMap<i64, Vec<use_cases::Model>>> {
    if group_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let links = group_use_cases::Entity::find()
        .filter(group_use_cases::Column::GroupId.is_in(group_ids.to_vec()))
        .order_by_asc(group_use_cases::Column::Id)
        .all(db)
        .await?;
    by_owner(db, links.into_iter().map(|l| (l.group_id, l.use_case_id)), false).await
}

/// The use cases of `links` (an owner's id, a use case's id), each owner's in the links'
/// order; only approved ones when `approved_only`. One query.
pub(crate) async fn by_owner(
    db: &impl ConnectionTrait,
    links: impl Iterator<Item = (i64, i64)>,
    approved_only: bool,
) -> StoreResult<HashMap<i64, Vec<use_cases::Model>>> {
    let links: Vec<(i64, i64)> = links.collect();
    let mut out: HashMap<i64, Vec<use_cases::Model>> = HashMap::new();
    if links.is_empty() {
        return Ok(out);
    }
    let mut ids: Vec<i64> = links.iter().map(|(_, use_case_id)| *use_case_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut query = use_cases::Entity::find().filter(use_cases::Column::Id.is_in(ids));
    if approved_only {
        query = query.filter(use_cases::Column::Status.eq(STATUS_APPROVED));
    }
    let found: HashMap<i64, use_cases::Model> = query.all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    for (owner, use_case_id) in links {
        if let Some(use_case) = found.get(&use_case_id) {
            out.entry(owner).or_default().push(use_case.clone());
        }
    }
    Ok(out)
}

/// Replaces the group's use cases, keeping the order given. Run it in a transaction.
pub async fn set_for_group(db: &impl ConnectionTrait, group_id: i64, ids: &[i64]) -> StoreResult<()> {
    let row = |id| group_use_cases::ActiveModel { group_id: Set(group_id), use_case_id: Set(id), ..Default::default() };
    crate::queries::sql::replace_links(db, group_use_cases::Column::GroupId.eq(group_id), ids, row).await
}

/// Links the group to the use case unless it is linked already.
pub async fn link(db: &impl ConnectionTrait, group_id: i64, use_case_id: i64) -> StoreResult<()> {
    let exists = group_use_cases::Entity::find()
        .filter(group_use_cases::Column::GroupId.eq(group_id))
        .filter(group_use_cases::Column::UseCaseId.eq(use_case_id))
        .count(db)
        .await?
        > 0;
    if !exists {
        group_use_cases::ActiveModel { group_id: Set(group_id), use_case_id: Set(use_case_id), ..Default::default() }
            .insert(db)
            .await
            .map_err(StoreError::classify)?;
    }
    Ok(())
}

/// The files of a use case to keep: the thumbnail's link, the document's link and name.
#[derive(Debug, Clone, Default)]
pub struct Files {
    /// `None`: unchanged; `Some(None)`: removed.
    pub thumbnail: Option<Option<String>>,
    pub document: Option<Option<(String, String)>>,
}

fn fill(active: &mut use_cases::ActiveModel, form: &UseCaseForm, files: &Files) {
    active.title = Set(form.title.clone());
    active.description = Set(form.description.clone());
    active.reason = Set(form.reason.clone());
    active.group_id = Set(form.group);
    active.business_value = Set(form.business_value.clone());
    active.complexity = Set(form.complexity.clone());
    active.innovation_category = Set(form.innovation_category.clone());
    active.video_link = Set(form.video_link.clone());
    active.topic_area = Set(form.topic_area);
    active.topics = Set(Some(json!(form.topics)));
    active.career_stages = Set(Some(json!(form.career_stages)));
    active.professional_fields = Set(Some(json!(form.professional_fields)));
    active.job_functions = Set(Some(json!(form.job_functions)));
    active.categories = Set(Some(json!(form.categories)));
    active.roles = Set(Some(json!(form.roles)));
    if let Some(thumbnail) = &files.thumbnail {
        active.thumbnail_image = Set(thumbnail.clone());
    }
    if let Some(document) = &files.document {
        active.document = Set(document.as_ref().map(|d| d.0.clone()));
        active.document_name = Set(document.as_ref().map(|d| d.1.clone()));
    }
}

async fn write_links(db: &impl ConnectionTrait, use_case: &use_cases::Model, form: &UseCaseForm) -> StoreResult<()> {
    for (tag, values) in [
        (TAG_CATEGORY, &form.categories),
        (TAG_JOB_FUNCTION, &form.job_functions),
        (TAG_PROFESSIONAL_FIELD, &form.professional_fields),
        (TAG_CAREER_STAGE, &form.career_stages),
    ] {
        catalogue::set_tags(db, use_case.tenant_id, USE_CASE, use_case.id, tag, values).await?;
    }
    use_case_ai_tools::Entity::delete_many()
        .filter(use_case_ai_tools::Column::UseCaseId.eq(use_case.id))
        .exec(db)
        .await?;
    if !form.ai_tools.is_empty() {
        let rows = form.ai_tools.iter().map(|id| use_case_ai_tools::ActiveModel {
            use_case_id: Set(use_case.id),
            ai_tool_id: Set(*id),
            ..Default::default()
        });
        use_case_ai_tools::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Adds a submitted use case (pending) with its classification rows and AI tools. Run it
/// in a transaction.
pub async fn insert_form(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    form: &UseCaseForm,
    files: &Files,
    created_by: i64,
) -> StoreResult<use_cases::Model> {
    let at = now();
    let mut active = use_cases::ActiveModel {
        tenant_id: Set(tenant_id),
        slug: Set(catalogue::free_slug(db, tenant_id, USE_CASE, &form.title).await?),
        status: Set(STATUS_PENDING.to_string()),
        vote_score: Set(0),
        created_by: Set(Some(created_by)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    };
    fill(&mut active, form, files);
    let use_case = active.insert(db).await.map_err(StoreError::classify)?;
    write_links(db, &use_case, form).await?;
    Ok(use_case)
}

/// Writes the form over a use case. Run it in a transaction.
pub async fn update_form(
    db: &impl ConnectionTrait,
    use_case: use_cases::Model,
    form: &UseCaseForm,
    files: &Files,
) -> StoreResult<use_cases::Model> {
    let mut active: use_cases::ActiveModel = use_case.into();
    fill(&mut active, form, files);
    active.updated_at = Set(now());
    let use_case = active.update(db).await.map_err(StoreError::classify)?;
    write_links(db, &use_case, form).await?;
    Ok(use_case)
}

/// Sets the circle shown beside the use case.
pub async fn set_default_group(
    db: &impl ConnectionTrait,
    use_case: use_cases::Model,
    group_id: Option<i64>,
) -> StoreResult<use_cases::Model> {
    let mut active: use_cases::ActiveModel = use_case.into();
    active.default_group = Set(group_id);
    active.updated_at = Set(now());
    active.update(db).await.map_err(StoreError::classify)
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<use_cases::Model>> {
    Ok(use_cases::Entity::find_by_id(id).filter(use_cases::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// The tenant's use cases among `ids`, any order.
pub async fn by_ids(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<use_cases::Model>> {
    crate::queries::sql::site_rows_by_ids::<use_cases::Entity>(db, tenant_id, ids).await
}

/// The AI tool ids each use case names: one query for a page.
pub async fn ai_tools_of(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, Vec<i64>>> {
    let mut out: HashMap<i64, Vec<i64>> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let links = use_case_ai_tools::Entity::find()
        .filter(use_case_ai_tools::Column::UseCaseId.is_in(ids.to_vec()))
        .order_by_asc(use_case_ai_tools::Column::Id)
        .all(db)
        .await?;
    for link in links {
        out.entry(link.use_case_id).or_default().push(link.ai_tool_id);
    }
    Ok(out)
}

/// The approved use cases `user_id` bookmarked on the tenant's site, most recently
/// bookmarked first.
pub async fn bookmarked(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<use_cases::Model>> {
    let query = use_cases::Entity::find()
        .filter(use_cases::Column::TenantId.eq(tenant_id))
        .filter(use_cases::Column::Status.eq(STATUS_APPROVED));
    let bookmarker = super::bookmarks::Bookmarker { tenant_id, user_id, kind: USE_CASE };
    super::bookmarks::page_of_bookmarked(
        db,
        query,
        (use_cases::Entity, use_cases::Column::Id),
        bookmarker,
        offset,
        limit,
    )
    .await
}

/// The names of the tenant's topics among `ids`: one query.
pub async fn topic_names(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<HashMap<i64, String>> {
    use crate::entities::topics;
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .column(topics::Column::Name)
        .filter(crate::queries::sql::on_site_by_key(topics::Entity, tenant_id))
        .filter(topics::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}
