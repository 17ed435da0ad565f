//! A room's messages: history (scroll-back) and sending. Sending stores the message, commits,
//! and only then fans it out to the sockets of the room's people.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    chat::{self as rules, PAGE_SIZE},
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use store::{entities::chat_rooms, queries::chat as q};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{message_view, people, MessageView};
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(history, send))
}

/// The room, when it is on the site (404) and the user is in it (403); with its people.
pub(crate) async fn room_of(
    db: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    room_id: i64,
) -> ApiResult<(chat_rooms::Model, Vec<i64>)> {
    let room = q::room_in_tenant(db, tenant_id, room_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::MSG_ROOM_NOT_FOUND.into()))?;
    let members = q::member_ids(db, room.id).await?;
    if !members.contains(&user_id) {
        return Err(ApiError::Forbidden(rules::MSG_NOT_IN_ROOM.into()));
    }
    Ok((room, members))
}

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 50 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 50)]
    pub page_size: Option<String>,
    /// Only messages older than this message id (scroll-back that new messages do not
    /// shift).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub before: Option<String>,
}

/// A room's messages, newest first, 50 a page. Reading the latest page (page 1 without
/// `before`) marks the room read by the caller.
#[utoipa::path(
    get,
    operation_id = "chat_history",
    path = "/api/v1/chats/{id}/",
    tag = "chat",
    params(("id" = i64, Path, description = "The room's id"), HistoryQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<MessageView>), (status = 403, body = ErrorBody))
)]
async fn history(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> ApiResult<Json<Page<MessageView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let before = match query.before.as_ref().map(|b| b.trim()).filter(|b| !b.is_empty()) {
        None => None,
        Some(raw) => match raw.parse::<i64>() {
            Ok(n) if n >= 1 => Some(n),
            _ => return Err(ApiError::field("before", "A valid message id is required.")),
        },
    };
    let db = state.read_db();
    let (room, members) = room_of(db, tenant.id(), user.id, id).await?;
    let found = q::messages_page(db, room.id, before, page.offset(), page.page_size).await?;
    if page.page == 1 && before.is_none() {
        if let Some(latest) = found.items.first() {
            q::mark_read_up_to(&state.db, room.id, user.id, latest.id).await?;
        }
    }
    let people = people(db, &members).await?;
    let items = found.items.into_iter().map(|m| message_view(m, &members, &people)).collect();
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendInput {
    /// text (the default), hyperlink or html.
    #[serde(rename = "type", default)]
    #[schema(rename = "type")]
    pub kind: Option<String>,
    /// At most 4000 characters; html is sanitised.
    #[serde(default)]
    pub value: Option<String>,
}

/// The event a socket receives for a new message.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatMessageEvent {
    /// chat_message.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: &'static str,
    pub room: i64,
    pub message: MessageView,
}

/// Stores the caller's message in the room, then fans it out to the room's people (the
/// sender's other tabs too). Shared by the HTTP call and the socket.
pub(crate) async fn send_message(
    state: &AppState,
    tenant_id: i64,
    user_id: i64,
    room_id: i64,
    kind: Option<&str>,
    value: Option<&str>,
) -> ApiResult<MessageView> {
    let checked = rules::check_message(kind, value)?;
    // The reads happen before the write transaction: on SQLite every write waits for the one
    // write lock, so a busy chat's latency is the time each send holds it. A room too new
    // for a read replica is looked up again on the primary.
    let (room, members) = match room_of(state.read_db(), tenant_id, user_id, room_id).await {
        Ok(found) => found,
        Err(_) => room_of(&state.db, tenant_id, user_id, room_id).await?,
    };
    let people = people(state.read_db(), &members).await?;
    let txn = store::begin_write(&state.db).await?;
    let saved = q::send(&txn, room.id, user_id, checked.message_type, &checked.value).await?;
    txn.commit().await?;
    let view = message_view(saved, &members, &people);
    let event = ChatMessageEvent { kind: "chat_message", room: room.id, message: view.clone() };
    let text = serde_json::to_string(&event).map_err(anyhow::Error::from)?;
    state.realtime.publish(tenant_id, &members, text.into()).await;
    Ok(view)
}

/// Sends a message to a room the caller is in (403 otherwise; another site's room is a
/// 404). Blank messages and messages over 4000 characters are refused (400).
#[utoipa::path(
    post,
    path = "/api/v1/chats/{id}/",
    tag = "chat",
    params(("id" = i64, Path, description = "The room's id")),
    request_body = SendInput,
    security(("bearer" = [])),
    responses((status = 201, body = Data<MessageView>), (status = 403, body = ErrorBody))
)]
async fn send(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<SendInput>,
) -> ApiResult<(StatusCode, Json<Data<MessageView>>)> {
    let view = send_message(&state, tenant.id(), user.id, id, body.kind.as_deref(), body.value.as_deref()).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view))))
}
