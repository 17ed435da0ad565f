//! Serving the built React app: files from the web folder, and index.html for every other
//! path so that client-side routes (and the client's own 404 page) work on reload.
//!
//! The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each file; they are
//! sent to clients that accept them, so nothing is compressed per request. A missing file
//! under `/assets/` is a 404 (an old page asking for a chunk that a new build replaced),
//! not index.html served as script. Cache headers are set by `middleware::web_cache_headers`.
//!
//! index.html itself is written per request: the tenant's configuration (what
//! `GET /api/v1/app-config-group/` answers for this host) replaces the `<!--app-config-->`
//! marker as a JSON `<script>`, so the app renders without waiting for that call. The page
//! differs by host, so it is `private, no-cache` without validators: no shared cache keeps
//! it, and no browser reuses one tenant's copy for another or an outdated configuration.

use std::{path::Path, sync::Arc};

use axum::{
    extract::State,
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
    routing::get,
    Router,
};
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

use crate::{areas::config::config_for_page, state::AppState};

/// Where index.html asks for the tenant's configuration.
const CONFIG_MARKER: &str = "<!--app-config-->";

#[derive(Clone)]
struct Page {
    state: AppState,
    index: Arc<Path>,
}

pub fn router(state: AppState, web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if index.is_file() {
        let page = get(app_page).with_state(Page { state, index: index.into() });
        let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
        let files = ServeDir::new(web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false)
            .fallback(page.clone());
        Router::new()
            .nest_service("/assets", assets)
            .route_service("/index.html", page)
            .fallback_service(files)
            // The same URL answers differently by Accept-Encoding; caches must keep both.
            .layer(SetResponseHeaderLayer::overriding(header::VARY, HeaderValue::from_static("accept-encoding")))
    } else {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built; serving a notice instead");
        Router::new().fallback(get(not_built))
    }
}

/// index.html with the request's tenant configuration in place of the marker. Without a
/// readable configuration (database down) the page goes out without it, and the app asks
/// the API as before.
async fn app_page(State(page): State<Page>, headers: HeaderMap) -> Response {
    let html = match tokio::fs::read_to_string(&*page.index).await {
        Ok(html) => html,
        Err(err) => {
            tracing::error!(error = %err, path = %page.index.display(), "index.html unreadable");
            return not_built().await.into_response();
        }
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let config = match page.state.tenants.resolve(page.state.read_db(), host).await {
        Ok(record) => config_for_page(&record, host, &page.state.settings.vendor_hosts),
        Err(err) => {
            tracing::warn!(error = %err, "tenant unavailable; index.html goes out without its configuration");
            None
        }
    };
    let body = match config {
        Some(json) => html.replacen(
            CONFIG_MARKER,
            &format!(r#"<script id="app-config" type="application/json">{json}</script>"#),
            1,
        ),
        None => html,
    };
    ([(header::CACHE_CONTROL, "private, no-cache")], Html(body)).into_response()
}

async fn not_built() -> impl IntoResponse {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, "no-cache")],
        Html(
            "<!doctype html><title>Waypoint</title><h1>The web app is not built</h1>\
             <p>Build it with <code>make run</code> (or <code>npm --prefix web run build</code>) \
             and reload this page. The API is available under <code>/api/v1/</code>.</p>",
        ),
    )
}
