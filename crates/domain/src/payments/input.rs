//! Request bodies of the payments area: the typed bodies the HTTP layer reads (and the
//! OpenAPI document describes), and the rules that turn them into checked values with the
//! spec's messages on the right field ('Specify the reason' for a cancellation without one).

use serde::Deserialize;
use utoipa::ToSchema;

use super::pricing::{Recurring, MAX_AMOUNT_CENTS};
use crate::{
    sent::{Object, Sent},
    FieldErrors,
};

pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_INTEGER: &str = "A valid integer is required.";
pub const MSG_SPECIFY_REASON: &str = "Specify the reason";
pub const MSG_NOT_NEGATIVE: &str = "Ensure this value is greater than or equal to 0.";
pub const MSG_BOOLEAN: &str = "Must be a valid boolean.";
pub const REASON_MAX: usize = 1000;
pub const URL_MAX: usize = 1000;

/// A list of ids: absent or null is none; each must be a positive whole number.
pub type SentIds = Sent<Vec<Sent<i64>>>;

fn ids(errors: &mut FieldErrors, field: &str, value: SentIds) -> Vec<i64> {
    let items = value.into_list(errors, field).unwrap_or_default();
    if items.len() > 20 {
        errors.add(field, "Ensure this field has no more than 20 elements.");
        return Vec::new();
    }
    let parsed: Option<Vec<i64>> = items.into_iter().map(|v| v.value().filter(|id| *id > 0)).collect();
    parsed.unwrap_or_else(|| {
        errors.add(field, MSG_INTEGER);
        Vec::new()
    })
}

/// A positive id; required or optional.
fn id(errors: &mut FieldErrors, field: &str, value: Sent<i64>, required: bool) -> Option<i64> {
    if value.is_missing() {
        if required {
            errors.add(field, MSG_REQUIRED);
        }
        return None;
    }
    let id = value.value().filter(|id| *id > 0);
    if id.is_none() {
        errors.add(field, MSG_INTEGER);
    }
    id
}

fn url(errors: &mut FieldErrors, field: &str, value: &Sent<String>) -> Option<String> {
    let url = value.text()?;
    if url.len() > URL_MAX {
        errors.add(field, format!("Ensure this field has no more than {URL_MAX} characters."));
        return None;
    }
    Some(url)
}

fn flag(errors: &mut FieldErrors, field: &str, value: Sent<bool>, default: bool) -> bool {
    match value {
        Sent::Absent | Sent::Null => default,
        Sent::Value(b) => b,
        Sent::WrongType => {
            errors.add(field, MSG_BOOLEAN);
            default
        }
    }
}

/// `POST /payment/create-subscription/`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreateSubscriptionInput {
    /// A price id from `GET /subscription-plans/` (`prices[].id`).
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub price_id: Sent<String>,
    /// Self-declared discounts ('I am eligible to {name} discount.').
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub discount_ids: SentIds,
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub associated_group_ids: SentIds,
    /// A path or an address on this site; defaults to /payment/success?type=subscription.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub success_url: Sent<String>,
    /// Defaults to /payment/cancel.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub cancel_url: Sent<String>,
}

/// `POST /payment/create-subscription/`, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateSubscription {
    pub price_id: String,
    pub discount_ids: Vec<i64>,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub fn create_subscription(body: CreateSubscriptionInput) -> Result<CreateSubscription, FieldErrors> {
    let mut errors = FieldErrors::new();
    let price_id = body.price_id.text();
    if price_id.is_none() {
        errors.add("price_id", MSG_REQUIRED);
    }
    let discount_ids = ids(&mut errors, "discount_ids", body.discount_ids);
    ids(&mut errors, "associated_group_ids", body.associated_group_ids);
    let success_url = url(&mut errors, "success_url", &body.success_url);
    let cancel_url = url(&mut errors, "cancel_url", &body.cancel_url);
    errors.into_result()?;
    Ok(CreateSubscription { price_id: price_id.expect("checked"), discount_ids, success_url, cancel_url })
}

/// `POST /payment/create-one-time-payment/` (spec 002 §7): a paid group's seat.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OneTimePaymentInput {
    /// group (the only kind).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub entity_type: Sent<String>,
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub group_id: Sent<i64>,
    /// A path or an address on this site; defaults to /payment/success?type=payment&group={slug}.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub success_url: Sent<String>,
    /// Defaults to the group's page.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub cancel_url: Sent<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateOneTimePayment {
    pub group_id: i64,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub const MSG_ENTITY_TYPE: &str = "\"{}\" is not a valid choice.";

pub fn create_one_time_payment(body: OneTimePaymentInput) -> Result<CreateOneTimePayment, FieldErrors> {
    let mut errors = FieldErrors::new();
    match body.entity_type {
        Sent::Absent | Sent::Null => {}
        Sent::Value(kind) if kind == "group" => {}
        Sent::Value(kind) => errors.add("entity_type", MSG_ENTITY_TYPE.replace("{}", &kind)),
        Sent::WrongType => errors.add("entity_type", "Not a valid string."),
    }
    let group_id = id(&mut errors, "group_id", body.group_id, true);
    let success_url = url(&mut errors, "success_url", &body.success_url);
    let cancel_url = url(&mut errors, "cancel_url", &body.cancel_url);
    errors.into_result()?;
    Ok(CreateOneTimePayment { group_id: group_id.expect("checked"), success_url, cancel_url })
}

/// `POST /groups/{id}/payment-voucher/`: the receipt of an offline payment.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct VoucherInput {
    /// The id of an uploaded file of the caller's (`POST /file-upload/`): an image or a PDF.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub voucher: Sent<i64>,
    /// A transfer number or other reference, at most 200 characters.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub reference: Sent<String>,
}

/// The receipt of an offline payment (an uploaded file of the caller's, image or PDF) and an
/// optional reference (a transfer number), checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentVoucher {
    pub voucher: i64,
    pub reference: Option<String>,
}

pub const REFERENCE_MAX: usize = 200;

pub fn payment_voucher(body: VoucherInput) -> Result<PaymentVoucher, FieldErrors> {
    let mut errors = FieldErrors::new();
    let voucher = id(&mut errors, "voucher", body.voucher, true);
    let reference = match body.reference {
        Sent::Absent | Sent::Null => None,
        Sent::Value(s) if s.trim().chars().count() > REFERENCE_MAX => {
            errors.add("reference", format!("Ensure this field has no more than {REFERENCE_MAX} characters."));
            None
        }
        Sent::Value(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Sent::WrongType => {
            errors.add("reference", "Not a valid string.");
            None
        }
    };
    errors.into_result()?;
    Ok(PaymentVoucher { voucher: voucher.expect("checked"), reference })
}

/// `POST /payment/donate/` and `POST /donate/`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DonateInput {
    /// The group donated to; the site's organization when absent.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group_id: Sent<i64>,
    /// A donation option's `stripe_price_id`.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub price_id: Sent<String>,
    /// A donation option's name (when it has no price id); the first option when neither is given.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub name: Sent<String>,
    /// Whole cents, 100 to 1000000.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub amount: Sent<i64>,
    /// A path or an address on this site; defaults to /payment/success?type=donation.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub success_url: Sent<String>,
    /// Defaults to the group's Donate tab.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub cancel_url: Sent<String>,
}

/// A donation to a group (the site's organization when `group_id` is absent), to one of its
/// donation options (by the option's `price_id` or `name`; the first one when neither is
/// given), of `amount` cents, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donate {
    pub group_id: Option<i64>,
    pub price_id: Option<String>,
    pub name: Option<String>,
    pub amount: i64,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub fn donate(body: DonateInput) -> Result<Donate, FieldErrors> {
    use super::one_time::{MAX_DONATION_CENTS, MIN_DONATION_CENTS};
    let mut errors = FieldErrors::new();
    let group_id = id(&mut errors, "group_id", body.group_id, false);
    let amount = match body.amount {
        Sent::Absent | Sent::Null => {
            errors.add("amount", MSG_REQUIRED);
            None
        }
        Sent::WrongType => {
            errors.add("amount", MSG_INTEGER);
            None
        }
        Sent::Value(cents) if cents < MIN_DONATION_CENTS => {
            errors.add("amount", format!("Ensure this value is greater than or equal to {MIN_DONATION_CENTS}."));
            None
        }
        Sent::Value(cents) if cents > MAX_DONATION_CENTS => {
            errors.add("amount", format!("Ensure this value is less than or equal to {MAX_DONATION_CENTS}."));
            None
        }
        Sent::Value(cents) => Some(cents),
    };
    let price_id = body.price_id.text();
    let name = body.name.text();
    for (field, value) in [("price_id", &price_id), ("name", &name)] {
        if value.as_ref().is_some_and(|v| v.chars().count() > 200) {
            errors.add(field, "Ensure this field has no more than 200 characters.");
        }
    }
    let success_url = url(&mut errors, "success_url", &body.success_url);
    let cancel_url = url(&mut errors, "cancel_url", &body.cancel_url);
    errors.into_result()?;
    Ok(Donate { group_id, price_id, name, amount: amount.expect("checked"), success_url, cancel_url })
}

/// `POST /payment/update-subscription/`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UpdateSubscriptionInput {
    /// The new price (upgrade, downgrade, monthly/yearly switch).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub price_id: Sent<String>,
    /// Takes back a cancellation that has not taken effect.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub is_renew: Sent<bool>,
    /// Required for a downgrade ('Specify the reason').
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub cancellation_reason: Sent<String>,
    /// Accepted and not used: a membership is the site's.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub entity_type: Sent<String>,
    /// Accepted and not used.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group_id: Sent<i64>,
}

/// A new price, or renewing a cancelled one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateSubscription {
    ChangePrice { price_id: String, reason: Option<String> },
    Renew,
}

pub fn update_subscription(body: UpdateSubscriptionInput) -> Result<UpdateSubscription, FieldErrors> {
    let mut errors = FieldErrors::new();
    let renew = flag(&mut errors, "is_renew", body.is_renew, false);
    let reason = reason(&mut errors, &body.cancellation_reason, false);
    let price_id = body.price_id.text();
    errors.into_result()?;
    match (renew, price_id) {
        (true, _) => Ok(UpdateSubscription::Renew),
        (false, Some(price_id)) => Ok(UpdateSubscription::ChangePrice { price_id, reason }),
        (false, None) => {
            let mut errors = FieldErrors::new();
            errors.add("price_id", MSG_REQUIRED);
            Err(errors)
        }
    }
}

fn reason(errors: &mut FieldErrors, value: &Sent<String>, required: bool) -> Option<String> {
    match value.text() {
        Some(reason) if reason.chars().count() > REASON_MAX => {
            errors.add("cancellation_reason", format!("Ensure this field has no more than {REASON_MAX} characters."));
            None
        }
        Some(reason) => Some(reason),
        None => {
            if required {
                errors.add("cancellation_reason", MSG_SPECIFY_REASON);
            }
            None
        }
    }
}

/// `POST /payment/cancel-subscription/`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CancelSubscriptionInput {
    /// Required ('Specify the reason'), at most 1000 characters.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub cancellation_reason: Sent<String>,
    /// Default true: the membership runs to the end of the period.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub cancel_at_period_end: Sent<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelSubscription {
    pub reason: String,
    pub at_period_end: bool,
}

pub fn cancel_subscription(body: CancelSubscriptionInput) -> Result<CancelSubscription, FieldErrors> {
    let mut errors = FieldErrors::new();
    let reason = reason(&mut errors, &body.cancellation_reason, true);
    let at_period_end = flag(&mut errors, "cancel_at_period_end", body.cancel_at_period_end, true);
    errors.into_result()?;
    Ok(CancelSubscription { reason: reason.expect("checked"), at_period_end })
}

/// A plan as an administrator sends it (`POST /subscription-plans/`,
/// `PATCH /subscription-plans/{id}/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = PlanInput)]
pub struct PlanBody {
    /// Required, at most 100 characters.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub name: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// 0 to 3 (0 is free); one plan per tier.
    #[schema(value_type = i16, required = true)]
    #[serde(default)]
    pub subscription_tier: Sent<i64>,
    /// 0 to 365.
    #[schema(value_type = Option<i32>)]
    #[serde(default)]
    pub trial_days: Sent<i64>,
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub included_features: Sent<Vec<Sent<String>>>,
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub excluded_features: Sent<Vec<Sent<String>>>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub use_ama: Sent<bool>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub one_to_one_chat: Sent<bool>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub can_use_premium_agents: Sent<bool>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub can_create_membership_card: Sent<bool>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub can_view_premium_resources: Sent<bool>,
    /// 0 to 100.
    #[schema(value_type = Option<i16>)]
    #[serde(default)]
    pub circle_discount_percent: Sent<i64>,
    /// One monthly and/or one yearly price.
    #[schema(value_type = Vec<PriceBody>, required = true)]
    #[serde(default)]
    pub prices: Sent<Vec<Sent<Object<PriceBody>>>>,
}

/// A price of a plan as an administrator sends it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = PriceInput)]
pub struct PriceBody {
    /// Whole cents, at least 0.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub unit_amount: Sent<i64>,
    /// The older name of `unit_amount`, read when it is absent.
    #[schema(ignore)]
    #[serde(default)]
    pub price: Sent<i64>,
    /// month or year.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub recurring: Sent<String>,
    /// The Stripe price (`price_…`) this price is sold as, when the site uses Stripe; an
    /// existing price keeps its id when this is left out.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub stripe_price_id: Sent<String>,
}

/// A price of a plan as an administrator edits it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceInput {
    pub unit_amount: i64,
    pub recurring: Recurring,
    /// The provider's price (`stripe_price_id`, e.g. `price_1Q…`) when the site uses Stripe;
    /// without it a new price gets an id of ours and an existing one keeps its id.
    pub provider_price_id: Option<String>,
}

pub const MSG_PRICE_ID: &str = "Enter a valid Stripe price id.";

/// A provider price id as Stripe makes them: letters, digits, `_` and `-`, at most 100.
fn provider_price_id(errors: &mut FieldErrors, field: &str, value: Sent<String>) -> Option<String> {
    match value {
        Sent::Absent | Sent::Null => None,
        Sent::Value(s) if s.trim().is_empty() => None,
        Sent::Value(s)
            if s.trim().len() <= 100 && s.trim().chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
        {
            Some(s.trim().to_string())
        }
        Sent::Value(_) | Sent::WrongType => {
            errors.add(field, MSG_PRICE_ID);
            None
        }
    }
}

/// A plan as an administrator edits it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanInput {
    pub name: String,
    pub description: String,
    pub subscription_tier: i16,
    pub trial_days: i32,
    pub included_features: Vec<String>,
    pub excluded_features: Vec<String>,
    pub use_ama: bool,
    pub one_to_one_chat: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
    pub circle_discount_percent: i16,
    pub prices: Vec<PriceInput>,
}

/// A whole number within `min..=max`, with the message on `field`.
fn bounded(errors: &mut FieldErrors, field: &str, value: Sent<i64>, min: i64, max: i64, default: Option<i64>) -> i64 {
    match value {
        Sent::Absent | Sent::Null => match default {
            Some(d) => d,
            None => {
                errors.add(field, MSG_REQUIRED);
                min
            }
        },
        Sent::WrongType => {
            errors.add(field, MSG_INTEGER);
            min
        }
        Sent::Value(n) if n < min => {
            errors.add(field, format!("Ensure this value is greater than or equal to {min}."));
            min
        }
        Sent::Value(n) if n > max => {
            errors.add(field, format!("Ensure this value is less than or equal to {max}."));
            min
        }
        Sent::Value(n) => n,
    }
}

fn features(errors: &mut FieldErrors, field: &str, value: Sent<Vec<Sent<String>>>) -> Vec<String> {
    match value {
        Sent::Absent | Sent::Null => Vec::new(),
        Sent::Value(items) if items.len() <= 30 => {
            let mut out = Vec::new();
            for item in items {
                match item.value().as_deref().map(str::trim) {
                    Some(s) if !s.is_empty() && s.chars().count() <= 200 => out.push(s.to_string()),
                    _ => {
                        errors.add(field, "Each feature is a text of 1 to 200 characters.");
                        return Vec::new();
                    }
                }
            }
            out
        }
        Sent::Value(_) | Sent::WrongType => {
            errors.add(field, "Expected a list of at most 30 features.");
            Vec::new()
        }
    }
}

fn unit_amount(errors: &mut FieldErrors, field: &str, value: Sent<i64>) -> i64 {
    match value {
        Sent::Absent | Sent::Null => {
            errors.add(field, MSG_REQUIRED);
            0
        }
        Sent::WrongType => {
            errors.add(field, MSG_INTEGER);
            0
        }
        Sent::Value(n) if n < 0 => {
            errors.add(field, MSG_NOT_NEGATIVE);
            0
        }
        Sent::Value(n) if n > MAX_AMOUNT_CENTS => {
            errors.add(field, format!("Ensure this value is less than or equal to {MAX_AMOUNT_CENTS}."));
            0
        }
        Sent::Value(n) => n,
    }
}

fn prices(errors: &mut FieldErrors, value: Sent<Vec<Sent<Object<PriceBody>>>>) -> Vec<PriceInput> {
    let mut prices = Vec::new();
    let items = match value {
        Sent::Value(items) if !items.is_empty() && items.len() <= 2 => items,
        _ => {
            errors.add("prices", "Give one monthly and/or one yearly price.");
            return prices;
        }
    };
    for (i, item) in items.into_iter().enumerate() {
        let field = format!("prices.{i}");
        let Some(Object(price)) = item.value() else {
            errors.add(&field, "Invalid data. Expected a dictionary.");
            continue;
        };
        let amount = if price.unit_amount == Sent::Absent { price.price } else { price.unit_amount };
        let unit_amount = unit_amount(errors, &format!("{field}.unit_amount"), amount);
        match price.recurring.value().as_deref().and_then(Recurring::parse) {
            None => errors.add(format!("{field}.recurring"), "Choose month or year."),
            Some(r) if prices.iter().any(|p: &PriceInput| p.recurring == r) => {
                errors.add(format!("{field}.recurring"), "A plan has one price per period.")
            }
            Some(r) => {
                let provider_price_id =
                    provider_price_id(errors, &format!("{field}.stripe_price_id"), price.stripe_price_id);
                prices.push(PriceInput { unit_amount, recurring: r, provider_price_id })
            }
        }
    }
    prices
}

pub fn plan(body: PlanBody) -> Result<PlanInput, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = match body.name.text() {
        Some(n) if n.chars().count() > 100 => {
            errors.add("name", "Ensure this field has no more than 100 characters.");
            n
        }
        Some(n) => n,
        None => {
            errors.add("name", MSG_REQUIRED);
            String::new()
        }
    };
    let description = body.description.text().unwrap_or_default();
    if description.chars().count() > 2000 {
        errors.add("description", "Ensure this field has no more than 2000 characters.");
    }
    let subscription_tier = bounded(&mut errors, "subscription_tier", body.subscription_tier, 0, 3, None) as i16;
    let trial_days = bounded(&mut errors, "trial_days", body.trial_days, 0, 365, Some(0)) as i32;
    let circle_discount_percent =
        bounded(&mut errors, "circle_discount_percent", body.circle_discount_percent, 0, 100, Some(0)) as i16;
    let included_features = features(&mut errors, "included_features", body.included_features);
    let excluded_features = features(&mut errors, "excluded_features", body.excluded_features);
    let prices = prices(&mut errors, body.prices);
    let checked = PlanInput {
        name,
        description,
        subscription_tier,
        trial_days,
        included_features,
        excluded_features,
        use_ama: flag(&mut errors, "use_ama", body.use_ama, false),
        one_to_one_chat: flag(&mut errors, "one_to_one_chat", body.one_to_one_chat, false),
        can_use_premium_agents: flag(&mut errors, "can_use_premium_agents", body.can_use_premium_agents, false),
        can_create_membership_card: flag(
            &mut errors,
            "can_create_membership_card",
            body.can_create_membership_card,
            false,
        ),
        can_view_premium_resources: flag(
            &mut errors,
            "can_view_premium_resources",
            body.can_view_premium_resources,
            false,
        ),
        circle_discount_percent,
        prices,
    };
    errors.into_result()?;
    Ok(checked)
}

#[cfg(test)]
mod tests;
