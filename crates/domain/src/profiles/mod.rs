//! Profiles: the personal profile, the group profile (per organization), the career
//! profile, career entries (work and education) and user services. Validation follows spec
//! 000 §5 "Profile and registration" and 002 §5 "Career entry", with their messages.

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::{
    config::Options,
    rich_text,
    sent::{Named, NumberOrText, Reference, Sent},
    FieldErrors,
};

mod career;
mod patch;

pub use career::{
    validate_career_entry, validate_career_profile, validate_user_service, CareerEntry, CareerEntryInput,
    CareerProfileChanges, CareerProfileInput, UserService, UserServiceInput,
};
pub use patch::{apply_patch, GroupProfilePatch, ProfileChanges, ProfilePatch};

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

/// An institution as sent (`5`, `"5"`, `{"id": 5}`, `"MIT"`, `{"name": "MIT"}`); nothing
/// when absent, null or blank.
pub fn parse_group_ref(errors: &mut FieldErrors, field: &str, sent: &Sent<Reference>) -> Option<GroupRef> {
    match sent.named() {
        Named::Blank => None,
        Named::Id(id) if id <= 0 => {
            errors.add(field, format!("Invalid pk \"{id}\" - object does not exist."));
            None
        }
        Named::Id(id) => Some(GroupRef::Id(id)),
        Named::Name(name) if name.chars().count() > 200 => {
            errors.add(field, too_long(200));
            None
        }
        Named::Name(name) => Some(GroupRef::New(name)),
        Named::Invalid => {
            errors.add(field, "A valid integer is required.");
            None
        }
    }
}

/// A list of topic references (ids, or names of new topics), duplicates removed, order
/// kept; empty when nothing was sent, and on the first mistake (told on `field`).
pub fn parse_topic_refs(errors: &mut FieldErrors, field: &str, sent: &Sent<Vec<Sent<Reference>>>) -> Vec<TopicRef> {
    let Some(items) = sent.list_items(errors, field) else { return Vec::new() };
    let mut refs: Vec<TopicRef> = Vec::new();
    for item in items {
        let topic = match item.named() {
            Named::Id(id) if id > 0 => TopicRef::Id(id),
            Named::Name(name) if name.chars().count() > crate::topics::TOPIC_NAME_MAX => {
                errors.add(field, too_long(crate::topics::TOPIC_NAME_MAX));
                return Vec::new();
            }
            Named::Name(name) => TopicRef::New(name),
            Named::Id(_) | Named::Blank | Named::Invalid => {
                errors.add(field, "A valid integer is required.");
                return Vec::new();
            }
        };
        let duplicate = refs.iter().any(|r| match (r, &topic) {
            (TopicRef::Id(a), TopicRef::Id(b)) => a == b,
            (TopicRef::New(a), TopicRef::New(b)) => a.to_lowercase() == b.to_lowercase(),
            _ => false,
        });
        if !duplicate {
            refs.push(topic);
        }
    }
    refs
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
/// The option id a form sent: a whole JSON number, or its text.
pub(crate) fn option_number(value: &NumberOrText) -> Option<i64> {
    match value {
        NumberOrText::Integer(n) => Some(*n),
        NumberOrText::Text(s) => parse_id_text(s),
        NumberOrText::Fraction(_) => None,
    }
}

/// An option of `options` by its id: 'Required' when none was named, and the choice message
/// for an id the site does not offer.
pub(crate) fn option_choice(
    errors: &mut FieldErrors,
    field: &str,
    number: Option<i64>,
    options: &[crate::config::IntOption],
) -> Option<i64> {
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

/// A list of option ids, when one was sent (`None` when absent): each once, in the order
/// given; null or an empty list is 'Required', anything but a list 'Expected a list of ids.',
/// an item that is no id 'A valid integer is required.', and an id the site does not offer
/// the choice message (the list is then empty).
fn int_choices(
    errors: &mut FieldErrors,
    field: &str,
    sent: &Sent<Vec<Sent<NumberOrText>>>,
    options: &[crate::config::IntOption],
) -> Option<Vec<i64>> {
    let items: &[Sent<NumberOrText>] = match sent {
        Sent::Absent => return None,
        Sent::Null => &[],
        Sent::Value(items) => items,
        Sent::WrongType => {
            errors.add(field, "Expected a list of ids.");
            return Some(Vec::new());
        }
    };
    let mut out = Vec::new();
    for item in items {
        let Some(number) = item.as_ref().value().and_then(option_number) else {
            errors.add(field, "A valid integer is required.");
            return Some(Vec::new());
        };
        match option_choice(errors, field, Some(number), options) {
            Some(n) if !out.contains(&n) => out.push(n),
            Some(_) => {}
            None => return Some(Vec::new()),
        }
    }
    if out.is_empty() {
        errors.add(field, MSG_REQUIRED);
    }
    Some(out)
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

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
    fn a_choice_is_an_option_id_sent_as_a_number_or_its_text() {
        let options = Options::default();
        let mut group = GroupFields { current_role: Some(1), career_stage: Some(2), ..Default::default() };
        let p = patch(json!({"career_stage": "3", "current_role": 2}));
        apply_patch(&p, ctx(&options), &mut Default::default(), &mut group, false).unwrap();
        assert_eq!((group.current_role, group.career_stage), (Some(2), Some(3)));
        for sent in [json!(3.5), json!(true), json!([3]), json!("three"), json!(null)] {
            let p = patch(json!({ "career_stage": sent }));
            let errors =
                apply_patch(&p, ctx(&options), &mut Default::default(), &mut group.clone(), false).unwrap_err();
            assert_eq!(errors.first("career_stage"), Some("Required"), "{sent}");
        }
        let p = patch(json!({"career_stage": 99}));
        let errors = apply_patch(&p, ctx(&options), &mut Default::default(), &mut group.clone(), false).unwrap_err();
        assert!(errors.first("career_stage").is_some_and(|m| m.contains("99")), "an id the site does not offer");
        let p = patch(json!({"professional_field": null}));
        apply_patch(&p, ctx(&options), &mut Default::default(), &mut group, false).unwrap();
        assert_eq!(group.professional_field, None, "null clears an optional choice");
        assert!(!patch(json!({"title": "x"})).has_group_fields());
        assert!(patch(json!({"job_function": null})).has_group_fields());
    }

    #[test]
    fn a_list_of_choices_is_a_list_of_option_ids() {
        let options = Options::default();
        let reasons = |sent: Value| {
            let mut group = GroupFields::default();
            let p = patch(json!({ "reason_to_join": sent }));
            let mut errors = FieldErrors::new();
            let chosen = int_choices(&mut errors, "reason_to_join", &p.reason_to_join, &options.reason_to_join);
            group.reason_to_join = chosen.unwrap_or_default();
            (group.reason_to_join, errors.first("reason_to_join").map(str::to_string))
        };
        assert_eq!(reasons(json!([1, "2", 1])), (vec![1, 2], None));
        assert_eq!(reasons(json!("1")).1.as_deref(), Some("Expected a list of ids."));
        assert_eq!(reasons(json!([1, true])).1.as_deref(), Some("A valid integer is required."));
        assert_eq!(reasons(json!([1.5])).1.as_deref(), Some("A valid integer is required."));
        assert_eq!(reasons(json!([])).1.as_deref(), Some(MSG_REQUIRED));
        assert_eq!(reasons(json!(null)).1.as_deref(), Some(MSG_REQUIRED));
        assert!(reasons(json!([99])).1.is_some_and(|m| m.contains("99")));
        let absent = patch(json!({}));
        assert_eq!(int_choices(&mut FieldErrors::new(), "reason_to_join", &absent.reason_to_join, &[]), None);
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
