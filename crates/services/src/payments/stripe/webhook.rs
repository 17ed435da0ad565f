//! Stripe webhook events parsed into the one provider-event shape
//! ([`domain::payments::events::ProviderEvent`]) that `apply_event` applies.
//!
//! Only `customer.subscription.created|updated|deleted` change a subscription: each carries
//! the whole subscription, and Stripe sends one whenever an invoice is paid or fails
//! (`active` → `past_due` → `unpaid` / `canceled`), so the `invoice.*` and
//! `checkout.session.completed` events of a subscription add nothing and are acknowledged
//! without effect, as is every other type. A paid `checkout.session.completed` in payment
//! mode is a one-time payment (a paid group's seat or a donation): it becomes a
//! [`PaymentEvent`] for the same `apply_payment` as the local checkout's. Site and member come from the subscription's
//! metadata, which our checkout writes; a subscription without it was not made here.

use std::collections::HashMap;

use domain::payments::{
    events::{ProviderEvent, SubscriptionSnapshot, SUBSCRIPTION_CREATED, SUBSCRIPTION_DELETED, SUBSCRIPTION_UPDATED},
    one_time::PaymentEvent,
    pricing::clamp_percent,
    status::SubscriptionStatus,
};
use serde::Deserialize;

pub const MSG_MALFORMED: &str = "The webhook body is not a Stripe event.";
pub const MSG_MALFORMED_SUBSCRIPTION: &str = "The event's subscription is malformed.";
pub const MSG_MALFORMED_SESSION: &str = "The event's checkout session is malformed.";
/// The completed checkout session's event types that can carry a one-time payment.
const SESSION_COMPLETED: [&str; 2] = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];

/// The metadata keys our checkout puts on a subscription.
pub const META_TENANT: &str = "tenant_id";
pub const META_USER: &str = "user_id";
pub const META_DISCOUNT_NAME: &str = "discount_name";
pub const META_DISCOUNT_PERCENT: &str = "discount_percent";
pub const META_REASON: &str = "cancellation_reason";

/// What a verified webhook body asks.
// One value per webhook request, moved once: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeWebhook {
    /// A subscription event, for the site named in its metadata.
    Subscription(ProviderEvent),
    /// A completed one-time payment, for the site named in its metadata.
    Payment(PaymentEvent),
    /// Acknowledged and ignored: another type, or a subscription not made by this platform.
    Ignored { event_id: String, event_type: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("{}", MSG_MALFORMED)]
    Malformed,
    #[error("{}", MSG_MALFORMED_SUBSCRIPTION)]
    MalformedSubscription,
    #[error("{}", MSG_MALFORMED_SESSION)]
    MalformedSession,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    created: i64,
    #[serde(rename = "type")]
    event_type: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

#[derive(Deserialize)]
struct Subscription {
    id: String,
    status: String,
    items: Items,
    /// Before API version 2025-03-31 the period is on the subscription; since, on its items.
    current_period_end: Option<i64>,
    trial_end: Option<i64>,
    cancel_at: Option<i64>,
    canceled_at: Option<i64>,
    cancellation_details: Option<CancellationDetails>,
    discount: Option<Discount>,
    #[serde(default)]
    metadata: HashMap<String, String>,
}

#[derive(Deserialize)]
struct CheckoutSession {
    id: String,
    mode: String,
    payment_status: String,
    amount_total: Option<i64>,
    #[serde(default)]
    metadata: HashMap<String, String>,
}

#[derive(Deserialize)]
struct Items {
    data: Vec<Item>,
}

#[derive(Deserialize)]
struct Item {
    price: Price,
    current_period_end: Option<i64>,
}

#[derive(Deserialize)]
struct Price {
    id: String,
}

#[derive(Deserialize)]
struct CancellationDetails {
    comment: Option<String>,
}

#[derive(Deserialize)]
struct Discount {
    coupon: Option<Coupon>,
}

#[derive(Deserialize)]
struct Coupon {
    name: Option<String>,
    percent_off: Option<f64>,
}

/// Stripe's statuses in ours: `paused` (a trial ended without a card) entitles to nothing
/// but has not ended, as `unpaid`.
fn status(text: &str) -> Option<SubscriptionStatus> {
    match text {
        "paused" => Some(SubscriptionStatus::Unpaid),
        other => SubscriptionStatus::parse(other),
    }
}

fn non_empty(text: Option<&String>) -> Option<String> {
    text.map(|t| t.trim()).filter(|t| !t.is_empty()).map(str::to_string)
}

/// Parses a webhook body whose signature was checked.
pub fn parse(body: &[u8]) -> Result<StripeWebhook, WebhookError> {
    let event: Event = serde_json::from_slice(body).map_err(|_| WebhookError::Malformed)?;
    if event.id.is_empty() || event.id.len() > 100 {
        return Err(WebhookError::Malformed);
    }
    let ignored = |event: Event| StripeWebhook::Ignored { event_id: event.id, event_type: event.event_type };
    if SESSION_COMPLETED.contains(&event.event_type.as_str()) {
        return one_time_payment(event);
    }
    if ![SUBSCRIPTION_CREATED, SUBSCRIPTION_UPDATED, SUBSCRIPTION_DELETED].contains(&event.event_type.as_str()) {
        return Ok(ignored(event));
    }
    let sub: Subscription =
        serde_json::from_value(event.data.object.clone()).map_err(|_| WebhookError::MalformedSubscription)?;
    let ids = (
        sub.metadata.get(META_TENANT).and_then(|t| t.parse::<i64>().ok()),
        sub.metadata.get(META_USER).and_then(|u| u.parse::<i64>().ok()),
    );
    let (Some(tenant_id), Some(user_id)) = ids else {
        return Ok(ignored(event));
    };
    let item = sub.items.data.first().ok_or(WebhookError::MalformedSubscription)?;
    let status = status(&sub.status).ok_or(WebhookError::MalformedSubscription)?;
    let current_period_end =
        sub.current_period_end.or(item.current_period_end).ok_or(WebhookError::MalformedSubscription)?;
    if sub.id.is_empty() || sub.id.len() > 100 || item.price.id.is_empty() {
        return Err(WebhookError::MalformedSubscription);
    }
    let coupon = sub.discount.as_ref().and_then(|d| d.coupon.as_ref());
    let discount_name = non_empty(sub.metadata.get(META_DISCOUNT_NAME)).or_else(|| coupon.and_then(|c| c.name.clone()));
    let discount_percent = sub
        .metadata
        .get(META_DISCOUNT_PERCENT)
        .and_then(|p| p.parse::<i64>().ok())
        .or_else(|| coupon.and_then(|c| c.percent_off).map(|p| p.round() as i64))
        .map_or(0, clamp_percent);
    let cancellation_reason = sub
        .cancellation_details
        .as_ref()
        .and_then(|d| non_empty(d.comment.as_ref()))
        .or_else(|| non_empty(sub.metadata.get(META_REASON)))
        .map(|reason| reason.chars().take(1000).collect());
    let snapshot = SubscriptionSnapshot {
        provider_subscription_id: sub.id.clone(),
        tenant_id,
        user_id,
        provider_price_id: item.price.id.clone(),
        status,
        trial_end: sub.trial_end,
        current_period_end,
        cancel_at: sub.cancel_at,
        canceled_at: sub.canceled_at,
        cancellation_reason,
        discount_name: discount_name.map(|name| name.chars().take(100).collect()),
        discount_percent,
        // A pending first payment is resolved on Stripe's hosted invoice page (see
        // `StripeProvider::customer_portal_url`), not with a secret in our page.
        client_secret: None,
    };
    Ok(StripeWebhook::Subscription(ProviderEvent {
        id: event.id,
        created: event.created,
        event_type: event.event_type,
        subscription: snapshot,
    }))
}

/// A paid session in payment mode made by our one-time checkout; subscription sessions, unpaid
/// ones (an asynchronous method still settling) and sessions not made here are ignored.
fn one_time_payment(event: Event) -> Result<StripeWebhook, WebhookError> {
    let session: CheckoutSession =
        serde_json::from_value(event.data.object.clone()).map_err(|_| WebhookError::MalformedSession)?;
    let ignored = StripeWebhook::Ignored { event_id: event.id.clone(), event_type: event.event_type.clone() };
    if session.mode != "payment" || session.payment_status != "paid" {
        return Ok(ignored);
    }
    let number = |key: &str| session.metadata.get(key).and_then(|v| v.parse::<i64>().ok());
    let (Some(tenant_id), Some(user_id)) = (number(META_TENANT), number(META_USER)) else {
        return Ok(ignored);
    };
    let Some(purpose) = crate::payments::OneTimeCheckout::purpose_of(|key| session.metadata.get(key).cloned()) else {
        return Ok(ignored);
    };
    let amount = session.amount_total.filter(|a| *a >= 0).ok_or(WebhookError::MalformedSession)?;
    if session.id.is_empty() || session.id.len() > 200 {
        return Err(WebhookError::MalformedSession);
    }
    Ok(StripeWebhook::Payment(PaymentEvent {
        id: event.id,
        created: event.created,
        tenant_id,
        user_id,
        session_id: session.id,
        amount,
        purpose,
    }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn event(event_type: &str, object: serde_json::Value) -> Vec<u8> {
        serde_json::to_vec(&json!({"id": "evt_1", "object": "event", "created": 1_800_000_000, "type": event_type, "data": {"object": object}}))
            .unwrap()
    }

    fn subscription() -> serde_json::Value {
        json!({
            "id": "sub_1", "object": "subscription", "status": "active", "customer": "cus_1",
            "items": {"data": [{"id": "si_1", "price": {"id": "price_pro_year"}, "current_period_end": 1_830_000_000}]},
            "trial_end": null, "cancel_at": null, "canceled_at": null,
            "metadata": {"tenant_id": "3", "user_id": "7", "discount_name": "Student", "discount_percent": "20"}
        })
    }

    #[test]
    fn a_subscription_event_becomes_a_provider_event() {
        let StripeWebhook::Subscription(parsed) = parse(&event(SUBSCRIPTION_UPDATED, subscription())).unwrap() else {
            panic!("not a subscription event");
        };
        assert_eq!(parsed.id, "evt_1");
        assert_eq!(parsed.created, 1_800_000_000);
        let s = parsed.subscription;
        assert_eq!((s.tenant_id, s.user_id), (3, 7));
        assert_eq!(s.provider_subscription_id, "sub_1");
        assert_eq!(s.provider_price_id, "price_pro_year");
        assert_eq!(s.status, SubscriptionStatus::Active);
        // The period from the item (API versions since 2025-03-31).
        assert_eq!(s.current_period_end, 1_830_000_000);
        assert_eq!((s.discount_name.as_deref(), s.discount_percent), (Some("Student"), 20));
        assert_eq!(s.client_secret, None);
    }

    #[test]
    fn older_shapes_and_cancellations_are_read() {
        let mut object = subscription();
        object["current_period_end"] = json!(1_820_000_000);
        object["metadata"] = json!({"tenant_id": "3", "user_id": "7"});
        object["discount"] = json!({"coupon": {"name": "Veteran", "percent_off": 150.0}});
        object["status"] = json!("canceled");
        object["cancel_at"] = json!(1_810_000_000);
        object["canceled_at"] = json!(1_800_000_000);
        object["cancellation_details"] = json!({"comment": "Too expensive", "reason": "cancellation_requested"});
        let StripeWebhook::Subscription(parsed) = parse(&event(SUBSCRIPTION_DELETED, object)).unwrap() else {
            panic!("not a subscription event");
        };
        let s = parsed.subscription;
        assert_eq!(s.current_period_end, 1_820_000_000);
        assert_eq!((s.discount_name.as_deref(), s.discount_percent), (Some("Veteran"), 100));
        assert_eq!(s.status, SubscriptionStatus::Canceled);
        assert_eq!((s.cancel_at, s.canceled_at), (Some(1_810_000_000), Some(1_800_000_000)));
        assert_eq!(s.cancellation_reason.as_deref(), Some("Too expensive"));
    }

    #[test]
    fn other_types_and_foreign_subscriptions_are_ignored() {
        let ignored = parse(&event("invoice.paid", json!({"id": "in_1"}))).unwrap();
        assert_eq!(ignored, StripeWebhook::Ignored { event_id: "evt_1".into(), event_type: "invoice.paid".into() });
        let mut object = subscription();
        object["metadata"] = json!({});
        assert!(matches!(parse(&event(SUBSCRIPTION_CREATED, object)).unwrap(), StripeWebhook::Ignored { .. }));
    }

    #[test]
    fn malformed_bodies_are_refused() {
        assert_eq!(parse(b"not json"), Err(WebhookError::Malformed));
        assert_eq!(parse(br#"{"id": "evt_1", "type": "customer.subscription.updated"}"#), Err(WebhookError::Malformed));
        let mut object = subscription();
        object["status"] = json!("exploded");
        assert_eq!(parse(&event(SUBSCRIPTION_UPDATED, object)), Err(WebhookError::MalformedSubscription));
        let mut object = subscription();
        object["items"] = json!({"data": []});
        assert_eq!(parse(&event(SUBSCRIPTION_UPDATED, object)), Err(WebhookError::MalformedSubscription));
        assert_eq!(parse(&event(SUBSCRIPTION_UPDATED, json!("sub_1"))), Err(WebhookError::MalformedSubscription));
    }
}
