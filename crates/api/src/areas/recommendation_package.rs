//! The staff recommendation package (spec 002 §2 "Staff recommendation package", §3 "Email
//! package payload", §5, §6 staff, §7 `POST /recommendation-package/{id}/`, §8).
//!
//! - `POST /api/v1/recommendation-package/{id}/`: staff mail member `id` of the site a
//!   hand-picked package (subject, body, footer; up to 5 people, 5 groups, 5 resources and
//!   5 agent reports), through the outbox. Every item must be of the site and one the
//!   member may see; agent reports must be the member's own.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::recommendation_package::{self as rules, Package};
use serde::Serialize;
use serde_json::Value;
use store::queries::{assistant as q, groups::Viewer};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer::{self, PackageSection},
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_package))
}

pub const MSG_NO_ACCESS: &str = "Sorry, You do not have access to use this feature";
pub const MSG_SENT: &str = "Email sent successfully";
const MSG_UNAVAILABLE: &str = "Some of the chosen items are not available to this member.";

/// The package (spec 002 §3 "Email package payload").
#[derive(Debug, serde::Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct PackageInput {
    pub subject: String,
    pub body: String,
    pub footer: Option<String>,
    /// User ids.
    pub users: Option<Vec<i64>>,
    /// Resource ids of the site.
    pub internal_resources: Option<Vec<i64>>,
    /// `{title, url}` of resources elsewhere.
    #[schema(value_type = Option<Vec<Object>>)]
    pub external_resources: Option<Vec<Value>>,
    /// Group ids (circle, organization, event, institution, job's group, …).
    pub groups: Option<Vec<i64>>,
    /// Agent report ids.
    pub agent_reports: Option<Vec<i64>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentAnswer {
    /// 'Email sent successfully'
    pub message: String,
}

fn group_path(kind: &str) -> &'static str {
    match kind {
        "circle" => "circle",
        "event" => "event",
        _ => "org",
    }
}

/// Mails a recommendation package to a member of the site (staff only).
#[utoipa::path(
    post,
    path = "/api/v1/recommendation-package/{id}/",
    tag = "assistant",
    params(("id" = i64, Path, description = "The member's user id")),
    request_body = PackageInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = SentAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not staff"),
        (status = 404, body = ErrorBody, description = "No such member of the site")
    )
)]
async fn send_package(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<Json<SentAnswer>> {
    if !user.is_staff {
        return Err(ApiError::Forbidden(MSG_NO_ACCESS.into()));
    }
    let id: i64 = id.trim().parse().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    let package: Package = rules::parse(&body)?;
    let recipient = q::package_people(state.read_db(), tenant.id(), &[id])
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    let recipient_user = store::queries::users::find_by_id(state.read_db(), recipient.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    let people = q::package_people(state.read_db(), tenant.id(), &package.users).await?;
    let viewer = Viewer { user_id: Some(recipient.id), is_staff: recipient_user.is_staff };
    let groups = q::package_groups(state.read_db(), tenant.id(), &package.groups, viewer).await?;
    let resources = q::package_resources(state.read_db(), tenant.id(), &package.internal_resources).await?;
    let mut errors = domain::FieldErrors::new();
    if people.len() != package.users.len() {
        errors.add("users", MSG_UNAVAILABLE);
    }
    if groups.len() != package.groups.len() {
        errors.add("groups", MSG_UNAVAILABLE);
    }
    if resources.len() != package.internal_resources.len() {
        errors.add("internal_resources", MSG_UNAVAILABLE);
    }
    // Only the member's own reports: the link opens for them whether or not it is shared.
    let reports = store::queries::agents::reports::of_owner_by_ids(
        state.read_db(),
        tenant.id(),
        recipient.id,
        &package.agent_reports,
    )
    .await?;
    if reports.len() != package.agent_reports.len() {
        errors.add("agent_reports", MSG_UNAVAILABLE);
    }
    errors.into_result()?;

    let origin = client.origin_for(&tenant.0);
    let link = |path: String| format!("{origin}{path}");
    let sections = [
        PackageSection {
            heading: "People to connect with",
            links: people.iter().map(|p| (p.name.clone(), link(format!("/profile/{}", p.slug)))).collect(),
        },
        PackageSection {
            heading: "Groups to join",
            links: groups
                .iter()
                .map(|g| (g.name.clone(), link(format!("/{}/{}", group_path(&g.kind), g.slug))))
                .collect(),
        },
        PackageSection {
            heading: "Resources",
            links: resources
                .iter()
                .map(|r| (r.name.clone(), link(format!("/resource/{}", r.slug))))
                .chain(package.external_resources.iter().map(|r| (r.title.clone(), r.url.clone())))
                .collect(),
        },
        PackageSection {
            heading: "Your CareerGPS reports",
            links: reports
                .iter()
                .map(|r| (format!("{} Report", r.agent_name), link(format!("/careergps-report/{}", r.report.slug))))
                .collect(),
        },
    ];
    mailer::queue_recommendation_package(
        &state.db,
        &tenant.0,
        &recipient_user.email,
        &package.subject,
        &package.body,
        &package.footer,
        &sections,
    )
    .await?;
    state.jobs_wake.notify_one();
    Ok(Json(SentAnswer { message: MSG_SENT.into() }))
}
