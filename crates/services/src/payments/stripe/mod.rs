//! Stripe: the real payment provider, on when `WAYPOINT_STRIPE_SECRET_KEY` and
//! `WAYPOINT_STRIPE_WEBHOOK_SECRET` are set. A small typed client over reqwest (form-encoded
//! requests, as Stripe's API takes them) for the five calls we make: Checkout Sessions in
//! subscription mode, coupons for the self-declared discounts, reading, updating and
//! cancelling a subscription, and customer portal sessions. Nothing here changes our
//! database: every change comes back as a signed webhook ([`webhook`], [`signature`]) and
//! goes through the same `apply_event` as the local checkout's events.

pub mod signature;
pub mod webhook;

use std::time::Duration;

use serde::{de::DeserializeOwned, Deserialize};
use store::entities::{subscription_prices, user_subscriptions};

use super::{OneTimeCheckout, PaymentError, PaymentProvider, PaymentResult, SubscriptionCheckout};

pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";
pub const MSG_NO_CUSTOMER: &str = "You have no membership to manage.";
/// Stripe's limit on a product's name (what the buyer sees on the checkout page).
const PRODUCT_NAME_MAX: usize = 250;
/// Stripe's limit on a coupon's name.
const COUPON_NAME_MAX: usize = 40;

/// How to reach Stripe. The secrets are never logged (`Debug` hides them).
#[derive(Clone)]
pub struct StripeConfig {
    pub secret_key: String,
    pub webhook_secret: String,
    /// `https://api.stripe.com`, or a local fake in tests.
    pub api_base: String,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("secret_key", &"<redacted>")
            .field("webhook_secret", &"<redacted>")
            .field("api_base", &self.api_base)
            .finish()
    }
}

impl StripeConfig {
    /// Stripe is on when both secrets are set; one without the other is a mistake.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let api_base = get("WAYPOINT_STRIPE_API_BASE").unwrap_or_else(|| DEFAULT_API_BASE.to_string());
        if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
            return Err("WAYPOINT_STRIPE_API_BASE must be an http(s) URL".into());
        }
        match (get("WAYPOINT_STRIPE_SECRET_KEY"), get("WAYPOINT_STRIPE_WEBHOOK_SECRET")) {
            (Some(secret_key), Some(webhook_secret)) => Ok(Some(StripeConfig {
                secret_key,
                webhook_secret,
                api_base: api_base.trim_end_matches('/').to_string(),
            })),
            (None, None) => Ok(None),
            _ => Err("WAYPOINT_STRIPE_SECRET_KEY and WAYPOINT_STRIPE_WEBHOOK_SECRET are needed together".into()),
        }
    }
}

/// The provider over Stripe's HTTP API.
pub struct StripeProvider {
    config: StripeConfig,
    client: reqwest::Client,
}

type Form = Vec<(String, String)>;

fn field(form: &mut Form, key: &str, value: impl ToString) {
    form.push((key.to_string(), value.to_string()));
}

#[derive(Deserialize)]
struct ErrorAnswer {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    message: Option<String>,
}

#[derive(Deserialize)]
struct Created {
    id: String,
}

#[derive(Deserialize)]
struct WithUrl {
    url: Option<String>,
}

#[derive(Deserialize)]
struct Subscription {
    customer: String,
    status: String,
    items: SubscriptionItems,
    latest_invoice: Option<Invoice>,
}

#[derive(Deserialize)]
struct SubscriptionItems {
    data: Vec<SubscriptionItem>,
}

#[derive(Deserialize)]
struct SubscriptionItem {
    id: String,
}

#[derive(Deserialize)]
struct Invoice {
    hosted_invoice_url: Option<String>,
}

impl StripeProvider {
    pub fn new(config: StripeConfig) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(10))
            .user_agent("Waypoint")
            .build()
            .unwrap_or_default();
        StripeProvider { config, client }
    }

    /// The secret that signs this endpoint's webhooks.
    pub fn webhook_secret(&self) -> &str {
        &self.config.webhook_secret
    }

    /// One call: the form in the body (POST) or the query (GET, DELETE); a refusal by Stripe
    /// or a network failure is a provider error carrying Stripe's message, never our key.
    async fn call<T: DeserializeOwned>(&self, method: reqwest::Method, path: &str, form: &Form) -> PaymentResult<T> {
        let url = format!("{}{path}", self.config.api_base);
        let mut request = self.client.request(method.clone(), url).bearer_auth(&self.config.secret_key);
        request = if method == reqwest::Method::POST { request.form(form) } else { request.query(form) };
        let response = request.send().await.map_err(|err| PaymentError::Provider(err.without_url().to_string()))?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(|err| PaymentError::Provider(err.without_url().to_string()))?;
        if !status.is_success() {
            let message = serde_json::from_slice::<ErrorAnswer>(&bytes)
                .ok()
                .and_then(|answer| answer.error.message)
                .unwrap_or_else(|| format!("HTTP {status}"));
            return Err(PaymentError::Provider(format!("Stripe {path}: {message}")));
        }
        serde_json::from_slice(&bytes).map_err(|err| PaymentError::Provider(format!("Stripe {path}: {err}")))
    }

    async fn subscription(&self, id: &str, with_invoice: bool) -> PaymentResult<Subscription> {
        let mut query = Form::new();
        if with_invoice {
            field(&mut query, "expand[]", "latest_invoice");
        }
        self.call(reqwest::Method::GET, &format!("/v1/subscriptions/{id}"), &query).await
    }

    async fn update(&self, id: &str, form: Form) -> PaymentResult<()> {
        self.call::<Created>(reqwest::Method::POST, &format!("/v1/subscriptions/{id}"), &form).await.map(|_| ())
    }

    /// A single-use coupon for the member's self-declared discounts (summed, capped at 100 %).
    async fn coupon(&self, checkout: &SubscriptionCheckout) -> PaymentResult<String> {
        let mut form = Form::new();
        field(&mut form, "percent_off", checkout.discount_percent);
        field(&mut form, "duration", "forever");
        field(&mut form, "max_redemptions", 1);
        if let Some(name) = &checkout.discount_name {
            field(&mut form, "name", name.chars().take(COUPON_NAME_MAX).collect::<String>());
        }
        field(&mut form, "metadata[tenant_id]", checkout.tenant_id);
        field(&mut form, "metadata[user_id]", checkout.user_id);
        Ok(self.call::<Created>(reqwest::Method::POST, "/v1/coupons", &form).await?.id)
    }
}

#[async_trait::async_trait]
impl PaymentProvider for StripeProvider {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn start_subscription_checkout(&self, checkout: SubscriptionCheckout) -> PaymentResult<String> {
        let coupon = if checkout.discount_percent > 0 { Some(self.coupon(&checkout).await?) } else { None };
        let mut form = Form::new();
        field(&mut form, "mode", "subscription");
        field(&mut form, "line_items[0][price]", &checkout.price.provider_price_id);
        field(&mut form, "line_items[0][quantity]", 1);
        field(&mut form, "success_url", &checkout.success_url);
        field(&mut form, "cancel_url", &checkout.cancel_url);
        field(&mut form, "customer_email", &checkout.email);
        field(&mut form, "client_reference_id", checkout.user_id);
        for prefix in ["metadata", "subscription_data[metadata]"] {
            field(&mut form, &format!("{prefix}[{}]", webhook::META_TENANT), checkout.tenant_id);
            field(&mut form, &format!("{prefix}[{}]", webhook::META_USER), checkout.user_id);
        }
        if let Some(name) = &checkout.discount_name {
            field(&mut form, &format!("subscription_data[metadata][{}]", webhook::META_DISCOUNT_NAME), name);
            field(
                &mut form,
                &format!("subscription_data[metadata][{}]", webhook::META_DISCOUNT_PERCENT),
                checkout.discount_percent,
            );
        }
        if checkout.trial_days > 0 {
            field(&mut form, "subscription_data[trial_period_days]", checkout.trial_days);
        }
        if let Some(coupon) = coupon {
            field(&mut form, "discounts[0][coupon]", coupon);
        }
        let session: WithUrl = self.call(reqwest::Method::POST, "/v1/checkout/sessions", &form).await?;
        session.url.ok_or_else(|| PaymentError::Provider("Stripe gave the checkout session no address".into()))
    }

    /// A Checkout Session in payment mode for an amount of ours (no Stripe price: paid groups
    /// and donations are priced here). The purpose travels in the session's metadata and comes
    /// back with `checkout.session.completed` ([`webhook::parse`]).
    async fn start_one_time_checkout(&self, checkout: OneTimeCheckout) -> PaymentResult<String> {
        let mut form = Form::new();
        field(&mut form, "mode", "payment");
        field(&mut form, "line_items[0][quantity]", 1);
        field(&mut form, "line_items[0][price_data][currency]", &checkout.currency);
        field(&mut form, "line_items[0][price_data][unit_amount]", checkout.amount);
        let name: String = checkout.description.chars().take(PRODUCT_NAME_MAX).collect();
        field(&mut form, "line_items[0][price_data][product_data][name]", name);
        field(&mut form, "success_url", &checkout.success_url);
        field(&mut form, "cancel_url", &checkout.cancel_url);
        field(&mut form, "client_reference_id", checkout.user_id);
        for (key, value) in checkout.metadata() {
            field(&mut form, &format!("metadata[{key}]"), value);
        }
        let session: WithUrl = self.call(reqwest::Method::POST, "/v1/checkout/sessions", &form).await?;
        session.url.ok_or_else(|| PaymentError::Provider("Stripe gave the checkout session no address".into()))
    }

    async fn change_price(
        &self,
        subscription: &user_subscriptions::Model,
        price: &subscription_prices::Model,
        reason: Option<&str>,
    ) -> PaymentResult<()> {
        let id = &subscription.provider_subscription_id;
        let current = self.subscription(id, false).await?;
        let item =
            current.items.data.first().ok_or_else(|| PaymentError::Provider("subscription without items".into()))?;
        let mut form = Form::new();
        field(&mut form, "items[0][id]", &item.id);
        field(&mut form, "items[0][price]", &price.provider_price_id);
        field(&mut form, "proration_behavior", "create_prorations");
        field(&mut form, "cancel_at_period_end", false);
        // An empty value removes the key from Stripe's metadata.
        field(&mut form, &format!("metadata[{}]", webhook::META_REASON), reason.unwrap_or_default());
        self.update(id, form).await
    }

    async fn renew(&self, subscription: &user_subscriptions::Model) -> PaymentResult<()> {
        let mut form = Form::new();
        field(&mut form, "cancel_at_period_end", false);
        field(&mut form, &format!("metadata[{}]", webhook::META_REASON), "");
        self.update(&subscription.provider_subscription_id, form).await
    }

    async fn cancel(
        &self,
        subscription: &user_subscriptions::Model,
        reason: &str,
        at_period_end: bool,
    ) -> PaymentResult<()> {
        let id = &subscription.provider_subscription_id;
        let mut form = Form::new();
        field(&mut form, "cancellation_details[comment]", reason);
        if at_period_end {
            field(&mut form, "cancel_at_period_end", true);
            field(&mut form, &format!("metadata[{}]", webhook::META_REASON), reason);
            self.update(id, form).await
        } else {
            self.call::<Created>(reqwest::Method::DELETE, &format!("/v1/subscriptions/{id}"), &form).await.map(|_| ())
        }
    }

    /// Stripe's customer portal for the subscription's customer; while the first payment is
    /// pending (`incomplete`), the hosted page of the unpaid invoice instead, where the member
    /// completes the card's confirmation (Resolve Now).
    async fn customer_portal_url(
        &self,
        subscription: Option<&user_subscriptions::Model>,
        return_url: &str,
    ) -> PaymentResult<String> {
        let subscription = subscription.ok_or_else(|| PaymentError::Refused(MSG_NO_CUSTOMER.into()))?;
        let current = self.subscription(&subscription.provider_subscription_id, true).await?;
        if current.status == "incomplete" {
            if let Some(url) = current.latest_invoice.and_then(|invoice| invoice.hosted_invoice_url) {
                return Ok(url);
            }
        }
        let mut form = Form::new();
        field(&mut form, "customer", &current.customer);
        field(&mut form, "return_url", return_url);
        let session: WithUrl = self.call(reqwest::Method::POST, "/v1/billing_portal/sessions", &form).await?;
        session.url.ok_or_else(|| PaymentError::Provider("Stripe gave the portal session no address".into()))
    }
}
