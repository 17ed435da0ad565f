//! The development mailbox: every mail kept by the outbox transport, newest first, as a page
//! (`/dev/mailbox`) and as JSON (`/dev/mailbox.json`).
//!
//! The mails hold password-reset links and one-time codes of every tenant, so reading them is
//! reading everyone's keys. The routes exist only when no SMTP server is configured *and* the
//! dev mailbox is switched on (`WAYPOINT_DEV_MAILBOX=on`), and even then they answer only a
//! caller on this machine: the socket's peer is a loopback address and no proxy header says
//! the request came from somewhere else. Anyone else gets the same 404 as an unknown path.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, Request, State},
    http::HeaderMap,
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::Serialize;

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
};

const SHOWN: u64 = 200;

#[derive(Serialize)]
struct MailboxEntry {
    to: String,
    subject: String,
    text_body: String,
    created_at: String,
}

pub fn routes(state: &AppState) -> Router<AppState> {
    if state.mail.is_outbox() && state.settings.dev_mailbox {
        Router::new()
            .route("/dev/mailbox", get(page))
            .route("/dev/mailbox.json", get(json))
            .route_layer(middleware::from_fn(only_from_this_machine))
    } else {
        Router::new()
    }
}

/// Headers a proxy adds to say who the real client is. A request carrying one came through
/// a proxy, so a loopback peer says nothing about where it started.
const PROXY_HEADERS: [&str; 4] = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

async fn only_from_this_machine(request: Request, next: Next) -> Response {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
    if is_local_caller(peer, request.headers()) {
        next.run(request).await
    } else {
        ApiError::not_found().into_response()
    }
}

fn is_local_caller(peer: Option<IpAddr>, headers: &HeaderMap) -> bool {
    let loopback = peer.is_some_and(|ip| match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()),
    });
    loopback && PROXY_HEADERS.iter().all(|name| !headers.contains_key(*name))
}

async fn entries(state: &AppState) -> ApiResult<Vec<MailboxEntry>> {
    let mails = store::queries::mail::latest(&state.db, SHOWN).await?;
    Ok(mails
        .into_iter()
        .map(|m| MailboxEntry {
            to: m.to_address,
            subject: m.subject,
            text_body: m.text_body,
            created_at: m.created_at.to_rfc3339(),
        })
        .collect())
}

async fn json(State(state): State<AppState>) -> ApiResult<impl IntoResponse> {
    Ok(Json(entries(&state).await?))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

async fn page(State(state): State<AppState>) -> ApiResult<Html<String>> {
    let mut html = String::from(
        "<!doctype html><html lang=en><meta charset=utf-8><title>Dev mailbox</title>\
         <style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}\
         article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}\
         pre{white-space:pre-wrap;background:#f8fafc;padding:.75rem;border-radius:6px}</style>\
         <h1>Dev mailbox</h1><p>Mail kept by the outbox transport, newest first.</p>",
    );
    let mails = entries(&state).await?;
    if mails.is_empty() {
        html.push_str("<p>No mail yet.</p>");
    }
    for mail in mails {
        html.push_str(&format!(
            "<article><h2>{}</h2><p>To: {} · {}</p><pre>{}</pre></article>",
            escape(&mail.subject),
            escape(&mail.to),
            escape(&mail.created_at),
            escape(&mail.text_body)
        ));
    }
    Ok(Html(html))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn only_a_loopback_peer_without_proxy_headers_is_local() {
        let none = headers(&[]);
        assert!(is_local_caller(Some("127.0.0.1".parse().unwrap()), &none));
        assert!(is_local_caller(Some("::1".parse().unwrap()), &none));
        assert!(is_local_caller(Some("::ffff:127.0.0.1".parse().unwrap()), &none));
        assert!(!is_local_caller(None, &none));
        assert!(!is_local_caller(Some("10.0.0.7".parse().unwrap()), &none));
        assert!(!is_local_caller(Some("203.0.113.9".parse().unwrap()), &none));
        for header in PROXY_HEADERS {
            let proxied = headers(&[(header, "127.0.0.1")]);
            assert!(!is_local_caller(Some("127.0.0.1".parse().unwrap()), &proxied), "{header}");
        }
    }
}
