//! Donations (spec 001 §1, §2 "Donation card", Donate tab, §7 "Donations and payments";
//! spec 002 §7 "Donate"):
//!
//! - `POST /api/v1/payment/donate/` `{group_id, price_id | name, amount, success_url,
//!   cancel_url}`: a donation to a group through the card payment provider.
//! - `POST /api/v1/donate/`: the same call; without `group_id` the donation goes to the
//!   site's organization.
//!
//! Both answer the address to send the donor to, as `url` (and `data`). `amount` is whole
//! cents, 100 to 1,000,000. A completed donation is a `PaymentEvent` applied once
//! (`store::queries::one_time_payments::apply_payment_event`), recorded in `donations`.

use axum::{extract::State, Json};
use domain::{
    groups::form::Donation,
    payments::{
        input::{self, DonateInput},
        one_time::{Purpose, CURRENCY, MSG_NO_DONATIONS, MSG_UNKNOWN_DONATION},
    },
};
use serde::Serialize;
use services::payments::OneTimeCheckout;
use store::queries::groups as group_q;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::subscription::own_url;
use crate::extract::caller_of;
use crate::{
    areas::groups::{group_path, not_found, visible_group},
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payment_donate)).routes(routes!(donate))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DonateAnswer {
    /// The address to send the donor to.
    pub url: String,
    /// The same address.
    pub data: String,
}

async fn start_donation(
    state: &AppState,
    tenant: &Tenant,
    client: &Client,
    user: store::entities::users::Model,
    body: DonateInput,
) -> ApiResult<Json<DonateAnswer>> {
    let checked = input::donate(body)?;
    let group = match checked.group_id {
        Some(id) => visible_group(state, tenant, &caller_of(Some(user.clone())), id).await?,
        None => group_q::tenant_root(&state.db, tenant.id()).await?.ok_or_else(not_found)?,
    };
    let options: Vec<Donation> =
        group.donation_details.clone().and_then(|d| serde_json::from_value(d).ok()).unwrap_or_default();
    if options.is_empty() {
        return Err(ApiError::field("non_field_errors", MSG_NO_DONATIONS));
    }
    let option = match (&checked.price_id, &checked.name) {
        (Some(price_id), _) => options
            .iter()
            .find(|o| o.stripe_price_id.as_deref() == Some(price_id.as_str()))
            .ok_or_else(|| ApiError::field("price_id", MSG_UNKNOWN_DONATION))?,
        (None, Some(name)) => {
            options.iter().find(|o| &o.name == name).ok_or_else(|| ApiError::field("name", MSG_UNKNOWN_DONATION))?
        }
        (None, None) => &options[0],
    };
    let origin = client.origin_for(&tenant.0);
    let success_url = own_url(&origin, "success_url", checked.success_url, "/payment/success?type=donation")?;
    let donate_tab = if group.group_type == "organization" || group.group_type == "institution" {
        format!("{}/donate", group_path(&group))
    } else {
        group_path(&group)
    };
    let cancel_url = own_url(&origin, "cancel_url", checked.cancel_url, &donate_tab)?;
    let url = state
        .payments
        .start_one_time_checkout(OneTimeCheckout {
            tenant_id: tenant.id(),
            user_id: user.id,
            amount: checked.amount,
            currency: CURRENCY.into(),
            description: format!("{} — {}", option.name, group.name),
            discount_percent: 0,
            purpose: Purpose::Donation { group_id: group.id, name: option.name.clone() },
            origin,
            success_url,
            cancel_url,
        })
        .await?;
    Ok(Json(DonateAnswer { data: url.clone(), url }))
}

/// Starts a donation to a group's donation option (the organization's Donate tab).
#[utoipa::path(
    post,
    path = "/api/v1/payment/donate/",
    tag = "payments",
    request_body = DonateInput,
    security(("bearer" = [])),
    responses((status = 200, body = DonateAnswer), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn payment_donate(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<DonateInput>,
) -> ApiResult<Json<DonateAnswer>> {
    start_donation(&state, &tenant, &client, user, body).await
}

/// Starts a donation; to the site's organization unless `group_id` names another group.
#[utoipa::path(
    post,
    path = "/api/v1/donate/",
    tag = "payments",
    request_body = DonateInput,
    security(("bearer" = [])),
    responses((status = 200, body = DonateAnswer), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn donate(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<DonateInput>,
) -> ApiResult<Json<DonateAnswer>> {
    start_donation(&state, &tenant, &client, user, body).await
}
