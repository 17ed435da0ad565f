//! A person's write generation (`person_generations`), so that what the API keeps of a
//! signed-in member (their identity, `crate::person_generations`) is trusted only while
//! nothing it shows has changed. Triggers bump it in the same transaction as the write:
//!
//! - the person's own rows: `users`, `memberships`, `profiles` and their `profile_topics`,
//!   `career_profiles`, `leader_certifications`, `group_profiles`, `career_entries` and their
//!   `career_entry_skills`, `user_subscriptions`, `membership_cards`, and `follows` (both the
//!   follower's and the followed person's counts);
//! - what many people's identities name, rarely written: groups (names and logos, and an
//!   institution's rules decide whom its plan covers), a topic's name, plans, prices,
//!   institutions' subscriptions and the tenants. These bump row 0, the generation of
//!   everyone.
//!
//! Notifications did not bump it here (the unread count was read on every request); m0050
//! makes them.

use sea_orm_migration::prelude::*;

use super::{PG_EVENTS, SQLITE_EVENTS};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0042_person_generations"
    }
}

const TABLE: &str =
    r#"CREATE TABLE "person_generations" ("user_id" BIGINT NOT NULL PRIMARY KEY, "generation" BIGINT NOT NULL)"#;

/// Tables whose rows name their person in `user_id`.
const BY_USER: [&str; 8] = [
    "memberships",
    "profiles",
    "career_profiles",
    "leader_certifications",
    "group_profiles",
    "career_entries",
    "user_subscriptions",
    "membership_cards",
];

/// Child tables and the person of each row (`{row}` is NEW or OLD on SQLite, a transition
/// table's alias `r` on PostgreSQL).
const CHILDREN: [(&str, &str); 2] = [
    ("profile_topics", r#"SELECT "user_id" FROM "profiles" WHERE "id" = {row}."profile_id""#),
    ("career_entry_skills", r#"SELECT "user_id" FROM "career_entries" WHERE "id" = {row}."entry_id""#),
];

/// Tables every identity may show a part of: any write bumps everyone (row 0).
const EVERYONE: [&str; 4] = ["subscription_plans", "subscription_prices", "institutional_subscriptions", "tenants"];

fn sqlite_bump(people_sql: &str) -> String {
    format!(
        "INSERT INTO \"person_generations\" (\"user_id\", \"generation\") SELECT \"person\", 1 FROM ({people_sql}) \
         WHERE \"person\" IS NOT NULL \
         ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
    )
}

fn sqlite_statements() -> Vec<String> {
    let mut out = Vec::new();
    let mut add = |name: String, event: &str, rows: &[&str], people: &dyn Fn(&str) -> String| {
        let body: String = rows.iter().map(|row| sqlite_bump(&people(row))).collect::<Vec<_>>().join(" ");
        out.push(format!("CREATE TRIGGER {name} AFTER {event} BEGIN {body} END"));
    };
    for table in BY_USER {
        for (suffix, event, rows) in SQLITE_EVENTS {
            add(format!("person_generation_{table}_{suffix}"), &format!("{event} ON \"{table}\""), rows, &|row| {
                format!("SELECT {row}.\"user_id\" AS \"person\"")
            });
        }
    }
    for (table, person) in CHILDREN {
        for (suffix, event, rows) in SQLITE_EVENTS {
            add(format!("person_generation_{table}_{suffix}"), &format!("{event} ON \"{table}\""), rows, &|row| {
                format!("SELECT ({}) AS \"person\"", person.replace("{row}", row))
            });
        }
    }
    for (suffix, event, rows) in SQLITE_EVENTS {
        add(format!("person_generation_follows_{suffix}"), &format!("{event} ON \"follows\""), rows, &|row| {
            format!("SELECT {row}.\"follower_id\" AS \"person\" UNION SELECT {row}.\"followed_user_id\"")
        });
    }
    for (suffix, event, _) in SQLITE_EVENTS {
        for table in EVERYONE {
            add(format!("person_generation_{table}_{suffix}"), &format!("{event} ON \"{table}\""), &["NEW"], &|_| {
                "SELECT 0 AS \"person\"".to_string()
            });
        }
    }
    add("person_generation_users_au".into(), "UPDATE ON \"users\"", &["NEW"], &|row| {
        format!("SELECT {row}.\"id\" AS \"person\"")
    });
    for (suffix, event) in [("au", "UPDATE"), ("ad", "DELETE")] {
        add(format!("person_generation_groups_{suffix}"), &format!("{event} ON \"groups\""), &["NEW"], &|_| {
            "SELECT 0 AS \"person\"".to_string()
        });
    }
    add("person_generation_topics_named_au".into(), "UPDATE OF \"name\" ON \"topics\"", &["NEW"], &|_| {
        "SELECT 0 AS \"person\"".to_string()
    });
    out
}

fn sqlite_drops() -> Vec<String> {
    let mut out = Vec::new();
    for table in BY_USER.iter().chain(CHILDREN.iter().map(|(t, _)| t)).chain(&["follows"]).chain(&EVERYONE) {
        for (suffix, _, _) in SQLITE_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS person_generation_{table}_{suffix}"));
        }
    }
    for name in ["users_au", "groups_au", "groups_ad", "topics_named_au"] {
        out.push(format!("DROP TRIGGER IF EXISTS person_generation_{name}"));
    }
    out
}

/// A PostgreSQL trigger function bumping the people `people` finds (a select of one column,
/// `{rows}` standing for each transition table the event has).
fn pg_function(name: &str, event: &str, people: &str) -> String {
    let of = |rows: &str| people.replace("{rows}", rows);
    let changed = match event {
        "insert" => of("new_rows"),
        "delete" => of("old_rows"),
        _ => format!("{} UNION {}", of("new_rows"), of("old_rows")),
    };
    format!(
        "CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO person_generations (user_id, generation) \
         SELECT DISTINCT person, 1 FROM ({changed}) AS changed (person) WHERE person IS NOT NULL \
         ON CONFLICT (user_id) DO UPDATE SET generation = person_generations.generation + 1; \
         RETURN NULL; END $$"
    )
}

/// What each kind of table bumps, as a select over its transition table `{rows}`.
fn pg_kinds() -> Vec<(&'static str, String)> {
    vec![
        ("by_user", "SELECT user_id FROM {rows}".to_string()),
        ("profile_topics", "SELECT p.user_id FROM {rows} r JOIN profiles p ON p.id = r.profile_id".to_string()),
        (
            "career_entry_skills",
            "SELECT e.user_id FROM {rows} r JOIN career_entries e ON e.id = r.entry_id".to_string(),
        ),
        ("follows", "SELECT follower_id FROM {rows} UNION SELECT followed_user_id FROM {rows}".to_string()),
        ("everyone", "SELECT 0::BIGINT".to_string()),
    ]
}

fn postgres_statements() -> Vec<String> {
    let mut out = Vec::new();
    for (kind, people) in pg_kinds() {
        for (event, _, _) in PG_EVENTS {
            out.push(pg_function(&format!("person_generation_{kind}_{event}"), event, &people));
        }
    }
    let tables = BY_USER
        .iter()
        .map(|t| (*t, "by_user"))
        .chain(CHILDREN.iter().map(|(t, _)| (*t, *t)))
        .chain(std::iter::once(("follows", "follows")))
        .chain(EVERYONE.iter().map(|t| (*t, "everyone")));
    for (table, kind) in tables {
        for (event, sql_event, referencing) in PG_EVENTS {
            out.push(format!(
                "CREATE TRIGGER person_generation_{table}_{event} AFTER {sql_event} ON \"{table}\" {referencing} \
                 FOR EACH STATEMENT EXECUTE FUNCTION person_generation_{kind}_{event}()"
            ));
        }
    }
    out.push(
        "CREATE OR REPLACE FUNCTION person_generation_user_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO person_generations (user_id, generation) VALUES (NEW.id, 1) \
         ON CONFLICT (user_id) DO UPDATE SET generation = person_generations.generation + 1; \
         RETURN NULL; END $$"
            .into(),
    );
    out.push(
        "CREATE OR REPLACE FUNCTION person_generation_everyone_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         INSERT INTO person_generations (user_id, generation) VALUES (0, 1) \
         ON CONFLICT (user_id) DO UPDATE SET generation = person_generations.generation + 1; \
         RETURN NULL; END $$"
            .into(),
    );
    out.push(
        "CREATE TRIGGER person_generation_users AFTER UPDATE ON \"users\" \
         FOR EACH ROW EXECUTE FUNCTION person_generation_user_row()"
            .into(),
    );
    out.push(
        "CREATE TRIGGER person_generation_groups AFTER UPDATE OR DELETE ON \"groups\" \
         FOR EACH STATEMENT EXECUTE FUNCTION person_generation_everyone_row()"
            .into(),
    );
    out.push(
        "CREATE TRIGGER person_generation_topics_named AFTER UPDATE OF name ON \"topics\" \
         FOR EACH STATEMENT EXECUTE FUNCTION person_generation_everyone_row()"
            .into(),
    );
    out
}

fn postgres_drops() -> Vec<String> {
    let mut out = Vec::new();
    let tables = BY_USER.iter().chain(CHILDREN.iter().map(|(t, _)| t)).chain(&["follows"]).chain(&EVERYONE);
    for table in tables {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP TRIGGER IF EXISTS person_generation_{table}_{event} ON \"{table}\""));
        }
    }
    for (table, name) in [("users", "users"), ("groups", "groups"), ("topics", "topics_named")] {
        out.push(format!("DROP TRIGGER IF EXISTS person_generation_{name} ON \"{table}\""));
    }
    for (kind, _) in pg_kinds() {
        for (event, _, _) in PG_EVENTS {
            out.push(format!("DROP FUNCTION IF EXISTS person_generation_{kind}_{event}()"));
        }
    }
    out.push("DROP FUNCTION IF EXISTS person_generation_user_row()".into());
    out.push("DROP FUNCTION IF EXISTS person_generation_everyone_row()".into());
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
        manager.get_connection().execute_unprepared(r#"DROP TABLE IF EXISTS "person_generations""#).await?;
        Ok(())
    }
}
