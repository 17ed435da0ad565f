//! Paid circles and events (spec 001 §4 "Payment status on a paid group", §6 "Membership
//! tier affects circle price", §7; spec 002 §4, §7 "Create group payment").
//!
//! - `POST /api/v1/payment/create-one-time-payment/` `{entity_type: group, group_id,
//!   success_url, cancel_url}`: starts the checkout of a seat; `data` is the address to send
//!   the member to. The price is the group's less its own discount and, for circles, the
//!   caller's tier discount (summed, capped at 100 %). A seat that comes free of charge
//!   (100 % off) is given at once and `data` is the success address.
//! - `POST /api/v1/groups/{id}/payment-voucher/` `{voucher: file id, reference}`: the
//!   receipt of an offline payment; the payment waits (pending, shown as 'submitted') for the
//!   group's administrators to confirm it with `payment-confirmation/`.
//!
//! A completed payment is a `PaymentEvent` applied by
//! `store::queries::one_time_payments::apply_payment_event`, the same for the local checkout
//! and the provider's webhook: once per event id, under the groups' seat rules.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::{
    groups::membership,
    payments::{
        input,
        one_time::{group_price, may_pay, may_send_voucher, PayFacts, PaymentEvent, Purpose, Seat, CURRENCY},
    },
};
use serde::Serialize;
use serde_json::{Map, Value};
use services::payments::{local_id, OneTimeCheckout};
use store::{
    entities::{groups, memberships},
    queries::{files, memberships as member_q, one_time_payments as one_time},
    sea_orm::{ActiveModelTrait, Set},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{flags::member_tier, subscription::own_url};
use crate::extract::caller_of;
use crate::{
    areas::groups::{group_path, view, visible_group},
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_one_time_payment)).routes(routes!(payment_voucher))
}

pub const MSG_VOUCHER_FILE: &str = "Upload the receipt as an image or a PDF.";
pub const MSG_VOUCHER_SENT: &str = "Your voucher has been submitted. The administrators will confirm your payment.";

#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherAnswer {
    pub message: String,
    /// pending or accepted.
    pub membership_status: String,
    /// pending until the administrators confirm it.
    pub payment_status: String,
    /// The group was full: the request waits for a free seat.
    pub waitlisted: bool,
}

fn refuse(message: impl Into<String>) -> ApiError {
    ApiError::field("non_field_errors", message)
}

fn facts<'a>(group: &'a groups::Model, current: Option<&'a memberships::Model>, is_full: bool) -> PayFacts<'a> {
    let today = view::today();
    let dates = view::dates_of(group);
    PayFacts {
        group_type: &group.group_type,
        is_paid: group.is_paid,
        price_cents: group.price_cents,
        has_ended: dates.has_ended(today),
        publicity_open: group.join_mode == store::queries::groups::JOIN_OPEN,
        accepts_applications: dates.accepts_applications(today),
        current_status: current.map(|m| m.status.as_str()),
        payment_status: current.and_then(|m| m.payment_status.as_deref()),
        is_full,
    }
}

/// Starts the payment of a paid circle's or event's seat for the caller.
#[utoipa::path(
    post,
    path = "/api/v1/payment/create-one-time-payment/",
    tag = "payments",
    request_body = input::OneTimePaymentInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<String>), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn create_one_time_payment(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::OneTimePaymentInput>,
) -> ApiResult<Json<Data<String>>> {
    let checked = input::create_one_time_payment(body)?;
    let group = visible_group(&state, &tenant, &caller_of(Some(user.clone())), checked.group_id).await?;
    let (current, is_full) = one_time::seat_state(&state.db, &group, user.id).await?;
    may_pay(facts(&group, current.as_ref(), is_full)).map_err(refuse)?;
    let tier = member_tier(&state.db, tenant.id(), user.id).await?;
    let price = group_price(
        &group.group_type,
        group.price_cents.unwrap_or_default(),
        group.discount,
        tier.flags.circle_discount_percent,
    );
    let origin = client.origin_for(&tenant.0);
    let slug = urlencoding_slug(&group.slug);
    let success_url =
        own_url(&origin, "success_url", checked.success_url, &format!("/payment/success?type=payment&group={slug}"))?;
    let cancel_url = own_url(&origin, "cancel_url", checked.cancel_url, &group_path(&group))?;
    if price.amount == 0 {
        // Nothing to charge: the seat is given through the same event path at once.
        let event = PaymentEvent {
            id: local_id("evt"),
            created: chrono::Utc::now().timestamp(),
            tenant_id: tenant.id(),
            user_id: user.id,
            session_id: local_id("free"),
            amount: 0,
            purpose: Purpose::Group { group_id: group.id },
        };
        services::payments::apply_payment(&state.db, &event).await?;
        return Ok(Json(Data::new(success_url)));
    }
    let url = state
        .payments
        .start_one_time_checkout(OneTimeCheckout {
            tenant_id: tenant.id(),
            user_id: user.id,
            amount: price.amount,
            currency: CURRENCY.into(),
            description: group.name.clone(),
            discount_percent: price.percent,
            purpose: Purpose::Group { group_id: group.id },
            origin,
            success_url,
            cancel_url,
        })
        .await?;
    Ok(Json(Data::new(url)))
}

/// Slugs are made of URL-safe characters already; anything else is dropped.
fn urlencoding_slug(slug: &str) -> String {
    slug.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')).collect()
}

/// Sends the receipt of an offline payment for the caller's seat. An accepted member's
/// payment becomes pending (submitted); anyone else applies to join with it, on the wait
/// list when the group is full. The group's administrators confirm it.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/payment-voucher/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = input::VoucherInput,
    security(("bearer" = [])),
    responses((status = 200, body = VoucherAnswer))
)]
async fn payment_voucher(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<input::VoucherInput>,
) -> ApiResult<Json<VoucherAnswer>> {
    let group = visible_group(&state, &tenant, &caller_of(Some(user.clone())), id).await?;
    let checked = input::payment_voucher(body)?;
    let file = files::find_owned(&state.db, tenant.id(), user.id, checked.voucher).await?;
    if !file.is_some_and(|f| f.content_type.starts_with("image/") || f.content_type == "application/pdf") {
        return Err(ApiError::field("voucher", MSG_VOUCHER_FILE));
    }
    let txn = store::begin_write(&state.db).await?;
    let group = one_time::lock_group(&txn, tenant.id(), group.id).await?.ok_or_else(ApiError::not_found)?;
    let (current, is_full) = one_time::seat_state(&txn, &group, user.id).await?;
    let seat = may_send_voucher(facts(&group, current.as_ref(), is_full)).map_err(refuse)?;
    let extra = with_voucher(current.as_ref(), checked.voucher, checked.reference);
    let saved = match (seat, current) {
        (Seat::Held, Some(mine)) => {
            let mut active: memberships::ActiveModel = mine.into();
            active.extra_info = Set(Some(Value::Object(extra)));
            let mine = active.update(&txn).await?;
            member_q::set_payment(&txn, mine, membership::PAYMENT_PENDING, Some(one_time::MODE_VOUCHER)).await?
        }
        (_, current) => {
            let pending = current.filter(|m| m.status == membership::STATUS_PENDING);
            let default_role = membership::join_role(&group.group_type, None).unwrap_or("member");
            let role = pending.as_ref().map(|m| m.role.clone()).unwrap_or_else(|| default_role.to_string());
            let apply = member_q::Apply {
                group_id: group.id,
                user_id: user.id,
                role: &role,
                status: membership::STATUS_PENDING,
                extra_info: Some(Value::Object(extra)),
                waitlisted: is_full,
                payment_status: Some(membership::PAYMENT_PENDING),
            };
            let saved = member_q::apply(&txn, apply).await?;
            member_q::set_payment(&txn, saved, membership::PAYMENT_PENDING, Some(one_time::MODE_VOUCHER)).await?
        }
    };
    txn.commit().await?;
    Ok(Json(VoucherAnswer {
        message: MSG_VOUCHER_SENT.into(),
        membership_status: saved.status.clone(),
        payment_status: membership::PAYMENT_PENDING.into(),
        waitlisted: saved.waitlisted && saved.status == membership::STATUS_PENDING,
    }))
}

/// The membership's answers with the voucher (and its reference) added; a rejected
/// request's answers are not kept.
fn with_voucher(current: Option<&memberships::Model>, voucher: i64, reference: Option<String>) -> Map<String, Value> {
    let mut extra = current
        .filter(|m| m.status != membership::STATUS_REJECTED)
        .and_then(|m| m.extra_info.clone())
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default();
    extra.insert("voucher".into(), Value::from(voucher));
    match reference {
        Some(reference) => extra.insert("voucher_reference".into(), Value::from(reference)),
        None => extra.remove("voucher_reference"),
    };
    extra
}
