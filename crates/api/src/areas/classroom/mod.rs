//! Google Classroom (spec 001 §6, §7, §8; issue 19): a group with a classroom id takes its
//! course's roster and materials, read through `services::classroom` (the built-in provider
//! by default, Google's API when configured).
//!
//! - `GET /api/v1/google-classroom/consent/`: which provider, whether the caller has
//!   connected it, and (Google) the authorization URL with a signed `state`.
//! - `DELETE /api/v1/google-classroom/consent/`: the caller disconnects their Google account
//!   on this site: the sealed refresh token is forgotten (204; nothing kept is a 204 too).
//!   The consent is the administrator's, shared by every group they sync on the site, so it
//!   is theirs to end (docs/decisions.md).
//! - `GET /api/v1/google-classroom/callback/`: Google sends the administrator back here;
//!   the code is exchanged and the refresh token kept sealed, then the browser goes on to
//!   the group's Admin tab (`?classroom=connected|denied|failed`).
//! - `roster`: `POST /api/v1/groups/{id}/sync-users/` `{role: student|teacher}`: roster people whose
//!   e-mail is that of a member of the site become accepted members (teachers lead);
//!   others are reported. Idempotent, never demotes, one transaction.
//! - `materials`: `GET /api/v1/groups/{id}/classroom-materials/`: the course's materials, with the
//!   resource each became.
//! - `POST /api/v1/groups/{id}/classroom-materials/sync/`: materials become approved
//!   resources of the group, once (a re-sync updates them).
//!
//! Syncing and loading need an administrator of the group with a certified profile (on the
//! site's organization or the group; staff pass) and a classroom id on the group.

use axum::{extract::State, http::StatusCode, response::Redirect, Json};
use serde::{Deserialize, Serialize};
use services::classroom::{seal, Access, ClassroomError};
use store::{
    entities::{groups, users},
    queries::{classroom as q, groups as group_q, users as user_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::groups::{group_path, is_admin, visible_group};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::{Data, RequestUrl},
    error::{ApiError, ApiResult},
    extract::{ApiQuery, AuthUser, Tenant},
};

mod materials;
mod roster;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(consent, disconnect))
        .routes(routes!(callback))
        .merge(roster::routes())
        .merge(materials::routes())
}

pub const MSG_NOT_ADMIN: &str = "Only an administrator of this group can sync Google Classroom.";
pub const MSG_NOT_CERTIFIED: &str = "Syncing Google Classroom needs a certified profile.";
pub const MSG_NO_CLASSROOM: &str = "This group has no Google Classroom id.";
pub const MSG_CONSENT: &str = "Connect your Google account to Google Classroom first.";
pub const MSG_SYNC_RESOURCES_FAILED: &str = "Failed to sync resources";
pub const MSG_BAD_STATE: &str = "This Google Classroom link is invalid or has expired. Please try again.";
/// How long a consent link may be used.
const STATE_TTL_SECS: i64 = 15 * 60;
/// Unmatched roster people listed in an answer.
const MAX_UNMATCHED: usize = 100;
/// Ids per `IN (…)` list.
const CHUNK: usize = 500;

pub fn msg_sync_failed(role: &str) -> String {
    format!("Failed to sync {role} in google classroom")
}

// --- Consent ----------------------------------------------------------------------------

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConsentQuery {
    /// The group whose page the administrator comes back to.
    pub group: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentView {
    /// local (built in) or google.
    pub provider: String,
    /// Whether the administrator must connect a Google account before syncing.
    pub needs_consent: bool,
    /// Whether they have (always true when no consent is needed).
    pub connected: bool,
    /// Google's authorization page (null when no consent is needed).
    pub url: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct ConsentState {
    /// user id
    u: i64,
    /// tenant id
    t: i64,
    /// expires (unix seconds)
    e: i64,
    /// group id
    g: Option<i64>,
}

fn callback_uri(state: &AppState, url: &RequestUrl) -> String {
    let scheme = state.settings.public_scheme.clone().unwrap_or_else(|| url.scheme.clone());
    format!("{scheme}://{}/api/v1/google-classroom/callback/", url.host)
}

/// The classroom provider, the caller's consent, and where to give it.
#[utoipa::path(
    get,
    path = "/api/v1/google-classroom/consent/",
    tag = "classroom",
    params(ConsentQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<ConsentView>))
)]
async fn consent(
    State(state): State<AppState>,
    tenant: Tenant,
    url: RequestUrl,
    AuthUser(user): AuthUser,
    ApiQuery(query): ApiQuery<ConsentQuery>,
) -> ApiResult<Json<Data<ConsentView>>> {
    let provider = &state.classroom;
    if !provider.needs_consent() {
        return Ok(Json(Data::new(ConsentView {
            provider: provider.name().into(),
            needs_consent: false,
            connected: true,
            url: None,
        })));
    }
    let connected = q::grant_of(&state.db, tenant.id(), user.id)
        .await?
        .is_some_and(|sealed| seal::open(&state.settings.jwt_secret, &sealed).is_some());
    let payload =
        ConsentState { u: user.id, t: tenant.id(), e: chrono::Utc::now().timestamp() + STATE_TTL_SECS, g: query.group };
    let signed = seal::sign(&state.settings.jwt_secret, &serde_json::to_string(&payload).map_err(anyhow::Error::from)?);
    Ok(Json(Data::new(ConsentView {
        provider: provider.name().into(),
        needs_consent: true,
        connected,
        url: provider.consent_url(&signed, &callback_uri(&state, &url)),
    })))
}

/// Disconnects the caller's Google account on this site: the kept consent (its sealed
/// refresh token) is forgotten, so no sync runs on it until they connect again.
#[utoipa::path(
    delete,
    path = "/api/v1/google-classroom/consent/",
    tag = "classroom",
    security(("bearer" = [])),
    responses((status = 204, description = "Disconnected"))
)]
async fn disconnect(State(state): State<AppState>, tenant: Tenant, AuthUser(user): AuthUser) -> ApiResult<StatusCode> {
    q::delete_grant(&state.db, tenant.id(), user.id).await?;
    tracing::info!(user_id = user.id, "google classroom disconnected");
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// Set by Google when the administrator declined.
    pub error: Option<String>,
}

/// Where Google sends the administrator back: keeps their consent, then opens the group.
#[utoipa::path(
    get,
    path = "/api/v1/google-classroom/callback/",
    tag = "classroom",
    params(CallbackQuery),
    responses((status = 303, description = "On to the group's page"))
)]
async fn callback(
    State(state): State<AppState>,
    tenant: Tenant,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> ApiResult<Redirect> {
    let bad_state = || ApiError::BadRequest(MSG_BAD_STATE.into());
    let payload =
        query.state.as_deref().and_then(|s| seal::verify(&state.settings.jwt_secret, s)).ok_or_else(bad_state)?;
    let payload: ConsentState = serde_json::from_str(&payload).map_err(|_| bad_state())?;
    if payload.t != tenant.id() || payload.e < chrono::Utc::now().timestamp() {
        return Err(bad_state());
    }
    let user = user_q::find_by_id(&state.db, payload.u).await?.filter(|u| u.is_active).ok_or_else(bad_state)?;
    let back = match payload.g {
        // The group's Admin tab, where the panel is.
        Some(id) => match group_q::find(&state.db, tenant.id(), id).await? {
            Some(group) if matches!(group.group_type.as_str(), "circle" | "event") => {
                format!("{}/admin", group_path(&group))
            }
            Some(group) => group_path(&group),
            None => "/".to_string(),
        },
        None => "/".to_string(),
    };
    let to = |outcome: &str| Redirect::to(&format!("{back}?classroom={outcome}"));
    let code = match (query.error.as_deref(), query.code.as_deref().map(str::trim)) {
        (None, Some(code)) if !code.is_empty() && code.len() <= 2048 => code.to_string(),
        _ => return Ok(to("denied")),
    };
    match state.classroom.exchange_code(&code, &callback_uri(&state, &url)).await {
        Ok(refresh_token) => {
            let sealed = seal::seal(&state.settings.jwt_secret, &refresh_token);
            q::save_grant(&state.db, tenant.id(), user.id, &sealed).await?;
            tracing::info!(user_id = user.id, "google classroom connected");
            Ok(to("connected"))
        }
        Err(err) => {
            tracing::warn!(user_id = user.id, error = %err, "google classroom consent failed");
            Ok(to("failed"))
        }
    }
}

// --- Permissions and access ------------------------------------------------------------

/// The group and its course id, for a certified administrator of it.
pub(super) async fn course_of(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    id: i64,
) -> ApiResult<(groups::Model, String)> {
    let caller = caller_of(Some(user.clone()));
    let group = visible_group(state, tenant, &caller, id).await?;
    if !is_admin(state, &caller, &group).await? {
        return Err(ApiError::Forbidden(MSG_NOT_ADMIN.into()));
    }
    if !user.is_staff {
        let certified = super::content::is_certified(state, tenant.organization_id(), user.id).await?
            || super::content::is_certified(state, group.id, user.id).await?;
        if !certified {
            return Err(ApiError::Forbidden(MSG_NOT_CERTIFIED.into()));
        }
    }
    let course = group.google_classroom_id.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    match course {
        Some(course) => Ok((group, course)),
        None => Err(ApiError::BadRequest(MSG_NO_CLASSROOM.into())),
    }
}

fn consent_needed() -> ApiError {
    ApiError::Coded { status: StatusCode::FORBIDDEN, message: MSG_CONSENT.into(), code: "CLASSROOM_CONSENT_REQUIRED" }
}

/// The caller's access to the provider: their unsealed consent when one is needed.
pub(super) async fn access_for(state: &AppState, tenant: &Tenant, user_id: i64) -> ApiResult<Access> {
    let mut access = Access { tenant_id: tenant.id(), refresh_token: None };
    if state.classroom.needs_consent() {
        let sealed = q::grant_of(&state.db, tenant.id(), user_id).await?;
        access.refresh_token = sealed.and_then(|s| seal::open(&state.settings.jwt_secret, &s));
        if access.refresh_token.is_none() {
            return Err(consent_needed());
        }
    }
    Ok(access)
}

/// A provider failure as an answer with the spec's message: the course refused (400), the
/// provider down (502), or the consent gone (forgotten; 403 asking to connect again).
pub(super) async fn failure(
    state: &AppState,
    tenant: &Tenant,
    user_id: i64,
    err: ClassroomError,
    message: String,
) -> ApiError {
    match err {
        ClassroomError::ConsentNeeded => {
            if let Err(e) = q::delete_grant(&state.db, tenant.id(), user_id).await {
                return e.into();
            }
            consent_needed()
        }
        ClassroomError::Refused(reason) => {
            tracing::info!(%reason, "google classroom refused");
            ApiError::Coded { status: StatusCode::BAD_REQUEST, message, code: "CLASSROOM_REFUSED" }
        }
        ClassroomError::Unavailable(reason) => {
            tracing::warn!(%reason, "google classroom unavailable");
            ApiError::Coded { status: StatusCode::BAD_GATEWAY, message, code: "CLASSROOM_UNAVAILABLE" }
        }
        ClassroomError::Store(e) => e.into(),
    }
}
