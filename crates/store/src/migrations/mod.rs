//! Schema migrations. One set serves SQLite and PostgreSQL: tables are described with
//! sea-query builders, never raw SQL of one dialect.

use sea_orm_migration::prelude::*;

mod m0001_foundation;
mod m0002_accounts;
mod m0003_auth;
mod m0004_profiles;
mod m0005_files;
mod m0006_imports_follows;
pub mod m0007_groups;
mod m0008_profile_country_index;
mod m0009_use_cases;
mod m0010_leader_certifications;
mod m0011_search_index;
mod m0012_list_indexes;
mod m0013_job_board;
mod m0014_speed_list_generations;
mod m0015_job_list_generations;
mod m0016_search_by_kind;
mod m0017_list_page_generations;
mod m0018_bookmarks;
mod m0019_content;
mod m0020_catalogue;
mod m0021_search_without_pending_list;
mod m0022_content_list_generations;
mod m0023_career_tip_votes;
mod m0024_influencers;
mod m0025_payments;
mod m0026_groups_created_by;
mod m0027_paid_circles;
mod m0028_chat_notifications;
mod m0029_assistant;
mod m0030_institutional_subscriptions;
mod m0032_agents;
mod m0033_audit_log;
mod m0034_feedback_contact;
mod m0035_classroom;
mod m0036_agent_usage_totals;
mod m0037_matching;
mod m0038_tenant_root_index;
mod m0039_analytics;
mod m0040_agent_votes;
mod m0041_catalogue_list_generations;
mod m0042_person_generations;
mod m0043_people_search_generations;
mod m0044_matching_document_columns;
mod m0045_group_post_notices;
mod m0046_applications_person_generation;
mod m0047_generation_notices;
mod m0048_plan_discounts_everyone;
mod m0049_bookmarks_person_generation;
mod m0050_notifications_person_generation;

/// The row-level trigger events of SQLite, each with its name suffix and the row versions
/// it bumps for (`NEW`, `OLD`).
const SQLITE_EVENTS: [(&str, &str, &[&str]); 3] =
    [("ai", "INSERT", &["NEW"]), ("au", "UPDATE", &["NEW", "OLD"]), ("ad", "DELETE", &["OLD"])];

/// The statement-level trigger events of PostgreSQL with their transition tables: a trigger
/// with transition tables takes one event, hence three per table.
const PG_EVENTS: [(&str, &str, &str); 3] = [
    ("insert", "INSERT", "REFERENCING NEW TABLE AS new_rows"),
    ("update", "UPDATE", "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"),
    ("delete", "DELETE", "REFERENCING OLD TABLE AS old_rows"),
];

/// One SQLite trigger per row event on `table`, named `{prefix}_{table}_{suffix}`, whose body
/// `body` writes from the row versions (`NEW`, `OLD`) the event has.
fn sqlite_row_triggers(prefix: &str, table: &str, body: impl Fn(&[&str]) -> String) -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, event, rows)| {
            format!("CREATE TRIGGER {prefix}_{table}_{suffix} AFTER {event} ON \"{table}\" BEGIN {} END", body(rows))
        })
        .collect()
}

fn sqlite_trigger_drops(prefix: &str, table: &str) -> Vec<String> {
    SQLITE_EVENTS.iter().map(|(suffix, _, _)| format!("DROP TRIGGER IF EXISTS {prefix}_{table}_{suffix}")).collect()
}

/// SQLite: bumps the person generation (m0042) of each row version's `user_id`.
fn sqlite_bump_people(rows: &[&str]) -> String {
    rows.iter()
        .map(|row| {
            format!(
                "INSERT INTO \"person_generations\" (\"user_id\", \"generation\") VALUES ({row}.\"user_id\", 1) \
                 ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// PostgreSQL statement-level triggers on `table` over its transition tables, named
/// `{prefix}_{table}_{event}`, each calling `{function}_{event}()`.
fn pg_statement_triggers(prefix: &str, table: &str, function: &str) -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, sql_event, referencing)| {
            format!(
                "CREATE TRIGGER {prefix}_{table}_{event} AFTER {sql_event} ON \"{table}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION {function}_{event}()"
            )
        })
        .collect()
}

fn pg_trigger_drops(prefix: &str, table: &str) -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, _, _)| format!("DROP TRIGGER IF EXISTS {prefix}_{table}_{event} ON \"{table}\""))
        .collect()
}

/// The statements for the connection's database: `postgres` on PostgreSQL, `sqlite`
/// otherwise (the generation triggers are written per backend).
fn for_backend(manager: &SchemaManager, postgres: fn() -> Vec<String>, sqlite: fn() -> Vec<String>) -> Vec<String> {
    match manager.get_database_backend() {
        sea_orm_migration::sea_orm::DbBackend::Postgres => postgres(),
        _ => sqlite(),
    }
}

/// Runs `statements` in order (trigger and function definitions, or their drops).
async fn execute_all(manager: &SchemaManager<'_>, statements: Vec<String>) -> Result<(), DbErr> {
    for statement in statements {
        manager.get_connection().execute_unprepared(&statement).await?;
    }
    Ok(())
}

/// A migration made of trigger (and trigger function) statements only.
pub(crate) struct TriggerMigration {
    pub name: &'static str,
    pub triggers: Triggers,
}

/// What a [`TriggerMigration`] writes.
pub(crate) enum Triggers {
    /// Statements written per backend, for each direction.
    PerBackend {
        postgres_up: fn() -> Vec<String>,
        sqlite_up: fn() -> Vec<String>,
        postgres_down: fn() -> Vec<String>,
        sqlite_down: fn() -> Vec<String>,
    },
    /// Every write to `table`, whose rows name their person in `user_id`, bumps that person's
    /// generation (m0042's functions).
    BumpPersonGeneration { table: &'static str },
}

impl Triggers {
    fn statements(&self, backend: sea_orm_migration::sea_orm::DbBackend, up: bool) -> Vec<String> {
        let postgres = backend == sea_orm_migration::sea_orm::DbBackend::Postgres;
        match *self {
            Triggers::PerBackend { postgres_up, sqlite_up, postgres_down, sqlite_down } => {
                let statements = match (postgres, up) {
                    (true, true) => postgres_up,
                    (true, false) => postgres_down,
                    (false, true) => sqlite_up,
                    (false, false) => sqlite_down,
                };
                statements()
            }
            Triggers::BumpPersonGeneration { table } => {
                const PREFIX: &str = "person_generation";
                match (postgres, up) {
                    (true, true) => pg_statement_triggers(PREFIX, table, "person_generation_by_user"),
                    (true, false) => pg_trigger_drops(PREFIX, table),
                    (false, true) => sqlite_row_triggers(PREFIX, table, sqlite_bump_people),
                    (false, false) => sqlite_trigger_drops(PREFIX, table),
                }
            }
        }
    }
}

impl MigrationName for TriggerMigration {
    fn name(&self) -> &str {
        self.name
    }
}

#[async_trait::async_trait]
impl MigrationTrait for TriggerMigration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(manager, self.triggers.statements(manager.get_database_backend(), true)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(manager, self.triggers.statements(manager.get_database_backend(), false)).await
    }
}

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_foundation::Migration),
            Box::new(m0002_accounts::Migration),
            Box::new(m0003_auth::Migration),
            Box::new(m0004_profiles::Migration),
            Box::new(m0005_files::Migration),
            Box::new(m0006_imports_follows::Migration),
            Box::new(m0007_groups::Migration),
            Box::new(m0008_profile_country_index::Migration),
            Box::new(m0009_use_cases::Migration),
            Box::new(m0010_leader_certifications::Migration),
            Box::new(m0011_search_index::Migration),
            Box::new(m0012_list_indexes::Migration),
            Box::new(m0013_job_board::Migration),
            Box::new(m0014_speed_list_generations::Migration),
            Box::new(m0015_job_list_generations::MIGRATION),
            Box::new(m0016_search_by_kind::Migration),
            Box::new(m0017_list_page_generations::MIGRATION),
            Box::new(m0018_bookmarks::Migration),
            Box::new(m0019_content::Migration),
            Box::new(m0020_catalogue::Migration),
            Box::new(m0021_search_without_pending_list::Migration),
            Box::new(m0022_content_list_generations::Migration),
            Box::new(m0023_career_tip_votes::Migration),
            Box::new(m0024_influencers::Migration),
            Box::new(m0025_payments::Migration),
            Box::new(m0026_groups_created_by::Migration),
            Box::new(m0027_paid_circles::Migration),
            Box::new(m0028_chat_notifications::Migration),
            Box::new(m0029_assistant::Migration),
            Box::new(m0030_institutional_subscriptions::Migration),
            Box::new(m0032_agents::Migration),
            Box::new(m0033_audit_log::Migration),
            Box::new(m0034_feedback_contact::Migration),
            Box::new(m0035_classroom::Migration),
            Box::new(m0036_agent_usage_totals::Migration),
            Box::new(m0037_matching::Migration),
            Box::new(m0038_tenant_root_index::Migration),
            Box::new(m0039_analytics::Migration),
            Box::new(m0040_agent_votes::Migration),
            Box::new(m0041_catalogue_list_generations::Migration),
            Box::new(m0042_person_generations::Migration),
            Box::new(m0043_people_search_generations::Migration),
            Box::new(m0044_matching_document_columns::Migration),
            Box::new(m0045_group_post_notices::Migration),
            Box::new(m0046_applications_person_generation::MIGRATION),
            Box::new(m0047_generation_notices::Migration),
            Box::new(m0048_plan_discounts_everyone::MIGRATION),
            Box::new(m0049_bookmarks_person_generation::MIGRATION),
            Box::new(m0050_notifications_person_generation::MIGRATION),
        ]
    }
}

/// Applies every pending migration, then gives every site the built-in agents it lacks (sites made
/// before agents were created with the site, and agents added to the code since).
pub async fn migrate(db: &crate::Db) -> Result<(), DbErr> {
    Migrator::up(db, None).await?;
    crate::queries::agents::ensure_builtin_everywhere(db).await.map_err(|e| match e {
        crate::StoreError::Db(e) => e,
        other => DbErr::Custom(other.to_string()),
    })?;
    Ok(())
}

/// The `created_at`/`updated_at` pair every table carries.
pub(crate) fn timestamps(table: &mut TableCreateStatement) -> &mut TableCreateStatement {
    use sea_orm_migration::schema::timestamp_with_time_zone;
    table
        .col(timestamp_with_time_zone(Alias::new("created_at")))
        .col(timestamp_with_time_zone(Alias::new("updated_at")))
}

pub(crate) fn fk(
    name: &str,
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(from.0, from.1).to(to.0, to.1).on_delete(on_delete).to_owned()
}

pub(crate) fn index(name: &str, table: impl IntoIden, cols: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut statement = Index::create();
    statement.name(name).table(table);
    for col in cols {
        statement.col(Alias::new(*col));
    }
    if unique {
        statement.unique();
    }
    statement.to_owned()
}
