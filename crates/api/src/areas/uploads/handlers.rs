//! The upload endpoints: files of the signed-in user, the own picture and video, and the
//! resume (with the profile import it may start).

use axum::{
    extract::{Path, Request, State},
    http::StatusCode,
    Json,
};
use domain::sent::{NumberOrText, Sent};
use serde::Serialize;
use store::{entities::files, queries::files as file_q};
use utoipa::ToSchema;

use super::{
    after_store, file_item, prepare, read, store_files, store_files_recording, FileItem, FileList, FileUploadForm,
    ImportRequest, Purpose, ResumeForm, ResumeImport, SingleFileForm, StoredUpload, UploadAnswer, UploadResult,
};
use crate::{
    areas::AppState,
    envelope::{Data, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{AuthUser, Tenant},
};

/// Stores one or more files of the signed-in user.
#[utoipa::path(
    post,
    path = "/api/v1/file-upload/",
    tag = "uploads",
    request_body(content = FileUploadForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 201, body = Data<FileList>), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody))
)]
pub(super) async fn file_upload(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    request: Request,
) -> UploadResult<(StatusCode, Json<Data<FileList>>)> {
    let url = RequestUrl::from_headers(request.headers(), request.uri().clone());
    let form: FileUploadForm = read(&state, request, Purpose::File).await?;
    let mut prepared = Vec::with_capacity(form.files.len());
    for (file, description) in form.files.into_iter().zip(form.descriptions) {
        let mut file = prepare(&state, Purpose::File, file).await?;
        file.description = description;
        prepared.push(file);
    }
    let rows = store_files(&state, tenant.id(), user.id, Purpose::File, prepared, None).await?;
    let items = rows.iter().map(|row| file_item(&state, &url, row)).collect();
    Ok((StatusCode::CREATED, Json(Data::new(FileList { data: items }))))
}

/// Deletes a file of the signed-in user (another user's file is not found).
#[utoipa::path(
    delete,
    path = "/api/v1/file-upload/{id}/",
    tag = "uploads",
    params(("id" = i64, Path, description = "The file id")),
    security(("bearer" = [])),
    responses((status = 204))
)]
pub(super) async fn delete_file(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let id: i64 = id.parse().map_err(|_| ApiError::not_found())?;
    let file = file_q::delete_owned(&state.db, tenant.id(), user.id, id).await?.ok_or_else(ApiError::not_found)?;
    if let Err(err) = state.storage.delete(&file.storage_key).await {
        // The row is gone, so the file is unreachable through the API; log the leftover.
        tracing::warn!(error = %err, key = %file.storage_key, "could not remove a deleted file from storage");
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Checks and stores the file of a single-file form for `owner_id`.
async fn single_upload(
    state: &AppState,
    tenant: &Tenant,
    owner_id: i64,
    purpose: Purpose,
    form: SingleFileForm,
    details: Option<serde_json::Value>,
) -> ApiResult<files::Model> {
    let prepared = prepare(state, purpose, form.file).await?;
    let mut rows = store_files(state, tenant.id(), owner_id, purpose, vec![prepared], details).await?;
    rows.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no file row was stored")))
}

/// Stores a new profile picture (scaled to at most 1024 px and re-encoded).
#[utoipa::path(
    post,
    path = "/api/v1/upload-profile_picture/",
    tag = "uploads",
    request_body(content = SingleFileForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 201, body = UploadAnswer), (status = 413, body = ErrorBody))
)]
pub(super) async fn upload_profile_picture(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    request: Request,
) -> UploadResult<(StatusCode, Json<UploadAnswer>)> {
    own_media_upload(&state, &tenant, user.id, request, Purpose::ProfilePicture, "Successfully updated information")
        .await
}

/// Stores one file of the caller's own (picture or video) and answers it with `message`.
async fn own_media_upload(
    state: &AppState,
    tenant: &Tenant,
    user_id: i64,
    request: Request,
    purpose: Purpose,
    message: &str,
) -> UploadResult<(StatusCode, Json<UploadAnswer>)> {
    let url = RequestUrl::from_headers(request.headers(), request.uri().clone());
    let form: SingleFileForm = read(state, request, purpose).await?;
    let file = single_upload(state, tenant, user_id, purpose, form, None).await?;
    let upload = StoredUpload { purpose, file: &file, uploaded_by: user_id, resume: None };
    after_store(state, tenant, &upload).await?;
    let data = file_item(state, &url, &file);
    Ok((StatusCode::CREATED, Json(UploadAnswer { data, message: message.into() })))
}

/// Stores a profile video (MP4, MOV or WebM).
#[utoipa::path(
    post,
    path = "/api/v1/upload-video/",
    tag = "uploads",
    request_body(content = SingleFileForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 201, body = UploadAnswer), (status = 413, body = ErrorBody))
)]
pub(super) async fn upload_video(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    request: Request,
) -> UploadResult<(StatusCode, Json<UploadAnswer>)> {
    // The spec's text, spelling included (spec 000 §8).
    own_media_upload(&state, &tenant, user.id, request, Purpose::Video, "Successfuly uploaded video").await
}

/// Stores a resume (PDF). With `update_profile`, a profile import of the chosen sections is
/// queued with it and runs in the background (`import` names it).
#[utoipa::path(
    post,
    path = "/api/v1/upload-resume/",
    tag = "uploads",
    request_body(content = ResumeForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses((status = 201, body = ResumeAnswer), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody))
)]
pub(super) async fn upload_resume(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    request: Request,
) -> UploadResult<(StatusCode, Json<ResumeAnswer>)> {
    let url = RequestUrl::from_headers(request.headers(), request.uri().clone());
    let form: ResumeForm = read(&state, request, Purpose::Resume).await?;
    let user_id = crate::areas::imports::import_target(
        &state,
        &user,
        &form.user_id.map_or(Sent::Absent, |id| Sent::Value(NumberOrText::Text(id))),
    )
    .await?;
    let import = ResumeImport { update_profile: form.update_profile, fields_to_update: form.fields_to_update, user_id };
    let details = Some(import.details(user.id));
    let prepared = prepare(&state, Purpose::Resume, form.file).await?;
    let sections = domain::imports::chosen_sections(&import.fields_to_update);
    let request = import.update_profile.then_some(ImportRequest { requested_by: user.id, fields: &sections });
    let (mut rows, queued) =
        store_files_recording(&state, tenant.id(), import.user_id, Purpose::Resume, vec![prepared], details, request)
            .await?;
    let file = rows.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no file row was stored")))?;
    let upload = StoredUpload { purpose: Purpose::Resume, file: &file, uploaded_by: user.id, resume: Some(&import) };
    after_store(&state, &tenant, &upload).await?;
    let data = file_item(&state, &url, &file);
    let import = queued.map(|q| ImportRef { id: q.id, status: q.status });
    Ok((StatusCode::CREATED, Json(ResumeAnswer { data, message: "Successfully uploaded resume".into(), import })))
}

/// The import a resume upload started.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportRef {
    /// Poll `GET /api/v1/profile-imports/{id}/` for its progress.
    pub id: i64,
    /// queued.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResumeAnswer {
    pub data: FileItem,
    pub message: String,
    /// Present when `update_profile` was true.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub import: Option<ImportRef>,
}
