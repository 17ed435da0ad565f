//! The HTTP API: axum routers per area, extractors, the error shape and the OpenAPI
//! document; plus serving the built web app.

pub mod areas;
pub mod envelope;
pub mod error;
pub mod extract;
mod mailer;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod page_cache;
pub mod passwords;
pub mod person_cache;
pub mod rate_limit;
pub mod secrets;
mod serde_util;
pub mod settings;
pub mod state;
pub mod tokens;
pub mod web;

use std::sync::Arc;

use axum::{
    extract::{DefaultBodyLimit, Request},
    http::{header, StatusCode},
    response::IntoResponse,
    routing::{any, get},
    Router,
};
use tower::{Layer, ServiceBuilder};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

pub use areas::AppState;
pub use settings::Settings;

use crate::error::ApiError;

/// The API routes of every area, with their OpenAPI description.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(areas::health::routes())
        .merge(areas::config::routes())
        .merge(areas::topics::routes())
        .merge(areas::auth::routes())
        .merge(areas::identity::routes())
        .merge(areas::profiles::routes())
        .merge(areas::uploads::routes())
        .merge(areas::imports::routes())
        .merge(areas::follows::routes())
        .merge(areas::assistant::routes())
        .merge(areas::agents::routes())
        .merge(areas::recommendations::routes())
        .merge(areas::recommendation_package::routes())
        .merge(areas::groups::routes())
        .merge(areas::search::routes())
        .merge(areas::invitations::routes())
        .merge(areas::programme::routes())
        .merge(areas::connections::routes())
        .merge(areas::use_cases::routes())
        .merge(areas::audit_log::routes())
        .merge(areas::analytics::routes())
        .merge(areas::jobs::routes())
        .merge(areas::bookmarks::routes())
        .merge(areas::influencers::routes())
        .merge(areas::my_area::routes())
        .merge(areas::catalogue::routes())
        .merge(areas::votes::routes())
        .merge(areas::content::routes())
        .merge(areas::payments::routes())
        .merge(areas::notifications::routes())
        .merge(areas::chat::routes())
        .merge(areas::classroom::routes())
        .merge(areas::feedback::routes())
}

/// The OpenAPI document as pretty JSON (what `waypoint openapi` prints and CI compares).
pub fn openapi_json() -> String {
    let (_, mut doc) = api_routes().split_for_parts();
    utoipa::Modify::modify(&openapi::StandardResponses, &mut doc);
    utoipa::Modify::modify(&openapi::FreeFormObjects, &mut doc);
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    let mut text = doc.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}

async fn api_not_found() -> ApiError {
    ApiError::not_found()
}

/// The application: API, OpenAPI document and web app, with logging, request ids,
/// compression, time-outs and body limits. Trailing-slash handling happens before
/// routing, so the result is a service rather than a plain router.
pub fn app(state: AppState) -> App {
    let (routes, _) = api_routes().split_for_parts();
    // The web app asks the API in-process for a prerendered page's first data (web.rs).
    let api_for_pages = routes.clone().with_state(state.clone());
    let document: Arc<str> = openapi_json().into();
    let settings = state.settings.clone();
    let state_generations = state.generations.clone();
    let http_metrics = settings.http_metrics.then(|| metrics::HttpMetricsLayer::new(&state.metrics));
    let dev_mailbox = areas::dev_mailbox::routes(&state);
    let router = Router::new()
        .merge(routes)
        .route(
            "/api/openapi.json",
            get(move || {
                let document = document.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], document.to_string()).into_response() }
            }),
        )
        .merge(dev_mailbox)
        .merge(areas::uploads::media_routes())
        .merge(areas::chat::socket::routes())
        .route("/dev/{*rest}", any(api_not_found))
        .route("/api", any(api_not_found))
        .route("/api/", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .with_state(state.clone())
        .merge(
            web::router(state, &settings.web_dir, api_for_pages)
                .layer(axum::middleware::from_fn(middleware::web_cache_headers)),
        )
        .layer(
            ServiceBuilder::new()
                .option_layer(http_metrics)
                .layer(axum::middleware::from_fn_with_state(
                    state_generations,
                    middleware::forget_generations_after_writes,
                ))
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(|req: &Request| {
                            let request_id =
                                req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
                            // The path only: query strings may carry tokens, and so does the
                            // socket's path (redacted).
                            let path = areas::chat::socket::loggable_path(req.uri().path());
                            tracing::info_span!("http", method = %req.method(), path = %path, request_id)
                        })
                        .on_response(DefaultOnResponse::new().level(Level::INFO)),
                )
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(CompressionLayer::new())
                .layer(axum::middleware::from_fn(api_errors_as_json))
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, settings.request_timeout))
                .layer(DefaultBodyLimit::max(settings.json_body_limit))
                .layer(catch_panics()),
        );
    tower::util::MapRequestLayer::new(middleware::add_trailing_slash as fn(Request) -> Request).layer(router)
}

/// The answer to a request whose handler panicked: the API's JSON 500, with the cause in
/// the log only (a panic message may carry anything), instead of a dropped connection.
fn panic_response(cause: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    let text = cause
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| cause.downcast_ref::<&str>().copied())
        .unwrap_or("a non-text panic");
    ApiError::Internal(anyhow::anyhow!("a request handler panicked: {text}")).into_response()
}

/// Turns a panic anywhere below it into [`panic_response`]. Public so that tests can wrap
/// a router of their own in it.
pub fn catch_panics() -> CatchPanicLayer<fn(Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response> {
    CatchPanicLayer::custom(panic_response as fn(Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response)
}

/// The application service returned by [`app`].
pub type App = tower::util::MapRequest<Router, fn(Request) -> Request>;

async fn api_errors_as_json(req: Request, next: axum::middleware::Next) -> axum::response::Response {
    let path = req.uri().path();
    if path.starts_with("/api") || path.starts_with("/dev/") || path == "/healthz" || path == "/readyz" {
        middleware::json_errors(req, next).await
    } else {
        next.run(req).await
    }
}
