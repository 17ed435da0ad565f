//! AI use cases (spec 002 §2 "AI Use Cases list", "Use case detail", "/usecase-selection",
//! §3 "Use case", §5 "Use case form", §7 "Use cases", issue 14).
//!
//! - `GET /api/v1/use-cases/`: approved use cases by title, 15 a page; filters search,
//!   professional_field, job_function, business_value, complexity, innovation_category,
//!   category (plural names too), ids; `created=true` the caller's own of every status (my
//!   area); `status` for staff and, with `group_id`, the group's administrators
//! - `GET /api/v1/use-cases/slug/{slug}/`, `GET /api/v1/use-cases/{id}/`
//! - `POST /api/v1/use-cases/` (pending; 'Thank you for submitting a use case')
//! - `PATCH /api/v1/use-cases/{id}/`: staff or the creator; the form's fields, or
//!   `default_group` alone ('Use case updated successfully')
//! - `POST /api/v1/use-cases/{id}/approve-reject/` (`action` approve or reject)
//!
//! Every query is scoped to the request's tenant. A use case that is not approved exists
//! only for staff, its creator and its organization's administrators.
//!
//! - `list`: the list and its filters
//! - `view`: a use case as the screens show it
//! - `form`: creating, editing and moderating

mod form;
mod list;
pub(crate) mod view;

use axum::{
    extract::{Path, State},
    Json,
};
use domain::catalogue::STATUS_APPROVED;
use store::{entities::use_cases, queries::use_cases as q};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::catalogue::may_moderate;
use crate::extract::{caller_of, Caller};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult},
    extract::{MaybeUser, Tenant},
};

pub(crate) use list::list_use_cases;
pub use list::UseCaseListQuery;
pub use view::{views, UseCaseView};

use view::{view, with_agent_responses};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list_use_cases, form::create_use_case))
        .routes(routes!(use_case_by_slug))
        .routes(routes!(get_use_case, form::update_use_case))
        .routes(routes!(form::moderate_use_case))
}

/// Use case lists: 15 per page (spec 002 §9).
pub const PAGE_SIZE: u64 = 15;
pub const MSG_NOT_FOUND: &str = "Use case not found.";
pub const MSG_NO_RIGHT: &str = "You do not have permission to edit this use case.";

pub(super) fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// Approved use cases for everyone; others for staff, the creator and the organization's
/// administrators. Anything else is 404.
pub(super) async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    use_case: use_cases::Model,
) -> ApiResult<use_cases::Model> {
    if use_case.status == STATUS_APPROVED
        || caller.is_staff()
        || (caller.id().is_some() && caller.id() == use_case.created_by)
        || (use_case.group_id.is_some() && may_moderate(state, tenant, caller, use_case.group_id).await?)
    {
        Ok(use_case)
    } else {
        Err(not_found())
    }
}

/// An approved use case of the site (what votes and bookmarks accept), else 404.
pub async fn approved(state: &AppState, tenant: &Tenant, id: i64) -> ApiResult<use_cases::Model> {
    q::find(state.read_db(), tenant.id(), id).await?.filter(|u| u.status == STATUS_APPROVED).ok_or_else(not_found)
}

/// One use case by slug (`/usecase/{slug}`).
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/slug/{slug}/",
    tag = "use-cases",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<UseCaseView>))
)]
async fn use_case_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<UseCaseView>>> {
    let caller = caller_of(user);
    let found = q::find_by_slug(&state.db, tenant.id(), slug.trim(), &[]).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, found).await?)))
}

/// One use case by id.
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/{id}/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<UseCaseView>))
)]
async fn get_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<UseCaseView>>> {
    let caller = caller_of(user);
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, found).await?)))
}
