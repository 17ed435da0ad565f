//! `GET /contents/`: posts, newsletters, resources and prompts the caller may see, with
//! every filter.

use axum::{extract::State, Json};
use domain::{
    content::{PAGE_SIZE_CONTENTS, STATUSES, TYPES, TYPE_PROMPT, TYPE_RESOURCE},
    FieldErrors,
};
use serde::Deserialize;
use store::queries::contents as content_q;
use utoipa::IntoParams;

use super::{view, ContentView};
use crate::areas::content::Moderates;
use crate::extract::{caller_of, country_values, Caller};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{
        bool_param, id_param, list_param, page_from_query, search_param, text_param, ApiQuery, ListGeneration,
        MaybeUser, Tenant,
    },
    param,
};

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    /// Comma list of post, newsletter (also posts shared as newsletters), resource, prompt;
    /// every type when absent.
    pub types: Option<String>,
    /// One group's items (its Posts or Resources tab).
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Comma list of pending, approved, rejected. Others than approved show only to
    /// moderators and to their authors.
    pub status: Option<String>,
    /// Resources and prompts only: text searched in the index (2 characters or more).
    pub search: Option<String>,
    /// Comma list of topic area ids (`topic_areas=1,2` from CareerGPS).
    pub topic_areas: Option<String>,
    pub career_stages: Option<String>,
    pub professional_fields: Option<String>,
    /// Comma list of countries (`country` is accepted too).
    pub countries: Option<String>,
    /// `me` (or the caller's id): the caller's own items, all statuses.
    pub created_by: Option<String>,
    /// true: only items published to the Resource Hub.
    #[param(value_type = Option<bool>)]
    pub publish_to_khub: Option<String>,
    /// recent (the only order).
    pub sort_by: Option<String>,
    /// desc (default) or asc.
    pub sort_order: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default (group resources ask for 12); at most 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub topic_area: Option<String>,
    #[param(ignore)]
    pub country: Option<String>,
}

fn parse_filter(query: &ContentQuery, caller: &Caller) -> ApiResult<content_q::ListFilter> {
    let mut errors = FieldErrors::new();
    let types: Vec<String> =
        list_param(&mut errors, param!(query.types)).into_iter().map(|t| t.to_lowercase()).collect();
    if let Some(bad) = types.iter().find(|t| !TYPES.contains(&t.as_str())) {
        errors.add("types", format!("\"{bad}\" is not a valid choice."));
    }
    let statuses: Vec<String> =
        list_param(&mut errors, param!(query.status)).into_iter().map(|t| t.to_lowercase()).collect();
    if let Some(bad) = statuses.iter().find(|t| !STATUSES.contains(&t.as_str())) {
        errors.add("status", format!("\"{bad}\" is not a valid choice."));
    }
    let mut topic_area_ids = Vec::new();
    for raw in list_param(&mut errors, param!(query.topic_areas))
        .into_iter()
        .chain(list_param(&mut errors, param!(query.topic_area)))
    {
        match raw.parse::<i64>() {
            Ok(id) if id > 0 => topic_area_ids.push(id),
            _ => errors.add("topic_areas", "A valid integer is required."),
        }
    }
    let mut countries = list_param(&mut errors, param!(query.countries));
    countries.extend(list_param(&mut errors, param!(query.country)));
    let search = search_param(param!(query.search).or(param!(query.q)));
    if search.is_some() && (types.is_empty() || types.iter().any(|t| t != TYPE_RESOURCE && t != TYPE_PROMPT)) {
        errors.add("search", "Search is available for resources and prompts (types=resource or types=prompt).");
    }
    let created_by = match text_param(param!(query.created_by)) {
        None => None,
        Some(raw) if raw == "me" => match caller.id() {
            Some(id) => Some(id),
            None => return Err(ApiError::Unauthorized("Authentication credentials were not provided.".into())),
        },
        Some(raw) => match raw.parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => {
                errors.add("created_by", "A valid integer or me is required.");
                None
            }
        },
    };
    if let Some(sort_by) = text_param(param!(query.sort_by)) {
        if sort_by != "recent" {
            errors.add("sort_by", "Sort by must be recent.");
        }
    }
    let oldest_first = match text_param(param!(query.sort_order)).as_deref() {
        None | Some("desc") => false,
        Some("asc") => true,
        Some(_) => {
            errors.add("sort_order", "Sort order must be asc or desc.");
            false
        }
    };
    let hub_only = bool_param(&mut errors, param!(query.publish_to_khub)).unwrap_or(false);
    let group_id = id_param(&mut errors, param!(query.group_id));
    errors.into_result()?;
    Ok(content_q::ListFilter {
        types,
        group_id,
        statuses,
        created_by,
        hub_only,
        search,
        topic_area_ids,
        career_stages: list_param(&mut FieldErrors::new(), param!(query.career_stages)),
        professional_fields: list_param(&mut FieldErrors::new(), param!(query.professional_fields)),
        countries: country_values(countries),
        oldest_first,
    })
}

/// Lists posts, newsletters, resources or prompts the caller may see, newest first (best
/// matches first when searching): a group's Posts or Resources tab (`group_id`), the
/// Resource Hub (`types=resource&status=approved&publish_to_khub=true`), the prompt
/// library (`types=prompt&status=approved`), the moderation queue (`status=pending`),
/// and the caller's own (`created_by=me`).
#[utoipa::path(
    get,
    path = "/api/v1/contents/",
    tag = "contents",
    params(ContentQuery),
    responses((status = 200, body = Page<ContentView>), (status = 404, body = ErrorBody))
)]
pub(crate) async fn list_contents(
    State(state): State<AppState>,
    tenant: Tenant,
    ListGeneration(generation): ListGeneration,
    Moderates(moderator): Moderates,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ContentQuery>,
) -> ApiResult<Json<Page<ContentView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE_CONTENTS)?;
    let caller = caller_of(user);
    let filter = parse_filter(&query, &caller)?;
    if let Some(group_id) = filter.group_id {
        crate::areas::groups::visible_group(&state, &tenant, &caller, group_id).await?;
    }
    let reader = content_q::Reader { viewer: caller.viewer(), moderator };
    // The page's rows, count and items' bases (group, author, files, topics) are kept per
    // write generation like the circles and jobs (`crate::page_cache`; contents writes
    // bump it, m0022, and what the bases show, m0041); the caller's bookmarks and
    // premium access are read per request.
    let db = state.read_db();
    let key = format!("{reader:?}|{}|{}|{filter:?}", page.offset(), page.page_size);
    let kept = state
        .kept
        .content_pages
        .kept_page(
            tenant.id(),
            generation,
            key,
            async || {
                let found = content_q::list(
                    db,
                    &state.list_counts,
                    tenant.id(),
                    reader,
                    &filter,
                    page.offset(),
                    page.page_size,
                )
                .await?;
                let bases = view::bases(&state, tenant.id(), found.items).await?;
                ApiResult::Ok((found.count, bases.into_iter().map(|b| (b.item.id, b)).collect()))
            },
            async |ids| {
                let rows = content_q::find_in_order(db, tenant.id(), &ids).await?;
                Ok(view::bases(&state, tenant.id(), rows).await?.into_iter().map(|b| (b.item.id, b)).collect())
            },
        )
        .await?;
    let items =
        view::views_of(&state, &url, &caller, tenant.id(), moderator, kept.items.iter().map(|b| b.as_ref())).await?;
    let count = kept.count;
    Ok(Json(Page::new(items, count, &page, &url)))
}
