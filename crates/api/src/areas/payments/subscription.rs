//! The member's own membership: read, buy, change, renew, cancel.
//!
//! - `GET /api/v1/subscription-detail/`: the subscription in the provider's shape, or null.
//! - `POST /api/v1/payment/create-subscription/` `{price_id, discount_ids, success_url,
//!   cancel_url}`: starts a checkout; `data` is the address to send the member to.
//! - `POST /api/v1/payment/update-subscription/` `{price_id, cancellation_reason}` or
//!   `{is_renew: true}`: upgrade, downgrade (needs a reason), switch, renew.
//! - `POST /api/v1/payment/cancel-subscription/` `{cancellation_reason, cancel_at_period_end}`.
//! - `POST /api/v1/payment/create-customer-portal-session/`: where the member manages billing
//!   (Stripe's portal, or the unpaid invoice's page while a payment is pending; the membership
//!   page with the local checkout); `data` is the address.
//!
//! With Stripe, the changes are asked of Stripe and the subscription changes when its webhook
//! arrives; the answers then show the subscription as it still is.

use axum::{extract::State, Json};
use domain::payments::{
    input::{self, UpdateSubscription, MSG_SPECIFY_REASON},
    pricing::total_percent,
    status::SubscriptionStatus,
};
use services::payments::SubscriptionCheckout;
use store::{entities::user_subscriptions, queries::payments as q};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::views::{detail, discount_tiers, SubscriptionDetail};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscription_detail))
        .routes(routes!(create_subscription))
        .routes(routes!(update_subscription))
        .routes(routes!(cancel_subscription))
        .routes(routes!(customer_portal_session))
}

pub const MSG_UNKNOWN_PRICE: &str = "Select a valid price.";
pub const MSG_FREE_PLAN: &str = "The free plan needs no payment.";
pub const MSG_TO_FREE: &str = "Cancel your membership to move to the free plan.";
pub const MSG_HAS_MEMBERSHIP: &str = "You already have a membership. Change it from the Membership Plans page.";
pub const MSG_PENDING: &str = "Your payment status is pending";
pub const MSG_NO_MEMBERSHIP: &str = "You have no membership to change.";
pub const MSG_SAME_PLAN: &str = "This is your current plan.";
pub const MSG_NOT_CANCELLED: &str = "Your membership is not cancelled.";
pub const MSG_ALREADY_CANCELLED: &str = "Your membership is already cancelled.";
pub const MSG_UNKNOWN_DISCOUNT: &str = "Select a valid discount.";
pub const MSG_FOREIGN_URL: &str = "The address must be on this site.";

async fn detail_of(state: &AppState, tenant_id: i64, user_id: i64) -> ApiResult<Option<SubscriptionDetail>> {
    let db = &state.db;
    let Some(subscription) = q::subscription_of(db, tenant_id, user_id).await? else {
        return Ok(None);
    };
    let (price, plan) = q::price_by_id(db, subscription.price_id).await?;
    Ok(Some(detail(&subscription, &price, &plan, state.payments.as_ref())))
}

/// The member's subscription on this site (null without one). Dates are Unix seconds.
#[utoipa::path(
    get,
    path = "/api/v1/subscription-detail/",
    tag = "payments",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Option<SubscriptionDetail>>))
)]
async fn subscription_detail(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Option<SubscriptionDetail>>>> {
    Ok(Json(Data::new(detail_of(&state, tenant.id(), user.id).await?)))
}

/// A return address on this site: a path, or an absolute address of the site's origin.
pub(super) fn own_url(origin: &str, field: &str, given: Option<String>, default: &str) -> ApiResult<String> {
    let Some(url) = given else {
        return Ok(format!("{origin}{default}"));
    };
    if url.starts_with('/') && !url.starts_with("//") {
        return Ok(format!("{origin}{url}"));
    }
    if url == origin || url.starts_with(&format!("{origin}/")) {
        return Ok(url);
    }
    Err(ApiError::field(field, MSG_FOREIGN_URL))
}

/// Starts a subscription checkout. The free trial is given only to members who never had a
/// subscription here; self-declared discounts must apply to the plan's tier.
#[utoipa::path(
    post,
    path = "/api/v1/payment/create-subscription/",
    tag = "payments",
    request_body = input::CreateSubscriptionInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<String>), (status = 502, body = ErrorBody))
)]
async fn create_subscription(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::CreateSubscriptionInput>,
) -> ApiResult<Json<Data<String>>> {
    let checked = input::create_subscription(body)?;
    let (price, plan) = q::price_by_provider_id(&state.db, tenant.id(), &checked.price_id)
        .await?
        .ok_or_else(|| ApiError::field("price_id", MSG_UNKNOWN_PRICE))?;
    if plan.subscription_tier == 0 || price.unit_amount == 0 {
        return Err(ApiError::field("price_id", MSG_FREE_PLAN));
    }
    let existing = q::subscription_of(&state.db, tenant.id(), user.id).await?;
    if let Some(current) = &existing {
        match SubscriptionStatus::parse(&current.status) {
            Some(SubscriptionStatus::Incomplete) => return Err(ApiError::field("non_field_errors", MSG_PENDING)),
            Some(status) if !status.is_ended() => return Err(ApiError::field("non_field_errors", MSG_HAS_MEMBERSHIP)),
            _ => {}
        }
    }
    let mut percents = Vec::new();
    let mut names = Vec::new();
    if !checked.discount_ids.is_empty() {
        let discounts = q::discounts(&state.db, tenant.id()).await?;
        for id in &checked.discount_ids {
            let discount = discounts
                .iter()
                .find(|d| d.id == *id && discount_tiers(d).contains(&plan.subscription_tier))
                .ok_or_else(|| ApiError::field("discount_ids", MSG_UNKNOWN_DISCOUNT))?;
            if !names.contains(&discount.name) {
                percents.push(i64::from(discount.discount_percentage));
                names.push(discount.name.clone());
            }
        }
    }
    let origin = client.origin_for(&tenant.0);
    let success_url = own_url(&origin, "success_url", checked.success_url, "/payment/success?type=subscription")?;
    let cancel_url = own_url(&origin, "cancel_url", checked.cancel_url, "/payment/cancel")?;
    let trial_days = if existing.is_none() { plan.trial_days } else { 0 };
    let url = state
        .payments
        .start_subscription_checkout(SubscriptionCheckout {
            tenant_id: tenant.id(),
            user_id: user.id,
            email: user.email.clone(),
            discount_name: (!names.is_empty()).then(|| names.join(", ")),
            discount_percent: total_percent(&percents),
            price,
            plan,
            trial_days,
            origin,
            success_url,
            cancel_url,
        })
        .await?;
    Ok(Json(Data::new(url)))
}

/// The member's subscription that is still running (not ended, not pending).
async fn running(state: &AppState, tenant_id: i64, user_id: i64) -> ApiResult<user_subscriptions::Model> {
    let current = q::subscription_of(&state.db, tenant_id, user_id)
        .await?
        .ok_or_else(|| ApiError::field("non_field_errors", MSG_NO_MEMBERSHIP))?;
    match SubscriptionStatus::parse(&current.status) {
        Some(SubscriptionStatus::Incomplete) => Err(ApiError::field("non_field_errors", MSG_PENDING)),
        Some(status) if !status.is_ended() => Ok(current),
        _ => Err(ApiError::field("non_field_errors", MSG_NO_MEMBERSHIP)),
    }
}

/// Changes the membership to another price (a downgrade needs a reason), or renews one
/// that was cancelled and has not ended.
#[utoipa::path(
    post,
    path = "/api/v1/payment/update-subscription/",
    tag = "payments",
    request_body = input::UpdateSubscriptionInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<Option<SubscriptionDetail>>), (status = 502, body = ErrorBody))
)]
async fn update_subscription(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::UpdateSubscriptionInput>,
) -> ApiResult<Json<Data<Option<SubscriptionDetail>>>> {
    let change = input::update_subscription(body)?;
    let current = running(&state, tenant.id(), user.id).await?;
    match change {
        UpdateSubscription::Renew => {
            if current.canceled_at.is_none() {
                return Err(ApiError::field("non_field_errors", MSG_NOT_CANCELLED));
            }
            state.payments.renew(&current).await?;
        }
        UpdateSubscription::ChangePrice { price_id, reason } => {
            let (price, plan) = q::price_by_provider_id(&state.db, tenant.id(), &price_id)
                .await?
                .ok_or_else(|| ApiError::field("price_id", MSG_UNKNOWN_PRICE))?;
            if plan.subscription_tier == 0 {
                return Err(ApiError::field("price_id", MSG_TO_FREE));
            }
            if price.id == current.price_id {
                return Err(ApiError::field("price_id", MSG_SAME_PLAN));
            }
            let (_, old_plan) = q::price_by_id(&state.db, current.price_id).await?;
            if plan.subscription_tier < old_plan.subscription_tier && reason.is_none() {
                return Err(ApiError::field("cancellation_reason", MSG_SPECIFY_REASON));
            }
            state.payments.change_price(&current, &price, reason.as_deref()).await?;
        }
    }
    Ok(Json(Data::new(detail_of(&state, tenant.id(), user.id).await?)))
}

/// Cancels the membership, at the end of the period unless `cancel_at_period_end` is false.
/// A reason is required ('Specify the reason').
#[utoipa::path(
    post,
    path = "/api/v1/payment/cancel-subscription/",
    tag = "payments",
    request_body = input::CancelSubscriptionInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<Option<SubscriptionDetail>>), (status = 502, body = ErrorBody))
)]
async fn cancel_subscription(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::CancelSubscriptionInput>,
) -> ApiResult<Json<Data<Option<SubscriptionDetail>>>> {
    let checked = input::cancel_subscription(body)?;
    let current = running(&state, tenant.id(), user.id).await?;
    if current.canceled_at.is_some() && checked.at_period_end {
        return Err(ApiError::field("non_field_errors", MSG_ALREADY_CANCELLED));
    }
    state.payments.cancel(&current, &checked.reason, checked.at_period_end).await?;
    Ok(Json(Data::new(detail_of(&state, tenant.id(), user.id).await?)))
}

/// Where the member manages billing: Stripe's customer portal (or, while the first payment is
/// pending, the unpaid invoice's page where the card is confirmed: Resolve Now); with the
/// local checkout, the membership page. `data` is the address.
#[utoipa::path(
    post,
    path = "/api/v1/payment/create-customer-portal-session/",
    tag = "payments",
    security(("bearer" = [])),
    responses((status = 200, body = Data<String>), (status = 400, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn customer_portal_session(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<String>>> {
    let subscription = q::subscription_of(&state.db, tenant.id(), user.id).await?;
    let return_url = format!("{}/membership", client.origin_for(&tenant.0));
    Ok(Json(Data::new(state.payments.customer_portal_url(subscription.as_ref(), &return_url).await?)))
}
