//! The local checkout: the embedded default payment provider. A checkout session is a row
//! of ours and `/checkout/{session}` a page of ours where the buyer types a card number;
//! the test numbers decide the outcome (`domain::payments::cards`). What happens to the
//! subscription is sent as provider events through the same `apply_event` as the real
//! provider's webhooks, inside the transaction that records the payment, so a declined card
//! or a failure half-way leaves nothing paid.

use domain::payments::{
    cards::{parse_card, CardOutcome, MSG_CARD_DECLINED},
    events::{ProviderEvent, SubscriptionSnapshot, SUBSCRIPTION_CREATED, SUBSCRIPTION_DELETED, SUBSCRIPTION_UPDATED},
    one_time::{PaymentEvent, Purpose},
    pricing::{discounted, Recurring},
    status::SubscriptionStatus,
};
use store::{
    entities::{checkout_sessions, subscription_prices, user_subscriptions},
    queries::{one_time_payments as one_time, payments as q},
    sea_orm::ConnectionTrait,
    Db, StoreError,
};

use super::{
    local_id, snapshot_of, OneTimeCheckout, PaymentError, PaymentProvider, PaymentResult, SubscriptionCheckout,
};

pub const MSG_SESSION_DONE: &str = "This checkout is already complete.";
pub const MSG_NOT_PENDING: &str = "There is no pending payment to confirm.";

pub struct LocalCheckout {
    db: Db,
}

/// What a card payment on the checkout page did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayOutcome {
    /// Paid: go to the session's success address.
    Paid { redirect: String },
    /// The bank wants the payment confirmed; the subscription waits, pending.
    Pending,
}

fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn event(event_type: &str, subscription: SubscriptionSnapshot) -> ProviderEvent {
    ProviderEvent { id: local_id("evt"), created: unix_now(), event_type: event_type.to_string(), subscription }
}

async fn apply_in(txn: &impl ConnectionTrait, event: &ProviderEvent) -> PaymentResult<()> {
    match q::apply_event(txn, event).await {
        Ok(_) => Ok(()),
        Err(StoreError::NotFound) => Err(PaymentError::NotFound),
        Err(err) => Err(err.into()),
    }
}

/// What a one-time session pays for.
pub fn purpose_of_session(session: &checkout_sessions::Model) -> PaymentResult<Purpose> {
    let group_id = session.group_id.ok_or(PaymentError::NotFound)?;
    match session.kind.as_str() {
        one_time::KIND_PAYMENT => Ok(Purpose::Group { group_id }),
        one_time::KIND_DONATION => {
            Ok(Purpose::Donation { group_id, name: session.description.clone().unwrap_or_default() })
        }
        _ => Err(PaymentError::NotFound),
    }
}

/// Refuses, before any card is charged, a payment for a seat of a full group (the caller
/// holds no accepted seat) or one already paid. Locks the group row for the transaction.
async fn check_seat(txn: &impl ConnectionTrait, session: &checkout_sessions::Model) -> PaymentResult<()> {
    let Purpose::Group { group_id } = purpose_of_session(session)? else { return Ok(()) };
    let group = one_time::lock_group(txn, session.tenant_id, group_id).await?.ok_or(PaymentError::NotFound)?;
    let (current, is_full) = one_time::seat_state(txn, &group, session.user_id).await?;
    let accepted = current.as_ref().is_some_and(|m| m.status == domain::groups::membership::STATUS_ACCEPTED);
    let paid = current.as_ref().and_then(|m| m.payment_status.as_deref())
        == Some(domain::groups::membership::PAYMENT_CONFIRMED);
    if paid {
        return Err(PaymentError::Refused(
            domain::payments::one_time::MSG_ALREADY_PAID.replace("group", &group.group_type),
        ));
    }
    if !accepted && is_full {
        return Err(PaymentError::Refused(domain::groups::membership::MSG_FULL.into()));
    }
    Ok(())
}

async fn apply_payment_in(txn: &impl ConnectionTrait, session: &checkout_sessions::Model) -> PaymentResult<()> {
    let event = PaymentEvent {
        id: local_id("evt"),
        created: unix_now(),
        tenant_id: session.tenant_id,
        user_id: session.user_id,
        session_id: session.id.clone(),
        amount: session.amount,
        purpose: purpose_of_session(session)?,
    };
    match one_time::apply_payment_event(txn, &event).await {
        Ok(_) => Ok(()),
        Err(StoreError::NotFound) => Err(PaymentError::NotFound),
        Err(err) => Err(err.into()),
    }
}

impl LocalCheckout {
    pub fn new(db: Db) -> Self {
        LocalCheckout { db }
    }

    /// The session of the buyer on the site; another member's or another site's is missing.
    pub async fn session(&self, tenant_id: i64, user_id: i64, id: &str) -> PaymentResult<checkout_sessions::Model> {
        q::find_session(&self.db, id)
            .await?
            .filter(|s| s.tenant_id == tenant_id && s.user_id == user_id)
            .ok_or(PaymentError::NotFound)
    }

    /// Pays an open session with the typed card. A declined or mistyped card records the
    /// failed attempt and leaves the session open for another try.
    pub async fn pay(&self, tenant_id: i64, user_id: i64, session_id: &str, card: &str) -> PaymentResult<PayOutcome> {
        let session = self.session(tenant_id, user_id, session_id).await?;
        let (last4, outcome) = parse_card(card).map_err(|m| PaymentError::Declined(m.to_string()))?;
        let txn = store::begin_write(&self.db).await?;
        let session = q::find_session(&txn, &session.id).await?.ok_or(PaymentError::NotFound)?;
        if session.status != q::SESSION_OPEN {
            return Err(PaymentError::Refused(MSG_SESSION_DONE.into()));
        }
        if outcome == CardOutcome::Declined {
            q::record_payment(&txn, &session, session.amount, q::PAYMENT_FAILED, &last4).await?;
            txn.commit().await?;
            return Err(PaymentError::Declined(MSG_CARD_DECLINED.into()));
        }
        let pending = outcome == CardOutcome::RequiresConfirmation;
        if session.kind != q::KIND_SUBSCRIPTION {
            return self.pay_one_time(txn, session, pending, &last4).await;
        }
        let subscription_id = local_id("sub");
        let (to, payment) = if pending {
            (q::SESSION_PENDING, q::PAYMENT_PENDING)
        } else {
            (q::SESSION_COMPLETE, q::PAYMENT_SUCCEEDED)
        };
        if !q::move_session(&txn, &session.id, q::SESSION_OPEN, to, Some(&subscription_id)).await? {
            return Err(PaymentError::Refused(MSG_SESSION_DONE.into()));
        }
        q::record_payment(&txn, &session, session.amount, payment, &last4).await?;
        let price_id = session.price_id.ok_or(PaymentError::NotFound)?;
        let (price, plan) = q::price_by_id(&txn, price_id).await?;
        // A member with a subscription already (one that ended) gets no second trial.
        let had_one = q::ever_subscribed(&txn, session.tenant_id, session.user_id).await?;
        let now = unix_now();
        let trial_end = (plan.trial_days > 0 && !had_one).then(|| now + i64::from(plan.trial_days) * 86_400);
        let recurring = Recurring::parse(&price.recurring).unwrap_or(Recurring::Month);
        let status = match (pending, trial_end) {
            (true, _) => SubscriptionStatus::Incomplete,
            (false, Some(_)) => SubscriptionStatus::Trialing,
            (false, None) => SubscriptionStatus::Active,
        };
        let snapshot = SubscriptionSnapshot {
            provider_subscription_id: subscription_id,
            tenant_id: session.tenant_id,
            user_id: session.user_id,
            provider_price_id: price.provider_price_id.clone(),
            status,
            trial_end,
            current_period_end: trial_end.unwrap_or_else(|| recurring.period_end(now)),
            cancel_at: None,
            canceled_at: None,
            cancellation_reason: None,
            discount_name: session.discount_name.clone(),
            discount_percent: domain::payments::pricing::clamp_percent(session.discount_percent.into()),
            client_secret: pending.then(|| session.id.clone()),
        };
        apply_in(&txn, &event(SUBSCRIPTION_CREATED, snapshot)).await?;
        txn.commit().await?;
        Ok(if pending { PayOutcome::Pending } else { PayOutcome::Paid { redirect: session.success_url } })
    }

    /// A one-time session's card payment inside `txn`: a paid seat must still be free (the
    /// group row is locked while the seats are counted, so of two payments for the last seat
    /// one wins and the other's card is not charged); then the payment is recorded and, when
    /// not pending, applied as a [`PaymentEvent`] through the same path as the webhook's.
    async fn pay_one_time(
        &self,
        txn: store::sea_orm::DatabaseTransaction,
        session: checkout_sessions::Model,
        pending: bool,
        last4: &str,
    ) -> PaymentResult<PayOutcome> {
        check_seat(&txn, &session).await?;
        let to = if pending { q::SESSION_PENDING } else { q::SESSION_COMPLETE };
        if !q::move_session(&txn, &session.id, q::SESSION_OPEN, to, None).await? {
            return Err(PaymentError::Refused(MSG_SESSION_DONE.into()));
        }
        let payment = if pending { q::PAYMENT_PENDING } else { q::PAYMENT_SUCCEEDED };
        q::record_payment(&txn, &session, session.amount, payment, last4).await?;
        if !pending {
            apply_payment_in(&txn, &session).await?;
        }
        txn.commit().await?;
        Ok(if pending { PayOutcome::Pending } else { PayOutcome::Paid { redirect: session.success_url } })
    }

    /// Confirms the pending payment of a session (the bank's confirmation step).
    pub async fn confirm(&self, tenant_id: i64, user_id: i64, session_id: &str) -> PaymentResult<String> {
        let session = self.session(tenant_id, user_id, session_id).await?;
        let txn = store::begin_write(&self.db).await?;
        if session.kind != q::KIND_SUBSCRIPTION {
            check_seat(&txn, &session).await?;
            if !q::move_session(&txn, &session.id, q::SESSION_PENDING, q::SESSION_COMPLETE, None).await? {
                return Err(PaymentError::Refused(MSG_NOT_PENDING.into()));
            }
            q::confirm_pending_payment(&txn, &session.id).await?;
            apply_payment_in(&txn, &session).await?;
            txn.commit().await?;
            return Ok(session.success_url);
        }
        if !q::move_session(&txn, &session.id, q::SESSION_PENDING, q::SESSION_COMPLETE, None).await? {
            return Err(PaymentError::Refused(MSG_NOT_PENDING.into()));
        }
        q::confirm_pending_payment(&txn, &session.id).await?;
        let subscription = q::subscription_of(&txn, session.tenant_id, session.user_id).await?;
        let subscription = subscription
            .filter(|s| Some(&s.provider_subscription_id) == session.provider_subscription_id.as_ref())
            .ok_or(PaymentError::NotFound)?;
        let (price, _) = q::price_by_id(&txn, subscription.price_id).await?;
        let mut snapshot = snapshot_of(&subscription, &price.provider_price_id);
        if snapshot.status == SubscriptionStatus::Incomplete {
            snapshot.status = if snapshot.trial_end.is_some_and(|end| end > unix_now()) {
                SubscriptionStatus::Trialing
            } else {
                SubscriptionStatus::Active
            };
            snapshot.client_secret = None;
            apply_in(&txn, &event(SUBSCRIPTION_UPDATED, snapshot)).await?;
        }
        txn.commit().await?;
        Ok(session.success_url)
    }

    async fn send(
        &self,
        subscription: &user_subscriptions::Model,
        event_type: &str,
        change: impl FnOnce(&mut SubscriptionSnapshot),
        provider_price_id: Option<&str>,
    ) -> PaymentResult<()> {
        let txn = store::begin_write(&self.db).await?;
        let (price, _) = q::price_by_id(&txn, subscription.price_id).await?;
        let mut snapshot = snapshot_of(subscription, provider_price_id.unwrap_or(&price.provider_price_id));
        change(&mut snapshot);
        apply_in(&txn, &event(event_type, snapshot)).await?;
        txn.commit().await?;
        Ok(())
    }
}

#[async_trait::async_trait]
impl PaymentProvider for LocalCheckout {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn start_subscription_checkout(&self, checkout: SubscriptionCheckout) -> PaymentResult<String> {
        let id = local_id("cs");
        let amount =
            if checkout.trial_days > 0 { 0 } else { discounted(checkout.price.unit_amount, checkout.discount_percent) };
        q::create_session(
            &self.db,
            q::NewSession {
                id: &id,
                tenant_id: checkout.tenant_id,
                user_id: checkout.user_id,
                kind: q::KIND_SUBSCRIPTION,
                price_id: Some(checkout.price.id),
                amount,
                discount_name: checkout.discount_name.clone(),
                discount_percent: checkout.discount_percent,
                success_url: &checkout.success_url,
                cancel_url: &checkout.cancel_url,
                group_id: None,
                description: None,
            },
        )
        .await?;
        Ok(format!("{}/checkout/{id}", checkout.origin.trim_end_matches('/')))
    }

    async fn start_one_time_checkout(&self, checkout: OneTimeCheckout) -> PaymentResult<String> {
        let id = local_id("cs");
        let (kind, group_id) = match &checkout.purpose {
            Purpose::Group { group_id } => (one_time::KIND_PAYMENT, *group_id),
            Purpose::Donation { group_id, .. } => (one_time::KIND_DONATION, *group_id),
        };
        let description = match &checkout.purpose {
            Purpose::Donation { name, .. } => name.clone(),
            Purpose::Group { .. } => checkout.description.clone(),
        };
        q::create_session(
            &self.db,
            q::NewSession {
                id: &id,
                tenant_id: checkout.tenant_id,
                user_id: checkout.user_id,
                kind,
                price_id: None,
                amount: checkout.amount,
                discount_name: None,
                discount_percent: checkout.discount_percent,
                success_url: &checkout.success_url,
                cancel_url: &checkout.cancel_url,
                group_id: Some(group_id),
                description: Some(description),
            },
        )
        .await?;
        Ok(format!("{}/checkout/{id}", checkout.origin.trim_end_matches('/')))
    }

    async fn change_price(
        &self,
        subscription: &user_subscriptions::Model,
        price: &subscription_prices::Model,
        reason: Option<&str>,
    ) -> PaymentResult<()> {
        let (old, _) = q::price_by_id(&self.db, subscription.price_id).await?;
        let switched = old.recurring != price.recurring;
        let recurring = Recurring::parse(&price.recurring).unwrap_or(Recurring::Month);
        let now = unix_now();
        self.send(
            subscription,
            SUBSCRIPTION_UPDATED,
            |s| {
                // A new period starts when the billing period changes (month <-> year).
                if switched && s.status != SubscriptionStatus::Trialing {
                    s.current_period_end = recurring.period_end(now);
                }
                s.cancel_at = None;
                s.canceled_at = None;
                s.cancellation_reason = reason.map(str::to_string);
            },
            Some(&price.provider_price_id),
        )
        .await
    }

    async fn renew(&self, subscription: &user_subscriptions::Model) -> PaymentResult<()> {
        self.send(
            subscription,
            SUBSCRIPTION_UPDATED,
            |s| {
                s.cancel_at = None;
                s.canceled_at = None;
                s.cancellation_reason = None;
            },
            None,
        )
        .await
    }

    async fn cancel(
        &self,
        subscription: &user_subscriptions::Model,
        reason: &str,
        at_period_end: bool,
    ) -> PaymentResult<()> {
        let now = unix_now();
        let event_type = if at_period_end { SUBSCRIPTION_UPDATED } else { SUBSCRIPTION_DELETED };
        self.send(
            subscription,
            event_type,
            |s| {
                s.canceled_at = Some(now);
                s.cancellation_reason = Some(reason.to_string());
                if at_period_end {
                    s.cancel_at = Some(s.current_period_end);
                } else {
                    s.cancel_at = Some(now);
                    s.status = SubscriptionStatus::Canceled;
                }
            },
            None,
        )
        .await
    }

    /// The local checkout keeps no billing account: the membership page is where a member
    /// manages their plan.
    async fn customer_portal_url(
        &self,
        _subscription: Option<&user_subscriptions::Model>,
        return_url: &str,
    ) -> PaymentResult<String> {
        Ok(return_url.to_string())
    }
}
