//! The one error type of the API and its JSON body.

use std::collections::BTreeMap;

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use domain::FieldErrors;
use serde::Serialize;
use utoipa::ToSchema;

/// Every error answer has this shape (spec 000 §8). `field_errors` holds the messages of
/// each invalid field, first message first; `code` is a stable machine-readable name.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub detail: Option<String>,
    pub message: Option<String>,
    pub field_errors: Option<BTreeMap<String, Vec<String>>>,
    pub non_field_errors: Option<Vec<String>>,
    pub code: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with messages per field; a `non_field_errors` key becomes the top-level list.
    #[error("validation failed")]
    Validation(FieldErrors),
    #[error("{0}")]
    BadRequest(String),
    #[error("authentication required")]
    Unauthorized(String),
    #[error("forbidden")]
    Forbidden(String),
    #[error("not found")]
    NotFound(String),
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("payload too large")]
    PayloadTooLarge(String),
    #[error("unsupported media type")]
    UnsupportedMediaType(String),
    #[error("rate limited")]
    RateLimited { message: String, retry_after_secs: u64 },
    /// An answer with a specific status, message and code (e.g. USAGE_LIMIT_REACHED).
    #[error("{message}")]
    Coded { status: StatusCode, message: String, code: &'static str },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

pub const MSG_FORBIDDEN: &str = "You do not have permission to perform this action.";
pub const MSG_NOT_FOUND: &str = "Not found.";
pub const MSG_UNAUTHENTICATED: &str = "Authentication credentials were not provided.";
pub const MSG_SERVER: &str = "A server error occurred. Please try again later.";

impl ApiError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        ApiError::Validation(errors)
    }

    pub fn forbidden() -> Self {
        ApiError::Forbidden(MSG_FORBIDDEN.into())
    }

    pub fn not_found() -> Self {
        ApiError::NotFound(MSG_NOT_FOUND.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Coded { status, .. } => *status,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ApiError::Validation(_) => "VALIDATION_ERROR",
            ApiError::BadRequest(_) => "BAD_REQUEST",
            ApiError::Unauthorized(_) => "NOT_AUTHENTICATED",
            ApiError::Forbidden(_) => "PERMISSION_DENIED",
            ApiError::NotFound(_) => "NOT_FOUND",
            ApiError::Conflict(_) => "CONFLICT",
            ApiError::PayloadTooLarge(_) => "PAYLOAD_TOO_LARGE",
            ApiError::UnsupportedMediaType(_) => "UNSUPPORTED_MEDIA_TYPE",
            ApiError::RateLimited { .. } => "RATE_LIMITED",
            ApiError::Coded { code, .. } => code,
            ApiError::Internal(_) => "SERVER_ERROR",
        }
    }

    pub fn body(&self) -> ErrorBody {
        let message = |text: &str| ErrorBody {
            detail: Some(text.to_string()),
            message: Some(text.to_string()),
            field_errors: None,
            non_field_errors: None,
            code: Some(self.code().to_string()),
        };
        match self {
            ApiError::Validation(errors) => {
                let mut fields = errors.0.clone();
                let non_field = fields.remove("non_field_errors");
                let first = non_field
                    .as_ref()
                    .and_then(|m| m.first().cloned())
                    .or_else(|| fields.values().next().and_then(|m| m.first().cloned()))
                    .unwrap_or_else(|| "Invalid input.".to_string());
                ErrorBody {
                    detail: Some(first.clone()),
                    message: Some(first),
                    field_errors: (!fields.is_empty()).then_some(fields),
                    non_field_errors: non_field,
                    code: Some(self.code().to_string()),
                }
            }
            ApiError::BadRequest(m)
            | ApiError::Unauthorized(m)
            | ApiError::Forbidden(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::PayloadTooLarge(m)
            | ApiError::UnsupportedMediaType(m) => message(m),
            ApiError::RateLimited { message: m, .. } => message(m),
            ApiError::Coded { message: m, .. } => message(m),
            ApiError::Internal(_) => message(MSG_SERVER),
        }
    }
}

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        ApiError::Validation(errors)
    }
}

impl From<store::StoreError> for ApiError {
    fn from(err: store::StoreError) -> Self {
        match err {
            store::StoreError::NotFound => ApiError::not_found(),
            store::StoreError::Conflict(_) => ApiError::Conflict("This item already exists.".into()),
            store::StoreError::Db(err) => ApiError::Internal(err.into()),
        }
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        store::StoreError::classify(err).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(err) = &self {
            // The cause goes to the log, never to the client.
            tracing::error!(error = %err, "request failed");
        }
        let status = self.status();
        let mut response = (status, Json(self.body())).into_response();
        if let ApiError::RateLimited { retry_after_secs, .. } = &self {
            if let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}
