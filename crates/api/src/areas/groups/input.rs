//! The group form as the API takes it: a JSON object whose keys are the form's fields
//! (spec 001 §3). Creation reads every key; an update starts from the stored group and
//! applies only the keys sent. Each value that does not parse is reported on its field.

use chrono::NaiveDate;
use domain::{
    groups::{
        form::{self, Donation, GroupForm},
        questions,
    },
    FieldErrors,
};
use serde_json::{Map, Value};
use store::entities::groups;

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

/// Every form key the API reads.
const FIELDS: [&str; 42] = [
    "name",
    "group_type",
    "parent_group",
    "description",
    "objective",
    "member_requirements",
    "impact",
    "location",
    "country",
    "countries",
    "topics",
    "career_stages",
    "professional_fields",
    "roles",
    "relevant_sdgs",
    "level",
    "group_duration",
    "maximum_size",
    "start_date",
    "end_date",
    "application_open_date",
    "application_close_date",
    "publicity",
    "privacy",
    "circle_type",
    "circle_status_priority",
    "event_type",
    "is_paid",
    "price",
    "paid_features",
    "discount",
    "commitment_time",
    "complexity_level",
    "learning_modality",
    "create_google_classroom",
    "google_classroom_id",
    "use_cases",
    "is_influencer",
    "donation_details",
    "extra_info",
    "duration",
    "security_level",
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
    pub fn validate_changes(
        &mut self,
        context: form::FormContext,
        body: &Map<String, Value>,
    ) -> Result<(), FieldErrors> {
        let mut sent: Vec<&str> = body.keys().map(String::as_str).collect();
        // Keys the form knows under another name.
        if body.contains_key("duration") {
            sent.push("commitment_time");
        }
        let mut errors = std::mem::take(&mut self.errors);
        if let Err(found) = form::validate_changes(&mut self.form, context, &sent) {
            for (field, messages) in found.0 {
                errors.0.entry(field).or_insert(messages);
            }
        }
        errors.into_result()
    }
}

struct Reader<'a> {
    body: &'a Map<String, Value>,
    errors: FieldErrors,
}

fn id_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        Value::Object(o) => o.get("id").and_then(id_of),
        _ => None,
    }
    .filter(|id| *id > 0)
}

impl Reader<'_> {
    fn text(&mut self, key: &str, max: usize) -> Option<Option<String>> {
        let value = self.body.get(key)?;
        Some(match value {
            Value::Null => None,
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) if s.trim().chars().count() > max => {
                self.errors.add(key, form::msg_max_chars(max));
                None
            }
            Value::String(s) => Some(s.trim().to_string()),
            _ => {
                self.errors.add(key, "Not a valid string.");
                None
            }
        })
    }

    /// A list of short texts: a JSON list (of strings, numbers or `{id}`/`{value}` objects)
    /// or a comma-joined string; trimmed, without blanks or repeats, at most 50 items
    /// ([`domain::query_list::distinct`]). The form checks each item's length.
    fn strings(&mut self, key: &str) -> Option<Vec<String>> {
        let value = self.body.get(key)?;
        let items: Vec<String> = match value {
            Value::Null => Vec::new(),
            Value::String(s) => s.split(',').map(str::to_string).collect(),
            Value::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item {
                        Value::String(s) => out.push(s.clone()),
                        Value::Number(n) => out.push(n.to_string()),
                        Value::Object(o) => match o.get("id").or_else(|| o.get("value")) {
                            Some(Value::String(s)) => out.push(s.clone()),
                            Some(Value::Number(n)) => out.push(n.to_string()),
                            _ => self.errors.add(key, "Expected a list of items."),
                        },
                        _ => self.errors.add(key, "Expected a list of items."),
                    }
                }
                out
            }
            _ => {
                self.errors.add(key, "Expected a list of items.");
                Vec::new()
            }
        };
        let kept = items.iter().map(|s| s.trim()).filter(|s| !s.is_empty());
        Some(domain::query_list::distinct(kept).unwrap_or_else(|message| {
            self.errors.add(key, message);
            Vec::new()
        }))
    }

    fn ids(&mut self, key: &str) -> Option<Vec<i64>> {
        let value = self.body.get(key)?;
        let items: Vec<Value> = match value {
            Value::Null => Vec::new(),
            Value::Array(items) => items.clone(),
            Value::String(s) => s.split(',').filter(|p| !p.trim().is_empty()).map(|p| Value::from(p.trim())).collect(),
            other => vec![other.clone()],
        };
        let mut out = Vec::new();
        for item in &items {
            match id_of(item) {
                Some(id) if !out.contains(&id) => out.push(id),
                Some(_) => {}
                None => {
                    self.errors.add(key, "Expected a list of ids.");
                    return Some(Vec::new());
                }
            }
        }
        Some(out)
    }

    fn id(&mut self, key: &str) -> Option<Option<i64>> {
        let value = self.body.get(key)?;
        Some(match value {
            Value::Null => None,
            Value::String(s) if s.trim().is_empty() => None,
            other => match id_of(other) {
                Some(id) => Some(id),
                None => {
                    self.errors.add(key, "A valid integer is required.");
                    None
                }
            },
        })
    }

    fn int(&mut self, key: &str) -> Option<Option<i64>> {
        let value = self.body.get(key)?;
        Some(match value {
            Value::Null => None,
            Value::String(s) if s.trim().is_empty() => None,
            Value::Number(n) if n.as_i64().is_some() => n.as_i64(),
            Value::String(s) if s.trim().parse::<i64>().is_ok() => s.trim().parse().ok(),
            _ => {
                self.errors.add(key, "A valid integer is required.");
                None
            }
        })
    }

    fn bool(&mut self, key: &str) -> Option<bool> {
        let value = self.body.get(key)?;
        Some(match value {
            Value::Bool(b) => *b,
            Value::Null => false,
            Value::String(s) if matches!(s.as_str(), "true" | "True" | "1") => true,
            Value::String(s) if matches!(s.as_str(), "false" | "False" | "0" | "") => false,
            _ => {
                self.errors.add(key, "Must be a valid boolean.");
                false
            }
        })
    }

    fn date(&mut self, key: &str) -> Option<Option<NaiveDate>> {
        let value = self.body.get(key)?;
        Some(match value {
            Value::Null => None,
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => {
                let day = s.trim().get(..10).unwrap_or(s.trim());
                match NaiveDate::parse_from_str(day, "%Y-%m-%d") {
                    Ok(date) => Some(date),
                    Err(_) => {
                        self.errors.add(key, "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.");
                        None
                    }
                }
            }
            _ => {
                self.errors.add(key, "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.");
                None
            }
        })
    }
}

fn json_strings(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The form as a stored group holds it (with its topics, SDGs and use cases), to apply an
/// update to.
pub fn form_of(group: &groups::Model, topics: Vec<i64>, sdgs: Vec<i64>, use_cases: Vec<i64>) -> GroupForm {
    GroupForm {
        name: group.name.clone(),
        group_type: group.group_type.clone(),
        parent_group: group.parent_id,
        description: group.description.clone(),
        objective: group.objective.clone(),
        member_requirements: group.member_requirements.clone(),
        impact: group.impact.clone(),
        location: group.location.clone(),
        country: group.country.clone(),
        countries: json_strings(&group.countries),
        topics,
        career_stages: json_strings(&group.career_stages),
        professional_fields: json_strings(&group.professional_fields),
        roles: json_strings(&group.roles),
        relevant_sdgs: sdgs,
        level: group.level,
        group_duration: group.group_duration.clone().unwrap_or_else(|| "time_limited".into()),
        maximum_size: group.maximum_size,
        start_date: group.start_date,
        end_date: group.end_date,
        application_open_date: group.application_open_date,
        application_close_date: group.application_close_date,
        publicity: Some(group.join_mode.clone()),
        circle_type: group.circle_type_id,
        circle_status_priority: group.circle_status_priority,
        event_type: group.event_type.clone(),
        is_paid: group.is_paid,
        price_cents: group.price_cents,
        paid_features: json_strings(&group.paid_features),
        discount: group.discount,
        commitment_time: group.commitment_time,
        complexity_level: group.complexity_level.clone(),
        learning_modality: group.learning_modality.clone(),
        create_google_classroom: group.create_google_classroom,
        google_classroom_id: group.google_classroom_id.clone(),
        use_cases,
        is_influencer: group.is_influencer,
        donation_details: group
            .donation_details
            .as_ref()
            .and_then(|d| serde_json::from_value::<Vec<Donation>>(d.clone()).ok())
            .unwrap_or_default(),
        extra_info: group.extra_info.clone().unwrap_or_else(|| Value::Object(Map::new())),
    }
}

/// An empty form for a new group.
pub fn blank_form() -> GroupForm {
    GroupForm {
        name: String::new(),
        group_type: String::new(),
        parent_group: None,
        description: None,
        objective: None,
        member_requirements: None,
        impact: None,
        location: None,
        country: None,
        countries: Vec::new(),
        topics: Vec::new(),
        career_stages: Vec::new(),
        professional_fields: Vec::new(),
        roles: Vec::new(),
        relevant_sdgs: Vec::new(),
        level: 1,
        group_duration: "time_limited".into(),
        maximum_size: None,
        start_date: None,
        end_date: None,
        application_open_date: None,
        application_close_date: None,
        publicity: None,
        circle_type: None,
        circle_status_priority: None,
        event_type: None,
        is_paid: false,
        price_cents: None,
        paid_features: Vec::new(),
        discount: None,
        commitment_time: None,
        complexity_level: None,
        learning_modality: None,
        create_google_classroom: false,
        google_classroom_id: None,
        use_cases: Vec::new(),
        is_influencer: false,
        donation_details: Vec::new(),
        extra_info: Value::Object(Map::new()),
    }
}

/// Applies the keys of `body` onto `form`. Unknown keys are refused; read-only keys of a
/// group answer are ignored. `random` draws question ids. Parse errors travel in
/// [`Parsed::errors`].
pub fn apply(body: &Map<String, Value>, mut form: GroupForm, privacy: i16, random: impl FnMut() -> u32) -> Parsed {
    let mut r = Reader { body, errors: FieldErrors::new() };
    for key in body.keys() {
        if !FIELDS.contains(&key.as_str()) && !READ_ONLY.contains(&key.as_str()) {
            r.errors.add(key, "Unknown field.");
        }
    }
    if let Some(name) = r.text("name", form::MAX_NAME_CHARS) {
        form.name = name.unwrap_or_default();
    }
    if let Some(kind) = r.text("group_type", 30) {
        form.group_type = kind.unwrap_or_default();
    }
    if let Some(parent) = r.id("parent_group") {
        form.parent_group = parent;
    }
    for (key, slot) in [
        ("description", &mut form.description),
        ("objective", &mut form.objective),
        ("member_requirements", &mut form.member_requirements),
        ("impact", &mut form.impact),
    ] {
        // Rich text is measured after sanitising; this only bounds what is read.
        if let Some(value) = r.text(key, 200_000) {
            *slot = value;
        }
    }
    for (key, slot, max) in [
        ("location", &mut form.location, form::MAX_LOCATION_CHARS),
        ("country", &mut form.country, form::MAX_COUNTRY_CHARS),
    ] {
        if let Some(value) = r.text(key, max) {
            *slot = value;
        }
    }
    for (key, slot) in [
        ("countries", &mut form.countries),
        ("career_stages", &mut form.career_stages),
        ("professional_fields", &mut form.professional_fields),
        ("roles", &mut form.roles),
        ("paid_features", &mut form.paid_features),
    ] {
        if let Some(value) = r.strings(key) {
            *slot = value;
        }
    }
    if let Some(topics) = r.ids("topics") {
        form.topics = topics;
    }
    if let Some(sdgs) = r.ids("relevant_sdgs") {
        form.relevant_sdgs = sdgs;
    }
    if let Some(use_cases) = r.ids("use_cases") {
        if use_cases.len() > 50 {
            r.errors.add("use_cases", "Ensure this list has no more than 50 items.");
        }
        form.use_cases = use_cases;
    }
    if let Some(level) = r.int("level") {
        form.level = level.and_then(|l| i32::try_from(l).ok()).unwrap_or(1);
    }
    if let Some(duration) = r.text("group_duration", 20) {
        form.group_duration = duration.unwrap_or_else(|| "time_limited".into());
    }
    if let Some(size) = r.int("maximum_size") {
        form.maximum_size = size;
    }
    for (key, slot) in [
        ("start_date", &mut form.start_date),
        ("end_date", &mut form.end_date),
        ("application_open_date", &mut form.application_open_date),
        ("application_close_date", &mut form.application_close_date),
    ] {
        if let Some(date) = r.date(key) {
            *slot = date;
        }
    }
    if let Some(publicity) = r.text("publicity", 20) {
        form.publicity = publicity;
    }
    let mut privacy = privacy;
    for key in ["privacy", "security_level"] {
        if let Some(level) = r.int(key) {
            match level {
                None | Some(0) => privacy = PRIVACY_PUBLIC,
                Some(20) => privacy = PRIVACY_PRIVATE,
                Some(other) => r.errors.add(key, format!("\"{other}\" is not a valid choice.")),
            }
        }
    }
    if let Some(kind) = r.id("circle_type") {
        form.circle_type = kind;
    }
    if let Some(priority) = r.int("circle_status_priority") {
        form.circle_status_priority = priority.and_then(|p| i32::try_from(p).ok());
    }
    if let Some(kind) = r.text("event_type", 20) {
        form.event_type = kind;
    }
    if let Some(paid) = r.bool("is_paid") {
        form.is_paid = paid;
    }
    if let Some(price) = body.get("price") {
        match form::parse_price(price) {
            Ok(cents) => form.price_cents = cents,
            Err(message) => r.errors.add("price", message),
        }
    }
    if let Some(discount) = r.int("discount") {
        form.discount = discount;
    }
    // The form calls the commitment "duration" in places; both keys mean weeks.
    for key in ["commitment_time", "duration"] {
        if let Some(weeks) = r.int(key) {
            form.commitment_time = weeks.and_then(|w| i32::try_from(w).ok());
        }
    }
    for (key, slot) in
        [("complexity_level", &mut form.complexity_level), ("learning_modality", &mut form.learning_modality)]
    {
        if let Some(value) = r.text(key, 20) {
            *slot = value;
        }
    }
    if let Some(create) = r.bool("create_google_classroom") {
        form.create_google_classroom = create;
    }
    if let Some(id) = r.text("google_classroom_id", form::MAX_CLASSROOM_ID_CHARS) {
        form.google_classroom_id = id;
    }
    if let Some(influencer) = r.bool("is_influencer") {
        form.is_influencer = influencer;
    }
    if let Some(value) = body.get("donation_details") {
        match serde_json::from_value::<Vec<Donation>>(if value.is_null() {
            Value::Array(vec![])
        } else {
            value.clone()
        }) {
            Ok(list) => form.donation_details = list,
            Err(_) => r.errors.add("donation_details", "Expected a list of {name, description, stripe_price_id}."),
        }
    }
    if let Some(extra) = body.get("extra_info") {
        match extra {
            Value::Null => {}
            Value::Object(sent) => {
                let mut merged = form.extra_info.as_object().cloned().unwrap_or_default();
                for (key, value) in sent {
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
            _ => r.errors.add("extra_info", "Expected an object."),
        }
    }
    Parsed { form, privacy, errors: r.errors }
}
