//! A site's plan discounts bump everyone's person generation (row 0), as its plans and prices
//! already do (m0042): the plan list (`GET /api/v1/subscription-plans/`) is kept per that
//! generation, and a discount changes what a plan shows.

use sea_orm_migration::prelude::*;

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0048_plan_discounts_everyone"
    }
}

const TABLE: &str = "subscription_discounts";

fn sqlite_statements() -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, event, _)| {
            format!(
                "CREATE TRIGGER person_generation_{TABLE}_{suffix} AFTER {event} ON \"{TABLE}\" BEGIN \
                 INSERT INTO \"person_generations\" (\"user_id\", \"generation\") VALUES (0, 1) \
                 ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1; END"
            )
        })
        .collect()
}

fn sqlite_drops() -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, _, _)| format!("DROP TRIGGER IF EXISTS person_generation_{TABLE}_{suffix}"))
        .collect()
}

/// m0042's statement-level functions for the tables every identity may show.
fn postgres_statements() -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, sql_event, referencing)| {
            format!(
                "CREATE TRIGGER person_generation_{TABLE}_{event} AFTER {sql_event} ON \"{TABLE}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION person_generation_everyone_{event}()"
            )
        })
        .collect()
}

fn postgres_drops() -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, _, _)| format!("DROP TRIGGER IF EXISTS person_generation_{TABLE}_{event} ON \"{TABLE}\""))
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_statements, sqlite_statements)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_drops, sqlite_drops)).await
    }
}
