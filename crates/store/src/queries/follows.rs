//! Follows of people and groups. Following is idempotent: a second follow changes nothing,
//! and unfollowing what is not followed is not an error.

use sea_orm::{
    sea_query::{Expr, OnConflict, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set,
};

use crate::{entities::follows, now, StoreResult};

/// What is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    User(i64),
    /// A group, with its tenant.
    Group {
        id: i64,
        tenant_id: i64,
    },
}

fn target_filter(target: Target) -> sea_orm::Condition {
    match target {
        Target::User(id) => sea_orm::Condition::all().add(follows::Column::FollowedUserId.eq(id)),
        Target::Group { id, .. } => sea_orm::Condition::all().add(follows::Column::GroupId.eq(id)),
    }
}

/// Follows; true when the follow is new (false when it already existed).
pub async fn follow(db: &impl ConnectionTrait, follower_id: i64, target: Target) -> StoreResult<bool> {
    let (user, group, tenant, key) = match target {
        Target::User(id) => (Some(id), None, None, follows::Column::FollowedUserId),
        Target::Group { id, tenant_id } => (None, Some(id), Some(tenant_id), follows::Column::GroupId),
    };
    let row = follows::ActiveModel {
        follower_id: Set(follower_id),
        followed_user_id: Set(user),
        group_id: Set(group),
        tenant_id: Set(tenant),
        created_at: Set(now()),
        ..Default::default()
    };
    // The unique index makes a repeated (or concurrent) follow a no-op.
    let on_conflict = OnConflict::columns([follows::Column::FollowerId, key]).do_nothing().to_owned();
    let added = follows::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    Ok(added > 0)
}

pub async fn unfollow(db: &impl ConnectionTrait, follower_id: i64, target: Target) -> StoreResult<()> {
    follows::Entity::delete_many()
        .filter(follows::Column::FollowerId.eq(follower_id))
        .filter(target_filter(target))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn is_following(db: &impl ConnectionTrait, follower_id: i64, target: Target) -> StoreResult<bool> {
    Ok(follows::Entity::find()
        .filter(follows::Column::FollowerId.eq(follower_id))
        .filter(target_filter(target))
        .count(db)
        .await?
        > 0)
}

pub async fn followers_count(db: &impl ConnectionTrait, target: Target) -> StoreResult<u64> {
    Ok(follows::Entity::find().filter(target_filter(target)).count(db).await?)
}

/// What a person's profile shows of follows: how many follow them, how many people and
/// groups of `tenant_id` they follow, and whether `viewer` follows them; one statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PersonFollows {
    pub followers: u64,
    pub following: u64,
    pub followed_by_viewer: bool,
}

pub async fn person_follows(
    db: &impl ConnectionTrait,
    user_id: i64,
    tenant_id: i64,
    viewer: Option<i64>,
) -> StoreResult<PersonFollows> {
    use sea_orm::sea_query::{Alias, Func, SimpleExpr};
    let count = |filter: sea_orm::Condition| -> SimpleExpr {
        SimpleExpr::SubQuery(
            None,
            Box::new(
                Query::select()
                    .expr(Func::count(Expr::col(follows::Column::Id)))
                    .from(follows::Entity)
                    .cond_where(filter)
                    .to_owned()
                    .into(),
            ),
        )
    };
    let followers = sea_orm::Condition::all().add(follows::Column::FollowedUserId.eq(user_id));
    // A group follow carries its group's tenant, so no join to `groups` is needed.
    let following = sea_orm::Condition::all().add(follows::Column::FollowerId.eq(user_id)).add(
        sea_orm::Condition::any()
            .add(follows::Column::FollowedUserId.is_not_null())
            .add(follows::Column::TenantId.eq(tenant_id)),
    );
    let by_viewer = match viewer {
        Some(viewer) if viewer != user_id => sea_orm::Condition::all()
            .add(follows::Column::FollowerId.eq(viewer))
            .add(follows::Column::FollowedUserId.eq(user_id)),
        _ => sea_orm::Condition::all().add(Expr::val(false)),
    };
    let statement = Query::select()
        .expr_as(count(followers), Alias::new("followers"))
        .expr_as(count(following), Alias::new("following"))
        .expr_as(count(by_viewer), Alias::new("by_viewer"))
        .to_owned();
    let row = db.query_one(&statement).await?.ok_or_else(|| sea_orm::DbErr::RecordNotFound("follow counts".into()))?;
    let read = |column: &str| -> StoreResult<u64> { Ok(u64::try_from(row.try_get::<i64>("", column)?).unwrap_or(0)) };
    Ok(PersonFollows {
        followers: read("followers")?,
        following: read("following")?,
        followed_by_viewer: read("by_viewer")? > 0,
    })
}

/// Of `group_ids`, those the user follows.
pub async fn followed_groups_among(
    db: &impl ConnectionTrait,
    user_id: i64,
    group_ids: &[i64],
) -> StoreResult<Vec<i64>> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(follows::Entity::find()
        .select_only()
        .column(follows::Column::GroupId)
        .filter(follows::Column::FollowerId.eq(user_id))
        .filter(follows::Column::GroupId.is_in(group_ids.to_vec()))
        .into_tuple::<Option<i64>>()
        .all(db)
        .await?
        .into_iter()
        .flatten()
        .collect())
}

/// How many follow each of `group_ids`.
pub async fn group_follower_counts(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
) -> StoreResult<std::collections::HashMap<i64, u64>> {
    if group_ids.is_empty() {
        return Ok(Default::default());
    }
    let rows: Vec<(Option<i64>, i64)> = follows::Entity::find()
        .select_only()
        .column(follows::Column::GroupId)
        .column_as(follows::Column::Id.count(), "n")
        .filter(follows::Column::GroupId.is_in(group_ids.to_vec()))
        .group_by(follows::Column::GroupId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, n)| Some((id?, u64::try_from(n).unwrap_or(0)))).collect())
}

/// Of `user_ids`, those the user follows.
pub async fn followed_users_among(db: &impl ConnectionTrait, user_id: i64, user_ids: &[i64]) -> StoreResult<Vec<i64>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(follows::Entity::find()
        .select_only()
        .column(follows::Column::FollowedUserId)
        .filter(follows::Column::FollowerId.eq(user_id))
        .filter(follows::Column::FollowedUserId.is_in(user_ids.to_vec()))
        .into_tuple::<Option<i64>>()
        .all(db)
        .await?
        .into_iter()
        .flatten()
        .collect())
}
