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
mod tests {
    use serde_json::json;

    use crate::sent::body;

    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn circle() -> GroupForm {
        GroupForm {
            name: "AI Circle".into(),
            group_type: "circle".into(),
            parent_group: Some(1),
            description: Some("<p>Learn together</p>".into()),
            topics: vec![1, 2],
            career_stages: vec!["2".into()],
            relevant_sdgs: vec![4],
            level: 1,
            group_duration: "time_limited".into(),
            application_open_date: Some(d("2026-01-01")),
            application_close_date: Some(d("2026-01-10")),
            start_date: Some(d("2026-01-15")),
            end_date: Some(d("2026-02-15")),
            publicity: Some("open".into()),
            circle_type: Some(1),
            commitment_time: Some(4),
            ..Default::default()
        }
    }

    fn errors(mut form: GroupForm, context: FormContext) -> FieldErrors {
        validate(&mut form, context).err().unwrap_or_default()
    }

    #[test]
    fn a_partial_update_answers_for_what_it_changes() {
        // An organization stored without a country may still be renamed.
        let org = GroupForm {
            name: "Renamed".into(),
            group_type: "organization".into(),
            description: Some("<p>x</p>".into()),
            group_duration: "ongoing".into(),
            ..Default::default()
        };
        assert!(validate(&mut org.clone(), FormContext::default()).is_err(), "the whole form lacks a country");
        assert!(validate_changes(&mut org.clone(), FormContext::default(), &["name"]).is_ok());
        // Sending the field itself still checks it.
        let e = validate_changes(&mut org.clone(), FormContext::default(), &["name", "country"]).unwrap_err();
        assert_eq!(e.first("country"), Some(MSG_REQUIRED));
        let e = validate_changes(&mut GroupForm { name: " ".into(), ..org }, FormContext::default(), &["name"])
            .unwrap_err();
        assert_eq!(e.first("name"), Some(MSG_REQUIRED));
    }

    #[test]
    fn a_partial_update_answers_for_rules_that_read_a_changed_field() {
        // A new close date after the stored start date is reported on the start date.
        let mut form = circle();
        form.application_close_date = form.start_date.map(|d| d + chrono::Days::new(3));
        let e = validate_changes(&mut form.clone(), FormContext::default(), &["application_close_date"]).unwrap_err();
        assert_eq!(e.first("start_date"), Some(MSG_START_BEFORE_CLOSE));
        // Changing something else leaves the stored dates alone.
        assert!(validate_changes(&mut form.clone(), FormContext::default(), &["name"]).is_ok());
        // Turning on payment without a stored price needs one.
        let paid = GroupForm { is_paid: true, price_cents: None, ..circle() };
        let e = validate_changes(&mut paid.clone(), FormContext::default(), &["is_paid"]).unwrap_err();
        assert_eq!(e.first("price"), Some(MSG_REQUIRED));
    }

    #[test]
    fn a_complete_circle_passes() {
        assert_eq!(errors(circle(), FormContext::default()), FieldErrors::new());
    }

    #[test]
    fn required_fields_of_a_circle() {
        let form = GroupForm { name: " ".into(), group_type: "circle".into(), ..Default::default() };
        let e = errors(form, FormContext::default());
        for field in [
            "name",
            "description",
            "topics",
            "relevant_sdgs",
            "commitment_time",
            "career_stages",
            "start_date",
            "end_date",
            "application_open_date",
            "application_close_date",
            "publicity",
            "parent_group",
            "circle_type",
        ] {
            assert_eq!(e.first(field), Some(MSG_REQUIRED), "{field}");
        }
        assert_eq!(e.first("country"), None);
        assert_eq!(e.first("event_type"), None);
        let with_parent = errors(
            GroupForm { group_type: "circle".into(), ..Default::default() },
            FormContext { parent_from_context: true, ..Default::default() },
        );
        assert_eq!(with_parent.first("parent_group"), None);
    }

    #[test]
    fn events_need_an_event_type_and_organizations_a_country() {
        let event = GroupForm { group_type: "event".into(), ..circle() };
        let e = errors(event, FormContext::default());
        assert_eq!(e.first("event_type"), Some(MSG_REQUIRED));
        assert_eq!(e.first("relevant_sdgs"), None);
        assert_eq!(e.first("circle_type"), None);
        let org = GroupForm {
            name: "Acme".into(),
            group_type: "organization".into(),
            description: Some("<p>x</p>".into()),
            group_duration: "time_limited".into(),
            ..Default::default()
        };
        let e = errors(org.clone(), FormContext::default());
        assert_eq!(e.first("country"), Some(MSG_REQUIRED));
        assert_eq!(e.first("topics"), None);
        assert_eq!(e.first("parent_group"), None);
        assert!(validate(&mut GroupForm { country: Some("Kenya".into()), ..org }, FormContext::default()).is_ok());
    }

    #[test]
    fn limits_and_their_messages() {
        let long = format!("<p>{}</p>", "a".repeat(4001));
        let form = GroupForm {
            description: Some(long.clone()),
            objective: Some(long.clone()),
            member_requirements: Some(long),
            maximum_size: Some(-1),
            topics: (1..=8).collect(),
            relevant_sdgs: vec![1, 2, 3, 4],
            paid_features: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            discount: Some(-5),
            ..circle()
        };
        let e = errors(form, FormContext::default());
        assert_eq!(e.first("description"), Some(MSG_MAX_RICH));
        assert_eq!(e.first("objective"), Some(MSG_MAX_RICH));
        assert_eq!(e.first("member_requirements"), Some(MSG_MAX_RICH));
        assert_eq!(e.first("maximum_size"), Some("Postive number only"));
        assert_eq!(e.first("topics"), Some("Maximum 7 topics"));
        assert_eq!(e.first("relevant_sdgs"), Some("Maximum 3"));
        assert_eq!(e.first("paid_features"), Some("Maximum 3"));
        assert_eq!(e.first("discount"), Some(MSG_DISCOUNT_NEGATIVE));
        let e = errors(GroupForm { discount: Some(101), ..circle() }, FormContext::default());
        assert_eq!(e.first("discount"), Some(MSG_DISCOUNT_OVER));
        assert!(validate(
            &mut GroupForm { discount: Some(100), maximum_size: Some(0), ..circle() },
            FormContext::default()
        )
        .is_ok());
    }

    #[test]
    fn texts_fit_their_columns() {
        let form = GroupForm {
            name: "n".repeat(201),
            location: Some("l".repeat(256)),
            country: Some("c".repeat(101)),
            google_classroom_id: Some("g".repeat(101)),
            countries: vec!["x".repeat(101)],
            donation_details: vec![Donation {
                name: "d".repeat(201),
                description: Some("e".repeat(1001)),
                stripe_price_id: Some("p".repeat(256)),
            }],
            ..circle()
        };
        let e = errors(form, FormContext::default());
        assert_eq!(e.first("name"), Some("Ensure this field has no more than 200 characters."));
        assert_eq!(e.first("location"), Some("Ensure this field has no more than 255 characters."));
        assert_eq!(e.first("country"), Some("Ensure this field has no more than 100 characters."));
        assert_eq!(e.first("google_classroom_id"), Some("Ensure this field has no more than 100 characters."));
        assert_eq!(e.first("countries"), Some("Ensure every item has no more than 100 characters."));
        assert_eq!(e.first("donation_details.0.name"), Some("Ensure this field has no more than 200 characters."));
        assert_eq!(
            e.first("donation_details.0.description"),
            Some("Ensure this field has no more than 1000 characters.")
        );
        assert_eq!(
            e.first("donation_details.0.stripe_price_id"),
            Some("Ensure this field has no more than 255 characters.")
        );
        let fits = GroupForm {
            name: "n".repeat(200),
            location: Some("l".repeat(255)),
            country: Some("c".repeat(100)),
            ..circle()
        };
        assert!(validate(&mut fits.clone(), FormContext::default()).is_ok());
    }

    #[test]
    fn price_when_paid() {
        let e = errors(GroupForm { is_paid: true, ..circle() }, FormContext::default());
        assert_eq!(e.first("price"), Some(MSG_REQUIRED));
        let e = errors(GroupForm { is_paid: true, price_cents: Some(0), ..circle() }, FormContext::default());
        assert_eq!(e.first("price"), Some(MSG_PRICE_POSITIVE));
        assert!(validate(
            &mut GroupForm { is_paid: true, price_cents: Some(4999), ..circle() },
            FormContext::default()
        )
        .is_ok());
        // A free group ignores its price.
        assert!(validate(&mut GroupForm { price_cents: Some(-1), ..circle() }, FormContext::default()).is_ok());
    }

    #[test]
    fn prices_parse_to_cents_and_back() {
        assert_eq!(parse_price(body(json!("49.99"))), Ok(Some(4999)));
        assert_eq!(parse_price(body(json!(49.5))), Ok(Some(4950)));
        assert_eq!(parse_price(body(json!(10))), Ok(Some(1000)));
        assert_eq!(parse_price(body(json!("-3"))), Ok(Some(-300)));
        assert_eq!(parse_price(body(json!(""))), Ok(None));
        assert_eq!(parse_price(Sent::Null), Ok(None));
        assert!(parse_price(body(json!("1.234"))).is_err());
        assert!(parse_price(body(json!("ten"))).is_err());
        assert!(parse_price(body(json!([1]))).is_err());
        assert_eq!(format_price(4999), "49.99");
        assert_eq!(format_price(5), "0.05");
    }

    #[test]
    fn a_use_case_is_required_only_when_the_catalogue_has_some() {
        let with_catalogue = FormContext { use_cases_available: true, ..Default::default() };
        assert_eq!(errors(circle(), with_catalogue).first("use_cases"), Some(MSG_USE_CASE));
        assert_eq!(errors(circle(), FormContext::default()).first("use_cases"), None);
        assert!(validate(&mut GroupForm { use_cases: vec![7], ..circle() }, with_catalogue).is_ok());
    }

    #[test]
    fn dates_must_be_in_order() {
        let form = GroupForm {
            application_open_date: Some(d("2026-01-10")),
            application_close_date: Some(d("2026-01-05")),
            start_date: Some(d("2026-01-01")),
            end_date: Some(d("2025-12-01")),
            ..circle()
        };
        let e = errors(form, FormContext::default());
        assert_eq!(e.first("application_close_date"), Some(MSG_CLOSE_BEFORE_OPEN));
        assert_eq!(e.first("start_date"), Some(MSG_START_BEFORE_CLOSE));
        assert_eq!(e.first("end_date"), Some(MSG_END_BEFORE_START));
        let same_day = GroupForm {
            application_open_date: Some(d("2026-01-10")),
            application_close_date: Some(d("2026-01-10")),
            start_date: Some(d("2026-01-10")),
            end_date: Some(d("2026-01-10")),
            ..circle()
        };
        assert!(validate(&mut same_day.clone(), FormContext::default()).is_ok());
    }

    #[test]
    fn rich_text_is_sanitised_and_all_fields_means_none() {
        let mut form = GroupForm {
            description: Some("<p>Hi<script>alert(1)</script></p>".into()),
            professional_fields: vec!["all".into(), "2".into()],
            ..circle()
        };
        validate(&mut form, FormContext::default()).unwrap();
        assert!(!form.description.as_deref().unwrap().contains("script"));
        assert!(form.professional_fields.is_empty());
        let e =
            errors(GroupForm { description: Some("<script>x</script>".into()), ..circle() }, FormContext::default());
        assert_eq!(e.first("description"), Some(MSG_REQUIRED));
    }

    #[test]
    fn choices_and_extra_info_are_checked() {
        let form = GroupForm {
            publicity: Some("secret".into()),
            learning_modality: Some("remote".into()),
            commitment_time: Some(5),
            extra_info: json!({"questions": {}, "is_external": true, "external_link": "ftp://x"}),
            ..circle()
        };
        let e = errors(form, FormContext::default());
        assert_eq!(e.first("publicity"), Some("\"secret\" is not a valid choice."));
        assert_eq!(e.first("learning_modality"), Some("\"remote\" is not a valid choice."));
        assert_eq!(e.first("commitment_time"), Some("\"5\" is not a valid choice."));
        assert_eq!(e.first("extra_info.questions"), Some("Expected a list of items."));
        assert_eq!(e.first("extra_info.external_link"), Some(MSG_EXTERNAL_LINK));
    }
}
