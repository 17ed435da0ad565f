//! One-to-one chat rooms of a site and their messages. A pair of people has one room per
//! site: the unique `(tenant, pair_key)` index decides, so a second (or concurrent) start
//! finds the room the first made. Unread counts are the messages after each member's
//! `last_read_message_id`, from others, counted for a whole page of rooms in one query.

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Func, OnConflict, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::Paged;
use crate::{
    entities::{chat_messages, chat_room_members, chat_rooms},
    now, StoreResult,
};

/// The room of a pair on the site, creating it (with both members) when there is none.
/// Returns the room and whether it was made now.
pub async fn one_to_one(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    room_type: &str,
    pair_key: &str,
    creator: i64,
    other: i64,
) -> StoreResult<(chat_rooms::Model, bool)> {
    if let Some(room) = find_pair(db, tenant_id, pair_key).await? {
        return Ok((room, false));
    }
    let at = now();
    let row = chat_rooms::ActiveModel {
        tenant_id: Set(tenant_id),
        room_type: Set(room_type.to_string()),
        pair_key: Set(Some(pair_key.to_string())),
        name: Set(None),
        created_by: Set(Some(creator)),
        created_at: Set(at),
        last_message_at: Set(at),
        ..Default::default()
    };
    let on_conflict =
        OnConflict::columns([chat_rooms::Column::TenantId, chat_rooms::Column::PairKey]).do_nothing().to_owned();
    let inserted = chat_rooms::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    let room = find_pair(db, tenant_id, pair_key)
        .await?
        .ok_or_else(|| sea_orm::DbErr::RecordNotFound("the chat room just made".into()))?;
    if inserted > 0 {
        let members = [creator, other].map(|user_id| chat_room_members::ActiveModel {
            room_id: Set(room.id),
            user_id: Set(user_id),
            tenant_id: Set(tenant_id),
            last_read_message_id: Set(0),
            last_message_at: Set(at),
            created_at: Set(at),
            ..Default::default()
        });
        chat_room_members::Entity::insert_many(members).exec_without_returning(db).await?;
    }
    Ok((room, inserted > 0))
}

/// The one-to-one room of a pair on the site, if they have one.
pub async fn room_by_pair(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    pair_key: &str,
) -> StoreResult<Option<chat_rooms::Model>> {
    find_pair(db, tenant_id, pair_key).await
}

async fn find_pair(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    pair_key: &str,
) -> StoreResult<Option<chat_rooms::Model>> {
    Ok(chat_rooms::Entity::find()
        .filter(chat_rooms::Column::TenantId.eq(tenant_id))
        .filter(chat_rooms::Column::PairKey.eq(pair_key))
        .one(db)
        .await?)
}

/// A room of the site.
pub async fn room_in_tenant(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    room_id: i64,
) -> StoreResult<Option<chat_rooms::Model>> {
    Ok(chat_rooms::Entity::find_by_id(room_id).filter(chat_rooms::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// The people in a room.
pub async fn member_ids(db: &impl ConnectionTrait, room_id: i64) -> StoreResult<Vec<i64>> {
    Ok(chat_room_members::Entity::find()
        .select_only()
        .column(chat_room_members::Column::UserId)
        .filter(chat_room_members::Column::RoomId.eq(room_id))
        .into_tuple()
        .all(db)
        .await?)
}

/// The people of several rooms, by room.
pub async fn members_of(db: &impl ConnectionTrait, room_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<i64>>> {
    if room_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = chat_room_members::Entity::find()
        .select_only()
        .column(chat_room_members::Column::RoomId)
        .column(chat_room_members::Column::UserId)
        .filter(chat_room_members::Column::RoomId.is_in(room_ids.to_vec()))
        .order_by_asc(chat_room_members::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, Vec<i64>> = HashMap::new();
    for (room, user) in rows {
        out.entry(room).or_default().push(user);
    }
    Ok(out)
}

/// The ids of every room of the user on the site (what a socket may receive).
pub async fn room_ids_of(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Vec<i64>> {
    Ok(chat_room_members::Entity::find()
        .select_only()
        .column(chat_room_members::Column::RoomId)
        .filter(chat_room_members::Column::UserId.eq(user_id))
        .filter(chat_room_members::Column::TenantId.eq(tenant_id))
        .into_tuple()
        .all(db)
        .await?)
}

/// One page of the user's rooms on the site, latest activity first.
pub async fn rooms_page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<chat_rooms::Model>> {
    let mine = chat_room_members::Entity::find()
        .filter(chat_room_members::Column::UserId.eq(user_id))
        .filter(chat_room_members::Column::TenantId.eq(tenant_id));
    let count = mine.clone().count(db).await?;
    let ids: Vec<i64> = mine
        .select_only()
        .column(chat_room_members::Column::RoomId)
        .order_by_desc(chat_room_members::Column::LastMessageAt)
        .order_by_desc(chat_room_members::Column::RoomId)
        .offset(offset)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    let mut rooms: HashMap<i64, chat_rooms::Model> = chat_rooms::Entity::find()
        .filter(chat_rooms::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let items = ids.iter().filter_map(|id| rooms.remove(id)).collect();
    Ok(Paged { items, count })
}

/// The latest message of each room that has one.
pub async fn last_messages(
    db: &impl ConnectionTrait,
    room_ids: &[i64],
) -> StoreResult<HashMap<i64, chat_messages::Model>> {
    if room_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let latest = Query::select()
        .expr(Func::max(Expr::col(chat_messages::Column::Id)))
        .from(chat_messages::Entity)
        .and_where(chat_messages::Column::RoomId.is_in(room_ids.to_vec()))
        .group_by_col(chat_messages::Column::RoomId)
        .to_owned();
    Ok(chat_messages::Entity::find()
        .filter(chat_messages::Column::Id.in_subquery(latest))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.room_id, m))
        .collect())
}

/// How many messages from others the user has not read, per room (rooms with none are
/// left out); one query for all of `room_ids`.
pub async fn unread_counts(
    db: &impl ConnectionTrait,
    user_id: i64,
    room_ids: &[i64],
) -> StoreResult<HashMap<i64, u64>> {
    if room_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let (m, msg) = (Alias::new("m"), Alias::new("msg"));
    let statement = Query::select()
        .expr_as(Expr::col((m.clone(), chat_room_members::Column::RoomId)), Alias::new("room_id"))
        .expr_as(Func::count(Expr::col((msg.clone(), chat_messages::Column::Id))), Alias::new("unread"))
        .from_as(chat_room_members::Entity, m.clone())
        .join_as(
            sea_orm::sea_query::JoinType::InnerJoin,
            chat_messages::Entity,
            msg.clone(),
            Expr::col((msg.clone(), chat_messages::Column::RoomId))
                .equals((m.clone(), chat_room_members::Column::RoomId))
                .and(
                    Expr::col((msg.clone(), chat_messages::Column::Id))
                        .gt(Expr::col((m.clone(), chat_room_members::Column::LastReadMessageId))),
                )
                .and(Expr::col((msg.clone(), chat_messages::Column::SenderId)).ne(user_id)),
        )
        .and_where(Expr::col((m.clone(), chat_room_members::Column::UserId)).eq(user_id))
        .and_where(Expr::col((m.clone(), chat_room_members::Column::RoomId)).is_in(room_ids.to_vec()))
        .group_by_col((m, chat_room_members::Column::RoomId))
        .to_owned();
    let rows = db.query_all(&statement).await?;
    let mut out = HashMap::new();
    for row in rows {
        let room: i64 = row.try_get("", "room_id")?;
        let unread: i64 = row.try_get("", "unread")?;
        out.insert(room, u64::try_from(unread).unwrap_or(0));
    }
    Ok(out)
}

/// One page of a room's messages, newest first; with `before`, only messages older than
/// that id (a stable scroll-back while new messages arrive).
pub async fn messages_page(
    db: &impl ConnectionTrait,
    room_id: i64,
    before: Option<i64>,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<chat_messages::Model>> {
    let mut base = chat_messages::Entity::find().filter(chat_messages::Column::RoomId.eq(room_id));
    if let Some(before) = before {
        base = base.filter(chat_messages::Column::Id.lt(before));
    }
    let count = base.clone().count(db).await?;
    let items = base.order_by_desc(chat_messages::Column::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// Stores a message and moves the room up the members' lists; the sender has read it.
pub async fn send(
    db: &impl ConnectionTrait,
    room_id: i64,
    sender_id: i64,
    message_type: &str,
    body: &str,
) -> StoreResult<chat_messages::Model> {
    let at = now();
    let row = chat_messages::ActiveModel {
        room_id: Set(room_id),
        sender_id: Set(sender_id),
        message_type: Set(message_type.to_string()),
        body: Set(body.to_string()),
        created_at: Set(at),
        ..Default::default()
    };
    let message = chat_messages::Entity::insert(row).exec_with_returning(db).await?;
    chat_rooms::Entity::update_many()
        .col_expr(chat_rooms::Column::LastMessageAt, Expr::value(at))
        .filter(chat_rooms::Column::Id.eq(room_id))
        .exec(db)
        .await?;
    // One statement for the members: the room's activity for all, and read up to the new
    // message for its sender (never backwards).
    let sender_read_to = sea_orm::sea_query::CaseStatement::new()
        .case(
            Expr::col(chat_room_members::Column::UserId)
                .eq(sender_id)
                .and(Expr::col(chat_room_members::Column::LastReadMessageId).lt(message.id)),
            Expr::value(message.id),
        )
        .finally(Expr::col(chat_room_members::Column::LastReadMessageId));
    chat_room_members::Entity::update_many()
        .col_expr(chat_room_members::Column::LastMessageAt, Expr::value(at))
        .col_expr(chat_room_members::Column::LastReadMessageId, sender_read_to.into())
        .filter(chat_room_members::Column::RoomId.eq(room_id))
        .exec(db)
        .await?;
    Ok(message)
}

/// Marks the room read by the user up to `message_id` (never backwards).
pub async fn mark_read_up_to(
    db: &impl ConnectionTrait,
    room_id: i64,
    user_id: i64,
    message_id: i64,
) -> StoreResult<()> {
    chat_room_members::Entity::update_many()
        .col_expr(chat_room_members::Column::LastReadMessageId, Expr::value(message_id))
        .filter(chat_room_members::Column::RoomId.eq(room_id))
        .filter(chat_room_members::Column::UserId.eq(user_id))
        .filter(chat_room_members::Column::LastReadMessageId.lt(message_id))
        .exec(db)
        .await?;
    Ok(())
}
