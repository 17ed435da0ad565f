//! Profile import (spec 000 §2 "Profile page", §7 "Profile and identity", §8 "Profile,
//! import, upload"; 002 §4 "Alternate email and profile import").
//!
//! - `POST /api/v1/update-profile-linkedin/`: queue an import from a LinkedIn profile URL
//! - `GET /api/v1/profile-imports/{id}/`: how an import is doing
//!
//! Resume imports are queued by `POST /api/v1/upload-resume/` (uploads area) with the
//! stored file. Both run as a background job (`services::profile_import`), which writes the
//! chosen sections with one writer whatever the source.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::imports::SectionsSent;
use domain::sent::{NumberOrText, Sent};
use domain::{
    imports::{
        linkedin_profile_url, parse_sections, sections_message, MSG_IMPORT_NOTICE, MSG_LINKEDIN_FETCH,
        MSG_LINKEDIN_URL_INVALID, MSG_LINKEDIN_URL_MISSING, SOURCE_LINKEDIN,
    },
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{entities::profile_imports, entities::users, queries::imports as import_q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update_profile_linkedin)).routes(routes!(import_status))
}

/// An import and how it is doing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportStatus {
    pub id: i64,
    /// The user whose profile is written.
    pub user: i64,
    /// resume or linkedin.
    pub source: String,
    /// queued, running, done or failed.
    pub status: String,
    /// The sections written (experiences, education, title, country, languages, skills,
    /// topics, short_bio, career_story).
    pub fields: Vec<String>,
    /// Why it failed, for the user; null unless failed.
    pub error: Option<String>,
    pub created_at: String,
    pub finished_at: Option<String>,
}

impl From<&profile_imports::Model> for ImportStatus {
    fn from(m: &profile_imports::Model) -> Self {
        ImportStatus {
            id: m.id,
            user: m.user_id,
            source: m.source.clone(),
            status: m.status.clone(),
            fields: import_q::fields_of(m),
            error: m.error.clone(),
            created_at: m.created_at.to_rfc3339(),
            finished_at: m.finished_at.map(|at| at.to_rfc3339()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportAnswer {
    pub data: ImportStatus,
    pub message: String,
}

/// The LinkedIn import request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedInImportInput {
    /// A LinkedIn profile URL (linkedin.com/in/…).
    #[serde(default)]
    pub url: Option<String>,
    /// 'all' (default) or a list of sections.
    #[serde(default)]
    #[schema(value_type = Option<Vec<String>>)]
    pub fields_to_update: Sent<SectionsSent>,
    /// Staff only: the user whose profile is updated.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub user_id: Sent<NumberOrText>,
}

/// The user an import is for: the caller, or (staff only, else 403) the active user named
/// by `user_id`.
pub(crate) async fn import_target(state: &AppState, actor: &users::Model, sent: &Sent<NumberOrText>) -> ApiResult<i64> {
    let id = match sent {
        Sent::Absent | Sent::Null => return Ok(actor.id),
        Sent::Value(NumberOrText::Text(text)) if text.trim().is_empty() => return Ok(actor.id),
        named => {
            if !actor.is_staff {
                return Err(ApiError::forbidden());
            }
            match named {
                Sent::Value(NumberOrText::Integer(n)) => Some(*n),
                Sent::Value(NumberOrText::Text(text)) => text.trim().parse::<i64>().ok(),
                _ => None,
            }
            .ok_or_else(|| ApiError::field("user_id", "A valid integer is required."))?
        }
    };
    if id == actor.id {
        return Ok(id);
    }
    let target = store::queries::users::find_by_id(&state.db, id).await?;
    if !target.is_some_and(|u| u.is_active) {
        return Err(ApiError::field("user_id", "User not found."));
    }
    Ok(id)
}

/// Updates a profile from a LinkedIn profile URL, in the background: the chosen sections
/// are written within seconds; poll `GET /api/v1/profile-imports/{id}/` for the outcome.
#[utoipa::path(
    post,
    path = "/api/v1/update-profile-linkedin/",
    tag = "profiles",
    request_body = LinkedInImportInput,
    security(("bearer" = [])),
    responses((status = 202, body = ImportAnswer), (status = 403, body = ErrorBody))
)]
async fn update_profile_linkedin(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<LinkedInImportInput>,
) -> ApiResult<(StatusCode, Json<ImportAnswer>)> {
    let user_id = import_target(&state, &user, &body.user_id).await?;
    let mut errors = FieldErrors::new();
    let url = match body.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        None => {
            errors.add("url", MSG_LINKEDIN_URL_MISSING);
            None
        }
        Some(raw) => {
            let url = linkedin_profile_url(raw);
            if url.is_none() {
                errors.add("url", MSG_LINKEDIN_URL_INVALID);
            }
            url
        }
    };
    let sections = match &body.fields_to_update {
        Sent::Absent | Sent::Null => None,
        Sent::Value(sent) => parse_sections(sent).unwrap_or_else(|| {
            errors.add("fields_to_update", sections_message());
            None
        }),
        Sent::WrongType => {
            errors.add("fields_to_update", sections_message());
            None
        }
    };
    errors.into_result()?;
    if state.linkedin.is_none() {
        return Err(ApiError::field("non_field_errors", MSG_LINKEDIN_FETCH));
    }
    let fields = domain::imports::chosen_sections(&sections);
    let new = import_q::NewImport {
        tenant_id: tenant.id(),
        user_id,
        requested_by: user.id,
        source: SOURCE_LINKEDIN,
        fields: &fields,
        file_id: None,
        url: url.as_deref(),
    };
    let txn = store::begin_write(&state.db).await?;
    let queued = match import_q::queue(&txn, new).await {
        Ok(queued) => queued,
        Err(err) => {
            txn.rollback().await.ok();
            return Err(err.into());
        }
    };
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let answer = ImportAnswer { data: ImportStatus::from(&queued), message: MSG_IMPORT_NOTICE.into() };
    Ok((StatusCode::ACCEPTED, Json(answer)))
}

/// How a profile import is doing: for the user it is for, or staff.
#[utoipa::path(
    get,
    path = "/api/v1/profile-imports/{id}/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The import id")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<ImportStatus>))
)]
async fn import_status(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Data<ImportStatus>>> {
    let id: i64 = id.parse().map_err(|_| ApiError::not_found())?;
    let import = import_q::find(&state.db, id)
        .await?
        .filter(|i| i.tenant_id == tenant.id() && (i.user_id == user.id || user.is_staff))
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(Data::new(ImportStatus::from(&import))))
}
