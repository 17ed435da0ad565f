//! Institutional memberships (spec 002 §1, §3 "User subscription", §4): the plans the site's
//! institutions hold for their members, set by the site's administrators (the people who
//! edit the plans). A member with an accepted membership of a closed institution whose plan
//! is in force gets its tier when it is above their own (`flags::member_tier`).
//!
//! - `GET /api/v1/institutional-subscriptions/`: the site's institutional plans, newest first.
//! - `POST /api/v1/institutional-subscriptions/` `{group, price_id, status, end_date}`: gives
//!   an institution its plan (one per institution; a yearly price of a paid plan).
//! - `GET /api/v1/institutional-subscriptions/{id}/`.
//! - `PATCH /api/v1/institutional-subscriptions/{id}/` `{price_id, status, end_date}`: changes
//!   the plan, ends it (`status: canceled`) or moves its last day.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use chrono::NaiveDate;
use domain::{
    payments::institutional::{self as rules, InstitutionalStatus},
    FieldErrors,
};
use serde::Serialize;
use store::queries::{
    institutional_subscriptions::{self as q, InstitutionalPlan, Values},
    payments as payments_q,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::profiles::invalid_pk,
    areas::AppState,
    envelope::{Data, Page},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, PageParams, Tenant, TenantAdmin},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_institutional, create_institutional))
        .routes(routes!(get_institutional, update_institutional))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InstitutionalSubscriptionView {
    pub id: i64,
    /// The institution's group id.
    pub group: i64,
    pub group_name: String,
    pub group_slug: String,
    /// The price's provider id (as `prices[].id` of the plans).
    pub price_id: String,
    pub plan_id: i64,
    pub plan_name: String,
    pub subscription_tier: i16,
    /// year.
    pub recurring: String,
    /// In cents.
    pub unit_amount: i64,
    /// active or canceled.
    pub status: String,
    /// The last day it covers (YYYY-MM-DD), or null.
    pub end_date: Option<String>,
    /// Whether it covers the institution's accepted members today: active, not past its
    /// last day, and the institution's publicity closed.
    pub covers_members: bool,
    pub created_at: String,
    pub updated_at: String,
}

fn today() -> NaiveDate {
    chrono::Utc::now().date_naive()
}

fn status_of(row: &store::entities::institutional_subscriptions::Model) -> InstitutionalStatus {
    InstitutionalStatus::parse(&row.status).unwrap_or(InstitutionalStatus::Canceled)
}

fn view(item: InstitutionalPlan, today: NaiveDate) -> InstitutionalSubscriptionView {
    let row = &item.subscription;
    let covers_members = rules::covers(status_of(row), row.ends_on, today) && !q::is_open(&item.institution);
    InstitutionalSubscriptionView {
        id: row.id,
        group: item.institution.id,
        group_name: item.institution.name,
        group_slug: item.institution.slug,
        price_id: item.price.provider_price_id,
        plan_id: item.plan.id,
        plan_name: item.plan.name,
        subscription_tier: item.plan.subscription_tier,
        recurring: item.price.recurring,
        unit_amount: item.price.unit_amount,
        status: row.status.clone(),
        end_date: row.ends_on.map(|d| d.format("%Y-%m-%d").to_string()),
        covers_members,
        created_at: row.created_at.to_rfc3339(),
        updated_at: row.updated_at.to_rfc3339(),
    }
}

/// The row id of a price the site sells that an institution may hold.
async fn checked_price(state: &AppState, tenant_id: i64, provider_price_id: &str) -> ApiResult<i64> {
    let (price, plan) = payments_q::price_by_provider_id(&state.db, tenant_id, provider_price_id)
        .await?
        .ok_or_else(|| ApiError::field("price_id", rules::MSG_UNKNOWN_PRICE))?;
    rules::check_price(plan.subscription_tier, price.unit_amount, &price.recurring)
        .map_err(|message| ApiError::field("price_id", message))?;
    Ok(price.id)
}

/// The site's institutional plans, newest first (tenant administrators).
#[utoipa::path(
    get,
    path = "/api/v1/institutional-subscriptions/",
    tag = "payments",
    params(
        ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"),
        ("page_size" = Option<u64>, Query, minimum = 1, description = "40 by default; larger sizes are capped at 500")
    ),
    security(("bearer" = [])),
    responses((status = 200, body = Page<InstitutionalSubscriptionView>), (status = 403, body = ErrorBody))
)]
async fn list_institutional(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(_admin): TenantAdmin,
    paging: PageParams,
) -> ApiResult<Json<Page<InstitutionalSubscriptionView>>> {
    let page = q::page(state.read_db(), tenant.id(), paging.page.offset(), paging.page.page_size).await?;
    let today = today();
    let items = page.items.into_iter().map(|item| view(item, today)).collect();
    Ok(Json(Page::new(items, page.count, &paging.page, &paging.url)))
}

/// Gives an institution of the site a plan for its members (tenant administrators): a
/// yearly price of a paid plan, active unless said otherwise, with an optional last day.
#[utoipa::path(
    post,
    path = "/api/v1/institutional-subscriptions/",
    tag = "payments",
    request_body = rules::InstitutionalBody,
    security(("bearer" = [])),
    responses((status = 201, body = Data<InstitutionalSubscriptionView>), (status = 403, body = ErrorBody))
)]
async fn create_institutional(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(admin): TenantAdmin,
    ApiJson(body): ApiJson<rules::InstitutionalBody>,
) -> ApiResult<(StatusCode, Json<Data<InstitutionalSubscriptionView>>)> {
    let today = today();
    let input = rules::parse(body, true, today)?;
    let group_id = input.group.expect("required on creation");
    let institution = q::institution(&state.db, tenant.id(), group_id)
        .await?
        .ok_or_else(|| ApiError::field("group", invalid_pk(group_id)))?;
    if q::is_open(&institution) {
        return Err(ApiError::field("group", rules::MSG_OPEN_INSTITUTION));
    }
    let price_id = checked_price(&state, tenant.id(), input.price_id.as_deref().expect("required on creation")).await?;
    let values = Values {
        price_id,
        status: input.status.unwrap_or(InstitutionalStatus::Active),
        ends_on: input.end_date.flatten(),
    };
    let created = match q::create(&state.db, tenant.id(), institution.id, admin.id, &values).await {
        Ok(row) => row,
        Err(store::StoreError::Conflict(_)) => return Err(ApiError::field("group", rules::MSG_ALREADY_HELD)),
        Err(err) => return Err(err.into()),
    };
    let detail = q::detail(&state.db, tenant.id(), created.id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(detail, today)))))
}

/// One institutional plan of the site (tenant administrators).
#[utoipa::path(
    get,
    path = "/api/v1/institutional-subscriptions/{id}/",
    tag = "payments",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<InstitutionalSubscriptionView>), (status = 403, body = ErrorBody))
)]
async fn get_institutional(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(_admin): TenantAdmin,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<InstitutionalSubscriptionView>>> {
    let detail = q::detail(state.read_db(), tenant.id(), id).await?;
    Ok(Json(Data::new(view(detail, today()))))
}

/// Changes an institution's plan (tenant administrators): its price, status (canceled ends
/// it at once) or last day. Fields left out keep their values; the institution stays.
#[utoipa::path(
    patch,
    path = "/api/v1/institutional-subscriptions/{id}/",
    tag = "payments",
    params(("id" = i64, Path)),
    request_body = rules::InstitutionalBody,
    security(("bearer" = [])),
    responses((status = 200, body = Data<InstitutionalSubscriptionView>), (status = 403, body = ErrorBody))
)]
async fn update_institutional(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(_admin): TenantAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<rules::InstitutionalBody>,
) -> ApiResult<Json<Data<InstitutionalSubscriptionView>>> {
    let today = today();
    let current = q::find(&state.db, tenant.id(), id).await?.ok_or_else(ApiError::not_found)?;
    let input = rules::parse(body, false, today)?;
    let (status, ends_on) = rules::merged((status_of(&current), current.ends_on), &input, today)?;
    let price_id = match input.price_id.as_deref() {
        Some(provider_price_id) => checked_price(&state, tenant.id(), provider_price_id).await?,
        None => current.price_id,
    };
    if status == InstitutionalStatus::Active && current.status != status.as_str() {
        // Taking an ended plan up again: the institution must (still) decide who joins.
        let institution =
            q::institution(&state.db, tenant.id(), current.group_id).await?.ok_or_else(ApiError::not_found)?;
        if q::is_open(&institution) {
            let mut errors = FieldErrors::new();
            errors.add("status", rules::MSG_OPEN_INSTITUTION);
            return Err(errors.into());
        }
    }
    q::update(&state.db, current, &Values { price_id, status, ends_on }).await?;
    let detail = q::detail(&state.db, tenant.id(), id).await?;
    Ok(Json(Data::new(view(detail, today))))
}
