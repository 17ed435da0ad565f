//! Community analytics (issue 33; m0039): the job worker's roll-up of a site's days into
//! `analytics_daily`, and the analytics page's reads of those rows.
//!
//! **Roll-up** ([`rollup`]): recomputes every metric of `domain::analytics::Metric` for a
//! range of days of one site, from the site's tables, and replaces that range's rows in one
//! transaction (delete, then insert with an upsert on the unique key), so a run is idempotent
//! and two runs at once agree. A site's first run fills the past
//! (`domain::analytics::BACKFILL_DAYS`); later runs redo yesterday and today. Each source is
//! counted once for the whole range by the database, per UTC day (and per key), on an index
//! starting with the site (or the site's organization, or its job posts) and the time: what
//! comes back is a row per day and key, never a row per member or application.
//!
//! What the past can tell: *active members* of a past day counts members whose **last**
//! sign-in falls in the 30 days ending that day (earlier sign-ins are not kept), and the seats
//! of a past day count today's accepted members who joined by then. From the first run on,
//! each day's value is the one measured that day.
//!
//! **Reads** ([`daily`], [`top_jobs`], [`fullest_circles`]): rows of one or more sites on the
//! `(tenant_id, metric, day, key)` index; their cost is the period's rows, never the sites'.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, NaiveDate, Utc};
use domain::analytics::{self as rules, Metric};
use sea_orm::{
    sea_query::{Alias, Asterisk, Expr, ExprTrait, Func, IntoColumnRef, OnConflict, Query, SimpleExpr},
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, JoinType, Order, QueryFilter, QueryOrder, QuerySelect,
    Select,
};

use crate::{
    entities::{
        agent_reports, ama_chats, ama_feedback, analytics_daily, analytics_rollups, contents, groups, job_applications,
        job_posts, memberships, tenants, users,
    },
    now, StoreResult,
};

/// Rows written per statement.
const INSERT_CHUNK: usize = 400;
/// A member is active for this many days after signing in.
pub const ACTIVE_DAYS: i64 = 30;

/// `SUM(value)` as a 64-bit integer on both databases (PostgreSQL sums `bigint` to `numeric`).
fn sum_of_values() -> SimpleExpr {
    Func::cast_as(Func::sum(Expr::col(analytics_daily::Column::Value)), Alias::new("bigint")).into()
}

fn start_of(day: NaiveDate) -> DateTime<Utc> {
    day.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc()
}

/// Counts keyed by metric, day and key, as they will be stored.
#[derive(Debug, Default)]
struct Counts(BTreeMap<(Metric, NaiveDate, String), i64>);

impl Counts {
    fn add(&mut self, metric: Metric, day: NaiveDate, key: impl Into<String>, value: i64) {
        *self.0.entry((metric, day, key.into())).or_default() += value;
    }

    fn set(&mut self, metric: Metric, day: NaiveDate, key: impl Into<String>, value: i64) {
        self.0.insert((metric, day, key.into()), value);
    }

    /// Counts `n` events of `day` for the site (key `""`) and, when given, for `key`.
    fn events(&mut self, metric: Metric, day: NaiveDate, key: Option<String>, n: i64) {
        self.add(metric, day, "", n);
        if let Some(key) = key {
            self.add(metric, day, key, n);
        }
    }
}

/// Whether the site has been rolled up before.
async fn state(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<analytics_rollups::Model>> {
    Ok(analytics_rollups::Entity::find_by_id(tenant_id).one(db).await?)
}

/// Every site's id.
pub async fn tenant_ids(db: &impl ConnectionTrait) -> StoreResult<Vec<i64>> {
    Ok(tenants::Entity::find()
        .select_only()
        .column(tenants::Column::Id)
        .order_by_asc(tenants::Column::Id)
        .into_tuple()
        .all(db)
        .await?)
}

/// Rolls up one site: the past on its first run, otherwise yesterday and today (`today` is
/// the UTC day). Returns the days recomputed.
pub async fn rollup(db: &crate::Db, tenant_id: i64, today: NaiveDate) -> StoreResult<(NaiveDate, NaiveDate)> {
    let first_run = state(db, tenant_id).await?.is_none();
    let (from, to) = rules::rollup_days(today, first_run);
    rollup_range(db, tenant_id, from, to).await?;
    Ok((from, to))
}

/// Recomputes the days `from..=to` of one site and replaces their rows.
pub async fn rollup_range(db: &crate::Db, tenant_id: i64, from: NaiveDate, to: NaiveDate) -> StoreResult<()> {
    let counts = compute(db, tenant_id, from, to).await?;
    let txn = crate::begin_write(db).await?;
    analytics_daily::Entity::delete_many()
        .filter(analytics_daily::Column::TenantId.eq(tenant_id))
        .filter(analytics_daily::Column::Day.between(from, to))
        .exec(&txn)
        .await?;
    let rows: Vec<analytics_daily::ActiveModel> = counts
        .0
        .into_iter()
        .map(|((metric, day, key), value)| analytics_daily::ActiveModel {
            tenant_id: Set(tenant_id),
            metric: Set(metric.as_str().to_string()),
            day: Set(day),
            key: Set(key),
            value: Set(value),
            ..Default::default()
        })
        .collect();
    let on_conflict = OnConflict::columns([
        analytics_daily::Column::TenantId,
        analytics_daily::Column::Metric,
        analytics_daily::Column::Day,
        analytics_daily::Column::Key,
    ])
    .update_column(analytics_daily::Column::Value)
    .to_owned();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<_> = rows.by_ref().take(INSERT_CHUNK).collect();
        analytics_daily::Entity::insert_many(chunk)
            .on_conflict(on_conflict.clone())
            .exec_without_returning(&txn)
            .await?;
    }
    let at = now();
    let on_conflict = OnConflict::column(analytics_rollups::Column::TenantId)
        .update_column(analytics_rollups::Column::RolledUpAt)
        .to_owned();
    analytics_rollups::Entity::insert(analytics_rollups::ActiveModel {
        tenant_id: Set(tenant_id),
        backfilled_at: Set(at),
        rolled_up_at: Set(at),
    })
    .on_conflict(on_conflict)
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(())
}

async fn organization_id(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<i64>> {
    Ok(groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .into_tuple()
        .one(db)
        .await?)
}

/// Every metric of the days `from..=to` of one site.
async fn compute(db: &impl ConnectionTrait, tenant_id: i64, from: NaiveDate, to: NaiveDate) -> StoreResult<Counts> {
    let (start, end) = (start_of(from), start_of(to + Duration::days(1)));
    let mut counts = Counts::default();
    if let Some(org) = organization_id(db, tenant_id).await? {
        members(db, &mut counts, org, from, to).await?;
    }
    content(db, &mut counts, tenant_id, start, end).await?;
    applications(db, &mut counts, tenant_id, start, end).await?;
    aira(db, &mut counts, tenant_id, start, end).await?;
    circles(db, &mut counts, tenant_id, from, to).await?;
    assistant(db, &mut counts, tenant_id, start, end).await?;
    Ok(counts)
}

/// The UTC day of a stored time, on either database (SQLite keeps times as ISO 8601 text).
fn day_of(db: &impl ConnectionTrait, time: impl IntoColumnRef) -> SimpleExpr {
    match db.get_database_backend() {
        DbBackend::Postgres => Expr::cust_with_expr("CAST(($1 AT TIME ZONE 'UTC') AS date)", Expr::col(time)),
        _ => Func::cust(Alias::new("DATE")).arg(Expr::col(time)).into(),
    }
}

/// Adds the day of `time` and the rows' count to a query's columns, counted per day and per
/// the columns selected before: the database counts, and the answer is a row per day and key.
fn per_day<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>, time: impl IntoColumnRef) -> Select<E> {
    let day = day_of(db, time);
    select.column_as(day.clone(), "day").column_as(Expr::col(Asterisk).count(), "n").group_by(day)
}

async fn members(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    org: i64,
    from: NaiveDate,
    to: NaiveDate,
) -> StoreResult<()> {
    let (start, end) = (start_of(from), start_of(to + Duration::days(1)));
    let joined = memberships::Entity::find()
        .select_only()
        .filter(memberships::Column::GroupId.eq(org))
        .filter(memberships::Column::CreatedAt.gte(start))
        .filter(memberships::Column::CreatedAt.lt(end));
    let joined: Vec<(NaiveDate, i64)> =
        per_day(db, joined, memberships::Column::CreatedAt).into_tuple().all(db).await?;
    for (day, n) in joined {
        counts.add(Metric::MembersJoined, day, "", n);
    }
    let accepted = memberships::Entity::find()
        .select_only()
        .filter(memberships::Column::GroupId.eq(org))
        .filter(memberships::Column::Status.eq(super::memberships::STATUS_ACCEPTED))
        .filter(memberships::Column::UpdatedAt.gte(start))
        .filter(memberships::Column::UpdatedAt.lt(end));
    let accepted: Vec<(NaiveDate, i64)> =
        per_day(db, accepted, memberships::Column::UpdatedAt).into_tuple().all(db).await?;
    for (day, n) in accepted {
        counts.add(Metric::MembersAccepted, day, "", n);
    }
    // Active: accepted members whose last sign-in is in the window ending each day.
    let accepted_members = Query::select()
        .column(memberships::Column::UserId)
        .from(memberships::Entity)
        .and_where(memberships::Column::GroupId.eq(org))
        .and_where(memberships::Column::Status.eq(super::memberships::STATUS_ACCEPTED))
        .to_owned();
    let logins = users::Entity::find()
        .select_only()
        .filter(users::Column::LastLoginAt.gte(start - Duration::days(ACTIVE_DAYS - 1)))
        .filter(users::Column::LastLoginAt.lt(end))
        .filter(users::Column::Id.in_subquery(accepted_members));
    let logins: BTreeMap<NaiveDate, i64> =
        per_day(db, logins, users::Column::LastLoginAt).into_tuple().all(db).await?.into_iter().collect();
    let mut day = from;
    while day <= to {
        let window = day - Duration::days(ACTIVE_DAYS - 1)..=day;
        counts.set(Metric::ActiveMembers, day, "", logins.range(window).map(|(_, n)| n).sum::<i64>());
        day += Duration::days(1);
    }
    Ok(())
}

async fn content(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    tenant_id: i64,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> StoreResult<()> {
    let made = contents::Entity::find()
        .select_only()
        .column(contents::Column::ContentType)
        .filter(contents::Column::TenantId.eq(tenant_id))
        .filter(contents::Column::CreatedAt.gte(start))
        .filter(contents::Column::CreatedAt.lt(end))
        .filter(contents::Column::ContentType.is_in(["post", "newsletter", "resource"]))
        .group_by(contents::Column::ContentType);
    let made: Vec<(String, NaiveDate, i64)> =
        per_day(db, made, contents::Column::CreatedAt).into_tuple().all(db).await?;
    for (kind, day, n) in made {
        let metric = if kind == "resource" { Metric::Resources } else { Metric::Posts };
        counts.add(metric, day, "", n);
    }
    Ok(())
}

async fn applications(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    tenant_id: i64,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> StoreResult<()> {
    let posts = || {
        Query::select()
            .column(job_posts::Column::Id)
            .from(job_posts::Entity)
            .and_where(job_posts::Column::TenantId.eq(tenant_id))
            .to_owned()
    };
    let made = job_applications::Entity::find()
        .select_only()
        .column(job_applications::Column::JobPostId)
        .filter(job_applications::Column::JobPostId.in_subquery(posts()))
        .filter(job_applications::Column::CreatedAt.gte(start))
        .filter(job_applications::Column::CreatedAt.lt(end))
        .group_by(job_applications::Column::JobPostId);
    let made: Vec<(i64, NaiveDate, i64)> =
        per_day(db, made, job_applications::Column::CreatedAt).into_tuple().all(db).await?;
    for (job, day, n) in made {
        counts.events(Metric::Applications, day, Some(job.to_string()), n);
    }
    let reviewed = job_applications::Entity::find()
        .select_only()
        .column(job_applications::Column::JobPostId)
        .column(job_applications::Column::Status)
        .filter(job_applications::Column::JobPostId.in_subquery(posts()))
        .filter(job_applications::Column::Status.is_in(["accepted", "rejected"]))
        .filter(job_applications::Column::ReviewedAt.gte(start))
        .filter(job_applications::Column::ReviewedAt.lt(end))
        .group_by(job_applications::Column::JobPostId)
        .group_by(job_applications::Column::Status);
    let reviewed: Vec<(i64, String, NaiveDate, i64)> =
        per_day(db, reviewed, job_applications::Column::ReviewedAt).into_tuple().all(db).await?;
    for (job, status, day, n) in reviewed {
        let metric = if status == "accepted" { Metric::ApplicationsAccepted } else { Metric::ApplicationsRejected };
        counts.events(metric, day, Some(job.to_string()), n);
    }
    Ok(())
}

async fn aira(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    tenant_id: i64,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> StoreResult<()> {
    // A report's score sits in its body; reports are written one agent run at a time, so
    // reading the range's bodies stays small next to the members' and applications' rows.
    let reports: Vec<(DateTime<Utc>, serde_json::Value)> = agent_reports::Entity::find()
        .select_only()
        .column(agent_reports::Column::CreatedAt)
        .column(agent_reports::Column::Body)
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::CreatedAt.gte(start))
        .filter(agent_reports::Column::CreatedAt.lt(end))
        .into_tuple()
        .all(db)
        .await?;
    for (at, body) in reports {
        let score = &body["aira"];
        let (Some(percent), Some(level)) = (score["readiness_percent"].as_i64(), score["level"].as_str()) else {
            continue;
        };
        let day = at.date_naive();
        counts.add(Metric::AiraReports, day, "", 1);
        counts.add(Metric::AiraScoreSum, day, "", percent);
        counts.add(Metric::AiraLevel, day, level.chars().take(40).collect::<String>(), 1);
    }
    Ok(())
}

async fn circles(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    tenant_id: i64,
    from: NaiveDate,
    to: NaiveDate,
) -> StoreResult<()> {
    let (start, end) = (start_of(from), start_of(to + Duration::days(1)));
    let capped: Vec<(i64, i64, DateTime<Utc>)> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .column(groups::Column::MaximumSize)
        .column(groups::Column::CreatedAt)
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::GroupType.eq("circle"))
        .filter(groups::Column::MaximumSize.gt(0))
        .filter(groups::Column::CreatedAt.lt(end))
        .into_tuple()
        .all(db)
        .await?;
    if capped.is_empty() {
        return Ok(());
    }
    let joins = || {
        let circle_ids = Query::select()
            .column(groups::Column::Id)
            .from(groups::Entity)
            .and_where(groups::Column::TenantId.eq(tenant_id))
            .and_where(groups::Column::GroupType.eq("circle"))
            .and_where(groups::Column::MaximumSize.gt(0))
            .to_owned();
        memberships::Entity::find()
            .select_only()
            .column(memberships::Column::GroupId)
            .filter(memberships::Column::GroupId.in_subquery(circle_ids))
            .filter(memberships::Column::Status.eq(super::memberships::STATUS_ACCEPTED))
            .group_by(memberships::Column::GroupId)
    };
    // Each circle's members who joined before the range, then those joining on each day of it.
    let mut members: HashMap<i64, i64> = joins()
        .column_as(Expr::col(Asterisk).count(), "n")
        .filter(memberships::Column::CreatedAt.lt(start))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let in_range =
        joins().filter(memberships::Column::CreatedAt.gte(start)).filter(memberships::Column::CreatedAt.lt(end));
    let mut joined_on: BTreeMap<NaiveDate, Vec<(i64, i64)>> = BTreeMap::new();
    let rows: Vec<(i64, NaiveDate, i64)> =
        per_day(db, in_range, memberships::Column::CreatedAt).into_tuple().all(db).await?;
    for (group, day, n) in rows {
        joined_on.entry(day).or_default().push((group, n));
    }
    let mut day = from;
    while day <= to {
        for (group, n) in joined_on.get(&day).into_iter().flatten() {
            *members.entry(*group).or_default() += n;
        }
        let day_end = start_of(day + Duration::days(1));
        let (mut taken, mut total, mut full) = (0i64, 0i64, 0i64);
        let mut fill: Vec<(i64, i64, i64)> = Vec::new();
        for (id, max, created) in &capped {
            if *created >= day_end {
                continue;
            }
            let members = members.get(id).copied().unwrap_or(0);
            taken += Ord::min(members, *max);
            total += max;
            if members >= *max {
                full += 1;
            }
            if members > 0 {
                fill.push((*id, members, *max));
            }
        }
        counts.set(Metric::CircleSeatsTaken, day, "", taken);
        counts.set(Metric::CircleSeatsTotal, day, "", total);
        counts.set(Metric::CirclesFull, day, "", full);
        // The fullest by share of seats taken, then by members, then the older circle.
        fill.sort_by(|a, b| (b.1 * a.2).cmp(&(a.1 * b.2)).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)));
        for (id, members, max) in fill.into_iter().take(rules::TOP_CIRCLES) {
            counts.set(Metric::CircleMembers, day, id.to_string(), members);
            counts.set(Metric::CircleCapacity, day, id.to_string(), max);
        }
        day += Duration::days(1);
    }
    Ok(())
}

async fn assistant(
    db: &impl ConnectionTrait,
    counts: &mut Counts,
    tenant_id: i64,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> StoreResult<()> {
    let asked = ama_chats::Entity::find()
        .select_only()
        .filter(ama_chats::Column::TenantId.eq(tenant_id))
        .filter(ama_chats::Column::CreatedAt.gte(start))
        .filter(ama_chats::Column::CreatedAt.lt(end));
    let asked: Vec<(NaiveDate, i64)> = per_day(db, asked, ama_chats::Column::CreatedAt).into_tuple().all(db).await?;
    for (day, n) in asked {
        counts.add(Metric::AssistantQuestions, day, "", n);
    }
    let rated = ama_feedback::Entity::find()
        .select_only()
        .column(ama_feedback::Column::Rating)
        .join(
            JoinType::InnerJoin,
            ama_feedback::Entity::belongs_to(ama_chats::Entity)
                .from(ama_feedback::Column::ChatId)
                .to(ama_chats::Column::Id)
                .into(),
        )
        .filter(ama_chats::Column::TenantId.eq(tenant_id))
        .filter(ama_feedback::Column::CreatedAt.gte(start))
        .filter(ama_feedback::Column::CreatedAt.lt(end))
        .group_by(ama_feedback::Column::Rating);
    let rated: Vec<(i16, NaiveDate, i64)> =
        per_day(db, rated, (ama_feedback::Entity, ama_feedback::Column::CreatedAt)).into_tuple().all(db).await?;
    for (rating, day, n) in rated {
        counts.events(Metric::AssistantRatings, day, Some(rating.to_string()), n);
        counts.add(Metric::AssistantRatingSum, day, "", i64::from(rating) * n);
    }
    Ok(())
}

/// One stored count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyRow {
    pub metric: Metric,
    pub day: NaiveDate,
    pub key: String,
    pub value: i64,
}

/// The site-wide rows of `tenants` in `from..=to`, summed over the sites, in metric, day and
/// key order: one range of the unique index per site and metric. The per-job rows are left
/// out (see [`top_jobs`]); the assistant's questions and ratings come with their keys.
pub async fn daily(
    db: &impl ConnectionTrait,
    tenants: &[i64],
    from: NaiveDate,
    to: NaiveDate,
) -> StoreResult<Vec<DailyRow>> {
    // Every metric but the fullest circles' rows, which `fullest_circles` reads.
    let names: Vec<&str> = Metric::ALL.iter().filter(|m| !m.is_per_circle()).map(|m| m.as_str()).collect();
    let rows: Vec<(String, NaiveDate, String, i64)> =
        analytics_daily::Entity::find()
            .select_only()
            .column(analytics_daily::Column::Metric)
            .column(analytics_daily::Column::Day)
            .column(analytics_daily::Column::Key)
            .column_as(sum_of_values(), "value")
            .filter(analytics_daily::Column::TenantId.is_in(tenants.to_vec()))
            .filter(analytics_daily::Column::Metric.is_in(names))
            .filter(analytics_daily::Column::Day.between(from, to))
            .filter(
                // Per-job keys of the application metrics are read by `top_jobs`.
                analytics_daily::Column::Key.eq("").or(analytics_daily::Column::Metric
                    .is_in([Metric::AiraLevel.as_str(), Metric::AssistantRatings.as_str()])),
            )
            .group_by(analytics_daily::Column::Metric)
            .group_by(analytics_daily::Column::Day)
            .group_by(analytics_daily::Column::Key)
            .order_by_asc(analytics_daily::Column::Metric)
            .order_by_asc(analytics_daily::Column::Day)
            .order_by_asc(analytics_daily::Column::Key)
            .into_tuple()
            .all(db)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(metric, day, key, value)| Some(DailyRow { metric: Metric::parse(&metric)?, day, key, value }))
        .collect())
}

/// A job's applications and outcomes over a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobTotals {
    pub job_id: i64,
    pub title: String,
    pub applications: i64,
    pub accepted: i64,
    pub rejected: i64,
}

/// The jobs of `tenants` most applied to in `from..=to` (at most `limit`), with the
/// applications accepted and rejected in the period.
pub async fn top_jobs(
    db: &impl ConnectionTrait,
    tenants: &[i64],
    from: NaiveDate,
    to: NaiveDate,
    limit: u64,
) -> StoreResult<Vec<JobTotals>> {
    let per_job = |metric: Metric| {
        analytics_daily::Entity::find()
            .select_only()
            .column(analytics_daily::Column::Key)
            .column_as(sum_of_values(), "total")
            .filter(analytics_daily::Column::TenantId.is_in(tenants.to_vec()))
            .filter(analytics_daily::Column::Metric.eq(metric.as_str()))
            .filter(analytics_daily::Column::Day.between(from, to))
            .filter(analytics_daily::Column::Key.ne(""))
            .group_by(analytics_daily::Column::Key)
    };
    let top: Vec<(String, i64)> = per_job(Metric::Applications)
        .order_by(Expr::col(Alias::new("total")), Order::Desc)
        .order_by_asc(analytics_daily::Column::Key)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    let ids: Vec<i64> = top.iter().filter_map(|(key, _)| key.parse().ok()).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = ids.iter().map(i64::to_string).collect();
    let outcome = |metric: Metric| {
        let keys = keys.clone();
        async move {
            let rows: Vec<(String, i64)> =
                per_job(metric).filter(analytics_daily::Column::Key.is_in(keys)).into_tuple().all(db).await?;
            StoreResult::Ok(rows.into_iter().collect::<HashMap<String, i64>>())
        }
    };
    let accepted = outcome(Metric::ApplicationsAccepted).await?;
    let rejected = outcome(Metric::ApplicationsRejected).await?;
    let titles: HashMap<i64, String> = job_posts::Entity::find()
        .select_only()
        .column(job_posts::Column::Id)
        .column(job_posts::Column::Title)
        .filter(job_posts::Column::Id.is_in(ids))
        .filter(job_posts::Column::TenantId.is_in(tenants.to_vec()))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(top
        .into_iter()
        .filter_map(|(key, applications)| {
            let job_id: i64 = key.parse().ok()?;
            Some(JobTotals {
                job_id,
                title: titles.get(&job_id).cloned().unwrap_or_default(),
                applications,
                accepted: accepted.get(&key).copied().unwrap_or(0),
                rejected: rejected.get(&key).copied().unwrap_or(0),
            })
        })
        .collect())
}

/// One of the fullest circles on the last rolled-up day of a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CircleFill {
    pub group_id: i64,
    pub name: String,
    pub members: i64,
    pub maximum_size: i64,
}

/// The fullest circles of `tenants` on the last day up to `to` that was rolled up (a
/// handful of rows per site and day), fullest first.
pub async fn fullest_circles(
    db: &impl ConnectionTrait,
    tenants: &[i64],
    from: NaiveDate,
    to: NaiveDate,
) -> StoreResult<Vec<CircleFill>> {
    let last: Option<Option<NaiveDate>> = analytics_daily::Entity::find()
        .select_only()
        .column_as(Expr::col(analytics_daily::Column::Day).max(), "day")
        .filter(analytics_daily::Column::TenantId.is_in(tenants.to_vec()))
        .filter(analytics_daily::Column::Metric.eq(Metric::CircleMembers.as_str()))
        .filter(analytics_daily::Column::Day.between(from, to))
        .into_tuple()
        .one(db)
        .await?;
    let Some(Some(day)) = last else { return Ok(Vec::new()) };
    let rows: Vec<(String, String, i64)> = analytics_daily::Entity::find()
        .select_only()
        .column(analytics_daily::Column::Metric)
        .column(analytics_daily::Column::Key)
        .column(analytics_daily::Column::Value)
        .filter(analytics_daily::Column::TenantId.is_in(tenants.to_vec()))
        .filter(
            analytics_daily::Column::Metric.is_in([Metric::CircleMembers.as_str(), Metric::CircleCapacity.as_str()]),
        )
        .filter(analytics_daily::Column::Day.eq(day))
        .into_tuple()
        .all(db)
        .await?;
    let mut fill: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for (metric, key, value) in rows {
        let Ok(id) = key.parse::<i64>() else { continue };
        let entry = fill.entry(id).or_default();
        if metric == Metric::CircleMembers.as_str() {
            entry.0 = value;
        } else {
            entry.1 = value;
        }
    }
    let names: HashMap<i64, String> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .column(groups::Column::Name)
        .filter(groups::Column::Id.is_in(fill.keys().copied().collect::<Vec<_>>()))
        .filter(groups::Column::TenantId.is_in(tenants.to_vec()))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut out: Vec<CircleFill> = fill
        .into_iter()
        .filter(|(_, (_, max))| *max > 0)
        .filter_map(|(group_id, (members, maximum_size))| {
            Some(CircleFill { group_id, name: names.get(&group_id)?.clone(), members, maximum_size })
        })
        .collect();
    out.sort_by(|a, b| {
        (b.members * a.maximum_size)
            .cmp(&(a.members * b.maximum_size))
            .then(b.members.cmp(&a.members))
            .then(a.group_id.cmp(&b.group_id))
    });
    out.truncate(rules::TOP_CIRCLES);
    Ok(out)
}

/// The oldest and the newest of some sites' last roll-ups.
pub type RolledUp = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// When the sites were last rolled up: the oldest and the newest of their last roll-ups, if
/// any was. Every roll-up sets its site's time to now, so the newest changes with any site's
/// counts: a report of these sites can be kept while it stays the same.
pub async fn rolled_up_at(db: &impl ConnectionTrait, tenants: &[i64]) -> StoreResult<RolledUp> {
    let at: Option<RolledUp> = analytics_rollups::Entity::find()
        .select_only()
        .column_as(Expr::col(analytics_rollups::Column::RolledUpAt).min(), "oldest")
        .column_as(Expr::col(analytics_rollups::Column::RolledUpAt).max(), "newest")
        .filter(analytics_rollups::Column::TenantId.is_in(tenants.to_vec()))
        .into_tuple()
        .one(db)
        .await?;
    Ok(at.unwrap_or_default())
}
