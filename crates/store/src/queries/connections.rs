//! A person's connections on a site: the people they follow, the groups they are an
//! accepted member of, and the groups they follow without being members. The three lists
//! are paged in the database one after the other (people, member groups, followed groups),
//! each newest first, so a page never loads more rows than it shows.

use sea_orm::{
    sea_query::{Expr, IntoColumnRef, Query, SelectStatement, SimpleExpr},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

use super::{memberships::STATUS_ACCEPTED, Paged};
use crate::{
    entities::{follows, groups, memberships, users},
    StoreResult,
};

/// Whose connections, on which site, seen by whom.
#[derive(Debug, Clone)]
pub struct Scope {
    /// The person whose connections are listed.
    pub person_id: i64,
    pub tenant_id: i64,
    /// The site's organization: people are listed when they are its members.
    pub organization_id: i64,
    pub viewer_id: Option<i64>,
    /// Staff see private groups too.
    pub viewer_is_staff: bool,
}

/// Which connections to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    All,
    Users,
    /// Groups of one type (circle, event, organization, institution).
    Groups(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    /// A person followed.
    User(i64),
    /// A group; `member` tells an accepted membership from a follow.
    Group { group_id: i64, member: bool },
}

/// "The group in `group_id` is one of the site's groups the viewer may see (optionally of
/// one type)", by the one rule of [`super::visibility::visible_to`]. A correlated check (a
/// primary-key lookup per listed row), never `IN` the site's whole list of groups.
fn visible_group(scope: &Scope, group_id: impl IntoColumnRef, group_type: Option<&str>) -> SimpleExpr {
    use sea_orm::sea_query::ExprTrait;

    let mut query = Query::select();
    query
        .expr(Expr::val(1))
        .from(groups::Entity)
        .and_where(Expr::col((groups::Entity, groups::Column::Id)).equals(group_id))
        .and_where(groups::Column::TenantId.eq(scope.tenant_id));
    if let Some(kind) = group_type {
        query.and_where(groups::Column::GroupType.eq(kind));
    }
    query.cond_where(super::visibility::visible_to(super::visibility::Viewer {
        user_id: scope.viewer_id,
        is_staff: scope.viewer_is_staff,
    }));
    Expr::exists(query.to_owned())
}

fn accepted_groups_of(user_id: i64) -> SelectStatement {
    Query::select()
        .column(memberships::Column::GroupId)
        .from(memberships::Entity)
        .and_where(memberships::Column::UserId.eq(user_id))
        .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .to_owned()
}

/// People followed who are active members (any status) of the site's organization.
/// Correlated EXISTS checks, so each followed person costs two index lookups instead of
/// materialising the organization's whole member list.
fn followed_people(scope: &Scope) -> sea_orm::Select<follows::Entity> {
    use sea_orm::sea_query::ExprTrait;

    let followed = Expr::col((follows::Entity, follows::Column::FollowedUserId));
    let member = Query::select()
        .expr(Expr::val(1))
        .from(memberships::Entity)
        .and_where(Expr::col((memberships::Entity, memberships::Column::GroupId)).eq(scope.organization_id))
        .and_where(
            Expr::col((memberships::Entity, memberships::Column::UserId))
                .equals((follows::Entity, follows::Column::FollowedUserId)),
        )
        .to_owned();
    let active = Query::select()
        .expr(Expr::val(1))
        .from(users::Entity)
        .and_where(
            Expr::col((users::Entity, users::Column::Id)).equals((follows::Entity, follows::Column::FollowedUserId)),
        )
        .and_where(Expr::col((users::Entity, users::Column::IsActive)).eq(true))
        .to_owned();
    follows::Entity::find()
        .filter(follows::Column::FollowerId.eq(scope.person_id))
        .filter(followed.is_not_null())
        .filter(Expr::exists(member))
        .filter(Expr::exists(active))
}

fn member_groups(scope: &Scope, group_type: Option<&str>) -> sea_orm::Select<memberships::Entity> {
    memberships::Entity::find()
        .filter(memberships::Column::UserId.eq(scope.person_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(visible_group(scope, (memberships::Entity, memberships::Column::GroupId), group_type))
}

fn followed_groups(scope: &Scope, group_type: Option<&str>) -> sea_orm::Select<follows::Entity> {
    follows::Entity::find()
        .filter(follows::Column::FollowerId.eq(scope.person_id))
        .filter(visible_group(scope, (follows::Entity, follows::Column::GroupId), group_type))
        .filter(follows::Column::GroupId.not_in_subquery(accepted_groups_of(scope.person_id)))
}

/// The part `[offset, offset + limit)` of a page that falls in a list of `count` rows
/// starting at `start` in the combined list: (offset within the list, limit), if any.
fn slice(start: u64, count: u64, offset: u64, limit: u64) -> Option<(u64, u64)> {
    let end = offset.saturating_add(limit);
    let from = offset.max(start);
    let to = end.min(start + count);
    (from < to).then(|| (from - start, to - from))
}

pub async fn page(
    db: &impl ConnectionTrait,
    scope: &Scope,
    kind: &Kind,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<Connection>> {
    let (people, group_type) = match kind {
        Kind::All => (true, None),
        Kind::Users => (true, None),
        Kind::Groups(t) => (false, Some(t.as_str())),
    };
    let groups_too = !matches!(kind, Kind::Users);
    let people_count = if people { followed_people(scope).count(db).await? } else { 0 };
    let member_count = if groups_too { member_groups(scope, group_type).count(db).await? } else { 0 };
    let followed_count = if groups_too { followed_groups(scope, group_type).count(db).await? } else { 0 };

    let mut items = Vec::new();
    if let Some((skip, take)) = slice(0, people_count, offset, limit) {
        let ids: Vec<Option<i64>> = followed_people(scope)
            .select_only()
            .column(follows::Column::FollowedUserId)
            .order_by_desc(follows::Column::Id)
            .offset(skip)
            .limit(take)
            .into_tuple()
            .all(db)
            .await?;
        items.extend(ids.into_iter().flatten().map(Connection::User));
    }
    if let Some((skip, take)) = slice(people_count, member_count, offset, limit) {
        let ids: Vec<i64> = member_groups(scope, group_type)
            .select_only()
            .column(memberships::Column::GroupId)
            .order_by_desc(memberships::Column::Id)
            .offset(skip)
            .limit(take)
            .into_tuple()
            .all(db)
            .await?;
        items.extend(ids.into_iter().map(|group_id| Connection::Group { group_id, member: true }));
    }
    if let Some((skip, take)) = slice(people_count + member_count, followed_count, offset, limit) {
        let ids: Vec<Option<i64>> = followed_groups(scope, group_type)
            .select_only()
            .column(follows::Column::GroupId)
            .order_by_desc(follows::Column::Id)
            .offset(skip)
            .limit(take)
            .into_tuple()
            .all(db)
            .await?;
        items.extend(ids.into_iter().flatten().map(|group_id| Connection::Group { group_id, member: false }));
    }
    Ok(Paged { items, count: people_count + member_count + followed_count })
}

/// The circles (or groups of another type) a person is an accepted member of, visible to
/// the viewer, newest membership first.
pub async fn memberships_of_type(
    db: &impl ConnectionTrait,
    scope: &Scope,
    group_type: &str,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<memberships::Model>> {
    let query = member_groups(scope, Some(group_type));
    let count = query.clone().count(db).await?;
    let items = query.order_by_desc(memberships::Column::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

#[cfg(test)]
mod tests {
    use super::slice;

    #[test]
    fn pages_run_across_the_lists() {
        // Lists of 3, 2 and 4 rows; pages of 4.
        assert_eq!(slice(0, 3, 0, 4), Some((0, 3)));
        assert_eq!(slice(3, 2, 0, 4), Some((0, 1)));
        assert_eq!(slice(5, 4, 0, 4), None);
        assert_eq!(slice(0, 3, 4, 4), None);
        assert_eq!(slice(3, 2, 4, 4), Some((1, 1)));
        assert_eq!(slice(5, 4, 4, 4), Some((0, 3)));
        assert_eq!(slice(5, 4, 8, 4), Some((3, 1)));
        assert_eq!(slice(0, 0, 0, 4), None);
    }
}
