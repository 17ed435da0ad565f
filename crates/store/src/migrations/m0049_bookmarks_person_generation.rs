//! A bookmark is its member's: adding or removing one bumps the member's person generation
//! (m0042), as their memberships, follows and applications already do. The caller's ties to
//! a page of circles or jobs (memberships, follows, applications, bookmarks) are then kept
//! per that generation (`api::areas::KeptPages::group_ties` and `job_ties`) instead of read on every signed-in list.

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0049_bookmarks_person_generation",
    postgres_up: postgres_statements,
    sqlite_up: sqlite_statements,
    postgres_down: postgres_drops,
    sqlite_down: sqlite_drops,
};

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
