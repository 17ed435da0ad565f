//! The assistant's conversations (spec 002 §3 "Chat message", "Chat rating feedback"; §4
//! "Assistant chat"): one `ama_chats` row per question and its answer, threaded by
//! `parent_chat` (the thread's first chat), and one `ama_feedback` row per rated answer.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0029_assistant"
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
                    .table(col("ama_chats"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(big_integer_null(col("parent_chat")))
                    .col(text(col("question")))
                    .col(json_binary(col("answer")))
                    .col(string_len(col("source"), 16))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_ama_chats_tenant",
                        (col("ama_chats"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_ama_chats_user",
                        (col("ama_chats"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_ama_chats_parent",
                        (col("ama_chats"), col("parent_chat")),
                        (col("ama_chats"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        // History: a member's chats on a site, newest first; a thread's chats in order.
        manager
            .create_index(index("ix_ama_chats_owner", col("ama_chats"), &["tenant_id", "user_id", "id"], false))
            .await?;
        manager.create_index(index("ix_ama_chats_thread", col("ama_chats"), &["parent_chat", "id"], false)).await?;
        manager
            .create_table(
                Table::create()
                    .table(col("ama_feedback"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("chat_id")))
                    .col(big_integer(col("user_id")))
                    .col(small_integer(col("rating")))
                    .col(text(col("feedback")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .col(timestamp_with_time_zone(col("updated_at")))
                    .foreign_key(&mut fk(
                        "fk_ama_feedback_chat",
                        (col("ama_feedback"), col("chat_id")),
                        (col("ama_chats"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_ama_feedback_user",
                        (col("ama_feedback"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_ama_feedback_chat", col("ama_feedback"), &["chat_id"], true)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(col("ama_feedback")).to_owned()).await?;
        manager.drop_table(Table::drop().table(col("ama_chats")).to_owned()).await
    }
}
