//! The content lists keep their page counts per tenant write generation like the group and
//! job lists (`crate::list_counts`), so every write to `contents` bumps its tenant's
//! generation in the same transaction. Group and membership writes, which decide what a
//! reader may see, already bump it (m0014).

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0022_content_list_generations"
    }
}

const TABLE: &str = "contents";

fn sqlite_statements() -> Vec<String> {
    SQLITE_EVENTS
        .iter()
        .map(|(suffix, event, rows)| {
            let body: String = rows
                .iter()
                .map(|row| {
                    format!(
                        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") SELECT {row}.\"tenant_id\", 1 \
                         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
                    )
                })
                .collect::<Vec<_>>()
                .join(" ");
            format!("CREATE TRIGGER list_generation_{TABLE}_{suffix} AFTER {event} ON \"{TABLE}\" BEGIN {body} END")
        })
        .collect()
}

fn postgres_statements() -> Vec<String> {
    PG_EVENTS
        .iter()
        .map(|(event, sql_event, referencing)| {
            format!(
                "CREATE TRIGGER list_generation_{TABLE}_{event} AFTER {sql_event} ON \"{TABLE}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION list_generation_direct_{event}()"
            )
        })
        .collect()
}

fn drops(backend: DbBackend) -> Vec<String> {
    match backend {
        DbBackend::Postgres => PG_EVENTS
            .iter()
            .map(|(event, _, _)| format!("DROP TRIGGER IF EXISTS list_generation_{TABLE}_{event} ON \"{TABLE}\""))
            .collect(),
        _ => SQLITE_EVENTS
            .iter()
            .map(|(suffix, _, _)| format!("DROP TRIGGER IF EXISTS list_generation_{TABLE}_{suffix}"))
            .collect(),
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_statements, sqlite_statements)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, drops(manager.get_database_backend())).await
    }
}
