//! Provider events in one shape for the local checkout and the real provider's webhooks:
//! each event carries a full snapshot of the subscription (as Stripe's
//! `customer.subscription.*` events do), so applying it is "overwrite unless older".

use super::status::SubscriptionStatus;

pub const SUBSCRIPTION_CREATED: &str = "customer.subscription.created";
pub const SUBSCRIPTION_UPDATED: &str = "customer.subscription.updated";
pub const SUBSCRIPTION_DELETED: &str = "customer.subscription.deleted";

/// One provider event: its id (the replay guard), when the provider created it (Unix
/// seconds, the order guard), its type and the subscription as it was then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEvent {
    pub id: String,
    pub created: i64,
    pub event_type: String,
    pub subscription: SubscriptionSnapshot,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionSnapshot {
    pub provider_subscription_id: String,
    /// The site and member, from the subscription's metadata.
    pub tenant_id: i64,
    pub user_id: i64,
    pub provider_price_id: String,
    pub status: SubscriptionStatus,
    pub trial_end: Option<i64>,
    pub current_period_end: i64,
    pub cancel_at: Option<i64>,
    pub canceled_at: Option<i64>,
    pub cancellation_reason: Option<String>,
    pub discount_name: Option<String>,
    pub discount_percent: u8,
    /// What confirms a pending first payment (the local session id or Stripe's secret).
    pub client_secret: Option<String>,
}

/// What applying an event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// The subscription now reflects the event.
    Changed,
    /// The event id was seen before: nothing changed.
    Replayed,
    /// A later event was already applied: the event is recorded, the subscription kept.
    Stale,
}
