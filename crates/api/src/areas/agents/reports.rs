//! Reports: the caller's list, one report by its slug, and sharing it.
//!
//! A report belongs to its owner (whom it is about) and its creator (who ran the agent:
//! staff for a member). They, and staff, see everything: the body, the run's answers, the
//! owner and their own rating. Anyone else, signed in or not, sees a shared (`is_public`)
//! report's body only — composed without contact data (`domain::agents::report`) — and
//! gets 'No report found' for an unshared one, as for a slug that does not exist.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::sent::Sent;
use domain::{
    agents::{aira::ReadinessLevel, report::ReportBody},
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::{agent_reports, users},
    queries::agents::{self as q, reports, runs},
};
use utoipa::{IntoParams, ToSchema};

use super::MSG_NO_REPORT;
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, MaybeUser, Tenant},
};

/// Reports per page (spec 002 §9: 10 for one's own).
pub const PAGE_SIZE: u64 = 10;

fn timestamp(at: &chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn body_of(report: &agent_reports::Model) -> ApiResult<ReportBody> {
    serde_json::from_value(report.body.clone())
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("report {} holds an invalid body: {e}", report.id)))
}

/// Whether `user` sees all of the report.
fn sees_all(report: &agent_reports::Model, user: Option<&users::Model>) -> bool {
    user.is_some_and(|u| u.is_staff || u.id == report.owner_id || report.created_by == Some(u.id))
}

/// A report in a list (spec 002 §3 "Agent report").
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportSummary {
    pub id: i64,
    pub slug: String,
    pub agent_name: String,
    pub agent_slug: String,
    pub created_at: String,
    pub is_public: bool,
    /// '<agent name> Report'.
    pub title: String,
    /// About 220 characters of the summary.
    pub excerpt: String,
    /// The readiness level of an AI readiness report.
    pub level: Option<ReadinessLevel>,
    /// Whom the report is about.
    pub user_id: i64,
    pub created_by: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportOwner {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MyFeedback {
    pub rating: i16,
    pub feedback: String,
}

/// A report (spec 002 §3 "Agent report"). The fields after `output_data` are only there
/// for the owner, the creator and staff.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportView {
    pub id: i64,
    pub slug: String,
    pub agent_name: String,
    pub agent_slug: String,
    pub created_at: String,
    pub is_public: bool,
    /// Whether the caller owns the report (share and download are theirs).
    pub is_owner: bool,
    pub output_data: ReportBody,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<ReportOwner>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_by: Option<i64>,
    /// The run's answers by step order.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub answers: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub my_feedback: Option<MyFeedback>,
}

fn optional_id(value: Option<&str>, field: &str) -> ApiResult<Option<i64>> {
    match value.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(raw) => raw
            .parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .map(Some)
            .ok_or_else(|| ApiError::field(field, "A valid integer is required.")),
    }
}

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportListQuery {
    /// 1-based page
    #[param(value_type = Option<u64>)]
    pub page: Option<String>,
    /// Default 10
    #[param(value_type = Option<u64>)]
    pub page_size: Option<String>,
    /// Whom the reports are about (staff: anyone)
    #[param(value_type = Option<i64>)]
    pub user_id: Option<String>,
    /// Who ran the agent (staff: anyone)
    #[param(value_type = Option<i64>)]
    pub created_by: Option<String>,
}

/// The caller's reports (about them, or made by them with `created_by`), newest first;
/// staff may name anyone with `user_id` / `created_by` (spec 002 §7 "GET agents/reports/").
#[utoipa::path(
    get,
    operation_id = "list_reports",
    path = "/api/v1/agents/reports/",
    tag = "agents",
    params(ReportListQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ReportSummary>))
)]
pub async fn list(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ReportListQuery>,
) -> ApiResult<Json<Page<ReportSummary>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let user_id = optional_id(query.user_id.as_deref(), "user_id")?;
    let created_by = optional_id(query.created_by.as_deref(), "created_by")?;
    let filter = if user.is_staff {
        reports::ReportFilter { owner_id: user_id, created_by }
    } else if created_by.is_some() {
        // A member's reports made by them (for themself, all of them).
        reports::ReportFilter { owner_id: None, created_by: Some(user.id) }
    } else {
        reports::ReportFilter { owner_id: Some(user.id), created_by: None }
    };
    let paged = reports::page(state.read_db(), tenant.id(), filter, page.offset(), page.page_size).await?;
    let mut items = Vec::with_capacity(paged.items.len());
    for listed in paged.items {
        let body = body_of(&listed.report)?;
        let r = listed.report;
        items.push(ReportSummary {
            id: r.id,
            slug: r.slug,
            agent_name: listed.agent_name,
            agent_slug: listed.agent_slug,
            created_at: timestamp(&r.created_at),
            is_public: r.is_public,
            title: body.title.clone(),
            excerpt: body.excerpt(),
            level: body.aira.as_ref().map(|a| a.level),
            user_id: r.owner_id,
            created_by: r.created_by,
        });
    }
    Ok(Json(Page::new(items, paged.count, &page, &url)))
}

/// A report by its slug (spec 002 §7 "GET agents/report/slug/{slug}/"): all of it for the
/// owner, the creator and staff; the body of a shared report for anyone else.
#[utoipa::path(
    get,
    operation_id = "report_by_slug",
    path = "/api/v1/agents/report/slug/{slug}/",
    tag = "agents",
    params(("slug" = String, Path, description = "The report's slug")),
    responses(
        (status = 200, body = Data<ReportView>),
        (status = 404, body = ErrorBody, description = "No report found (also when not shared with the caller)")
    )
)]
pub async fn by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<ReportView>>> {
    let db = state.read_db();
    let report = reports::find_by_slug(db, tenant.id(), slug.trim())
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NO_REPORT.into()))?;
    let all = sees_all(&report, user.as_ref());
    if !all && !report.is_public {
        return Err(ApiError::NotFound(MSG_NO_REPORT.into()));
    }
    let agent = q::find(db, tenant.id(), report.agent_id).await?;
    let mut view = ReportView {
        id: report.id,
        slug: report.slug.clone(),
        agent_name: agent.as_ref().map(|a| a.name.clone()).unwrap_or_default(),
        agent_slug: agent.as_ref().map(|a| a.slug.clone()).unwrap_or_default(),
        created_at: timestamp(&report.created_at),
        is_public: report.is_public,
        is_owner: user.as_ref().is_some_and(|u| u.id == report.owner_id),
        output_data: body_of(&report)?,
        user: None,
        created_by: None,
        answers: None,
        my_feedback: None,
    };
    if all {
        let caller = user.as_ref().map(|u| u.id).unwrap_or_default();
        let owner = store::queries::users::find_by_id(db, report.owner_id).await?;
        view.user = owner.map(|o| ReportOwner { id: o.id, first_name: o.first_name, last_name: o.last_name });
        view.created_by = report.created_by;
        if let Some(run_id) = report.run_id {
            view.answers = runs::find(db, tenant.id(), run_id).await?.map(|r| r.answers);
        }
        view.my_feedback = reports::feedback_of(db, tenant.id(), report.id, caller)
            .await?
            .map(|f| MyFeedback { rating: f.rating, feedback: f.feedback });
    }
    Ok(Json(Data::new(view)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareInput {
    /// true shares the report (anyone with its address may read its body); false stops.
    #[serde(default)]
    #[schema(value_type = bool)]
    pub is_public: Sent<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShareState {
    pub slug: String,
    pub is_public: bool,
}

/// Shares or stops sharing one's report (spec 002 §4 "share opens a dialog with the public
/// URL"; the path is ours: the spec does not show it). Owner only.
#[utoipa::path(
    post,
    path = "/api/v1/agents/report/slug/{slug}/share/",
    tag = "agents",
    params(("slug" = String, Path, description = "The report's slug")),
    request_body = ShareInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<ShareState>),
        (status = 404, body = ErrorBody, description = "No report found (or not the caller's)")
    )
)]
pub async fn share(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<ShareInput>,
) -> ApiResult<Json<Data<ShareState>>> {
    let Sent::Value(is_public) = body.is_public else {
        return Err(ApiError::field("is_public", "Must be a valid boolean."));
    };
    let report = reports::find_by_slug(&state.db, tenant.id(), slug.trim())
        .await?
        .filter(|r| r.owner_id == user.id)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_REPORT.into()))?;
    reports::set_public(&state.db, tenant.id(), report.id, user.id, is_public).await?;
    Ok(Json(Data::new(ShareState { slug: report.slug, is_public })))
}
