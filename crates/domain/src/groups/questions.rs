//! Questions for new members of a group (spec 001 §3 "Question", §5 "Question editor"),
//! and checking a member's answers to them.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::FieldErrors;

pub const QUESTION_TYPES: [&str; 5] = ["text", "textarea", "radio", "selection", "file"];
pub const MSG_LABEL: &str = "Please enter question";
pub const MSG_TYPE: &str = "Please select field type";
pub const MSG_OPTIONS: &str = "Please enter at least one option, one per line";
pub const MSG_ANSWER_REQUIRED: &str = "This field is required";
pub const MSG_ANSWER_CHOICE: &str = "Please select one of the options";
pub const MAX_QUESTIONS: usize = 30;
pub const MAX_LABEL_CHARS: usize = 500;
pub const MAX_ANSWER_CHARS: usize = 4000;
pub const MAX_OPTIONS: usize = 50;
pub const MAX_OPTION_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Question {
    pub id: String,
    pub label: String,
    /// text, textarea, radio, selection or file.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    pub required: bool,
    /// Choices of radio and selection questions.
    pub options: Vec<String>,
}

/// Options as entered: a list, or text with one option per line.
fn options_of(value: Option<&Value>) -> Vec<String> {
    let raw: Vec<String> = match value {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Some(Value::String(text)) => text.lines().map(str::to_string).collect(),
        _ => Vec::new(),
    };
    raw.into_iter().map(|o| o.trim().to_string()).filter(|o| !o.is_empty()).collect()
}

/// Checks and normalises a question list. A question without an id gets the type
/// followed by a number below 10000 from `random` (spec 001 §3), unique in the list.
pub fn normalize(value: &Value, mut random: impl FnMut() -> u32) -> Result<Vec<Question>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let items = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Array(items) => items,
        _ => {
            errors.add("questions", "Expected a list of items.");
            return Err(errors);
        }
    };
    if items.len() > MAX_QUESTIONS {
        errors.add("questions", format!("Ensure this list has no more than {MAX_QUESTIONS} questions."));
        return Err(errors);
    }
    let mut out: Vec<Question> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let empty = Map::new();
        let object = item.as_object().unwrap_or(&empty);
        let field = |name: &str| format!("questions.{i}.{name}");
        let label = object.get("label").and_then(Value::as_str).unwrap_or("").trim().to_string();
        if label.is_empty() {
            errors.add(field("label"), MSG_LABEL);
        } else if label.chars().count() > MAX_LABEL_CHARS {
            errors.add(field("label"), format!("Ensure this field has no more than {MAX_LABEL_CHARS} characters."));
        }
        let kind = object.get("type").and_then(Value::as_str).unwrap_or("").trim().to_string();
        if kind.is_empty() || !QUESTION_TYPES.contains(&kind.as_str()) {
            errors.add(field("type"), MSG_TYPE);
        }
        let options = options_of(object.get("options"));
        if matches!(kind.as_str(), "radio" | "selection") {
            if options.is_empty() {
                errors.add(field("options"), MSG_OPTIONS);
            } else if options.len() > MAX_OPTIONS {
                errors.add(field("options"), format!("Ensure there are no more than {MAX_OPTIONS} options."));
            } else if options.iter().any(|o| o.chars().count() > MAX_OPTION_CHARS) {
                errors.add(
                    field("options"),
                    format!("Ensure each option has no more than {MAX_OPTION_CHARS} characters."),
                );
            }
        }
        let required = object.get("required").and_then(Value::as_bool).unwrap_or(false);
        let given = match object.get("id") {
            Some(Value::String(id)) if !id.trim().is_empty() => Some(id.trim().chars().take(60).collect::<String>()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let id = match given.filter(|id| !out.iter().any(|q| &q.id == id)) {
            Some(id) => id,
            None => loop {
                let candidate = format!("{kind}{}", random() % 10_000);
                if !out.iter().any(|q| q.id == candidate) {
                    break candidate;
                }
            },
        };
        let options = if matches!(kind.as_str(), "radio" | "selection") { options } else { Vec::new() };
        out.push(Question { id, label, kind, required, options });
    }
    errors.into_result().map(|_| out)
}

/// The questions stored in a group's `extra_info`.
pub fn of_extra_info(extra: Option<&Value>) -> Vec<Question> {
    extra
        .and_then(|e| e.get("questions"))
        .and_then(|q| serde_json::from_value::<Vec<Question>>(q.clone()).ok())
        .unwrap_or_default()
}

/// Checks answers (`{question id: answer}`) against the questions; answers to unknown
/// questions are dropped. File answers are file ids, checked by the caller. Errors are
/// reported as `answers.{question id}`.
pub fn check_answers(questions: &[Question], answers: &Map<String, Value>) -> Result<Map<String, Value>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut kept = Map::new();
    for question in questions {
        let field = format!("answers.{}", question.id);
        let answer = answers.get(&question.id).cloned().unwrap_or(Value::Null);
        let blank = match &answer {
            Value::Null => true,
            Value::String(s) => s.trim().is_empty(),
            Value::Array(items) => items.is_empty(),
            _ => false,
        };
        if blank {
            if question.required {
                errors.add(field, MSG_ANSWER_REQUIRED);
            }
            continue;
        }
        match question.kind.as_str() {
            "text" | "textarea" => match answer.as_str() {
                Some(text) if text.chars().count() <= MAX_ANSWER_CHARS => {
                    kept.insert(question.id.clone(), Value::String(text.trim().to_string()));
                }
                Some(_) => {
                    errors.add(field, format!("Ensure this field has no more than {MAX_ANSWER_CHARS} characters."))
                }
                None => errors.add(field, "Expected text."),
            },
            "radio" | "selection" => {
                let chosen: Vec<&str> = match &answer {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(items) if question.kind == "selection" => {
                        items.iter().filter_map(Value::as_str).collect()
                    }
                    _ => Vec::new(),
                };
                if chosen.is_empty() || !chosen.iter().all(|c| question.options.iter().any(|o| o == c)) {
                    errors.add(field, MSG_ANSWER_CHOICE);
                } else {
                    kept.insert(question.id.clone(), answer);
                }
            }
            _ => match &answer {
                Value::Number(n) if n.as_i64().is_some_and(|id| id > 0) => {
                    kept.insert(question.id.clone(), answer);
                }
                Value::String(s) if s.trim().parse::<i64>().is_ok_and(|id| id > 0) => {
                    kept.insert(question.id.clone(), Value::from(s.trim().parse::<i64>().unwrap_or_default()));
                }
                _ => errors.add(field, "Upload a file."),
            },
        }
    }
    errors.into_result().map(|_| kept)
}

/// The file ids among stored answers (`{question id: answer}`): file answers are the only
/// answers kept as numbers (text and choices are strings), so the numbers are file ids.
pub fn file_ids_in(answers: &Map<String, Value>) -> Vec<i64> {
    let mut ids = Vec::new();
    for answer in answers.values() {
        if let Some(id) = answer.as_i64().filter(|id| *id > 0) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// The uploaded files a membership's `extra_info` points at: its file answers
/// (`answers`) and a conference registration's `abstract_file`.
pub fn file_ids_of_extra_info(extra: Option<&Value>) -> Vec<i64> {
    let Some(extra) = extra else { return Vec::new() };
    let mut ids = extra.get("answers").and_then(Value::as_object).map(file_ids_in).unwrap_or_default();
    // A conference's abstract and a paid group's offline payment voucher (spec 001 §3
    // "Applicant": extra_info.abstract_file, extra_info.voucher).
    for key in ["abstract_file", "voucher"] {
        if let Some(id) = extra.get(key).and_then(Value::as_i64).filter(|id| *id > 0) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn ids_are_generated_from_the_type_below_10000_and_unique() {
        let mut numbers = [42_u32, 42, 10_042, 7].into_iter();
        let questions = normalize(
            &json!([
                {"label": "Why?", "type": "text"},
                {"label": "Pick", "type": "radio", "options": "A\n\n B \nC"},
                {"label": "Keep", "type": "textarea", "id": "mine", "required": true}
            ]),
            move || numbers.next().unwrap(),
        )
        .unwrap();
        assert_eq!(questions[0].id, "text42");
        assert_eq!(questions[1].id, "radio42");
        assert_eq!(questions[1].options, vec!["A", "B", "C"]);
        assert_eq!(questions[2].id, "mine");
        assert!(questions[2].required);
    }

    #[test]
    fn options_are_bounded() {
        let many: Vec<String> = (0..51).map(|i| format!("o{i}")).collect();
        let errors = normalize(
            &json!([{"label": "A", "type": "radio", "options": many}, {"label": "B", "type": "selection",
                "options": ["x".repeat(201)]}]),
            || 1,
        )
        .unwrap_err();
        assert_eq!(errors.first("questions.0.options"), Some("Ensure there are no more than 50 options."));
        assert_eq!(errors.first("questions.1.options"), Some("Ensure each option has no more than 200 characters."));
    }

    #[test]
    fn a_clash_draws_again() {
        let mut numbers = [5_u32, 5, 6].into_iter();
        let questions =
            normalize(&json!([{"label": "A", "type": "text"}, {"label": "B", "type": "text"}]), move || {
                numbers.next().unwrap()
            })
            .unwrap();
        assert_eq!((questions[0].id.as_str(), questions[1].id.as_str()), ("text5", "text6"));
    }

    #[test]
    fn label_type_and_options_are_checked() {
        let errors = normalize(
            &json!([{"label": " ", "type": "text"}, {"label": "x", "type": "checkbox"}, {"label": "y", "type": "selection"}]),
            || 1,
        )
        .unwrap_err();
        assert_eq!(errors.first("questions.0.label"), Some(MSG_LABEL));
        assert_eq!(errors.first("questions.1.type"), Some(MSG_TYPE));
        assert_eq!(errors.first("questions.2.options"), Some(MSG_OPTIONS));
    }

    #[test]
    fn answers_are_checked_against_the_questions() {
        let questions = normalize(
            &json!([
                {"id": "t", "label": "Why", "type": "text", "required": true},
                {"id": "r", "label": "Pick", "type": "radio", "options": ["A", "B"]},
                {"id": "s", "label": "Many", "type": "selection", "options": ["X", "Y"]},
                {"id": "f", "label": "CV", "type": "file", "required": true}
            ]),
            || 1,
        )
        .unwrap();
        let answers = json!({"t": "Because", "r": "B", "s": ["X", "Y"], "f": "12", "other": "dropped"});
        let kept = check_answers(&questions, answers.as_object().unwrap()).unwrap();
        assert_eq!(Value::Object(kept), json!({"t": "Because", "r": "B", "s": ["X", "Y"], "f": 12}));
        let errors = check_answers(&questions, json!({"r": "C", "s": ["Z"]}).as_object().unwrap()).unwrap_err();
        assert_eq!(errors.first("answers.t"), Some(MSG_ANSWER_REQUIRED));
        assert_eq!(errors.first("answers.r"), Some(MSG_ANSWER_CHOICE));
        assert_eq!(errors.first("answers.s"), Some(MSG_ANSWER_CHOICE));
        assert_eq!(errors.first("answers.f"), Some(MSG_ANSWER_REQUIRED));
    }

    #[test]
    fn file_ids_are_the_numeric_answers_and_the_abstract_file() {
        let extra = json!({"answers": {"text1": "12", "radio2": "A", "file3": 7, "selection4": ["B"], "file5": 7},
            "abstract_file": 9, "title": "Talk"});
        assert_eq!(file_ids_of_extra_info(Some(&extra)), vec![7, 9]);
        assert_eq!(file_ids_of_extra_info(Some(&json!({"abstract_file": 3}))), vec![3]);
        assert_eq!(file_ids_of_extra_info(Some(&json!({}))), Vec::<i64>::new());
        assert_eq!(file_ids_of_extra_info(None), Vec::<i64>::new());
    }
}
