//! Bookmarks (favourites) of items of a site, by kind (`entity_type`) and id. Bookmarking
//! is idempotent: a second bookmark of the same item changes nothing (the unique index
//! `(user, entity_type, entity_id)` makes a repeated or concurrent insert a no-op), and
//! removing what is not bookmarked is not an error. Whether the item may be seen is the
//! caller's rule (each kind's own visibility); the lists join the kind's table.

use std::collections::HashSet;

use sea_orm::{
    sea_query::{Expr, ExprTrait, IntoColumnRef, JoinType, OnConflict, Order},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Select, Set,
};

use crate::{entities::bookmarks, now, StoreResult};

/// Bookmarks the item for the user on the tenant's site.
pub async fn add(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    entity_type: &str,
    entity_id: i64,
) -> StoreResult<()> {
    let row = bookmarks::ActiveModel {
        tenant_id: Set(tenant_id),
        user_id: Set(user_id),
        entity_type: Set(entity_type.to_string()),
        entity_id: Set(entity_id),
        created_at: Set(now()),
        ..Default::default()
    };
    let on_conflict =
        OnConflict::columns([bookmarks::Column::UserId, bookmarks::Column::EntityType, bookmarks::Column::EntityId])
            .do_nothing()
            .to_owned();
    bookmarks::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    Ok(())
}

/// Removes the user's bookmark of the item on the tenant's site; true when there was one.
pub async fn remove(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    entity_type: &str,
    entity_id: i64,
) -> StoreResult<bool> {
    let done = bookmarks::Entity::delete_many()
        .filter(bookmarks::Column::TenantId.eq(tenant_id))
        .filter(bookmarks::Column::UserId.eq(user_id))
        .filter(bookmarks::Column::EntityType.eq(entity_type))
        .filter(bookmarks::Column::EntityId.eq(entity_id))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// Whether the user bookmarked anything of the kind on the tenant's site: one index lookup
/// (`ix_bookmarks_user_type_created`). The favourites lists ask it first, so that an empty
/// list costs no join with the kind's visibility rule (whose planning alone takes
/// milliseconds on PostgreSQL).
pub async fn has_any(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64, entity_type: &str) -> StoreResult<bool> {
    Ok(bookmarks::Entity::find()
        .select_only()
        .column(bookmarks::Column::Id)
        .filter(bookmarks::Column::UserId.eq(user_id))
        .filter(bookmarks::Column::TenantId.eq(tenant_id))
        .filter(bookmarks::Column::EntityType.eq(entity_type))
        .limit(1)
        .into_tuple::<i64>()
        .one(db)
        .await?
        .is_some())
}

/// Of `ids` (items of one kind), those the user bookmarked on the tenant's site: one query
/// for a whole page.
pub async fn bookmarked_among(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    entity_type: &str,
    ids: &[i64],
) -> StoreResult<HashSet<i64>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let found: Vec<i64> = bookmarks::Entity::find()
        .select_only()
        .column(bookmarks::Column::EntityId)
        .filter(bookmarks::Column::UserId.eq(user_id))
        .filter(bookmarks::Column::TenantId.eq(tenant_id))
        .filter(bookmarks::Column::EntityType.eq(entity_type))
        .filter(bookmarks::Column::EntityId.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(found.into_iter().collect())
}

/// The circles or events (`group_type`) of the tenant `user_id` bookmarked that `viewer`
/// may still see, most recently bookmarked first: paged in the database, one query for the
/// page and one for the count.
pub async fn groups(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    viewer: super::visibility::Viewer,
    group_type: &str,
    offset: u64,
    limit: u64,
) -> StoreResult<super::Paged<crate::entities::groups::Model>> {
    use crate::entities::groups;
    let query = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::GroupType.eq(group_type))
        .filter(super::visibility::visible_to(viewer));
    let bookmarker = Bookmarker { tenant_id, user_id, kind: domain::bookmarks::EntityType::Group.as_str() };
    page_of_bookmarked(db, query, (groups::Entity, groups::Column::Id), bookmarker, offset, limit).await
}

/// Whose bookmarks of which kind a list joins.
#[derive(Debug, Clone, Copy)]
pub struct Bookmarker<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    /// The kind of item (`entity_type`), e.g. `aitool`.
    pub kind: &'a str,
}

/// One page of `query`'s rows (items of `bookmarker.kind`, `id_column` their id) that the user
/// bookmarked on the site, most recently bookmarked first, and how many there are: the join
/// follows the user's bookmarks (an index), so the cost is theirs, not the site's. What the
/// user may still see is `query`'s own filter.
pub async fn page_of_bookmarked<E: EntityTrait>(
    db: &impl ConnectionTrait,
    mut query: Select<E>,
    id_column: impl IntoColumnRef,
    bookmarker: Bookmarker<'_>,
    offset: u64,
    limit: u64,
) -> StoreResult<super::Paged<E::Model>>
where
    E::Model: Sync,
{
    let on = Condition::all()
        .add(Expr::col((bookmarks::Entity, bookmarks::Column::EntityId)).equals(id_column))
        .add(Expr::col((bookmarks::Entity, bookmarks::Column::UserId)).eq(bookmarker.user_id))
        .add(Expr::col((bookmarks::Entity, bookmarks::Column::TenantId)).eq(bookmarker.tenant_id))
        .add(Expr::col((bookmarks::Entity, bookmarks::Column::EntityType)).eq(bookmarker.kind));
    QueryTrait::query(&mut query).join(JoinType::InnerJoin, bookmarks::Entity, on);
    let count = query.clone().count(db).await?;
    let items = query
        .order_by(Expr::col((bookmarks::Entity, bookmarks::Column::CreatedAt)), Order::Desc)
        .order_by(Expr::col((bookmarks::Entity, bookmarks::Column::Id)), Order::Desc)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(super::Paged { items, count })
}
