//! Influencers of a site (spec 002 §7 "Influential people: default org id, is_influencer
//! true, status accepted"): the flag on a person's membership of the site's organization,
//! which staff set, and the list of those people. The list reads the index
//! `ix_memberships_group_influencer (group_id, is_influencer, status, user_id)` in its
//! order, so a page costs what it returns.

use sea_orm::{
    sea_query::Expr, ColumnTrait, ConnectionTrait, EntityTrait, JoinType, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, RelationDef,
};

use super::{memberships::STATUS_ACCEPTED, Paged};
use crate::{
    entities::{memberships, users},
    StoreResult,
};

/// Whether the user is an influencer of the organization (their accepted membership says so).
pub async fn is_influencer(db: &impl ConnectionTrait, org_id: i64, user_id: i64) -> StoreResult<bool> {
    let found = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(org_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(memberships::Column::IsInfluencer.eq(true))
        .count(db)
        .await?;
    Ok(found > 0)
}

/// Marks (or unmarks) the user as an influencer of the organization. False when they hold
/// no accepted membership of it (nothing changes).
pub async fn set(db: &impl ConnectionTrait, org_id: i64, user_id: i64, influencer: bool) -> StoreResult<bool> {
    let done = memberships::Entity::update_many()
        .col_expr(memberships::Column::IsInfluencer, Expr::value(influencer))
        .col_expr(memberships::Column::UpdatedAt, Expr::value(crate::now()))
        .filter(memberships::Column::GroupId.eq(org_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

fn member_user() -> RelationDef {
    memberships::Entity::belongs_to(users::Entity).from(memberships::Column::UserId).to(users::Column::Id).into()
}

/// One page of the organization's influencers (active accounts with an accepted
/// membership), in the index's order (by user id), with the count.
pub async fn people(
    db: &impl ConnectionTrait,
    org_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<users::Model>> {
    let query = users::Entity::find()
        .join(JoinType::InnerJoin, member_user().rev())
        .filter(memberships::Column::GroupId.eq(org_id))
        .filter(memberships::Column::IsInfluencer.eq(true))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(users::Column::IsActive.eq(true));
    let count = query.clone().count(db).await?;
    let items = query.order_by_asc(memberships::Column::UserId).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}
