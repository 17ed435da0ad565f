//! The assistant's suggested questions (spec 002 §3 "Chat message"; §4 "Assistant chat"):
//! what follows an answer. Reading the question and ranking what answers it is the matching
//! engine's (`crate::matching`).

use serde::Deserialize;
use utoipa::ToSchema;

use crate::config::AmaPrompts;
pub use crate::matching::ItemKind;
use crate::{
    sent::{NumberOrText, Sent},
    FieldErrors,
};

/// At most this many suggested questions follow an answer (spec 002 §8: 4).
pub const MAX_RELEVANT_QUESTIONS: usize = 4;

/// The suggested questions after an answer: first about the topics found, then the tenant's
/// prompts for the asker's career stage, then those for their location (their country, or
/// the `default` set), without repeats.
pub fn relevant_questions(
    prompts: &AmaPrompts,
    country: Option<&str>,
    career_stage: Option<i64>,
    topics: &[String],
    asked: &str,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |q: String, out: &mut Vec<String>| {
        if out.len() < MAX_RELEVANT_QUESTIONS
            && !q.trim().eq_ignore_ascii_case(asked.trim())
            && !out.iter().any(|o| o.eq_ignore_ascii_case(&q))
        {
            out.push(q);
        }
    };
    for topic in topics.iter().take(2) {
        push(format!("Which circles and resources can help me learn {topic}?"), &mut out);
    }
    if let Some(stage) = career_stage {
        if let Some(set) = prompts.by_career_stage.iter().find(|s| s.id == stage.to_string()) {
            for p in &set.prompts {
                push(p.clone(), &mut out);
            }
        }
    }
    let location = country
        .and_then(|c| prompts.by_location.iter().find(|s| s.id.eq_ignore_ascii_case(c.trim())))
        .or_else(|| prompts.by_location.iter().find(|s| s.id == "default"));
    if let Some(set) = location {
        for p in &set.prompts {
            push(p.clone(), &mut out);
        }
    }
    out
}

/// The longest question accepted (what the engine reads of it).
pub use crate::matching::intent::MAX_QUESTION_CHARS;
/// The longest rating reason accepted.
pub const MAX_FEEDBACK_CHARS: usize = 2000;
const MSG_REQUIRED: &str = "This field is required.";

// A question as sent (`POST /ask-me-anything/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AskInput {
    /// The question (1 to 2000 characters).
    #[serde(default)]
    #[schema(value_type = String)]
    pub question: Sent<String>,
    /// The thread to continue: any chat of it (the caller's own); null starts a thread.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub parent_chat: Sent<NumberOrText>,
}

/// A question, checked: its trimmed text and the thread it continues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub text: String,
    pub parent_chat: Option<i64>,
}

// A rating of an answer as sent (`POST /ama-feedback/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AmaFeedbackInput {
    /// The answer (chat id) rated.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub chat: Sent<NumberOrText>,
    /// Why (required).
    #[serde(default)]
    #[schema(value_type = String)]
    pub feedback: Sent<String>,
    /// 1 to 5 stars.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub rating: Sent<NumberOrText>,
}

/// A rating of an answer, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerRating {
    pub chat: i64,
    pub rating: i16,
    pub feedback: String,
}

/// An id sent as a number or its text; 'A valid integer is required.' on `field` for anything
/// but a positive whole number, absent, null or blank.
fn optional_id(sent: &Sent<NumberOrText>, field: &str, errors: &mut FieldErrors) -> Option<i64> {
    sent.optional_id().unwrap_or_else(|_| {
        errors.add(field, "A valid integer is required.");
        None
    })
}

/// Checks a question: required text of at most 2000 characters, and the thread's id.
pub fn check_question(input: &AskInput) -> Result<Question, FieldErrors> {
    let mut errors = FieldErrors::new();
    let text = input.question.required_plain_text(&mut errors, "question", MSG_REQUIRED, MAX_QUESTION_CHARS);
    let parent_chat = optional_id(&input.parent_chat, "parent_chat", &mut errors);
    errors.into_result()?;
    Ok(Question { text, parent_chat })
}

/// Checks a rating: the answer's id, 1 to 5 stars (a number or its text) and a reason.
pub fn check_feedback(input: &AmaFeedbackInput) -> Result<AnswerRating, FieldErrors> {
    let mut errors = FieldErrors::new();
    let chat = optional_id(&input.chat, "chat", &mut errors);
    if chat.is_none() && errors.first("chat").is_none() {
        errors.add("chat", MSG_REQUIRED);
    }
    let stars = match &input.rating {
        Sent::Absent | Sent::Null => {
            errors.add("rating", MSG_REQUIRED);
            None
        }
        Sent::Value(NumberOrText::Integer(n)) => Some(*n),
        Sent::Value(NumberOrText::Text(s)) => s.trim().parse::<i64>().ok(),
        Sent::Value(NumberOrText::Fraction(_)) | Sent::WrongType => None,
    };
    let rating = match stars {
        Some(n @ 1..=5) => n as i16,
        _ => {
            if errors.first("rating").is_none() {
                errors.add("rating", "Choose a rating from 1 to 5.");
            }
            0
        }
    };
    let feedback = input.feedback.required_plain_text(&mut errors, "feedback", MSG_REQUIRED, MAX_FEEDBACK_CHARS);
    errors.into_result()?;
    Ok(AnswerRating { chat: chat.unwrap_or_default(), rating, feedback })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sent::MSG_NOT_TEXT;

    #[test]
    fn suggested_questions_follow_topics_stage_then_location() {
        let prompts = AmaPrompts::default();
        let qs = relevant_questions(&prompts, Some("Kenya"), Some(3), &["Prompt Engineering".into()], "x");
        assert_eq!(qs.len(), MAX_RELEVANT_QUESTIONS);
        assert_eq!(qs[0], "Which circles and resources can help me learn Prompt Engineering?");
        assert_eq!(qs[1], "How do I grow faster in my first years at work?");
        let qs = relevant_questions(&prompts, None, None, &[], "x");
        assert_eq!(qs[0], "Which AI skills are employers in my country asking for?");
        let qs =
            relevant_questions(&prompts, None, None, &[], "Which AI skills are employers in my country asking for?");
        assert_eq!(qs[0], "What career events are coming up near me?");
    }

    #[test]
    fn a_question_is_required_text_within_its_limit_and_its_thread_an_id() {
        use crate::sent::body;
        use serde_json::json;
        let ask = |sent| check_question(&body(sent));
        assert_eq!(
            ask(json!({"question": "  How do I start? ", "parent_chat": "12"})).unwrap(),
            Question { text: "How do I start?".into(), parent_chat: Some(12) }
        );
        assert_eq!(ask(json!({"question": "Q", "parent_chat": ""})).unwrap().parent_chat, None);
        assert_eq!(ask(json!({"question": "Q", "parent_chat": null})).unwrap().parent_chat, None);
        let errors = ask(json!({"question": " ", "parent_chat": 1.5})).unwrap_err();
        assert_eq!(errors.first("question"), Some(MSG_REQUIRED));
        assert_eq!(errors.first("parent_chat"), Some("A valid integer is required."));
        let errors = ask(json!({"question": 3, "parent_chat": -2})).unwrap_err();
        assert_eq!(errors.first("question"), Some(MSG_NOT_TEXT));
        assert_eq!(errors.first("parent_chat"), Some("A valid integer is required."));
        let errors = ask(json!({"question": "é".repeat(MAX_QUESTION_CHARS + 1)})).unwrap_err();
        assert_eq!(errors.first("question"), Some("Ensure this field has no more than 2000 characters."));
        assert!(ask(json!({"question": "é".repeat(MAX_QUESTION_CHARS)})).is_ok(), "characters, not bytes");
    }

    #[test]
    fn a_rating_needs_the_answer_one_to_five_stars_and_a_reason() {
        use crate::sent::body;
        use serde_json::json;
        let rate = |sent| check_feedback(&body(sent));
        assert_eq!(
            rate(json!({"chat": 4, "rating": "5", "feedback": " Clear "})).unwrap(),
            AnswerRating { chat: 4, rating: 5, feedback: "Clear".into() }
        );
        let errors = rate(json!({})).unwrap_err();
        for field in ["chat", "rating", "feedback"] {
            assert_eq!(errors.first(field), Some(MSG_REQUIRED), "{field}");
        }
        for rating in [json!(0), json!(6), json!(4.0), json!("x"), json!([5])] {
            let errors = rate(json!({"chat": 1, "rating": rating, "feedback": "f"})).unwrap_err();
            assert_eq!(errors.first("rating"), Some("Choose a rating from 1 to 5."), "{rating}");
        }
        let errors = rate(json!({"chat": "x", "rating": 3, "feedback": {"a": 1}})).unwrap_err();
        assert_eq!(errors.first("chat"), Some("A valid integer is required."));
        assert_eq!(errors.first("feedback"), Some(MSG_NOT_TEXT));
    }
}
