//! My area and Favourites in one call each, and "my" lists by type (spec 002 §2 "Favourites
//! and my content", §7 "Bookmarks: GET /my-items/; GET /{type}/me/; GET /my-favourites/").
//! The spec names the paths but not their shapes; the choices are in docs/decisions.md
//! ("My area and favourites endpoints").
//!
//! - `GET /api/v1/{type}/me/?page&page_size` for the spec's types `jobs`, `career-tips`,
//!   `ai_tools`, `use_cases`, `circles`, `contents`: what the caller created or applied to,
//!   10 a page, as that type's list items. Each is the type's own list with the "mine"
//!   filter fixed (`created`, `mine`, `created_by=me`), so visibility rules are the list's.
//! - `GET /api/v1/my-items/?page_size` and `GET /api/v1/my-favourites/?page_size`: the first
//!   page (3 by default: the overview cards) of every section of My area / Favourites, each
//!   a `Page` whose `next` leads to the section's own list.

use std::collections::HashMap;

use axum::{extract::State, http::Uri, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    bookmarks::{self, Favourites},
    catalogue::ai_tools::{self, AiToolView},
    content::{self, view::ContentView},
    groups::{caller_of, view::GroupView},
    jobs::JobView,
    use_cases::{self, UseCaseView},
};
use crate::{
    envelope::{Page, RequestUrl},
    error::{ApiResult, ErrorBody},
    extract::{page_from_query, ApiQuery, AuthUser, MaybeUser, Tenant},
    state::AppState,
};

/// My-content lists show 10 a page (spec 002 §7).
pub const PAGE_SIZE: u64 = 10;
/// The overview shows 3 cards per section (spec 002 §9).
pub const OVERVIEW_SIZE: u64 = 3;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_jobs))
        .routes(routes!(my_career_tips))
        .routes(routes!(my_ai_tools))
        .routes(routes!(my_use_cases))
        .routes(routes!(my_circles))
        .routes(routes!(my_contents))
        .routes(routes!(my_items))
        .routes(routes!(my_favourites))
}

/// Described for the API document; the handlers read the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MineQuery {
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 10 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 10)]
    pub page_size: Option<u64>,
}

/// The query with the "mine" filter set and the my-area page size by default.
fn mine(mut query: HashMap<String, String>, key: &str, value: &str) -> HashMap<String, String> {
    query.insert(key.into(), value.into());
    query.entry("page_size".into()).or_insert_with(|| PAGE_SIZE.to_string());
    query
}

/// The jobs the caller created or applied to, newest first.
#[utoipa::path(get, path = "/api/v1/jobs/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<JobView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_jobs(
    state: State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<JobView>>> {
    super::jobs::lists::list_jobs(state, tenant, MaybeUser(Some(user)), url, ApiQuery(mine(query, "mine", "true")))
        .await
}

/// The career tips the caller shared, every status, newest first.
#[utoipa::path(get, path = "/api/v1/career-tips/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<content::tips::CareerTipView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_career_tips(
    state: State<AppState>,
    tenant: Tenant,
    user: AuthUser,
    url: RequestUrl,
    ApiQuery(mut query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<content::tips::CareerTipView>>> {
    query.entry("page_size".into()).or_insert_with(|| PAGE_SIZE.to_string());
    content::tips::my_tips(state, tenant, user, url, ApiQuery(query)).await
}

/// The AI tools the caller submitted, every status.
#[utoipa::path(get, path = "/api/v1/ai_tools/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<AiToolView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_ai_tools(
    state: State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<AiToolView>>> {
    ai_tools::list_ai_tools(state, tenant, MaybeUser(Some(user)), url, ApiQuery(mine(query, "created", "true"))).await
}

/// The use cases the caller submitted, every status.
#[utoipa::path(get, path = "/api/v1/use_cases/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<UseCaseView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_use_cases(
    state: State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<UseCaseView>>> {
    use_cases::list_use_cases(state, tenant, MaybeUser(Some(user)), url, ApiQuery(mine(query, "created", "true"))).await
}

/// The circles the caller created or applied to (any membership status), newest first.
#[utoipa::path(get, path = "/api/v1/circles/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<GroupView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_circles(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<GroupView>>> {
    let page = page_from_query(&query, PAGE_SIZE)?;
    let found = store::queries::groups::created_or_applied_by(
        state.read_db(),
        tenant.id(),
        user.id,
        &["circle".to_string()],
        page.offset(),
        page.page_size,
    )
    .await?;
    let items = super::groups::view::views(&state, &caller_of(Some(user)), found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// The resources and posts the caller wrote (`types` narrows them, as on `/contents/`).
#[utoipa::path(get, path = "/api/v1/contents/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ContentView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_contents(
    state: State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<ContentView>>> {
    content::items::list_contents(state, tenant, MaybeUser(Some(user)), url, ApiQuery(mine(query, "created_by", "me")))
        .await
}

/// Described for the API document; the handlers read the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// Items per section: 3 by default (the overview cards).
    #[param(minimum = 1, default = 3)]
    pub page_size: Option<u64>,
}

/// The first page of each My area section.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyItems {
    pub circles: Page<GroupView>,
    pub resources: Page<ContentView>,
    pub jobs: Page<JobView>,
    pub use_cases: Page<UseCaseView>,
    pub posts: Page<ContentView>,
    pub ai_tools: Page<AiToolView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MyItemsAnswer {
    pub data: MyItems,
}

/// The first page of each favourites section.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyFavourites {
    pub use_cases: Page<UseCaseView>,
    pub circles: Page<GroupView>,
    pub events: Page<GroupView>,
    pub resources: Page<ContentView>,
    pub ai_tools: Page<AiToolView>,
    pub jobs: Page<JobView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MyFavouritesAnswer {
    pub data: MyFavourites,
}

/// A section's first page: the request for `path` with the overview's page size, whose
/// `next` link names the section's own list.
fn section(url: &RequestUrl, path: &str, size: u64, extra: &[(&str, &str)]) -> (RequestUrl, HashMap<String, String>) {
    let mut query: HashMap<String, String> = extra.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    query.insert("page_size".into(), size.to_string());
    let text: Vec<String> = {
        let mut pairs: Vec<(&String, &String)> = query.iter().collect();
        pairs.sort();
        pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect()
    };
    let uri: Uri = format!("{path}?{}", text.join("&")).parse().unwrap_or_else(|_| Uri::from_static("/"));
    (RequestUrl { scheme: url.scheme.clone(), host: url.host.clone(), uri }, query)
}

/// The query of a favourites section's first page.
fn favourites_query(size: u64, group_type: Option<&str>) -> bookmarks::FavouritesQuery {
    bookmarks::FavouritesQuery {
        page: None,
        page_size: Some(size.to_string()),
        group_type: group_type.map(str::to_string),
    }
}

fn overview_size(query: &HashMap<String, String>) -> ApiResult<u64> {
    Ok(page_from_query(query, OVERVIEW_SIZE)?.page_size)
}

/// The first page (3 by default) of every My area section: circles, resources, jobs, use
/// cases, posts, AI tools.
#[utoipa::path(get, path = "/api/v1/my-items/", tag = "my-area", params(OverviewQuery), security(("bearer" = [])),
    responses((status = 200, body = MyItemsAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_items(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<MyItemsAnswer>> {
    let size = overview_size(&query)?;
    let me = || AuthUser(user.clone());
    let (u, q) = section(&url, "/api/v1/circles/me/", size, &[]);
    let circles = my_circles(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    let (u, q) = section(&url, "/api/v1/contents/me/", size, &[("types", "resource")]);
    let resources = my_contents(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    let (u, q) = section(&url, "/api/v1/jobs/me/", size, &[]);
    let jobs = my_jobs(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    let (u, q) = section(&url, "/api/v1/use_cases/me/", size, &[]);
    let use_cases = my_use_cases(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    let (u, q) = section(&url, "/api/v1/contents/me/", size, &[("types", "post")]);
    let posts = my_contents(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    let (u, q) = section(&url, "/api/v1/ai_tools/me/", size, &[]);
    let ai_tools = my_ai_tools(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    Ok(Json(MyItemsAnswer { data: MyItems { circles, resources, jobs, use_cases, posts, ai_tools } }))
}

/// The first page (3 by default) of every favourites section: use cases, circles, events,
/// resources, AI tools, jobs.
#[utoipa::path(get, path = "/api/v1/my-favourites/", tag = "my-area", params(OverviewQuery), security(("bearer" = [])),
    responses((status = 200, body = MyFavouritesAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_favourites(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<MyFavouritesAnswer>> {
    let size = overview_size(&query)?;
    let me = || AuthUser(user.clone());
    let kind = |word: &str| axum::extract::Path(word.to_string());
    let mut groups = Vec::new();
    for group_type in ["circle", "event"] {
        let (u, _) = section(&url, "/api/v1/bookmark/group/", size, &[("group_type", group_type)]);
        let q = favourites_query(size, Some(group_type));
        match bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("group"), ApiQuery(q)).await?.0
        {
            Favourites::Groups(page) => groups.push(page),
            _ => unreachable!("a group favourites page"),
        }
    }
    let events = groups.pop().expect("events");
    let circles = groups.pop().expect("circles");
    let (u, _) = section(&url, "/api/v1/bookmark/usecase/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::UseCases(use_cases) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("usecase"), ApiQuery(q)).await?.0
    else {
        unreachable!("a use-case favourites page")
    };
    let (u, _) = section(&url, "/api/v1/bookmark/aitool/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::AiTools(ai_tools) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("aitool"), ApiQuery(q)).await?.0
    else {
        unreachable!("an AI tool favourites page")
    };
    let (u, _) = section(&url, "/api/v1/bookmark/job/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::Jobs(jobs) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("job"), ApiQuery(q)).await?.0
    else {
        unreachable!("a job favourites page")
    };
    let (u, _) = section(&url, "/api/v1/bookmark/resource/", size, &[]);
    let q = favourites_query(size, None);
    let resources =
        content::favourites::favourite_resources(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    Ok(Json(MyFavouritesAnswer { data: MyFavourites { use_cases, circles, events, resources, ai_tools, jobs } }))
}
