//! General feedback and the contact form (spec 002 §2 "Feedback page", §3 "General
//! feedback: title and content", §5 "Feedback: both title and description required", §8
//! "Feedback"; spec 000 §7 `POST /contact-starleaders/`, the pending page's contact form):
//! what a member may send to the site's administrators, checked before anything is stored.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::{sent::Sent, FieldErrors};

/// A feedback's title and a contact message's subject.
pub const MAX_TITLE_CHARS: usize = 200;
/// A feedback's description and a contact message's text.
pub const MAX_TEXT_CHARS: usize = 5000;

/// The spec's message when either feedback field is blank (spec 002 §5).
pub const MSG_BOTH_REQUIRED: &str = "Please fill up both title and description";
pub const MSG_REQUIRED: &str = "This field is required.";
pub use crate::sent::MSG_NOT_TEXT;
/// The answer of a stored feedback (spec 002 §8).
pub const MSG_THANKS: &str = "Thank you for your feedback.";
/// The answer of a stored contact message.
pub const MSG_CONTACT_SENT: &str = "Your message has been sent to the administrators.";

// A feedback as sent (`POST /feedback/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FeedbackInput {
    /// Required; at most 200 characters.
    #[serde(default)]
    #[schema(value_type = String)]
    pub title: Sent<String>,
    /// The description: required; at most 5000 characters (`description` is accepted too).
    #[serde(default)]
    #[schema(value_type = String)]
    pub content: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub description: Sent<String>,
}

// A contact message as sent (`POST /contact-starleaders/`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ContactInput {
    /// Required; at most 200 characters.
    #[serde(default)]
    #[schema(value_type = String)]
    pub subject: Sent<String>,
    /// Required; at most 5000 characters.
    #[serde(default)]
    #[schema(value_type = String)]
    pub message: Sent<String>,
}

/// A checked feedback: `title` and `content` (the page's description).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    pub title: String,
    pub content: String,
}

/// A checked contact message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    pub subject: String,
    pub message: String,
}

/// Checks a feedback `{title, content}` (`description` is read when `content` is absent;
/// its mistakes are answered on `content`).
pub fn parse_feedback(input: &FeedbackInput) -> Result<Feedback, FieldErrors> {
    let mut errors = FieldErrors::new();
    let title = input.title.required_plain_text(&mut errors, "title", MSG_BOTH_REQUIRED, MAX_TITLE_CHARS);
    let sent =
        if input.content.is_absent() && !input.description.is_absent() { &input.description } else { &input.content };
    let content = sent.required_plain_text(&mut errors, "content", MSG_BOTH_REQUIRED, MAX_TEXT_CHARS);
    errors.into_result()?;
    Ok(Feedback { title, content })
}

/// Checks a contact message `{subject, message}`.
pub fn parse_contact(input: &ContactInput) -> Result<ContactMessage, FieldErrors> {
    let mut errors = FieldErrors::new();
    let subject = input.subject.required_plain_text(&mut errors, "subject", MSG_REQUIRED, MAX_TITLE_CHARS);
    let message = input.message.required_plain_text(&mut errors, "message", MSG_REQUIRED, MAX_TEXT_CHARS);
    errors.into_result()?;
    Ok(ContactMessage { subject, message })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::sent::body;

    fn feedback(sent: serde_json::Value) -> Result<Feedback, FieldErrors> {
        parse_feedback(&body(sent))
    }

    fn contact(sent: serde_json::Value) -> Result<ContactMessage, FieldErrors> {
        parse_contact(&body(sent))
    }

    #[test]
    fn feedback_needs_both_fields_within_their_limits() {
        let ok = feedback(json!({"title": "  Great site ", "content": "Line one\r\nLine two\u{0}"})).unwrap();
        assert_eq!(ok, Feedback { title: "Great site".into(), content: "Line one\nLine two".into() });
        let ok = feedback(json!({"title": "T", "description": "D"})).unwrap();
        assert_eq!(ok.content, "D");

        let errors = feedback(json!({"title": " ", "content": null})).unwrap_err();
        assert_eq!(errors.first("title"), Some(MSG_BOTH_REQUIRED));
        assert_eq!(errors.first("content"), Some(MSG_BOTH_REQUIRED));
        let errors = feedback(json!({"title": "T"})).unwrap_err();
        assert_eq!(errors.first("content"), Some(MSG_BOTH_REQUIRED));
        assert_eq!(errors.first("title"), None);
        let errors = feedback(json!({"title": "T", "description": ""})).unwrap_err();
        assert_eq!(errors.first("content"), Some(MSG_BOTH_REQUIRED));

        let errors = feedback(json!({"title": "x".repeat(MAX_TITLE_CHARS + 1), "content": "é".repeat(MAX_TEXT_CHARS)}))
            .unwrap_err();
        assert_eq!(errors.first("title"), Some("Ensure this field has no more than 200 characters."));
        assert_eq!(errors.first("content"), None, "the limit counts characters, not bytes");

        let errors = feedback(json!({"title": 3, "content": ["x"]})).unwrap_err();
        assert_eq!(errors.first("title"), Some(MSG_NOT_TEXT));
        assert_eq!(errors.first("content"), Some(MSG_NOT_TEXT));
    }

    #[test]
    fn a_contact_message_needs_a_subject_and_a_message() {
        let ok = contact(json!({"subject": "My membership", "message": "Please look again"})).unwrap();
        assert_eq!(ok, ContactMessage { subject: "My membership".into(), message: "Please look again".into() });
        let errors = contact(json!({})).unwrap_err();
        assert_eq!(errors.first("subject"), Some(MSG_REQUIRED));
        assert_eq!(errors.first("message"), Some(MSG_REQUIRED));
        let errors = contact(json!({"subject": "s", "message": "m".repeat(MAX_TEXT_CHARS + 1)})).unwrap_err();
        assert_eq!(errors.first("message"), Some("Ensure this field has no more than 5000 characters."));
    }
}
