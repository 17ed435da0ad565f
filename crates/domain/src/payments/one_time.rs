//! One-time payments (spec 001 §4 "Payment status on a paid group", §6 "Membership tier
//! affects circle price"; spec 002 §4, §7 `create-one-time-payment`, §9): what a member pays
//! for a paid circle or event, when they may pay, and what a confirmed payment does to their
//! membership. The local checkout and the real provider's webhook both end in one
//! [`PaymentEvent`], applied once per event id.

use super::pricing::{discounted, total_percent};

/// The event type of a completed one-time checkout (Stripe's name for it).
pub const CHECKOUT_COMPLETED: &str = "checkout.session.completed";
/// Amounts of one-time payments are in US dollar cents (spec 001 §3: price in USD).
pub const CURRENCY: &str = "usd";

/// A donation is at least 1.00 and at most 10,000.00 (cents): below a provider's smallest
/// charge is refused, and so is a sum more likely mistyped than meant.
pub const MIN_DONATION_CENTS: i64 = 100;
pub const MAX_DONATION_CENTS: i64 = 1_000_000;
pub const MSG_NO_DONATIONS: &str = "This group does not take donations.";
pub const MSG_UNKNOWN_DONATION: &str = "Select a valid donation.";

pub const MSG_FREE_GROUP: &str = "This group is free: there is nothing to pay.";
pub const MSG_ALREADY_PAID: &str = "You have already paid for this group.";

/// What a one-time payment is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// A seat in a paid circle or event.
    Group { group_id: i64 },
    /// A donation to a group (its donation option's name).
    Donation { group_id: i64, name: String },
}

/// A completed one-time payment, from the local checkout or the provider's webhook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentEvent {
    /// The replay guard.
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    /// The checkout session (local `cs_local_…` or the provider's).
    pub session_id: String,
    /// Cents actually paid.
    pub amount: i64,
    pub purpose: Purpose,
}

/// What a caller pays for a group: the price less the group's own discount and, for
/// circles only, their tier's circle discount; the percentages are summed and capped at 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupPrice {
    /// Cents before discounts.
    pub unit_amount: i64,
    /// The summed discount, 0..=100.
    pub percent: u8,
    /// Cents due.
    pub amount: i64,
}

pub fn group_price(
    group_type: &str,
    price_cents: i64,
    group_discount: Option<i64>,
    tier_circle_discount: u8,
) -> GroupPrice {
    let tier = if group_type == "circle" { i64::from(tier_circle_discount) } else { 0 };
    let percent = total_percent(&[group_discount.unwrap_or(0), tier]);
    GroupPrice { unit_amount: price_cents, percent, amount: discounted(price_cents, percent) }
}

/// What the pay and voucher calls need to know about the group and the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayFacts<'a> {
    pub group_type: &'a str,
    pub is_paid: bool,
    pub price_cents: Option<i64>,
    pub has_ended: bool,
    pub publicity_open: bool,
    pub accepts_applications: bool,
    /// The caller's membership status and payment status, if any.
    pub current_status: Option<&'a str>,
    pub payment_status: Option<&'a str>,
    /// No seat is free (accepted members fill the maximum size).
    pub is_full: bool,
}

/// How a payment (or a voucher) relates to the caller's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The caller is an accepted member already: the payment is for their seat.
    Held,
    /// The caller asks for a new seat (no membership, a pending request or a rejected one).
    Wanted,
}

/// Whether the caller may pay online for the group now. Accepted members whose payment is
/// not confirmed pay for their seat (spec 001 §4: "Pay is available after acceptance when
/// payment is not confirmed"); others buy a free seat while applications are open and the
/// publicity is open; a full group takes no payment for a seat it does not have.
pub fn may_pay(facts: PayFacts<'_>) -> Result<Seat, String> {
    let seat = may_apply_with_payment(facts)?;
    if seat == Seat::Wanted && facts.is_full {
        return Err(crate::groups::membership::MSG_FULL.to_string());
    }
    Ok(seat)
}

/// Whether the caller may send a voucher of an offline payment: as [`may_pay`], except that
/// a full group takes the request onto its wait list (no money changes hands here).
pub fn may_send_voucher(facts: PayFacts<'_>) -> Result<Seat, String> {
    may_apply_with_payment(facts)
}

fn may_apply_with_payment(facts: PayFacts<'_>) -> Result<Seat, String> {
    let kind = facts.group_type;
    if !facts.is_paid || facts.price_cents.is_none_or(|p| p <= 0) {
        return Err(MSG_FREE_GROUP.replace("group", kind));
    }
    if facts.payment_status == Some(crate::groups::membership::PAYMENT_CONFIRMED) {
        return Err(MSG_ALREADY_PAID.replace("group", kind));
    }
    if facts.current_status == Some("accepted") {
        return Ok(Seat::Held);
    }
    if facts.has_ended {
        return Err(format!("This {kind} has ended."));
    }
    if !facts.publicity_open {
        return Err(format!("This {kind} is invitation only."));
    }
    if !facts.accepts_applications {
        return Err(format!("Applications are not open for this {kind}."));
    }
    Ok(Seat::Wanted)
}

/// What a confirmed payment does to the payer's membership.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterPayment {
    /// Accepted (or staying accepted) with the payment confirmed.
    Accepted,
    /// Paid, but the last seat went to someone else first: the request waits on the wait
    /// list with its payment confirmed (only the provider's webhook can arrive this late;
    /// the local checkout refuses the card before charging it).
    Waitlisted,
}

pub fn after_payment(current_status: Option<&str>, is_full: bool) -> AfterPayment {
    if current_status == Some("accepted") || !is_full {
        AfterPayment::Accepted
    } else {
        AfterPayment::Waitlisted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts<'a>() -> PayFacts<'a> {
        PayFacts {
            group_type: "circle",
            is_paid: true,
            price_cents: Some(4900),
            has_ended: false,
            publicity_open: true,
            accepts_applications: true,
            current_status: None,
            payment_status: None,
            is_full: false,
        }
    }

    #[test]
    fn the_tier_discount_applies_to_circles_only_and_the_sum_is_capped() {
        assert_eq!(group_price("circle", 4900, None, 20), GroupPrice { unit_amount: 4900, percent: 20, amount: 3920 });
        assert_eq!(group_price("event", 4900, None, 20).amount, 4900, "events keep their price");
        assert_eq!(group_price("circle", 4900, Some(10), 20).percent, 30);
        assert_eq!(group_price("circle", 4900, Some(90), 30).amount, 0, "capped at 100 %");
        assert_eq!(group_price("circle", 4900, Some(-20), 0).amount, 4900, "clamped at 0");
        assert_eq!(group_price("circle", 999, Some(15), 0).amount, 849, "whole cents");
    }

    #[test]
    fn who_may_pay() {
        assert_eq!(may_pay(facts()), Ok(Seat::Wanted));
        let accepted = PayFacts { current_status: Some("accepted"), payment_status: Some("pending"), ..facts() };
        assert_eq!(may_pay(accepted), Ok(Seat::Held));
        assert_eq!(may_pay(PayFacts { is_full: true, has_ended: true, ..accepted }), Ok(Seat::Held));
        let cases = [
            (PayFacts { is_paid: false, ..facts() }, "This circle is free: there is nothing to pay."),
            (PayFacts { price_cents: Some(0), ..facts() }, "This circle is free: there is nothing to pay."),
            (
                PayFacts { current_status: Some("accepted"), payment_status: Some("confirmed"), ..facts() },
                "You have already paid for this circle.",
            ),
            (PayFacts { has_ended: true, ..facts() }, "This circle has ended."),
            (PayFacts { publicity_open: false, ..facts() }, "This circle is invitation only."),
            (PayFacts { accepts_applications: false, ..facts() }, "Applications are not open for this circle."),
            (PayFacts { is_full: true, ..facts() }, "Sorry, maximum members limit already reached."),
        ];
        for (facts, message) in cases {
            assert_eq!(may_pay(facts), Err(message.to_string()));
        }
    }

    #[test]
    fn a_voucher_for_a_full_group_goes_to_the_wait_list() {
        assert_eq!(may_send_voucher(PayFacts { is_full: true, ..facts() }), Ok(Seat::Wanted));
        assert!(may_send_voucher(PayFacts { publicity_open: false, ..facts() }).is_err());
    }

    #[test]
    fn a_late_payment_for_a_full_group_waits() {
        assert_eq!(after_payment(None, false), AfterPayment::Accepted);
        assert_eq!(after_payment(Some("pending"), true), AfterPayment::Waitlisted);
        assert_eq!(after_payment(Some("accepted"), true), AfterPayment::Accepted);
    }
}
