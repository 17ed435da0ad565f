//! Institutional memberships (spec 002 §1 "institutional memberships", §3 "User subscription",
//! §4 "Membership plans"): an institution of the site holds a plan for its members. The site's
//! administrators set it (a yearly price of a paid plan, a status and an optional last day);
//! it covers the institution's accepted members while it is active and its last day has not
//! passed, and gives them the plan's tier when that is higher than their own.

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{sent::Sent, FieldErrors};

pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_INTEGER: &str = "A valid integer is required.";
pub const MSG_DATE_FORMAT: &str = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
pub const MSG_END_PASSED: &str = "The end date cannot be in the past.";
pub const MSG_GROUP_FIXED: &str = "The institution of a plan cannot be changed.";
pub const MSG_UNKNOWN_PRICE: &str = "Select a valid price.";
pub const MSG_PAID_PLAN: &str = "Choose a price of a paid plan.";
pub const MSG_YEARLY: &str = "An institution's plan runs by the year: choose a yearly price.";
pub const MSG_OPEN_INSTITUTION: &str =
    "Anyone may join this institution. Make its publicity closed before it holds a plan.";
pub const MSG_ALREADY_HELD: &str = "This institution already has a plan.";

/// Whether the institution's plan is in force (`active`) or was ended by an administrator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstitutionalStatus {
    Active,
    Canceled,
}

impl InstitutionalStatus {
    pub const ALL: [InstitutionalStatus; 2] = [Self::Active, Self::Canceled];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Canceled => "canceled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// Whether a plan with this status and last day covers its members on `today` (the last day
/// included; no last day: until an administrator ends it).
pub fn covers(status: InstitutionalStatus, ends_on: Option<NaiveDate>, today: NaiveDate) -> bool {
    status == InstitutionalStatus::Active && ends_on.is_none_or(|last| last >= today)
}

/// Whether a price (of a plan of `tier`) may be an institution's plan: a yearly price of a
/// paid plan. The spec's badge marks "the yearly plan matching the institutional
/// subscription" (§4), so institutions hold yearly prices.
pub fn check_price(tier: i16, unit_amount: i64, recurring: &str) -> Result<(), &'static str> {
    if tier <= 0 || unit_amount <= 0 {
        return Err(MSG_PAID_PLAN);
    }
    if recurring != "year" {
        return Err(MSG_YEARLY);
    }
    Ok(())
}

/// Whether the institution's tier replaces the member's own: only when it is higher than the
/// tier their own subscription entitles them to (`None`: no entitling subscription). At an
/// equal tier the member's own subscription stays the one in force, so they keep managing it.
pub fn institution_applies(institution_tier: i16, own_tier: Option<i16>) -> bool {
    own_tier.is_none_or(|own| institution_tier > own)
}

/// A body of `POST /institutional-subscriptions/` (every field) or of
/// `PATCH /institutional-subscriptions/{id}/` (the fields sent).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InstitutionalInput {
    /// The institution (a group of type institution of the site).
    pub group: Option<i64>,
    /// The provider id of a yearly price of a paid plan (`prices[].id` of the plans).
    pub price_id: Option<String>,
    pub status: Option<InstitutionalStatus>,
    /// `Some(None)`: the plan runs until it is ended; `None`: not sent.
    pub end_date: Option<Option<NaiveDate>>,
}

/// An institution's plan as its body is sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = InstitutionalInput)]
pub struct InstitutionalBody {
    /// The institution (a group of type institution of this site). Only on creation.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<i64>,
    /// A yearly price of a paid plan: `prices[].id` of `GET /subscription-plans/`.
    /// Required on creation.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub price_id: Sent<String>,
    /// active (the default) or canceled.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub status: Sent<String>,
    /// The last day it covers (YYYY-MM-DD, included); null: until it is ended.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub end_date: Sent<String>,
}

/// Parses a body; `creating` makes `group` and `price_id` required. A last day before
/// `today` is refused for a plan that is (or stays) active.
pub fn parse(body: InstitutionalBody, creating: bool, today: NaiveDate) -> Result<InstitutionalInput, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut input = InstitutionalInput::default();
    match body.group {
        Sent::Absent | Sent::Null if creating => errors.add("group", MSG_REQUIRED),
        Sent::Absent | Sent::Null => {}
        _ if !creating => errors.add("group", MSG_GROUP_FIXED),
        Sent::Value(id) if id > 0 => input.group = Some(id),
        _ => errors.add("group", MSG_INTEGER),
    }
    match body.price_id {
        Sent::Absent | Sent::Null if creating => errors.add("price_id", MSG_REQUIRED),
        Sent::Absent | Sent::Null => {}
        Sent::Value(id) if !id.trim().is_empty() && id.len() <= 200 => input.price_id = Some(id.trim().to_string()),
        Sent::Value(id) if id.trim().is_empty() => errors.add("price_id", MSG_REQUIRED),
        _ => errors.add("price_id", MSG_UNKNOWN_PRICE),
    }
    match body.status {
        Sent::Absent | Sent::Null => {}
        Sent::Value(text) => match InstitutionalStatus::parse(text.trim()) {
            Some(status) => input.status = Some(status),
            None => errors.add("status", format!("\"{text}\" is not a valid choice.")),
        },
        Sent::WrongType => errors.add("status", "Not a valid string."),
    }
    match body.end_date {
        Sent::Absent => {}
        Sent::Null => input.end_date = Some(None),
        Sent::Value(text) if text.trim().is_empty() => input.end_date = Some(None),
        Sent::Value(text) => match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
            Ok(date) => {
                let stays_active = input.status.unwrap_or(InstitutionalStatus::Active) == InstitutionalStatus::Active;
                if stays_active && date < today {
                    errors.add("end_date", MSG_END_PASSED);
                }
                input.end_date = Some(Some(date));
            }
            Err(_) => errors.add("end_date", MSG_DATE_FORMAT),
        },
        Sent::WrongType => errors.add("end_date", MSG_DATE_FORMAT),
    }
    errors.into_result()?;
    if creating && input.status.is_none() {
        input.status = Some(InstitutionalStatus::Active);
    }
    Ok(input)
}

/// The status and last day a plan has after an update: the sent values over the stored
/// ones. A plan that is (or stays) active may not keep a last day before `today`.
pub fn merged(
    current: (InstitutionalStatus, Option<NaiveDate>),
    input: &InstitutionalInput,
    today: NaiveDate,
) -> Result<(InstitutionalStatus, Option<NaiveDate>), FieldErrors> {
    let status = input.status.unwrap_or(current.0);
    let ends_on = input.end_date.unwrap_or(current.1);
    if status == InstitutionalStatus::Active && ends_on.is_some_and(|last| last < today) {
        let mut errors = FieldErrors::new();
        errors.add("end_date", MSG_END_PASSED);
        return Err(errors);
    }
    Ok((status, ends_on))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sent::body;
    use serde_json::json;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn an_active_plan_covers_through_its_last_day() {
        let today = day("2026-03-10");
        assert!(covers(InstitutionalStatus::Active, None, today));
        assert!(covers(InstitutionalStatus::Active, Some(day("2026-03-10")), today));
        assert!(!covers(InstitutionalStatus::Active, Some(day("2026-03-09")), today));
        assert!(!covers(InstitutionalStatus::Canceled, None, today));
        assert!(!covers(InstitutionalStatus::Canceled, Some(day("2027-01-01")), today));
    }

    #[test]
    fn the_institution_applies_only_above_the_own_tier() {
        assert!(institution_applies(2, None));
        assert!(institution_applies(2, Some(1)));
        assert!(!institution_applies(2, Some(2)), "an equal own tier stays in force");
        assert!(!institution_applies(2, Some(3)));
    }

    #[test]
    fn an_institution_holds_a_yearly_price_of_a_paid_plan() {
        assert_eq!(check_price(2, 19000, "year"), Ok(()));
        assert_eq!(check_price(2, 1900, "month"), Err(MSG_YEARLY));
        assert_eq!(check_price(0, 0, "year"), Err(MSG_PAID_PLAN));
        assert_eq!(check_price(1, 0, "year"), Err(MSG_PAID_PLAN));
    }

    #[test]
    fn creating_needs_the_group_and_the_price() {
        let today = day("2026-03-10");
        let errors = parse(body(json!({})), true, today).unwrap_err();
        assert_eq!(errors.first("group"), Some(MSG_REQUIRED));
        assert_eq!(errors.first("price_id"), Some(MSG_REQUIRED));
        let input = parse(body(json!({"group": 4, "price_id": " price_x "})), true, today).unwrap();
        assert_eq!(input.group, Some(4));
        assert_eq!(input.price_id.as_deref(), Some("price_x"));
        assert_eq!(input.status, Some(InstitutionalStatus::Active));
        assert_eq!(input.end_date, None);
    }

    #[test]
    fn bad_values_are_named_on_their_field() {
        let today = day("2026-03-10");
        let sent = json!({"group": "4", "price_id": 7, "status": "paused", "end_date": "10/03/2027"});
        let errors = parse(body(sent), true, today).unwrap_err();
        assert_eq!(errors.first("group"), Some(MSG_INTEGER));
        assert_eq!(errors.first("price_id"), Some(MSG_UNKNOWN_PRICE));
        assert_eq!(errors.first("status"), Some("\"paused\" is not a valid choice."));
        assert_eq!(errors.first("end_date"), Some(MSG_DATE_FORMAT));
        let errors = parse(body(json!({"group": 1.5, "price_id": "p"})), true, today).unwrap_err();
        assert_eq!(errors.first("group"), Some(MSG_INTEGER));
        let errors = parse(body(json!({"group": -3, "price_id": "p"})), true, today).unwrap_err();
        assert_eq!(errors.first("group"), Some(MSG_INTEGER));
    }

    #[test]
    fn a_past_last_day_is_refused_unless_the_plan_is_ended() {
        let today = day("2026-03-10");
        let past = json!({"group": 1, "price_id": "p", "end_date": "2026-03-09"});
        assert_eq!(parse(body(past), true, today).unwrap_err().first("end_date"), Some(MSG_END_PASSED));
        let ended = json!({"status": "canceled", "end_date": "2026-03-09"});
        let input = parse(body(ended), false, today).unwrap();
        assert_eq!(input.end_date, Some(Some(day("2026-03-09"))));
        assert_eq!(input.status, Some(InstitutionalStatus::Canceled));
        let today_ok = json!({"group": 1, "price_id": "p", "end_date": "2026-03-10"});
        assert!(parse(body(today_ok), true, today).is_ok());
    }

    #[test]
    fn an_update_keeps_what_is_not_sent_and_cannot_revive_a_past_plan() {
        let today = day("2026-03-10");
        let ended = (InstitutionalStatus::Canceled, Some(day("2026-01-31")));
        let revive = parse(body(json!({"status": "active"})), false, today).unwrap();
        assert_eq!(merged(ended, &revive, today).unwrap_err().first("end_date"), Some(MSG_END_PASSED));
        let extend = parse(body(json!({"status": "active", "end_date": "2027-01-31"})), false, today).unwrap();
        assert_eq!(merged(ended, &extend, today).unwrap(), (InstitutionalStatus::Active, Some(day("2027-01-31"))));
        let open_ended = parse(body(json!({"status": "active", "end_date": null})), false, today).unwrap();
        assert_eq!(merged(ended, &open_ended, today).unwrap(), (InstitutionalStatus::Active, None));
        let nothing = parse(body(json!({})), false, today).unwrap();
        assert_eq!(merged(ended, &nothing, today).unwrap(), ended);
    }

    #[test]
    fn an_update_sends_only_what_changes_and_keeps_the_institution() {
        let today = day("2026-03-10");
        let input = parse(body(json!({"end_date": null})), false, today).unwrap();
        assert_eq!(input, InstitutionalInput { end_date: Some(None), ..Default::default() });
        let errors = parse(body(json!({"group": 9})), false, today).unwrap_err();
        assert_eq!(errors.first("group"), Some(MSG_GROUP_FIXED));
    }
}
