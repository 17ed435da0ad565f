//! Community analytics (issue 33):
//!
//! - `analytics_daily`: one rolled-up count per site, day, metric and key
//!   (`domain::analytics::Metric`; the key is `""` for the site, or a job's or a circle's id,
//!   a level, a rating). Unique by `(tenant_id, metric, day, key)`, the order the analytics
//!   page reads a period in, so a page view reads rows on one index range per metric and never
//!   the site's tables. Kept by the job worker (`services::analytics`).
//! - `analytics_rollups`: per site, when its counts were last rolled up and whether the
//!   first run's backfill is done.
//! - Indexes on `(tenant, created_at)` of the tables the roll-up reads a day of, so a run's
//!   cost is that day's rows.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0039_analytics"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

const DAY_INDEXES: [(&str, &str, &[&str]); 6] = [
    ("ix_contents_tenant_created", "contents", &["tenant_id", "created_at"]),
    ("ix_ama_chats_tenant_created", "ama_chats", &["tenant_id", "created_at"]),
    ("ix_ama_feedback_created", "ama_feedback", &["created_at"]),
    ("ix_agent_reports_tenant_created", "agent_reports", &["tenant_id", "created_at"]),
    ("ix_memberships_group_created", "memberships", &["group_id", "created_at"]),
    ("ix_job_applications_post_created", "job_applications", &["job_post_id", "created_at"]),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let daily = col("analytics_daily");
        manager
            .create_table(
                Table::create()
                    .table(daily.clone())
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(string_len(col("metric"), 40))
                    .col(date(col("day")))
                    .col(string_len(col("key"), 40).default(""))
                    .col(big_integer(col("value")).default(0))
                    .foreign_key(&mut fk(
                        "fk_analytics_daily_tenant",
                        (daily.clone(), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_analytics_daily", daily.clone(), &["tenant_id", "metric", "day", "key"], true))
            .await?;
        let rollups = col("analytics_rollups");
        manager
            .create_table(
                Table::create()
                    .table(rollups.clone())
                    .col(big_integer(col("tenant_id")).primary_key())
                    .col(timestamp_with_time_zone(col("backfilled_at")))
                    .col(timestamp_with_time_zone(col("rolled_up_at")))
                    .foreign_key(&mut fk(
                        "fk_analytics_rollups_tenant",
                        (rollups.clone(), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, table, cols) in DAY_INDEXES {
            manager.create_index(index(name, col(table), cols, false)).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, _) in DAY_INDEXES {
            manager.drop_index(Index::drop().name(name).table(col(table)).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(col("analytics_rollups")).to_owned()).await?;
        manager.drop_table(Table::drop().table(col("analytics_daily")).to_owned()).await
    }
}
