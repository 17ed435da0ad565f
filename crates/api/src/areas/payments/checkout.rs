//! The local checkout's page (`/checkout/{session}` in the web app) and its calls. Only the
//! buyer of a session sees it; with another provider configured these calls are missing.
//!
//! - `GET /api/v1/payment/checkout/{session}/`: what is bought, for how much (cents).
//! - `POST /api/v1/payment/checkout/{session}/pay/` `{card_number}`: pays with a card;
//!   4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 stays
//!   pending until confirmed.
//! - `POST /api/v1/payment/checkout/{session}/confirm/`: confirms a pending payment (the
//!   bank's step; Resolve Now on the plans page).

use std::sync::Arc;

use axum::{
    extract::{Path, State},
    Json,
};
use serde::{Deserialize, Serialize};
use services::payments::local::{LocalCheckout, PayOutcome};
use store::queries::payments as q;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(session)).routes(routes!(pay)).routes(routes!(confirm))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutView {
    pub id: String,
    /// open, pending (awaiting confirmation) or complete.
    pub status: String,
    /// subscription, payment (a paid circle's or event's seat) or donation.
    pub kind: String,
    /// What a payment or donation buys (the group's name, the donation's name).
    pub description: Option<String>,
    /// What is due now, in cents (after discounts; 0 during a free trial).
    pub amount: i64,
    /// The price before discounts, in cents.
    pub unit_amount: Option<i64>,
    pub plan_name: Option<String>,
    pub subscription_tier: Option<i16>,
    /// month or year.
    pub recurring: Option<String>,
    pub trial_days: i32,
    pub discount_name: Option<String>,
    pub discount_percent: i16,
    pub success_url: String,
    pub cancel_url: String,
    /// Failed attempts so far.
    pub failed_attempts: u32,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CardInput {
    /// The card number as typed (spaces and dashes allowed).
    #[serde(default)]
    pub card_number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayAnswer {
    /// paid or pending.
    pub status: String,
    /// Where to go next (the success address), when paid.
    pub redirect_url: Option<String>,
}

fn local(state: &AppState) -> ApiResult<&Arc<LocalCheckout>> {
    state.local_checkout.as_ref().ok_or_else(ApiError::not_found)
}

/// The buyer's checkout session.
#[utoipa::path(
    get,
    path = "/api/v1/payment/checkout/{session}/",
    tag = "payments",
    params(("session" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<CheckoutView>))
)]
async fn session(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Data<CheckoutView>>> {
    let checkout = local(&state)?.session(tenant.id(), user.id, &id).await?;
    let bought = match checkout.price_id {
        Some(price_id) => Some(q::price_by_id(&state.db, price_id).await?),
        None => None,
    };
    let failed =
        q::payments_of_session(&state.db, &checkout.id).await?.iter().filter(|p| p.status == q::PAYMENT_FAILED).count()
            as u32;
    let trial_days = match &bought {
        Some((price, plan)) if checkout.amount == 0 && price.unit_amount > 0 => plan.trial_days,
        _ => 0,
    };
    Ok(Json(Data::new(CheckoutView {
        id: checkout.id,
        status: checkout.status,
        kind: checkout.kind,
        description: checkout.description,
        amount: checkout.amount,
        unit_amount: bought.as_ref().map(|(price, _)| price.unit_amount),
        plan_name: bought.as_ref().map(|(_, plan)| plan.name.clone()),
        subscription_tier: bought.as_ref().map(|(_, plan)| plan.subscription_tier),
        recurring: bought.as_ref().map(|(price, _)| price.recurring.clone()),
        trial_days,
        discount_name: checkout.discount_name,
        discount_percent: checkout.discount_percent,
        success_url: checkout.success_url,
        cancel_url: checkout.cancel_url,
        failed_attempts: failed,
    })))
}

/// Pays the session with a card. A declined card is a 400 on `card_number` and leaves the
/// session open with nothing paid.
#[utoipa::path(
    post,
    path = "/api/v1/payment/checkout/{session}/pay/",
    tag = "payments",
    params(("session" = String, Path)),
    request_body = CardInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<PayAnswer>))
)]
async fn pay(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CardInput>,
) -> ApiResult<Json<Data<PayAnswer>>> {
    let card = body.card_number.unwrap_or_default();
    if card.trim().is_empty() {
        return Err(ApiError::field("card_number", "This field is required."));
    }
    if card.len() > 40 {
        return Err(ApiError::field("card_number", domain::payments::cards::MSG_CARD_INVALID));
    }
    let outcome = local(&state)?.pay(tenant.id(), user.id, &id, &card).await?;
    Ok(Json(Data::new(match outcome {
        PayOutcome::Paid { redirect } => PayAnswer { status: "paid".into(), redirect_url: Some(redirect) },
        PayOutcome::Pending => PayAnswer { status: "pending".into(), redirect_url: None },
    })))
}

/// Confirms the session's pending payment; the membership becomes active.
#[utoipa::path(
    post,
    path = "/api/v1/payment/checkout/{session}/confirm/",
    tag = "payments",
    params(("session" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<PayAnswer>))
)]
async fn confirm(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Data<PayAnswer>>> {
    let redirect = local(&state)?.confirm(tenant.id(), user.id, &id).await?;
    Ok(Json(Data::new(PayAnswer { status: "paid".into(), redirect_url: Some(redirect) })))
}
