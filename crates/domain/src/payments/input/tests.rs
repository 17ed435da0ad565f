use serde_json::{json, Value};

use super::*;
use crate::sent::body;

#[test]
fn cancel_needs_a_reason() {
    let err = cancel_subscription(body(json!({"cancellation_reason": "  "}))).unwrap_err();
    assert_eq!(err.first("cancellation_reason"), Some(MSG_SPECIFY_REASON));
    let ok = cancel_subscription(body(json!({"cancellation_reason": "Too expensive"}))).unwrap();
    assert!(ok.at_period_end);
}

#[test]
fn checkout_needs_a_price() {
    assert_eq!(create_subscription(body(json!({}))).unwrap_err().first("price_id"), Some(MSG_REQUIRED));
    let err = create_subscription(body(json!({"price_id": "p", "discount_ids": [1.5]}))).unwrap_err();
    assert_eq!(err.first("discount_ids"), Some(MSG_INTEGER));
}

#[test]
fn update_is_a_price_or_a_renewal() {
    assert_eq!(update_subscription(body(json!({"is_renew": true}))).unwrap(), UpdateSubscription::Renew);
    assert!(matches!(
        update_subscription(body(json!({"price_id": "p"}))).unwrap(),
        UpdateSubscription::ChangePrice { .. }
    ));
    assert_eq!(update_subscription(body(json!({}))).unwrap_err().first("price_id"), Some(MSG_REQUIRED));
}

#[test]
fn plan_amounts_are_whole_non_negative_cents() {
    let base = |amount: Value| json!({"name": "Pro", "subscription_tier": 2, "prices": [{"unit_amount": amount, "recurring": "year"}]});
    assert_eq!(plan(body(base(json!(9900)))).unwrap().prices[0].unit_amount, 9900);
    assert_eq!(plan(body(base(json!(-1)))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_NOT_NEGATIVE));
    assert_eq!(plan(body(base(json!(99.5)))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_INTEGER));
    assert_eq!(plan(body(base(json!("9900")))).unwrap_err().first("prices.0.unit_amount"), Some(MSG_INTEGER));
    let tier =
        plan(body(json!({"name": "X", "subscription_tier": 4, "prices": [{"unit_amount": 1, "recurring": "month"}]})));
    assert!(tier.unwrap_err().first("subscription_tier").is_some());
}

#[test]
fn one_time_payments_and_vouchers_are_checked() {
    use serde_json::json;
    let ok = create_one_time_payment(body(json!({"entity_type": "group", "group_id": 7}))).unwrap();
    assert_eq!(ok.group_id, 7);
    let bad = create_one_time_payment(body(json!({"entity_type": "plan", "group_id": "7"}))).unwrap_err();
    assert_eq!(bad.first("entity_type"), Some("\"plan\" is not a valid choice."));
    assert_eq!(bad.first("group_id"), Some(MSG_INTEGER));
    assert_eq!(create_one_time_payment(body(json!({}))).unwrap_err().first("group_id"), Some(MSG_REQUIRED));
    assert_eq!(
        payment_voucher(body(json!({"voucher": 3, "reference": " TX-1 "}))).unwrap().reference.as_deref(),
        Some("TX-1")
    );
    assert_eq!(payment_voucher(body(json!({"voucher": -1}))).unwrap_err().first("voucher"), Some(MSG_INTEGER));
    let long = "x".repeat(201);
    assert!(payment_voucher(body(json!({"voucher": 1, "reference": long}))).is_err());
}

#[test]
fn donations_are_whole_cents_within_limits() {
    use serde_json::json;
    let ok = donate(body(json!({"amount": 2500, "name": "Scholarship fund"}))).unwrap();
    assert_eq!((ok.amount, ok.group_id, ok.name.as_deref()), (2500, None, Some("Scholarship fund")));
    assert_eq!(donate(body(json!({}))).unwrap_err().first("amount"), Some(MSG_REQUIRED));
    assert_eq!(donate(body(json!({"amount": 25.5}))).unwrap_err().first("amount"), Some(MSG_INTEGER));
    assert_eq!(donate(body(json!({"amount": "2500"}))).unwrap_err().first("amount"), Some(MSG_INTEGER));
    assert_eq!(
        donate(body(json!({"amount": -100}))).unwrap_err().first("amount"),
        Some("Ensure this value is greater than or equal to 100.")
    );
    assert_eq!(
        donate(body(json!({"amount": 1_000_001}))).unwrap_err().first("amount"),
        Some("Ensure this value is less than or equal to 1000000.")
    );
    assert_eq!(donate(body(json!({"amount": 500, "group_id": 0}))).unwrap_err().first("group_id"), Some(MSG_INTEGER));
}
