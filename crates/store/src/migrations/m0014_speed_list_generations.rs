//! A per-tenant write generation for the group lists' page counts (issue 11): the lists
//! cache their exact counts keyed by the generation (`crate::list_counts`), and triggers
//! bump it in the same transaction as every write to the rows those counts read: groups,
//! memberships (visibility of private groups, the `role` filter), the groups' topics and
//! use cases, and a topic's area (the `topic_areas` filter).
//!
//! The bump is an upsert, so a tenant without a row (generation 0) gets one on its first
//! write. Cascaded deletes fire the triggers too on both databases.

use sea_orm_migration::prelude::*;

use super::PG_EVENTS;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0014_speed_list_generations"
    }
}

const TABLE: &str =
    r#"CREATE TABLE "list_generations" ("tenant_id" BIGINT NOT NULL PRIMARY KEY, "generation" BIGINT NOT NULL)"#;

/// The tables whose rows name a group in `group_id` and feed the list counts.
const GROUP_CHILDREN: [&str; 3] = ["memberships", "group_topics", "group_use_cases"];

/// SQLite: the upsert that bumps the generation of the tenant `tenant_sql` selects.
fn sqlite_bump(tenant_sql: &str) -> String {
    format!(
        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") {tenant_sql} \
         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

fn sqlite_statements() -> Vec<String> {
    let mut out = Vec::new();
    let direct =
        |row: &str| sqlite_bump(&format!("SELECT {row}.\"tenant_id\", 1 WHERE {row}.\"tenant_id\" IS NOT NULL"));
    let via_group =
        |row: &str| sqlite_bump(&format!("SELECT \"tenant_id\", 1 FROM \"groups\" WHERE \"id\" = {row}.\"group_id\""));
    out.push(format!(
        "CREATE TRIGGER list_generation_groups_ai AFTER INSERT ON \"groups\" BEGIN {} END",
        direct("NEW")
    ));
    out.push(format!(
        "CREATE TRIGGER list_generation_groups_au AFTER UPDATE ON \"groups\" BEGIN {} {} END",
        direct("NEW"),
        direct("OLD")
    ));
    out.push(format!(
        "CREATE TRIGGER list_generation_groups_ad AFTER DELETE ON \"groups\" BEGIN {} END",
        direct("OLD")
    ));
    for table in GROUP_CHILDREN {
        out.push(format!(
            "CREATE TRIGGER list_generation_{table}_ai AFTER INSERT ON \"{table}\" BEGIN {} END",
            via_group("NEW")
        ));
        out.push(format!(
            "CREATE TRIGGER list_generation_{table}_au AFTER UPDATE ON \"{table}\" BEGIN {} {} END",
            via_group("NEW"),
            via_group("OLD")
        ));
        out.push(format!(
            "CREATE TRIGGER list_generation_{table}_ad AFTER DELETE ON \"{table}\" BEGIN {} END",
            via_group("OLD")
        ));
    }
    out.push(format!(
        "CREATE TRIGGER list_generation_topics_au AFTER UPDATE OF \"topic_area_id\" ON \"topics\" BEGIN {} END",
        direct("NEW")
    ));
    out
}

fn sqlite_drops() -> Vec<String> {
    let mut out: Vec<String> =
        ["ai", "au", "ad"].iter().map(|s| format!("DROP TRIGGER IF EXISTS list_generation_groups_{s}")).collect();
    for table in GROUP_CHILDREN {
        for suffix in ["ai", "au", "ad"] {
            out.push(format!("DROP TRIGGER IF EXISTS list_generation_{table}_{suffix}"));
        }
    }
    out.push("DROP TRIGGER IF EXISTS list_generation_topics_au".into());
    out
}

/// The rows of `event`'s transition tables, as one `tenant_id` column per changed row,
/// where `tenant_of` maps a transition table to its tenants.
pub(super) fn pg_changed_tenants(event: &str, tenant_of: &dyn Fn(&str) -> String) -> String {
    match event {
        "insert" => tenant_of("new_rows"),
        "delete" => tenant_of("old_rows"),
        _ => format!("{} UNION {}", tenant_of("new_rows"), tenant_of("old_rows")),
    }
}

fn postgres_statements() -> Vec<String> {
    let mut out = vec![
        // Row level, for the rare topic-area change (a column-specific trigger).
        "CREATE OR REPLACE FUNCTION list_generation_topic() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO list_generations (tenant_id, generation) VALUES (NEW.tenant_id, 1) \
         ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
         RETURN NULL; END $$"
            .to_string(),
        "CREATE TRIGGER list_generation_topics AFTER UPDATE OF topic_area_id ON \"topics\" \
         FOR EACH ROW EXECUTE FUNCTION list_generation_topic()"
            .to_string(),
    ];
    let direct = |rows: &str| format!("SELECT tenant_id FROM {rows}");
    let via_group = |rows: &str| format!("SELECT g.tenant_id FROM {rows} r JOIN groups g ON g.id = r.group_id");
    for (kind, tenant_of) in [("direct", &direct as &dyn Fn(&str) -> String), ("via_group", &via_group)] {
        for (event, _, _) in PG_EVENTS {
            out.push(format!(
                "CREATE OR REPLACE FUNCTION list_generation_{kind}_{event}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                 INSERT INTO list_generations (tenant_id, generation) \
                 SELECT DISTINCT tenant_id, 1 FROM ({}) AS changed WHERE tenant_id IS NOT NULL \
                 ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
                 RETURN NULL; END $$",
                pg_changed_tenants(event, tenant_of)
            ));
        }
    }
    for (table, kind) in std::iter::once(("groups", "direct")).chain(GROUP_CHILDREN.iter().map(|t| (*t, "via_group"))) {
        for (event, sql_event, referencing) in PG_EVENTS {
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{event} AFTER {sql_event} ON \"{table}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION list_generation_{kind}_{event}()"
            ));
        }
    }
    out
}

fn postgres_drops() -> Vec<String> {
    let mut out = vec!["DROP TRIGGER IF EXISTS list_generation_topics ON \"topics\"".to_string()];
    for table in std::iter::once("groups").chain(GROUP_CHILDREN) {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS list_generation_{table}_{event} ON \"{table}\""));
        }
    }
    for kind in ["direct", "via_group"] {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP FUNCTION IF EXISTS list_generation_{kind}_{event}()"));
        }
    }
    out.push("DROP FUNCTION IF EXISTS list_generation_topic()".into());
    out
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(TABLE).await?;
        super::execute_all(manager, super::for_backend(manager, postgres_statements, sqlite_statements)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        super::execute_all(manager, super::for_backend(manager, postgres_drops, sqlite_drops)).await?;
        manager.get_connection().execute_unprepared(r#"DROP TABLE IF EXISTS "list_generations""#).await?;
        Ok(())
    }
}
