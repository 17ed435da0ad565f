//! Bookmarks, shown as favourites (spec 002 §3 "Bookmark", §4 "Bookmark", §7 "Bookmarks",
//! §8 "Bookmark"). The spec names the paths; `{type}` is a kind of item
//! (`domain::bookmarks::EntityType`: `job`, `aitool`, `usecase`, `resource`, `group`; a
//! group bookmark names a circle or an event, and its list takes `group_type`).
//!
//! - `POST /api/v1/bookmark/{type}/{id}/`: bookmark an item ('Added to favourites');
//!   bookmarking again changes nothing.
//! - `DELETE /api/v1/unbookmark/{type}/{id}/`: remove the bookmark ('Removed from
//!   favourites'); removing what is not bookmarked changes nothing.
//! - `GET /api/v1/bookmark/{type}/?page&page_size`: the caller's favourites of that kind,
//!   most recently bookmarked first, 10 a page, as the kind's list items (a job is a
//!   `JobView`, with `is_bookmarked` true).
//!
//! Bookmarks belong to the site they were made on. An item the caller may not see (a
//! draft, a job of a private group, another site's) cannot be bookmarked: 404, as if it
//! did not exist. An item that later becomes invisible leaves the favourites list.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::{
    bookmarks::{group_type_bookmarkable, EntityType, MSG_ADDED, MSG_REMOVED, PAGE_SIZE},
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use store::queries::{bookmarks as bookmark_q, job_posts as post_q};
use utoipa::{
    openapi::{schema::AnyOfBuilder, Ref, RefOr, Schema},
    IntoParams, PartialSchema, ToSchema,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    catalogue::ai_tools::{self, AiToolView},
    favourites_query::FavouritesQuery,
    groups::{self, view::GroupView},
    jobs::{self, JobView},
    use_cases::{self, UseCaseView},
};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bookmark)).routes(routes!(unbookmark)).routes(routes!(favourites))
}

/// The state of a bookmark after a change, with the toast the button shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookmarkState {
    pub is_bookmarked: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookmarkAnswer {
    pub data: BookmarkState,
    /// 'Added to favourites' or 'Removed from favourites'.
    pub message: String,
}

fn kind_of(word: &str) -> ApiResult<EntityType> {
    EntityType::parse(word).ok_or_else(|| ApiError::NotFound(format!("\"{}\" cannot be bookmarked.", word.trim())))
}

/// The kind of item, for the API document (the handlers read it as text and answer 404 for
/// a kind that cannot be bookmarked).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct KindPath {
    /// What is bookmarked: job, aitool, usecase, resource or group (a circle or an event;
    /// any other word is a 404).
    #[serde(rename = "type")]
    pub kind: String,
}

/// One item, for the API document.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ItemPath {
    /// What is bookmarked: job, aitool, usecase, resource or group (a circle or an event;
    /// any other word is a 404).
    #[serde(rename = "type")]
    pub kind: String,
    /// The item's id.
    pub id: i64,
}

/// The item must exist on this site and be visible to the caller (404 otherwise).
async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &crate::extract::Caller,
    kind: EntityType,
    id: i64,
) -> ApiResult<()> {
    match kind {
        EntityType::Job => jobs::visible_job(state, tenant, caller, id).await.map(|_| ()),
        EntityType::AiTool => ai_tools::approved(state, tenant, id).await.map(|_| ()),
        EntityType::UseCase => use_cases::approved(state, tenant, id).await.map(|_| ()),
        EntityType::Resource => super::content::visible_resource(state, tenant, caller, id).await,
        EntityType::Group => {
            let group = groups::visible_group(state, tenant, caller, id).await?;
            if group_type_bookmarkable(&group.group_type) {
                Ok(())
            } else {
                Err(ApiError::NotFound("Only circles and events can be bookmarked.".into()))
            }
        }
    }
}

/// Bookmarks an item for the caller ('Added to favourites'). Bookmarking again changes
/// nothing; an item the caller cannot see is a 404.
#[utoipa::path(
    post,
    path = "/api/v1/bookmark/{type}/{id}/",
    tag = "bookmarks",
    params(ItemPath),
    security(("bearer" = [])),
    responses((status = 200, body = BookmarkAnswer), (status = 404, body = ErrorBody))
)]
async fn bookmark(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((kind, id)): Path<(String, i64)>,
) -> ApiResult<Json<BookmarkAnswer>> {
    let kind = kind_of(&kind)?;
    let user_id = user.id;
    let caller = caller_of(Some(user));
    ensure_visible(&state, &tenant, &caller, kind, id).await?;
    bookmark_q::add(&state.db, tenant.id(), user_id, kind.as_str(), id).await?;
    Ok(Json(BookmarkAnswer { data: BookmarkState { is_bookmarked: true }, message: MSG_ADDED.into() }))
}

/// Removes the caller's bookmark of an item ('Removed from favourites'). A bookmark of an
/// item that has since become invisible can still be removed; with no bookmark, an item the
/// caller cannot see is a 404.
#[utoipa::path(
    delete,
    path = "/api/v1/unbookmark/{type}/{id}/",
    tag = "bookmarks",
    params(ItemPath),
    security(("bearer" = [])),
    responses((status = 200, body = BookmarkAnswer), (status = 404, body = ErrorBody))
)]
async fn unbookmark(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((kind, id)): Path<(String, i64)>,
) -> ApiResult<Json<BookmarkAnswer>> {
    let kind = kind_of(&kind)?;
    let user_id = user.id;
    let removed = bookmark_q::remove(&state.db, tenant.id(), user_id, kind.as_str(), id).await?;
    if !removed {
        ensure_visible(&state, &tenant, &caller_of(Some(user)), kind, id).await?;
    }
    Ok(Json(BookmarkAnswer { data: BookmarkState { is_bookmarked: false }, message: MSG_REMOVED.into() }))
}

/// The caller's favourites of one kind on this site, most recently bookmarked first, 10 a
/// page (spec 002 §7 "Favourites fetch"). Items the caller can no longer see are left out.
#[utoipa::path(
    get,
    path = "/api/v1/bookmark/{type}/",
    tag = "bookmarks",
    params(KindPath, FavouritesQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Favourites, description = "A page of the kind's items: `JobView`, `AiToolView`, `UseCaseView` or `GroupView`"),
        (status = 404, body = ErrorBody)
    )
)]
pub(crate) async fn favourites(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(kind): Path<String>,
    ApiQuery(query): ApiQuery<FavouritesQuery>,
) -> ApiResult<Json<Favourites>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let kind = kind_of(&kind)?;
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let (db, tenant_id, offset, size) = (state.read_db(), tenant.id(), page.offset(), page.page_size);
    // Nothing of the kind bookmarked (most members, most kinds): an empty page, without the
    // kind's visibility join.
    let none = kind != EntityType::Resource && !bookmark_q::has_any(db, tenant_id, user_id, kind.as_str()).await?;
    // Jobs and groups show the base views their lists keep per write generation (read before
    // the rows, so nothing older than it is filed under it), with the caller's own ties.
    let answer = match kind {
        EntityType::Job if none => Favourites::Jobs(Page::new(Vec::new(), 0, &page, &url)),
        EntityType::AiTool if none => Favourites::AiTools(Page::new(Vec::new(), 0, &page, &url)),
        EntityType::UseCase if none => Favourites::UseCases(Page::new(Vec::new(), 0, &page, &url)),
        EntityType::Job => {
            let generation = state.generations.site(db, tenant_id).await?;
            let found = post_q::bookmarked(db, tenant_id, caller.viewer(), user_id, offset, size).await?;
            let (ids, models) = by_id(found.items, |job| job.id);
            let items = jobs::view::kept_views(&state, &caller, tenant_id, generation, &ids, models).await?;
            Favourites::Jobs(Page::new(items, found.count, &page, &url))
        }
        EntityType::AiTool => {
            let found = store::queries::ai_tools::bookmarked(db, tenant_id, user_id, offset, size).await?;
            let items = ai_tools::views(&state, &tenant, &caller, found.items).await?;
            Favourites::AiTools(Page::new(items, found.count, &page, &url))
        }
        EntityType::UseCase => {
            let found = store::queries::use_cases::bookmarked(db, tenant_id, user_id, offset, size).await?;
            let items = use_cases::views(&state, &tenant, &caller, found.items).await?;
            Favourites::UseCases(Page::new(items, found.count, &page, &url))
        }
        EntityType::Group => {
            let group_type = match query.group_type.as_ref().map(|t| t.trim().to_ascii_lowercase()) {
                Some(t) if group_type_bookmarkable(&t) => t,
                _ => return Err(ApiError::field("group_type", "Choose circle or event.")),
            };
            if none {
                return Ok(Json(Favourites::Groups(Page::new(Vec::new(), 0, &page, &url))));
            }
            let generation = state.generations.site(db, tenant_id).await?;
            let found = bookmark_q::groups(db, tenant_id, user_id, caller.viewer(), &group_type, offset, size).await?;
            let (ids, models) = by_id(found.items, |group| group.id);
            let items = groups::view::kept_views(&state, &caller, tenant_id, generation, &ids, models).await?;
            Favourites::Groups(Page::new(items, found.count, &page, &url))
        }
        // `GET /bookmark/resource/` is its own route (`content::favourites`), whose items
        // are resources; the router sends that path there, never here.
        EntityType::Resource => return Err(ApiError::NotFound("Use /api/v1/bookmark/resource/.".into())),
    };
    Ok(Json(answer))
}

/// The ids of `rows` in order, and the rows by id.
fn by_id<T>(rows: Vec<T>, id: impl Fn(&T) -> i64) -> (Vec<i64>, std::collections::HashMap<i64, T>) {
    let ids = rows.iter().map(&id).collect();
    (ids, rows.into_iter().map(|row| (id(&row), row)).collect())
}

/// A page of favourites of one kind.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Favourites {
    Jobs(Page<JobView>),
    AiTools(Page<AiToolView>),
    UseCases(Page<UseCaseView>),
    Groups(Page<GroupView>),
}

/// `anyOf` the kinds' pages, where a derived schema would say `oneOf`: an empty page is a
/// page of every kind at once, and `oneOf` would call it invalid.
impl PartialSchema for Favourites {
    fn schema() -> RefOr<Schema> {
        let mut kinds = AnyOfBuilder::new().description(Some("A page of favourites of one kind."));
        for name in favourite_page_names() {
            kinds = kinds.item(Ref::from_schema_name(name));
        }
        kinds.into()
    }
}

impl ToSchema for Favourites {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        let [jobs, ai_tools, use_cases, groups] = favourite_page_names();
        schemas.push((jobs, <Page<JobView> as PartialSchema>::schema()));
        schemas.push((ai_tools, <Page<AiToolView> as PartialSchema>::schema()));
        schemas.push((use_cases, <Page<UseCaseView> as PartialSchema>::schema()));
        schemas.push((groups, <Page<GroupView> as PartialSchema>::schema()));
        <Page<JobView> as ToSchema>::schemas(schemas);
        <Page<AiToolView> as ToSchema>::schemas(schemas);
        <Page<UseCaseView> as ToSchema>::schemas(schemas);
        <Page<GroupView> as ToSchema>::schemas(schemas);
    }
}

/// The names the derive gives the generic pages (`Page_JobView`, …).
fn favourite_page_names() -> [String; 4] {
    fn page_of<T: ToSchema>() -> String {
        format!("{}_{}", <Page<T> as ToSchema>::name(), T::name())
    }
    [page_of::<JobView>(), page_of::<AiToolView>(), page_of::<UseCaseView>(), page_of::<GroupView>()]
}
