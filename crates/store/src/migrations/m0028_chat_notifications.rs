//! In-app notifications and one-to-one chat (issue 16; spec 000 §3 "Notification", "Chat").
//!
//! - `notifications`: one row per person told about something, on one site. Listed newest
//!   first 12 a page `(tenant, user, created_at, id)`; the unread badge counts
//!   `(tenant, user, is_read)`.
//! - `chat_rooms`: a room of one site. A one-to-one room carries `pair_key` ("low:high" user
//!   ids); the unique `(tenant, pair_key)` makes a second start with the same person, even a
//!   concurrent one, find the same room. `last_message_at` orders the rooms menu.
//! - `chat_room_members`: who is in a room, and the last message each has read (unread
//!   counts are messages after it, on the `(room, id)` index of messages).
//! - `chat_messages`: the messages of a room, paged back by id.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0028_chat_notifications"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(col("notifications"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(big_integer_null(col("actor_id")))
                    .col(string_len(col("kind"), 30))
                    .col(string_len(col("notification_type"), 40))
                    .col(text(col("message")))
                    .col(json_binary_null(col("data")))
                    .col(boolean(col("is_read")).default(false))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_notifications_tenant",
                        (col("notifications"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_notifications_user",
                        (col("notifications"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_notifications_actor",
                        (col("notifications"), col("actor_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_notifications_user_created",
                col("notifications"),
                &["tenant_id", "user_id", "created_at", "id"],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_notifications_user_unread",
                col("notifications"),
                &["tenant_id", "user_id", "is_read"],
                false,
            ))
            .await?;
        manager.create_index(index("ix_notifications_actor", col("notifications"), &["actor_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("chat_rooms"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(string_len(col("room_type"), 20))
                    .col(string_len_null(col("pair_key"), 64))
                    .col(string_len_null(col("name"), 255))
                    .col(big_integer_null(col("created_by")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .col(timestamp_with_time_zone(col("last_message_at")))
                    .foreign_key(&mut fk(
                        "fk_chat_rooms_tenant",
                        (col("chat_rooms"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_chat_rooms_creator",
                        (col("chat_rooms"), col("created_by")),
                        (col("users"), col("id")),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_chat_rooms_pair", col("chat_rooms"), &["tenant_id", "pair_key"], true)).await?;
        manager.create_index(index("ix_chat_rooms_creator", col("chat_rooms"), &["created_by"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("chat_room_members"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("room_id")))
                    .col(big_integer(col("user_id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("last_read_message_id")).default(0))
                    .col(timestamp_with_time_zone(col("last_message_at")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_chat_room_members_room",
                        (col("chat_room_members"), col("room_id")),
                        (col("chat_rooms"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_chat_room_members_user",
                        (col("chat_room_members"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_chat_room_members_tenant",
                        (col("chat_room_members"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_chat_room_members", col("chat_room_members"), &["room_id", "user_id"], true))
            .await?;
        // "My rooms on this site, latest activity first".
        manager
            .create_index(index(
                "ix_chat_room_members_user",
                col("chat_room_members"),
                &["user_id", "tenant_id", "last_message_at", "room_id"],
                false,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("chat_messages"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("room_id")))
                    .col(big_integer(col("sender_id")))
                    .col(string_len(col("message_type"), 20))
                    .col(text(col("body")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_chat_messages_room",
                        (col("chat_messages"), col("room_id")),
                        (col("chat_rooms"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_chat_messages_sender",
                        (col("chat_messages"), col("sender_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_chat_messages_room", col("chat_messages"), &["room_id", "id"], false)).await?;
        manager.create_index(index("ix_chat_messages_sender", col("chat_messages"), &["sender_id"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["chat_messages", "chat_room_members", "chat_rooms", "notifications"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
