//! The real-time socket (spec 000 §7 "Real-time"): `GET /ws/events/{token}/`.
//!
//! The access token is in the path (browsers cannot set headers on a WebSocket), so the
//! request log writes the path with the token redacted ([`loggable_path`]). The socket:
//! - receives `chat_message` events of the rooms its user is in and `notification` events
//!   of its user, on the site it was opened on (events are addressed to the room's people
//!   only, after the change is committed);
//! - sends `{"type": "chat_message", "room": id, "message": {"type": "text", "value": "…"}}`
//!   (stored as `POST /api/v1/chats/{id}/` stores it; the sender's tabs receive the stored
//!   message back as an event); a malformed frame or a refused message is answered with
//!   `{"type": "error", "message": "…"}` and the socket stays open;
//! - is closed when its token expires (code 4001), or its sign-in is revoked or its user
//!   deactivated (code 4003; checked every `socket_check_interval`, 30 s by default).
//!
//! Each socket keeps little memory: one task, a receiver of its user's bounded channel, and
//! small read and write buffers.

use std::{borrow::Cow, time::Duration};

use axum::{
    extract::{
        ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade},
        Path, State,
    },
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::{
    areas::AppState,
    error::ApiError,
    extract::{Tenant, MSG_INVALID_TOKEN},
    tokens::AccessGrant,
};

pub const PATH_PREFIX: &str = "/ws/events/";
pub const CLOSE_EXPIRED: u16 = 4001;
pub const CLOSE_REVOKED: u16 = 4003;
/// The largest frame a client may send (a 4000-character message in JSON, with room).
pub const MAX_FRAME: usize = 64 * 1024;
const READ_BUFFER: usize = 4 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new().route("/ws/events/{token}/", get(events)).route("/ws/events/{token}", get(events))
}

/// The path as the request log writes it: a socket's token replaced by `[redacted]`.
pub fn loggable_path(path: &str) -> Cow<'_, str> {
    match path.strip_prefix(PATH_PREFIX) {
        Some(rest) if !rest.is_empty() => {
            let tail = if rest.ends_with('/') { "/" } else { "" };
            Cow::Owned(format!("{PATH_PREFIX}[redacted]{tail}"))
        }
        _ => Cow::Borrowed(path),
    }
}

fn invalid_token() -> ApiError {
    ApiError::Coded {
        status: axum::http::StatusCode::UNAUTHORIZED,
        message: MSG_INVALID_TOKEN.into(),
        code: "token_not_valid",
    }
}

/// Whether the socket's user is still active and its sign-in not revoked.
async fn still_valid(state: &AppState, grant: &AccessGrant) -> Result<bool, ApiError> {
    let active = store::queries::users::find_by_id(&state.db, grant.user_id).await?.is_some_and(|u| u.is_active);
    if !active {
        return Ok(false);
    }
    match &grant.session {
        Some(family) => Ok(store::queries::sessions::family_is_live(&state.db, family).await?),
        None => Ok(true),
    }
}

async fn events(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(token): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(grant) = state.tokens.verify_grant(&token) else { return invalid_token().into_response() };
    match still_valid(&state, &grant).await {
        Ok(true) => {}
        Ok(false) => return invalid_token().into_response(),
        Err(err) => return err.into_response(),
    }
    let tenant_id = tenant.id();
    let groups = match store::queries::group_post_notices::groups_told(state.read_db(), tenant_id, grant.user_id).await
    {
        Ok(groups) => groups,
        Err(err) => return ApiError::from(err).into_response(),
    };
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| run(state, tenant_id, grant, groups, socket))
}

fn text(value: Value) -> Message {
    Message::Text(Utf8Bytes::from(value.to_string()))
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))
}

/// Counts a socket as open while it lives (`waypoint_sockets_open`).
struct OpenSocket(prometheus::IntGauge);

impl OpenSocket {
    fn new(gauge: &prometheus::IntGauge) -> Self {
        gauge.inc();
        OpenSocket(gauge.clone())
    }
}

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The socket's person is told of the posts waiting in their groups; the notifications reach
/// every socket of theirs as events.
async fn tell_group_posts(state: &AppState, tenant_id: i64, user_id: i64) {
    match crate::areas::notifications::tell_group_posts(state, tenant_id, user_id).await {
        Ok(written) => crate::areas::notifications::announce(state, written).await,
        Err(err) => tracing::warn!(error = %err, "a socket could not tell its person of group posts"),
    }
}

async fn run(state: AppState, tenant_id: i64, grant: AccessGrant, groups: Vec<i64>, mut socket: WebSocket) {
    let _open = OpenSocket::new(&state.metrics.sockets_open);
    let mut events = state.realtime.subscribe(tenant_id, grant.user_id);
    // Group membership is read when the socket opens; a group joined later is heard after
    // the next connection, and its posts are in the notification list meanwhile.
    let _listening = state.realtime.listen_to_groups(tenant_id, grant.user_id, groups);
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    let expires = tokio::time::sleep(Duration::from_secs(grant.expires_at.saturating_sub(now)));
    tokio::pin!(expires);
    let period = state.settings.socket_check_interval;
    let mut check = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = &mut expires => {
                let _ = socket.send(close(CLOSE_EXPIRED, "token expired")).await;
                break;
            }
            _ = check.tick() => {
                if !still_valid(&state, &grant).await.unwrap_or(true) {
                    let _ = socket.send(close(CLOSE_REVOKED, "session revoked")).await;
                    break;
                }
            }
            event = events.recv() => match event {
                Ok(payload) if &*payload == crate::areas::notifications::GROUP_POSTS_WAITING => {
                    tell_group_posts(&state, tenant_id, grant.user_id).await;
                }
                Ok(payload) => {
                    if socket.send(Message::Text(Utf8Bytes::from(payload.as_ref()))).await.is_err() {
                        break;
                    }
                }
                // Too slow to read: tell the client, which reads the missed messages over HTTP.
                Err(RecvError::Lagged(missed)) => {
                    state.metrics.socket_events_lagged.inc_by(missed);
                    if socket.send(text(json!({"type": "lagged", "missed": missed}))).await.is_err() {
                        break;
                    }
                }
                Err(RecvError::Closed) => break,
            },
            frame = socket.recv() => match frame {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(Message::Text(body))) => {
                    if let Some(answer) = handle(&state, tenant_id, grant.user_id, body.as_str()).await {
                        if socket.send(text(answer)).await.is_err() {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    let answer = error_event("Send JSON text frames.");
                    if socket.send(text(answer)).await.is_err() {
                        break;
                    }
                }
                Some(Ok(_)) => {}
            },
        }
    }
}

/// A message a client sends.
#[derive(Debug, Deserialize)]
struct ClientFrame {
    #[serde(rename = "type")]
    kind: String,
    room: Option<i64>,
    message: Option<Part>,
    #[serde(default)]
    messages: Vec<Part>,
}

#[derive(Debug, Deserialize)]
struct Part {
    #[serde(rename = "type")]
    kind: Option<String>,
    value: Option<String>,
}

fn error_event(message: &str) -> Value {
    json!({"type": "error", "message": message})
}

/// The text of an error the socket reports.
fn error_text(err: &ApiError) -> String {
    match err {
        ApiError::Validation(errors) => {
            errors.0.values().flatten().next().cloned().unwrap_or_else(|| "The message is not valid.".into())
        }
        ApiError::BadRequest(m) | ApiError::Forbidden(m) | ApiError::NotFound(m) | ApiError::Conflict(m) => m.clone(),
        ApiError::Internal(cause) => {
            tracing::error!(error = %cause, "a socket message failed");
            crate::error::MSG_SERVER.into()
        }
        other => other.to_string(),
    }
}

/// Acts on one text frame; what to answer, if anything (a stored message comes back as its
/// `chat_message` event instead).
async fn handle(state: &AppState, tenant_id: i64, user_id: i64, body: &str) -> Option<Value> {
    let frame: ClientFrame = match serde_json::from_str(body) {
        Ok(frame) => frame,
        Err(_) => return Some(error_event(
            "Malformed frame: expected {\"type\": \"chat_message\", \"room\": id, \"message\": {\"type\", \"value\"}}.",
        )),
    };
    match frame.kind.as_str() {
        "chat_message" => {
            let Some(room) = frame.room else { return Some(error_event("Name the room.")) };
            let part = frame.message.or_else(|| frame.messages.into_iter().next());
            let (kind, value) = part.map(|p| (p.kind, p.value)).unwrap_or((None, None));
            match super::messages::send_message(state, tenant_id, user_id, room, kind.as_deref(), value.as_deref())
                .await
            {
                Ok(_) => None,
                Err(err) => Some(json!({"type": "error", "room": room, "message": error_text(&err)})),
            }
        }
        "ping" => Some(json!({"type": "pong"})),
        other => Some(error_event(&format!("Unknown event type \"{other}\"."))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_reaches_the_log() {
        assert_eq!(loggable_path("/ws/events/eyJhbGciOi.abc.def/"), "/ws/events/[redacted]/");
        assert_eq!(loggable_path("/ws/events/eyJhbGciOi.abc.def"), "/ws/events/[redacted]");
        assert_eq!(loggable_path("/api/v1/identity/"), "/api/v1/identity/");
        assert_eq!(loggable_path("/ws/events/"), "/ws/events/");
    }
}
