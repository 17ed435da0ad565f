//! The job board keeps its page counts like the group lists (`crate::list_counts`), so every
//! write to what a board count reads bumps the tenant's write generation in the same
//! transaction: the posts themselves, their skills (the skill and topic-area filters) and
//! the applications (the "applied" filter of my area). Group and membership writes, which
//! decide which posts a viewer may see, already bump it (migration m0014).

use super::{PG_EVENTS, SQLITE_EVENTS};

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0015_job_list_generations",
    triggers: super::Triggers::PerBackend {
        postgres_up: postgres_statements,
        sqlite_up: sqlite_statements,
        postgres_down: postgres_drops,
        sqlite_down: sqlite_drops,
    },
};

/// The tables whose rows name a post in `job_post_id`.
const POST_CHILDREN: [&str; 2] = ["job_post_skills", "job_applications"];

fn sqlite_bump(tenant_sql: &str) -> String {
    format!(
        "INSERT INTO \"list_generations\" (\"tenant_id\", \"generation\") {tenant_sql} \
         ON CONFLICT (\"tenant_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

fn sqlite_statements() -> Vec<String> {
    let direct = |row: &str| sqlite_bump(&format!("SELECT {row}.\"tenant_id\", 1"));
    let via_post = |row: &str| {
        sqlite_bump(&format!("SELECT \"tenant_id\", 1 FROM \"job_posts\" WHERE \"id\" = {row}.\"job_post_id\""))
    };
    let mut out = Vec::new();
    for (table, bump) in std::iter::once(("job_posts", &direct as &dyn Fn(&str) -> String))
        .chain(POST_CHILDREN.iter().map(|t| (*t, &via_post as &dyn Fn(&str) -> String)))
    {
        for (suffix, event, rows) in SQLITE_EVENTS {
            let body: String = rows.iter().map(|row| bump(row)).collect::<Vec<_>>().join(" ");
            out.push(format!(
                "CREATE TRIGGER list_generation_{table}_{suffix} AFTER {event} ON \"{table}\" BEGIN {body} END"
            ));
        }
    }
    out
}

fn sqlite_drops() -> Vec<String> {
    std::iter::once("job_posts")
        .chain(POST_CHILDREN)
        .flat_map(|table| {
            SQLITE_EVENTS
                .iter()
                .map(move |(suffix, _, _)| format!("DROP TRIGGER IF EXISTS list_generation_{table}_{suffix}"))
        })
        .collect()
}

fn pg_tenants_of(event: &str) -> String {
    let of = |rows: &str| format!("SELECT p.tenant_id FROM {rows} r JOIN job_posts p ON p.id = r.job_post_id");
    match event {
        "insert" => of("new_rows"),
        "delete" => of("old_rows"),
        _ => format!("{} UNION {}", of("new_rows"), of("old_rows")),
    }
}

fn postgres_statements() -> Vec<String> {
    let mut out = Vec::new();
    for (event, _, _) in PG_EVENTS {
        out.push(format!(
            "CREATE OR REPLACE FUNCTION list_generation_via_job_{event}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             INSERT INTO list_generations (tenant_id, generation) \
             SELECT DISTINCT tenant_id, 1 FROM ({}) AS changed WHERE tenant_id IS NOT NULL \
             ON CONFLICT (tenant_id) DO UPDATE SET generation = list_generations.generation + 1; \
             RETURN NULL; END $$",
            pg_tenants_of(event)
        ));
    }
    // The posts carry their tenant: m0014's `list_generation_direct_*` functions serve them.
    for (table, kind) in std::iter::once(("job_posts", "direct")).chain(POST_CHILDREN.iter().map(|t| (*t, "via_job"))) {
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
    let mut out = Vec::new();
    for table in std::iter::once("job_posts").chain(POST_CHILDREN) {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS list_generation_{table}_{event} ON \"{table}\""));
        }
    }
    for (event, _, _) in PG_EVENTS {
        out.push(format!("DROP FUNCTION IF EXISTS list_generation_via_job_{event}()"));
    }
    out
}
