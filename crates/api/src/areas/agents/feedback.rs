//! `POST agents/feedback/` `{response_id, feedback, rating}`: the owner or creator of a
//! report rates it 1 to 5 stars with an optional comment; rating again replaces it.

use axum::{extract::State, Json};
use domain::agents::feedback::ReportFeedbackInput;
use serde::Serialize;
use store::queries::agents::reports;
use utoipa::ToSchema;

use super::MSG_NO_REPORT;
use crate::{
    areas::assistant::MSG_THANKS,
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportFeedbackState {
    pub response_id: i64,
    pub rating: i16,
    pub feedback: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportFeedbackAnswer {
    pub data: ReportFeedbackState,
    /// 'Thank you for your feedback! Your input is invaluable to us and will help us improve.'
    pub message: String,
}

/// Rates a report (spec 002 §7 "POST agents/feedback/").
#[utoipa::path(
    post,
    operation_id = "report_feedback",
    path = "/api/v1/agents/feedback/",
    tag = "agents",
    request_body = ReportFeedbackInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ReportFeedbackAnswer),
        (status = 400, body = ErrorBody, description = "On response_id, rating or feedback"),
        (status = 404, body = ErrorBody, description = "No report found (or not the caller's)")
    )
)]
pub async fn feedback(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ReportFeedbackInput>,
) -> ApiResult<Json<ReportFeedbackAnswer>> {
    let parsed = domain::agents::feedback::parse(&body)?;
    let report = reports::find(&state.db, tenant.id(), parsed.response_id)
        .await?
        .filter(|r| r.owner_id == user.id || r.created_by == Some(user.id))
        .ok_or_else(|| ApiError::NotFound(MSG_NO_REPORT.into()))?;
    let saved = reports::rate(&state.db, tenant.id(), report.id, user.id, parsed.rating, &parsed.feedback).await?;
    Ok(Json(ReportFeedbackAnswer {
        data: ReportFeedbackState { response_id: saved.report_id, rating: saved.rating, feedback: saved.feedback },
        message: MSG_THANKS.into(),
    }))
}
