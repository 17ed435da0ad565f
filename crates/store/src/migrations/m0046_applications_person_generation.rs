//! A job application is its applicant's, not the site's: it bumps the applicant's person
//! generation (m0042) instead of the tenant's list generation (m0015). The board's pages and
//! base views no longer start over at every application; the lists that read the caller's
//! applications (applied, my jobs) are kept under their person generation too, and the
//! applicant counts an administrator sees are read per request (`api::areas::jobs::view`).

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0046_applications_person_generation",
    triggers: super::Triggers::PerBackend { postgres_up, sqlite_up, postgres_down, sqlite_down },
};

const TABLE: &str = "job_applications";

/// m0015's triggers on the applications, as they were.
fn sqlite_list_triggers() -> Vec<String> {
    super::sqlite_row_triggers("list_generation", TABLE, |rows| {
        rows.iter()
            .map(|row| {
                format!(
                    "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") SELECT \"tenant_id\", 1 \
                     FROM \"job_posts\" WHERE \"id\" = {row}.\"job_post_id\" \
                     ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

fn sqlite_up() -> Vec<String> {
    let person = super::sqlite_row_triggers("person_generation", TABLE, super::sqlite_bump_people);
    super::sqlite_trigger_drops("list_generation", TABLE).into_iter().chain(person).collect()
}

fn sqlite_down() -> Vec<String> {
    super::sqlite_trigger_drops("person_generation", TABLE).into_iter().chain(sqlite_list_triggers()).collect()
}

/// Statement-level triggers over the transition tables, through the functions m0042 (a
/// person in `user_id`) and m0015 (a tenant through the job) made.
fn postgres_up() -> Vec<String> {
    let person = super::pg_statement_triggers("person_generation", TABLE, "person_generation_by_user");
    super::pg_trigger_drops("list_generation", TABLE).into_iter().chain(person).collect()
}

fn postgres_down() -> Vec<String> {
    let list = super::pg_statement_triggers("list_generation", TABLE, "list_generation_via_job");
    super::pg_trigger_drops("person_generation", TABLE).into_iter().chain(list).collect()
}
