//! The development mailbox: every mail kept by the outbox transport, newest first, as a page
//! (`/dev/mailbox`) and as JSON (`/dev/mailbox.json`). Present only when no SMTP server is
//! configured, so a production deployment never exposes it.

use axum::{
    extract::State,
    response::{Html, IntoResponse},
    routing::get,
    Json, Router,
};
use serde::Serialize;

use crate::{error::ApiResult, state::AppState};

const SHOWN: u64 = 200;

#[derive(Serialize)]
struct MailboxEntry {
    to: String,
    subject: String,
    text_body: String,
    created_at: String,
}

pub fn routes(state: &AppState) -> Router<AppState> {
    if state.mail.is_outbox() {
        Router::new().route("/dev/mailbox", get(page)).route("/dev/mailbox.json", get(json))
    } else {
        Router::new()
    }
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
