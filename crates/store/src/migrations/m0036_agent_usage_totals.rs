//! CareerGPS races (issue 18):
//!
//! - `agent_usage_totals`: a person's uses of the agents of one type in a month, unique by
//!   `(tenant, user, period, agent_type)`, so the usage limit is checked and counted in one
//!   conditional upsert (two concurrent runs cannot both pass the limit). Filled from
//!   `agent_usage` for the months already counted.
//! - `agent_reports.run_id` becomes unique: one report per run, whatever races.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0036_agent_usage_totals"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let table = col("agent_usage_totals");
        manager
            .create_table(
                Table::create()
                    .table(table.clone())
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(string_len(col("period"), 7))
                    .col(string_len(col("agent_type"), 40))
                    .col(big_integer(col("count")).default(0))
                    .col(timestamp_with_time_zone(col("updated_at")))
                    .foreign_key(&mut fk(
                        "fk_agent_usage_totals_tenant",
                        (table.clone(), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_agent_usage_totals_user_id",
                        (table.clone(), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_agent_usage_totals",
                table.clone(),
                &["tenant_id", "user_id", "period", "agent_type"],
                true,
            ))
            .await?;
        manager.create_index(index("ix_agent_usage_totals_user_fk", table, &["user_id"], false)).await?;
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO agent_usage_totals (tenant_id, user_id, period, agent_type, count, updated_at) \
                 SELECT u.tenant_id, u.user_id, u.period, a.agent_type, SUM(u.count), MAX(u.updated_at) \
                 FROM agent_usage u JOIN agents a ON a.id = u.agent_id \
                 GROUP BY u.tenant_id, u.user_id, u.period, a.agent_type",
            )
            .await?;
        manager.drop_index(Index::drop().name("ix_agent_reports_run").table(col("agent_reports")).to_owned()).await?;
        manager.create_index(index("ux_agent_reports_run", col("agent_reports"), &["run_id"], true)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ux_agent_reports_run").table(col("agent_reports")).to_owned()).await?;
        manager.create_index(index("ix_agent_reports_run", col("agent_reports"), &["run_id"], false)).await?;
        manager.drop_table(Table::drop().table(col("agent_usage_totals")).to_owned()).await
    }
}
