use axum::{
    body::Bytes,
    extract::{FromRequest, Request},
    http::{header, StatusCode},
};
use domain::FieldErrors;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON body. Wrong content type → 415, unreadable JSON → 400, a body over the limit →
/// 413, and a field of the wrong shape → 400 with the message on that field.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let content_type =
            req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if essence != "application/json" && !essence.ends_with("+json") {
            let shown = if content_type.is_empty() { "none".to_string() } else { content_type };
            return Err(ApiError::UnsupportedMediaType(format!("Unsupported media type \"{shown}\" in request.")));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge("Request body is too large.".into())
            } else {
                ApiError::BadRequest("Could not read the request body.".into())
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Every request body of this API is a JSON object; anything else is refused before the
/// fields are read (serde would otherwise accept an array for a struct, by position).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|err| ApiError::BadRequest(format!("JSON parse error - {}", strip_position(&err.to_string()))))?;
    if !value.is_object() {
        return Err(ApiError::field("non_field_errors", "Expected a JSON object."));
    }
    let mut nul = FieldErrors::new();
    nul_strings(&value, "", &mut nul);
    if !nul.is_empty() {
        return Err(ApiError::Validation(nul));
    }
    match serde_path_to_error::deserialize(value) {
        Ok(value) => Ok(value),
        Err(err) => {
            let inner = err.inner();
            let message = strip_position(&inner.to_string());
            let path = err.path().to_string();
            let at_root = path == ".";
            let mut errors = FieldErrors::new();
            if let Some(missing) = message.strip_prefix("missing field `").and_then(|m| m.split('`').next()) {
                let field = if at_root { missing.to_string() } else { format!("{path}.{missing}") };
                errors.add(field, "This field is required.");
            } else if message.starts_with("unknown field") {
                errors.add(path, "Unknown field.");
            } else if at_root && message.starts_with("invalid type") {
                errors.add("non_field_errors", "Expected a JSON object.");
            } else {
                let field = if at_root { "non_field_errors".to_string() } else { path };
                errors.add(field, sentence(&message));
            }
            Err(ApiError::Validation(errors))
        }
    }
}

pub const MSG_NUL: &str = "Null characters are not allowed.";

/// Reports every string (or key) holding a NUL character, which PostgreSQL cannot store in
/// text, on its dotted path (`name`, `extra_info.answers.why`, `questions.0.label`).
/// serde_json's nesting limit bounds the recursion.
fn nul_strings(value: &serde_json::Value, at: &str, errors: &mut FieldErrors) {
    let join = |key: &str| if at.is_empty() { key.to_string() } else { format!("{at}.{key}") };
    match value {
        serde_json::Value::String(text) if text.contains('\0') => errors.add(at, MSG_NUL),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                nul_strings(item, &join(&i.to_string()), errors);
            }
        }
        serde_json::Value::Object(map) => {
            for (key, item) in map {
                if key.contains('\0') {
                    errors.add(join(&key.replace('\0', "")), MSG_NUL);
                } else {
                    nul_strings(item, &join(key), errors);
                }
            }
        }
        _ => {}
    }
}

/// "invalid type: string, expected a boolean" → "Invalid type: string, expected a boolean."
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str().trim_end_matches('.')),
        None => "Invalid value.".to_string(),
    }
}

fn strip_position(message: &str) -> String {
    message.split(" at line ").next().unwrap_or(message).to_string()
}
