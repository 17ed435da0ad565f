//! The staff recommendation package (spec 002 §2 "Staff recommendation package", §3 "Email
//! package payload", §5 limits, §8 messages): what a package may hold, checked as one parsed
//! value.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    sent::{Object, Sent, WholeNumber},
    FieldErrors,
};

/// At most this many of each kind (spec 002 §5).
pub const MAX_EACH: usize = 5;
pub const MSG_USERS: &str = "You can only select up to 5 users";
pub const MSG_GROUPS: &str = "You can only select up to 5 groups";
pub const MSG_RESOURCES: &str = "You can only select up to 5 resources";
pub const MSG_REPORTS: &str = "You cannot select more than 5 agent reports";
pub const MSG_EMPTY: &str = "Choose at least one recommendation.";
pub const DEFAULT_SUBJECT: &str = "Your Personalized Recommendations";
pub const MAX_SUBJECT_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 5000;
pub const MAX_FOOTER_CHARS: usize = 1000;
const MSG_REQUIRED: &str = "This field is required.";

/// An external resource: a title and an http(s) address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalResource {
    pub title: String,
    pub url: String,
}

/// A checked package.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Package {
    pub subject: String,
    pub body: String,
    pub footer: String,
    pub users: Vec<i64>,
    pub groups: Vec<i64>,
    pub internal_resources: Vec<i64>,
    pub external_resources: Vec<ExternalResource>,
    pub agent_reports: Vec<i64>,
}

/// The package (spec 002 §3 "Email package payload").
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PackageInput {
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub subject: Sent<String>,
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub body: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub footer: Sent<String>,
    /// User ids.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub users: Sent<Vec<Sent<ItemRef>>>,
    /// Resource ids of the site.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub internal_resources: Sent<Vec<Sent<ItemRef>>>,
    /// `{title, url}` of resources elsewhere.
    #[schema(value_type = Option<Vec<utoipa::openapi::Object>>)]
    #[serde(default)]
    pub external_resources: Sent<Vec<Sent<Object<ExternalInput>>>>,
    /// Group ids (circle, organization, event, institution, job's group, …).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub groups: Sent<Vec<Sent<ItemRef>>>,
    /// Agent report ids.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub agent_reports: Sent<Vec<Sent<ItemRef>>>,
}

/// An item of a package's list: its id (`7`, `"7"`) or the item itself (`{"id": 7, …}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum ItemRef {
    Id(WholeNumber),
    Item { id: WholeNumber },
}

impl ItemRef {
    fn id(self) -> i64 {
        match self {
            ItemRef::Id(WholeNumber(id)) | ItemRef::Item { id: WholeNumber(id) } => id,
        }
    }
}

/// A resource elsewhere: `title` (or `name`) and `url` (or `source`).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExternalInput {
    pub title: Sent<String>,
    pub name: Sent<String>,
    pub url: Sent<String>,
    pub source: Sent<String>,
}

fn text(value: Sent<String>, field: &str, max: usize, required: bool, errors: &mut FieldErrors) -> String {
    match value {
        Sent::Value(s) => {
            let s = s.trim();
            if required && s.is_empty() {
                errors.add(field, MSG_REQUIRED);
            } else if s.chars().count() > max {
                errors.add(field, format!("Ensure this field has no more than {max} characters."));
            }
            s.to_string()
        }
        Sent::Absent | Sent::Null => {
            if required {
                errors.add(field, MSG_REQUIRED);
            }
            String::new()
        }
        Sent::WrongType => {
            errors.add(field, "Not a valid string.");
            String::new()
        }
    }
}

/// Distinct positive ids of a list (`[1, "2", {"id": 3}]`); anything else is a field error.
fn ids(value: Sent<Vec<Sent<ItemRef>>>, field: &str, errors: &mut FieldErrors) -> Vec<i64> {
    let items = value.into_list(errors, field).unwrap_or_default();
    let mut out = Vec::new();
    for item in items {
        match item.value().map(ItemRef::id) {
            Some(id) if id > 0 => {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
            _ => {
                errors.add(field, "A valid integer is required.");
                return Vec::new();
            }
        }
    }
    out
}

/// The first of two names of a field that holds a text.
fn either(first: Sent<String>, second: Sent<String>) -> String {
    let text = if first.is_missing() { second } else { first };
    text.value().map(|s| s.trim().to_string()).unwrap_or_default()
}

fn externals(value: Sent<Vec<Sent<Object<ExternalInput>>>>, errors: &mut FieldErrors) -> Vec<ExternalResource> {
    let items = value.into_list(errors, "external_resources").unwrap_or_default();
    let mut out: Vec<ExternalResource> = Vec::new();
    for item in items {
        let Object(item) = item.value().unwrap_or(Object(ExternalInput::default()));
        let title = either(item.title, item.name);
        let url = either(item.url, item.source);
        let valid = url::Url::parse(&url).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
        if title.is_empty() || title.chars().count() > 300 || !valid || url.len() > 2000 {
            errors.add("external_resources", "Each external resource needs a title and an http(s) address.");
            return Vec::new();
        }
        if !out.iter().any(|r| r.url == url) {
            out.push(ExternalResource { title, url });
        }
    }
    out
}

/// Checks a package payload (spec 002 §3 "Email package payload").
pub fn parse(input: PackageInput) -> Result<Package, FieldErrors> {
    let mut errors = FieldErrors::new();
    let subject = text(input.subject, "subject", MAX_SUBJECT_CHARS, true, &mut errors);
    let text_body = text(input.body, "body", MAX_BODY_CHARS, true, &mut errors);
    let footer = text(input.footer, "footer", MAX_FOOTER_CHARS, false, &mut errors);
    let users = ids(input.users, "users", &mut errors);
    let groups = ids(input.groups, "groups", &mut errors);
    let internal_resources = ids(input.internal_resources, "internal_resources", &mut errors);
    let external_resources = externals(input.external_resources, &mut errors);
    let agent_reports = ids(input.agent_reports, "agent_reports", &mut errors);
    if users.len() > MAX_EACH {
        errors.add("users", MSG_USERS);
    }
    if groups.len() > MAX_EACH {
        errors.add("groups", MSG_GROUPS);
    }
    if internal_resources.len() + external_resources.len() > MAX_EACH {
        errors.add("internal_resources", MSG_RESOURCES);
    }
    if agent_reports.len() > MAX_EACH {
        errors.add("agent_reports", MSG_REPORTS);
    }
    if errors.is_empty()
        && users.is_empty()
        && groups.is_empty()
        && internal_resources.is_empty()
        && external_resources.is_empty()
        && agent_reports.is_empty()
    {
        errors.add("non_field_errors", MSG_EMPTY);
    }
    errors.into_result()?;
    Ok(Package {
        subject,
        body: text_body,
        footer,
        users,
        groups,
        internal_resources,
        external_resources,
        agent_reports,
    })
}

/// The people a staff member can fetch for a member's package (spec 002 §4 "Recommendation
/// types mentor, mentee and cross_group require choosing a group first", §7 "Recommendation
/// fetch: user_id, entity_type, group_from_user_to_be_included").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleKind {
    /// Members of the group further along in their career than the member.
    Mentor,
    /// Members of the group earlier in their career than the member.
    Mentee,
    /// Members of the group who share the member's interests, any stage.
    CrossGroup,
}

impl PeopleKind {
    pub const ALL: [PeopleKind; 3] = [PeopleKind::Mentor, PeopleKind::Mentee, PeopleKind::CrossGroup];

    pub const fn as_str(self) -> &'static str {
        match self {
            PeopleKind::Mentor => "mentor",
            PeopleKind::Mentee => "mentee",
            PeopleKind::CrossGroup => "cross_group",
        }
    }

    pub fn parse(word: &str) -> Option<PeopleKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == word.trim())
    }

    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|k| k.as_str()).collect()
    }

    /// The career stages (option ids, ordered by seniority from 1; 0 is "Other") the people
    /// must be at, for a member at `member_stage`: `None` when anyone will do, `Some(None)`
    /// when nobody can be (a mentor for someone at the last stage, a mentee for someone
    /// unplaced).
    pub fn stages(self, member_stage: Option<i64>, last_stage: i64) -> Option<Option<(i64, i64)>> {
        let stage = member_stage.filter(|s| *s > 0);
        match self {
            PeopleKind::CrossGroup => None,
            PeopleKind::Mentor => Some(match stage {
                Some(s) if s < last_stage => Some((s + 1, last_stage)),
                Some(_) => None,
                // Someone who has not said where they are: anyone placed past the start.
                None => Some((2, last_stage)),
            }),
            PeopleKind::Mentee => Some(match stage {
                Some(s) if s > 1 => Some((1, s - 1)),
                _ => None,
            }),
        }
    }

    /// The item type the package tool shows for a person of this kind (spec 002 §3
    /// "Recommended item": the staff tool adds mentee and mentor).
    pub const fn item_type(self) -> &'static str {
        match self {
            PeopleKind::Mentor => "mentor",
            PeopleKind::Mentee => "mentee",
            PeopleKind::CrossGroup => "user",
        }
    }
}

pub const USER_FIELD: &str = "user_id";
pub const KIND_FIELD: &str = "entity_type";
pub const GROUP_FIELD: &str = "group_from_user_to_be_included";
pub const MSG_GROUP_FIRST: &str = "Recommendation types mentor, mentee and cross_group require choosing a group first";
/// A page of fetched people: the tool's search size (spec 002 §9, 16).
pub const PEOPLE_PAGE_SIZE: u64 = 16;

/// A parsed people fetch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeopleRequest {
    pub user_id: i64,
    pub kind: PeopleKind,
    pub group_id: i64,
}

fn positive_id(errors: &mut FieldErrors, raw: Option<&str>, field: &str, missing: &str) -> Option<i64> {
    match raw.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => {
            errors.add(field, missing);
            None
        }
        Some(v) => match v.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                errors.add(field, "A valid integer is required.");
                None
            }
        },
    }
}

impl PeopleRequest {
    /// Reads `user_id`, `entity_type` (mentor, mentee or cross_group) and
    /// `group_from_user_to_be_included` as sent, each problem on its field.
    pub fn parse(
        user_id: Option<&str>,
        entity_type: Option<&str>,
        group: Option<&str>,
    ) -> Result<PeopleRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let user_id = positive_id(&mut errors, user_id, USER_FIELD, MSG_REQUIRED);
        let kind = match entity_type.map(|v| v.trim()).filter(|v| !v.is_empty()) {
            None => {
                errors.add(KIND_FIELD, MSG_REQUIRED);
                None
            }
            Some(word) => {
                let kind = PeopleKind::parse(word);
                if kind.is_none() {
                    let shown: String = word.chars().take(50).collect();
                    errors.add(KIND_FIELD, format!("\"{shown}\" is not a valid choice."));
                }
                kind
            }
        };
        let group_id = positive_id(&mut errors, group, GROUP_FIELD, MSG_GROUP_FIRST);
        errors.into_result()?;
        match (user_id, kind, group_id) {
            (Some(user_id), Some(kind), Some(group_id)) => Ok(PeopleRequest { user_id, kind, group_id }),
            _ => Err(FieldErrors::new()),
        }
    }
}

/// Why a person is in a member's package list: "Mentor: further along in their career;
/// shares Python, SQL". `stage` is the person's career stage label when known.
pub fn people_reason(kind: PeopleKind, shared: &[String], stage: Option<&str>, group: &str) -> String {
    let mut parts = Vec::new();
    match (kind, stage) {
        (PeopleKind::Mentor, Some(stage)) => parts.push(format!("Could mentor: {stage}")),
        (PeopleKind::Mentor, None) => parts.push("Could mentor: further along in their career".to_string()),
        (PeopleKind::Mentee, Some(stage)) => parts.push(format!("Could be mentored: {stage}")),
        (PeopleKind::Mentee, None) => parts.push("Could be mentored: earlier in their career".to_string()),
        (PeopleKind::CrossGroup, _) => {}
    }
    if !shared.is_empty() {
        let shown: Vec<&str> = shared.iter().take(3).map(String::as_str).collect();
        let more = shared.len().saturating_sub(3);
        let mut text = format!("shares {}", shown.join(", "));
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        parts.push(text);
    }
    if parts.is_empty() {
        parts.push(format!("A member of {group}"));
    }
    let mut reason = parts.join("; ");
    if let Some(first) = reason.get(0..1) {
        let upper = first.to_uppercase();
        reason.replace_range(0..1, &upper);
    }
    reason
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::sent::body;

    fn base() -> Value {
        json!({"subject": DEFAULT_SUBJECT, "body": "Hello", "footer": "", "users": [1]})
    }

    #[test]
    fn a_package_holds_at_most_five_of_each_kind() {
        let six = json!([1, 2, 3, 4, 5, 6]);
        for (field, message) in [
            ("users", MSG_USERS),
            ("groups", MSG_GROUPS),
            ("internal_resources", MSG_RESOURCES),
            ("agent_reports", MSG_REPORTS),
        ] {
            let mut sent = base();
            sent[field] = six.clone();
            let e = parse(body(sent.clone())).unwrap_err();
            assert_eq!(e.first(field), Some(message), "{field}");
            sent[field] = json!([1, 2, 3, 4, 5, 5]);
            assert!(parse(body(sent.clone())).is_ok(), "{field}: repeats count once");
        }
        let mut sent = base();
        sent["internal_resources"] = json!([1, 2, 3]);
        sent["external_resources"] = json!([
            {"title": "A", "url": "https://a.example"}, {"title": "B", "url": "https://b.example"},
            {"title": "C", "url": "https://c.example"}]);
        assert_eq!(parse(body(sent.clone())).unwrap_err().first("internal_resources"), Some(MSG_RESOURCES));
    }

    #[test]
    fn text_and_items_are_checked() {
        let p = parse(body(json!({"subject": " S ", "body": "B", "groups": ["7", {"id": 8}]}))).unwrap();
        assert_eq!((p.subject.as_str(), p.groups.clone()), ("S", vec![7, 8]));
        let e = parse(body(json!({"body": "", "users": [0]}))).unwrap_err();
        assert!(e.first("subject").is_some() && e.first("body").is_some() && e.first("users").is_some());
        let e = parse(body(
            json!({"subject": "S", "body": "B", "external_resources": [{"title": "x", "url": "javascript:alert(1)"}]}),
        ))
        .unwrap_err();
        assert!(e.first("external_resources").is_some());
        let e = parse(body(json!({"subject": "S", "body": "B"}))).unwrap_err();
        assert_eq!(e.first("non_field_errors"), Some(MSG_EMPTY));
    }
    #[test]
    fn people_kinds_bound_the_stages() {
        use super::PeopleKind::*;
        assert_eq!(CrossGroup.stages(Some(3), 5), None);
        assert_eq!(Mentor.stages(Some(3), 5), Some(Some((4, 5))));
        assert_eq!(Mentor.stages(Some(5), 5), Some(None));
        assert_eq!(Mentor.stages(None, 5), Some(Some((2, 5))));
        assert_eq!(Mentor.stages(Some(0), 5), Some(Some((2, 5))));
        assert_eq!(Mentee.stages(Some(3), 5), Some(Some((1, 2))));
        assert_eq!(Mentee.stages(Some(1), 5), Some(None));
        assert_eq!(Mentee.stages(None, 5), Some(None));
    }

    #[test]
    fn a_people_fetch_needs_a_group_first() {
        let err = PeopleRequest::parse(Some("7"), Some("mentor"), None).unwrap_err();
        assert_eq!(err.first(GROUP_FIELD), Some(MSG_GROUP_FIRST));
        let err = PeopleRequest::parse(Some("7"), Some("boss"), Some("3")).unwrap_err();
        assert_eq!(err.first(KIND_FIELD), Some("\"boss\" is not a valid choice."));
        let err = PeopleRequest::parse(None, Some("mentee"), Some("x")).unwrap_err();
        assert_eq!(err.first(USER_FIELD), Some("This field is required."));
        assert_eq!(err.first(GROUP_FIELD), Some("A valid integer is required."));
        let ok = PeopleRequest::parse(Some("7"), Some("cross_group"), Some("3")).unwrap();
        assert_eq!(ok, PeopleRequest { user_id: 7, kind: PeopleKind::CrossGroup, group_id: 3 });
    }

    #[test]
    fn people_reasons_name_the_stage_and_what_is_shared() {
        let shared = vec!["Python".to_string(), "SQL".to_string()];
        assert_eq!(
            people_reason(PeopleKind::Mentor, &shared, Some("Advanced (over 15 years)"), "Data Circle"),
            "Could mentor: Advanced (over 15 years); shares Python, SQL"
        );
        assert_eq!(people_reason(PeopleKind::CrossGroup, &shared, None, "Data Circle"), "Shares Python, SQL");
        assert_eq!(people_reason(PeopleKind::CrossGroup, &[], None, "Data Circle"), "A member of Data Circle");
        assert_eq!(
            people_reason(PeopleKind::Mentee, &[], None, "Data Circle"),
            "Could be mentored: earlier in their career"
        );
    }
}
