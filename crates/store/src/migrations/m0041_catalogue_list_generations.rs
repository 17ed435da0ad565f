//! The catalogue's lists (AI tools, use cases, career tips) keep their pages and base views
//! per tenant write generation like the group and job lists (the API's `page_cache`), and
//! the contents lists now keep their items' bases too, so every write to a table those
//! pages or views read bumps the tenant's generation in the same transaction:
//!
//! - `ai_tools` and `career_tips` (the rows, their status and vote score);
//! - `catalogue_tags` (the category, job function, field and stage filters);
//! - `use_case_ai_tools` (a tool's use cases and a use case's tools), through its use case;
//! - `content_files` (an item's attachments), through its item, `files` (their names and
//!   storage keys, and thumbnails) and `topic_areas` (their names);
//! - an author's name (`users`) and picture and profile link (`profiles`), shown on career
//!   tips: every tenant the person is a member of (rare writes, like m0017's verification).
//!
//! `use_cases` and a topic's name already bump it (m0017).

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0041_catalogue_list_generations"
    }
}

/// Tables whose rows carry their tenant.
const DIRECT: [&str; 5] = ["ai_tools", "career_tips", "catalogue_tags", "files", "topic_areas"];
/// Link tables, whose tenant is their parent's: (table, parent, the column naming it).
const LINKS: [(&str, &str, &str); 2] =
    [("use_case_ai_tools", "use_cases", "use_case_id"), ("content_files", "contents", "content_id")];

fn sqlite_bump(tenant_sql: &str) -> String {
    format!(
        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") {tenant_sql} \
         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

fn sqlite_statements() -> Vec<String> {
    let direct = |row: &str| sqlite_bump(&format!("SELECT {row}.\"tenant_id\", 1 WHERE true"));
    let mut out = author_sqlite_statements();
    let mut add = |table: &str, bump: &dyn Fn(&str) -> String| {
        for (suffix, event, rows) in SQLITE_EVENTS {
            let body: String = rows.iter().map(|row| bump(row)).collect::<Vec<_>>().join(" ");
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{suffix} AFTER {event} ON \"{table}\" BEGIN {body} END"
            ));
        }
    };
    for table in DIRECT {
        add(table, &direct);
    }
    for (table, parent, column) in LINKS {
        add(table, &|row: &str| {
            sqlite_bump(&format!("SELECT \"tenant_id\", 1 FROM \"{parent}\" WHERE \"id\" = {row}.\"{column}\""))
        });
    }
    out
}

/// The tenants of the user `user_sql` is a member of.
fn member_tenants(user_sql: &str) -> String {
    format!(
        "SELECT DISTINCT g.\"tenant_id\", 1 FROM \"memberships\" m JOIN \"groups\" g ON g.\"id\" = m.\"group_id\" \
         WHERE m.\"user_id\" = {user_sql}"
    )
}

fn author_sqlite_statements() -> Vec<String> {
    vec![
        format!(
            "CREATE TRIGGER list_generation_users_name_au AFTER UPDATE OF \"first_name\", \"last_name\" ON \"users\" \
             WHEN NEW.\"first_name\" IS NOT OLD.\"first_name\" OR NEW.\"last_name\" IS NOT OLD.\"last_name\" \
             BEGIN {} END",
            sqlite_bump(&member_tenants("NEW.\"id\""))
        ),
        format!(
            "CREATE TRIGGER list_generation_profiles_author_ai AFTER INSERT ON \"profiles\" BEGIN {} END",
            sqlite_bump(&member_tenants("NEW.\"user_id\""))
        ),
        format!(
            "CREATE TRIGGER list_generation_profiles_author_au AFTER UPDATE OF \"picture\", \"name_slug\" ON \"profiles\" \
             WHEN NEW.\"picture\" IS NOT OLD.\"picture\" OR NEW.\"name_slug\" IS NOT OLD.\"name_slug\" \
             BEGIN {} END",
            sqlite_bump(&member_tenants("NEW.\"user_id\""))
        ),
        format!(
            "CREATE TRIGGER list_generation_profiles_author_ad AFTER DELETE ON \"profiles\" BEGIN {} END",
            sqlite_bump(&member_tenants("OLD.\"user_id\""))
        ),
    ]
}

const AUTHOR_SQLITE_TRIGGERS: [&str; 4] = [
    "list_generation_users_name_au",
    "list_generation_profiles_author_ai",
    "list_generation_profiles_author_au",
    "list_generation_profiles_author_ad",
];

/// Row-level triggers of an author's name and picture (rare writes), each bumping the
/// tenants of the user the row names.
fn author_postgres_statements() -> Vec<String> {
    let function = |name: &str, user: &str| {
        format!(
            "CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             INSERT INTO list_generations (tenant_id, generation) \
             SELECT DISTINCT g.tenant_id, 1 FROM memberships m JOIN groups g ON g.id = m.group_id WHERE m.user_id = {user} \
             ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
             RETURN NULL; END $$"
        )
    };
    vec![
        function("list_generation_author_new", "NEW.user_id"),
        function("list_generation_author_old", "OLD.user_id"),
        function("list_generation_user_name", "NEW.id"),
        "CREATE TRIGGER list_generation_users_name AFTER UPDATE OF first_name, last_name ON \"users\" \
         FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name) \
         EXECUTE FUNCTION list_generation_user_name()"
            .to_string(),
        "CREATE TRIGGER list_generation_profiles_author_insert AFTER INSERT ON \"profiles\" \
         FOR EACH ROW EXECUTE FUNCTION list_generation_author_new()"
            .to_string(),
        "CREATE TRIGGER list_generation_profiles_author_update AFTER UPDATE OF picture, name_slug ON \"profiles\" \
         FOR EACH ROW WHEN (OLD.picture IS DISTINCT FROM NEW.picture OR OLD.name_slug IS DISTINCT FROM NEW.name_slug) \
         EXECUTE FUNCTION list_generation_author_new()"
            .to_string(),
        "CREATE TRIGGER list_generation_profiles_author_delete AFTER DELETE ON \"profiles\" \
         FOR EACH ROW EXECUTE FUNCTION list_generation_author_old()"
            .to_string(),
    ]
}

fn author_postgres_drops() -> Vec<String> {
    let mut out = vec!["DROP TRIGGER IF EXISTS list_generation_users_name ON \"users\"".to_string()];
    for event in ["insert", "update", "delete"] {
        out.push(format!("DROP TRIGGER IF EXISTS list_generation_profiles_author_{event} ON \"profiles\""));
    }
    for function in ["list_generation_author_new", "list_generation_author_old", "list_generation_user_name"] {
        out.push(format!("DROP FUNCTION IF EXISTS {function}()"));
    }
    out
}

fn postgres_statements() -> Vec<String> {
    let mut out = author_postgres_statements();
    for (_, parent, column) in LINKS {
        let via_parent = |rows: &str| format!("SELECT p.tenant_id FROM {rows} r JOIN {parent} p ON p.id = r.{column}");
        for (event, _, _) in PG_EVENTS {
            out.push(format!(
                "CREATE OR REPLACE FUNCTION list_generation_via_{parent}_{event}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                 INSERT INTO list_generations (tenant_id, generation) \
                 SELECT DISTINCT tenant_id, 1 FROM ({}) AS changed WHERE tenant_id IS NOT NULL \
                 ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
                 RETURN NULL; END $$",
                super::m0014_speed_list_generations::pg_changed_tenants(event, &via_parent)
            ));
        }
    }
    let tables = DIRECT
        .iter()
        .map(|t| (*t, "direct".to_string()))
        .chain(LINKS.iter().map(|(table, parent, _)| (*table, format!("via_{parent}"))));
    for (table, kind) in tables {
        for (event, sql_event, referencing) in PG_EVENTS {
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{event} AFTER {sql_event} ON \"{table}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION list_generation_{kind}_{event}()"
            ));
        }
    }
    out
}

fn drops(backend: DbBackend) -> Vec<String> {
    let tables = DIRECT.iter().copied().chain(LINKS.iter().map(|(table, _, _)| *table));
    match backend {
        DbBackend::Postgres => {
            let mut out: Vec<String> = tables
                .flat_map(|table| {
                    PG_EVENTS.iter().map(move |(event, _, _)| {
                        format!("DROP TRIGGER IF EXISTS list_generation_{table}_{event} ON \"{table}\"")
                    })
                })
                .collect();
            for (_, parent, _) in LINKS {
                for (event, _, _) in PG_EVENTS {
                    out.push(format!("DROP FUNCTION IF EXISTS list_generation_via_{parent}_{event}()"));
                }
            }
            out.extend(author_postgres_drops());
            out
        }
        _ => tables
            .flat_map(|table| {
                SQLITE_EVENTS
                    .iter()
                    .map(move |(suffix, _, _)| format!("DROP TRIGGER IF EXISTS list_generation_{table}_{suffix}"))
            })
            .chain(AUTHOR_SQLITE_TRIGGERS.iter().map(|name| format!("DROP TRIGGER IF EXISTS {name}")))
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
