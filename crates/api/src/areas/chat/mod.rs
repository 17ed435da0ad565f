//! One-to-one chat (spec 000 §2 "messages menu", "chat panel", §3 "Chat", §7, §8, §9; 002
//! §4 "one-to-one room creation", §6, §8; issue 16).
//!
//! - `GET /api/v1/room/` and `GET /api/v1/chats/`: the caller's rooms on this site, latest
//!   activity first (40 a page), each with its people, last message and unread count.
//! - `POST /api/v1/room/` `{type: "ONE_TO_ONE", user_ids}`: opens the room with one other
//!   person of the site, making it the first time (needs `one_to_one_chat`).
//! - `GET /api/v1/chats/{id}/?page&page_size&before`: a room's messages, newest first, 50 a
//!   page; the first page marks the room read.
//! - `POST /api/v1/chats/{id}/` `{type, value}`: sends a message (for clients without the
//!   socket; the socket sends the same way, see [`socket`]).
//! - `GET /ws/events/{token}/`: the socket ([`socket`]), outside the API document.
//!
//! Rooms belong to a site; only its accepted members chat there. A room the caller is not
//! in is a 403; another site's room a 404.

pub mod messages;
pub mod rooms;
pub mod socket;

use std::collections::HashMap;

use serde::Serialize;
use store::{
    entities::{chat_messages, users},
    queries::{memberships as member_q, profiles as profile_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::{areas::AppState, error::ApiResult, extract::Tenant};

pub fn routes() -> OpenApiRouter<AppState> {
    rooms::routes().merge(messages::routes())
}

/// A person as chat shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatUser {
    pub id: i64,
    pub name: String,
    pub image_path: Option<String>,
    /// Always `user`.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: &'static str,
    /// The profile's slug (`/profile/{slug}`).
    pub slug: Option<String>,
}

/// One part of a message.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessagePart {
    /// text, hyperlink or html (sanitised).
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    pub value: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageView {
    pub id: i64,
    /// The room's id.
    pub room: i64,
    pub sender: ChatUser,
    /// The other person of the one-to-one room.
    pub recipient: Option<ChatUser>,
    pub timestamp: String,
    pub messages: Vec<MessagePart>,
}

/// People by id, with their profiles: two queries whatever their number.
pub(crate) async fn people(db: &impl sea_orm::ConnectionTrait, ids: &[i64]) -> ApiResult<HashMap<i64, ChatUser>> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let found = user_q::find_by_ids(db, &ids).await?;
    let profiles = profile_q::find_by_users(db, &ids).await?;
    Ok(found
        .into_values()
        .map(|user| {
            let profile = profiles.get(&user.id);
            let view = ChatUser {
                id: user.id,
                name: full_name(&user),
                image_path: profile.and_then(|p| p.picture.clone()),
                kind: "user",
                slug: profile.map(|p| p.name_slug.clone()),
            };
            (user.id, view)
        })
        .collect())
}

pub(crate) fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

fn unknown(id: i64) -> ChatUser {
    ChatUser { id, name: String::new(), image_path: None, kind: "user", slug: None }
}

/// A message as the API and the socket show it; `members` are the room's people.
pub(crate) fn message_view(
    message: chat_messages::Model,
    members: &[i64],
    people: &HashMap<i64, ChatUser>,
) -> MessageView {
    let person = |id: i64| people.get(&id).cloned().unwrap_or_else(|| unknown(id));
    let recipient = members.iter().find(|id| **id != message.sender_id).map(|id| person(*id));
    MessageView {
        id: message.id,
        room: message.room_id,
        sender: person(message.sender_id),
        recipient,
        timestamp: message.created_at.to_rfc3339(),
        messages: vec![MessagePart { kind: message.message_type, value: message.body }],
    }
}

/// Whether the person is an accepted member of the site's organization (who may chat there).
pub(crate) async fn member_of_site(state: &AppState, tenant: &Tenant, user_id: i64) -> ApiResult<bool> {
    Ok(member_q::find(&state.db, tenant.organization_id(), user_id)
        .await?
        .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED))
}
