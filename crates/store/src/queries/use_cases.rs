//! AI use cases: the tenant's catalogue (filtered and paged in the database) and the
//! groups' links to it, loaded for a page of groups in one query.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use super::Paged;
use crate::{
    entities::{group_use_cases, use_cases},
    now,
    search_index::{matching, Kind, Target},
    StoreError, StoreResult,
};

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
}

/// One page of the tenant's use cases, by title.
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
    if !filter.search_words.is_empty() {
        // Every word starts a word of the title or the description (the search index).
        let target = Target::in_scope(Kind::UseCase, tenant_id);
        query = query.filter(matching(db.get_database_backend(), target, &filter.search_words.join(" "), C::Id));
    }
    let count = query.clone().count(db).await?;
    let items = query.order_by_asc(C::Title).order_by_asc(C::Id).offset(offset).limit(limit).all(db).await?;
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
        .filter(use_cases::Column::TenantId.eq(tenant_id))
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
    let mut out: HashMap<i64, Vec<use_cases::Model>> = HashMap::new();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let links = group_use_cases::Entity::find()
        .filter(group_use_cases::Column::GroupId.is_in(group_ids.to_vec()))
        .order_by_asc(group_use_cases::Column::Id)
        .all(db)
        .await?;
    if links.is_empty() {
        return Ok(out);
    }
    let mut ids: Vec<i64> = links.iter().map(|l| l.use_case_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let found: HashMap<i64, use_cases::Model> = use_cases::Entity::find()
        .filter(use_cases::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    for link in links {
        if let Some(use_case) = found.get(&link.use_case_id) {
            out.entry(link.group_id).or_default().push(use_case.clone());
        }
    }
    Ok(out)
}

/// Replaces the group's use cases, keeping the order given. Run it in a transaction.
pub async fn set_for_group(db: &impl ConnectionTrait, group_id: i64, ids: &[i64]) -> StoreResult<()> {
    group_use_cases::Entity::delete_many().filter(group_use_cases::Column::GroupId.eq(group_id)).exec(db).await?;
    let mut seen = Vec::new();
    for id in ids.iter().copied() {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        group_use_cases::ActiveModel { group_id: Set(group_id), use_case_id: Set(id), ..Default::default() }
            .insert(db)
            .await
            .map_err(StoreError::classify)?;
    }
    Ok(())
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
