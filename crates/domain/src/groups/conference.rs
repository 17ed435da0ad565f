//! The conference registration form (spec 001 §3 "Conference registration", §5 "Conference
//! form", §9 lists). Pure checks: the caller confirms that `abstract_file` is a PDF of the
//! registrant's own.

use serde_json::{Map, Value};

use crate::FieldErrors;

pub const PARTICIPANT_TYPES: [&str; 2] = ["attendee", "presenter"];
pub const SUBMISSION_TYPES: [&str; 8] = [
    "Keynote Speaker",
    "Distinguished Speaker",
    "Plenary Presentation",
    "Paper Presentation",
    "Panel Discussion",
    "Workshop",
    "Arts-based Performances",
    "Book talk",
];
pub const PROGRAM_TYPES: [&str; 2] = ["Online Conference", "In-Person Conference"];
pub const PUBLICATION_TYPES: [&str; 4] = [
    "Journal article (3,000-6,500 words)",
    "Book chapter (2,500-4,000 words)",
    "Practitioner essay (1,500-2,000 words)",
    "Not interested at this time",
];
pub const DIETARY: [&str; 2] = ["Vegetarian", "Non-vegetarian"];
pub const MAX_ABSTRACT_WORDS: usize = 250;

pub const MSG_PARTICIPANT: &str = "Please select a participant type";
pub const MSG_SUBMISSION: &str = "Please select a submission type";
pub const MSG_PROGRAM: &str = "Please select a program type";
pub const MSG_TITLE: &str = "Please enter a title";
pub const MSG_PUBLICATION: &str = "Please select a publication";
pub const MSG_ABSTRACT_WORDS: &str = "Maximum 250 words";
pub const MSG_ABSTRACT_MISSING: &str = "Please submit an abstract text above or upload an pdf file here";
pub const MSG_DIETARY: &str = "Please select a dietary preference";
pub const MSG_PHONE: &str = "Please enter a valid phone number";

/// A checked registration: the fields kept (trimmed) and the abstract file id to verify.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    /// attendee or presenter; also the member's role.
    pub participant_type: String,
    pub fields: Map<String, Value>,
    pub abstract_file: Option<i64>,
}

fn text(form: &Map<String, Value>, key: &str) -> Option<String> {
    match form.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// Accepts a choice case-insensitively and gives its canonical spelling.
fn canonical(value: Option<String>, options: &[&str]) -> Option<String> {
    let v = value?;
    options.iter().find(|o| o.eq_ignore_ascii_case(&v)).map(|o| o.to_string())
}

pub fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

fn phone_ok(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    phone.chars().count() <= 30
        && (5..=20).contains(&digits)
        && phone.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c))
}

/// Checks a conference registration (`extra_info` of the join call).
pub fn check(form: &Map<String, Value>) -> Result<Registration, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut fields = Map::new();
    let participant = canonical(text(form, "participant_type"), &PARTICIPANT_TYPES);
    match &participant {
        Some(p) => {
            fields.insert("participant_type".into(), Value::String(p.clone()));
        }
        None => errors.add("participant_type", MSG_PARTICIPANT),
    }
    for key in ["phone_number", "alternative_phone_number"] {
        if let Some(phone) = text(form, key) {
            if phone_ok(&phone) {
                fields.insert(key.into(), Value::String(phone));
            } else {
                errors.add(key, MSG_PHONE);
            }
        }
    }
    if let Some(raw) = text(form, "dietary") {
        match canonical(Some(raw), &DIETARY) {
            Some(d) => {
                fields.insert("dietary".into(), Value::String(d));
            }
            None => errors.add("dietary", MSG_DIETARY),
        }
    }
    let mut abstract_file = None;
    if participant.as_deref() == Some("presenter") {
        for (key, options, message) in [
            ("submission_type", &SUBMISSION_TYPES[..], MSG_SUBMISSION),
            ("program_type", &PROGRAM_TYPES[..], MSG_PROGRAM),
            ("publication", &PUBLICATION_TYPES[..], MSG_PUBLICATION),
        ] {
            match canonical(text(form, key), options) {
                Some(v) => {
                    fields.insert(key.into(), Value::String(v));
                }
                None => errors.add(key, message),
            }
        }
        match text(form, "title") {
            Some(title) if title.chars().count() <= 300 => {
                fields.insert("title".into(), Value::String(title));
            }
            Some(_) => errors.add("title", "Ensure this field has no more than 300 characters."),
            None => errors.add("title", MSG_TITLE),
        }
        let summary = text(form, "abstract");
        if let Some(summary) = &summary {
            if word_count(summary) > MAX_ABSTRACT_WORDS || summary.chars().count() > 4000 {
                errors.add("abstract", MSG_ABSTRACT_WORDS);
            } else {
                fields.insert("abstract".into(), Value::String(summary.clone()));
            }
        }
        abstract_file = match form.get("abstract_file") {
            Some(Value::Number(n)) => n.as_i64().filter(|id| *id > 0),
            Some(Value::String(s)) => s.trim().parse::<i64>().ok().filter(|id| *id > 0),
            _ => None,
        };
        let file_given = !matches!(form.get("abstract_file"), None | Some(Value::Null))
            && !form.get("abstract_file").and_then(Value::as_str).is_some_and(|s| s.trim().is_empty());
        if file_given && abstract_file.is_none() {
            errors.add("abstract_file", MSG_ABSTRACT_MISSING);
        }
        if summary.is_none() && !file_given {
            errors.add("abstract_file", MSG_ABSTRACT_MISSING);
        }
        if let Some(id) = abstract_file {
            fields.insert("abstract_file".into(), Value::from(id));
        }
    }
    errors.into_result()?;
    Ok(Registration { participant_type: participant.unwrap_or_default(), fields, abstract_file })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn form(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn an_attendee_needs_only_the_participant_type() {
        let ok = check(&form(
            json!({"participant_type": "Attendee", "dietary": "vegetarian", "phone_number": "+1 555 0100"}),
        ))
        .unwrap();
        assert_eq!(ok.participant_type, "attendee");
        assert_eq!(ok.fields["dietary"], "Vegetarian");
        assert_eq!(ok.abstract_file, None);
        let errors = check(&form(json!({}))).unwrap_err();
        assert_eq!(errors.first("participant_type"), Some(MSG_PARTICIPANT));
        let errors = check(&form(json!({"participant_type": "speaker", "dietary": "vegan"}))).unwrap_err();
        assert_eq!(errors.first("participant_type"), Some(MSG_PARTICIPANT));
        assert_eq!(errors.first("dietary"), Some(MSG_DIETARY));
    }

    #[test]
    fn a_presenter_needs_the_submission_fields() {
        let errors = check(&form(json!({"participant_type": "presenter"}))).unwrap_err();
        assert_eq!(errors.first("submission_type"), Some(MSG_SUBMISSION));
        assert_eq!(errors.first("program_type"), Some(MSG_PROGRAM));
        assert_eq!(errors.first("title"), Some(MSG_TITLE));
        assert_eq!(errors.first("publication"), Some(MSG_PUBLICATION));
        assert_eq!(errors.first("abstract_file"), Some(MSG_ABSTRACT_MISSING));
        let errors = check(&form(json!({
            "participant_type": "presenter", "submission_type": "Poster", "program_type": "Online Conference",
            "title": "T", "publication": "Not interested at this time", "abstract": "word"
        })))
        .unwrap_err();
        assert_eq!(errors.first("submission_type"), Some(MSG_SUBMISSION));
        assert!(errors.first("abstract_file").is_none(), "abstract text is enough");
    }

    #[test]
    fn the_abstract_is_at_most_250_words_or_a_file() {
        let base = json!({
            "participant_type": "presenter", "submission_type": "Workshop", "program_type": "In-Person Conference",
            "title": "Teaching AI", "publication": "Book chapter (2,500-4,000 words)"
        });
        let mut long = base.clone();
        long["abstract"] = json!(vec!["word"; 251].join(" "));
        assert_eq!(check(&form(long)).unwrap_err().first("abstract"), Some(MSG_ABSTRACT_WORDS));
        let mut exact = base.clone();
        exact["abstract"] = json!(vec!["word"; 250].join(" "));
        assert!(check(&form(exact)).is_ok());
        let mut file = base.clone();
        file["abstract_file"] = json!("17");
        let ok = check(&form(file)).unwrap();
        assert_eq!(ok.abstract_file, Some(17));
        assert_eq!(ok.participant_type, "presenter");
        assert_eq!(ok.fields["submission_type"], "Workshop");
        let mut bad = base;
        bad["abstract_file"] = json!("x");
        assert_eq!(check(&form(bad)).unwrap_err().first("abstract_file"), Some(MSG_ABSTRACT_MISSING));
    }
}
