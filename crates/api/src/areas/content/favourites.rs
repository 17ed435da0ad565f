//! `GET /api/v1/bookmark/resource/`: the resources and prompts the caller bookmarked, most
//! recently bookmarked first, 10 a page (the favourites fetch of spec 002 §7, the same
//! shape as `/bookmark/job/`). Bookmarking itself is the shared
//! `POST /bookmark/{type}/{id}/` with `type` resource.

use axum::{extract::State, Json};
use domain::{bookmarks::PAGE_SIZE, pagination::PageRequest};
use store::queries::contents as content_q;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{is_moderator, view, ContentView};
use crate::extract::caller_of;
use crate::{
    areas::favourites_query::FavouritesQuery,
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::ApiResult,
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(favourite_resources))
}

/// The caller's favourite resources on this site; items they can no longer see are left out.
#[utoipa::path(
    get,
    path = "/api/v1/bookmark/resource/",
    tag = "bookmarks",
    params(FavouritesQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ContentView>))
)]
pub(crate) async fn favourite_resources(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<FavouritesQuery>,
) -> ApiResult<Json<Page<ContentView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let user_id = user.id;
    // Nothing bookmarked: an empty page, without the contents' visibility join.
    let kind = content_q::BOOKMARK_TYPE;
    if !store::queries::bookmarks::has_any(state.read_db(), tenant.id(), user_id, kind).await? {
        return Ok(Json(Page::new(Vec::new(), 0, &page, &url)));
    }
    let caller = caller_of(Some(user));
    let moderator = is_moderator(&state, &tenant, &caller).await?;
    let reader = content_q::Reader { viewer: caller.viewer(), moderator };
    let found =
        content_q::bookmarked(state.read_db(), tenant.id(), reader, user_id, page.offset(), page.page_size).await?;
    let items = view::views(&state, &url, &caller, tenant.id(), moderator, found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}
