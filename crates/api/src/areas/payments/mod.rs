//! Payments and memberships (spec 002 §2 "Membership and payment", §3, §4, §7 "Membership and
//! payments"). Sub-areas:
//!
//! - [`plans`]: `GET /subscription-plans/` (cached 30 minutes), and the plans as tenant
//!   configuration: `POST /subscription-plans/`, `PATCH /subscription-plans/{id}/` (tenant admins).
//! - [`subscription`]: `GET /subscription-detail/`, `POST /payment/create-subscription/`,
//!   `/payment/update-subscription/`, `/payment/cancel-subscription/`,
//!   `/payment/create-customer-portal-session/`.
//! - [`checkout`]: the local checkout's page calls: `GET /payment/checkout/{session}/`,
//!   `POST /payment/checkout/{session}/pay/`, `POST /payment/checkout/{session}/confirm/`.
//! - [`one_time`]: paid circles and events: `POST /payment/create-one-time-payment/` and
//!   `POST /groups/{id}/payment-voucher/`.
//! - [`donations`]: `POST /payment/donate/` and `POST /donate/`.
//! - [`membership_card`]: `POST /membership-card/` (the card's PNG, drawn on first open).
//! - [`webhook`]: Stripe's `POST /payment/webhook/` (signed events, applied once).
//! - [`institutional`]: institutions' plans for their members (tenant admins):
//!   `GET`/`POST /institutional-subscriptions/`, `GET`/`PATCH /institutional-subscriptions/{id}/`.
//! - [`flags`]: the tier flags that identity returns (own subscription, institution's plan,
//!   free plan), computed in one place for every area they gate.
//!
//! Every change of a subscription goes through the provider (`services::payments`) and comes
//! back as provider events; the handlers here only parse, authorise and call.

pub mod checkout;
pub mod donations;
pub mod flags;
pub mod institutional;
pub mod membership_card;
pub mod one_time;
pub mod plans;
pub mod subscription;
pub(crate) mod views;
pub mod webhook;

use services::payments::PaymentError;
use utoipa_axum::router::OpenApiRouter;

use crate::{areas::AppState, error::ApiError};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(plans::routes())
        .merge(institutional::routes())
        .merge(subscription::routes())
        .merge(checkout::routes())
        .merge(one_time::routes())
        .merge(donations::routes())
        .merge(membership_card::routes())
        .merge(webhook::routes())
}

/// 'Could not proceed your request' when the provider is down (spec 002 §8 "Payment failure").
pub const MSG_PAYMENT_FAILURE: &str = "Could not proceed your request";

impl From<PaymentError> for ApiError {
    fn from(err: PaymentError) -> Self {
        match err {
            PaymentError::Refused(message) => ApiError::field("non_field_errors", message),
            PaymentError::Declined(message) => ApiError::field("card_number", message),
            PaymentError::NotFound => ApiError::not_found(),
            PaymentError::Provider(message) => {
                tracing::warn!(%message, "payment provider failed");
                ApiError::Coded {
                    status: axum::http::StatusCode::BAD_GATEWAY,
                    message: MSG_PAYMENT_FAILURE.into(),
                    code: "payment_provider_unavailable",
                }
            }
            PaymentError::Store(err) => err.into(),
        }
    }
}
