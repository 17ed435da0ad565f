//! Career tips (`career_tips`, spec 002 §3, §7): reading, writing, moderation and the
//! lists (approved tips, a group's, an author's), paged in the database.

use domain::content::STATUS_APPROVED;
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::{
    slugs::{self, SlugColumn},
    Paged,
};
use crate::{
    entities::{career_tips, votes},
    now,
    search_index::{self, Kind, Target},
    StoreError, StoreResult,
};

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<career_tips::Model>> {
    Ok(career_tips::Entity::find_by_id(id).filter(career_tips::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// The tenant's tips among `ids`, any order.
pub async fn by_ids(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<career_tips::Model>> {
    crate::queries::sql::site_rows_by_ids::<career_tips::Entity>(db, tenant_id, ids).await
}

pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
) -> StoreResult<Option<career_tips::Model>> {
    Ok(career_tips::Entity::find()
        .filter(career_tips::Column::TenantId.eq(tenant_id))
        .filter(career_tips::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

async fn free_slug(db: &impl ConnectionTrait, tenant_id: i64, words: &str) -> StoreResult<String> {
    let mut base: String = domain::slug::slugify(words).chars().take(80).collect();
    base = base.trim_end_matches('-').to_string();
    if base.is_empty() {
        base = "career-tip".into();
    }
    slugs::free_slug(db, SlugColumn::of_tenant("career_tips", tenant_id), &base).await
}

pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: Option<i64>,
    created_by: i64,
    html: &str,
    text: &str,
    status: &str,
) -> StoreResult<career_tips::Model> {
    let at = now();
    let slug = free_slug(db, tenant_id, &domain::content::tips::slug_source(text)).await?;
    career_tips::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        created_by: Set(created_by),
        slug: Set(slug),
        content: Set(html.to_string()),
        raw_text: Set(text.to_string()),
        status: Set(status.to_string()),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

pub async fn update(
    db: &impl ConnectionTrait,
    tip: career_tips::Model,
    content: Option<(&str, &str)>,
    status: &str,
) -> StoreResult<career_tips::Model> {
    let mut active: career_tips::ActiveModel = tip.into();
    if let Some((html, text)) = content {
        active.content = Set(html.to_string());
        active.raw_text = Set(text.to_string());
    }
    active.status = Set(status.to_string());
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// Deletes a tip with its votes, in one transaction.
pub async fn delete(db: &crate::Db, id: i64) -> StoreResult<()> {
    let txn = crate::begin_write(db).await?;
    votes::Entity::delete_many()
        .filter(votes::Column::ContentType.eq(super::catalogue::CAREER_TIP))
        .filter(votes::Column::ObjectId.eq(id))
        .exec(&txn)
        .await?;
    career_tips::Entity::delete_by_id(id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Which tips a list shows.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub group_id: Option<i64>,
    pub created_by: Option<i64>,
    /// Only these statuses (none: any the reader may see).
    pub statuses: Vec<String>,
    pub search: Option<String>,
    /// Who reads: approved tips to everyone, the others to their author (and moderators).
    pub reader: Option<i64>,
    pub moderator: bool,
}

pub async fn list(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: &ListFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<career_tips::Model>> {
    use career_tips::Column as C;
    let mut query = career_tips::Entity::find().filter(C::TenantId.eq(tenant_id));
    if !filter.moderator {
        let mut visible = Condition::any().add(C::Status.eq(STATUS_APPROVED));
        if let Some(reader) = filter.reader {
            visible = visible.add(C::CreatedBy.eq(reader));
        }
        query = query.filter(visible);
    }
    if let Some(group_id) = filter.group_id {
        query = query.filter(C::GroupId.eq(group_id));
    }
    if let Some(user_id) = filter.created_by {
        query = query.filter(C::CreatedBy.eq(user_id));
    }
    if !filter.statuses.is_empty() {
        query = query.filter(C::Status.is_in(filter.statuses.clone()));
    }
    if let Some(search) = filter.search.as_deref() {
        let target = Target::in_scope(Kind::CareerTip, tenant_id);
        query = query.filter(search_index::matching(
            db.get_database_backend(),
            target,
            search,
            (career_tips::Entity, C::Id),
        ));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by(Expr::col((career_tips::Entity, C::CreatedAt)), Order::Desc)
        .order_by(Expr::col((career_tips::Entity, C::Id)), Order::Desc)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}
