//! Custom form questions of a CareerGPS step (spec 002 §3 "Agent": text, textarea with rows
//! 3 and cols 20 by default, radio, selection, file (images or a PDF), slider from 0 to 10 in
//! steps of 1 with a label at each end; §5 "Question builder") and checking the answers a
//! person gives to them.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::category::Category;
use crate::{
    groups::questions::{MSG_ANSWER_CHOICE, MSG_ANSWER_REQUIRED, MSG_LABEL, MSG_TYPE},
    FieldErrors,
};

pub const MAX_QUESTIONS: usize = 40;
pub const MAX_LABEL_CHARS: usize = 500;
pub const MAX_ID_CHARS: usize = 60;
pub const MAX_OPTIONS: usize = 50;
pub const MAX_OPTION_CHARS: usize = 200;
pub const MAX_ANSWER_CHARS: usize = 4000;
pub const MAX_SLIDER_LABEL_CHARS: usize = 60;
pub const TEXTAREA_ROWS: u16 = 3;
pub const TEXTAREA_COLS: u16 = 20;
pub const SLIDER_MIN: i64 = 0;
pub const SLIDER_MAX: i64 = 10;
pub const SLIDER_STEP: i64 = 1;
pub const MSG_OPTIONS: &str = "Please enter at least one option";
pub const MSG_SLIDER_LABEL: &str = "Please enter a label for this end of the slider";
pub const MSG_SLIDER_BOUNDS: &str = "A slider goes from 0 to 10: minimum below maximum, both within 0 to 10";
pub const MSG_SLIDER_STEP: &str = "The step must be at least 1 and divide the slider's range";
pub const MSG_SCORED_SLIDER: &str = "Only sliders from 0 to 10 in steps of 1 can be scored";
pub const MSG_FILE: &str = "Upload a file.";

/// The six question types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionType {
    Text,
    Textarea,
    Radio,
    Selection,
    File,
    Slider,
}

impl QuestionType {
    pub const ALL: [QuestionType; 6] = [
        QuestionType::Text,
        QuestionType::Textarea,
        QuestionType::Radio,
        QuestionType::Selection,
        QuestionType::File,
        QuestionType::Slider,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            QuestionType::Text => "text",
            QuestionType::Textarea => "textarea",
            QuestionType::Radio => "radio",
            QuestionType::Selection => "selection",
            QuestionType::File => "file",
            QuestionType::Slider => "slider",
        }
    }

    /// The type named `text`, or the question builder's 'Please select field type'.
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        QuestionType::ALL.into_iter().find(|t| t.as_str() == text.trim()).ok_or(MSG_TYPE)
    }

    pub fn has_options(self) -> bool {
        matches!(self, QuestionType::Radio | QuestionType::Selection)
    }
}

impl<'de> Deserialize<'de> for QuestionType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        QuestionType::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// One question of a custom form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FormQuestion {
    pub id: String,
    pub label: String,
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: QuestionType,
    #[serde(default)]
    pub required: bool,
    /// The choices of radio and selection questions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Textarea size (3 rows, 20 columns when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<u16>,
    /// Slider bounds (0, 10 and 1 when not given) and the labels under its two ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_label: Option<String>,
    /// The AIRA scoring category a slider counts towards (see `aira`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
}

impl FormQuestion {
    pub fn rows(&self) -> u16 {
        self.rows.unwrap_or(TEXTAREA_ROWS)
    }

    pub fn cols(&self) -> u16 {
        self.cols.unwrap_or(TEXTAREA_COLS)
    }

    /// `(min, max, step)` of a slider.
    pub fn slider_bounds(&self) -> (i64, i64, i64) {
        (self.min.unwrap_or(SLIDER_MIN), self.max.unwrap_or(SLIDER_MAX), self.step.unwrap_or(SLIDER_STEP))
    }

    /// A slider on the full 0 to 10 scale in steps of 1: the only kind of question scored.
    pub fn is_full_scale_slider(&self) -> bool {
        self.kind == QuestionType::Slider && self.slider_bounds() == (SLIDER_MIN, SLIDER_MAX, SLIDER_STEP)
    }
}

fn blank(text: &Option<String>) -> bool {
    text.as_deref().is_none_or(|t| t.trim().is_empty())
}

/// Checks a list of questions; errors are keyed `{prefix}{index}.{field}`.
pub fn check_questions(questions: &[FormQuestion], prefix: &str, errors: &mut FieldErrors) {
    if questions.len() > MAX_QUESTIONS {
        errors
            .add(prefix.trim_end_matches('.'), format!("Ensure this list has no more than {MAX_QUESTIONS} questions."));
        return;
    }
    for (i, q) in questions.iter().enumerate() {
        let field = |name: &str| format!("{prefix}{i}.{name}");
        let id = q.id.trim();
        if id.is_empty() {
            errors.add(field("id"), "This field is required.");
        } else if id.chars().count() > MAX_ID_CHARS {
            errors.add(field("id"), format!("Ensure this field has no more than {MAX_ID_CHARS} characters."));
        } else if questions[..i].iter().any(|other| other.id.trim() == id) {
            errors.add(field("id"), "Question ids must be unique within a step.");
        }
        let label = q.label.trim();
        if label.is_empty() {
            errors.add(field("label"), MSG_LABEL);
        } else if label.chars().count() > MAX_LABEL_CHARS {
            errors.add(field("label"), format!("Ensure this field has no more than {MAX_LABEL_CHARS} characters."));
        }
        if q.kind.has_options() {
            let options: Vec<&str> = q.options.iter().map(|o| o.trim()).collect();
            if options.iter().all(|o| o.is_empty()) {
                errors.add(field("options"), MSG_OPTIONS);
            } else if options.len() > MAX_OPTIONS {
                errors.add(field("options"), format!("Ensure there are no more than {MAX_OPTIONS} options."));
            } else if options.iter().any(|o| o.is_empty() || o.chars().count() > MAX_OPTION_CHARS) {
                errors.add(field("options"), format!("Each option needs 1 to {MAX_OPTION_CHARS} characters."));
            } else if options.iter().enumerate().any(|(j, o)| options[..j].contains(o)) {
                errors.add(field("options"), "Options must be unique.");
            }
        }
        if q.kind == QuestionType::Textarea && (q.rows() == 0 || q.rows() > 30 || q.cols() == 0 || q.cols() > 200) {
            errors.add(field("rows"), "A text area has 1 to 30 rows and 1 to 200 columns.");
        }
        if q.kind == QuestionType::Slider {
            let (min, max, step) = q.slider_bounds();
            if min < SLIDER_MIN || max > SLIDER_MAX || min >= max {
                errors.add(field("max"), MSG_SLIDER_BOUNDS);
            } else if step < 1 || (max - min) % step != 0 {
                errors.add(field("step"), MSG_SLIDER_STEP);
            }
            for (name, text) in [("min_label", &q.min_label), ("max_label", &q.max_label)] {
                if blank(text) {
                    errors.add(field(name), MSG_SLIDER_LABEL);
                } else if text.as_deref().is_some_and(|t| t.trim().chars().count() > MAX_SLIDER_LABEL_CHARS) {
                    errors.add(
                        field(name),
                        format!("Ensure this field has no more than {MAX_SLIDER_LABEL_CHARS} characters."),
                    );
                }
            }
        }
        if q.category.is_some() && !q.is_full_scale_slider() {
            errors.add(field("category"), MSG_SCORED_SLIDER);
        }
    }
}

fn is_blank_answer(answer: &Value) -> bool {
    match answer {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

/// A slider answer: a whole number (or a string of one) within the slider's range, on its steps.
fn slider_value(question: &FormQuestion, answer: &Value) -> Option<i64> {
    let value = match answer {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    }?;
    let (min, max, step) = question.slider_bounds();
    (value >= min && value <= max && (value - min) % step.max(1) == 0).then_some(value)
}

/// Checks the answers to a form (`{question id: answer}`) and returns them cleaned: text
/// trimmed, slider values as numbers, file answers as file ids (the caller checks that the
/// files exist and are images or PDFs). Answers to unknown questions are dropped; errors
/// are keyed `{prefix}{question id}`.
pub fn check_answers(
    questions: &[FormQuestion],
    answers: &Map<String, Value>,
    prefix: &str,
) -> Result<Map<String, Value>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut kept = Map::new();
    for q in questions {
        let field = format!("{prefix}{}", q.id);
        let answer = answers.get(&q.id).unwrap_or(&Value::Null);
        if is_blank_answer(answer) {
            if q.required {
                errors.add(field, MSG_ANSWER_REQUIRED);
            }
            continue;
        }
        match q.kind {
            QuestionType::Text | QuestionType::Textarea => match answer.as_str() {
                Some(text) if text.chars().count() <= MAX_ANSWER_CHARS => {
                    kept.insert(q.id.clone(), Value::String(text.trim().to_string()));
                }
                Some(_) => {
                    errors.add(field, format!("Ensure this field has no more than {MAX_ANSWER_CHARS} characters."))
                }
                None => errors.add(field, "Expected text."),
            },
            QuestionType::Radio | QuestionType::Selection => {
                let chosen: Vec<&str> = match answer {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(items) if q.kind == QuestionType::Selection => {
                        items.iter().map(|v| v.as_str().unwrap_or("\u{0}")).collect()
                    }
                    _ => Vec::new(),
                };
                if chosen.is_empty() || !chosen.iter().all(|c| q.options.iter().any(|o| o.trim() == c.trim())) {
                    errors.add(field, MSG_ANSWER_CHOICE);
                } else {
                    let mut unique: Vec<Value> = Vec::new();
                    for c in chosen {
                        let c = Value::String(c.trim().to_string());
                        if !unique.contains(&c) {
                            unique.push(c);
                        }
                    }
                    let value = if q.kind == QuestionType::Radio { unique.remove(0) } else { Value::Array(unique) };
                    kept.insert(q.id.clone(), value);
                }
            }
            QuestionType::Slider => match slider_value(q, answer) {
                Some(value) => {
                    kept.insert(q.id.clone(), Value::from(value));
                }
                None => {
                    let (min, max, _) = q.slider_bounds();
                    errors.add(field, format!("Choose a value from {min} to {max}."));
                }
            },
            QuestionType::File => match answer {
                Value::Number(n) if n.as_i64().is_some_and(|id| id > 0) => {
                    kept.insert(q.id.clone(), answer.clone());
                }
                Value::String(s) if s.trim().parse::<i64>().is_ok_and(|id| id > 0) => {
                    kept.insert(q.id.clone(), Value::from(s.trim().parse::<i64>().unwrap_or_default()));
                }
                _ => errors.add(field, MSG_FILE),
            },
        }
    }
    errors.into_result().map(|_| kept)
}

/// An answer as a report shows it: text as typed, choices joined with commas, a slider as
/// "7 of 10", a file as "File attached".
pub fn display_answer(question: &FormQuestion, answer: &Value) -> Option<String> {
    if is_blank_answer(answer) {
        return None;
    }
    Some(match (question.kind, answer) {
        (QuestionType::Slider, value) => {
            let (_, max, _) = question.slider_bounds();
            format!("{} of {max}", slider_value(question, value)?)
        }
        (QuestionType::File, _) => "File attached".to_string(),
        (_, Value::String(s)) => s.trim().to_string(),
        (_, Value::Array(items)) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
        (_, other) => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn question(value: Value) -> FormQuestion {
        serde_json::from_value(value).unwrap()
    }

    fn slider(id: &str) -> FormQuestion {
        question(json!({"id": id, "label": "How sure?", "type": "slider", "min_label": "Not", "max_label": "Very"}))
    }

    fn errors_of(questions: &[FormQuestion]) -> FieldErrors {
        let mut errors = FieldErrors::new();
        check_questions(questions, "questions.", &mut errors);
        errors
    }

    #[test]
    fn unknown_question_types_get_the_builders_message() {
        let err = serde_json::from_value::<FormQuestion>(json!({"id": "a", "label": "A", "type": "date"})).unwrap_err();
        assert!(err.to_string().contains(MSG_TYPE));
    }

    #[test]
    fn textarea_and_slider_defaults() {
        let area = question(json!({"id": "a", "label": "Tell us", "type": "textarea"}));
        assert_eq!((area.rows(), area.cols()), (3, 20));
        assert_eq!(slider("s").slider_bounds(), (0, 10, 1));
        assert!(slider("s").is_full_scale_slider());
    }

    #[test]
    fn slider_bounds_labels_and_steps_are_checked() {
        assert!(errors_of(&[slider("s")]).is_empty());
        let mut wide = slider("s");
        wide.max = Some(11);
        assert_eq!(errors_of(&[wide]).first("questions.0.max"), Some(MSG_SLIDER_BOUNDS));
        let mut below = slider("s");
        below.min = Some(-1);
        assert_eq!(errors_of(&[below]).first("questions.0.max"), Some(MSG_SLIDER_BOUNDS));
        let mut flat = slider("s");
        flat.min = Some(5);
        flat.max = Some(5);
        assert_eq!(errors_of(&[flat]).first("questions.0.max"), Some(MSG_SLIDER_BOUNDS));
        let mut uneven = slider("s");
        uneven.step = Some(3);
        assert_eq!(errors_of(&[uneven]).first("questions.0.step"), Some(MSG_SLIDER_STEP));
        let mut unlabelled = slider("s");
        unlabelled.max_label = Some("  ".into());
        assert_eq!(errors_of(&[unlabelled]).first("questions.0.max_label"), Some(MSG_SLIDER_LABEL));
    }

    #[test]
    fn only_full_scale_sliders_carry_a_category() {
        let mut scored = slider("s");
        scored.category = Some(Category::AwarenessCuriosity);
        assert!(errors_of(&[scored.clone()]).is_empty());
        scored.max = Some(5);
        assert_eq!(errors_of(&[scored]).first("questions.0.category"), Some(MSG_SCORED_SLIDER));
        let text = question(json!({"id": "t", "label": "T", "type": "text", "category": "concern_level"}));
        assert_eq!(errors_of(&[text]).first("questions.0.category"), Some(MSG_SCORED_SLIDER));
    }

    #[test]
    fn labels_options_and_ids() {
        let questions = vec![
            question(json!({"id": "a", "label": " ", "type": "text"})),
            question(json!({"id": "a", "label": "Pick", "type": "radio", "options": []})),
            question(json!({"id": "c", "label": "Pick", "type": "selection", "options": ["x", "x"]})),
        ];
        let errors = errors_of(&questions);
        assert_eq!(errors.first("questions.0.label"), Some(MSG_LABEL));
        assert_eq!(errors.first("questions.1.id"), Some("Question ids must be unique within a step."));
        assert_eq!(errors.first("questions.1.options"), Some(MSG_OPTIONS));
        assert_eq!(errors.first("questions.2.options"), Some("Options must be unique."));
    }

    #[test]
    fn answers_are_checked_and_cleaned() {
        let questions = vec![
            question(json!({"id": "name", "label": "Role", "type": "text", "required": true})),
            question(json!({"id": "way", "label": "Way", "type": "radio", "options": ["People", "Data"]})),
            question(json!({"id": "areas", "label": "Areas", "type": "selection", "options": ["A", "B"]})),
            slider("sure"),
            question(json!({"id": "cv", "label": "CV", "type": "file"})),
        ];
        let answers = json!({"name": "  Analyst ", "way": "Data", "areas": ["B", "A", "B"], "sure": "7", "cv": 12,
                             "other": "dropped"});
        let kept = check_answers(&questions, answers.as_object().unwrap(), "answers.").unwrap();
        assert_eq!(
            Value::Object(kept),
            json!({"name": "Analyst", "way": "Data", "areas": ["B", "A"], "sure": 7, "cv": 12})
        );

        let bad = json!({"name": "", "way": "Things", "areas": ["C"], "sure": 11, "cv": "x"});
        let errors = check_answers(&questions, bad.as_object().unwrap(), "answers.").unwrap_err();
        assert_eq!(errors.first("answers.name"), Some(MSG_ANSWER_REQUIRED));
        assert_eq!(errors.first("answers.way"), Some(MSG_ANSWER_CHOICE));
        assert_eq!(errors.first("answers.areas"), Some(MSG_ANSWER_CHOICE));
        assert_eq!(errors.first("answers.sure"), Some("Choose a value from 0 to 10."));
        assert_eq!(errors.first("answers.cv"), Some(MSG_FILE));
        let fraction = json!({"name": "x", "sure": 6.5});
        assert!(check_answers(&questions, fraction.as_object().unwrap(), "").is_err());
    }

    #[test]
    fn answers_as_a_report_shows_them() {
        assert_eq!(display_answer(&slider("s"), &json!(7)).as_deref(), Some("7 of 10"));
        let areas = question(json!({"id": "areas", "label": "Areas", "type": "selection", "options": ["A", "B"]}));
        assert_eq!(display_answer(&areas, &json!(["A", "B"])).as_deref(), Some("A, B"));
        assert_eq!(display_answer(&areas, &json!([])), None);
    }
}
