//! A bookmark is its member's: adding or removing one bumps the member's person generation
//! (m0042), as their memberships, follows and applications already do. The caller's ties to
//! a page of circles or jobs (memberships, follows, applications, bookmarks) are then kept
//! per that generation (`api::areas::caller_ties`) instead of read on every signed-in list.

use sea_orm_migration::prelude::*;

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0049_bookmarks_person_generation"
    }
}

const TABLE: &str = "bookmarks";

fn sqlite_statements() -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, event, rows)| {
            let bumps: String = rows
                .iter()
                .map(|row| {
                    format!(
                        "INSERT INTO \"person_generations\" (\"user_id\", \"generation\") VALUES ({row}.\"user_id\", 1) \
                         ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
                    )
                })
                .collect::<Vec<_>>()
                .join(" ");
            format!("CREATE TRIGGER person_generation_{TABLE}_{suffix} AFTER {event} ON \"{TABLE}\" BEGIN {bumps} END")
        })
        .collect()
}

fn sqlite_drops() -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, _, _)| format!("DROP TRIGGER IF EXISTS person_generation_{TABLE}_{suffix}"))
        .collect()
}

/// m0042's statement-level functions for the tables whose rows name their person in `user_id`.
fn postgres_statements() -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, sql_event, referencing)| {
            format!(
                "CREATE TRIGGER person_generation_{TABLE}_{event} AFTER {sql_event} ON \"{TABLE}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION person_generation_by_user_{event}()"
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
