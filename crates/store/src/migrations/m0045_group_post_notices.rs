//! A post in a group is told to its members on read, not written to each of them (issue 31).
//!
//! m0028's fan-out wrote one `notifications` row per accepted member for every post, through
//! a job: a post in the site's organization wrote 100,000 rows, and a few posts a second kept
//! the one SQLite writer busy with rows most members never read. Now:
//!
//! - `group_post_notices`: one row per post (or newsletter) that tells its group, written in
//!   the post's transaction. `(group_id, created_at)` finds a group's recent notices;
//!   `recheck_from` is where a member told of it looks again from (a little before it);
//!   `(tenant_id, id)` gives the site's latest notice in one step.
//! - `notifications.group_post_notice_id`: a member's own row of a notice, written the first
//!   time they read their notifications (or their socket is told) after the post. The unique
//!   `(tenant_id, user_id, group_post_notice_id)` makes two concurrent reads write it once, and
//!   gives a member's latest notice in one index step.
//! - The fan-out jobs still queued are dropped: their posts' members are told on read.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0045_group_post_notices"
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
                    .table(col("group_post_notices"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("group_id")))
                    .col(big_integer_null(col("actor_id")))
                    .col(string_len(col("kind"), 30))
                    .col(string_len(col("notification_type"), 40))
                    .col(text(col("message")))
                    .col(json_binary_null(col("data")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .col(timestamp_with_time_zone(col("recheck_from")))
                    .foreign_key(&mut fk(
                        "fk_group_post_notices_tenant",
                        (col("group_post_notices"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_group_post_notices_group",
                        (col("group_post_notices"), col("group_id")),
                        (col("groups"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_group_post_notices_actor",
                        (col("group_post_notices"), col("actor_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_group_post_notices_group_created",
                col("group_post_notices"),
                &["group_id", "created_at"],
                false,
            ))
            .await?;
        manager
            .create_index(index("ix_group_post_notices_tenant", col("group_post_notices"), &["tenant_id", "id"], false))
            .await?;
        manager
            .create_index(index("ix_group_post_notices_actor", col("group_post_notices"), &["actor_id"], false))
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(col("notifications"))
                    .add_column(big_integer_null(col("group_post_notice_id")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_notifications_user_group_post",
                col("notifications"),
                &["tenant_id", "user_id", "group_post_notice_id"],
                true,
            ))
            .await?;
        manager
            .exec_stmt(
                Query::delete()
                    .from_table(col("jobs"))
                    .and_where(Expr::col(col("kind")).eq("group_post_notices"))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ux_notifications_user_group_post").table(col("notifications")).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(col("notifications")).drop_column(col("group_post_notice_id")).to_owned())
            .await?;
        manager.drop_table(Table::drop().table(col("group_post_notices")).to_owned()).await?;
        Ok(())
    }
}
