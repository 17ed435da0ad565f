//! Serving the built React app: files from the web folder, and index.html for every other
//! path so that client-side routes (and the client's own 404 page) work on reload.
//!
//! The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each file; they are
//! sent to clients that accept them, so nothing is compressed per request. A missing file
//! under `/assets/` is a 404 (an old page asking for a chunk that a new build replaced),
//! not index.html served as script. Cache headers are set by `middleware::web_cache_headers`.

use std::path::Path;

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{Html, IntoResponse},
    routing::get,
    Router,
};
use tower_http::{
    services::{ServeDir, ServeFile},
    set_header::SetResponseHeaderLayer,
};

pub fn router(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if index.is_file() {
        let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
        let files = ServeDir::new(web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false)
            .fallback(ServeFile::new(index).precompressed_br().precompressed_gzip());
        Router::new()
            .nest_service("/assets", assets)
            .fallback_service(files)
            // The same URL answers differently by Accept-Encoding; caches must keep both.
            .layer(SetResponseHeaderLayer::overriding(header::VARY, HeaderValue::from_static("accept-encoding")))
    } else {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built; serving a notice instead");
        Router::new().fallback(get(not_built))
    }
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
