//! Stripe's webhook: `POST /api/v1/payment/webhook/` (no sign-in; the site from the Host).
//!
//! The raw body's `Stripe-Signature` is checked first (HMAC-SHA256, five minutes' tolerance);
//! a wrong signature, an old timestamp or a body that is not a Stripe event is a 400 and
//! changes nothing. Subscription events go through the same `apply_event` as the local
//! checkout's: once per event id, never backwards. Other event types, and subscriptions made
//! for another site or not by this platform, are acknowledged (200) and ignored, so Stripe
//! stops sending them. Missing (404) while the local checkout is the provider.

use axum::{body::Bytes, extract::State, http::HeaderMap, Json};
use domain::payments::events::Applied;
use serde::Serialize;
use services::payments::{
    stripe::{
        signature,
        webhook::{self, StripeWebhook},
    },
    PaymentError,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stripe_webhook))
}

/// Answered when an event names a price this site does not have: Stripe retries it later.
pub const MSG_UNKNOWN_PRICE: &str = "The event names a price this site does not have.";
pub const MSG_UNKNOWN_GROUP: &str = "The event names a group this site does not have.";

fn result_of(applied: Applied) -> &'static str {
    match applied {
        Applied::Changed => "applied",
        Applied::Replayed => "replayed",
        Applied::Stale => "stale",
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookAnswer {
    pub received: bool,
    /// applied, replayed (seen before: nothing changed), stale (older than what is applied:
    /// recorded, nothing changed) or ignored.
    pub result: String,
}

fn answer(result: &str) -> Json<WebhookAnswer> {
    Json(WebhookAnswer { received: true, result: result.into() })
}

/// Receives a Stripe event. Send the body exactly as Stripe signed it.
#[utoipa::path(
    post,
    path = "/api/v1/payment/webhook/",
    tag = "payments",
    request_body(content = String, description = "A Stripe event, as signed", content_type = "application/json"),
    params(("Stripe-Signature" = String, Header, description = "t=<unix seconds>,v1=<hex HMAC-SHA256>")),
    responses((status = 200, body = WebhookAnswer), (status = 404, body = ErrorBody))
)]
async fn stripe_webhook(
    State(state): State<AppState>,
    tenant: Tenant,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookAnswer>> {
    let stripe = state.stripe.as_ref().ok_or_else(ApiError::not_found)?;
    let header = headers.get("stripe-signature").and_then(|value| value.to_str().ok());
    let now = chrono::Utc::now().timestamp();
    signature::verify(header, &body, stripe.webhook_secret(), now)
        .map_err(|err| ApiError::BadRequest(err.to_string()))?;
    let event = match webhook::parse(&body).map_err(|err| ApiError::BadRequest(err.to_string()))? {
        StripeWebhook::Subscription(event) if event.subscription.tenant_id == tenant.id() => event,
        StripeWebhook::Subscription(event) => {
            tracing::info!(event = %event.id, "Stripe event of another site ignored");
            return Ok(answer("ignored"));
        }
        StripeWebhook::Payment(event) if event.tenant_id == tenant.id() => {
            return match services::payments::apply_payment(&state.db, &event).await {
                Ok(applied) => Ok(answer(result_of(applied))),
                Err(PaymentError::NotFound) => Err(ApiError::BadRequest(MSG_UNKNOWN_GROUP.into())),
                Err(err) => Err(err.into()),
            };
        }
        StripeWebhook::Payment(event) => {
            tracing::info!(event = %event.id, "Stripe event of another site ignored");
            return Ok(answer("ignored"));
        }
        StripeWebhook::Ignored { event_id, event_type } => {
            tracing::debug!(event = %event_id, %event_type, "Stripe event ignored");
            return Ok(answer("ignored"));
        }
    };
    match services::payments::apply(&state.db, &event).await {
        Ok(applied) => Ok(answer(result_of(applied))),
        Err(PaymentError::NotFound) => Err(ApiError::BadRequest(MSG_UNKNOWN_PRICE.into())),
        Err(err) => Err(err.into()),
    }
}
