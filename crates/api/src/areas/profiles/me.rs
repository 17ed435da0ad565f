//! The signed-in user's own profile: an update that may carry a new picture, and removing
//! the picture.
//!
//! - `PATCH /api/v1/profiles/me/`: multipart (an optional file part `picture` plus any field
//!   of the profile update as text; list fields as JSON text) or JSON (as
//!   `PATCH /users/profile/`)
//! - `DELETE /api/v1/profiles/me/delete-picture/`

use std::collections::HashMap;

use axum::{
    body::Body,
    extract::{DefaultBodyLimit, FromRequest, Request, State},
    http::header,
    Json,
};
use domain::{profiles::ProfilePatch, FieldErrors};
use serde::Serialize;
use serde_json::Value;
use store::queries::{files as file_q, profiles as q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{user_profile_view, UserProfileView};
use crate::{
    areas::uploads::{self, FromUploadForm, IncomingFile, Purpose, UploadForm},
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{parse_json, ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(update_me))
        .routes(routes!(delete_picture))
        // A picture may be 10 MB: the multipart reader and the JSON branch set their own limits.
        .layer(DefaultBodyLimit::disable())
}

pub const MSG_UPDATED: &str = "Successfully updated information";
pub const MSG_PICTURE_REMOVED: &str = "Profile picture removed";

/// Fields of the profile update that hold lists (sent as JSON text in a form).
const LIST_FIELDS: [&str; 5] = ["skills", "topics", "interested_services", "reason_to_join", "languages"];

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileAnswer {
    /// The profile page (as `GET /users/profile/{slug}/` answers it).
    pub data: UserProfileView,
    pub message: String,
}

/// The multipart form of `PATCH /profiles/me/`.
#[derive(ToSchema)]
pub struct ProfileForm {
    /// A new profile picture (JPEG, PNG, GIF or WebP, 10 MB at most), scaled to at most
    /// 1024 px and re-encoded.
    #[schema(value_type = Option<String>, format = Binary)]
    picture: Option<IncomingFile>,
    /// Any other field of the profile update, as text; skills, topics, interested_services,
    /// reason_to_join and languages as JSON lists; institution as an id or a name.
    // The text parts are the JSON update's fields; the document names one of them
    // (`first_name`) rather than repeat the JSON body's schema as texts.
    #[schema(rename = "first_name", value_type = Option<String>)]
    patch: ProfilePatch,
}

impl FromUploadForm for ProfileForm {
    const MAX_FILES: usize = 1;

    fn from_form(mut form: UploadForm, _purpose: Purpose) -> ApiResult<Self> {
        let picture = form.files.pop();
        Ok(ProfileForm { picture, patch: patch_from_form(&form.fields)? })
    }
}

/// The form's text fields as the JSON body of a profile update.
fn patch_from_form(fields: &HashMap<String, String>) -> ApiResult<ProfilePatch> {
    let mut errors = FieldErrors::new();
    let mut body = serde_json::Map::new();
    for (name, text) in fields {
        let value = if LIST_FIELDS.contains(&name.as_str()) {
            match text.trim() {
                "" | "null" => Value::Null,
                raw => match serde_json::from_str::<Value>(raw) {
                    Ok(list @ Value::Array(_)) => list,
                    _ => {
                        errors.add(name.clone(), "Enter a valid JSON list.");
                        continue;
                    }
                },
            }
        } else if name == "institution" {
            // An id, an {id, name} object, or the name of a new institution.
            match serde_json::from_str::<Value>(text.trim()) {
                Ok(value @ (Value::Number(_) | Value::Object(_))) => value,
                _ => Value::String(text.clone()),
            }
        } else {
            Value::String(text.clone())
        };
        body.insert(name.clone(), value);
    }
    errors.into_result()?;
    parse_json(&serde_json::to_vec(&Value::Object(body)).unwrap_or_default())
}

/// Upload errors are about the `picture` part here.
fn on_picture(err: ApiError) -> ApiError {
    match err {
        ApiError::Validation(mut errors) => {
            if let Some(messages) = errors.0.remove("file") {
                errors.0.insert("picture".into(), messages);
            }
            ApiError::Validation(errors)
        }
        other => other,
    }
}

/// Updates the signed-in user's profile, with a new picture when the form carries one. The
/// picture is stored only when the rest of the update is valid.
#[utoipa::path(
    patch,
    path = "/api/v1/profiles/me/",
    tag = "profiles",
    request_body(content(
        (ProfileForm = "multipart/form-data"),
        (ProfilePatch = "application/json")
    )),
    security(("bearer" = [])),
    responses((status = 200, body = ProfileAnswer), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody))
)]
async fn update_me(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    request: Request,
) -> ApiResult<Json<ProfileAnswer>> {
    let content_type = request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let is_form = content_type.trim().to_ascii_lowercase().starts_with("multipart/form-data");
    let (mut patch, picture) = if is_form {
        let form: ProfileForm = uploads::read(&state, request, Purpose::ProfilePicture).await.map_err(on_picture)?;
        (form.patch, form.picture)
    } else {
        let (parts, body) = request.into_parts();
        let limited = Body::new(http_body_util::Limited::new(body, state.settings.json_body_limit));
        let ApiJson(patch) = ApiJson::<ProfilePatch>::from_request(Request::from_parts(parts, limited), &state).await?;
        (patch, None)
    };
    let stored = match picture {
        None => None,
        Some(file) => {
            let prepared = uploads::prepare(&state, Purpose::ProfilePicture, file).await.map_err(on_picture)?;
            let mut rows =
                uploads::store_files(&state, tenant.id(), user.id, Purpose::ProfilePicture, vec![prepared], None)
                    .await?;
            let row = rows.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no file row was stored")))?;
            patch.picture = Some(Some(uploads::stored_link(&state, &row.storage_key)));
            Some(row)
        }
    };
    match super::profile::patch_profile(&state, &tenant, &user, user.clone(), &patch).await {
        Ok(view) => Ok(Json(ProfileAnswer { data: view, message: MSG_UPDATED.into() })),
        Err(err) => {
            if let Some(row) = stored {
                // The update was refused: the picture it carried goes too.
                file_q::delete(&state.db, row.id).await.ok();
                if let Err(problem) = state.storage.delete(&row.storage_key).await {
                    tracing::warn!(error = %problem, "could not remove the picture of a refused profile update");
                }
            }
            Err(err)
        }
    }
}

/// Removes the signed-in user's profile picture, and the stored file when it was uploaded as
/// the profile picture.
#[utoipa::path(
    delete,
    path = "/api/v1/profiles/me/delete-picture/",
    tag = "profiles",
    security(("bearer" = [])),
    responses((status = 200, body = ProfileAnswer))
)]
async fn delete_picture(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<ProfileAnswer>> {
    let profile = q::ensure(&state.db, &user).await?;
    let stored = match profile.picture.as_deref().and_then(|link| uploads::key_of_link(&state, link)) {
        Some(key) => file_q::find_by_key(&state.db, user.id, &key)
            .await?
            .filter(|f| f.purpose == Purpose::ProfilePicture.as_str()),
        None => None,
    };
    let txn = store::begin_write(&state.db).await?;
    let cleared = async {
        q::set_media(&txn, &user, q::ProfileMedia::Picture, None).await?;
        if let Some(file) = &stored {
            file_q::delete(&txn, file.id).await?;
        }
        Ok::<_, store::StoreError>(())
    }
    .await;
    super::finish(txn, cleared.map_err(ApiError::from)).await?;
    if let Some(file) = stored {
        if let Err(err) = state.storage.delete(&file.storage_key).await {
            // The row is gone, so nothing links to the file any more; log the leftover.
            tracing::warn!(error = %err, key = %file.storage_key, "could not remove a profile picture from storage");
        }
    }
    let profile = q::ensure(&state.db, &user).await?;
    let view = user_profile_view(&state.db, &tenant, Some(&user), &user, &profile, true, None).await?;
    Ok(Json(ProfileAnswer { data: view, message: MSG_PICTURE_REMOVED.into() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::sent::Named;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn form_fields_become_a_profile_update() {
        let patch = patch_from_form(&form(&[
            ("title", "Engineer"),
            ("skills", r#"[1, {"name": "Rust"}]"#),
            ("institution", "MIT"),
            ("languages", ""),
        ]))
        .unwrap();
        assert_eq!(patch.title, Some(Some("Engineer".into())));
        assert_eq!(patch.skills.value().map(|skills| skills.len()), Some(2));
        assert_eq!(patch.institution.named(), Named::Name("MIT".into()));
        assert_eq!(patch.languages, Some(None));
        let patch = patch_from_form(&form(&[("institution", "12")])).unwrap();
        assert_eq!(patch.institution.named(), Named::Id(12));
    }

    #[test]
    fn bad_form_fields_are_refused_on_their_field() {
        let Err(ApiError::Validation(errors)) = patch_from_form(&form(&[("skills", "1,2")])) else { panic!() };
        assert_eq!(errors.first("skills"), Some("Enter a valid JSON list."));
        let Err(ApiError::Validation(errors)) = patch_from_form(&form(&[("email", "x@y.z")])) else { panic!() };
        assert_eq!(errors.first("email"), Some("Unknown field."));
    }
}
