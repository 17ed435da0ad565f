//! The site search (`GET /api/v1/search/`) keeps its pages per tenant write generation like
//! the lists, so every write to what a kept search page holds or ranks by bumps the
//! generation of the tenants it shows on:
//!
//! - a person leaving or rejoining the index (`users.is_active`);
//! - what their document holds and their card shows besides the name and picture (m0041):
//!   title, discipline, location, country, profile completion and institution (`profiles`);
//! - the group profile a people search filters on (`group_profiles`: professional field,
//!   extra info), through its group.
//!
//! Memberships, groups and names already bump it (m0014, m0041). These are rare writes, row
//! level, each bumping the tenants of the person the row names.
//!
//! The topic lists are kept the same way: a topic's name and area already bump it (m0017,
//! m0014); its insert, delete, type and group now do too.

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0043_people_search_generations"
    }
}

/// The profile columns a search page holds or ranks by (beyond m0041's picture and link).
const PROFILE_COLUMNS: [&str; 6] =
    ["title", "discipline", "location", "country", "completion_percent", "institution_id"];

fn changed(columns: &[&str], distinct: &str) -> String {
    columns.iter().map(|c| format!("NEW.\"{c}\" {distinct} OLD.\"{c}\"")).collect::<Vec<_>>().join(" OR ")
}

fn quoted(columns: &[&str]) -> String {
    columns.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ")
}

fn sqlite_bump(tenant_sql: &str) -> String {
    format!(
        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") {tenant_sql} \
         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

/// The tenants of the user `user_sql` is a member of.
fn member_tenants(user_sql: &str) -> String {
    format!(
        "SELECT DISTINCT g.\"tenant_id\", 1 FROM \"memberships\" m JOIN \"groups\" g ON g.\"id\" = m.\"group_id\" \
         WHERE m.\"user_id\" = {user_sql}"
    )
}

fn group_tenant(row: &str) -> String {
    format!("SELECT \"tenant_id\", 1 FROM \"groups\" WHERE \"id\" = {row}.\"group_id\"")
}

fn sqlite_statements() -> Vec<String> {
    let mut out = vec![
        format!(
            "CREATE TRIGGER search_generation_users_active_au AFTER UPDATE OF \"is_active\" ON \"users\" \
             WHEN {} BEGIN {} END",
            changed(&["is_active"], "IS NOT"),
            sqlite_bump(&member_tenants("NEW.\"id\""))
        ),
        format!(
            "CREATE TRIGGER search_generation_profiles_au AFTER UPDATE OF {} ON \"profiles\" WHEN {} BEGIN {} END",
            quoted(&PROFILE_COLUMNS),
            changed(&PROFILE_COLUMNS, "IS NOT"),
            sqlite_bump(&member_tenants("NEW.\"user_id\""))
        ),
    ];
    for (suffix, event, rows) in
        [("ai", "INSERT", &["NEW"][..]), ("au", "UPDATE", &["NEW", "OLD"][..]), ("ad", "DELETE", &["OLD"][..])]
    {
        let body: String = rows.iter().map(|row| sqlite_bump(&group_tenant(row))).collect::<Vec<_>>().join(" ");
        out.push(format!(
            "CREATE TRIGGER search_generation_group_profiles_{suffix} AFTER {event} ON \"group_profiles\" \
             BEGIN {body} END"
        ));
    }
    let topic = |row: &str| sqlite_bump(&format!("SELECT {row}.\"tenant_id\", 1 WHERE true"));
    out.extend([
        format!("CREATE TRIGGER list_generation_topics_ai AFTER INSERT ON \"topics\" BEGIN {} END", topic("NEW")),
        format!("CREATE TRIGGER list_generation_topics_ad AFTER DELETE ON \"topics\" BEGIN {} END", topic("OLD")),
        format!(
            "CREATE TRIGGER list_generation_topics_kind_au AFTER UPDATE OF {} ON \"topics\" WHEN {} BEGIN {} {} END",
            quoted(&TOPIC_COLUMNS),
            changed(&TOPIC_COLUMNS, "IS NOT"),
            topic("NEW"),
            topic("OLD")
        ),
    ]);
    out
}

/// The topic columns a kept topic page filters on besides its name and area.
const TOPIC_COLUMNS: [&str; 3] = ["topic_type", "group_id", "tenant_id"];

const SQLITE_TRIGGERS: [&str; 8] = [
    "list_generation_topics_ai",
    "list_generation_topics_ad",
    "list_generation_topics_kind_au",
    "search_generation_users_active_au",
    "search_generation_profiles_au",
    "search_generation_group_profiles_ai",
    "search_generation_group_profiles_au",
    "search_generation_group_profiles_ad",
];

/// m0041's row functions bump the tenants of `NEW.id` (a user) and `NEW.user_id` (a
/// profile); m0014's statement functions bump a group child's tenants.
fn postgres_statements() -> Vec<String> {
    let mut out = vec![
        format!(
            "CREATE TRIGGER search_generation_users_active AFTER UPDATE OF is_active ON \"users\" \
             FOR EACH ROW WHEN ({}) EXECUTE FUNCTION list_generation_user_name()",
            changed(&["is_active"], "IS DISTINCT FROM")
        ),
        format!(
            "CREATE TRIGGER search_generation_profiles AFTER UPDATE OF {} ON \"profiles\" \
             FOR EACH ROW WHEN ({}) EXECUTE FUNCTION list_generation_author_new()",
            quoted(&PROFILE_COLUMNS),
            changed(&PROFILE_COLUMNS, "IS DISTINCT FROM")
        ),
    ];
    for (event, sql_event, referencing) in [
        ("insert", "INSERT", "REFERENCING NEW TABLE AS new_rows"),
        ("update", "UPDATE", "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"),
        ("delete", "DELETE", "REFERENCING OLD TABLE AS old_rows"),
    ] {
        out.push(format!(
            "CREATE TRIGGER search_generation_group_profiles_{event} AFTER {sql_event} ON \"group_profiles\" \
             {referencing} FOR EACH STATEMENT EXECUTE FUNCTION list_generation_via_group_{event}()"
        ));
    }
    for (event, sql_event, referencing) in [
        ("insert", "INSERT", "REFERENCING NEW TABLE AS new_rows"),
        ("delete", "DELETE", "REFERENCING OLD TABLE AS old_rows"),
    ] {
        out.push(format!(
            "CREATE TRIGGER list_generation_topics_{event} AFTER {sql_event} ON \"topics\" {referencing} \
             FOR EACH STATEMENT EXECUTE FUNCTION list_generation_direct_{event}()"
        ));
    }
    // A column list cannot take transition tables: row level, with m0014's function (the
    // new tenant; a topic does not move between tenants).
    out.push(format!(
        "CREATE TRIGGER list_generation_topics_kind AFTER UPDATE OF {} ON \"topics\" \
         FOR EACH ROW WHEN ({}) EXECUTE FUNCTION list_generation_topic()",
        quoted(&TOPIC_COLUMNS),
        changed(&TOPIC_COLUMNS, "IS DISTINCT FROM")
    ));
    out
}

fn drops(backend: DbBackend) -> Vec<String> {
    match backend {
        DbBackend::Postgres => {
            let mut out = vec![
                "DROP TRIGGER IF EXISTS search_generation_users_active ON \"users\"".to_string(),
                "DROP TRIGGER IF EXISTS search_generation_profiles ON \"profiles\"".to_string(),
            ];
            for event in ["insert", "update", "delete"] {
                out.push(format!(
                    "DROP TRIGGER IF EXISTS search_generation_group_profiles_{event} ON \"group_profiles\""
                ));
            }
            for name in ["insert", "delete", "kind"] {
                out.push(format!("DROP TRIGGER IF EXISTS list_generation_topics_{name} ON \"topics\""));
            }
            out
        }
        _ => SQLITE_TRIGGERS.iter().map(|name| format!("DROP TRIGGER IF EXISTS {name}")).collect(),
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
