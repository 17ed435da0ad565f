//! On PostgreSQL, every bump of a site's list generation (m0014), a person's generation
//! (m0042), a site's matching generations or a member's matching version (m0037) is announced
//! on the `waypoint_generations` channel, whatever trigger or worker bumped it, so
//! that each instance can keep the generations in memory and forget one the moment it moves
//! (`crate::generations`). The notice names the schema (several sites' databases, or the
//! tests' schemas, share one server) and the row; it carries no number, so the notices of
//! one transaction about one row fold into one. SQLite has no channel: nothing changes there.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0047_generation_notices"
    }
}

use crate::generations::CHANNEL;

/// (table, key column, the word the notice names the table by)
const TABLES: [(&str, &str, &str); 4] = [
    ("list_generations", "tenant_id", "site"),
    ("person_generations", "user_id", "person"),
    ("match_generations", "tenant_id", "match_site"),
    ("match_members", "user_id", "match_member"),
];

fn postgres_up() -> Vec<String> {
    TABLES
        .iter()
        .flat_map(|(table, key, word)| {
            [
                format!(
                    "CREATE OR REPLACE FUNCTION {table}_notice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                     PERFORM pg_notify('{CHANNEL}', current_schema() || ' {word} ' || NEW.{key}); \
                     RETURN NULL; END $$"
                ),
                format!(
                    "CREATE TRIGGER {table}_notice AFTER INSERT OR UPDATE ON \"{table}\" \
                     FOR EACH ROW EXECUTE FUNCTION {table}_notice()"
                ),
            ]
        })
        .collect()
}

fn postgres_down() -> Vec<String> {
    TABLES
        .iter()
        .flat_map(|(table, _, _)| {
            [
                format!("DROP TRIGGER IF EXISTS {table}_notice ON \"{table}\""),
                format!("DROP FUNCTION IF EXISTS {table}_notice()"),
            ]
        })
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_up, Vec::new)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_down, Vec::new)).await
    }
}
