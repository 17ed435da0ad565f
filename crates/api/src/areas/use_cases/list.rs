//! The use cases list (`GET /use-cases/`) and its filters.

use axum::{extract::State, Json};
use domain::{
    catalogue::{BUSINESS_VALUES, COMPLEXITIES, INNOVATION_CATEGORIES},
    FieldErrors,
};
use serde::Deserialize;
use store::queries::use_cases as q;
use utoipa::IntoParams;

use crate::areas::catalogue::list_params::{recent_order, scope_of, statuses_for};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::ApiResult,
    extract::{
        first_list, list_param, page_from_query, text_param, ApiQuery, ListGeneration, MaybeUser, Param, Tenant,
    },
    param,
};

use super::view::{base_views, for_caller};
use super::*;

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UseCaseListQuery {
    /// At least 2 characters; every word must start a word of the title or description.
    pub search: Option<String>,
    /// Use case ids, comma-separated (at most 50).
    pub ids: Option<String>,
    /// pending, approved or rejected (comma list): staff, the caller's own (`created`), or
    /// a group's administrators with `group_id`. Others see approved ones only.
    pub status: Option<String>,
    /// Professional field values, comma-separated (`professional_fields` also works).
    pub professional_field: Option<String>,
    /// Job function values, comma-separated (`job_functions` also works).
    pub job_function: Option<String>,
    /// low, medium, high (comma list).
    pub business_value: Option<String>,
    /// low, medium, high (comma list).
    pub complexity: Option<String>,
    /// incremental, substantial, transformational (comma list).
    pub innovation_category: Option<String>,
    /// `usecase_categories` values, comma-separated (`categories` also works).
    pub category: Option<String>,
    /// Only the use cases of this organization.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Only the use cases the caller submitted, of every status (my area).
    #[param(value_type = Option<bool>)]
    pub created: Option<String>,
    /// recent: by creation (the admin table) instead of by title.
    pub sort_by: Option<String>,
    /// With `sort_by=recent`: desc (default, newest first) or asc.
    pub sort_order: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub professional_fields: Option<String>,
    #[param(ignore)]
    pub job_functions: Option<String>,
    #[param(ignore)]
    pub categories: Option<String>,
}

fn choices_of(errors: &mut FieldErrors, param: Param, allowed: &[&str]) -> Vec<String> {
    let values = list_param(errors, param);
    for value in &values {
        if !allowed.contains(&value.as_str()) {
            errors.add(param.key, format!("\"{value}\" is not a valid choice."));
        }
    }
    values
}

/// The filter of the list, checked. `privileged` callers may ask for any status.
fn filter_of(
    query: &UseCaseListQuery,
    privileged: bool,
    created_by: Option<i64>,
    group_id: Option<i64>,
) -> Result<q::Filter, FieldErrors> {
    let mut errors = FieldErrors::new();
    let statuses = statuses_for(&mut errors, param!(query.status), privileged);
    let order = match recent_order(&mut errors, param!(query.sort_by), param!(query.sort_order)) {
        (false, _) => q::ListOrder::Title,
        (true, false) => q::ListOrder::Newest,
        (true, true) => q::ListOrder::Oldest,
    };
    let ids = match query.ids.as_ref() {
        None => None,
        Some(_) => {
            let mut ids = Vec::new();
            for raw in list_param(&mut errors, param!(query.ids)) {
                match raw.parse::<i64>() {
                    Ok(id) if id > 0 => ids.push(id),
                    _ => {
                        errors.add("ids", "A valid integer is required.");
                        break;
                    }
                }
            }
            // An empty list does not filter.
            Some(ids).filter(|ids| !ids.is_empty())
        }
    };
    let search_words = text_param(param!(query.search))
        .or_else(|| text_param(param!(query.q)))
        .map(|s| s.to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.split_whitespace().take(5).map(str::to_string).collect())
        .unwrap_or_default();
    let tags = vec![
        (
            q::TAG_PROFESSIONAL_FIELD,
            first_list(&mut errors, &[param!(query.professional_field), param!(query.professional_fields)]),
        ),
        (q::TAG_JOB_FUNCTION, first_list(&mut errors, &[param!(query.job_function), param!(query.job_functions)])),
        (q::TAG_CATEGORY, first_list(&mut errors, &[param!(query.category), param!(query.categories)])),
    ];
    let filter = q::Filter {
        statuses,
        search_words,
        ids,
        tags,
        business_values: choices_of(&mut errors, param!(query.business_value), &BUSINESS_VALUES),
        complexities: choices_of(&mut errors, param!(query.complexity), &COMPLEXITIES),
        innovation_categories: choices_of(&mut errors, param!(query.innovation_category), &INNOVATION_CATEGORIES),
        group_id,
        created_by,
        order,
    };
    errors.into_result()?;
    Ok(filter)
}

/// The site's use cases, by title (spec 002 §7 "Use cases").
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/",
    tag = "use-cases",
    params(UseCaseListQuery),
    responses((status = 200, body = Page<UseCaseView>))
)]
pub(crate) async fn list_use_cases(
    State(state): State<AppState>,
    tenant: Tenant,
    ListGeneration(generation): ListGeneration,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<UseCaseListQuery>,
) -> ApiResult<Json<Page<UseCaseView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let caller = caller_of(user);
    let mut errors = FieldErrors::new();
    let scope = scope_of(&state, &tenant, &caller, &mut errors, param!(query.group_id), param!(query.created)).await?;
    errors.into_result()?;
    let filter = filter_of(&query, scope.privileged, scope.created_by, scope.group_id)?;
    // The page's rows, count and base views are kept per write generation
    // (`crate::page_cache`); the caller's flags (and a moderator's agent answers, which
    // the generation does not follow) are read per request.
    let db = state.read_db();
    let key = format!("{}|{}|{filter:?}", page.offset(), page.page_size);
    let kept = state
        .kept
        .use_case_pages
        .kept_page(
            tenant.id(),
            generation,
            key,
            async || {
                let found = q::list(db, tenant.id(), &filter, page.offset(), page.page_size).await?;
                let bases = base_views(&state, &tenant, found.items).await?;
                ApiResult::Ok((found.count, bases.into_iter().map(|b| (b.id, b)).collect()))
            },
            async |ids| {
                let models = q::by_ids(db, tenant.id(), &ids).await?;
                Ok(base_views(&state, &tenant, models).await?.into_iter().map(|b| (b.id, b)).collect())
            },
        )
        .await?;
    let mut items = for_caller(&state, &tenant, &caller, kept.items.iter().map(|b| b.as_ref())).await?;
    if scope.moderator {
        with_agent_responses(&state, &tenant, &mut items).await?;
    }
    Ok(Json(Page::new(items, kept.count, &page, &url)))
}
