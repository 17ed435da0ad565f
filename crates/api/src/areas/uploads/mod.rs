//! Uploads (spec 000 §3 "Other", §4 "File upload item", §5 "Files and import", §7, §8
//! "Profile, import, upload", §9 "Sizes and limits").
//!
//! - `POST /api/v1/file-upload/`: one or more `files` (+ `descriptions`, a JSON list)
//! - `DELETE /api/v1/file-upload/{id}/`: the owner removes a file
//! - `POST /api/v1/upload-profile_picture/`, `/upload-video/`, `/upload-resume/`
//! - `GET /media/{key}`: the files themselves (local storage, or read through from S3
//!   when the bucket has no public URL)
//!
//! Types are checked by content (`sniff`), sizes while the body streams in; pictures are
//! re-encoded (`picture`). Other areas store files through [`store_files`] and find a
//! client's file id with `store::queries::files::find_owned`.

mod form;
mod handlers;
mod picture;
mod sniff;

use axum::{
    body::Body,
    extract::{DefaultBodyLimit, Path, Request, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::Serialize;
use store::{entities::files, queries::files as file_q};
use tower::ServiceExt;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use form::{read, FileUploadForm, FromUploadForm, IncomingFile, ResumeForm, SingleFileForm, UploadForm};
pub use sniff::FileType;

use crate::{
    areas::AppState,
    envelope::RequestUrl,
    error::{ApiError, ApiResult},
    extract::Tenant,
    secrets,
};

// Messages. The spec gives the size and PDF texts; the others are ours (docs/decisions.md).
pub const MSG_TOO_LARGE: &str = "Maximum size exceed (max 10MB allowed)";
pub const MSG_RESUME_TOO_LARGE: &str = "File size exceeds the limit of 10MB";
pub const MSG_RESUME_TYPE: &str = "Unsupported file format. Please upload PDF";
pub const MSG_RESUME_MISSING: &str = "Please upload a resume";
pub const MSG_PICTURE_TYPE: &str = "Unsupported file format. Please upload an image (JPEG, PNG, GIF or WebP)";
pub const MSG_COVER_TYPE: &str = "Unsupported file format. Please upload a JPEG or PNG image";
pub const MSG_PICTURE_MISSING: &str = "Please upload an image";
pub const MSG_PICTURE_DAMAGED: &str = "The image is damaged or incomplete. Please upload a valid image";
pub const MSG_VIDEO_TYPE: &str = "Unsupported file format. Please upload a video (MP4, MOV or WebM)";
pub const MSG_VIDEO_MISSING: &str = "Please upload a video";
pub const MSG_FILE_TYPE: &str =
    "Unsupported file format. Please upload a PDF, an image, a video, a text file or a Word, Excel or PowerPoint document";
pub const MSG_FILE_MISSING: &str = "Please choose a file to upload";
pub const MSG_PDF_DAMAGED: &str = "The PDF file is damaged or incomplete. Please upload a valid PDF";
pub const MSG_ONE_FILE: &str = "Please upload one file at a time";
pub const MSG_NOT_MULTIPART: &str = "Please send the file as multipart/form-data.";
pub const MSG_UNREADABLE: &str = "The upload could not be read. Please try again.";
pub const MSG_STORAGE_DOWN: &str = "Files cannot be stored at the moment. Please try again later.";

/// Files accepted by one `file-upload` call (the client sends one per call).
pub const MAX_FILES_PER_CALL: usize = 5;
/// Text fields of an upload form: count and size each.
const MAX_TEXT_FIELDS: usize = 20;
const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;
const MAX_DESCRIPTION_CHARS: usize = 1000;

/// The nine sections of a profile import (spec 002 §4 "Alternate email and profile import").
pub use domain::imports::SECTIONS as IMPORT_SECTIONS;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::file_upload))
        .routes(routes!(handlers::delete_file))
        .routes(routes!(handlers::upload_profile_picture))
        .routes(routes!(handlers::upload_video))
        .routes(routes!(handlers::upload_resume))
        // The 1 MB JSON limit does not apply: upload forms are limited by `read_form`.
        .layer(DefaultBodyLimit::disable())
}

/// `/media/{key}`: stored files, for the binary's router (not part of the JSON API).
pub fn media_routes() -> Router<AppState> {
    let nothing = || async { StatusCode::NOT_FOUND };
    Router::new().route("/media", get(nothing)).route("/media/", get(nothing)).route("/media/{*key}", get(media))
}

/// What an upload is for; it decides the accepted types and the messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    File,
    ProfilePicture,
    Video,
    Resume,
    /// A group's logo (any picture type).
    GroupLogo,
    /// A group's cover image (JPEG or PNG, spec 001 §5).
    GroupCover,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::File => "file",
            Purpose::ProfilePicture => "profile_picture",
            Purpose::Video => "video",
            Purpose::Resume => "resume",
            Purpose::GroupLogo => "group_logo",
            Purpose::GroupCover => "group_cover",
        }
    }

    /// The form field errors are reported on.
    fn field(self) -> &'static str {
        match self {
            Purpose::File => "files",
            Purpose::GroupLogo => "logo",
            Purpose::GroupCover => "cover_image",
            _ => "file",
        }
    }

    fn accepts(self, file_type: FileType) -> bool {
        match self {
            Purpose::File => true,
            Purpose::ProfilePicture => file_type.is_image(),
            Purpose::Video => file_type.is_video(),
            Purpose::Resume => file_type == FileType::Pdf,
            Purpose::GroupLogo => file_type.is_image(),
            Purpose::GroupCover => matches!(file_type, FileType::Jpeg | FileType::Png),
        }
    }

    fn too_large(self) -> &'static str {
        match self {
            Purpose::Resume => MSG_RESUME_TOO_LARGE,
            _ => MSG_TOO_LARGE,
        }
    }

    fn unsupported(self) -> &'static str {
        match self {
            Purpose::File => MSG_FILE_TYPE,
            Purpose::ProfilePicture | Purpose::GroupLogo => MSG_PICTURE_TYPE,
            Purpose::GroupCover => MSG_COVER_TYPE,
            Purpose::Video => MSG_VIDEO_TYPE,
            Purpose::Resume => MSG_RESUME_TYPE,
        }
    }

    pub(crate) fn missing(self) -> &'static str {
        match self {
            Purpose::File => MSG_FILE_MISSING,
            Purpose::ProfilePicture | Purpose::GroupLogo | Purpose::GroupCover => MSG_PICTURE_MISSING,
            Purpose::Video => MSG_VIDEO_MISSING,
            Purpose::Resume => MSG_RESUME_MISSING,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Answers

/// A stored file (spec 000 §3 "File": id, file, description, mime_type, thumbnail_image).
#[derive(Debug, Serialize, ToSchema)]
pub struct FileItem {
    pub id: i64,
    /// The file's URL.
    pub file: String,
    /// The original name, cleaned (its extension matches the checked type).
    pub name: String,
    pub content_type: String,
    /// The same as `content_type`.
    pub mime_type: String,
    /// Bytes.
    pub size: i64,
    /// image, video, document or other.
    pub kind: String,
    pub description: Option<String>,
    /// For images, the image itself; otherwise null.
    pub thumbnail_image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FileList {
    pub data: Vec<FileItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadAnswer {
    pub data: FileItem,
    pub message: String,
}

/// The URL of a stored file: the bucket's public URL, or `/media/<key>` on the host that
/// was called.
pub fn file_url(state: &AppState, url: &RequestUrl, key: &str) -> String {
    state.storage.public_url(key).unwrap_or_else(|| format!("{}://{}/media/{key}", url.scheme, url.host))
}

pub fn file_item(state: &AppState, url: &RequestUrl, file: &files::Model) -> FileItem {
    let link = file_url(state, url, &file.storage_key);
    FileItem {
        id: file.id,
        thumbnail_image: (file.kind == file_q::KIND_IMAGE).then(|| link.clone()),
        file: link,
        name: file.name.clone(),
        content_type: file.content_type.clone(),
        mime_type: file.content_type.clone(),
        size: file.size,
        kind: file.kind.clone(),
        description: file.description.clone(),
    }
}

/// A file an answer points at, as administrators open it (spec 001 §3 "files": file,
/// mime_type, id).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AttachedFile {
    pub id: i64,
    /// The file's URL.
    pub file: String,
    pub mime_type: String,
    /// The original name, cleaned.
    pub name: String,
}

/// Resolves the files each owner's answers point at, in one query for all of them: for
/// each `(owner user id, file ids)` the files of that owner on the tenant, in the order
/// given. Ids of missing files or of someone else's files are left out.
pub async fn attached_files(
    state: &AppState,
    url: &RequestUrl,
    tenant_id: i64,
    wanted: &[(i64, Vec<i64>)],
) -> ApiResult<Vec<Vec<AttachedFile>>> {
    let mut ids: Vec<i64> = wanted.iter().flat_map(|(_, ids)| ids.iter().copied()).collect();
    ids.sort_unstable();
    ids.dedup();
    let found = file_q::by_ids(&state.db, tenant_id, &ids).await?;
    Ok(wanted
        .iter()
        .map(|(owner, ids)| {
            ids.iter()
                .filter_map(|id| found.get(id))
                .filter(|f| f.user_id == *owner)
                .map(|f| AttachedFile {
                    id: f.id,
                    file: file_url(state, url, &f.storage_key),
                    mime_type: f.content_type.clone(),
                    name: f.name.clone(),
                })
                .collect()
        })
        .collect())
}

/// Upload errors carry the message under `error` too, where the client's upload item
/// reads it (spec 000 §7: "an error lies in response.data.error").
pub struct UploadError(pub ApiError);

impl From<ApiError> for UploadError {
    fn from(err: ApiError) -> Self {
        UploadError(err)
    }
}

impl IntoResponse for UploadError {
    fn into_response(self) -> Response {
        let status = self.0.status();
        if status.is_server_error() {
            return self.0.into_response();
        }
        let body = self.0.body();
        let error = body.message.clone();
        let mut value = serde_json::to_value(&body).unwrap_or_default();
        if let Some(object) = value.as_object_mut() {
            object.insert("error".into(), serde_json::Value::from(error));
        }
        (status, Json(value)).into_response()
    }
}

type UploadResult<T> = Result<T, UploadError>;

/// The client's file name without folders or odd characters, at most 200 characters, with
/// the extension of the type the content really has.
fn clean_name(raw: &str, file_type: FileType) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String =
        base.chars().filter(|c| !c.is_control() && !matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*')).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim();
    let stem = match cleaned.rsplit_once('.') {
        Some((stem, _)) => stem.trim(),
        None => cleaned,
    };
    let extension = file_type.extension();
    let keeps_extension = cleaned.rsplit_once('.').is_some_and(|(_, ext)| {
        let ext = ext.to_ascii_lowercase();
        ext == extension || (file_type == FileType::Jpeg && ext == "jpeg")
    });
    let name = if keeps_extension {
        cleaned.to_string()
    } else if stem.is_empty() {
        format!("file.{extension}")
    } else {
        format!("{stem}.{extension}")
    };
    if name.chars().count() <= 200 {
        return name;
    }
    let stem: String = name.chars().take(190).collect();
    format!("{}.{extension}", stem.trim_end_matches('.'))
}

// ---------------------------------------------------------------------------------------
// Checking and storing

/// A file that passed the checks, ready to store.
pub struct Prepared {
    pub name: String,
    pub file_type: FileType,
    pub bytes: Vec<u8>,
    pub description: Option<String>,
}

/// Checks a file for `purpose` by its content; pictures are re-encoded (off the async
/// threads, since decoding is CPU work).
pub async fn prepare(state: &AppState, purpose: Purpose, file: IncomingFile) -> ApiResult<Prepared> {
    let field = purpose.field();
    let file_type = sniff::detect(&file.bytes)
        .filter(|t| purpose.accepts(*t))
        .ok_or_else(|| ApiError::field(field, purpose.unsupported()))?;
    if file_type == FileType::Pdf && !sniff::pdf_looks_complete(&file.bytes) {
        return Err(ApiError::field(field, MSG_PDF_DAMAGED));
    }
    let name = file.name;
    if !matches!(purpose, Purpose::ProfilePicture | Purpose::GroupLogo | Purpose::GroupCover) {
        return Ok(Prepared { name: clean_name(&name, file_type), file_type, bytes: file.bytes, description: None });
    }
    let max_side = state.settings.picture_max_side;
    let bytes = file.bytes;
    let processed = tokio::task::spawn_blocking(move || picture::process(&bytes, file_type, max_side))
        .await
        .map_err(|err| ApiError::Internal(anyhow::anyhow!("picture processing failed: {err}")))?
        .ok_or_else(|| ApiError::field(field, MSG_PICTURE_DAMAGED))?;
    tracing::debug!(width = processed.width, height = processed.height, "picture re-encoded");
    Ok(Prepared {
        name: clean_name(&name, processed.file_type),
        file_type: processed.file_type,
        bytes: processed.bytes,
        description: None,
    })
}

/// Stores checked files of `owner_id` and records them, all or nothing: if anything fails,
/// what was already put in the store is removed again.
pub async fn store_files(
    state: &AppState,
    tenant_id: i64,
    owner_id: i64,
    purpose: Purpose,
    prepared: Vec<Prepared>,
    details: Option<serde_json::Value>,
) -> ApiResult<Vec<files::Model>> {
    let (rows, _) = store_files_recording(state, tenant_id, owner_id, purpose, prepared, details, None).await?;
    Ok(rows)
}

/// A profile import to record with a stored resume, in the same transaction.
pub struct ImportRequest<'a> {
    pub requested_by: i64,
    pub fields: &'a [String],
}

/// [`store_files`], also recording a profile import of the (first) stored file and queueing
/// its job in the transaction that records the file: either both exist or neither.
pub async fn store_files_recording(
    state: &AppState,
    tenant_id: i64,
    owner_id: i64,
    purpose: Purpose,
    prepared: Vec<Prepared>,
    details: Option<serde_json::Value>,
    import: Option<ImportRequest<'_>>,
) -> ApiResult<(Vec<files::Model>, Option<store::entities::profile_imports::Model>)> {
    // (key, file without its bytes, size) of what is already in the store.
    let mut stored: Vec<(String, Prepared, usize)> = Vec::with_capacity(prepared.len());
    let result = async {
        for mut file in prepared {
            let key =
                format!("t{tenant_id}/u{owner_id}/{}.{}", &secrets::random_token()[..32], file.file_type.extension());
            let bytes = std::mem::take(&mut file.bytes);
            let size = bytes.len();
            state.storage.put(&key, file.file_type.content_type(), bytes).await.map_err(storage_down)?;
            stored.push((key, file, size));
        }
        let txn = store::begin_write(&state.db).await?;
        let mut rows = Vec::with_capacity(stored.len());
        for (key, file, size) in &stored {
            let row = file_q::insert(
                &txn,
                file_q::NewFile {
                    tenant_id,
                    user_id: owner_id,
                    storage_key: key,
                    name: &file.name,
                    content_type: file.file_type.content_type(),
                    size: *size as i64,
                    kind: file.file_type.kind(),
                    purpose: purpose.as_str(),
                    description: file.description.as_deref(),
                    details: details.clone(),
                },
            )
            .await;
            match row {
                Ok(row) => rows.push(row),
                Err(err) => {
                    txn.rollback().await?;
                    return Err(err.into());
                }
            }
        }
        let queued = match (&import, rows.first()) {
            (Some(request), Some(file)) => {
                let new = store::queries::imports::NewImport {
                    tenant_id,
                    user_id: owner_id,
                    requested_by: request.requested_by,
                    source: domain::imports::SOURCE_RESUME,
                    fields: request.fields,
                    file_id: Some(file.id),
                    url: None,
                };
                match store::queries::imports::queue(&txn, new).await {
                    Ok(queued) => Some(queued),
                    Err(err) => {
                        txn.rollback().await?;
                        return Err(err.into());
                    }
                }
            }
            _ => None,
        };
        txn.commit().await?;
        if queued.is_some() {
            state.jobs_wake.notify_one();
        }
        Ok((rows, queued))
    }
    .await;
    if result.is_err() {
        for (key, _, _) in &stored {
            if let Err(err) = state.storage.delete(key).await {
                tracing::warn!(error = %err, "could not remove a file of a failed upload");
            }
        }
    }
    result
}

fn storage_down(err: services::storage::StorageError) -> ApiError {
    tracing::error!(error = %err, "file storage failed");
    ApiError::Coded {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: MSG_STORAGE_DOWN.into(),
        code: "STORAGE_UNAVAILABLE",
    }
}

/// The import request that came with a resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResumeImport {
    pub update_profile: bool,
    /// `None` for every section ('all').
    pub fields_to_update: Option<Vec<String>>,
    /// The user the resume belongs to (staff may name another user).
    pub user_id: i64,
}

impl ResumeImport {
    fn details(&self, uploaded_by: i64) -> serde_json::Value {
        serde_json::json!({
            "update_profile": self.update_profile,
            "fields_to_update": match &self.fields_to_update {
                Some(list) => serde_json::json!(list),
                None => serde_json::json!("all"),
            },
            "uploaded_by": uploaded_by,
        })
    }
}

/// What was just uploaded, for the areas that act on it.
pub struct StoredUpload<'a> {
    pub purpose: Purpose,
    pub file: &'a files::Model,
    /// Who sent it (staff may upload a resume for another user, who owns the file).
    pub uploaded_by: i64,
    pub resume: Option<&'a ResumeImport>,
}

/// The link a profile keeps to a stored file: the bucket's public URL, or a path on this
/// site (never a URL built from the request's Host).
pub fn stored_link(state: &AppState, key: &str) -> String {
    state.storage.public_url(key).unwrap_or_else(|| format!("/media/{key}"))
}

/// The storage key a link of [`stored_link`] points at, if it is one.
pub fn key_of_link(state: &AppState, link: &str) -> Option<String> {
    let key = match link.strip_prefix("/media/") {
        Some(key) => key.to_string(),
        None => {
            // The bucket's public URL of a key "k" ends with "k": its prefix is the base.
            let sample = state.storage.public_url("k")?;
            link.strip_prefix(sample.strip_suffix('k')?)?.to_string()
        }
    };
    services::storage::is_valid_key(&key).then_some(key)
}

/// Called after a picture, video or resume is stored: the owner's profile now points at it
/// (as a path on this site, or the bucket's public URL, never a URL built from the request's
/// Host). A resume with `update_profile` also has a profile import, recorded with the file
/// (see [`store_files_recording`]) and run by the job worker.
pub async fn after_store(state: &AppState, _tenant: &Tenant, upload: &StoredUpload<'_>) -> ApiResult<()> {
    let media = match upload.purpose {
        Purpose::ProfilePicture => store::queries::profiles::ProfileMedia::Picture,
        Purpose::Video => store::queries::profiles::ProfileMedia::Video,
        Purpose::Resume => store::queries::profiles::ProfileMedia::Resume,
        // Group images are set by their own handlers, which check the group's rights.
        Purpose::File | Purpose::GroupLogo | Purpose::GroupCover => return Ok(()),
    };
    let owner =
        store::queries::users::find_by_id(&state.db, upload.file.user_id).await?.ok_or_else(ApiError::not_found)?;
    let link = stored_link(state, &upload.file.storage_key);
    store::queries::profiles::set_media(&state.db, &owner, media, Some(link)).await?;
    tracing::info!(purpose = upload.purpose.as_str(), file_id = upload.file.id, "upload set on the profile");
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Serving

/// A stored file. Keys are random, so a URL is only known to those it was shown to.
/// Local files are served with range requests (video seeking); S3 files without a public
/// URL are read through.
async fn media(State(state): State<AppState>, Path(key): Path<String>, request: Request) -> Response {
    if !services::storage::is_valid_key(&key) || !key.contains('.') {
        return StatusCode::NOT_FOUND.into_response();
    }
    // A premium resource's files are not served by their public URL: those who may open
    // them get them through `GET /api/v1/contents/{id}/files/{file_id}/` (issue 13).
    match store::queries::contents::premium_owner_of_file(state.read_db(), &key).await {
        Ok(None) => {}
        Ok(Some(_)) => return StatusCode::NOT_FOUND.into_response(),
        Err(err) => {
            tracing::error!(error = %err, "checking a stored file failed");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    }
    let content_type = services::storage::content_type_for_key(&key);
    let mut response = match state.storage.local_path(&key) {
        Some(path) => {
            if !tokio::fs::metadata(&path).await.is_ok_and(|m| m.is_file()) {
                return StatusCode::NOT_FOUND.into_response();
            }
            match tower_http::services::ServeFile::new(path).oneshot(request).await {
                Ok(response) => response.map(Body::new),
                Err(never) => match never {},
            }
        }
        None => match state.storage.get(&key).await {
            Ok(Some(object)) => object.bytes.into_response(),
            Ok(None) => return StatusCode::NOT_FOUND.into_response(),
            Err(err) => {
                tracing::error!(error = %err, "reading a stored file failed");
                return StatusCode::SERVICE_UNAVAILABLE.into_response();
            }
        },
    };
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if response.status().is_success() {
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        // A key never gets other content, so the file may be cached for a year.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
        if content_type != "application/pdf" {
            // Nothing stored may run script, even if a browser were to render it as a page.
            headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_folders_and_get_the_real_extension() {
        assert_eq!(clean_name("C:\\Users\\me\\cv.pdf", FileType::Pdf), "cv.pdf");
        assert_eq!(clean_name("../../etc/photo.pdf", FileType::Png), "photo.png");
        assert_eq!(clean_name("me.JPEG", FileType::Jpeg), "me.JPEG");
        assert_eq!(clean_name("", FileType::Pdf), "file.pdf");
        assert_eq!(clean_name(".htaccess", FileType::Text), "htaccess.txt");
        assert_eq!(clean_name("a<b>\u{0}.txt", FileType::Text), "ab.txt");
        assert!(clean_name(&"x".repeat(500), FileType::Pdf).chars().count() <= 200);
    }
}
