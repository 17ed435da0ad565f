//! What AI tools and use cases share (issue 14): their classification rows
//! (`catalogue_tags`), the caller's vote and bookmark for a whole page in one query, the
//! votes themselves, and free slugs.

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, JoinType, LockType, Query},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, Set,
};

use super::slugs::{self, SlugColumn};
use crate::{
    entities::{bookmarks, catalogue_tags, votes},
    now, StoreError, StoreResult,
};

/// The catalogue kinds, as written in `catalogue_tags.item_kind`, `votes.content_type` and
/// `bookmarks.entity_type`.
pub const AI_TOOL: &str = "aitool";
pub const USE_CASE: &str = "usecase";
/// Career tips are voted on like the catalogue's items (`votes.content_type`).
pub const CAREER_TIP: &str = "careertip";
/// CareerGPS agents are voted on too (`votes.content_type`).
pub const AGENT: &str = "agentbuilder";

/// The tables of the kinds.
pub fn table_of(kind: &str) -> &'static str {
    match kind {
        AI_TOOL => "ai_tools",
        CAREER_TIP => "career_tips",
        AGENT => "agents",
        _ => "use_cases",
    }
}

/// Replaces the item's values of one tag. Run it in the item's write transaction.
pub async fn set_tags(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    kind: &str,
    item_id: i64,
    tag: &str,
    values: &[String],
) -> StoreResult<()> {
    catalogue_tags::Entity::delete_many()
        .filter(catalogue_tags::Column::ItemKind.eq(kind))
        .filter(catalogue_tags::Column::ItemId.eq(item_id))
        .filter(catalogue_tags::Column::Tag.eq(tag))
        .exec(db)
        .await?;
    if values.is_empty() {
        return Ok(());
    }
    let rows = values.iter().map(|value| catalogue_tags::ActiveModel {
        tenant_id: Set(tenant_id),
        item_kind: Set(kind.to_string()),
        item_id: Set(item_id),
        tag: Set(tag.to_string()),
        value: Set(value.chars().take(100).collect()),
        ..Default::default()
    });
    catalogue_tags::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

/// A filter: the item (`id_column`) has any of `values` under `tag` (an index lookup).
pub fn tagged_any(
    tenant_id: i64,
    kind: &str,
    tag: &str,
    values: &[String],
    id_column: impl sea_orm::sea_query::IntoColumnRef,
) -> sea_orm::sea_query::SimpleExpr {
    let mut ids = Query::select();
    ids.column(catalogue_tags::Column::ItemId)
        .from(catalogue_tags::Entity)
        .and_where(catalogue_tags::Column::TenantId.eq(tenant_id))
        .and_where(catalogue_tags::Column::ItemKind.eq(kind))
        .and_where(catalogue_tags::Column::Tag.eq(tag))
        .and_where(catalogue_tags::Column::Value.is_in(values.to_vec()));
    Expr::col(id_column).in_subquery(ids)
}

/// The caller's flags on one item of a page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// 1, −1 or 0.
    pub vote: i16,
    pub bookmarked: bool,
}

/// The caller's vote and bookmark on each of `ids` (items of `kind`): one query for the
/// whole page, whatever its size.
pub async fn flags(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    kind: &str,
    ids: &[i64],
) -> StoreResult<HashMap<i64, Flags>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let item = Alias::new("i");
    let (v, b) = (Alias::new("v"), Alias::new("b"));
    let mut select = Query::select();
    select
        .expr(Expr::col((item.clone(), Alias::new("id"))))
        .expr(Expr::col((v.clone(), Alias::new("value"))))
        .expr(Expr::col((b.clone(), Alias::new("id"))))
        .from_as(Alias::new(table_of(kind)), item.clone())
        .join_as(
            JoinType::LeftJoin,
            votes::Entity,
            v.clone(),
            Condition::all()
                .add(Expr::col((v.clone(), Alias::new("object_id"))).equals((item.clone(), Alias::new("id"))))
                .add(Expr::col((v.clone(), Alias::new("content_type"))).eq(kind))
                .add(Expr::col((v.clone(), Alias::new("user_id"))).eq(user_id)),
        )
        .join_as(
            JoinType::LeftJoin,
            bookmarks::Entity,
            b.clone(),
            Condition::all()
                .add(Expr::col((b.clone(), Alias::new("entity_id"))).equals((item.clone(), Alias::new("id"))))
                .add(Expr::col((b.clone(), Alias::new("entity_type"))).eq(kind))
                .add(Expr::col((b.clone(), Alias::new("user_id"))).eq(user_id))
                .add(Expr::col((b, Alias::new("tenant_id"))).eq(tenant_id)),
        )
        // The page's ids drive the query (primary key); the tenant is checked on each row
        // (`+`: not through the tenant's index, which would walk every item of the site).
        .and_where(Expr::cust(r#"+"i"."tenant_id""#).eq(tenant_id))
        .and_where(Expr::col((item, Alias::new("id"))).is_in(ids.to_vec()));
    let rows = db.query_all(&select).await?;
    let mut out = HashMap::new();
    for row in rows {
        let id: i64 = row.try_get_by_index(0)?;
        let vote: Option<i16> = row.try_get_by_index(1)?;
        let bookmark: Option<i64> = row.try_get_by_index(2)?;
        out.insert(id, Flags { vote: vote.unwrap_or(0), bookmarked: bookmark.is_some() });
    }
    Ok(out)
}

/// Sets the user's vote on an item (`value` 1, −1, or 0 for none) and moves the item's
/// `vote_score` by the difference, in one transaction, and returns the new score. The
/// item's row is read `FOR UPDATE` (PostgreSQL; SQLite's one writer holds the transaction
/// already), so votes on one item follow each other and none is lost; the item is written
/// once, and only when its score moves (each write bumps the catalogue's list generation).
/// `None` when the item is gone.
pub async fn cast_vote(
    db: &crate::Db,
    tenant_id: i64,
    user_id: i64,
    kind: &str,
    object_id: i64,
    value: i16,
) -> StoreResult<Option<i64>> {
    let txn = crate::begin_write(db).await?;
    let table = Alias::new(table_of(kind));
    let mut lock = Query::select();
    lock.column(Alias::new("vote_score"))
        .from(table.clone())
        .and_where(Expr::col(Alias::new("id")).eq(object_id))
        .and_where(Expr::col(Alias::new("tenant_id")).eq(tenant_id))
        .lock(LockType::Update);
    let Some(locked) = txn.query_one(&lock).await? else { return Ok(None) };
    let score_before: i64 = locked.try_get_by_index(0)?;
    let prior = votes::Entity::find()
        .filter(votes::Column::UserId.eq(user_id))
        .filter(votes::Column::ContentType.eq(kind))
        .filter(votes::Column::ObjectId.eq(object_id))
        .one(&txn)
        .await?;
    let before = prior.as_ref().map(|v| v.value).unwrap_or(0);
    let at = now();
    match (prior, value) {
        (Some(row), 0) => {
            votes::Entity::delete_by_id(row.id).exec(&txn).await?;
        }
        (Some(row), value) if row.value != value => {
            let mut active: votes::ActiveModel = row.into();
            active.value = Set(value);
            active.updated_at = Set(at);
            active.update(&txn).await.map_err(StoreError::classify)?;
        }
        (Some(_), _) => {}
        (None, 0) => {}
        (None, value) => {
            votes::ActiveModel {
                tenant_id: Set(tenant_id),
                user_id: Set(user_id),
                content_type: Set(kind.to_string()),
                object_id: Set(object_id),
                value: Set(value),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(StoreError::classify)?;
        }
    }
    let delta = i64::from(value) - i64::from(before);
    if delta != 0 {
        let mut bump = Query::update();
        bump.table(table)
            .value(Alias::new("vote_score"), Expr::col(Alias::new("vote_score")).add(delta))
            .and_where(Expr::col(Alias::new("id")).eq(object_id))
            .and_where(Expr::col(Alias::new("tenant_id")).eq(tenant_id));
        txn.execute(&bump).await?;
    }
    txn.commit().await?;
    Ok(Some(score_before + delta))
}

/// Moves an item of `kind` on the site from status `from` to `to` (a moderation); false when
/// its status was no longer `from` (another moderator moved it first).
pub async fn set_status(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    kind: &str,
    id: i64,
    from: &str,
    to: &str,
) -> StoreResult<bool> {
    let mut update = Query::update();
    update
        .table(Alias::new(table_of(kind)))
        .value(Alias::new("status"), to)
        .value(Alias::new("updated_at"), now())
        .and_where(Expr::col(Alias::new("id")).eq(id))
        .and_where(Expr::col(Alias::new("tenant_id")).eq(tenant_id))
        .and_where(Expr::col(Alias::new("status")).eq(from));
    Ok(db.execute(&update).await?.rows_affected() > 0)
}

/// A slug for `name` that no item of the kind's table on the tenant uses: `name`, then
/// `name-2`, … (see `slugs`)
pub async fn free_slug(db: &impl ConnectionTrait, tenant_id: i64, kind: &str, name: &str) -> StoreResult<String> {
    let mut base = domain::slug::slugify(name);
    if base.is_empty() {
        base = kind.to_string();
    }
    slugs::free_slug(db, SlugColumn::of_tenant(table_of(kind), tenant_id), &base).await
}
