//! Feedback, the contact form, and the indexes of the admin item tables (issue 19; spec 002
//! §2 "Feedback page", "Pending / Rejected notice", §7 "Admin"; spec 000 §7
//! `/contact-starleaders/`).
//!
//! - `feedback`: a member's feedback to the site (title, content). The administrators read
//!   a site's newest first: `(tenant, created_at, id)`.
//! - `contact_messages`: a message to the site's administrators from the pending page
//!   (subject, message), with the sender's email and membership status at the time, so a
//!   reply is possible after the account is gone. Read like feedback: `(tenant, created_at,
//!   id)`.
//!   Both keep their rows when the sender's account is deleted (`user_id` set null); a
//!   tenant's rows go with it.
//! - The admin tables of AI tools and use cases list one organization's items of one status,
//!   newest first: `(tenant, group, status, created_at, id)` on each (the use cases had only
//!   an index by title, the AI tools one without the organization).

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0034_feedback_contact"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

fn owned(table: &str) -> TableCreateStatement {
    Table::create()
        .table(col(table))
        .col(big_pk_auto(col("id")))
        .col(big_integer(col("tenant_id")))
        .col(big_integer_null(col("user_id")))
        .foreign_key(&mut fk(
            &format!("fk_{table}_tenant"),
            (col(table), col("tenant_id")),
            (col("tenants"), col("id")),
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut fk(
            &format!("fk_{table}_user"),
            (col(table), col("user_id")),
            (col("users"), col("id")),
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                owned("feedback")
                    .col(string_len(col("title"), 255))
                    .col(text(col("content")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                owned("contact_messages")
                    .col(string_len(col("email"), 255))
                    .col(string_len(col("name"), 255))
                    .col(string_len_null(col("membership_status"), 20))
                    .col(string_len(col("subject"), 255))
                    .col(text(col("message")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .to_owned(),
            )
            .await?;
        for (name, table, cols) in [
            ("ix_feedback_list", "feedback", &["tenant_id", "created_at", "id"][..]),
            ("ix_feedback_user", "feedback", &["user_id"][..]),
            ("ix_contact_messages_list", "contact_messages", &["tenant_id", "created_at", "id"][..]),
            ("ix_contact_messages_user", "contact_messages", &["user_id"][..]),
            ("ix_ai_tools_admin", "ai_tools", &["tenant_id", "group_id", "status", "created_at", "id"][..]),
            ("ix_use_cases_admin", "use_cases", &["tenant_id", "group_id", "status", "created_at", "id"][..]),
        ] {
            manager.create_index(index(name, col(table), cols, false)).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table) in [("ix_ai_tools_admin", "ai_tools"), ("ix_use_cases_admin", "use_cases")] {
            manager.drop_index(Index::drop().name(name).table(col(table)).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(col("contact_messages")).to_owned()).await?;
        manager.drop_table(Table::drop().table(col("feedback")).to_owned()).await
    }
}
