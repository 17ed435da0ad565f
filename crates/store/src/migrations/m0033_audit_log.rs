//! The audit log of administrators' actions (issue 19; spec 002 §4 "Moderation statuses",
//! §6 "Organization administrator"): who did what to which member or item, when, and why.
//!
//! - `audit_log`: one row per action, written in the transaction of the action itself.
//!   `entity_type` is user, job, resource, ai_tool, use_case or config; `entity_id` the
//!   row acted on (0 for the site's configuration); `action` accept, reject, remove,
//!   payment_accept, payment_reject, approve, publish, unpublish, config_change; `reason`
//!   the administrator's note; `details` what else changed (the group, statuses).
//!   An item's history, newest first: `(tenant, entity_type, entity_id, created_at)`.
//!   The actor may leave (set null); a tenant's rows go with it.
//! - `job_posts (tenant, job_status, deleted_at)`: the admin dashboard's count of drafts.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0033_audit_log"
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
                    .table(col("audit_log"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer_null(col("actor_id")))
                    .col(string_len(col("action"), 30))
                    .col(string_len(col("entity_type"), 20))
                    .col(big_integer(col("entity_id")))
                    .col(text_null(col("reason")))
                    .col(json_binary(col("details")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_audit_log_tenant",
                        (col("audit_log"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_audit_log_actor",
                        (col("audit_log"), col("actor_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_audit_log_entity",
                col("audit_log"),
                &["tenant_id", "entity_type", "entity_id", "created_at"],
                false,
            ))
            .await?;
        manager.create_index(index("ix_audit_log_actor", col("audit_log"), &["actor_id"], false)).await?;
        // The dashboard's count of draft jobs.
        manager
            .create_index(index(
                "ix_job_posts_status",
                col("job_posts"),
                &["tenant_id", "job_status", "deleted_at"],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_job_posts_status").table(col("job_posts")).to_owned()).await?;
        manager.drop_table(Table::drop().table(col("audit_log")).to_owned()).await
    }
}
