//! The group form as the API takes it: a JSON object whose keys are the form's fields
//! (spec 001 §3), read into [`GroupInput`]. Creation reads every key; an update starts from
//! the stored group and applies only the keys sent. Each value that does not parse is
//! reported on its field, all at once, with the form's own checks.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use domain::{
    groups::{
        form::{self, Donation, GroupForm},
        questions,
    },
    option_value::OptionValue,
    sent::{NumberOrText, Sent},
    FieldErrors,
};
use serde::{de::IgnoredAny, Deserialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

mod form_values;
mod stored;

pub use form_values::{FormBool, FormId, FormIds, FormList};
pub use stored::{blank_form, form_of};

/// Keys the client may send back from a group it read; they are not form fields and are
/// ignored rather than refused.
const READ_ONLY: [&str; 28] = [
    "id",
    "name_slug",
    "slug",
    "parent_group_detail",
    "topics_detailed",
    "relevant_sdgs_detailed",
    "circle_type_detail",
    "use_cases_detailed",
    "total_members",
    "total_circles",
    "pending_members_count",
    "rejected_members_count",
    "unverified_members_count",
    "membership_status",
    "role",
    "payment_status",
    "waitlisted",
    "is_administrator",
    "is_followed",
    "followers_count",
    "lifecycle",
    "is_full",
    "cover_image",
    "logo",
    "has_classroom_access",
    "created_at",
    "membership_type",
    "is_tenant_root",
];

pub const PRIVACY_PUBLIC: i16 = 0;
pub const PRIVACY_PRIVATE: i16 = 20;

/// The parsed form plus what is not part of [`GroupForm`].
pub struct Parsed {
    pub form: GroupForm,
    pub privacy: i16,
    /// Values that did not parse; reported together with the form's own checks.
    pub errors: FieldErrors,
}

impl Parsed {
    /// Runs the form's checks and reports them with the parse errors, all at once.
    pub fn validate(&mut self, context: form::FormContext) -> Result<(), FieldErrors> {
        let mut errors = std::mem::take(&mut self.errors);
        if let Err(found) = form::validate(&mut self.form, context) {
            for (field, messages) in found.0 {
                // A value that did not parse already says why.
                errors.0.entry(field).or_insert(messages);
            }
        }
        errors.into_result()
    }
}

impl Parsed {
    /// Runs the checks of a partial update: parse errors, the sent fields' own rules and the
    /// cross-field rules that read a sent field (see [`form::validate_changes`]).
    pub fn validate_changes(&mut self, context: form::FormContext, sent: &[&str]) -> Result<(), FieldErrors> {
        let mut errors = std::mem::take(&mut self.errors);
        if let Err(found) = form::validate_changes(&mut self.form, context, sent) {
            for (field, messages) in found.0 {
                errors.0.entry(field).or_insert(messages);
            }
        }
        errors.into_result()
    }
}

/// The group form's body. Every field is optional in the body: creation reports missing
/// required fields by the form's rules ('Required'), an update changes only what is sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GroupInput {
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub name: Sent<String>,
    /// organization, institution, circle or event; fixed once created.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub group_type: Sent<String>,
    /// The organization above (an id, or the group itself with its `id`).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub parent_group: Sent<FormId>,
    /// Rich text, at most 4000 characters once sanitised.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub objective: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub member_requirements: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub impact: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub location: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub country: Sent<String>,
    /// Texts: a list, or one comma-joined string.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub countries: Sent<FormList>,
    /// At most 7 topic ids.
    #[schema(value_type = Option<Vec<OptionValue>>)]
    #[serde(default)]
    pub topics: Sent<FormIds>,
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub career_stages: Sent<FormList>,
    /// `all` means every field.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub professional_fields: Sent<FormList>,
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub roles: Sent<FormList>,
    /// At most 3 SDG ids.
    #[schema(value_type = Option<Vec<OptionValue>>)]
    #[serde(default)]
    pub relevant_sdgs: Sent<FormIds>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub level: Sent<NumberOrText>,
    /// time_limited or ongoing.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub group_duration: Sent<String>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub maximum_size: Sent<NumberOrText>,
    #[schema(value_type = Option<NaiveDate>)]
    #[serde(default)]
    pub start_date: Sent<String>,
    #[schema(value_type = Option<NaiveDate>)]
    #[serde(default)]
    pub end_date: Sent<String>,
    #[schema(value_type = Option<NaiveDate>)]
    #[serde(default)]
    pub application_open_date: Sent<String>,
    #[schema(value_type = Option<NaiveDate>)]
    #[serde(default)]
    pub application_close_date: Sent<String>,
    /// open or closed.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub publicity: Sent<String>,
    /// 0 public, 20 private (`security_level` is the same field).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub privacy: Sent<NumberOrText>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub security_level: Sent<NumberOrText>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub circle_type: Sent<FormId>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub circle_status_priority: Sent<NumberOrText>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub event_type: Sent<String>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub is_paid: Sent<FormBool>,
    /// US dollars with at most 2 decimals ("49.99" or 49.99).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub price: Sent<NumberOrText>,
    /// At most 3 texts.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub paid_features: Sent<FormList>,
    /// A percentage, 0 to 100.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub discount: Sent<NumberOrText>,
    /// Weeks at 2 hours a week (`duration` is the same field).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub commitment_time: Sent<NumberOrText>,
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub duration: Sent<NumberOrText>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub complexity_level: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub learning_modality: Sent<String>,
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub create_google_classroom: Sent<FormBool>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub google_classroom_id: Sent<String>,
    /// Use case ids (at most 50).
    #[schema(value_type = Option<Vec<OptionValue>>)]
    #[serde(default)]
    pub use_cases: Sent<FormIds>,
    /// Staff only.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub is_influencer: Sent<FormBool>,
    #[schema(value_type = Option<Vec<Donation>>)]
    #[serde(default)]
    pub donation_details: Sent<Vec<Donation>>,
    /// Merged into the stored one; `questions` (the application form) is checked and given
    /// ids. Its other keys are the site's own.
    #[schema(value_type = Option<Object>)]
    #[serde(default)]
    pub extra_info: Sent<Map<String, Value>>,
    /// Any other key: a read-only key of a group answer is ignored, others are refused.
    #[serde(flatten)]
    #[schema(ignore)]
    pub others: BTreeMap<String, IgnoredAny>,
}

impl GroupInput {
    /// The keys sent, by the form's names (`duration` is `commitment_time`), for the checks
    /// of a partial update.
    pub fn sent_fields(&self) -> Vec<&'static str> {
        let fields: &[(&'static str, bool)] = &[
            ("name", self.name.is_absent()),
            ("group_type", self.group_type.is_absent()),
            ("parent_group", self.parent_group.is_absent()),
            ("description", self.description.is_absent()),
            ("objective", self.objective.is_absent()),
            ("member_requirements", self.member_requirements.is_absent()),
            ("impact", self.impact.is_absent()),
            ("location", self.location.is_absent()),
            ("country", self.country.is_absent()),
            ("countries", self.countries.is_absent()),
            ("topics", self.topics.is_absent()),
            ("career_stages", self.career_stages.is_absent()),
            ("professional_fields", self.professional_fields.is_absent()),
            ("roles", self.roles.is_absent()),
            ("relevant_sdgs", self.relevant_sdgs.is_absent()),
            ("level", self.level.is_absent()),
            ("group_duration", self.group_duration.is_absent()),
            ("maximum_size", self.maximum_size.is_absent()),
            ("start_date", self.start_date.is_absent()),
            ("end_date", self.end_date.is_absent()),
            ("application_open_date", self.application_open_date.is_absent()),
            ("application_close_date", self.application_close_date.is_absent()),
            ("publicity", self.publicity.is_absent()),
            ("privacy", self.privacy.is_absent()),
            ("security_level", self.security_level.is_absent()),
            ("circle_type", self.circle_type.is_absent()),
            ("circle_status_priority", self.circle_status_priority.is_absent()),
            ("event_type", self.event_type.is_absent()),
            ("is_paid", self.is_paid.is_absent()),
            ("price", self.price.is_absent()),
            ("paid_features", self.paid_features.is_absent()),
            ("discount", self.discount.is_absent()),
            ("commitment_time", self.commitment_time.is_absent() && self.duration.is_absent()),
            ("duration", self.duration.is_absent()),
            ("complexity_level", self.complexity_level.is_absent()),
            ("learning_modality", self.learning_modality.is_absent()),
            ("create_google_classroom", self.create_google_classroom.is_absent()),
            ("google_classroom_id", self.google_classroom_id.is_absent()),
            ("use_cases", self.use_cases.is_absent()),
            ("is_influencer", self.is_influencer.is_absent()),
            ("donation_details", self.donation_details.is_absent()),
            ("extra_info", self.extra_info.is_absent()),
        ];
        fields.iter().filter(|(_, absent)| !absent).map(|(key, _)| *key).collect()
    }
}

/// A positive id as a form sends it: a number, its text, or the item itself (`{"id": 3}`).
fn id_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        Value::Object(o) => o.get("id").and_then(id_of),
        _ => None,
    }
    .filter(|id| *id > 0)
}

/// Reads the sent values into the form's types, collecting what does not parse.
#[derive(Default)]
struct Reader {
    errors: FieldErrors,
}

impl Reader {
    fn text(&mut self, key: &str, value: Sent<String>, max: usize) -> Option<Option<String>> {
        match value {
            Sent::Absent => None,
            Sent::Null => Some(None),
            Sent::Value(s) if s.trim().is_empty() => Some(None),
            Sent::Value(s) if s.trim().chars().count() > max => {
                self.errors.add(key, form::msg_max_chars(max));
                Some(None)
            }
            Sent::Value(s) => Some(Some(s.trim().to_string())),
            Sent::WrongType => {
                self.errors.add(key, "Not a valid string.");
                Some(None)
            }
        }
    }

    /// Trimmed, without blanks or repeats, at most 50 items ([`domain::query_list::distinct`]).
    /// The form checks each item's length.
    fn strings(&mut self, key: &str, value: Sent<FormList>) -> Option<Vec<String>> {
        let FormList(items) = value.into_list(&mut self.errors, key)?;
        let kept = items.iter().map(|s| s.trim()).filter(|s| !s.is_empty());
        Some(domain::query_list::distinct(kept).unwrap_or_else(|message| {
            self.errors.add(key, message);
            Vec::new()
        }))
    }

    fn ids(&mut self, key: &str, value: Sent<FormIds>) -> Option<Vec<i64>> {
        match value {
            Sent::Absent => None,
            Sent::Null => Some(Vec::new()),
            Sent::Value(FormIds(ids)) => Some(ids),
            Sent::WrongType => {
                self.errors.add(key, "Expected a list of ids.");
                Some(Vec::new())
            }
        }
    }

    fn id(&mut self, key: &str, value: Sent<FormId>) -> Option<Option<i64>> {
        match value {
            Sent::Absent => None,
            Sent::Null | Sent::Value(FormId::Blank) => Some(None),
            Sent::Value(FormId::Id(id)) => Some(Some(id)),
            Sent::WrongType => {
                self.errors.add(key, "A valid integer is required.");
                Some(None)
            }
        }
    }

    fn int(&mut self, key: &str, value: Sent<NumberOrText>) -> Option<Option<i64>> {
        match value {
            Sent::Absent => None,
            Sent::Null => Some(None),
            Sent::Value(number) if number.is_blank_text() => Some(None),
            Sent::Value(NumberOrText::Integer(n)) => Some(Some(n)),
            Sent::Value(NumberOrText::Text(s)) if s.trim().parse::<i64>().is_ok() => Some(s.trim().parse().ok()),
            _ => {
                self.errors.add(key, "A valid integer is required.");
                Some(None)
            }
        }
    }

    fn bool(&mut self, key: &str, value: Sent<FormBool>) -> Option<bool> {
        match value {
            Sent::Absent => None,
            Sent::Null => Some(false),
            Sent::Value(FormBool(b)) => Some(b),
            Sent::WrongType => {
                self.errors.add(key, "Must be a valid boolean.");
                Some(false)
            }
        }
    }

    fn date(&mut self, key: &str, value: Sent<String>) -> Option<Option<NaiveDate>> {
        const MSG_DATE: &str = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
        match value {
            Sent::Absent => None,
            Sent::Null => Some(None),
            Sent::Value(s) if s.trim().is_empty() => Some(None),
            Sent::Value(s) => {
                let day = s.trim().get(..10).unwrap_or(s.trim());
                match NaiveDate::parse_from_str(day, "%Y-%m-%d") {
                    Ok(date) => Some(Some(date)),
                    Err(_) => {
                        self.errors.add(key, MSG_DATE);
                        Some(None)
                    }
                }
            }
            Sent::WrongType => {
                self.errors.add(key, MSG_DATE);
                Some(None)
            }
        }
    }
}

/// Applies the fields sent in `body` onto `form`. Unknown keys are refused; read-only keys
/// of a group answer are ignored. `random` draws question ids. Parse errors travel in
/// [`Parsed::errors`].
pub fn apply(body: GroupInput, mut form: GroupForm, privacy: i16, random: impl FnMut() -> u32) -> Parsed {
    let mut r = Reader::default();
    for key in body.others.keys() {
        if !READ_ONLY.contains(&key.as_str()) {
            r.errors.add(key, "Unknown field.");
        }
    }
    if let Some(name) = r.text("name", body.name, form::MAX_NAME_CHARS) {
        form.name = name.unwrap_or_default();
    }
    if let Some(kind) = r.text("group_type", body.group_type, 30) {
        form.group_type = kind.unwrap_or_default();
    }
    if let Some(parent) = r.id("parent_group", body.parent_group) {
        form.parent_group = parent;
    }
    for (key, value, slot) in [
        ("description", body.description, &mut form.description),
        ("objective", body.objective, &mut form.objective),
        ("member_requirements", body.member_requirements, &mut form.member_requirements),
        ("impact", body.impact, &mut form.impact),
    ] {
        // Rich text is measured after sanitising; this only bounds what is read.
        if let Some(value) = r.text(key, value, 200_000) {
            *slot = value;
        }
    }
    for (key, value, slot, max) in [
        ("location", body.location, &mut form.location, form::MAX_LOCATION_CHARS),
        ("country", body.country, &mut form.country, form::MAX_COUNTRY_CHARS),
    ] {
        if let Some(value) = r.text(key, value, max) {
            *slot = value;
        }
    }
    for (key, value, slot) in [
        ("countries", body.countries, &mut form.countries),
        ("career_stages", body.career_stages, &mut form.career_stages),
        ("professional_fields", body.professional_fields, &mut form.professional_fields),
        ("roles", body.roles, &mut form.roles),
        ("paid_features", body.paid_features, &mut form.paid_features),
    ] {
        if let Some(value) = r.strings(key, value) {
            *slot = value;
        }
    }
    if let Some(topics) = r.ids("topics", body.topics) {
        form.topics = topics;
    }
    if let Some(sdgs) = r.ids("relevant_sdgs", body.relevant_sdgs) {
        form.relevant_sdgs = sdgs;
    }
    if let Some(use_cases) = r.ids("use_cases", body.use_cases) {
        if use_cases.len() > 50 {
            r.errors.add("use_cases", "Ensure this list has no more than 50 items.");
        }
        form.use_cases = use_cases;
    }
    if let Some(level) = r.int("level", body.level) {
        form.level = level.and_then(|l| i32::try_from(l).ok()).unwrap_or(1);
    }
    if let Some(duration) = r.text("group_duration", body.group_duration, 20) {
        form.group_duration = duration.unwrap_or_else(|| "time_limited".into());
    }
    if let Some(size) = r.int("maximum_size", body.maximum_size) {
        form.maximum_size = size;
    }
    for (key, value, slot) in [
        ("start_date", body.start_date, &mut form.start_date),
        ("end_date", body.end_date, &mut form.end_date),
        ("application_open_date", body.application_open_date, &mut form.application_open_date),
        ("application_close_date", body.application_close_date, &mut form.application_close_date),
    ] {
        if let Some(date) = r.date(key, value) {
            *slot = date;
        }
    }
    if let Some(publicity) = r.text("publicity", body.publicity, 20) {
        form.publicity = publicity;
    }
    let mut privacy = privacy;
    for (key, value) in [("privacy", body.privacy), ("security_level", body.security_level)] {
        if let Some(level) = r.int(key, value) {
            match level {
                None | Some(0) => privacy = PRIVACY_PUBLIC,
                Some(20) => privacy = PRIVACY_PRIVATE,
                Some(other) => r.errors.add(key, format!("\"{other}\" is not a valid choice.")),
            }
        }
    }
    if let Some(kind) = r.id("circle_type", body.circle_type) {
        form.circle_type = kind;
    }
    if let Some(priority) = r.int("circle_status_priority", body.circle_status_priority) {
        form.circle_status_priority = priority.and_then(|p| i32::try_from(p).ok());
    }
    if let Some(kind) = r.text("event_type", body.event_type, 20) {
        form.event_type = kind;
    }
    if let Some(paid) = r.bool("is_paid", body.is_paid) {
        form.is_paid = paid;
    }
    if !body.price.is_absent() {
        match form::parse_price(body.price) {
            Ok(cents) => form.price_cents = cents,
            Err(message) => r.errors.add("price", message),
        }
    }
    if let Some(discount) = r.int("discount", body.discount) {
        form.discount = discount;
    }
    // The form calls the commitment "duration" in places; both keys mean weeks.
    for (key, value) in [("commitment_time", body.commitment_time), ("duration", body.duration)] {
        if let Some(weeks) = r.int(key, value) {
            form.commitment_time = weeks.and_then(|w| i32::try_from(w).ok());
        }
    }
    for (key, value, slot) in [
        ("complexity_level", body.complexity_level, &mut form.complexity_level),
        ("learning_modality", body.learning_modality, &mut form.learning_modality),
    ] {
        if let Some(value) = r.text(key, value, 20) {
            *slot = value;
        }
    }
    if let Some(create) = r.bool("create_google_classroom", body.create_google_classroom) {
        form.create_google_classroom = create;
    }
    if let Some(id) = r.text("google_classroom_id", body.google_classroom_id, form::MAX_CLASSROOM_ID_CHARS) {
        form.google_classroom_id = id;
    }
    if let Some(influencer) = r.bool("is_influencer", body.is_influencer) {
        form.is_influencer = influencer;
    }
    match body.donation_details {
        Sent::Absent => {}
        Sent::Null => form.donation_details = Vec::new(),
        Sent::Value(list) => form.donation_details = list,
        Sent::WrongType => r.errors.add("donation_details", "Expected a list of {name, description, stripe_price_id}."),
    }
    match body.extra_info {
        Sent::Absent | Sent::Null => {}
        Sent::Value(sent) => {
            let mut merged = form.extra_info.as_object().cloned().unwrap_or_default();
            for (key, value) in &sent {
                merged.insert(key.clone(), value.clone());
            }
            if let Some(raw) = sent.get("questions") {
                match questions::normalize(raw, random) {
                    Ok(list) => {
                        merged.insert("questions".into(), serde_json::to_value(list).unwrap_or_default());
                    }
                    Err(errors) => r.errors.merge_prefixed("extra_info.", errors),
                }
            }
            if serde_json::to_string(&merged).map(|s| s.len()).unwrap_or(0) > 64 * 1024 {
                r.errors.add("extra_info", "Too much data.");
            }
            form.extra_info = Value::Object(merged);
        }
        Sent::WrongType => r.errors.add("extra_info", "Expected an object."),
    }
    Parsed { form, privacy, errors: r.errors }
}
