//! `GET /api/v1/agents/report/slug/{slug}/pdf/`: a report as a PDF rendered on the server
//! (`services::report_pdf`), for its owner and staff only (spec 002 §2 "download … visible
//! only to the report's owner", §6 "Report owner only: share and download"). Anyone else
//! gets 403 on a shared report and 'No report found' otherwise, as for a missing slug.

use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
};
use domain::agents::report::ReportBody;
use store::queries::agents::reports;

use super::{MSG_NO_ACCESS, MSG_NO_REPORT};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{AuthUser, Tenant},
};

const PDF: &str = "application/pdf";

/// Downloads one's report as a PDF (the path is ours: the spec does not show it).
#[utoipa::path(
    get,
    path = "/api/v1/agents/report/slug/{slug}/pdf/",
    tag = "agents",
    params(("slug" = String, Path, description = "The report's slug")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The report as a PDF (attachment)", content_type = "application/pdf"),
        (status = 403, body = ErrorBody, description = "A shared report of someone else"),
        (status = 404, body = ErrorBody, description = "No report found")
    )
)]
pub async fn report_pdf(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    let report = reports::find_by_slug(state.read_db(), tenant.id(), slug.trim())
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NO_REPORT.into()))?;
    if !(user.is_staff || user.id == report.owner_id) {
        return Err(if report.is_public {
            ApiError::Forbidden(MSG_NO_ACCESS.into())
        } else {
            ApiError::NotFound(MSG_NO_REPORT.into())
        });
    }
    let body: ReportBody = serde_json::from_value(report.body.clone())
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("report {} holds an invalid body: {e}", report.id)))?;
    let created = report.created_at.format("%-d %b %Y").to_string();
    let bytes = tokio::task::spawn_blocking(move || services::report_pdf::render(&body, &created))
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("report PDF: {e}")))?;
    let mut response = Body::from(bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PDF));
    // Slugs are lower-case letters, digits and hyphens: safe in a quoted file name.
    let disposition = format!("attachment; filename=\"{}.pdf\"", report.slug.replace(['"', '\\'], ""));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}
