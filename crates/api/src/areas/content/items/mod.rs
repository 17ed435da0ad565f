//! Posts, newsletters, resources and prompts: the list, create, read, edit, delete,
//! moderation, and the premium files.
//!
//! - `list`: `GET /contents/` with its filters
//! - `write`: create, edit, delete and moderate

mod list;
mod write;

use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
    Json,
};
use domain::content::may_open_premium;
use serde::Serialize;
use store::queries::contents as content_q;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ensure_visible, is_certified, is_moderator, may_post, not_found, view, visible_item, ContentView, Seen};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::AppState,
    envelope::{Data, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{AuthUser, MaybeUser, Tenant},
};

pub(crate) use list::list_contents;
pub use list::ContentQuery;
pub use write::ActionInput;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list_contents, write::create_content))
        .routes(routes!(content_by_slug))
        .routes(routes!(get_content, write::update_content, write::delete_content))
        .routes(routes!(write::approve_reject))
        .routes(routes!(content_file))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentAnswer {
    pub data: ContentView,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentMessage {
    pub message: String,
}

pub(super) async fn one_view(
    state: &AppState,
    url: &RequestUrl,
    caller: &Caller,
    tenant: &Tenant,
    seen: Seen,
) -> ApiResult<ContentView> {
    Ok(view::views(state, url, caller, tenant.id(), seen.moderator, vec![seen.item]).await?.remove(0))
}

/// One item by its slug (the `/post/{slug}` and `/resource/{slug}` pages).
#[utoipa::path(
    get,
    path = "/api/v1/contents/slug/{slug}/",
    tag = "contents",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<ContentView>))
)]
async fn content_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<ContentView>>> {
    let caller = caller_of(user);
    let item = content_q::find_by_slug(&state.db, tenant.id(), slug.trim()).await?.ok_or_else(not_found)?;
    let seen = ensure_visible(&state, &tenant, &caller, item).await?;
    Ok(Json(Data::new(one_view(&state, &url, &caller, &tenant, seen).await?)))
}

/// One item by id.
#[utoipa::path(
    get,
    path = "/api/v1/contents/{id}/",
    tag = "contents",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<ContentView>))
)]
async fn get_content(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<ContentView>>> {
    let caller = caller_of(user);
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    Ok(Json(Data::new(one_view(&state, &url, &caller, &tenant, seen).await?)))
}

/// A file attached to an item, served through the API: the way premium files reach those
/// who may open them (the author; subscribers once plans exist; staff). Others get 403.
#[utoipa::path(
    get,
    path = "/api/v1/contents/{id}/files/{file_id}/",
    tag = "contents",
    params(("id" = i64, Path), ("file_id" = i64, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The file's bytes", content_type = "application/octet-stream"),
        (status = 403, body = ErrorBody)
    )
)]
async fn content_file(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((id, file_id)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let caller = caller_of(Some(user));
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    let file = content_q::files_of(&state.db, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default()
        .into_iter()
        .find(|f| f.id == file_id)
        .ok_or_else(ApiError::not_found)?;
    let can_view = seen.item.is_premium && super::view::can_view_premium(&state, &caller, tenant.id()).await?;
    if !may_open_premium(seen.item.is_premium, seen.is_author, can_view) {
        return Err(ApiError::Forbidden(domain::content::MSG_PREMIUM_LOCKED.into()));
    }
    let object = state
        .storage
        .get(&file.storage_key)
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("reading a stored file failed: {e}")))?
        .ok_or_else(ApiError::not_found)?;
    let mut response = Body::from(object.bytes).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&file.content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    Ok(response)
}
