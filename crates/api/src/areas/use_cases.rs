//! AI use cases, read side (spec 002 §2 "/usecase-selection", §3 "Use case", §7 "Use
//! cases"): what exists on the site, for the use-case selection and the groups' links.
//! Creating, editing and moderating the catalogue come later.
//!
//! - `GET /api/v1/use-cases/`: approved use cases (staff: every status, `status` filters)
//! - `GET /api/v1/use-cases/slug/{slug}/`
//!
//! Every query is scoped to the request's tenant.

use crate::extract::page_from_query;
use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    Json,
};
use domain::FieldErrors;
use serde::Deserialize;
use store::queries::use_cases::{self as q, STATUSES, STATUS_APPROVED};
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::groups::{list_param, text_param, view::UseCaseRef};
use crate::{
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, MaybeUser, Tenant},
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_use_cases)).routes(routes!(use_case_by_slug))
}

/// Use case lists: 15 per page (spec 002 §9).
pub const PAGE_SIZE: u64 = 15;
pub const MSG_NOT_FOUND: &str = "Use case not found.";

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct UseCaseListQuery {
    /// At least 2 characters; every word must start a word of the title or description.
    pub search: Option<String>,
    /// Use case ids, comma-separated (at most 50).
    pub ids: Option<String>,
    /// pending, approved or rejected (comma list). Others than staff see approved ones only.
    pub status: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 15)]
    pub page_size: Option<u64>,
}

/// The filter of the list, checked. Non-staff callers see approved use cases only.
fn filter_of(query: &HashMap<String, String>, is_staff: bool) -> Result<q::Filter, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut statuses = Vec::new();
    for status in list_param(&mut errors, query, "status") {
        if STATUSES.contains(&status.as_str()) {
            statuses.push(status);
        } else {
            errors.add("status", format!("\"{status}\" is not a valid choice."));
        }
    }
    if !is_staff {
        // Asking for another status than approved finds nothing.
        if statuses.is_empty() || statuses.iter().any(|s| s == STATUS_APPROVED) {
            statuses = vec![STATUS_APPROVED.to_string()];
        } else {
            statuses = vec!["-".to_string()];
        }
    }
    let ids = match query.get("ids") {
        None => None,
        Some(_) => {
            let mut ids = Vec::new();
            for raw in list_param(&mut errors, query, "ids") {
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
    let search_words = text_param(query, "search")
        .or_else(|| text_param(query, "q"))
        .map(|s| s.to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.split_whitespace().take(5).map(str::to_string).collect())
        .unwrap_or_default();
    errors.into_result()?;
    Ok(q::Filter { statuses, search_words, ids })
}

/// The site's use cases, by title (spec 002 §7 "Use cases").
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/",
    tag = "use-cases",
    params(UseCaseListQuery),
    responses((status = 200, body = Page<UseCaseRef>), (status = 400, body = ErrorBody))
)]
async fn list_use_cases(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<UseCaseRef>>> {
    let page = page_from_query(&query, PAGE_SIZE)?;
    let filter = filter_of(&query, user.as_ref().is_some_and(|u| u.is_staff))?;
    let found = q::list(&state.db, tenant.id(), &filter, page.offset(), page.page_size).await?;
    let items = found.items.iter().map(UseCaseRef::from).collect();
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// One use case by slug (`/usecase/{slug}`); others than staff find approved ones only.
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/slug/{slug}/",
    tag = "use-cases",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<UseCaseRef>), (status = 404, body = ErrorBody))
)]
async fn use_case_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<UseCaseRef>>> {
    let statuses: &[&str] = if user.is_some_and(|u| u.is_staff) { &[] } else { &[STATUS_APPROVED] };
    let found = q::find_by_slug(&state.db, tenant.id(), slug.trim(), statuses)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    Ok(Json(Data::new(UseCaseRef::from(&found))))
}
