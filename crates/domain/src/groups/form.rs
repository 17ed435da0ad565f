//! The group form (spec 001 §5 "Group form"): the checks, with the spec's messages, of a
//! whole group as it would be saved (a PATCH is merged onto the stored group first).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::{
    rich_text,
    sent::{NumberOrText, Sent},
    FieldErrors,
};

pub const MAX_RICH_CHARS: usize = 4000;
pub const MAX_TOPICS: usize = 7;
pub const MAX_SDGS: usize = 3;
pub const MAX_PAID_FEATURES: usize = 3;
/// Text limits, each no larger than its column (`groups.name` varchar(200), `location`
/// varchar(255), `country` varchar(100), `google_classroom_id` varchar(100)); list items and
/// donations live in JSON columns and get sensible limits.
pub const MAX_NAME_CHARS: usize = 200;
pub const MAX_LOCATION_CHARS: usize = 255;
pub const MAX_COUNTRY_CHARS: usize = 100;
pub const MAX_CLASSROOM_ID_CHARS: usize = 100;
pub const MAX_LIST_ITEM_CHARS: usize = 100;
pub const MAX_DONATIONS: usize = 10;
pub const MAX_DONATION_NAME_CHARS: usize = 200;
pub const MAX_DONATION_DESCRIPTION_CHARS: usize = 1000;
pub const MAX_STRIPE_PRICE_ID_CHARS: usize = 255;

pub const MSG_REQUIRED: &str = "Required";
pub const MSG_MAX_RICH: &str = "Maximum of 4000 characters";
/// The spec's wording, spelling included.
pub const MSG_POSITIVE_ONLY: &str = "Postive number only";
pub const MSG_MAX_TOPICS: &str = "Maximum 7 topics";
pub const MSG_MAX_3: &str = "Maximum 3";
pub const MSG_PRICE_POSITIVE: &str = "Must be greater than zero";
pub const MSG_DISCOUNT_NEGATIVE: &str = "Discount percentage cannot be negative";
pub const MSG_DISCOUNT_OVER: &str = "Discount percentage cannot be greater than 100";
pub const MSG_USE_CASE: &str = "Please select a use case";
pub const MSG_CLOSE_BEFORE_OPEN: &str = "Application close date cannot be before the application open date";
pub const MSG_START_BEFORE_CLOSE: &str = "Start date cannot be before the application close date";
pub const MSG_END_BEFORE_START: &str = "End date cannot be before the start date";
pub const MSG_EXTERNAL_LINK: &str = "Enter a valid URL.";

pub const GROUP_TYPES: [&str; 4] = ["organization", "institution", "circle", "event"];
pub const PUBLICITY: [&str; 2] = ["open", "closed"];
pub const EVENT_TYPES: [&str; 5] = ["conference", "workshop", "seminar", "talk", "other"];
pub const LEARNING_MODALITIES: [&str; 3] = ["online", "in_person", "no_preference"];
pub const GROUP_DURATIONS: [&str; 2] = ["time_limited", "ongoing"];
pub const COMPLEXITY_LEVELS: [&str; 3] = ["beginner", "intermediate", "advanced"];
/// Commitment keys: weeks at 2 hours a week (spec 000 §9).
pub const COMMITMENT_WEEKS: [i32; 8] = [1, 2, 3, 4, 8, 12, 16, 24];

/// One donation option of a group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Donation {
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub stripe_price_id: Option<String>,
}

/// A group as it is about to be saved.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupForm {
    pub name: String,
    pub group_type: String,
    pub parent_group: Option<i64>,
    pub description: Option<String>,
    pub objective: Option<String>,
    pub member_requirements: Option<String>,
    pub impact: Option<String>,
    pub location: Option<String>,
    pub country: Option<String>,
    pub countries: Vec<String>,
    pub topics: Vec<i64>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub roles: Vec<String>,
    pub relevant_sdgs: Vec<i64>,
    pub level: i32,
    pub group_duration: String,
    pub maximum_size: Option<i64>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub application_open_date: Option<NaiveDate>,
    pub application_close_date: Option<NaiveDate>,
    pub publicity: Option<String>,
    pub circle_type: Option<i64>,
    pub circle_status_priority: Option<i32>,
    pub event_type: Option<String>,
    pub is_paid: bool,
    /// US cents; may be zero or negative here, which the checks refuse.
    pub price_cents: Option<i64>,
    pub paid_features: Vec<String>,
    pub discount: Option<i64>,
    pub commitment_time: Option<i32>,
    pub complexity_level: Option<String>,
    pub learning_modality: Option<String>,
    pub create_google_classroom: bool,
    pub google_classroom_id: Option<String>,
    /// Use case ids.
    pub use_cases: Vec<i64>,
    pub is_influencer: bool,
    pub donation_details: Vec<Donation>,
    pub extra_info: Value,
}

/// What the form knows besides its fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FormContext {
    /// The parent organization is fixed by where the form was opened.
    pub parent_from_context: bool,
    /// The site has use cases to choose from (only then is one required for a circle).
    pub use_cases_available: bool,
}

impl GroupForm {
    pub fn is_circle(&self) -> bool {
        self.group_type == "circle"
    }

    pub fn is_event(&self) -> bool {
        self.group_type == "event"
    }
}

/// `'all'` among professional fields means every field, stored as an empty list.
pub fn normalize_professional_fields(fields: Vec<String>) -> Vec<String> {
    if fields.iter().any(|f| f.eq_ignore_ascii_case("all")) {
        Vec::new()
    } else {
        fields
    }
}

/// Parses a price in US dollars ("49", "49.5", "49.99", or a JSON number) into cents.
pub fn parse_price(value: Sent<NumberOrText>) -> Result<Option<i64>, &'static str> {
    let text = match value {
        Sent::Absent | Sent::Null => return Ok(None),
        Sent::Value(NumberOrText::Integer(n)) => n.to_string(),
        Sent::Value(NumberOrText::Fraction(f)) => f.to_string(),
        Sent::Value(NumberOrText::Text(s)) if s.trim().is_empty() => return Ok(None),
        Sent::Value(NumberOrText::Text(s)) => s.trim().to_string(),
        Sent::WrongType => return Err("A valid number is required."),
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let valid = !whole.is_empty()
        && whole.len() <= 9
        && whole.chars().all(|c| c.is_ascii_digit())
        && fraction.len() <= 2
        && fraction.chars().all(|c| c.is_ascii_digit());
    if !valid {
        return Err("A valid number with at most 2 decimal places is required.");
    }
    let whole: i64 = whole.parse().map_err(|_| "A valid number is required.")?;
    let cents: i64 = format!("{fraction:0<2}").parse().unwrap_or(0);
    let total = whole * 100 + cents;
    Ok(Some(if negative { -total } else { total }))
}

/// Cents as a decimal string: 4999 → "49.99".
pub fn format_price(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

fn sanitize(field: &mut Option<String>) {
    if let Some(html) = field.as_deref() {
        let clean = rich_text::sanitize_html(html);
        *field = if rich_text::plain_text(&clean).is_empty() { None } else { Some(clean) };
    }
}

/// The message of a text over its limit.
pub fn msg_max_chars(max: usize) -> String {
    format!("Ensure this field has no more than {max} characters.")
}

fn too_long(value: Option<&str>, max: usize) -> bool {
    value.is_some_and(|v| v.chars().count() > max)
}

fn blank(value: &Option<String>) -> bool {
    value.as_deref().is_none_or(|s| s.trim().is_empty())
}

fn one_of(errors: &mut FieldErrors, field: &str, value: &Option<String>, choices: &[&str]) {
    if let Some(value) = value.as_deref() {
        if !choices.contains(&value) {
            errors.add(field, format!("\"{value}\" is not a valid choice."));
        }
    }
}

/// Sanitises the rich-text fields and checks the whole form.
pub fn validate(form: &mut GroupForm, context: FormContext) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    sanitize(&mut form.description);
    sanitize(&mut form.objective);
    sanitize(&mut form.member_requirements);
    sanitize(&mut form.impact);
    form.professional_fields = normalize_professional_fields(std::mem::take(&mut form.professional_fields));
    let program = form.is_circle() || form.is_event();

    form.name = form.name.trim().to_string();
    if form.name.is_empty() {
        e.add("name", MSG_REQUIRED);
    } else if form.name.chars().count() > MAX_NAME_CHARS {
        e.add("name", msg_max_chars(MAX_NAME_CHARS));
    }
    for (field, value, max) in [
        ("location", form.location.as_deref(), MAX_LOCATION_CHARS),
        ("country", form.country.as_deref(), MAX_COUNTRY_CHARS),
        ("google_classroom_id", form.google_classroom_id.as_deref(), MAX_CLASSROOM_ID_CHARS),
    ] {
        if too_long(value, max) {
            e.add(field, msg_max_chars(max));
        }
    }
    for (field, items) in [
        ("countries", &form.countries),
        ("career_stages", &form.career_stages),
        ("professional_fields", &form.professional_fields),
        ("roles", &form.roles),
        ("paid_features", &form.paid_features),
    ] {
        if items.iter().any(|item| item.chars().count() > MAX_LIST_ITEM_CHARS) {
            e.add(field, format!("Ensure every item has no more than {MAX_LIST_ITEM_CHARS} characters."));
        }
    }
    if form.group_type.is_empty() {
        e.add("group_type", MSG_REQUIRED);
    } else if !GROUP_TYPES.contains(&form.group_type.as_str()) {
        e.add("group_type", format!("\"{}\" is not a valid choice.", form.group_type));
    }

    match form.description.as_deref() {
        None => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::char_count(html) > MAX_RICH_CHARS => e.add("description", MSG_MAX_RICH),
        Some(_) => {}
    }
    for (field, value) in
        [("objective", &form.objective), ("member_requirements", &form.member_requirements), ("impact", &form.impact)]
    {
        if value.as_deref().is_some_and(|html| rich_text::char_count(html) > MAX_RICH_CHARS) {
            e.add(field, MSG_MAX_RICH);
        }
    }

    if form.maximum_size.is_some_and(|size| size < 0) {
        e.add("maximum_size", MSG_POSITIVE_ONLY);
    }
    if form.level < 0 {
        e.add("level", MSG_POSITIVE_ONLY);
    }

    if program && form.topics.is_empty() {
        e.add("topics", MSG_REQUIRED);
    } else if form.topics.len() > MAX_TOPICS {
        e.add("topics", MSG_MAX_TOPICS);
    }
    if form.is_circle() && form.relevant_sdgs.is_empty() {
        e.add("relevant_sdgs", MSG_REQUIRED);
    } else if form.relevant_sdgs.len() > MAX_SDGS {
        e.add("relevant_sdgs", MSG_MAX_3);
    }

    if form.is_paid {
        match form.price_cents {
            None => e.add("price", MSG_REQUIRED),
            Some(cents) if cents <= 0 => e.add("price", MSG_PRICE_POSITIVE),
            Some(_) => {}
        }
    }
    if form.paid_features.len() > MAX_PAID_FEATURES {
        e.add("paid_features", MSG_MAX_3);
    }
    match form.discount {
        Some(d) if d < 0 => e.add("discount", MSG_DISCOUNT_NEGATIVE),
        Some(d) if d > 100 => e.add("discount", MSG_DISCOUNT_OVER),
        _ => {}
    }
    if form.is_circle() && context.use_cases_available && form.use_cases.is_empty() {
        e.add("use_cases", MSG_USE_CASE);
    }

    if program {
        if form.commitment_time.is_none() {
            e.add("commitment_time", MSG_REQUIRED);
        }
        if form.career_stages.is_empty() {
            e.add("career_stages", MSG_REQUIRED);
        }
        for (field, value) in [
            ("start_date", form.start_date),
            ("end_date", form.end_date),
            ("application_open_date", form.application_open_date),
            ("application_close_date", form.application_close_date),
        ] {
            if value.is_none() {
                e.add(field, MSG_REQUIRED);
            }
        }
        if blank(&form.publicity) {
            e.add("publicity", MSG_REQUIRED);
        }
        if form.parent_group.is_none() && !context.parent_from_context {
            e.add("parent_group", MSG_REQUIRED);
        }
    } else if blank(&form.country) {
        e.add("country", MSG_REQUIRED);
    }
    if form.is_circle() && form.circle_type.is_none() {
        e.add("circle_type", MSG_REQUIRED);
    }
    if form.is_event() && blank(&form.event_type) {
        e.add("event_type", MSG_REQUIRED);
    }

    one_of(&mut e, "publicity", &form.publicity, &PUBLICITY);
    one_of(&mut e, "event_type", &form.event_type, &EVENT_TYPES);
    one_of(&mut e, "learning_modality", &form.learning_modality, &LEARNING_MODALITIES);
    one_of(&mut e, "complexity_level", &form.complexity_level, &COMPLEXITY_LEVELS);
    one_of(&mut e, "group_duration", &Some(form.group_duration.clone()), &GROUP_DURATIONS);
    if let Some(weeks) = form.commitment_time {
        if !COMMITMENT_WEEKS.contains(&weeks) {
            e.add("commitment_time", format!("\"{weeks}\" is not a valid choice."));
        }
    }

    if let (Some(open), Some(close)) = (form.application_open_date, form.application_close_date) {
        if close < open {
            e.add("application_close_date", MSG_CLOSE_BEFORE_OPEN);
        }
    }
    if let (Some(close), Some(start)) = (form.application_close_date, form.start_date) {
        if start < close {
            e.add("start_date", MSG_START_BEFORE_CLOSE);
        }
    }
    if let (Some(start), Some(end)) = (form.start_date, form.end_date) {
        if end < start {
            e.add("end_date", MSG_END_BEFORE_START);
        }
    }

    check_extra_info(&mut e, &form.extra_info);
    if form.donation_details.len() > MAX_DONATIONS {
        e.add("donation_details", format!("Ensure this list has no more than {MAX_DONATIONS} items."));
    }
    for (i, donation) in form.donation_details.iter().enumerate() {
        if donation.name.trim().is_empty() {
            e.add(format!("donation_details.{i}.name"), MSG_REQUIRED);
        }
        for (field, value, max) in [
            ("name", Some(donation.name.as_str()), MAX_DONATION_NAME_CHARS),
            ("description", donation.description.as_deref(), MAX_DONATION_DESCRIPTION_CHARS),
            ("stripe_price_id", donation.stripe_price_id.as_deref(), MAX_STRIPE_PRICE_ID_CHARS),
        ] {
            if too_long(value, max) {
                e.add(format!("donation_details.{i}.{field}"), msg_max_chars(max));
            }
        }
    }
    e.into_result()
}

/// Rules that read more than the field they report on: (field, message, fields read). A
/// partial update that changes any field a rule reads answers for that rule, even when the
/// error lands on a field it did not send (a new close date after the stored start date).
const CROSS_FIELD_RULES: [(&str, &str, &[&str]); 5] = [
    ("application_close_date", MSG_CLOSE_BEFORE_OPEN, &["application_open_date", "application_close_date"]),
    ("start_date", MSG_START_BEFORE_CLOSE, &["application_close_date", "start_date"]),
    ("end_date", MSG_END_BEFORE_START, &["start_date", "end_date"]),
    ("price", MSG_REQUIRED, &["is_paid", "price"]),
    ("price", MSG_PRICE_POSITIVE, &["is_paid", "price"]),
];

/// Checks a partial update: `form` is the stored group with the sent fields applied and `sent`
/// names the fields the update changes. Only errors about those fields count, plus the
/// cross-field rules that read one of them; what the stored row already lacks (an
/// organization created without a country) does not block changing something else.
pub fn validate_changes(form: &mut GroupForm, context: FormContext, sent: &[&str]) -> Result<(), FieldErrors> {
    let Err(all) = validate(form, context) else {
        return Ok(());
    };
    let mut kept = FieldErrors::new();
    for (field, messages) in all.0 {
        // `donation_details.0.name` belongs to `donation_details`.
        let root = field.split('.').next().unwrap_or(&field);
        for message in messages {
            let rule_reads_a_change = CROSS_FIELD_RULES.iter().any(|(on, text, reads)| {
                *on == field && *text == message && reads.iter().any(|read| sent.contains(read))
            });
            if sent.contains(&root) || rule_reads_a_change {
                kept.add(field.clone(), message);
            }
        }
    }
    kept.into_result()
}

fn check_extra_info(e: &mut FieldErrors, extra: &Value) {
    let object = match extra {
        Value::Null => return,
        Value::Object(map) => map,
        _ => {
            e.add("extra_info", "Expected an object.");
            return;
        }
    };
    if let Some(questions) = object.get("questions") {
        if !questions.is_array() {
            e.add("extra_info.questions", "Expected a list of items.");
        }
    }
    let external = object.get("is_external").and_then(Value::as_bool).unwrap_or(false);
    if external {
        let link = object.get("external_link").and_then(Value::as_str).unwrap_or("");
        let valid = url::Url::parse(link).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
        if !valid {
            e.add("extra_info.external_link", MSG_EXTERNAL_LINK);
        }
    }
}

#[cfg(test)]
mod tests;
