//! The circles and events pages are kept per tenant write generation, with the base view of
//! each of their groups (the API's `page_cache`), so every write to a table such a view
//! reads must bump the generation in its transaction, as m0014 does for the tables the
//! counts read (groups, memberships, group topics and use cases, a topic's area):
//!
//! - a topic's name (the `topics_detailed` of its groups and jobs' `skills_detailed`);
//! - use cases (a group's `use_cases_detailed`: slug, title, description, thumbnail);
//! - a group's SDGs (`group_sdgs`), and the SDGs and circle types themselves (shared by
//!   every tenant, written only by migrations today: any write bumps every tenant);
//! - follows of a group (`followers_count`);
//! - a user's e-mail verification (the `unverified_members_count` administrators see of the
//!   groups the user belongs to).

use super::{PG_EVENTS, SQLITE_EVENTS};

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0017_list_page_generations",
    triggers: super::Triggers::PerBackend {
        postgres_up: postgres_statements,
        sqlite_up: sqlite_statements,
        postgres_down: postgres_drops,
        sqlite_down: sqlite_drops,
    },
};

/// Tables whose rows name a group in `group_id` (a follow of a person has none: no bump).
const GROUP_CHILDREN: [&str; 2] = ["group_sdgs", "follows"];
/// Tables shared by every tenant.
const SHARED: [&str; 2] = ["sdgs", "circle_types"];

fn sqlite_bump(tenant_sql: &str) -> String {
    format!(
        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") {tenant_sql} \
         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

fn sqlite_statements() -> Vec<String> {
    let mut out = Vec::new();
    let via_group =
        |row: &str| sqlite_bump(&format!("SELECT \"tenant_id\", 1 FROM \"groups\" WHERE \"id\" = {row}.\"group_id\""));
    for table in GROUP_CHILDREN {
        for (suffix, event, rows) in SQLITE_EVENTS {
            let body: String = rows.iter().map(|row| via_group(row)).collect::<Vec<_>>().join(" ");
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{suffix} AFTER {event} ON \"{table}\" BEGIN {body} END"
            ));
        }
    }
    let every_tenant = sqlite_bump("SELECT \"id\", 1 FROM \"tenants\" WHERE true");
    for table in SHARED {
        for (suffix, event, _) in SQLITE_EVENTS {
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{suffix} AFTER {event} ON \"{table}\" BEGIN {every_tenant} END"
            ));
        }
    }
    let direct =
        |row: &str| sqlite_bump(&format!("SELECT {row}.\"tenant_id\", 1 WHERE {row}.\"tenant_id\" IS NOT NULL"));
    out.push(format!(
        "CREATE TRIGGER list_generation_topics_name_au AFTER UPDATE OF \"name\" ON \"topics\" BEGIN {} END",
        direct("NEW")
    ));
    for (suffix, event, rows) in SQLITE_EVENTS {
        let body: String = rows.iter().map(|row| direct(row)).collect::<Vec<_>>().join(" ");
        out.push(format!(
            "CREATE TRIGGER list_generation_use_cases_{suffix} AFTER {event} ON \"use_cases\" BEGIN {body} END"
        ));
    }
    out.push(format!(
        "CREATE TRIGGER list_generation_users_verified_au AFTER UPDATE OF \"is_verified\" ON \"users\" \
         WHEN NEW.\"is_verified\" IS NOT OLD.\"is_verified\" BEGIN {} END",
        sqlite_bump(
            "SELECT DISTINCT g.\"tenant_id\", 1 FROM \"memberships\" m JOIN \"groups\" g ON g.\"id\" = m.\"group_id\" \
             WHERE m.\"user_id\" = NEW.\"id\""
        )
    ));
    out
}

fn sqlite_drops() -> Vec<String> {
    let mut out = Vec::new();
    for table in GROUP_CHILDREN.iter().chain(&SHARED).chain(&["use_cases"]) {
        for (suffix, _, _) in SQLITE_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS list_generation_{table}_{suffix}"));
        }
    }
    out.push("DROP TRIGGER IF EXISTS list_generation_topics_name_au".into());
    out.push("DROP TRIGGER IF EXISTS list_generation_users_verified_au".into());
    out
}

fn postgres_statements() -> Vec<String> {
    let mut out = vec![
        "CREATE OR REPLACE FUNCTION list_generation_every_tenant() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO list_generations (tenant_id, generation) SELECT id, 1 FROM tenants \
         ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
         RETURN NULL; END $$"
            .to_string(),
        "CREATE OR REPLACE FUNCTION list_generation_user_verified() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO list_generations (tenant_id, generation) \
         SELECT DISTINCT g.tenant_id, 1 FROM memberships m JOIN groups g ON g.id = m.group_id WHERE m.user_id = NEW.id \
         ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
         RETURN NULL; END $$"
            .to_string(),
        // Row level and column specific, like m0014's topic-area trigger (its function bumps
        // NEW.tenant_id).
        "CREATE TRIGGER list_generation_topics_name AFTER UPDATE OF name ON \"topics\" \
         FOR EACH ROW EXECUTE FUNCTION list_generation_topic()"
            .to_string(),
        "CREATE TRIGGER list_generation_users_verified AFTER UPDATE OF is_verified ON \"users\" \
         FOR EACH ROW WHEN (OLD.is_verified IS DISTINCT FROM NEW.is_verified) \
         EXECUTE FUNCTION list_generation_user_verified()"
            .to_string(),
    ];
    let tables = GROUP_CHILDREN
        .iter()
        .map(|t| (*t, "via_group_"))
        .chain(std::iter::once(("use_cases", "direct_")))
        .chain(SHARED.iter().map(|t| (*t, "every_tenant")));
    for (table, kind) in tables {
        for (event, sql_event, referencing) in PG_EVENTS {
            let function = if kind == "every_tenant" { kind.to_string() } else { format!("{kind}{event}") };
            let referencing = if kind == "every_tenant" { "" } else { referencing };
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{event} AFTER {sql_event} ON \"{table}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION list_generation_{function}()"
            ));
        }
    }
    out
}

fn postgres_drops() -> Vec<String> {
    let mut out = vec![
        "DROP TRIGGER IF EXISTS list_generation_topics_name ON \"topics\"".to_string(),
        "DROP TRIGGER IF EXISTS list_generation_users_verified ON \"users\"".to_string(),
    ];
    for table in GROUP_CHILDREN.iter().chain(&SHARED).chain(&["use_cases"]) {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS list_generation_{table}_{event} ON \"{table}\""));
        }
    }
    out.push("DROP FUNCTION IF EXISTS list_generation_every_tenant()".into());
    out.push("DROP FUNCTION IF EXISTS list_generation_user_verified()".into());
    out
}
