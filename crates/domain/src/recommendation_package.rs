//! The staff recommendation package (spec 002 §2 "Staff recommendation package", §3 "Email
//! package payload", §5 limits, §8 messages): what a package may hold, checked as one parsed
//! value.

use serde_json::Value;

use crate::FieldErrors;

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

fn text(value: Option<&Value>, field: &str, max: usize, required: bool, errors: &mut FieldErrors) -> String {
    match value {
        Some(Value::String(s)) => {
            let s = s.trim();
            if required && s.is_empty() {
                errors.add(field, MSG_REQUIRED);
            } else if s.chars().count() > max {
                errors.add(field, format!("Ensure this field has no more than {max} characters."));
            }
            s.to_string()
        }
        None | Some(Value::Null) => {
            if required {
                errors.add(field, MSG_REQUIRED);
            }
            String::new()
        }
        Some(_) => {
            errors.add(field, "Not a valid string.");
            String::new()
        }
    }
}

/// Distinct positive ids of a list (`[1, "2"]`); anything else is a field error.
fn ids(value: Option<&Value>, field: &str, errors: &mut FieldErrors) -> Vec<i64> {
    let items = match value {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            errors.add(field, "Expected a list of items.");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for item in items {
        let id = match item {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            Value::Object(o) => {
                o.get("id").and_then(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())))
            }
            _ => None,
        };
        match id {
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

fn externals(value: Option<&Value>, errors: &mut FieldErrors) -> Vec<ExternalResource> {
    let items = match value {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            errors.add("external_resources", "Expected a list of items.");
            return Vec::new();
        }
    };
    let mut out: Vec<ExternalResource> = Vec::new();
    for item in items {
        let title = item.get("title").or_else(|| item.get("name")).and_then(Value::as_str).map(str::trim).unwrap_or("");
        let url = item.get("url").or_else(|| item.get("source")).and_then(Value::as_str).map(str::trim).unwrap_or("");
        let valid = url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
        if title.is_empty() || title.chars().count() > 300 || !valid || url.len() > 2000 {
            errors.add("external_resources", "Each external resource needs a title and an http(s) address.");
            return Vec::new();
        }
        if !out.iter().any(|r| r.url == url) {
            out.push(ExternalResource { title: title.to_string(), url: url.to_string() });
        }
    }
    out
}

/// Checks a package payload (spec 002 §3 "Email package payload").
pub fn parse(body: &Value) -> Result<Package, FieldErrors> {
    let mut errors = FieldErrors::new();
    let get = |k: &str| body.get(k);
    let subject = text(get("subject"), "subject", MAX_SUBJECT_CHARS, true, &mut errors);
    let text_body = text(get("body"), "body", MAX_BODY_CHARS, true, &mut errors);
    let footer = text(get("footer"), "footer", MAX_FOOTER_CHARS, false, &mut errors);
    let users = ids(get("users"), "users", &mut errors);
    let groups = ids(get("groups"), "groups", &mut errors);
    let internal_resources = ids(get("internal_resources"), "internal_resources", &mut errors);
    let external_resources = externals(get("external_resources"), &mut errors);
    let agent_reports = ids(get("agent_reports"), "agent_reports", &mut errors);
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

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
            let mut body = base();
            body[field] = six.clone();
            let e = parse(&body).unwrap_err();
            assert_eq!(e.first(field), Some(message), "{field}");
            body[field] = json!([1, 2, 3, 4, 5, 5]);
            assert!(parse(&body).is_ok(), "{field}: repeats count once");
        }
        let mut body = base();
        body["internal_resources"] = json!([1, 2, 3]);
        body["external_resources"] = json!([
            {"title": "A", "url": "https://a.example"}, {"title": "B", "url": "https://b.example"},
            {"title": "C", "url": "https://c.example"}]);
        assert_eq!(parse(&body).unwrap_err().first("internal_resources"), Some(MSG_RESOURCES));
    }

    #[test]
    fn text_and_items_are_checked() {
        let p = parse(&json!({"subject": " S ", "body": "B", "groups": ["7", {"id": 8}]})).unwrap();
        assert_eq!((p.subject.as_str(), p.groups.clone()), ("S", vec![7, 8]));
        let e = parse(&json!({"body": "", "users": [0]})).unwrap_err();
        assert!(e.first("subject").is_some() && e.first("body").is_some() && e.first("users").is_some());
        let e = parse(
            &json!({"subject": "S", "body": "B", "external_resources": [{"title": "x", "url": "javascript:alert(1)"}]}),
        )
        .unwrap_err();
        assert!(e.first("external_resources").is_some());
        let e = parse(&json!({"subject": "S", "body": "B"})).unwrap_err();
        assert_eq!(e.first("non_field_errors"), Some(MSG_EMPTY));
    }
}
