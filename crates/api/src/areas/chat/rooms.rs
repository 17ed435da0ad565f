//! Chat rooms: the caller's rooms, and opening a one-to-one room.

use axum::{extract::State, http::StatusCode, Json};
use domain::chat::{self as rules, ROOMS_PAGE_SIZE, ROOM_ONE_TO_ONE};
use serde::{Deserialize, Serialize};
use store::queries::chat as q;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{member_of_site, message_view, people, ChatUser, MessageView};
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{page_from_query, ApiJson, ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rooms, create_room)).routes(routes!(chats))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoomView {
    pub id: i64,
    /// The other person's name, for a one-to-one room.
    pub name: String,
    /// ONE_TO_ONE.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub room_type: String,
    pub users: Vec<ChatUser>,
    pub last_message: Option<MessageView>,
    /// Messages from others the caller has not read.
    pub unread_count: u64,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RoomsQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 40 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 40)]
    pub page_size: Option<String>,
}

/// The views of rooms for `viewer`: a fixed number of queries for the page (members, last
/// messages, unread counts, people).
pub(crate) async fn views(
    db: &impl sea_orm::ConnectionTrait,
    viewer: i64,
    rooms: Vec<store::entities::chat_rooms::Model>,
) -> ApiResult<Vec<RoomView>> {
    let ids: Vec<i64> = rooms.iter().map(|r| r.id).collect();
    let members = q::members_of(db, &ids).await?;
    let mut last = q::last_messages(db, &ids).await?;
    let unread = q::unread_counts(db, viewer, &ids).await?;
    let everyone: Vec<i64> = members.values().flatten().copied().collect();
    let people = people(db, &everyone).await?;
    let none = Vec::new();
    Ok(rooms
        .into_iter()
        .map(|room| {
            let in_room = members.get(&room.id).unwrap_or(&none);
            let users: Vec<ChatUser> = in_room.iter().filter_map(|id| people.get(id).cloned()).collect();
            let name = room
                .name
                .clone()
                .unwrap_or_else(|| users.iter().find(|u| u.id != viewer).map(|u| u.name.clone()).unwrap_or_default());
            RoomView {
                id: room.id,
                name,
                room_type: room.room_type,
                users,
                last_message: last.remove(&room.id).map(|m| message_view(m, in_room, &people)),
                unread_count: unread.get(&room.id).copied().unwrap_or(0),
            }
        })
        .collect())
}

async fn room_page(
    state: &AppState,
    tenant: &Tenant,
    user_id: i64,
    url: &RequestUrl,
    query: &RoomsQuery,
) -> ApiResult<Json<Page<RoomView>>> {
    let page = page_from_query(&query.page, &query.page_size, ROOMS_PAGE_SIZE)?;
    let db = state.read_db();
    let found = q::rooms_page(db, tenant.id(), user_id, page.offset(), page.page_size).await?;
    let items = views(db, user_id, found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, url)))
}

/// The caller's chat rooms on this site, latest activity first, with each room's last
/// message and unread count (what the messages menu lists).
#[utoipa::path(
    get,
    path = "/api/v1/room/",
    tag = "chat",
    params(RoomsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<RoomView>))
)]
async fn rooms(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<RoomsQuery>,
) -> ApiResult<Json<Page<RoomView>>> {
    room_page(&state, &tenant, user.id, &url, &query).await
}

/// The same list as `GET /api/v1/room/` (the spec names both; the messages menu reads this
/// one).
#[utoipa::path(
    get,
    path = "/api/v1/chats/",
    tag = "chat",
    params(RoomsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<RoomView>))
)]
async fn chats(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<RoomsQuery>,
) -> ApiResult<Json<Page<RoomView>>> {
    room_page(&state, &tenant, user.id, &url, &query).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateRoomInput {
    /// ONE_TO_ONE (the default).
    #[serde(rename = "type", default)]
    #[schema(rename = "type")]
    pub room_type: Option<String>,
    /// The people of the room: the other person, and optionally the caller.
    #[serde(default)]
    pub user_ids: Vec<i64>,
}

/// Opens the one-to-one room with another person of this site: 201 when it is made now,
/// 200 with the same room when it exists (whoever made it). Making one needs the
/// `one_to_one_chat` flag of the caller's membership tier (403 'You cannot currently
/// initiate a chat.'); a person who is not an accepted member of this site is a 404.
#[utoipa::path(
    post,
    path = "/api/v1/room/",
    tag = "chat",
    request_body = CreateRoomInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<RoomView>, description = "The room existed"),
        (status = 201, body = Data<RoomView>, description = "The room was made"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn create_room(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CreateRoomInput>,
) -> ApiResult<(StatusCode, Json<Data<RoomView>>)> {
    match body.room_type.as_deref().map(str::trim) {
        None | Some("") | Some(ROOM_ONE_TO_ONE) => {}
        Some(other) => return Err(ApiError::field("type", format!("\"{other}\" is not a valid choice."))),
    }
    let other = rules::other_person(user.id, &body.user_ids)?;
    if !member_of_site(&state, &tenant, user.id).await? {
        return Err(ApiError::Forbidden(rules::MSG_CANNOT_INITIATE.into()));
    }
    let person = store::queries::users::find_by_id(&state.db, other).await?.filter(|u| u.is_active);
    let Some(person) = person else { return Err(ApiError::NotFound(rules::MSG_USER_NOT_FOUND.into())) };
    if !member_of_site(&state, &tenant, person.id).await? {
        return Err(ApiError::NotFound(rules::MSG_USER_NOT_FOUND.into()));
    }
    let key = rules::pair_key(user.id, person.id);
    let txn = store::begin_write(&state.db).await?;
    let existing = q::room_by_pair(&txn, tenant.id(), &key).await?;
    let (room, made) = match existing {
        Some(room) => (room, false),
        None => {
            let tier = crate::areas::payments::flags::member_tier(&txn, tenant.id(), user.id).await?;
            if !tier.flags.one_to_one_chat {
                return Err(ApiError::Forbidden(rules::MSG_CANNOT_INITIATE.into()));
            }
            q::one_to_one(&txn, tenant.id(), ROOM_ONE_TO_ONE, &key, user.id, person.id).await?
        }
    };
    let view = views(&txn, user.id, vec![room])
        .await?
        .pop()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the chat room just opened has no view")))?;
    txn.commit().await?;
    let status = if made { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(view))))
}
