//! Serving the built React app: files from the web folder, and index.html for every other
//! path so that client-side routes (and the client's own 404 page) work on reload.

use std::path::Path;

use axum::{
    http::{header, StatusCode},
    response::{Html, IntoResponse},
    routing::get,
    Router,
};
use tower_http::services::{ServeDir, ServeFile};

pub fn router(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if index.is_file() {
        let files = ServeDir::new(web_dir).append_index_html_on_directories(false).fallback(ServeFile::new(index));
        Router::new().fallback_service(files)
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
