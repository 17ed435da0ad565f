//! Report feedback (spec 002 §3 "Report feedback": response_id, feedback, rating; §4 "a
//! star rating opens a comment box; Submit sends"): a rating of 1 to 5 stars and an
//! optional comment.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    sent::{Sent, WholeNumber},
    FieldErrors,
};

pub const MAX_COMMENT_CHARS: usize = 2000;
pub const MSG_RATING: &str = "Choose a rating from 1 to 5 stars.";
pub const MSG_REPORT: &str = "This field is required.";

// A report's rating as sent (`POST agents/feedback/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReportFeedbackInput {
    /// The report's id.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub response_id: Sent<WholeNumber>,
    /// An optional comment (at most 2000 characters).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub feedback: Sent<String>,
    /// 1 to 5 stars.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub rating: Sent<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportFeedback {
    /// The report's id.
    pub response_id: i64,
    pub rating: i16,
    pub feedback: String,
}

/// Checks `{response_id, feedback, rating}`.
pub fn parse(input: &ReportFeedbackInput) -> Result<ReportFeedback, FieldErrors> {
    let mut errors = FieldErrors::new();
    let response_id = input.response_id.number().filter(|id| *id > 0);
    if response_id.is_none() {
        errors.add("response_id", MSG_REPORT);
    }
    let rating = input.rating.as_ref().value().copied().filter(|r| (1..=5).contains(r));
    if rating.is_none() {
        errors.add("rating", MSG_RATING);
    }
    let feedback = match &input.feedback {
        Sent::Absent | Sent::Null => String::new(),
        Sent::Value(s) => s.trim().to_string(),
        Sent::WrongType => {
            errors.add("feedback", "Expected text.");
            String::new()
        }
    };
    if feedback.chars().count() > MAX_COMMENT_CHARS {
        errors.add("feedback", format!("Ensure this field has no more than {MAX_COMMENT_CHARS} characters."));
    }
    errors.into_result()?;
    Ok(ReportFeedback {
        response_id: response_id.unwrap_or_default(),
        rating: rating.unwrap_or_default() as i16,
        feedback,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::sent::body;

    fn parse_sent(sent: Value) -> Result<ReportFeedback, FieldErrors> {
        parse(&body(sent))
    }

    #[test]
    fn ratings_from_one_to_five_and_an_optional_comment() {
        let ok = parse_sent(json!({"response_id": "12", "rating": 5, "feedback": " Great "})).unwrap();
        assert_eq!(ok, ReportFeedback { response_id: 12, rating: 5, feedback: "Great".into() });
        assert_eq!(parse_sent(json!({"response_id": 1, "rating": 1})).unwrap().feedback, "");
        for rating in [json!(0), json!(6), json!(4.5), json!("3"), Value::Null] {
            let errors = parse_sent(json!({"response_id": 1, "rating": rating})).unwrap_err();
            assert_eq!(errors.first("rating"), Some(MSG_RATING), "{rating}");
        }
        let errors = parse_sent(json!({"rating": 3, "feedback": "x".repeat(2001)})).unwrap_err();
        assert_eq!(errors.first("response_id"), Some(MSG_REPORT));
        assert!(errors.first("feedback").is_some());
    }
}
