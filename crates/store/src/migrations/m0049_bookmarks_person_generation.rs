//! A bookmark is its member's: adding or removing one bumps the member's person generation
//! (m0042), as their memberships, follows and applications already do. The caller's ties to
//! a page of circles or jobs (memberships, follows, applications, bookmarks) are then kept
//! per that generation (`api::areas::caller_ties`) instead of read on every signed-in list.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0049_bookmarks_person_generation"
    }
}

const TABLE: &str = "bookmarks";

fn sqlite_statements() -> Vec<String> {
    super::sqlite_row_triggers("person_generation", TABLE, super::sqlite_bump_people)
}

fn sqlite_drops() -> Vec<String> {
    super::sqlite_trigger_drops("person_generation", TABLE)
}

/// m0042's statement-level functions for the tables whose rows name their person in `user_id`.
fn postgres_statements() -> Vec<String> {
    super::pg_statement_triggers("person_generation", TABLE, "person_generation_by_user")
}

fn postgres_drops() -> Vec<String> {
    super::pg_trigger_drops("person_generation", TABLE)
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
