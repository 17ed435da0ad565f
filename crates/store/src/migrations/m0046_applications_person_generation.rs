//! A job application is its applicant's, not the site's: it bumps the applicant's person
//! generation (m0042) instead of the tenant's list generation (m0015). The board's pages and
//! base views no longer start over at every application; the lists that read the caller's
//! applications (applied, my jobs) are kept under their person generation too, and the
//! applicant counts an administrator sees are read per request (`api::areas::jobs::view`).

use sea_orm_migration::prelude::*;

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0046_applications_person_generation"
    }
}

/// One SQLite trigger per event on the applications, named `{prefix}_job_applications_*`,
/// running `bump` for each row version (`NEW`, `OLD`) the event has.
fn sqlite_triggers(prefix: &str, bump: impl Fn(&str) -> String) -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, event, rows)| {
            let body: String = rows.iter().map(|row| bump(row)).collect::<Vec<_>>().join(" ");
            format!(
                "CREATE TRIGGER {prefix}_job_applications_{suffix} AFTER {event} ON \"job_applications\" \
                 BEGIN {body} END"
            )
        })
        .collect()
}

fn sqlite_person_triggers() -> Vec<String> {
    sqlite_triggers("person_generation", |row| {
        format!(
            "INSERT INTO \"person_generations\" (\"user_id\", \"generation\") VALUES ({row}.\"user_id\", 1) \
             ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
        )
    })
}

/// m0015's triggers on the applications, as they were.
fn sqlite_list_triggers() -> Vec<String> {
    sqlite_triggers("list_generation", |row| {
        format!(
            "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") SELECT \"tenant_id\", 1 \
             FROM \"job_posts\" WHERE \"id\" = {row}.\"job_post_id\" \
             ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
        )
    })
}

fn sqlite_drops(prefix: &str) -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, _, _)| format!("DROP TRIGGER IF EXISTS {prefix}_job_applications_{suffix}"))
        .collect()
}

fn sqlite_up() -> Vec<String> {
    sqlite_drops("list_generation").into_iter().chain(sqlite_person_triggers()).collect()
}

fn sqlite_down() -> Vec<String> {
    sqlite_drops("person_generation").into_iter().chain(sqlite_list_triggers()).collect()
}

/// Statement-level triggers over the transition tables, through the functions m0042 (a
/// person in `user_id`) and m0015 (a tenant through the job) made.
fn pg_triggers(prefix: &str, function: &str) -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, sql_event, referencing)| {
            format!(
                "CREATE TRIGGER {prefix}_job_applications_{event} AFTER {sql_event} ON \"job_applications\" \
                 {referencing} FOR EACH STATEMENT EXECUTE FUNCTION {function}_{event}()"
            )
        })
        .collect()
}

fn pg_drops(prefix: &str) -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, _, _)| {
            format!("DROP TRIGGER IF EXISTS {prefix}_job_applications_{event} ON \"job_applications\"")
        })
        .collect()
}

fn postgres_up() -> Vec<String> {
    pg_drops("list_generation")
        .into_iter()
        .chain(pg_triggers("person_generation", "person_generation_by_user"))
        .collect()
}

fn postgres_down() -> Vec<String> {
    pg_drops("person_generation").into_iter().chain(pg_triggers("list_generation", "list_generation_via_job")).collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_up, sqlite_up)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_down, sqlite_down)).await
    }
}
