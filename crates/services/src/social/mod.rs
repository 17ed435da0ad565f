//! Social sign-in: Google, Facebook and LinkedIn behind one small trait. Each provider
//! checks a credential the browser obtained (an access token, a Google ID token, or a
//! LinkedIn authorization code) with the provider's own HTTP API and answers who it belongs
//! to. Every base URL is configurable, so tests point the providers at a local fake server.
//!
//! Tokens, codes and secrets are never logged: outbound errors are logged without their URL
//! (which may carry a token in its query string).

mod config;
mod facebook;
mod google;
mod linkedin;

use std::{sync::OnceLock, time::Duration};

use async_trait::async_trait;
use serde_json::Value;

pub use config::{FacebookConfig, GoogleConfig, LinkedInConfig, SocialConfig};
pub use facebook::FacebookProvider;
pub use google::GoogleProvider;
pub use linkedin::LinkedInProvider;

/// Time allowed for every call to a provider.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The fallback text when a provider's own message is not fit to show.
pub const MSG_SOMETHING_WRONG: &str = "Something went wrong";
/// Largest provider answer read (they are a few hundred bytes).
const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// What the browser sends after the provider's sign-in dialog.
#[derive(Clone, Default)]
pub struct SocialCredential {
    /// An OAuth access token; for Google one-tap, an ID token (a JWT).
    pub access_token: Option<String>,
    /// Google only: `access_token` is an ID token from the one-tap prompt.
    pub one_tap: bool,
    /// Facebook only: the user id the token was issued for.
    pub user_id: Option<String>,
    /// LinkedIn only: an authorization code to exchange, with the `redirect_uri` it was sent to.
    pub code: Option<String>,
    pub redirect_uri: Option<String>,
}

impl std::fmt::Debug for SocialCredential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SocialCredential")
            .field("access_token", &self.access_token.as_ref().map(|_| "<redacted>"))
            .field("one_tap", &self.one_tap)
            .field("user_id", &self.user_id)
            .field("code", &self.code.as_ref().map(|_| "<redacted>"))
            .field("redirect_uri", &self.redirect_uri)
            .finish()
    }
}

/// The person a credential belongs to, as the provider vouches for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SocialIdentity {
    /// The provider's stable id of the account (Google/LinkedIn `sub`, Facebook `id`).
    pub provider_uid: String,
    /// A verified email address, lower-cased.
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub picture: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SocialError {
    /// A required part of the credential is missing (the name of the request field).
    #[error("{0} is required")]
    Missing(&'static str),
    /// The provider refused the credential, or it does not belong to this site; the text is
    /// fit to show to the user.
    #[error("{0}")]
    Rejected(String),
    /// The provider could not be reached, timed out or failed on its side.
    #[error("the provider could not be reached")]
    Unavailable,
}

#[async_trait]
pub trait SocialProvider: Send + Sync {
    /// The key stored with linked accounts: "google", "facebook" or "linkedin".
    fn name(&self) -> &'static str;
    /// The provider's name for messages: "Google", "Facebook" or "LinkedIn".
    fn label(&self) -> &'static str;
    /// Checks the credential with the provider and answers whose it is.
    async fn verify(&self, credential: SocialCredential) -> Result<SocialIdentity, SocialError>;
}

/// One HTTP client for every provider call (connection reuse), with the timeout.
pub(crate) fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("Waypoint")
            .build()
            .unwrap_or_default()
    })
}

/// A provider's answer: its status and JSON body (`Null` when it was not JSON).
pub(crate) struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Sends a request (with the timeout) and reads its JSON answer. Failures to reach the
/// provider, and its own failures (5xx), are `Unavailable`.
pub(crate) async fn send(provider: &'static str, request: reqwest::RequestBuilder) -> Result<Answer, SocialError> {
    let mut response = request.timeout(TIMEOUT).send().await.map_err(|err| {
        // without_url: the query string may hold a token or the app secret.
        tracing::warn!(provider, error = %err.without_url(), "social sign-in provider unreachable");
        SocialError::Unavailable
    })?;
    let status = response.status().as_u16();
    let mut bytes = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if bytes.len() + chunk.len() > MAX_ANSWER_BYTES {
                    tracing::warn!(provider, "social sign-in provider answer too large");
                    return Err(SocialError::Unavailable);
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(None) => break,
            Err(err) => {
                tracing::warn!(provider, error = %err.without_url(), "social sign-in provider answer unreadable");
                return Err(SocialError::Unavailable);
            }
        }
    }
    if status >= 500 {
        tracing::warn!(provider, status, "social sign-in provider failed");
        return Err(SocialError::Unavailable);
    }
    Ok(Answer { status, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) })
}

/// The provider's own error text, if its answer has one in a known place.
pub(crate) fn provider_message(body: &Value) -> Option<&str> {
    [
        body.get("error_description"),
        body.pointer("/error/message"),
        body.pointer("/data/error/message"),
        body.get("message"),
        body.get("error"),
    ]
    .into_iter()
    .flatten()
    .find_map(Value::as_str)
}

/// The provider's text when it is fit to show (short, plain, and echoing none of the
/// credentials sent), otherwise "Something went wrong".
pub(crate) fn safe_message(message: Option<&str>, sent: &[&str]) -> String {
    match message.map(str::trim) {
        Some(text)
            if !text.is_empty()
                && text.chars().count() <= 200
                && !text.chars().any(char::is_control)
                && !text.contains("://")
                && sent.iter().filter(|s| s.len() >= 4).all(|s| !text.contains(*s)) =>
        {
            text.to_string()
        }
        _ => MSG_SOMETHING_WRONG.to_string(),
    }
}

/// A text field (providers send ids and numbers either as strings or as numbers).
pub(crate) fn text(body: &Value, key: &str) -> Option<String> {
    match body.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A flag sent as a boolean or as "true"/"false".
pub(crate) fn flag(body: &Value, key: &str) -> bool {
    match body.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// A whole number sent as a number or a numeric string.
pub(crate) fn number(body: &Value, key: &str) -> Option<i64> {
    match body.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A required, non-blank part of the credential.
pub(crate) fn required(value: Option<String>, field: &'static str) -> Result<String, SocialError> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).ok_or(SocialError::Missing(field))
}

/// A plausible email address, lower-cased.
pub(crate) fn email(body: &Value, key: &str) -> Option<String> {
    text(body, key).map(|e| e.to_lowercase()).filter(|e| {
        e.len() <= 254
            && !e.chars().any(char::is_whitespace)
            && e.split_once('@').is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.contains('@'))
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn provider_messages_are_shown_only_when_safe() {
        let body = json!({"error": {"message": "Invalid OAuth access token - Cannot parse access token"}});
        assert_eq!(
            safe_message(provider_message(&body), &["tok-123"]),
            "Invalid OAuth access token - Cannot parse access token"
        );
        assert_eq!(safe_message(Some("bad token tok-123"), &["tok-123"]), MSG_SOMETHING_WRONG);
        assert_eq!(safe_message(Some("see https://example.com/x"), &[]), MSG_SOMETHING_WRONG);
        assert_eq!(safe_message(Some(&"x".repeat(201)), &[]), MSG_SOMETHING_WRONG);
        assert_eq!(safe_message(None, &[]), MSG_SOMETHING_WRONG);
        assert_eq!(
            provider_message(&json!({"error": "invalid_token", "error_description": "Invalid Value"})),
            Some("Invalid Value")
        );
    }

    #[test]
    fn loose_fields() {
        let body = json!({"exp": "1700000000", "ok": "true", "no": false, "id": 42, "email": " A@B.co "});
        assert_eq!(number(&body, "exp"), Some(1_700_000_000));
        assert!(flag(&body, "ok"));
        assert!(!flag(&body, "no"));
        assert!(!flag(&body, "missing"));
        assert_eq!(text(&body, "id").as_deref(), Some("42"));
        assert_eq!(email(&body, "email").as_deref(), Some("a@b.co"));
        assert_eq!(email(&json!({"email": "nope"}), "email"), None);
    }

    #[test]
    fn credentials_do_not_show_their_secrets() {
        let credential = SocialCredential {
            access_token: Some("secret-token".into()),
            code: Some("c0de".into()),
            ..Default::default()
        };
        let shown = format!("{credential:?}");
        assert!(!shown.contains("secret-token") && !shown.contains("c0de"), "{shown}");
    }
}
