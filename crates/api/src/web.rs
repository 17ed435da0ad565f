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
//!
//! A guest page the build prerendered (`first_screen`) goes out as its template instead,
//! filled in with the tenant's texts and the answers to its first API requests, so a phone
//! paints the page before the app's JavaScript runs; the app then hydrates it.

mod first_screen;

use std::{net::SocketAddr, path::Path, sync::Arc};

use axum::{
    extract::{ConnectInfo, Request, State},
    http::{header, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
    routing::get,
    Router,
};
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

use crate::areas::{config::config_for_page, AppState};
use first_screen::{first_data, script_safe_json, viewport_of, TemplateCache};

/// Where index.html asks for the tenant's configuration.
const CONFIG_MARKER: &str = "<!--app-config-->";

#[derive(Clone)]
struct Page {
    state: AppState,
    index: Arc<Path>,
    templates: TemplateCache,
    /// The API's own routes, asked for a prerendered page's first data.
    api: Router,
}

/// The web app. `api` is the API's router (with its state), which answers the first requests
/// of a prerendered page in-process.
pub fn router(state: AppState, web_dir: &Path, api: Router) -> Router {
    let index = web_dir.join("index.html");
    if index.is_file() {
        let templates = TemplateCache::new(web_dir);
        let page = get(app_page).with_state(Page { state, index: index.into(), templates, api });
        let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
        let files = ServeDir::new(web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false)
            .fallback(page.clone());
        Router::new()
            .nest_service("/assets", assets)
            // The templates are the server's to fill in, not pages of their own.
            // The templates' folder (first_screen::PRERENDER_DIR) is never served as files.
            .route("/prerender", get(not_found))
            .route("/prerender/{*rest}", get(not_found))
            .route_service("/index.html", page)
            .fallback_service(files)
            // The same URL answers differently by Accept-Encoding; caches must keep both.
            .layer(SetResponseHeaderLayer::if_not_present(header::VARY, HeaderValue::from_static("accept-encoding")))
    } else {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built; serving a notice instead");
        Router::new().fallback(get(not_built))
    }
}

/// index.html with the request's tenant configuration in place of the marker, or the page's
/// prerendered template when the build has one for it and the tenant (see `first_screen`).
/// Without a readable configuration (database down) the page goes out without it, and the app
/// asks the API as before.
async fn app_page(State(page): State<Page>, request: Request) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("").to_owned();
    let config = match page.state.tenants.resolve(page.state.read_db(), &host).await {
        Ok(record) => config_for_page(&record, &host, &page.state.settings.vendor_hosts),
        Err(err) => {
            tracing::warn!(error = %err, "tenant unavailable; index.html goes out without its configuration");
            None
        }
    };
    let config_script =
        config.as_ref().map(|json| format!(r#"<script id="app-config" type="application/json">{json}</script>"#));

    // A prerendered guest page (not /index.html itself, which is the client-rendered shell).
    if let (Some(json), true) = (config.as_deref(), request.uri().path() != "/index.html") {
        if let (Some(templates), Ok(value)) =
            (page.templates.current(), serde_json::from_str::<serde_json::Value>(json))
        {
            let viewport = viewport_of(headers);
            if let Some(template) = templates.pick(request.uri().path(), request.uri().query().is_some(), viewport) {
                if let Some(html) = templates.fill(template, &value) {
                    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().copied();
                    let data = first_data(&page.api, template.data(), &host, peer).await;
                    let scripts = format!(
                        r#"{}<script id="first-data" type="application/json">{}</script>"#,
                        config_script.as_deref().unwrap_or(""),
                        script_safe_json(&data)
                    );
                    let body = html.replacen(CONFIG_MARKER, &scripts, 1);
                    return (
                        [
                            (header::CACHE_CONTROL, "private, no-cache"),
                            // The template depends on the device class.
                            (header::VARY, "accept-encoding, user-agent, sec-ch-ua-mobile"),
                        ],
                        Html(body),
                    )
                        .into_response();
                }
            }
        }
    }

    let html = match tokio::fs::read_to_string(&*page.index).await {
        Ok(html) => html,
        Err(err) => {
            tracing::error!(error = %err, path = %page.index.display(), "index.html unreadable");
            return not_built().await.into_response();
        }
    };
    let body = match config_script {
        Some(script) => html.replacen(CONFIG_MARKER, &script, 1),
        None => html,
    };
    ([(header::CACHE_CONTROL, "private, no-cache")], Html(body)).into_response()
}

async fn not_found() -> StatusCode {
    StatusCode::NOT_FOUND
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
