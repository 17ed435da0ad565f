//! The circle programme (spec 002 §2–§9, 001 §5): asking for a circle, applying to lead
//! circles and reviewing the applications, the leader certification, and the list of
//! certified circle leaders.
//!
//! - `POST /request-circle/`
//! - `GET /leader-certification-questions/`
//! - `GET|POST /leader-applications/`, `GET /certification-application/` (the same list),
//!   `POST /leader-applications/{id}/review/`
//! - `GET /leader-certifications/` (the caller's own), `GET /circle-leaders/`
//!
//! - `circle_requests`: asking for a circle that does not exist yet
//! - `applications`: applying to lead circles, and the reviewers' side
//! - `leaders`: certifications and the certified circle leaders

mod applications;
mod circle_requests;
mod leaders;

use axum::Json;
use domain::{config::AppConfig, groups::questions::Question};
use store::{entities::users, queries::memberships as member_q};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{areas::AppState, envelope::Data, error::ApiResult, extract::Tenant};

pub use leaders::{certification_on, LeaderCertificationView};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(certification_questions))
        .merge(circle_requests::routes())
        .merge(applications::routes())
        .merge(leaders::routes())
}

pub const MSG_REQUIRED: &str = "This field is required";
pub const MSG_MONTH: &str = "Please select a month";
pub const MSG_OPTION: &str = "Please select an option";
pub const MSG_COUNTRY: &str = "Please select a country";
pub const MSG_MIN_HOURS: &str = "Ensure this value is greater than or equal to 1.";
pub const MSG_REQUEST_SUBMITTED: &str = "Your circle request has been submitted.";
pub const MSG_UNDER_REVIEW: &str = "Your previous application is still under review.";
pub const MSG_APPLICATION_SUBMITTED: &str = "Your application has been submitted successfully.";
pub const MSG_ALREADY_REVIEWED: &str = "This application has already been reviewed.";
pub const MAX_TEXT_CHARS: usize = 4000;
/// `circle_requests.location` is varchar(100).
pub const MAX_LOCATION_CHARS: usize = 100;
/// Hours a week; more than a week has is not a commitment.
pub const MAX_HOURS: i64 = 168;
pub const LEADERS_PAGE_SIZE: u64 = 9;
pub const APPLICATIONS_PAGE_SIZE: u64 = 20;

/// The certification levels (spec 000 §9).
pub fn level_name(level: i64) -> Option<&'static str> {
    match level {
        1 => Some("Basic"),
        2 => Some("Intermediate"),
        3 => Some("Advanced"),
        _ => None,
    }
}

/// Whether the caller reviews leader applications of the tenant: staff, or an accepted
/// admin or leader of the tenant's organization.
pub(super) async fn is_reviewer(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<bool> {
    Ok(user.is_staff || member_q::is_manager(&state.db, tenant.organization_id(), user.id).await?)
}

pub(super) fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

pub(super) fn tenant_questions(tenant: &Tenant) -> Vec<Question> {
    serde_json::from_value::<AppConfig>(tenant.0.tenant.config.clone())
        .unwrap_or_default()
        .leader_certification_questions
        .0
}

/// The questions people applying to lead circles answer (the site's configuration).
#[utoipa::path(
    get,
    path = "/api/v1/leader-certification-questions/",
    tag = "programme",
    responses((status = 200, body = Data<Vec<Question>>))
)]
async fn certification_questions(tenant: Tenant) -> Json<Data<Vec<Question>>> {
    Json(Data::new(tenant_questions(&tenant)))
}
