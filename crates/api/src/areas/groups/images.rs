//! A group's logo and cover image (spec 001 §6: its administrators upload them).
//! `POST /groups/{id}/logo/` takes the image in the part `logo` (or `file`);
//! `POST /groups/{id}/cover-image/` in `cover_image` (or `file`).

use axum::{
    extract::{Path, Request, State},
    Json,
};
use store::queries::{files as file_q, groups as group_q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{crud::require_edit, crud::GroupAnswer, view, visible_group};
use crate::extract::caller_of;
use crate::{
    areas::uploads::{self, FromUploadForm, IncomingFile, Purpose, SingleFileForm, UploadForm},
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_logo)).routes(routes!(upload_cover))
}

/// The multipart form of the image uploads.
#[derive(ToSchema)]
pub struct GroupImageForm {
    /// The image (`logo` or `cover_image`).
    #[schema(value_type = String, format = Binary)]
    file: IncomingFile,
}

impl FromUploadForm for GroupImageForm {
    const MAX_FILES: usize = 1;

    fn from_form(form: UploadForm, purpose: Purpose) -> ApiResult<Self> {
        let SingleFileForm { file } = SingleFileForm::from_form(form, purpose)?;
        Ok(GroupImageForm { file })
    }
}

async fn upload(
    state: AppState,
    tenant: Tenant,
    user: store::entities::users::Model,
    id: i64,
    request: Request,
    purpose: Purpose,
) -> ApiResult<Json<GroupAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    require_edit(&state, &caller, &group).await?;
    let form: GroupImageForm = uploads::read(&state, request, purpose).await?;
    let prepared = uploads::prepare(&state, purpose, form.file).await?;
    let mut rows = uploads::store_files(&state, tenant.id(), user.id, purpose, vec![prepared], None).await?;
    let row = rows.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no file row was stored")))?;
    let link = uploads::stored_link(&state, &row.storage_key);
    let (which, old, message) = match purpose {
        Purpose::GroupCover => (group_q::Image::Cover, group.cover_image.clone(), "Successfully updated cover image"),
        _ => (group_q::Image::Logo, group.logo.clone(), "Successfully updated logo"),
    };
    let group = group_q::set_image(&state.db, group, which, Some(link)).await?;
    // The replaced image goes, when it was uploaded here.
    if let Some(key) = old.as_deref().and_then(|link| uploads::key_of_link(&state, link)) {
        if let Some(file) = file_q::find_by_storage_key(&state.db, &key).await? {
            file_q::delete(&state.db, file.id).await.ok();
        }
        if let Err(err) = state.storage.delete(&key).await {
            tracing::warn!(error = %err, %key, "could not remove a replaced group image");
        }
    }
    let data = view::view(&state, &caller, group).await?;
    Ok(Json(GroupAnswer { data, message: message.into() }))
}

/// Sets the group's logo (JPEG, PNG, GIF or WebP; scaled down and re-encoded).
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/logo/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body(content = GroupImageForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 200, body = GroupAnswer), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody))
)]
async fn upload_logo(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    request: Request,
) -> ApiResult<Json<GroupAnswer>> {
    upload(state, tenant, user, id, request, Purpose::GroupLogo).await
}

/// Sets the group's cover image (JPEG or PNG).
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/cover-image/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body(content = GroupImageForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 200, body = GroupAnswer), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody))
)]
async fn upload_cover(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    request: Request,
) -> ApiResult<Json<GroupAnswer>> {
    upload(state, tenant, user, id, request, Purpose::GroupCover).await
}
