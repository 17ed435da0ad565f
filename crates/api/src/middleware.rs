//! Cross-cutting request handling: trailing slashes, JSON error bodies for everything
//! under /api, cache headers for the web app, and forgetting the kept write generations
//! after a request that may have written.

use axum::{
    body::Body,
    extract::Request,
    http::{header, HeaderValue, Method, StatusCode, Uri},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{
    error::{ApiError, MSG_NOT_FOUND},
    extract::MSG_NUL,
};

/// API paths are spelled with a trailing slash; accept them without one too.
pub fn add_trailing_slash(mut req: Request) -> Request {
    let uri = req.uri();
    let path = uri.path();
    if path.starts_with("/api/v1/") && !path.ends_with('/') {
        let rebuilt = match uri.query() {
            Some(q) => format!("{path}/?{q}"),
            None => format!("{path}/"),
        };
        if let Ok(new_uri) = rebuilt.parse::<Uri>() {
            *req.uri_mut() = new_uri;
        }
    }
    req
}

/// Any error answer under /api that is not already JSON (unknown route, wrong method,
/// time-out, body limit) is given the API's error body.
pub async fn json_errors(req: Request, next: Next) -> Response {
    if let Some(error) = nul_in_uri(req.uri()) {
        return error.into_response();
    }
    let method = req.method().clone();
    let response = next.run(req).await;
    let status = response.status();
    if status.as_u16() < 400 {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    let error = match status {
        StatusCode::NOT_FOUND => ApiError::NotFound(MSG_NOT_FOUND.into()),
        StatusCode::METHOD_NOT_ALLOWED => {
            coded(status, format!("Method \"{method}\" not allowed."), "METHOD_NOT_ALLOWED")
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge("Request body is too large.".into()),
        StatusCode::REQUEST_TIMEOUT => coded(status, "The request took too long. Please try again.".into(), "TIMEOUT"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            ApiError::UnsupportedMediaType("Unsupported media type in request.".into())
        }
        s if s.is_client_error() => coded(status, "The request could not be processed.".into(), "BAD_REQUEST"),
        _ => ApiError::Internal(anyhow::anyhow!("non-JSON {status} answer")),
    };
    let mut json = error.into_response();
    *json.status_mut() = status;
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            json.headers_mut().insert(name, value.clone());
        }
    }
    if method == Method::HEAD {
        *json.body_mut() = Body::empty();
    }
    json
}

/// A NUL character (`%00`) in the path or a query value is refused before routing:
/// PostgreSQL cannot compare or store one in text. Query values name their parameter.
fn nul_in_uri(uri: &Uri) -> Option<ApiError> {
    if uri.path().to_ascii_lowercase().contains("%00") {
        return Some(ApiError::BadRequest(MSG_NUL.into()));
    }
    let query = uri.query().filter(|q| q.contains("%00"))?;
    let mut errors = domain::FieldErrors::new();
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        if key.contains('\0') || value.contains('\0') {
            errors.add(key.replace('\0', ""), MSG_NUL);
        }
    }
    (!errors.is_empty()).then_some(ApiError::Validation(errors))
}

fn coded(status: StatusCode, message: String, code: &'static str) -> ApiError {
    ApiError::Coded { status, message, code }
}

/// Built assets carry content hashes in their names and never change; everything else
/// (index.html, favicon) must be revalidated so a new release shows up at once.
pub async fn web_cache_headers(req: Request, next: Next) -> Response {
    let immutable = req.uri().path().starts_with("/assets/");
    let mut response = next.run(req).await;
    // index.html sets its own (`private, no-cache`: it carries the tenant's configuration).
    if !immutable && response.headers().contains_key(header::CACHE_CONTROL) {
        return response;
    }
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// After a request that may have written (any method but GET, HEAD and OPTIONS), this
/// instance forgets the write generations it keeps in memory (`store::generations`, on
/// PostgreSQL): the notices of its own writes may not have arrived yet, and the member's next
/// request must see what they just did.
pub async fn forget_generations_after_writes(
    axum::extract::State(generations): axum::extract::State<store::generations::Generations>,
    req: Request,
    next: Next,
) -> Response {
    let may_write = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let response = next.run(req).await;
    if may_write {
        generations.forget();
    }
    response
}
