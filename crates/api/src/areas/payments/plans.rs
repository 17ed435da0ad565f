//! The site's membership plans: read by everyone (the pricing page is public), edited by the
//! tenant's administrators (plans are tenant configuration).
//!
//! - `GET /api/v1/subscription-plans/`: plans by tier with prices and discounts;
//!   `Cache-Control: public, max-age=1800` (spec 002 §7: cached 30 minutes).
//! - `POST /api/v1/subscription-plans/`: a new plan (one per tier).
//! - `PATCH /api/v1/subscription-plans/{id}/`: replaces a plan's fields and prices (the whole plan is sent).

use axum::{
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use domain::payments::input::PlanBody;
use store::queries::payments as q;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::views::{plan_view, PlanView};
use crate::{
    areas::AppState,
    envelope::{Data, Page, Pagination},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, Tenant, TenantAdmin},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_plans, create_plan)).routes(routes!(update_plan))
}

pub const MSG_TIER_TAKEN: &str = "A plan with this tier already exists.";
pub const MSG_PRICE_TAKEN: &str = "This Stripe price is used by another plan.";
/// How long browsers and proxies keep the plans (spec 002 §7, §9: 30 minutes).
pub const PLANS_CACHE_CONTROL: &str = "public, max-age=1800";

/// The person generation every site's plans are filed under (m0042's row 0).
const EVERYONE: i64 = 0;

pub(super) async fn plan_views(state: &AppState, tenant_id: i64) -> ApiResult<Vec<PlanView>> {
    let db = state.read_db();
    let plans = q::plans(db, tenant_id).await?;
    let discounts = q::discounts(db, tenant_id).await?;
    Ok(plans.iter().map(|p| plan_view(p, &discounts)).collect())
}

/// The site's membership plans, by tier.
#[utoipa::path(
    get,
    path = "/api/v1/subscription-plans/",
    tag = "payments",
    responses((status = 200, body = Page<PlanView>))
)]
async fn list_plans(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Response> {
    // Kept per everyone's person generation, which every write to plans, prices and discounts
    // bumps (m0042, m0048).
    let kept = state
        .kept
        .plan_lists
        .kept(&state.generations, state.read_db(), tenant.id(), EVERYONE, async || {
            plan_views(&state, tenant.id()).await
        })
        .await?;
    let data = kept.as_ref().clone();
    let count = data.len() as u64;
    let mut response = Json(Page { data, pagination: Pagination { count, next: None } }).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(PLANS_CACHE_CONTROL));
    Ok(response)
}

async fn save(state: &AppState, tenant_id: i64, id: Option<i64>, body: PlanBody) -> ApiResult<PlanView> {
    let input = domain::payments::input::plan(body)?;
    let saved = q::save_plan(&state.db, tenant_id, id, &input, |_| services::payments::local_id("price")).await;
    let plan_id = match saved {
        Ok(id) => id,
        // The unique index on provider price ids (`ux_subscription_prices_provider`, named in
        // the message on both databases) or the one on a site's tiers.
        Err(store::StoreError::Conflict(message)) if message.contains("provider") => {
            return Err(ApiError::field("prices", MSG_PRICE_TAKEN))
        }
        Err(store::StoreError::Conflict(_)) => return Err(ApiError::field("subscription_tier", MSG_TIER_TAKEN)),
        Err(err) => return Err(err.into()),
    };
    plan_views(state, tenant_id).await?.into_iter().find(|p| p.id == plan_id).ok_or_else(ApiError::not_found)
}

/// Adds a plan (tenant administrators). Amounts are whole, non-negative cents.
#[utoipa::path(
    post,
    path = "/api/v1/subscription-plans/",
    tag = "payments",
    request_body = PlanBody,
    security(("bearer" = [])),
    responses((status = 201, body = Data<PlanView>), (status = 403, body = ErrorBody))
)]
async fn create_plan(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(_admin): TenantAdmin,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult<(StatusCode, Json<Data<PlanView>>)> {
    let view = save(&state, tenant.id(), None, body).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view))))
}

/// Replaces a plan's fields and prices (tenant administrators). A price keeps its id, so
/// members on it keep their subscription.
#[utoipa::path(
    patch,
    path = "/api/v1/subscription-plans/{id}/",
    tag = "payments",
    params(("id" = i64, Path)),
    request_body = PlanBody,
    security(("bearer" = [])),
    responses((status = 200, body = Data<PlanView>), (status = 403, body = ErrorBody))
)]
async fn update_plan(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(_admin): TenantAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult<Json<Data<PlanView>>> {
    Ok(Json(Data::new(save(&state, tenant.id(), Some(id), body).await?)))
}
