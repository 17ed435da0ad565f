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

use std::{collections::HashMap, sync::Arc};

use axum::{extract::State, http::Uri, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    bookmarks::{self, Favourites},
    catalogue::ai_tools::{self, AiToolListQuery, AiToolView},
    content::{self, items::ContentQuery, tips::TipsQuery, view::ContentView, Moderates},
    favourites_query::FavouritesQuery,
    groups::view::GroupView,
    jobs::{lists::JobListQuery, JobView},
    use_cases::{self, UseCaseListQuery, UseCaseView},
};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiResult, ErrorBody},
    extract::{page_from_query, ApiQuery, AuthUser, ListGeneration, MaybeUser, Tenant},
    page_cache::PageIds,
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

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MineQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 10 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 10)]
    pub page_size: Option<String>,
}

impl MineQuery {
    /// The first page of `size` items (a section of the overview).
    fn first(size: u64) -> Self {
        MineQuery { page: None, page_size: Some(size.to_string()) }
    }

    /// The page size asked for, or the my-area lists' own.
    fn page_size(&self) -> Option<String> {
        Some(self.page_size.clone().unwrap_or_else(|| PAGE_SIZE.to_string()))
    }
}

/// `/contents/me/`'s query: a page, and the content types as on `/contents/`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyContentsQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 10 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 10)]
    pub page_size: Option<String>,
    /// Comma list of post, newsletter, resource, prompt; every type when absent.
    pub types: Option<String>,
}

const YES: &str = "true";

/// The jobs the caller created or applied to, newest first.
#[utoipa::path(get, path = "/api/v1/jobs/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<JobView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_jobs(
    state: State<AppState>,
    tenant: Tenant,
    generation: ListGeneration,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> ApiResult<Json<Page<JobView>>> {
    let mine =
        JobListQuery { mine: Some(YES.into()), page_size: query.page_size(), page: query.page, ..Default::default() };
    super::jobs::lists::list_jobs(state, tenant, generation, MaybeUser(Some(user)), url, ApiQuery(mine)).await
}

/// The career tips the caller shared, every status, newest first.
#[utoipa::path(get, path = "/api/v1/career-tips/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<content::tips::CareerTipView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_career_tips(
    state: State<AppState>,
    tenant: Tenant,
    user: AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> ApiResult<Json<Page<content::tips::CareerTipView>>> {
    let mine = TipsQuery { page_size: query.page_size(), page: query.page, ..Default::default() };
    content::tips::my_tips(state, tenant, user, url, ApiQuery(mine)).await
}

/// The AI tools the caller submitted, every status.
#[utoipa::path(get, path = "/api/v1/ai_tools/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<AiToolView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_ai_tools(
    state: State<AppState>,
    tenant: Tenant,
    generation: ListGeneration,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> ApiResult<Json<Page<AiToolView>>> {
    let mine = AiToolListQuery {
        created: Some(YES.into()),
        page_size: query.page_size(),
        page: query.page,
        ..Default::default()
    };
    ai_tools::list_ai_tools(state, tenant, generation, MaybeUser(Some(user)), url, ApiQuery(mine)).await
}

/// The use cases the caller submitted, every status.
#[utoipa::path(get, path = "/api/v1/use_cases/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<UseCaseView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_use_cases(
    state: State<AppState>,
    tenant: Tenant,
    generation: ListGeneration,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> ApiResult<Json<Page<UseCaseView>>> {
    let mine = UseCaseListQuery {
        created: Some(YES.into()),
        page_size: query.page_size(),
        page: query.page,
        ..Default::default()
    };
    use_cases::list_use_cases(state, tenant, generation, MaybeUser(Some(user)), url, ApiQuery(mine)).await
}

/// The circles the caller created or applied to (any membership status), newest first.
#[utoipa::path(get, path = "/api/v1/circles/me/", tag = "my-area", params(MineQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<GroupView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_circles(
    State(state): State<AppState>,
    tenant: Tenant,
    ListGeneration(generation): ListGeneration,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MineQuery>,
) -> ApiResult<Json<Page<GroupView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    // Which circles and how many are kept per member and write generation (memberships
    // and groups bump it), apart from the shared lists' pages; their base views are those
    // the circles lists keep.
    let key = format!("circles|{}|{}|{}", user.id, page.offset(), page.page_size);
    let kept = state.kept.my_pages.page(tenant.id(), generation, &key);
    let (found, models) = match kept {
        Some(kept) => (kept, HashMap::new()),
        None => {
            let found = store::queries::groups::created_or_applied_by(
                state.read_db(),
                tenant.id(),
                user.id,
                &["circle".to_string()],
                page.offset(),
                page.page_size,
            )
            .await?;
            let kept = PageIds { ids: found.items.iter().map(|group| group.id).collect(), count: found.count };
            state.kept.my_pages.remember_page(tenant.id(), generation, key, kept.clone());
            (Arc::new(kept), found.items.into_iter().map(|group| (group.id, group)).collect())
        }
    };
    let caller = caller_of(Some(user));
    let items = super::groups::view::kept_views(&state, &caller, tenant.id(), generation, &found.ids, models).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// The resources and posts the caller wrote (`types` narrows them, as on `/contents/`).
#[utoipa::path(get, path = "/api/v1/contents/me/", tag = "my-area", params(MyContentsQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<ContentView>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_contents(
    state: State<AppState>,
    tenant: Tenant,
    generation: ListGeneration,
    moderates: Moderates,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MyContentsQuery>,
) -> ApiResult<Json<Page<ContentView>>> {
    let page_size = Some(query.page_size.unwrap_or_else(|| PAGE_SIZE.to_string()));
    let mine = ContentQuery {
        created_by: Some("me".into()),
        types: query.types,
        page: query.page,
        page_size,
        ..Default::default()
    };
    content::items::list_contents(state, tenant, generation, moderates, MaybeUser(Some(user)), url, ApiQuery(mine))
        .await
}

/// Read as text, so a bad size is answered on its field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// Items per section: 3 by default (the overview cards).
    #[param(value_type = Option<u64>, minimum = 1, default = 3)]
    pub page_size: Option<String>,
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
fn section(url: &RequestUrl, path: &str, size: u64, extra: &[(&str, &str)]) -> RequestUrl {
    let mut pairs: Vec<(&str, String)> = extra.iter().map(|(k, v)| (*k, v.to_string())).collect();
    pairs.push(("page_size", size.to_string()));
    pairs.sort();
    let text: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    let uri: Uri = format!("{path}?{}", text.join("&")).parse().unwrap_or_else(|_| Uri::from_static("/"));
    RequestUrl { scheme: url.scheme.clone(), host: url.host.clone(), uri }
}

/// The query of a content section's first page.
fn contents_query(size: u64, types: &str) -> MyContentsQuery {
    MyContentsQuery { page: None, page_size: Some(size.to_string()), types: Some(types.into()) }
}

/// The query of a favourites section's first page.
fn favourites_query(size: u64, group_type: Option<&str>) -> FavouritesQuery {
    FavouritesQuery { page: None, page_size: Some(size.to_string()), group_type: group_type.map(str::to_string) }
}

fn overview_size(query: &OverviewQuery) -> ApiResult<u64> {
    Ok(page_from_query(&None, &query.page_size, OVERVIEW_SIZE)?.page_size)
}

/// The first page (3 by default) of every My area section: circles, resources, jobs, use
/// cases, posts, AI tools.
#[utoipa::path(get, path = "/api/v1/my-items/", tag = "my-area", params(OverviewQuery), security(("bearer" = [])),
    responses((status = 200, body = MyItemsAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_items(
    State(state): State<AppState>,
    tenant: Tenant,
    generation: ListGeneration,
    moderates: Moderates,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<OverviewQuery>,
) -> ApiResult<Json<MyItemsAnswer>> {
    let size = overview_size(&query)?;
    let me = || AuthUser(user.clone());
    let first = || ApiQuery(MineQuery::first(size));
    let u = section(&url, "/api/v1/circles/me/", size, &[]);
    let circles = my_circles(State(state.clone()), tenant.clone(), generation, me(), u, first()).await?.0;
    let u = section(&url, "/api/v1/contents/me/", size, &[("types", "resource")]);
    let q = ApiQuery(contents_query(size, "resource"));
    let resources = my_contents(State(state.clone()), tenant.clone(), generation, moderates, me(), u, q).await?.0;
    let u = section(&url, "/api/v1/jobs/me/", size, &[]);
    let jobs = my_jobs(State(state.clone()), tenant.clone(), generation, me(), u, first()).await?.0;
    let u = section(&url, "/api/v1/use_cases/me/", size, &[]);
    let use_cases = my_use_cases(State(state.clone()), tenant.clone(), generation, me(), u, first()).await?.0;
    let u = section(&url, "/api/v1/contents/me/", size, &[("types", "post")]);
    let q = ApiQuery(contents_query(size, "post"));
    let posts = my_contents(State(state.clone()), tenant.clone(), generation, moderates, me(), u, q).await?.0;
    let u = section(&url, "/api/v1/ai_tools/me/", size, &[]);
    let ai_tools = my_ai_tools(State(state.clone()), tenant.clone(), generation, me(), u, first()).await?.0;
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
    ApiQuery(query): ApiQuery<OverviewQuery>,
) -> ApiResult<Json<MyFavouritesAnswer>> {
    let size = overview_size(&query)?;
    let me = || AuthUser(user.clone());
    let kind = |word: &str| axum::extract::Path(word.to_string());
    let mut groups = Vec::new();
    for group_type in ["circle", "event"] {
        let u = section(&url, "/api/v1/bookmark/group/", size, &[("group_type", group_type)]);
        let q = favourites_query(size, Some(group_type));
        match bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("group"), ApiQuery(q)).await?.0
        {
            Favourites::Groups(page) => groups.push(page),
            _ => unreachable!("a group favourites page"),
        }
    }
    let events = groups.pop().expect("events");
    let circles = groups.pop().expect("circles");
    let u = section(&url, "/api/v1/bookmark/usecase/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::UseCases(use_cases) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("usecase"), ApiQuery(q)).await?.0
    else {
        unreachable!("a use-case favourites page")
    };
    let u = section(&url, "/api/v1/bookmark/aitool/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::AiTools(ai_tools) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("aitool"), ApiQuery(q)).await?.0
    else {
        unreachable!("an AI tool favourites page")
    };
    let u = section(&url, "/api/v1/bookmark/job/", size, &[]);
    let q = favourites_query(size, None);
    let Favourites::Jobs(jobs) =
        bookmarks::favourites(State(state.clone()), tenant.clone(), me(), u, kind("job"), ApiQuery(q)).await?.0
    else {
        unreachable!("a job favourites page")
    };
    let u = section(&url, "/api/v1/bookmark/resource/", size, &[]);
    let q = favourites_query(size, None);
    let resources =
        content::favourites::favourite_resources(State(state.clone()), tenant.clone(), me(), u, ApiQuery(q)).await?.0;
    Ok(Json(MyFavouritesAnswer { data: MyFavourites { use_cases, circles, events, resources, ai_tools, jobs } }))
}
