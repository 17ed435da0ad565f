//! Payments (spec 002 §2 "Membership and payment", §7 "Membership and payments"): one
//! [`PaymentProvider`] trait with the embedded default, the [`local::LocalCheckout`]
//! (sessions and subscriptions in our database, a card page of ours), and Stripe when it is
//! configured ([`stripe::StripeProvider`]). Whatever the provider, a subscription only changes through provider events
//! applied by [`apply`] (`store::queries::payments::apply_event`): once per event id, never
//! backwards in time.

pub mod local;
pub mod stripe;

use domain::payments::{
    events::{Applied, ProviderEvent, SubscriptionSnapshot},
    one_time::{PaymentEvent, Purpose},
};
use store::{
    entities::{subscription_plans, subscription_prices, user_subscriptions},
    queries::payments as q,
    Db, StoreError,
};

/// Why a payment call failed; each maps to a clear 4xx (or 502 for the provider).
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The request cannot be done in the subscription's state (message for the user).
    #[error("{0}")]
    Refused(String),
    /// The card was refused.
    #[error("{0}")]
    Declined(String),
    #[error("not found")]
    NotFound,
    #[error("payment provider failed: {0}")]
    Provider(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<store::sea_orm::DbErr> for PaymentError {
    fn from(err: store::sea_orm::DbErr) -> Self {
        PaymentError::Store(StoreError::Db(err))
    }
}

pub type PaymentResult<T> = Result<T, PaymentError>;

/// A subscription checkout to start: the price chosen, the discounts and trial it gets,
/// and where the buyer returns to.
#[derive(Debug, Clone)]
pub struct SubscriptionCheckout {
    pub tenant_id: i64,
    pub user_id: i64,
    /// The buyer's address (Stripe's receipts and customer).
    pub email: String,
    pub price: subscription_prices::Model,
    pub plan: subscription_plans::Model,
    pub discount_name: Option<String>,
    pub discount_percent: u8,
    /// Days of free trial (0 when the member had a subscription before).
    pub trial_days: i32,
    /// The web app's origin, for the checkout page's address.
    pub origin: String,
    pub success_url: String,
    pub cancel_url: String,
}

/// A one-time checkout to start (a paid circle or event, or a donation), provider-neutral:
/// an amount in cents and its currency, what is bought, what it is for, and where the buyer
/// returns to. A completed one comes back as a [`PaymentEvent`] applied by [`apply_payment`].
#[derive(Debug, Clone)]
pub struct OneTimeCheckout {
    pub tenant_id: i64,
    pub user_id: i64,
    /// Cents due (after discounts), more than 0.
    pub amount: i64,
    /// ISO 4217, lower case (`usd`).
    pub currency: String,
    /// What is bought, as the checkout page and the provider show it.
    pub description: String,
    /// The summed discount already taken off `amount`, 0..=100.
    pub discount_percent: u8,
    pub purpose: Purpose,
    /// The web app's origin, for the checkout page's address.
    pub origin: String,
    pub success_url: String,
    pub cancel_url: String,
}

impl OneTimeCheckout {
    /// The metadata a provider keeps with the payment and sends back with its event, from
    /// which [`OneTimeCheckout::purpose_of`] rebuilds the purpose.
    pub fn metadata(&self) -> Vec<(&'static str, String)> {
        let mut items = vec![("tenant_id", self.tenant_id.to_string()), ("user_id", self.user_id.to_string())];
        match &self.purpose {
            Purpose::Group { group_id } => {
                items.push(("kind", store::queries::one_time_payments::KIND_PAYMENT.to_string()));
                items.push(("group_id", group_id.to_string()));
            }
            Purpose::Donation { group_id, name } => {
                items.push(("kind", store::queries::one_time_payments::KIND_DONATION.to_string()));
                items.push(("group_id", group_id.to_string()));
                items.push(("donation", name.clone()));
            }
        }
        items
    }

    /// The purpose named by a payment's metadata (`kind`, `group_id`, `donation`).
    pub fn purpose_of(metadata: impl Fn(&str) -> Option<String>) -> Option<Purpose> {
        let group_id = metadata("group_id")?.parse().ok()?;
        match metadata("kind")?.as_str() {
            store::queries::one_time_payments::KIND_PAYMENT => Some(Purpose::Group { group_id }),
            store::queries::one_time_payments::KIND_DONATION => {
                Some(Purpose::Donation { group_id, name: metadata("donation").unwrap_or_default() })
            }
            _ => None,
        }
    }
}

/// A card payment provider.
#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync {
    /// `local` or `stripe`.
    fn name(&self) -> &'static str;
    /// The key a browser needs to confirm a card with the provider (Stripe only).
    fn publishable_key(&self) -> Option<String> {
        None
    }
    /// Starts a checkout; the answer is the address to send the buyer to.
    async fn start_subscription_checkout(&self, checkout: SubscriptionCheckout) -> PaymentResult<String>;
    /// Starts a one-time checkout (a paid circle or event, a donation); the answer is the
    /// address to send the buyer to.
    async fn start_one_time_checkout(&self, checkout: OneTimeCheckout) -> PaymentResult<String>;
    /// Moves the subscription to another price (upgrade, downgrade, monthly/yearly switch).
    async fn change_price(
        &self,
        subscription: &user_subscriptions::Model,
        price: &subscription_prices::Model,
        reason: Option<&str>,
    ) -> PaymentResult<()>;
    /// Takes back a cancellation that has not taken effect yet.
    async fn renew(&self, subscription: &user_subscriptions::Model) -> PaymentResult<()>;
    /// Cancels at the end of the period, or now.
    async fn cancel(
        &self,
        subscription: &user_subscriptions::Model,
        reason: &str,
        at_period_end: bool,
    ) -> PaymentResult<()>;
    /// Where the member manages billing (`POST /payment/create-customer-portal-session/`);
    /// `return_url` is the membership page they come back to.
    async fn customer_portal_url(
        &self,
        subscription: Option<&user_subscriptions::Model>,
        return_url: &str,
    ) -> PaymentResult<String>;
}

/// Applies a provider event in its own transaction (the webhook path; the local checkout
/// applies its events inside the transaction of the payment that caused them).
pub async fn apply(db: &Db, event: &ProviderEvent) -> PaymentResult<Applied> {
    match q::apply_event_now(db, event).await {
        Ok(applied) => Ok(applied),
        Err(StoreError::NotFound) => Err(PaymentError::NotFound),
        Err(err) => Err(err.into()),
    }
}

/// Applies a completed one-time payment in its own transaction (the webhook path; the
/// local checkout applies it inside the transaction of the payment).
pub async fn apply_payment(db: &Db, event: &PaymentEvent) -> PaymentResult<Applied> {
    match store::queries::one_time_payments::apply_payment_event_now(db, event).await {
        Ok(applied) => Ok(applied),
        Err(StoreError::NotFound) => Err(PaymentError::NotFound),
        Err(err) => Err(err.into()),
    }
}

/// The snapshot of a stored subscription, to change and send as the next event.
pub fn snapshot_of(subscription: &user_subscriptions::Model, provider_price_id: &str) -> SubscriptionSnapshot {
    SubscriptionSnapshot {
        provider_subscription_id: subscription.provider_subscription_id.clone(),
        tenant_id: subscription.tenant_id,
        user_id: subscription.user_id,
        provider_price_id: provider_price_id.to_string(),
        status: domain::payments::status::SubscriptionStatus::parse(&subscription.status)
            .unwrap_or(domain::payments::status::SubscriptionStatus::Canceled),
        trial_end: subscription.trial_end,
        current_period_end: subscription.current_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
        cancellation_reason: subscription.cancellation_reason.clone(),
        discount_name: subscription.discount_name.clone(),
        discount_percent: domain::payments::pricing::clamp_percent(subscription.discount_percent.into()),
        client_secret: subscription.client_secret.clone(),
    }
}

/// A random id with the provider's prefix style (`evt_local_…`).
pub fn local_id(prefix: &str) -> String {
    let bytes: [u8; 12] = rand::random();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}_local_{hex}")
}
