//! Request bodies of the payments area, parsed into checked types with the spec's messages
//! on the right field ('Specify the reason' for a cancellation without one).

use serde_json::Value;

use super::pricing::{Recurring, MAX_AMOUNT_CENTS};
use crate::FieldErrors;

pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_INTEGER: &str = "A valid integer is required.";
pub const MSG_SPECIFY_REASON: &str = "Specify the reason";
pub const MSG_NOT_NEGATIVE: &str = "Ensure this value is greater than or equal to 0.";
pub const REASON_MAX: usize = 1000;
pub const URL_MAX: usize = 1000;

/// A whole number sent as a JSON number (not a fraction, not a string of one).
fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        _ => None,
    }
}

fn text(value: Option<&Value>) -> Option<String> {
    match value {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        _ => None,
    }
}

fn ids(errors: &mut FieldErrors, field: &str, value: Option<&Value>) -> Vec<i64> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) if items.len() <= 20 => {
            let parsed: Option<Vec<i64>> = items.iter().map(|v| integer(v).filter(|id| *id > 0)).collect();
            parsed.unwrap_or_else(|| {
                errors.add(field, MSG_INTEGER);
                Vec::new()
            })
        }
        Some(Value::Array(_)) => {
            errors.add(field, "Ensure this field has no more than 20 elements.");
            Vec::new()
        }
        Some(_) => {
            errors.add(field, "Expected a list of items.");
            Vec::new()
        }
    }
}

fn url(errors: &mut FieldErrors, field: &str, value: Option<&Value>) -> Option<String> {
    let url = text(value)?;
    if url.len() > URL_MAX {
        errors.add(field, format!("Ensure this field has no more than {URL_MAX} characters."));
        return None;
    }
    Some(url)
}

fn object(body: &Value) -> Result<&serde_json::Map<String, Value>, FieldErrors> {
    body.as_object().ok_or_else(|| {
        let mut errors = FieldErrors::new();
        errors.add("non_field_errors", "Invalid data. Expected a dictionary.");
        errors
    })
}

/// `POST /payment/create-subscription/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateSubscription {
    pub price_id: String,
    pub discount_ids: Vec<i64>,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub fn create_subscription(body: &Value) -> Result<CreateSubscription, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let price_id = text(map.get("price_id"));
    if price_id.is_none() {
        errors.add("price_id", MSG_REQUIRED);
    }
    let discount_ids = ids(&mut errors, "discount_ids", map.get("discount_ids"));
    ids(&mut errors, "associated_group_ids", map.get("associated_group_ids"));
    let success_url = url(&mut errors, "success_url", map.get("success_url"));
    let cancel_url = url(&mut errors, "cancel_url", map.get("cancel_url"));
    errors.into_result()?;
    Ok(CreateSubscription { price_id: price_id.expect("checked"), discount_ids, success_url, cancel_url })
}

/// `POST /payment/create-one-time-payment/` (spec 002 §7): a paid group's seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateOneTimePayment {
    pub group_id: i64,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub const MSG_ENTITY_TYPE: &str = "\"{}\" is not a valid choice.";

pub fn create_one_time_payment(body: &Value) -> Result<CreateOneTimePayment, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    match map.get("entity_type") {
        None | Some(Value::Null) => {}
        Some(Value::String(kind)) if kind == "group" => {}
        Some(Value::String(kind)) => errors.add("entity_type", MSG_ENTITY_TYPE.replace("{}", kind)),
        Some(_) => errors.add("entity_type", "Not a valid string."),
    }
    let group_id = match map.get("group_id") {
        None | Some(Value::Null) => {
            errors.add("group_id", MSG_REQUIRED);
            None
        }
        Some(value) => {
            let id = integer(value).filter(|id| *id > 0);
            if id.is_none() {
                errors.add("group_id", MSG_INTEGER);
            }
            id
        }
    };
    let success_url = url(&mut errors, "success_url", map.get("success_url"));
    let cancel_url = url(&mut errors, "cancel_url", map.get("cancel_url"));
    errors.into_result()?;
    Ok(CreateOneTimePayment { group_id: group_id.expect("checked"), success_url, cancel_url })
}

/// `POST /groups/{id}/payment-voucher/`: the receipt of an offline payment (an uploaded
/// file of the caller's, image or PDF) and an optional reference (a transfer number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentVoucher {
    pub voucher: i64,
    pub reference: Option<String>,
}

pub const REFERENCE_MAX: usize = 200;

pub fn payment_voucher(body: &Value) -> Result<PaymentVoucher, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let voucher = match map.get("voucher") {
        None | Some(Value::Null) => {
            errors.add("voucher", MSG_REQUIRED);
            None
        }
        Some(value) => {
            let id = integer(value).filter(|id| *id > 0);
            if id.is_none() {
                errors.add("voucher", MSG_INTEGER);
            }
            id
        }
    };
    let reference = match map.get("reference") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().chars().count() > REFERENCE_MAX => {
            errors.add("reference", format!("Ensure this field has no more than {REFERENCE_MAX} characters."));
            None
        }
        Some(Value::String(s)) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Some(_) => {
            errors.add("reference", "Not a valid string.");
            None
        }
    };
    errors.into_result()?;
    Ok(PaymentVoucher { voucher: voucher.expect("checked"), reference })
}

/// `POST /payment/donate/` and `POST /donate/`: a donation to a group (the site's
/// organization when `group_id` is absent), to one of its donation options (by the option's
/// `price_id` or `name`; the first one when neither is given), of `amount` cents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donate {
    pub group_id: Option<i64>,
    pub price_id: Option<String>,
    pub name: Option<String>,
    pub amount: i64,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
}

pub fn donate(body: &Value) -> Result<Donate, FieldErrors> {
    use super::one_time::{MAX_DONATION_CENTS, MIN_DONATION_CENTS};
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let group_id = match map.get("group_id") {
        None | Some(Value::Null) => None,
        Some(value) => {
            let id = integer(value).filter(|id| *id > 0);
            if id.is_none() {
                errors.add("group_id", MSG_INTEGER);
            }
            id
        }
    };
    let amount = match map.get("amount") {
        None | Some(Value::Null) => {
            errors.add("amount", MSG_REQUIRED);
            None
        }
        Some(value) => match integer(value) {
            None => {
                errors.add("amount", MSG_INTEGER);
                None
            }
            Some(cents) if cents < MIN_DONATION_CENTS => {
                errors.add("amount", format!("Ensure this value is greater than or equal to {MIN_DONATION_CENTS}."));
                None
            }
            Some(cents) if cents > MAX_DONATION_CENTS => {
                errors.add("amount", format!("Ensure this value is less than or equal to {MAX_DONATION_CENTS}."));
                None
            }
            Some(cents) => Some(cents),
        },
    };
    let price_id = text(map.get("price_id"));
    let name = text(map.get("name"));
    for (field, value) in [("price_id", &price_id), ("name", &name)] {
        if value.as_ref().is_some_and(|v| v.chars().count() > 200) {
            errors.add(field, "Ensure this field has no more than 200 characters.");
        }
    }
    let success_url = url(&mut errors, "success_url", map.get("success_url"));
    let cancel_url = url(&mut errors, "cancel_url", map.get("cancel_url"));
    errors.into_result()?;
    Ok(Donate { group_id, price_id, name, amount: amount.expect("checked"), success_url, cancel_url })
}

/// `POST /payment/update-subscription/`: a new price, or renewing a cancelled one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateSubscription {
    ChangePrice { price_id: String, reason: Option<String> },
    Renew,
}

pub fn update_subscription(body: &Value) -> Result<UpdateSubscription, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let renew = match map.get("is_renew") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            errors.add("is_renew", "Must be a valid boolean.");
            false
        }
    };
    let reason = reason(&mut errors, map.get("cancellation_reason"), false);
    let price_id = text(map.get("price_id"));
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

fn reason(errors: &mut FieldErrors, value: Option<&Value>, required: bool) -> Option<String> {
    match text(value) {
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelSubscription {
    pub reason: String,
    pub at_period_end: bool,
}

pub fn cancel_subscription(body: &Value) -> Result<CancelSubscription, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let reason = reason(&mut errors, map.get("cancellation_reason"), true);
    let at_period_end = match map.get("cancel_at_period_end") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            errors.add("cancel_at_period_end", "Must be a valid boolean.");
            true
        }
    };
    errors.into_result()?;
    Ok(CancelSubscription { reason: reason.expect("checked"), at_period_end })
}

/// A price of a plan as an administrator edits it.
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
fn provider_price_id(errors: &mut FieldErrors, field: &str, value: Option<&Value>) -> Option<String> {
    match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s))
            if s.trim().len() <= 100 && s.trim().chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
        {
            Some(s.trim().to_string())
        }
        Some(_) => {
            errors.add(field, MSG_PRICE_ID);
            None
        }
    }
}

/// A plan as an administrator edits it (`POST /subscription-plans/`, `PATCH /subscription-plans/{id}/`).
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
fn bounded(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<&Value>,
    min: i64,
    max: i64,
    default: Option<i64>,
) -> i64 {
    match value {
        None | Some(Value::Null) => match default {
            Some(d) => d,
            None => {
                errors.add(field, MSG_REQUIRED);
                min
            }
        },
        Some(v) => match integer(v) {
            None => {
                errors.add(field, MSG_INTEGER);
                min
            }
            Some(n) if n < min => {
                errors.add(field, format!("Ensure this value is greater than or equal to {min}."));
                min
            }
            Some(n) if n > max => {
                errors.add(field, format!("Ensure this value is less than or equal to {max}."));
                min
            }
            Some(n) => n,
        },
    }
}

fn flag(errors: &mut FieldErrors, field: &str, value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            errors.add(field, "Must be a valid boolean.");
            false
        }
    }
}

fn features(errors: &mut FieldErrors, field: &str, value: Option<&Value>) -> Vec<String> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) if items.len() <= 30 => {
            let mut out = Vec::new();
            for item in items {
                match item.as_str().map(str::trim) {
                    Some(s) if !s.is_empty() && s.chars().count() <= 200 => out.push(s.to_string()),
                    _ => {
                        errors.add(field, "Each feature is a text of 1 to 200 characters.");
                        return Vec::new();
                    }
                }
            }
            out
        }
        Some(_) => {
            errors.add(field, "Expected a list of at most 30 features.");
            Vec::new()
        }
    }
}

pub fn plan(body: &Value) -> Result<PlanInput, FieldErrors> {
    let map = object(body)?;
    let mut errors = FieldErrors::new();
    let name = match text(map.get("name")) {
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
    let description = text(map.get("description")).unwrap_or_default();
    if description.chars().count() > 2000 {
        errors.add("description", "Ensure this field has no more than 2000 characters.");
    }
    let subscription_tier = bounded(&mut errors, "subscription_tier", map.get("subscription_tier"), 0, 3, None) as i16;
    let trial_days = bounded(&mut errors, "trial_days", map.get("trial_days"), 0, 365, Some(0)) as i32;
    let circle_discount_percent =
        bounded(&mut errors, "circle_discount_percent", map.get("circle_discount_percent"), 0, 100, Some(0)) as i16;
    let included_features = features(&mut errors, "included_features", map.get("included_features"));
    let excluded_features = features(&mut errors, "excluded_features", map.get("excluded_features"));
    let mut prices = Vec::new();
    match map.get("prices") {
        Some(Value::Array(items)) if !items.is_empty() && items.len() <= 2 => {
            for (i, item) in items.iter().enumerate() {
                let field = format!("prices.{i}");
                let Some(price) = item.as_object() else {
                    errors.add(&field, "Invalid data. Expected a dictionary.");
                    continue;
                };
                let unit_amount = match price.get("unit_amount").or_else(|| price.get("price")) {
                    None | Some(Value::Null) => {
                        errors.add(format!("{field}.unit_amount"), MSG_REQUIRED);
                        0
                    }
                    Some(v) => match integer(v) {
                        None => {
                            errors.add(format!("{field}.unit_amount"), MSG_INTEGER);
                            0
                        }
                        Some(n) if n < 0 => {
                            errors.add(format!("{field}.unit_amount"), MSG_NOT_NEGATIVE);
                            0
                        }
                        Some(n) if n > MAX_AMOUNT_CENTS => {
                            errors.add(
                                format!("{field}.unit_amount"),
                                format!("Ensure this value is less than or equal to {MAX_AMOUNT_CENTS}."),
                            );
                            0
                        }
                        Some(n) => n,
                    },
                };
                let recurring = price.get("recurring").and_then(Value::as_str).and_then(Recurring::parse);
                match recurring {
                    None => errors.add(format!("{field}.recurring"), "Choose month or year."),
                    Some(r) if prices.iter().any(|p: &PriceInput| p.recurring == r) => {
                        errors.add(format!("{field}.recurring"), "A plan has one price per period.")
                    }
                    Some(r) => {
                        let provider_price_id = provider_price_id(
                            &mut errors,
                            &format!("{field}.stripe_price_id"),
                            price.get("stripe_price_id"),
                        );
                        prices.push(PriceInput { unit_amount, recurring: r, provider_price_id })
                    }
                }
            }
        }
        _ => errors.add("prices", "Give one monthly and/or one yearly price."),
    }
    let checked = PlanInput {
        name,
        description,
        subscription_tier,
        trial_days,
        included_features,
        excluded_features,
        use_ama: flag(&mut errors, "use_ama", map.get("use_ama")),
        one_to_one_chat: flag(&mut errors, "one_to_one_chat", map.get("one_to_one_chat")),
        can_use_premium_agents: flag(&mut errors, "can_use_premium_agents", map.get("can_use_premium_agents")),
        can_create_membership_card: flag(
            &mut errors,
            "can_create_membership_card",
            map.get("can_create_membership_card"),
        ),
        can_view_premium_resources: flag(
            &mut errors,
            "can_view_premium_resources",
            map.get("can_view_premium_resources"),
        ),
        circle_discount_percent,
        prices,
    };
    errors.into_result()?;
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn cancel_needs_a_reason() {
        let err = cancel_subscription(&json!({"cancellation_reason": "  "})).unwrap_err();
        assert_eq!(err.first("cancellation_reason"), Some(MSG_SPECIFY_REASON));
        let ok = cancel_subscription(&json!({"cancellation_reason": "Too expensive"})).unwrap();
        assert!(ok.at_period_end);
    }

    #[test]
    fn checkout_needs_a_price() {
        assert_eq!(create_subscription(&json!({})).unwrap_err().first("price_id"), Some(MSG_REQUIRED));
        let err = create_subscription(&json!({"price_id": "p", "discount_ids": [1.5]})).unwrap_err();
        assert_eq!(err.first("discount_ids"), Some(MSG_INTEGER));
    }

    #[test]
    fn update_is_a_price_or_a_renewal() {
        assert_eq!(update_subscription(&json!({"is_renew": true})).unwrap(), UpdateSubscription::Renew);
        assert!(matches!(
            update_subscription(&json!({"price_id": "p"})).unwrap(),
            UpdateSubscription::ChangePrice { .. }
        ));
        assert_eq!(update_subscription(&json!({})).unwrap_err().first("price_id"), Some(MSG_REQUIRED));
    }

    #[test]
    fn plan_amounts_are_whole_non_negative_cents() {
        let base = |amount: Value| json!({"name": "Pro", "subscription_tier": 2, "prices": [{"unit_amount": amount, "recurring": "year"}]});
        assert_eq!(plan(&base(json!(9900))).unwrap().prices[0].unit_amount, 9900);
        assert_eq!(plan(&base(json!(-1))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_NOT_NEGATIVE));
        assert_eq!(plan(&base(json!(99.5))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_INTEGER));
        assert_eq!(plan(&base(json!("9900"))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_INTEGER));
        let tier =
            plan(&json!({"name": "X", "subscription_tier": 4, "prices": [{"unit_amount": 1, "recurring": "month"}]}));
        assert!(tier.unwrap_err().first("subscription_tier").is_some());
    }

    #[test]
    fn one_time_payments_and_vouchers_are_checked() {
        use serde_json::json;
        let ok = create_one_time_payment(&json!({"entity_type": "group", "group_id": 7})).unwrap();
        assert_eq!(ok.group_id, 7);
        let bad = create_one_time_payment(&json!({"entity_type": "plan", "group_id": "7"})).unwrap_err();
        assert_eq!(bad.first("entity_type"), Some("\"plan\" is not a valid choice."));
        assert_eq!(bad.first("group_id"), Some(MSG_INTEGER));
        assert_eq!(create_one_time_payment(&json!({})).unwrap_err().first("group_id"), Some(MSG_REQUIRED));
        assert_eq!(
            payment_voucher(&json!({"voucher": 3, "reference": " TX-1 "})).unwrap().reference.as_deref(),
            Some("TX-1")
        );
        assert_eq!(payment_voucher(&json!({"voucher": -1})).unwrap_err().first("voucher"), Some(MSG_INTEGER));
        let long = "x".repeat(201);
        assert!(payment_voucher(&json!({"voucher": 1, "reference": long})).is_err());
    }

    #[test]
    fn donations_are_whole_cents_within_limits() {
        use serde_json::json;
        let ok = donate(&json!({"amount": 2500, "name": "Scholarship fund"})).unwrap();
        assert_eq!((ok.amount, ok.group_id, ok.name.as_deref()), (2500, None, Some("Scholarship fund")));
        assert_eq!(donate(&json!({})).unwrap_err().first("amount"), Some(MSG_REQUIRED));
        assert_eq!(donate(&json!({"amount": 25.5})).unwrap_err().first("amount"), Some(MSG_INTEGER));
        assert_eq!(donate(&json!({"amount": "2500"})).unwrap_err().first("amount"), Some(MSG_INTEGER));
        assert_eq!(
            donate(&json!({"amount": -100})).unwrap_err().first("amount"),
            Some("Ensure this value is greater than or equal to 100.")
        );
        assert_eq!(
            donate(&json!({"amount": 1_000_001})).unwrap_err().first("amount"),
            Some("Ensure this value is less than or equal to 1000000.")
        );
        assert_eq!(donate(&json!({"amount": 500, "group_id": 0})).unwrap_err().first("group_id"), Some(MSG_INTEGER));
    }
}
