//! The locked premium PDF (spec 001 §3/§5: "PDF pages beyond the first blocked"; issue 13):
//!
//! - `GET /contents/{id}/files/{file_id}/preview/`: the FIRST PAGE of a premium resource's
//!   PDF, as a PDF of its own, for anyone who sees the resource. The whole file stays on
//!   `GET /contents/{id}/files/{file_id}/` for those who may open it
//!   (`domain::content::may_open_premium`).
//!
//! The cut is made once per file (`services::pdf_preview`, off the async threads) and kept
//! in the storage service next to the file (`<key>.first-page.pdf`). A file that is not a
//! PDF has no preview (404); a damaged PDF answers 422.

use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use domain::content::{MSG_NO_PREVIEW, MSG_PDF_UNREADABLE};
use services::pdf_preview::{self, PdfPreviewError};
use store::queries::contents as content_q;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::visible_item;
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{MaybeUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(first_page_preview))
}

const PDF: &str = "application/pdf";

/// Where the cut of the file stored under `key` is kept.
pub fn preview_key(key: &str) -> String {
    format!("{key}.first-page.pdf")
}

fn storage_failed(e: services::storage::StorageError) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("premium preview storage failed: {e}"))
}

/// The first page of a premium resource's PDF.
#[utoipa::path(
    get,
    path = "/api/v1/contents/{id}/files/{file_id}/preview/",
    tag = "contents",
    params(("id" = i64, Path), ("file_id" = i64, Path)),
    responses(
        (status = 200, description = "A one-page PDF", content_type = "application/pdf"),
        (status = 422, body = ErrorBody)
    )
)]
async fn first_page_preview(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path((id, file_id)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let caller = caller_of(user);
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    let file = content_q::files_of(&state.db, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default()
        .into_iter()
        .find(|f| f.id == file_id)
        .ok_or_else(ApiError::not_found)?;
    if !seen.item.is_premium || file.content_type != PDF {
        return Err(ApiError::NotFound(MSG_NO_PREVIEW.into()));
    }
    let key = preview_key(&file.storage_key);
    let bytes = match state.storage.get(&key).await.map_err(storage_failed)? {
        Some(cached) => cached.bytes,
        None => {
            let whole =
                state.storage.get(&file.storage_key).await.map_err(storage_failed)?.ok_or_else(ApiError::not_found)?;
            let cut = tokio::task::spawn_blocking(move || pdf_preview::first_page(&whole.bytes))
                .await
                .unwrap_or(Err(PdfPreviewError::Unreadable))
                .map_err(|e| ApiError::Coded {
                    status: StatusCode::UNPROCESSABLE_ENTITY,
                    message: match e {
                        PdfPreviewError::Unreadable | PdfPreviewError::NoPages => MSG_PDF_UNREADABLE.into(),
                    },
                    code: "PDF_UNREADABLE",
                })?;
            state.storage.put(&key, PDF, cut.clone()).await.map_err(storage_failed)?;
            cut
        }
    };
    let mut response = Body::from(bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PDF));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}
