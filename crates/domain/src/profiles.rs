//! Profiles: the personal profile, the group profile (per organization), the career
//! profile, career entries (work and education) and user services. Validation follows spec
//! 000 §5 "Profile and registration" and 002 §5 "Career entry", with their messages.

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::{config::Options, rich_text, FieldErrors};

pub const MSG_REQUIRED: &str = "Required";
pub const MAX_SKILLS: usize = 7;
pub const MAX_TOPICS: usize = 7;
pub const MAX_LANGUAGES: usize = 20;
pub const MAX_BIO_WORDS: usize = 400;
pub const MAX_ADDITIONAL_WORDS: usize = 200;
pub const MAX_SPECIFIC_NEEDS: usize = 500;
/// The "long truncation" of spec 000 §9, used where the spec names a character maximum
/// without its figure (career advice, career entry description).
pub const MAX_RICH_CHARS: usize = 4000;
pub const MAX_REASON_EXTRA: usize = 50;
pub const MAX_STAGE_EXTRA: usize = 30;
pub const AFFILIATIONS: [&str; 4] = ["Student", "Faculty", "Alumni", "Other"];
/// The 'other' choice of an option list.
pub const OTHER: i64 = 0;
pub const ROLE_HIGH_SCHOOL: i64 = 1;
pub const STAGE_HIGH_SCHOOL: i64 = 1;
/// job_function is asked only of this current role (working professional).
pub const ROLE_WITH_JOB_FUNCTION: i64 = 3;
pub const ENTRY_WORK: &str = "work";
pub const ENTRY_EDUCATION: &str = "education";

/// Tells a missing field (`None`) from an explicit null (`Some(None)`).
pub fn double_option<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

fn too_long(max: usize) -> String {
    format!("Ensure this field has no more than {max} characters.")
}

fn not_a_choice(value: impl std::fmt::Display) -> String {
    format!("\"{value}\" is not a valid choice.")
}

/// A reference to a group: an existing id, or a new name to create (institutions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupRef {
    Id(i64),
    New(String),
}

/// A reference to a topic: an existing id, or a new name to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TopicRef {
    Id(i64),
    New(String),
}

fn parse_id_text(raw: &str) -> Option<i64> {
    raw.trim().parse::<i64>().ok()
}

/// `5`, `"5"`, `{"id": 5}` → an id; `"MIT"` or `{"name": "MIT"}` → a new name.
pub fn parse_group_ref(errors: &mut FieldErrors, field: &str, value: &Value) -> Option<GroupRef> {
    let parsed = match value {
        Value::Number(n) => n.as_i64().map(GroupRef::Id),
        Value::String(s) if s.trim().is_empty() => return None,
        Value::String(s) => Some(parse_id_text(s).map(GroupRef::Id).unwrap_or_else(|| GroupRef::New(clean_line(s)))),
        Value::Object(map) => match (map.get("id"), map.get("name")) {
            (Some(id), _) if !id.is_null() => return parse_group_ref(errors, field, id),
            (_, Some(Value::String(name))) if !name.trim().is_empty() => Some(GroupRef::New(clean_line(name))),
            _ => None,
        },
        Value::Null => return None,
        _ => None,
    };
    match parsed {
        Some(GroupRef::Id(id)) if id <= 0 => {
            errors.add(field, format!("Invalid pk \"{id}\" - object does not exist."));
            None
        }
        Some(GroupRef::New(name)) if name.chars().count() > 200 => {
            errors.add(field, too_long(200));
            None
        }
        None => {
            errors.add(field, "A valid integer is required.");
            None
        }
        some => some,
    }
}

/// A list of topic references, duplicates removed, order kept.
pub fn parse_topic_refs(errors: &mut FieldErrors, field: &str, values: &[Value]) -> Vec<TopicRef> {
    let mut refs: Vec<TopicRef> = Vec::new();
    for value in values {
        let parsed = match value {
            Value::Number(n) => n.as_i64().filter(|id| *id > 0).map(TopicRef::Id),
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => {
                Some(parse_id_text(s).map(TopicRef::Id).unwrap_or_else(|| TopicRef::New(clean_line(s))))
            }
            Value::Object(map) => {
                match (map.get("id").and_then(Value::as_i64), map.get("name").and_then(Value::as_str)) {
                    (Some(id), _) => Some(TopicRef::Id(id)),
                    (None, Some(name)) if !name.trim().is_empty() => Some(TopicRef::New(clean_line(name))),
                    _ => None,
                }
            }
            _ => None,
        };
        match parsed {
            Some(TopicRef::New(name)) if name.chars().count() > crate::topics::TOPIC_NAME_MAX => {
                errors.add(field, too_long(crate::topics::TOPIC_NAME_MAX));
                return Vec::new();
            }
            Some(topic) => {
                let duplicate = refs.iter().any(|r| match (r, &topic) {
                    (TopicRef::Id(a), TopicRef::Id(b)) => a == b,
                    (TopicRef::New(a), TopicRef::New(b)) => a.to_lowercase() == b.to_lowercase(),
                    _ => false,
                });
                if !duplicate {
                    refs.push(topic);
                }
            }
            None => {
                errors.add(field, "A valid integer is required.");
                return Vec::new();
            }
        }
    }
    refs
}

fn clean_line(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Trimmed single-line text; empty gives `None`.
fn line(errors: &mut FieldErrors, field: &str, raw: &str, max: usize) -> Option<String> {
    let value = raw.trim();
    if value.is_empty() {
        return None;
    }
    if value.chars().count() > max {
        errors.add(field, too_long(max));
    }
    Some(value.to_string())
}

/// Sanitised rich text; markup with no text gives `None`.
fn rich(raw: &str) -> Option<String> {
    let html = rich_text::sanitize_html(raw);
    (!rich_text::plain_text(&html).is_empty()).then_some(html)
}

fn check_words(errors: &mut FieldErrors, field: &str, html: &Option<String>, max: usize) {
    if html.as_deref().is_some_and(|h| rich_text::word_count(h) > max) {
        errors.add(field, format!("Maximum {max} words"));
    }
}

/// An http(s) URL; a bare host and path ("linkedin.com/in/ada") gets https://.
pub fn clean_url(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<String> {
    let value = raw.trim();
    if value.is_empty() {
        return None;
    }
    let candidate = if value.contains("://") { value.to_string() } else { format!("https://{value}") };
    let valid = url::Url::parse(&candidate).ok().is_some_and(|u| {
        matches!(u.scheme(), "http" | "https") && u.host_str().is_some_and(|h| h.contains('.') || h == "localhost")
    });
    if !valid {
        errors.add(field, "Enter a valid URL.");
        return None;
    }
    if candidate.chars().count() > 500 {
        errors.add(field, too_long(500));
        return None;
    }
    Some(candidate)
}

fn year(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<String> {
    let value = raw.trim();
    if value.is_empty() {
        return None;
    }
    match value.parse::<u16>() {
        Ok(y) if (1900..=2100).contains(&y) && value.len() == 4 => Some(value.to_string()),
        _ => {
            errors.add(field, "Enter a valid year.");
            None
        }
    }
}

/// `2024-05-01` (or `2024-05`, taken as the first of the month).
pub fn parse_date(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<NaiveDate> {
    let value = raw.trim();
    let parsed = NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .ok()
        .or_else(|| NaiveDate::parse_from_str(&format!("{value}-01"), "%Y-%m-%d").ok())
        // A full timestamp from a date picker: its date part.
        .or_else(|| {
            value.get(..10).filter(|_| value.len() > 10).and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        });
    match parsed {
        Some(date) => Some(date),
        None => {
            errors.add(field, "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.");
            None
        }
    }
}

/// An integer choice: a number or numeric text; anything else is 'Required'.
fn int_choice(
    errors: &mut FieldErrors,
    field: &str,
    value: &Value,
    options: &[crate::config::IntOption],
) -> Option<i64> {
    let number = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => parse_id_text(s),
        _ => None,
    };
    match number {
        None => {
            errors.add(field, MSG_REQUIRED);
            None
        }
        Some(n) if !options.is_empty() && !options.iter().any(|o| o.value == n) => {
            errors.add(field, not_a_choice(n));
            None
        }
        some => some,
    }
}

fn int_choices(
    errors: &mut FieldErrors,
    field: &str,
    values: &[Value],
    options: &[crate::config::IntOption],
) -> Vec<i64> {
    let mut out = Vec::new();
    for value in values {
        let mut local = FieldErrors::new();
        match int_choice(&mut local, field, value, options) {
            Some(n) if !out.contains(&n) => out.push(n),
            Some(_) => {}
            None => {
                let message = match value {
                    Value::Number(_) | Value::String(_) if local.first(field) != Some(MSG_REQUIRED) => {
                        local.first(field).unwrap_or(MSG_REQUIRED).to_string()
                    }
                    _ => "A valid integer is required.".to_string(),
                };
                errors.add(field, message);
                return Vec::new();
            }
        }
    }
    if out.is_empty() {
        errors.add(field, MSG_REQUIRED);
    }
    out
}

/// Language names: trimmed, repeats dropped, each at most 100 characters, at most 20.
fn languages(errors: &mut FieldErrors, values: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        let Some(name) = line(errors, "languages", value, 100) else { continue };
        if !out.iter().any(|o| o.to_lowercase() == name.to_lowercase()) {
            out.push(name);
        }
    }
    if out.len() > MAX_LANGUAGES {
        errors.add("languages", format!("Maximum {MAX_LANGUAGES} languages"));
    }
    out
}

/// Extra details of a group profile, stored as one JSON object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct ExtraInfo {
    pub affiliation: Option<String>,
    pub department: Option<String>,
    pub country_of_origin: Option<String>,
    pub uni_batch: Option<String>,
    pub college: Option<String>,
    pub career_stage_extra: Option<String>,
    pub reason_to_join_extra: Option<String>,
    pub professional_field_extra: Option<String>,
}

/// The stored personal profile fields that a patch can change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileFields {
    pub picture: Option<String>,
    pub country: Option<String>,
    pub location: Option<String>,
    pub title: Option<String>,
    pub batch: Option<String>,
    pub prefered_language: Option<String>,
    pub social_linkedin: Option<String>,
    pub social_twitter: Option<String>,
    pub social_google_scholar: Option<String>,
    pub social_research_gate: Option<String>,
    pub social_orcid: Option<String>,
    pub social_facebook: Option<String>,
    pub short_bio: Option<String>,
    pub career_story: Option<String>,
    pub career_advice: Option<String>,
    pub calendy_url: Option<String>,
    pub specific_needs: Option<String>,
    pub discipline: Option<String>,
    pub additional_career_information: Option<String>,
    pub interested_services: Vec<i64>,
    pub languages: Vec<String>,
}

/// The stored group profile fields (one per user and organization).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupFields {
    pub current_role: Option<i64>,
    pub job_function: Option<i64>,
    pub career_stage: Option<i64>,
    pub professional_field: Option<i64>,
    pub reason_to_join: Vec<i64>,
    pub extra: ExtraInfo,
}

/// What the tenant's registration shows (hidden fields are neither validated nor kept).
#[derive(Debug, Clone, Copy)]
pub struct FormContext<'a> {
    pub options: &'a Options,
    /// The institutional registration screen: uni_batch, affiliation, department, college.
    pub institutional: bool,
    /// The diaspora host: country_of_origin.
    pub diaspora: bool,
}

/// Every field of the profile forms; a field left out is unchanged, null or "" clears it
/// (a required field then answers 'Required').
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfilePatch {
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub first_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub last_name: Option<Option<String>>,
    /// An http(s) URL or a path on this site.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub picture: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub location: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub title: Option<Option<String>>,
    /// A year, e.g. "2024".
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub prefered_language: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_linkedin: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_twitter: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_google_scholar: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_research_gate: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_orcid: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_facebook: Option<Option<String>>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub short_bio: Option<Option<String>>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_story: Option<Option<String>>,
    /// Rich text (sanitised), at most 4000 characters of text.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_advice: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub calendy_url: Option<Option<String>>,
    /// At most 500 characters; visible to the owner and staff only.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub specific_needs: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub discipline: Option<Option<String>>,
    /// Plain or rich text, at most 200 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub additional_career_information: Option<Option<String>>,
    /// An institution id, or the name of a new institution.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Object>)]
    pub institution: Option<Option<Value>>,
    /// Skill ids (or `{id, name}`; `{name}` adds a new skill), at most 7.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Option<Option<Vec<Value>>>,
    /// Topic ids (or `{id, name}`; `{name}` adds a new topic), at most 7.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub topics: Option<Option<Vec<Value>>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<i64>>)]
    pub interested_services: Option<Option<Vec<Value>>>,
    /// Language names, at most 20 (null or [] clears them).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<String>>)]
    pub languages: Option<Option<Vec<String>>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub current_role: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub career_stage: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<i64>>)]
    pub reason_to_join: Option<Option<Vec<Value>>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub professional_field: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub job_function: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_stage_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub reason_to_join_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub professional_field_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub uni_batch: Option<Option<String>>,
    /// Student, Faculty, Alumni or Other.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub affiliation: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub department: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub college: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country_of_origin: Option<Option<String>>,
    /// 'registration-flow' or 'other' (informational).
    #[serde(default)]
    pub origin: Option<String>,
}

/// The group-profile fields alone (`/group-profiles/`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupProfilePatch {
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub current_role: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub career_stage: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<i64>>)]
    pub reason_to_join: Option<Option<Vec<Value>>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub professional_field: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub job_function: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_stage_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub reason_to_join_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub professional_field_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub uni_batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub affiliation: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub department: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub college: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country_of_origin: Option<Option<String>>,
    /// Skill ids (or `{id, name}`; `{name}` adds one), at most 7; kept on the profile.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Option<Option<Vec<Value>>>,
    /// Topic ids (or `{id, name}`; `{name}` adds one), at most 7; kept on the profile.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub topics: Option<Option<Vec<Value>>>,
}

impl From<GroupProfilePatch> for ProfilePatch {
    fn from(g: GroupProfilePatch) -> Self {
        ProfilePatch {
            current_role: g.current_role,
            career_stage: g.career_stage,
            reason_to_join: g.reason_to_join,
            professional_field: g.professional_field,
            job_function: g.job_function,
            career_stage_extra: g.career_stage_extra,
            reason_to_join_extra: g.reason_to_join_extra,
            professional_field_extra: g.professional_field_extra,
            uni_batch: g.uni_batch,
            affiliation: g.affiliation,
            department: g.department,
            college: g.college,
            country_of_origin: g.country_of_origin,
            skills: g.skills,
            topics: g.topics,
            ..Default::default()
        }
    }
}

/// The parts of a patch that the caller resolves against the database.
#[derive(Debug, Default)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `Some(None)` clears the institution.
    pub institution: Option<Option<GroupRef>>,
    pub skills: Option<Vec<TopicRef>>,
    pub topics: Option<Vec<TopicRef>>,
    /// True when a group profile field was sent.
    pub touches_group: bool,
}

impl ProfilePatch {
    /// True when any group-profile field is present.
    pub fn has_group_fields(&self) -> bool {
        self.current_role.is_some()
            || self.career_stage.is_some()
            || self.reason_to_join.is_some()
            || self.professional_field.is_some()
            || self.job_function.is_some()
            || self.career_stage_extra.is_some()
            || self.reason_to_join_extra.is_some()
            || self.professional_field_extra.is_some()
            || self.uni_batch.is_some()
            || self.affiliation.is_some()
            || self.department.is_some()
            || self.college.is_some()
            || self.country_of_origin.is_some()
    }
}

fn set_text(
    errors: &mut FieldErrors,
    field: &str,
    sent: &Option<Option<String>>,
    target: &mut Option<String>,
    max: usize,
    required: bool,
) {
    if let Some(value) = sent {
        let cleaned = value.as_deref().and_then(|v| line(errors, field, v, max));
        if cleaned.is_none() && required {
            errors.add(field, MSG_REQUIRED);
        }
        *target = cleaned;
    }
}

fn set_url(errors: &mut FieldErrors, field: &str, sent: &Option<Option<String>>, target: &mut Option<String>) {
    if let Some(value) = sent {
        *target = value.as_deref().and_then(|v| clean_url(errors, field, v));
    }
}

fn set_rich(sent: &Option<Option<String>>, target: &mut Option<String>) {
    if let Some(value) = sent {
        *target = value.as_deref().and_then(rich);
    }
}

/// Applies a patch to the current profile and group profile. `creating_group` asks for the
/// group profile's required fields even when they were left out (a new group profile).
pub fn apply_patch(
    patch: &ProfilePatch,
    ctx: FormContext<'_>,
    profile: &mut ProfileFields,
    group: &mut GroupFields,
    creating_group: bool,
) -> Result<ProfileChanges, FieldErrors> {
    let mut e = FieldErrors::new();
    let mut changes = ProfileChanges::default();

    for (field, sent, target) in [
        ("first_name", &patch.first_name, &mut changes.first_name),
        ("last_name", &patch.last_name, &mut changes.last_name),
    ] {
        if let Some(value) = sent {
            match value.as_deref().and_then(|v| line(&mut e, field, v, 150)) {
                Some(v) => *target = Some(v),
                None => e.add(field, MSG_REQUIRED),
            }
        }
    }

    if let Some(value) = &patch.picture {
        profile.picture = match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => None,
            Some(v) if v.starts_with('/') && !v.starts_with("//") && v.len() <= 1000 => Some(v.to_string()),
            Some(v) => clean_url(&mut e, "picture", v),
        };
    }
    set_text(&mut e, "country", &patch.country, &mut profile.country, 100, true);
    set_text(&mut e, "location", &patch.location, &mut profile.location, 200, false);
    set_text(&mut e, "title", &patch.title, &mut profile.title, 200, true);
    if let Some(value) = &patch.batch {
        profile.batch = value.as_deref().and_then(|v| year(&mut e, "batch", v));
        if profile.batch.is_none() && e.first("batch").is_none() {
            e.add("batch", MSG_REQUIRED);
        }
    }
    set_text(&mut e, "prefered_language", &patch.prefered_language, &mut profile.prefered_language, 100, false);
    set_url(&mut e, "social_linkedin", &patch.social_linkedin, &mut profile.social_linkedin);
    set_url(&mut e, "social_twitter", &patch.social_twitter, &mut profile.social_twitter);
    set_url(&mut e, "social_google_scholar", &patch.social_google_scholar, &mut profile.social_google_scholar);
    set_url(&mut e, "social_research_gate", &patch.social_research_gate, &mut profile.social_research_gate);
    set_url(&mut e, "social_orcid", &patch.social_orcid, &mut profile.social_orcid);
    set_url(&mut e, "social_facebook", &patch.social_facebook, &mut profile.social_facebook);
    set_url(&mut e, "calendy_url", &patch.calendy_url, &mut profile.calendy_url);

    set_rich(&patch.short_bio, &mut profile.short_bio);
    if patch.short_bio.is_some() {
        check_words(&mut e, "short_bio", &profile.short_bio, MAX_BIO_WORDS);
    }
    set_rich(&patch.career_story, &mut profile.career_story);
    if patch.career_story.is_some() {
        check_words(&mut e, "career_story", &profile.career_story, MAX_BIO_WORDS);
    }
    set_rich(&patch.career_advice, &mut profile.career_advice);
    if patch.career_advice.is_some()
        && profile.career_advice.as_deref().is_some_and(|h| rich_text::char_count(h) > MAX_RICH_CHARS)
    {
        e.add("career_advice", format!("Maximum of {MAX_RICH_CHARS} characters"));
    }
    if let Some(value) = &patch.specific_needs {
        profile.specific_needs = value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        if profile.specific_needs.as_deref().is_some_and(|v| v.chars().count() > MAX_SPECIFIC_NEEDS) {
            e.add("specific_needs", format!("Maximum {MAX_SPECIFIC_NEEDS} characters"));
        }
    }
    set_text(&mut e, "discipline", &patch.discipline, &mut profile.discipline, 200, false);
    set_rich(&patch.additional_career_information, &mut profile.additional_career_information);
    if patch.additional_career_information.is_some() {
        check_words(
            &mut e,
            "additional_career_information",
            &profile.additional_career_information,
            MAX_ADDITIONAL_WORDS,
        );
    }

    if let Some(value) = &patch.institution {
        let parsed = value.as_ref().and_then(|v| parse_group_ref(&mut e, "institution", v));
        if parsed.is_none() && e.first("institution").is_none() {
            e.add("institution", MSG_REQUIRED);
        }
        changes.institution = Some(parsed);
    }
    for (field, sent, target, max, label) in [
        ("skills", &patch.skills, &mut changes.skills, MAX_SKILLS, "skills"),
        ("topics", &patch.topics, &mut changes.topics, MAX_TOPICS, "topics"),
    ] {
        if let Some(value) = sent {
            let refs = parse_topic_refs(&mut e, field, value.as_deref().unwrap_or(&[]));
            if e.first(field).is_none() {
                if refs.is_empty() {
                    e.add(field, MSG_REQUIRED);
                } else if refs.len() > max {
                    e.add(field, format!("Maximum {max} {label}"));
                }
            }
            *target = Some(refs);
        }
    }
    if let Some(value) = &patch.languages {
        profile.languages = languages(&mut e, value.as_deref().unwrap_or(&[]));
    }
    if let Some(value) = &patch.interested_services {
        profile.interested_services = int_choices(
            &mut e,
            "interested_services",
            value.as_deref().unwrap_or(&[]),
            &ctx.options.interested_services,
        );
    }

    // The group profile.
    changes.touches_group = patch.has_group_fields();
    let options = ctx.options;
    let choice = |e: &mut FieldErrors,
                  field: &str,
                  sent: &Option<Option<Value>>,
                  target: &mut Option<i64>,
                  opts: &[crate::config::IntOption],
                  required: bool| {
        match sent {
            Some(Some(value)) => *target = int_choice(e, field, value, opts),
            Some(None) => {
                *target = None;
                if required {
                    e.add(field, MSG_REQUIRED);
                }
            }
            None if required && creating_group && target.is_none() => e.add(field, MSG_REQUIRED),
            None => {}
        }
    };
    choice(&mut e, "current_role", &patch.current_role, &mut group.current_role, &options.current_roles, true);
    choice(&mut e, "career_stage", &patch.career_stage, &mut group.career_stage, &options.career_stages, true);
    choice(
        &mut e,
        "professional_field",
        &patch.professional_field,
        &mut group.professional_field,
        &options.professional_fields,
        false,
    );
    choice(&mut e, "job_function", &patch.job_function, &mut group.job_function, &options.job_functions, false);
    if let Some(value) = &patch.reason_to_join {
        group.reason_to_join =
            int_choices(&mut e, "reason_to_join", value.as_deref().unwrap_or(&[]), &options.reason_to_join);
    }
    let extra = &mut group.extra;
    set_text(&mut e, "career_stage_extra", &patch.career_stage_extra, &mut extra.career_stage_extra, usize::MAX, false);
    if extra.career_stage_extra.as_deref().is_some_and(|v| v.chars().count() > MAX_STAGE_EXTRA) {
        e.add("career_stage_extra", format!("Maximum {MAX_STAGE_EXTRA} characters"));
    }
    for (field, sent, target) in [
        ("reason_to_join_extra", &patch.reason_to_join_extra, &mut extra.reason_to_join_extra),
        ("professional_field_extra", &patch.professional_field_extra, &mut extra.professional_field_extra),
    ] {
        set_text(&mut e, field, sent, target, usize::MAX, false);
        if target.as_deref().is_some_and(|v| v.chars().count() > MAX_REASON_EXTRA) {
            e.add(field, format!("Maximum {MAX_REASON_EXTRA} characters"));
        }
    }
    if ctx.institutional {
        set_text(&mut e, "department", &patch.department, &mut extra.department, 100, true);
        set_text(&mut e, "college", &patch.college, &mut extra.college, 100, true);
        set_text(&mut e, "affiliation", &patch.affiliation, &mut extra.affiliation, 20, true);
        if let Some(value) = &patch.uni_batch {
            extra.uni_batch = value.as_deref().and_then(|v| year(&mut e, "uni_batch", v));
        }
        if let Some(a) = extra.affiliation.clone().filter(|_| patch.affiliation.is_some()) {
            match AFFILIATIONS.iter().find(|x| x.eq_ignore_ascii_case(&a)) {
                Some(x) => extra.affiliation = Some(x.to_string()),
                None => e.add("affiliation", not_a_choice(&a)),
            }
        }
        for (field, value, opts) in
            [("department", &extra.department, &options.departments), ("college", &extra.college, &options.colleges)]
        {
            if let Some(v) = value.as_ref().filter(|_| !opts.is_empty()) {
                if !opts.iter().any(|o| o.value == *v) && e.first(field).is_none() {
                    e.add(field, not_a_choice(v));
                }
            }
        }
        if creating_group {
            for (field, value) in
                [("department", &extra.department), ("college", &extra.college), ("affiliation", &extra.affiliation)]
            {
                if value.is_none() && e.first(field).is_none() {
                    e.add(field, MSG_REQUIRED);
                }
            }
        }
    } else {
        extra.department = None;
        extra.college = None;
        extra.affiliation = None;
        extra.uni_batch = None;
    }
    if ctx.diaspora {
        set_text(&mut e, "country_of_origin", &patch.country_of_origin, &mut extra.country_of_origin, 100, true);
        if creating_group && extra.country_of_origin.is_none() && e.first("country_of_origin").is_none() {
            e.add("country_of_origin", MSG_REQUIRED);
        }
    } else {
        extra.country_of_origin = None;
    }
    e.into_result()?;
    normalize_group(group);
    Ok(changes)
}

/// The rules between group-profile fields: a high-school student is at career stage 1; the
/// extra text of a choice is kept only with the 'other' choice; job_function only for
/// current role 3.
pub fn normalize_group(group: &mut GroupFields) {
    if group.current_role == Some(ROLE_HIGH_SCHOOL) {
        group.career_stage = Some(STAGE_HIGH_SCHOOL);
    }
    if group.career_stage != Some(OTHER) {
        group.extra.career_stage_extra = None;
    }
    if !group.reason_to_join.contains(&OTHER) {
        group.extra.reason_to_join_extra = None;
    }
    if group.professional_field != Some(OTHER) {
        group.extra.professional_field_extra = None;
    }
    if group.current_role != Some(ROLE_WITH_JOB_FUNCTION) {
        group.job_function = None;
    }
}

/// A readable slug base for a person: "ada-lovelace".
pub fn name_slug_base(first_name: &str, last_name: &str) -> String {
    let slug = crate::slug::slugify(&format!("{first_name} {last_name}"));
    let slug = if slug == "item" { "user".to_string() } else { slug };
    let mut cut: String = slug.chars().take(60).collect();
    while cut.ends_with('-') {
        cut.pop();
    }
    cut
}

/// The n-th candidate for a slug: the base, then "base-2", "base-3", …
pub fn name_slug_candidate(base: &str, n: u32) -> String {
    if n <= 1 {
        base.to_string()
    } else {
        format!("{base}-{n}")
    }
}

/// What counts towards the profile completion percent: ten parts, 10% each.
#[derive(Debug, Clone, Default)]
pub struct CompletionInput {
    pub picture: bool,
    pub title: bool,
    pub country: bool,
    pub short_bio: bool,
    pub career_story: bool,
    pub institution: bool,
    pub skills: bool,
    pub topics: bool,
    /// At least one work or education entry.
    pub career_history: bool,
    /// A resume or a LinkedIn link.
    pub resume_or_linkedin: bool,
}

pub fn completion_percent(input: &CompletionInput) -> u8 {
    let parts = [
        input.picture,
        input.title,
        input.country,
        input.short_bio,
        input.career_story,
        input.institution,
        input.skills,
        input.topics,
        input.career_history,
        input.resume_or_linkedin,
    ];
    (parts.iter().filter(|p| **p).count() * 10) as u8
}

/// A career entry (work or education) as sent; on update, the stored values fill in what
/// was left out before it is checked as a whole.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerEntryInput {
    /// work or education.
    #[serde(rename = "type", default)]
    pub entry_type: Option<String>,
    /// The job title, or the degree for education.
    #[serde(default)]
    pub title: Option<String>,
    /// Rich text (sanitised), at most 4000 characters of text.
    #[serde(default)]
    pub description: Option<String>,
    /// An institution (group) id, or the name of a new institution.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub group: Option<Value>,
    /// Skill ids, 1 to 7.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Option<Vec<Value>>,
    #[serde(default)]
    pub is_currently_working: Option<bool>,
    /// YYYY-MM-DD.
    #[serde(default)]
    pub start_date: Option<String>,
    /// YYYY-MM-DD; required unless currently working.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub end_date: Option<Option<String>>,
    #[serde(default)]
    pub show_gps: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareerEntry {
    pub entry_type: &'static str,
    pub title: String,
    pub description: String,
    pub group: GroupRef,
    pub skills: Vec<TopicRef>,
    pub is_currently_working: bool,
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub show_gps: bool,
}

/// Checks a complete career entry (spec 002 §5 "Career entry").
pub fn validate_career_entry(input: &CareerEntryInput) -> Result<CareerEntry, FieldErrors> {
    let mut e = FieldErrors::new();
    let entry_type = match input.entry_type.as_deref().map(str::trim) {
        Some(ENTRY_WORK) => Some(ENTRY_WORK),
        Some(ENTRY_EDUCATION) => Some(ENTRY_EDUCATION),
        None | Some("") => {
            e.add("type", MSG_REQUIRED);
            None
        }
        Some(other) => {
            e.add("type", not_a_choice(other));
            None
        }
    };
    let title = input.title.as_deref().and_then(|t| line(&mut e, "title", t, 200));
    if title.is_none() && e.first("title").is_none() {
        e.add("title", MSG_REQUIRED);
    }
    let description = input.description.as_deref().and_then(rich);
    match &description {
        None => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::char_count(html) > MAX_RICH_CHARS => {
            e.add("description", format!("Maximum of {MAX_RICH_CHARS} characters"))
        }
        _ => {}
    }
    let group = input.group.as_ref().and_then(|g| parse_group_ref(&mut e, "group", g));
    if group.is_none() && e.first("group").is_none() {
        e.add("group", MSG_REQUIRED);
    }
    let skills = parse_topic_refs(&mut e, "skills", input.skills.as_deref().unwrap_or(&[]));
    if e.first("skills").is_none() {
        if skills.is_empty() {
            e.add("skills", MSG_REQUIRED);
        } else if skills.len() > MAX_SKILLS {
            e.add("skills", format!("Maximum {MAX_SKILLS} skills"));
        }
    }
    let current = input.is_currently_working.unwrap_or(false);
    let start = match input.start_date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(raw) => parse_date(&mut e, "start_date", raw),
        None => {
            e.add("start_date", MSG_REQUIRED);
            None
        }
    };
    let end = if current {
        None
    } else {
        match input.end_date.clone().flatten().as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(raw) => parse_date(&mut e, "end_date", raw),
            None => {
                e.add("end_date", MSG_REQUIRED);
                None
            }
        }
    };
    if let (Some(s), Some(end)) = (start, end) {
        if end < s {
            e.add("end_date", "End date must be after the start date.");
        }
    }
    e.into_result()?;
    Ok(CareerEntry {
        entry_type: entry_type.expect("checked"),
        title: title.expect("checked"),
        description: description.expect("checked"),
        group: group.expect("checked"),
        skills,
        is_currently_working: current,
        start_date: start.expect("checked"),
        end_date: end,
        show_gps: input.show_gps.unwrap_or(true),
    })
}

/// The career-profile record (spec 000 §3): all fields optional.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerProfileInput {
    /// A group id of this site (the organization when left out).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub group: Option<Option<i64>>,
    /// An institution id, or the name of a new institution.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Object>)]
    pub institution: Option<Option<Value>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub start_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub title: Option<Option<String>>,
}

#[derive(Debug, Clone, Default)]
pub struct CareerProfileChanges {
    pub institution: Option<Option<GroupRef>>,
    pub start_date: Option<Option<NaiveDate>>,
    pub batch: Option<Option<String>>,
    pub title: Option<Option<String>>,
}

pub fn validate_career_profile(input: &CareerProfileInput) -> Result<CareerProfileChanges, FieldErrors> {
    let mut e = FieldErrors::new();
    let mut out = CareerProfileChanges::default();
    if let Some(value) = &input.institution {
        out.institution = Some(value.as_ref().and_then(|v| parse_group_ref(&mut e, "institution", v)));
    }
    if let Some(value) = &input.start_date {
        out.start_date = Some(
            value.as_deref().map(str::trim).filter(|v| !v.is_empty()).and_then(|v| parse_date(&mut e, "start_date", v)),
        );
    }
    if let Some(value) = &input.batch {
        out.batch = Some(value.as_deref().and_then(|v| year(&mut e, "batch", v)));
    }
    if let Some(value) = &input.title {
        out.title = Some(value.as_deref().and_then(|v| line(&mut e, "title", v, 200)));
    }
    e.into_result()?;
    Ok(out)
}

/// A service a user offers (mentoring, reviews, …).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UserServiceInput {
    #[serde(default)]
    pub title: Option<String>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
    /// A booking or information link (http or https).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub url: Option<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserService {
    pub title: String,
    pub description: Option<String>,
    pub url: Option<String>,
}

/// Checks a complete user service (on update, stored values fill in what was left out).
pub fn validate_user_service(input: &UserServiceInput) -> Result<UserService, FieldErrors> {
    let mut e = FieldErrors::new();
    let title = input.title.as_deref().and_then(|t| line(&mut e, "title", t, 200));
    if title.is_none() && e.first("title").is_none() {
        e.add("title", MSG_REQUIRED);
    }
    let description = input.description.clone().flatten().as_deref().and_then(rich);
    check_words(&mut e, "description", &description, MAX_BIO_WORDS);
    let url = input.url.clone().flatten().as_deref().and_then(|u| clean_url(&mut e, "url", u));
    e.into_result()?;
    Ok(UserService { title: title.expect("checked"), description, url })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ctx(options: &Options) -> FormContext<'_> {
        FormContext { options, institutional: false, diaspora: false }
    }

    fn patch(value: Value) -> ProfilePatch {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn slugs_are_readable() {
        assert_eq!(name_slug_base("Ada", "Lovelace"), "ada-lovelace");
        assert_eq!(name_slug_candidate("ada-lovelace", 2), "ada-lovelace-2");
        assert_eq!(name_slug_base("", "!!"), "user");
    }

    #[test]
    fn completion_counts_filled_parts() {
        assert_eq!(completion_percent(&CompletionInput::default()), 0);
        let input = CompletionInput { title: true, country: true, skills: true, ..Default::default() };
        assert_eq!(completion_percent(&input), 30);
    }

    #[test]
    fn limits_and_messages() {
        let options = Options::default();
        let long = vec!["word"; 401].join(" ");
        let p = patch(json!({
            "short_bio": long, "career_story": format!("<p>{long}</p>"),
            "additional_career_information": vec!["w"; 201].join(" "),
            "specific_needs": "x".repeat(501),
            "skills": [1, 2, 3, 4, 5, 6, 7, 8], "topics": [],
            "title": "", "career_stage": "abc", "reason_to_join_extra": "x".repeat(51),
            "career_stage_extra": "x".repeat(31), "interested_services": []
        }));
        let errors =
            apply_patch(&p, ctx(&options), &mut Default::default(), &mut Default::default(), false).unwrap_err();
        assert_eq!(errors.first("short_bio"), Some("Maximum 400 words"));
        assert_eq!(errors.first("career_story"), Some("Maximum 400 words"));
        assert_eq!(errors.first("additional_career_information"), Some("Maximum 200 words"));
        assert_eq!(errors.first("specific_needs"), Some("Maximum 500 characters"));
        assert_eq!(errors.first("skills"), Some("Maximum 7 skills"));
        assert_eq!(errors.first("topics"), Some("Required"));
        assert_eq!(errors.first("title"), Some("Required"));
        assert_eq!(errors.first("career_stage"), Some("Required"));
        assert_eq!(errors.first("reason_to_join_extra"), Some("Maximum 50 characters"));
        assert_eq!(errors.first("career_stage_extra"), Some("Maximum 30 characters"));
        assert_eq!(errors.first("interested_services"), Some("Required"));
    }

    #[test]
    fn languages_are_a_clean_list() {
        let options = Options::default();
        let mut profile = ProfileFields::default();
        let p = patch(json!({"languages": [" English ", "english", "Spanish", ""]}));
        apply_patch(&p, ctx(&options), &mut profile, &mut Default::default(), false).unwrap();
        assert_eq!(profile.languages, vec!["English", "Spanish"]);
        let p = patch(json!({"languages": null}));
        apply_patch(&p, ctx(&options), &mut profile, &mut Default::default(), false).unwrap();
        assert!(profile.languages.is_empty());
        let many: Vec<String> = (0..21).map(|n| format!("Language {n}")).collect();
        let errors = apply_patch(
            &patch(json!({"languages": many})),
            ctx(&options),
            &mut profile,
            &mut Default::default(),
            false,
        )
        .unwrap_err();
        assert_eq!(errors.first("languages"), Some("Maximum 20 languages"));
    }

    #[test]
    fn other_rules_and_high_school() {
        let options = Options::default();
        let mut group = GroupFields::default();
        let p = patch(json!({
            "current_role": 1, "career_stage": 4, "reason_to_join": [1],
            "reason_to_join_extra": "mine", "professional_field": 0, "professional_field_extra": "Space",
            "career_stage_extra": "x", "job_function": 2
        }));
        apply_patch(&p, ctx(&options), &mut Default::default(), &mut group, true).unwrap();
        assert_eq!(group.career_stage, Some(1));
        assert_eq!(group.extra.reason_to_join_extra, None);
        assert_eq!(group.extra.career_stage_extra, None);
        assert_eq!(group.extra.professional_field_extra.as_deref(), Some("Space"));
        assert_eq!(group.job_function, None);
    }

    #[test]
    fn a_new_group_profile_needs_role_and_stage() {
        let options = Options::default();
        let errors =
            apply_patch(&patch(json!({})), ctx(&options), &mut Default::default(), &mut Default::default(), true)
                .unwrap_err();
        assert_eq!(errors.first("current_role"), Some("Required"));
        assert_eq!(errors.first("career_stage"), Some("Required"));
    }

    #[test]
    fn career_entries() {
        let errors = validate_career_entry(&CareerEntryInput::default()).unwrap_err();
        for field in ["type", "title", "description", "group", "skills", "start_date", "end_date"] {
            assert_eq!(errors.first(field), Some("Required"), "{field}");
        }
        let input: CareerEntryInput = serde_json::from_value(json!({
            "type": "work", "title": "Engineer", "description": "<p>Built <script>x</script>things</p>",
            "group": "Analytical Engines Ltd", "skills": [1, {"id": 2}], "is_currently_working": true,
            "start_date": "2020-01-01", "end_date": "2019-01-01"
        }))
        .unwrap();
        let entry = validate_career_entry(&input).unwrap();
        assert_eq!(entry.description, "<p>Built things</p>");
        assert_eq!(entry.end_date, None);
        assert_eq!(entry.group, GroupRef::New("Analytical Engines Ltd".into()));
        assert_eq!(entry.skills, vec![TopicRef::Id(1), TopicRef::Id(2)]);
    }
}
