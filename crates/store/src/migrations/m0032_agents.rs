//! CareerGPS agents, runs, reports and the system agents' answers (issue 18; spec 002 §3
//! "Agent", "Agent report", "Report feedback", "Admin items").
//!
//! - `agents`: a site's agent definitions, unique by `(tenant, slug)`; the steps, prompts
//!   and stepper flag are the `definition` JSON (`domain::agents::definition`). System
//!   agents (registration approval, AI enthusiasm ranking, use case curation) are rows too,
//!   `is_system`, so their answers can name them. Lists: `(tenant, is_system, position)`.
//! - `agent_runs`: one person going through an agent (`user_id` ran it; `beneficiary_id`
//!   when staff run it for a member), the answers by step order, the status, the agent log.
//!   The member's runs of an agent, newest first: `(tenant, user, agent, id)`.
//! - `agent_reports`: a run's report, unique by `(tenant, slug)`; `owner_id` is whom it is
//!   about, `created_by` who ran it. Lists newest first: `(tenant, owner, created_at, id)`,
//!   `(tenant, created_by, created_at, id)` and `(tenant, created_at, id)` for staff.
//! - `agent_report_feedback`: one rating (1–5) and comment per person and report.
//! - `agent_usage`: uses per person, agent and month (`period` 'YYYY-MM'); the month's total
//!   of a person reads `(tenant, user, period)`, an agent's uses `(tenant, agent, period)`.
//! - `agent_responses`: a system agent's latest answer about a member (`content_type`
//!   user) or use case (`aiusecase`), one per agent and object; `action` and `level` are
//!   copied out of the JSON for the admin filters. By object: `(tenant, content_type,
//!   object_id, agent)` (unique); filters: `(tenant, agent, action, level)`.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0032_agents"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

fn to_tenant(table: &str) -> ForeignKeyCreateStatement {
    fk(
        &format!("fk_{table}_tenant"),
        (col(table), col("tenant_id")),
        (col("tenants"), col("id")),
        ForeignKeyAction::Cascade,
    )
}

fn to_user(table: &str, column: &str, on_delete: ForeignKeyAction) -> ForeignKeyCreateStatement {
    fk(&format!("fk_{table}_{column}"), (col(table), col(column)), (col("users"), col("id")), on_delete)
}

fn to_agent(table: &str) -> ForeignKeyCreateStatement {
    fk(
        &format!("fk_{table}_agent"),
        (col(table), col("agent_id")),
        (col("agents"), col("id")),
        ForeignKeyAction::Cascade,
    )
}

async fn agents(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .create_table(
            Table::create()
                .table(col("agents"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(string_len(col("slug"), 120))
                .col(string_len(col("name"), 255))
                .col(string_len(col("agent_type"), 30))
                .col(boolean(col("is_system")).default(false))
                .col(boolean(col("can_chat")).default(false))
                .col(boolean(col("is_premium")).default(false))
                .col(boolean(col("is_active")).default(true))
                .col(integer(col("position")).default(0))
                .col(json_binary(col("definition")))
                .col(timestamp_with_time_zone(col("created_at")))
                .col(timestamp_with_time_zone(col("updated_at")))
                .foreign_key(&mut to_tenant("agents"))
                .to_owned(),
        )
        .await?;
    manager.create_index(index("ux_agents_slug", col("agents"), &["tenant_id", "slug"], true)).await?;
    manager
        .create_index(index("ix_agents_list", col("agents"), &["tenant_id", "is_system", "position", "id"], false))
        .await
}

async fn runs(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .create_table(
            Table::create()
                .table(col("agent_runs"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(big_integer(col("agent_id")))
                .col(big_integer(col("user_id")))
                .col(big_integer_null(col("beneficiary_id")))
                .col(json_binary(col("answers")))
                .col(integer(col("current_step")).default(0))
                .col(string_len(col("status"), 20))
                .col(json_binary(col("log")))
                .col(timestamp_with_time_zone(col("created_at")))
                .col(timestamp_with_time_zone(col("updated_at")))
                .col(timestamp_with_time_zone_null(col("completed_at")))
                .foreign_key(&mut to_tenant("agent_runs"))
                .foreign_key(&mut to_agent("agent_runs"))
                .foreign_key(&mut to_user("agent_runs", "user_id", ForeignKeyAction::Cascade))
                .foreign_key(&mut to_user("agent_runs", "beneficiary_id", ForeignKeyAction::Cascade))
                .to_owned(),
        )
        .await?;
    manager
        .create_index(index(
            "ix_agent_runs_user",
            col("agent_runs"),
            &["tenant_id", "user_id", "agent_id", "id"],
            false,
        ))
        .await?;
    manager.create_index(index("ix_agent_runs_agent", col("agent_runs"), &["agent_id", "id"], false)).await?;
    manager.create_index(index("ix_agent_runs_beneficiary", col("agent_runs"), &["beneficiary_id"], false)).await
}

async fn reports(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .create_table(
            Table::create()
                .table(col("agent_reports"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(string_len(col("slug"), 140))
                .col(big_integer(col("agent_id")))
                .col(big_integer_null(col("run_id")))
                .col(big_integer(col("owner_id")))
                .col(big_integer_null(col("created_by")))
                .col(json_binary(col("body")))
                .col(boolean(col("is_public")).default(false))
                .col(string_len(col("source"), 16))
                .col(timestamp_with_time_zone(col("created_at")))
                .foreign_key(&mut to_tenant("agent_reports"))
                .foreign_key(&mut to_agent("agent_reports"))
                .foreign_key(&mut fk(
                    "fk_agent_reports_run",
                    (col("agent_reports"), col("run_id")),
                    (col("agent_runs"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .foreign_key(&mut to_user("agent_reports", "owner_id", ForeignKeyAction::Cascade))
                .foreign_key(&mut to_user("agent_reports", "created_by", ForeignKeyAction::SetNull))
                .to_owned(),
        )
        .await?;
    let table = col("agent_reports");
    manager.create_index(index("ux_agent_reports_slug", table.clone(), &["tenant_id", "slug"], true)).await?;
    for (name, cols) in [
        ("ix_agent_reports_owner", &["tenant_id", "owner_id", "created_at", "id"][..]),
        ("ix_agent_reports_creator", &["tenant_id", "created_by", "created_at", "id"][..]),
        ("ix_agent_reports_created", &["tenant_id", "created_at", "id"][..]),
        ("ix_agent_reports_agent", &["agent_id"][..]),
        ("ix_agent_reports_run", &["run_id"][..]),
    ] {
        manager.create_index(index(name, table.clone(), cols, false)).await?;
    }
    manager
        .create_table(
            Table::create()
                .table(col("agent_report_feedback"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(big_integer(col("report_id")))
                .col(big_integer(col("user_id")))
                .col(small_integer(col("rating")))
                .col(text(col("feedback")))
                .col(timestamp_with_time_zone(col("created_at")))
                .col(timestamp_with_time_zone(col("updated_at")))
                .foreign_key(&mut to_tenant("agent_report_feedback"))
                .foreign_key(&mut fk(
                    "fk_agent_report_feedback_report",
                    (col("agent_report_feedback"), col("report_id")),
                    (col("agent_reports"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut to_user("agent_report_feedback", "user_id", ForeignKeyAction::Cascade))
                .to_owned(),
        )
        .await?;
    manager
        .create_index(index("ux_agent_report_feedback", col("agent_report_feedback"), &["report_id", "user_id"], true))
        .await?;
    manager
        .create_index(index("ix_agent_report_feedback_user", col("agent_report_feedback"), &["user_id"], false))
        .await
}

async fn usage(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .create_table(
            Table::create()
                .table(col("agent_usage"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(big_integer(col("user_id")))
                .col(big_integer(col("agent_id")))
                .col(string_len(col("period"), 7))
                .col(big_integer(col("count")).default(0))
                .col(timestamp_with_time_zone(col("updated_at")))
                .foreign_key(&mut to_tenant("agent_usage"))
                .foreign_key(&mut to_user("agent_usage", "user_id", ForeignKeyAction::Cascade))
                .foreign_key(&mut to_agent("agent_usage"))
                .to_owned(),
        )
        .await?;
    manager
        .create_index(index(
            "ux_agent_usage",
            col("agent_usage"),
            &["tenant_id", "user_id", "period", "agent_id"],
            true,
        ))
        .await?;
    manager
        .create_index(index("ix_agent_usage_agent", col("agent_usage"), &["tenant_id", "agent_id", "period"], false))
        .await?;
    manager.create_index(index("ix_agent_usage_agent_fk", col("agent_usage"), &["agent_id"], false)).await
}

async fn responses(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .create_table(
            Table::create()
                .table(col("agent_responses"))
                .col(big_pk_auto(col("id")))
                .col(big_integer(col("tenant_id")))
                .col(big_integer(col("agent_id")))
                .col(string_len(col("agent_type"), 30))
                .col(string_len(col("content_type"), 20))
                .col(big_integer(col("object_id")))
                .col(string_len(col("action"), 20))
                .col(string_len_null(col("level"), 20))
                .col(json_binary(col("response")))
                .col(timestamp_with_time_zone(col("last_run_at")))
                .col(timestamp_with_time_zone(col("created_at")))
                .foreign_key(&mut to_tenant("agent_responses"))
                .foreign_key(&mut to_agent("agent_responses"))
                .to_owned(),
        )
        .await?;
    manager
        .create_index(index(
            "ux_agent_responses_object",
            col("agent_responses"),
            &["tenant_id", "content_type", "object_id", "agent_id"],
            true,
        ))
        .await?;
    manager
        .create_index(index(
            "ix_agent_responses_filter",
            col("agent_responses"),
            &["tenant_id", "agent_id", "action", "level"],
            false,
        ))
        .await?;
    manager.create_index(index("ix_agent_responses_agent", col("agent_responses"), &["agent_id"], false)).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        agents(manager).await?;
        runs(manager).await?;
        reports(manager).await?;
        usage(manager).await?;
        responses(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in
            ["agent_responses", "agent_usage", "agent_report_feedback", "agent_reports", "agent_runs", "agents"]
        {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
