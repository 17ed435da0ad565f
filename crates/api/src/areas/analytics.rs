//! Community analytics (issue 33): the admin dashboard's trends.
//!
//! - `GET /api/v1/analytics/?from=YYYY-MM-DD&to=YYYY-MM-DD` (or `weeks=N`: this week and the
//!   N - 1 before it; 12 weeks without either): the site's weekly series (members joining and accepted,
//!   active members, posts, resources, applications and their outcomes, AI readiness scores
//!   and levels, seats taken in circles, assistant questions and ratings), the jobs most
//!   applied to, and the fullest circles.
//! - `GET /api/v1/analytics/export/?…`: the weekly series as CSV, one row a week.
//!
//! Who: the administrators (and leaders) of the site's organization, for their site; staff
//! for any site (`site=<id>`) or all sites summed (`all_sites=true`). Guests get 401, members
//! 403. Both read the rows the job worker rolls up (`store::queries::analytics`, kept by
//! `services::analytics`), so a request's cost is the period's rows, never the site's size,
//! and keep each report until the sites are rolled up again ([`ReportCache`]).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{extract::State, response::Response, Json};
use chrono::{DateTime, NaiveDate, Utc};
use domain::{
    analytics::{self as rules, DayValue, Kind, Metric, Period},
    csv_export::CsvTable,
    FieldErrors,
};
use prometheus::IntCounter;
use serde::{Deserialize, Serialize};
use store::queries::analytics as analytics_q;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(analytics_report)).routes(routes!(analytics_csv))
}

/// The period and the sites of a report.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// The first day (`YYYY-MM-DD`, UTC), included; by default the Monday that makes the
    /// period 12 weeks with the week of `to`.
    #[param(format = Date, example = "2026-09-01")]
    pub from: Option<String>,
    /// The last day (`YYYY-MM-DD`, UTC), included; today by default. At most 731 days after `from`.
    #[param(format = Date, example = "2026-11-30")]
    pub to: Option<String>,
    /// The last N weeks (instead of `from`): the week of `to` and the N - 1 weeks before it, 1 to 104.
    #[param(minimum = 1, maximum = 104)]
    pub weeks: Option<u32>,
    /// Staff only: the site (tenant id) to report on; the request's site by default.
    pub site: Option<i64>,
    /// Staff only: every site summed.
    pub all_sites: Option<bool>,
}

/// One week of the series (weeks start on Monday; the first and last may be partial).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsWeek {
    /// The Monday starting the week.
    pub week_start: NaiveDate,
    /// Applications to join the site's organization.
    pub members_joined: i64,
    /// Memberships of the site's organization accepted.
    pub members_accepted: i64,
    /// Accepted members signed in within 30 days, at the end of the week (null: not rolled up).
    pub active_members: Option<i64>,
    pub posts: i64,
    pub resources: i64,
    /// Applications to jobs.
    pub applications: i64,
    pub applications_accepted: i64,
    pub applications_rejected: i64,
    /// AI readiness (AIRA) reports made.
    pub aira_reports: i64,
    /// Their mean readiness percentage, to one decimal (null without reports).
    pub aira_average_score: Option<f64>,
    pub aira_beginner: i64,
    pub aira_intermediate: i64,
    pub aira_advanced: i64,
    /// Seats taken in circles with a maximum size, at the end of the week.
    pub circle_seats_taken: Option<i64>,
    /// Seats those circles offer, at the end of the week.
    pub circle_seats_total: Option<i64>,
    /// Circles with every seat taken, at the end of the week.
    pub circles_full: Option<i64>,
    pub assistant_questions: i64,
    /// Ratings of the assistant's answers given.
    pub assistant_ratings: i64,
    /// Their mean (1 to 5), to one decimal (null without ratings).
    pub assistant_average_rating: Option<f64>,
}

/// A job's applications and outcomes over the period.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsJob {
    pub job_id: i64,
    pub title: String,
    pub applications: i64,
    pub accepted: i64,
    pub rejected: i64,
}

/// A circle among the fullest at the end of the period.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsCircle {
    pub group_id: i64,
    pub name: String,
    pub members: i64,
    pub maximum_size: i64,
}

/// Counts of the assistant's ratings over the period, by rating.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RatingCount {
    /// 1 to 5.
    pub rating: i64,
    pub count: i64,
}

/// The analytics of a period.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// The site reported on (null when all sites are summed).
    pub site: Option<i64>,
    /// When the counts were last rolled up (null: never yet).
    pub rolled_up_at: Option<DateTime<Utc>>,
    pub weeks: Vec<AnalyticsWeek>,
    /// The jobs most applied to in the period (at most 20), most first.
    pub jobs: Vec<AnalyticsJob>,
    /// The fullest circles at the end of the period (at most 10), fullest first.
    pub circles: Vec<AnalyticsCircle>,
    /// The assistant's ratings in the period, by rating.
    pub ratings: Vec<RatingCount>,
}

/// Checks the caller and the query: the period and the sites to read.
async fn scope(
    state: &AppState,
    tenant: &Tenant,
    user: &store::entities::users::Model,
    query: &AnalyticsQuery,
) -> ApiResult<(Period, Option<i64>, Vec<i64>)> {
    let staff = user.is_staff;
    if !staff && !store::queries::memberships::is_manager(&state.db, tenant.organization_id(), user.id).await? {
        return Err(ApiError::forbidden());
    }
    if !staff && (query.site.is_some_and(|s| s != tenant.id()) || query.all_sites == Some(true)) {
        return Err(ApiError::Forbidden("Only staff may report on other sites.".into()));
    }
    let (period, mut errors) =
        match Period::parse(query.from.as_deref(), query.to.as_deref(), query.weeks, Utc::now().date_naive()) {
            Ok(period) => (Some(period), FieldErrors::new()),
            Err(errors) => (None, errors),
        };
    let mut site = Some(query.site.unwrap_or(tenant.id()));
    let sites = if query.all_sites == Some(true) {
        if query.site.is_some() {
            errors.add("site", "Give either site or all_sites, not both.");
        }
        site = None;
        analytics_q::tenant_ids(state.read_db()).await?
    } else {
        let id = site.unwrap_or(tenant.id());
        if id != tenant.id() && !analytics_q::tenant_ids(state.read_db()).await?.contains(&id) {
            errors.add("site", "No site has this id.");
        }
        vec![id]
    };
    errors.into_result()?;
    let period = period.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a period without errors")))?;
    Ok((period, site, sites))
}

/// The weekly series of `sites` over `period`.
async fn weeks(state: &AppState, sites: &[i64], period: &Period) -> ApiResult<(Vec<AnalyticsWeek>, Vec<RatingCount>)> {
    let rows = analytics_q::daily(state.read_db(), sites, period.from, period.to).await?;
    let starts = period.weeks();
    let series = |metric: Metric, key: &str| {
        let days: Vec<DayValue> = rows
            .iter()
            .filter(|r| r.metric == metric && r.key == key)
            .map(|r| DayValue { day: r.day, value: r.value })
            .collect();
        rules::weekly(metric.kind(), &starts, &days)
    };
    let flow = |metric: Metric, key: &str| -> Vec<i64> {
        debug_assert_eq!(metric.kind(), Kind::Flow);
        series(metric, key).into_iter().map(Option::unwrap_or_default).collect()
    };
    let joined = flow(Metric::MembersJoined, "");
    let accepted = flow(Metric::MembersAccepted, "");
    let active = series(Metric::ActiveMembers, "");
    let posts = flow(Metric::Posts, "");
    let resources = flow(Metric::Resources, "");
    let applications = flow(Metric::Applications, "");
    let app_accepted = flow(Metric::ApplicationsAccepted, "");
    let app_rejected = flow(Metric::ApplicationsRejected, "");
    let aira = flow(Metric::AiraReports, "");
    let aira_sum = flow(Metric::AiraScoreSum, "");
    let beginner = flow(Metric::AiraLevel, "Beginner");
    let intermediate = flow(Metric::AiraLevel, "Intermediate");
    let advanced = flow(Metric::AiraLevel, "Advanced");
    let taken = series(Metric::CircleSeatsTaken, "");
    let total = series(Metric::CircleSeatsTotal, "");
    let full = series(Metric::CirclesFull, "");
    let questions = flow(Metric::AssistantQuestions, "");
    let ratings = flow(Metric::AssistantRatings, "");
    let rating_sum = flow(Metric::AssistantRatingSum, "");
    let out = starts
        .iter()
        .enumerate()
        .map(|(i, week_start)| AnalyticsWeek {
            week_start: *week_start,
            members_joined: joined[i],
            members_accepted: accepted[i],
            active_members: active[i],
            posts: posts[i],
            resources: resources[i],
            applications: applications[i],
            applications_accepted: app_accepted[i],
            applications_rejected: app_rejected[i],
            aira_reports: aira[i],
            aira_average_score: rules::average(aira_sum[i], aira[i]),
            aira_beginner: beginner[i],
            aira_intermediate: intermediate[i],
            aira_advanced: advanced[i],
            circle_seats_taken: taken[i],
            circle_seats_total: total[i],
            circles_full: full[i],
            assistant_questions: questions[i],
            assistant_ratings: ratings[i],
            assistant_average_rating: rules::average(rating_sum[i], ratings[i]),
        })
        .collect();
    let by_rating = (1..=5)
        .map(|rating| RatingCount { rating, count: flow(Metric::AssistantRatings, &rating.to_string()).iter().sum() })
        .collect();
    Ok((out, by_rating))
}

/// The site's trends over a period, from the daily counts the job worker rolls up.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/",
    tag = "admin",
    params(AnalyticsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<AnalyticsReport>), (status = 403, body = ErrorBody))
)]
async fn analytics_report(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiQuery(query): ApiQuery<AnalyticsQuery>,
) -> ApiResult<Json<Data<AnalyticsReport>>> {
    let (period, site, sites) = scope(&state, &tenant, &user, &query).await?;
    let report = report(&state, sites, site, &period).await?;
    Ok(Json(Data::new(AnalyticsReport::clone(&report))))
}

/// The report of `sites` over `period`: the one kept since the sites were last rolled up, or
/// a new one read from the rolled-up rows (and kept).
async fn report(
    state: &AppState,
    sites: Vec<i64>,
    site: Option<i64>,
    period: &Period,
) -> ApiResult<Arc<AnalyticsReport>> {
    let db = state.read_db();
    let (rolled_up_at, newest) = analytics_q::rolled_up_at(db, &sites).await?;
    let key = ReportKey { sites, site, from: period.from, to: period.to };
    if let Some(report) = state.kept.analytics_reports.kept(&key, newest) {
        return Ok(report);
    }
    // One report is read at a time; those who waited find theirs kept, so a roll-up followed
    // by many requests reads each report once instead of once per waiting request.
    let _reading = state.kept.analytics_reports.reading.lock().await;
    if let Some(report) = state.kept.analytics_reports.kept(&key, newest) {
        return Ok(report);
    }
    let sites = &key.sites;
    let (weeks, ratings) = weeks(state, sites, period).await?;
    let jobs = analytics_q::top_jobs(db, sites, period.from, period.to, rules::TOP_JOBS as u64)
        .await?
        .into_iter()
        .map(|j| AnalyticsJob {
            job_id: j.job_id,
            title: j.title,
            applications: j.applications,
            accepted: j.accepted,
            rejected: j.rejected,
        })
        .collect();
    let circles = analytics_q::fullest_circles(db, sites, period.from, period.to)
        .await?
        .into_iter()
        .map(|c| AnalyticsCircle {
            group_id: c.group_id,
            name: c.name,
            members: c.members,
            maximum_size: c.maximum_size,
        })
        .collect();
    let report = Arc::new(AnalyticsReport {
        from: period.from,
        to: period.to,
        site,
        rolled_up_at,
        weeks,
        jobs,
        circles,
        ratings,
    });
    state.kept.analytics_reports.keep(key, newest, report.clone());
    Ok(report)
}

/// Which report: the sites summed, the site named in it, and the period.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ReportKey {
    sites: Vec<i64>,
    site: Option<i64>,
    from: NaiveDate,
    to: NaiveDate,
}

/// Reports kept until their sites are rolled up again (the newest roll-up time of the sites
/// changes; every instance reads it from the database, so they agree). A report reads every
/// per-job row of its period (tens of milliseconds at 100k members), and the counts change
/// only when the worker rolls them up, every `WAYPOINT_ANALYTICS_INTERVAL_SECS`.
#[derive(Clone)]
pub struct ReportCache {
    kept: Arc<Mutex<HashMap<ReportKey, KeptReport>>>,
    /// Held while a report is read from the rolled-up rows.
    reading: Arc<tokio::sync::Mutex<()>>,
    /// Reports served as kept (`waypoint_page_cache_total{event="hit",list="analytics"}`).
    hits: IntCounter,
    /// Reports read afresh (`waypoint_page_cache_total{event="rebuild",list="analytics"}`).
    rebuilds: IntCounter,
}

/// A report and the newest roll-up of its sites when it was read.
type KeptReport = (Option<DateTime<Utc>>, Arc<AnalyticsReport>);

/// Kept reports at most; when full, the cache starts again empty.
const KEPT_REPORTS: usize = 256;

impl ReportCache {
    /// An empty cache whose hits and rebuilds are counted in `metrics`.
    pub fn counted(metrics: &services::metrics::Metrics) -> Self {
        ReportCache {
            kept: Default::default(),
            reading: Default::default(),
            hits: metrics.page_cache_counter("analytics", "hit"),
            rebuilds: metrics.page_cache_counter("analytics", "rebuild"),
        }
    }

    fn kept(&self, key: &ReportKey, rolled_up: Option<DateTime<Utc>>) -> Option<Arc<AnalyticsReport>> {
        let reports = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let report = reports.get(key).filter(|(at, _)| *at == rolled_up).map(|(_, report)| report.clone());
        if report.is_some() {
            self.hits.inc();
        }
        report
    }

    fn keep(&self, key: ReportKey, rolled_up: Option<DateTime<Utc>>, report: Arc<AnalyticsReport>) {
        let mut reports = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if reports.len() >= KEPT_REPORTS && !reports.contains_key(&key) {
            reports.clear();
        }
        reports.insert(key, (rolled_up, report));
        self.rebuilds.inc();
    }
}

/// The CSV columns, in order.
pub const CSV_HEADER: [&str; 20] = [
    "week_start",
    "members_joined",
    "members_accepted",
    "active_members",
    "posts",
    "resources",
    "applications",
    "applications_accepted",
    "applications_rejected",
    "aira_reports",
    "aira_average_score",
    "aira_beginner",
    "aira_intermediate",
    "aira_advanced",
    "circle_seats_taken",
    "circle_seats_total",
    "circles_full",
    "assistant_questions",
    "assistant_ratings",
    "assistant_average_rating",
];

fn csv_row(w: &AnalyticsWeek) -> Vec<String> {
    let opt = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let avg = |v: Option<f64>| v.map(|v| format!("{v:.1}")).unwrap_or_default();
    vec![
        w.week_start.format("%Y-%m-%d").to_string(),
        w.members_joined.to_string(),
        w.members_accepted.to_string(),
        opt(w.active_members),
        w.posts.to_string(),
        w.resources.to_string(),
        w.applications.to_string(),
        w.applications_accepted.to_string(),
        w.applications_rejected.to_string(),
        w.aira_reports.to_string(),
        avg(w.aira_average_score),
        w.aira_beginner.to_string(),
        w.aira_intermediate.to_string(),
        w.aira_advanced.to_string(),
        opt(w.circle_seats_taken),
        opt(w.circle_seats_total),
        opt(w.circles_full),
        w.assistant_questions.to_string(),
        w.assistant_ratings.to_string(),
        avg(w.assistant_average_rating),
    ]
}

/// The weekly series as CSV (UTF-8 with a byte order mark), one row a week, for a
/// spreadsheet: the columns of the report's weeks.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/export/",
    tag = "admin",
    params(AnalyticsQuery),
    security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", body = String), (status = 403, body = ErrorBody))
)]
async fn analytics_csv(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiQuery(query): ApiQuery<AnalyticsQuery>,
) -> ApiResult<Response> {
    let (period, site, sites) = scope(&state, &tenant, &user, &query).await?;
    let report = report(&state, sites, site, &period).await?;
    let header: Vec<String> = CSV_HEADER.iter().map(|h| h.to_string()).collect();
    let mut csv = CsvTable::new(&header);
    for week in &report.weeks {
        csv.row(&csv_row(week));
    }
    let name = format!("analytics-{}-{}.csv", period.from.format("%Y-%m-%d"), period.to.format("%Y-%m-%d"));
    Ok(crate::areas::applicants::csv_download(&name, csv.finish()))
}
