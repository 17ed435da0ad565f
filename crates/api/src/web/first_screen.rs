//! The guest first screens prerendered at build time (issue 30; docs/decisions.md "First
//! screen in the HTML"). `web/scripts/prerender.mjs` renders each guest page with React in Node
//! during the web build, once for a phone and once for a desktop, into
//! `<web dir>/prerender/<page>.<viewport>.html`, and lists them in `prerender/manifest.json`:
//!
//! - `path` (the app route), `query` (whether a request with a query string may use it),
//!   `viewport` (`phone` or `desktop`), `file`;
//! - `requires`: configuration values the render read, by JSON pointer, with the value the
//!   template was rendered with (`equals`) or whether a text was there (`present`). A tenant
//!   whose configuration differs gets the client-rendered index.html instead, so the browser
//!   never hydrates a tree other than the one it renders;
//! - `texts`: the configuration texts (organization name, logo, landing texts) the template
//!   carries as markers (U+E000 pointer U+E001); they are filled in here, HTML-escaped;
//! - `data`: the API requests (path and query) the page makes first. They are answered here,
//!   through the API's own router as a guest of the same host, and the answers go into the page
//!   (`<script id="first-data">`), where the app takes them instead of asking again.
//!
//! No JavaScript runs in the binary: a template is text with markers.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, RwLock},
    time::SystemTime,
};

use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{header, HeaderMap, Request, StatusCode},
    Router,
};
use serde::Deserialize;
use serde_json::Value;
use tower::ServiceExt;

/// Where the prerendered pages are, under the web folder.
/// Where the web build writes the templates (`web.rs` routes `/prerender` to a 404).
pub(crate) const PRERENDER_DIR: &str = "prerender";

/// The largest API answer put into a page (a first page of a list is a few kB).
const MAX_DATA_BYTES: usize = 256 * 1024;

#[derive(Debug, Deserialize)]
struct Manifest {
    marker: Marker,
    pages: Vec<PageEntry>,
}

#[derive(Debug, Deserialize)]
struct Marker {
    open: char,
    close: char,
}

#[derive(Debug, Deserialize)]
struct PageEntry {
    path: String,
    query: bool,
    viewport: Viewport,
    file: String,
    requires: Vec<Requirement>,
    #[serde(default)]
    data: Vec<String>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Viewport {
    Phone,
    Desktop,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Requirement {
    Equals { pointer: String, equals: Value },
    Present { pointer: String, present: bool },
}

/// One prerendered page.
#[derive(Debug)]
pub(crate) struct Template {
    path: String,
    query: bool,
    viewport: Viewport,
    html: String,
    requires: Vec<Requirement>,
    data: Vec<String>,
}

/// Every prerendered page of the build, with the markers they use.
#[derive(Debug)]
pub(crate) struct Templates {
    open: char,
    close: char,
    pages: Vec<Template>,
}

impl Templates {
    /// Reads the build's templates; `None` when the build has none (or they are unreadable,
    /// which is logged): every page is then client-rendered, as before.
    fn load(dir: &Path) -> Option<Templates> {
        let manifest = std::fs::read_to_string(dir.join("manifest.json")).ok()?;
        let manifest: Manifest = match serde_json::from_str(&manifest) {
            Ok(manifest) => manifest,
            Err(err) => {
                tracing::error!(error = %err, "prerender/manifest.json unreadable; pages are client-rendered");
                return None;
            }
        };
        let mut pages = Vec::with_capacity(manifest.pages.len());
        for entry in manifest.pages {
            // A file name, never a path out of the folder.
            if entry.file.contains(['/', '\\']) || entry.file.starts_with('.') {
                tracing::error!(file = %entry.file, "prerender/manifest.json names a file outside its folder");
                return None;
            }
            let html = match std::fs::read_to_string(dir.join(&entry.file)) {
                Ok(html) => html,
                Err(err) => {
                    tracing::error!(error = %err, file = %entry.file, "a prerendered page is unreadable; pages are client-rendered");
                    return None;
                }
            };
            pages.push(Template {
                path: entry.path,
                query: entry.query,
                viewport: entry.viewport,
                html,
                requires: entry.requires,
                data: entry.data,
            });
        }
        Some(Templates { open: manifest.marker.open, close: manifest.marker.close, pages })
    }

    /// The template for a request's path, query and viewport, if the build has one.
    pub(crate) fn pick(&self, path: &str, has_query: bool, viewport: Viewport) -> Option<&Template> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        self.pages.iter().find(|page| page.path == path && page.viewport == viewport && (page.query || !has_query))
    }

    /// The template filled in with the tenant's texts, or `None` when the tenant's configuration
    /// differs from the one the template was rendered with (or a text would be unsafe as a link).
    pub(crate) fn fill(&self, template: &Template, config: &Value) -> Option<String> {
        if !template.fits(config) {
            return None;
        }
        let mut out = String::with_capacity(template.html.len() + 256);
        let mut rest = template.html.as_str();
        while let Some(start) = rest.find(self.open) {
            out.push_str(&rest[..start]);
            let after = &rest[start + self.open.len_utf8()..];
            let end = after.find(self.close)?;
            let pointer = &after[..end];
            let text = config.pointer(pointer).and_then(Value::as_str).unwrap_or("");
            // Texts may land in an href or a src: a script URL is never written into the page.
            if is_script_url(text) {
                return None;
            }
            escape_html_into(&mut out, text);
            rest = &after[end + self.close.len_utf8()..];
        }
        out.push_str(rest);
        Some(out)
    }
}

impl Template {
    fn fits(&self, config: &Value) -> bool {
        self.requires.iter().all(|requirement| match requirement {
            Requirement::Equals { pointer, equals } => config.pointer(pointer).unwrap_or(&Value::Null) == equals,
            Requirement::Present { pointer, present } => {
                let there = config.pointer(pointer).and_then(Value::as_str).is_some_and(|text| !text.is_empty());
                there == *present
            }
        })
    }

    /// The API requests whose answers go into the page.
    pub(crate) fn data(&self) -> &[String] {
        &self.data
    }
}

fn is_script_url(text: &str) -> bool {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .take(16)
        .collect::<String>()
        .to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:"].iter().any(|scheme| squeezed.starts_with(scheme))
}

/// Escapes text for HTML element content and double- or single-quoted attribute values.
pub(crate) fn escape_html_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            other => out.push(other),
        }
    }
}

/// JSON made safe inside a `<script>` element (as `config_for_page` does): `<`, `>`, `&` and
/// the two JavaScript line separators as `\u` escapes.
pub(crate) fn script_safe_json(value: &Value) -> String {
    let json = value.to_string();
    let mut safe = String::with_capacity(json.len() + 32);
    for c in json.chars() {
        match c {
            '<' => safe.push_str("\\u003c"),
            '>' => safe.push_str("\\u003e"),
            '&' => safe.push_str("\\u0026"),
            '\u{2028}' => safe.push_str("\\u2028"),
            '\u{2029}' => safe.push_str("\\u2029"),
            other => safe.push(other),
        }
    }
    safe
}

/// Phones get the phone template: a client hint that says so, or a user agent with "Mobi"
/// (what browsers on phones send; tablets get the desktop one).
pub(crate) fn viewport_of(headers: &HeaderMap) -> Viewport {
    if let Some(mobile) = headers.get("sec-ch-ua-mobile").and_then(|v| v.to_str().ok()) {
        return if mobile.trim() == "?1" { Viewport::Phone } else { Viewport::Desktop };
    }
    let agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("");
    if agent.contains("Mobi") {
        Viewport::Phone
    } else {
        Viewport::Desktop
    }
}

/// The templates last read, with the manifest's modification time then.
type Loaded = Option<(SystemTime, Arc<Templates>)>;

/// The build's templates, read again when the build writes a new manifest.
#[derive(Clone)]
pub(crate) struct TemplateCache {
    dir: Arc<PathBuf>,
    loaded: Arc<RwLock<Loaded>>,
}

impl TemplateCache {
    pub(crate) fn new(web_dir: &Path) -> Self {
        TemplateCache { dir: Arc::new(web_dir.join(PRERENDER_DIR)), loaded: Arc::new(RwLock::new(None)) }
    }

    pub(crate) fn current(&self) -> Option<Arc<Templates>> {
        let modified = std::fs::metadata(self.dir.join("manifest.json")).and_then(|meta| meta.modified()).ok()?;
        if let Some((at, templates)) = self.loaded.read().ok()?.as_ref() {
            if *at == modified {
                return Some(templates.clone());
            }
        }
        let templates = Arc::new(Templates::load(&self.dir)?);
        if let Ok(mut slot) = self.loaded.write() {
            *slot = Some((modified, templates.clone()));
        }
        Some(templates)
    }
}

/// The answers to the page's first requests, asked of the API as a guest of the same host, as
/// `{"<path?query>": <answer>}`; a request that does not answer 200 with JSON is left out (the
/// app then asks for it itself).
pub(crate) async fn first_data(
    api: &Router,
    requests: &[String],
    host: &str,
    peer: Option<ConnectInfo<std::net::SocketAddr>>,
) -> Value {
    let mut answers = serde_json::Map::new();
    for uri in requests {
        if !uri.starts_with("/api/") {
            continue;
        }
        let mut request = match Request::get(uri.as_str()).header(header::HOST, host).body(Body::empty()) {
            Ok(request) => request,
            Err(_) => continue,
        };
        if let Some(peer) = peer {
            request.extensions_mut().insert(peer);
        }
        let response = match api.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if response.status() != StatusCode::OK || !json {
            continue;
        }
        let Ok(bytes) = axum::body::to_bytes(response.into_body(), MAX_DATA_BYTES).await else { continue };
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            answers.insert(uri.clone(), value);
        }
    }
    Value::Object(answers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn templates(html: &str, requires: Vec<Requirement>) -> Templates {
        Templates {
            open: '\u{E000}',
            close: '\u{E001}',
            pages: vec![Template {
                path: "/login".into(),
                query: true,
                viewport: Viewport::Phone,
                html: html.into(),
                requires,
                data: vec![],
            }],
        }
    }

    #[test]
    fn texts_are_filled_in_escaped() {
        let t = templates(
            "<h1>\u{E000}/organization/name\u{E001}</h1><img src=\"\u{E000}/organization/logo\u{E001}\">",
            vec![],
        );
        let config = serde_json::json!({"organization": {"name": "<Ada & \"Co\">", "logo": "/media/l'o.png"}});
        let html = t.fill(&t.pages[0], &config).unwrap();
        assert_eq!(html, "<h1>&lt;Ada &amp; &quot;Co&quot;&gt;</h1><img src=\"/media/l&#x27;o.png\">");
    }

    #[test]
    fn a_different_configuration_gets_no_template() {
        let t = templates(
            "x",
            vec![
                Requirement::Equals { pointer: "/ui/show_job_menu".into(), equals: Value::Bool(true) },
                Requirement::Present { pointer: "/organization/logo".into(), present: false },
            ],
        );
        let fits = serde_json::json!({"ui": {"show_job_menu": true}, "organization": {"logo": null}});
        assert!(t.fill(&t.pages[0], &fits).is_some());
        let flag = serde_json::json!({"ui": {"show_job_menu": false}, "organization": {"logo": null}});
        assert!(t.fill(&t.pages[0], &flag).is_none());
        let logo = serde_json::json!({"ui": {"show_job_menu": true}, "organization": {"logo": "/l.png"}});
        assert!(t.fill(&t.pages[0], &logo).is_none());
    }

    #[test]
    fn script_urls_are_never_written() {
        let t = templates("<a href=\"\u{E000}/ui/landing_page_content/cta_url\u{E001}\">", vec![]);
        for url in ["javascript:alert(1)", " JaVa\tScript:alert(1)", "data:text/html,x"] {
            let config = serde_json::json!({"ui": {"landing_page_content": {"cta_url": url}}});
            assert!(t.fill(&t.pages[0], &config).is_none(), "{url}");
        }
    }

    #[test]
    fn pick_by_path_query_and_viewport() {
        let t = templates("x", vec![]);
        assert!(t.pick("/login", true, Viewport::Phone).is_some());
        assert!(t.pick("/login/", false, Viewport::Phone).is_some());
        assert!(t.pick("/login", false, Viewport::Desktop).is_none());
        assert!(t.pick("/signup", false, Viewport::Phone).is_none());
    }

    #[test]
    fn phones_are_told_by_client_hint_or_user_agent() {
        let mut headers = HeaderMap::new();
        assert_eq!(viewport_of(&headers), Viewport::Desktop);
        headers.insert(header::USER_AGENT, "Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36".parse().unwrap());
        assert_eq!(viewport_of(&headers), Viewport::Phone);
        headers.insert("sec-ch-ua-mobile", "?0".parse().unwrap());
        assert_eq!(viewport_of(&headers), Viewport::Desktop);
    }
}
