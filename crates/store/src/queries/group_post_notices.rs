//! Group posts told on read (m0045). A post writes one notice for its group; each accepted
//! member gets their own `notifications` row of it the next time their notifications are
//! read (the list, the unread badge, their open socket), so a post costs one row however
//! many members the group has, and only members who come back cost another.
//!
//! A member is told of the notices of their accepted groups posted since they joined, by
//! someone else, that they have not been told of: back to a little before the latest one
//! they were told of (PostgreSQL may commit two posts out of the order of their times),
//! never more than [`WINDOW_DAYS`] back, and only the newest [`AT_ONCE`] of them.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    sea_query::{
        Alias, Expr, ExprTrait, Func, JoinType, OnConflict, Query, SelectStatement, SimpleExpr, SubQueryStatement,
    },
    ActiveModelTrait, ConnectionTrait, FromQueryResult, Set,
};

use crate::{
    entities::{group_post_notices, memberships, notifications},
    StoreResult,
};

/// How far back a member returning after a long time is told of posts.
pub const WINDOW_DAYS: i64 = 90;
/// The most posts a member is told of at once (the newest; older ones missed are not told).
pub const AT_ONCE: u64 = 200;
/// How long before a notice a member told of it looks again from (`recheck_from`).
const COMMIT_SLACK_SECONDS: i64 = 60;

/// A post's notice, as the post's area words it.
#[derive(Debug, Clone)]
pub struct NewNotice {
    pub tenant_id: i64,
    pub group_id: i64,
    pub actor_id: i64,
    pub kind: String,
    pub notification_type: String,
    pub message: String,
    pub data: serde_json::Value,
}

/// Writes the notice of a post (call in the post's transaction).
pub async fn add(db: &impl ConnectionTrait, notice: NewNotice) -> StoreResult<group_post_notices::Model> {
    let at = crate::now();
    let row = group_post_notices::ActiveModel {
        tenant_id: Set(notice.tenant_id),
        group_id: Set(notice.group_id),
        actor_id: Set(Some(notice.actor_id)),
        kind: Set(notice.kind),
        notification_type: Set(notice.notification_type),
        message: Set(notice.message),
        data: Set(Some(notice.data)),
        created_at: Set(at),
        recheck_from: Set(at - Duration::seconds(COMMIT_SLACK_SECONDS)),
        ..Default::default()
    };
    Ok(row.insert(db).await?)
}

/// The site's latest post notice.
#[derive(Debug, Clone, FromQueryResult)]
pub struct Latest {
    pub id: i64,
    pub created_at: DateTime<Utc>,
}

/// The site's latest post notice, in one step of `ix_group_post_notices_tenant`.
pub async fn latest_in_site(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<Latest>> {
    let query = Query::select()
        .columns([group_post_notices::Column::Id, group_post_notices::Column::CreatedAt])
        .from(group_post_notices::Entity)
        .and_where(Expr::col(group_post_notices::Column::TenantId).eq(tenant_id))
        .order_by(group_post_notices::Column::Id, sea_orm::sea_query::Order::Desc)
        .limit(1)
        .to_owned();
    let backend = db.get_database_backend();
    Ok(Latest::find_by_statement(backend.build(&query)).one(db).await?)
}

fn b(column: &str) -> Expr {
    Expr::col((Alias::new("b"), Alias::new(column)))
}

/// Where the member's next look starts: the `recheck_from` of the latest notice they were
/// told of on the site (one step of `ux_notifications_user_group_post`), else the window.
fn since(tenant_id: i64, user_id: i64, floor: DateTime<Utc>) -> SimpleExpr {
    let latest_id = Query::select()
        .expr(Func::max(Expr::col(notifications::Column::GroupPostNoticeId)))
        .from(notifications::Entity)
        .and_where(Expr::col(notifications::Column::TenantId).eq(tenant_id))
        .and_where(Expr::col(notifications::Column::UserId).eq(user_id))
        .to_owned();
    let recheck_from = Query::select()
        .column(group_post_notices::Column::RecheckFrom)
        .from(group_post_notices::Entity)
        .and_where(Expr::col(group_post_notices::Column::Id).in_subquery(latest_id))
        .to_owned();
    Func::coalesce([Expr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(recheck_from))), Expr::val(floor)])
        .into()
}

/// The notices the member has not been told of, newest first, as `notifications` columns.
fn untold(tenant_id: i64, user_id: i64) -> SelectStatement {
    let floor = Utc::now() - Duration::days(WINDOW_DAYS);
    let m = |column: &str| Expr::col((Alias::new("m"), Alias::new(column)));
    let told = Query::select()
        .expr(Expr::val(1))
        .from_as(notifications::Entity, Alias::new("n"))
        .and_where(Expr::col((Alias::new("n"), notifications::Column::TenantId)).eq(tenant_id))
        .and_where(Expr::col((Alias::new("n"), notifications::Column::UserId)).eq(user_id))
        .and_where(
            Expr::col((Alias::new("n"), notifications::Column::GroupPostNoticeId))
                .equals((Alias::new("b"), Alias::new("id"))),
        )
        .to_owned();
    Query::select()
        .expr(b("tenant_id"))
        .expr(m("user_id"))
        .expr(b("actor_id"))
        .expr(b("kind"))
        .expr(b("notification_type"))
        .expr(b("message"))
        .expr(b("data"))
        .expr(Expr::val(false))
        .expr(b("created_at"))
        .expr(b("id"))
        .from_as(group_post_notices::Entity, Alias::new("b"))
        .join_as(
            JoinType::InnerJoin,
            memberships::Entity,
            Alias::new("m"),
            m("group_id").equals((Alias::new("b"), Alias::new("group_id"))),
        )
        .and_where(m("user_id").eq(user_id))
        .and_where(m("status").eq(super::memberships::STATUS_ACCEPTED))
        .and_where(b("tenant_id").eq(tenant_id))
        .and_where(b("created_at").gte(m("created_at")))
        .and_where(b("created_at").gte(floor))
        .and_where(b("created_at").gte(since(tenant_id, user_id, floor)))
        .and_where(b("actor_id").is_null().or(b("actor_id").ne(user_id)))
        .and_where(Expr::exists(told).not())
        .order_by((Alias::new("b"), Alias::new("id")), sea_orm::sea_query::Order::Desc)
        .limit(AT_ONCE)
        .to_owned()
}

/// Whether some post waits to be told to the member (one read).
pub async fn any_untold(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<bool> {
    let mut query = untold(tenant_id, user_id);
    query.limit(1);
    Ok(db.query_one(&query).await?.is_some())
}

/// Writes the member's rows of the posts they have not been told of; returns them. Two
/// concurrent calls write each row once (the second finds it there).
pub async fn tell(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Vec<notifications::Model>> {
    use notifications::Column as C;
    let insert = Query::insert()
        .into_table(notifications::Entity)
        .columns([
            C::TenantId,
            C::UserId,
            C::ActorId,
            C::Kind,
            C::NotificationType,
            C::Message,
            C::Data,
            C::IsRead,
            C::CreatedAt,
            C::GroupPostNoticeId,
        ])
        .select_from(untold(tenant_id, user_id))
        .map_err(|e| sea_orm::DbErr::Custom(e.to_string()))?
        .on_conflict(OnConflict::columns([C::TenantId, C::UserId, C::GroupPostNoticeId]).do_nothing().to_owned())
        .returning_all()
        .to_owned();
    let backend = db.get_database_backend();
    let mut rows = notifications::Model::find_by_statement(backend.build(&insert)).all(db).await?;
    rows.sort_by_key(|row| std::cmp::Reverse(row.id));
    Ok(rows)
}

/// The groups of the site whose posts the member is told of (their accepted memberships),
/// which their open socket listens to.
pub async fn groups_told(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Vec<i64>> {
    use crate::entities::groups;
    let query = Query::select()
        .column((memberships::Entity, memberships::Column::GroupId))
        .from(memberships::Entity)
        .inner_join(
            groups::Entity,
            Expr::col((groups::Entity, groups::Column::Id)).equals((memberships::Entity, memberships::Column::GroupId)),
        )
        .and_where(Expr::col((memberships::Entity, memberships::Column::UserId)).eq(user_id))
        .and_where(
            Expr::col((memberships::Entity, memberships::Column::Status)).eq(super::memberships::STATUS_ACCEPTED),
        )
        .and_where(Expr::col((groups::Entity, groups::Column::TenantId)).eq(tenant_id))
        .to_owned();
    let rows = db.query_all(&query).await?;
    Ok(rows.iter().filter_map(|row| row.try_get_by_index::<i64>(0).ok()).collect())
}
