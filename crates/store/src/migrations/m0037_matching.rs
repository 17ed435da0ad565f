//! The matching engine's tables (issue 29): what the site's items and members mean, as
//! vectors written ahead of reads.
//!
//! - `match_pending (kind, item_id)`: what changed and must be read again. Triggers on every
//!   source table queue a row in the writing transaction, whichever code path writes; the
//!   job worker drains it in batches (`services::matching::indexer`). `version` grows with
//!   every queueing, so a worker that read an older state never overwrites a newer one.
//! - `match_items (kind, tenant_id, item_id)`: one row per item of a site (a circle, event,
//!   job, resource, prompt, career tip, use case, AI tool, a member's profile and goal) with
//!   the hash of the text it was embedded from, whether anyone on the site may be offered it
//!   (`eligible`), what ranking reads of it (`meta`, JSON) and the site's generation it was
//!   written at (`seq`), so every instance's in-process index catches up by reading what is
//!   newer than what it holds.
//! - `match_embeddings (model, text_hash)`: one vector per distinct text and model, so
//!   identical texts are embedded once.
//! - `match_generations (tenant_id)`: bumped with every write of the site's `match_items`
//!   (`generation`), and separately for its items (`items_generation`) and people
//!   (`people_generation`), which the per-member caches are filed under.
//! - `match_members (user_id)`: a member's version, bumped by triggers when they join, apply,
//!   follow or bookmark (what a recommendation leaves out) and when their profile's vector
//!   changes: their cached recommendations are trusted only at it.
//!
//! Every existing row is queued at migration time.

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0037_matching"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

/// A source table, the queue kind its rows feed, and the item id of a row (`{r}` is NEW or OLD).
pub(super) struct Source {
    pub(super) table: &'static str,
    pub(super) kind: &'static str,
    pub(super) id: &'static str,
    /// Only these columns' updates queue (all when empty).
    pub(super) update_of: &'static [&'static str],
}

impl Source {
    fn trigger_name(&self) -> String {
        format!("match_enqueue_{}_{}", self.table, self.kind)
    }

    /// The triggers that queue the source's rows (later migrations narrow a source's columns).
    pub(super) fn triggers(&self, backend: DbBackend) -> Vec<String> {
        let body = |row: &str| enqueue(self.kind, &with_row(self.id, row));
        match backend {
            DbBackend::Postgres => postgres_trigger(&self.trigger_name(), self.table, self.update_of, body),
            _ => sqlite_triggers(&self.trigger_name(), self.table, self.update_of, body),
        }
    }

    pub(super) fn drops(&self, backend: DbBackend) -> Vec<String> {
        drops_of(backend, &self.trigger_name(), self.table)
    }
}

/// The source of `table`'s rows for `kind`, as this migration made it (later migrations put it
/// back on `down`).
pub(super) fn source(table: &str, kind: &str) -> Option<&'static Source> {
    SOURCES.iter().find(|s| s.table == table && s.kind == kind)
}

const SOURCES: &[Source] = &[
    Source { table: "groups", kind: "group", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "group_topics", kind: "group", id: "{r}.\"group_id\"", update_of: &[] },
    Source { table: "job_posts", kind: "job", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "job_post_skills", kind: "job", id: "{r}.\"job_post_id\"", update_of: &[] },
    Source { table: "contents", kind: "content", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "use_cases", kind: "use_case", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "ai_tools", kind: "ai_tool", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "career_tips", kind: "career_tip", id: "{r}.\"id\"", update_of: &[] },
    Source { table: "users", kind: "user", id: "{r}.\"id\"", update_of: &["is_active"] },
    Source { table: "profiles", kind: "user", id: "{r}.\"user_id\"", update_of: &[] },
    Source {
        table: "profile_topics",
        kind: "user",
        id: "(SELECT \"user_id\" FROM \"profiles\" WHERE \"id\" = {r}.\"profile_id\")",
        update_of: &[],
    },
    Source { table: "group_profiles", kind: "user", id: "{r}.\"user_id\"", update_of: &[] },
    Source { table: "memberships", kind: "user", id: "{r}.\"user_id\"", update_of: &["status"] },
    Source {
        table: "agent_runs",
        kind: "user",
        id: "COALESCE({r}.\"beneficiary_id\", {r}.\"user_id\")",
        update_of: &["answers", "status"],
    },
    Source { table: "circle_requests", kind: "user", id: "{r}.\"user_id\"", update_of: &[] },
];

/// Tables whose rows change what a member's recommendations leave out, and the member.
const MEMBER_CHANGES: &[(&str, &str)] = &[
    ("memberships", "{r}.\"user_id\""),
    ("follows", "{r}.\"follower_id\""),
    ("job_applications", "{r}.\"user_id\""),
    ("bookmarks", "{r}.\"user_id\""),
];

fn enqueue(kind: &str, id: &str) -> String {
    format!(
        "INSERT INTO \"match_pending\" (\"kind\", \"item_id\", \"version\") SELECT '{kind}', {id}, 1 WHERE {id} IS NOT \
         NULL ON CONFLICT (\"kind\", \"item_id\") DO UPDATE SET \"version\" = \"match_pending\".\"version\" + 1, \
         \"claimed_until\" = NULL;"
    )
}

fn bump_member(id: &str) -> String {
    format!(
        "INSERT INTO \"match_members\" (\"user_id\", \"version\") SELECT {id}, 1 WHERE {id} IS NOT NULL \
         ON CONFLICT (\"user_id\") DO UPDATE SET \"version\" = \"match_members\".\"version\" + 1;"
    )
}

fn with_row(template: &str, row: &str) -> String {
    template.replace("{r}", row)
}

/// One trigger body per event for SQLite (`NEW`, `OLD` or both).
fn sqlite_triggers(name: &str, table: &str, update_of: &[&str], body: impl Fn(&str) -> String) -> Vec<String> {
    let of = if update_of.is_empty() {
        String::new()
    } else {
        format!(" OF {}", update_of.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", "))
    };
    vec![
        format!("CREATE TRIGGER {name}_ai AFTER INSERT ON \"{table}\" BEGIN {} END", body("NEW")),
        format!("CREATE TRIGGER {name}_au AFTER UPDATE{of} ON \"{table}\" BEGIN {} {} END", body("NEW"), body("OLD")),
        format!("CREATE TRIGGER {name}_ad AFTER DELETE ON \"{table}\" BEGIN {} END", body("OLD")),
    ]
}

/// A row-level PostgreSQL trigger and its function.
fn postgres_trigger(name: &str, table: &str, update_of: &[&str], body: impl Fn(&str) -> String) -> Vec<String> {
    let of = if update_of.is_empty() {
        String::new()
    } else {
        format!(" OF {}", update_of.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", "))
    };
    vec![
        format!(
            "CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             IF TG_OP <> 'DELETE' THEN {} END IF; IF TG_OP <> 'INSERT' THEN {} END IF; RETURN NULL; END $$",
            body("NEW"),
            body("OLD")
        ),
        format!(
            "CREATE TRIGGER {name} AFTER INSERT OR UPDATE{of} OR DELETE ON \"{table}\" FOR EACH ROW EXECUTE FUNCTION \
             {name}()"
        ),
    ]
}

fn trigger_statements(backend: DbBackend) -> Vec<String> {
    let mut out: Vec<String> = SOURCES.iter().flat_map(|source| source.triggers(backend)).collect();
    let mut add = |name: String, table: &str, update_of: &[&str], body: &dyn Fn(&str) -> String| match backend {
        DbBackend::Postgres => out.extend(postgres_trigger(&name, table, update_of, body)),
        _ => out.extend(sqlite_triggers(&name, table, update_of, body)),
    };
    for (table, id) in MEMBER_CHANGES {
        add(format!("match_member_{table}"), table, &[], &|row: &str| bump_member(&with_row(id, row)));
    }
    out
}

fn trigger_drops(backend: DbBackend) -> Vec<String> {
    let mut out: Vec<String> = SOURCES.iter().flat_map(|source| source.drops(backend)).collect();
    for (table, _) in MEMBER_CHANGES {
        out.extend(drops_of(backend, &format!("match_member_{table}"), table));
    }
    out
}

fn drops_of(backend: DbBackend, name: &str, table: &str) -> Vec<String> {
    match backend {
        DbBackend::Postgres => {
            vec![format!("DROP TRIGGER IF EXISTS {name} ON \"{table}\""), format!("DROP FUNCTION IF EXISTS {name}()")]
        }
        _ => ["ai", "au", "ad"].iter().map(|suffix| format!("DROP TRIGGER IF EXISTS {name}_{suffix}")).collect(),
    }
}

/// Queues every existing row that can become an item or a member's profile.
const FILL: &[&str] = &[
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'group', id, 1 FROM groups \
     WHERE group_type IN ('circle', 'event') ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'job', id, 1 FROM job_posts WHERE true \
     ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'content', id, 1 FROM contents \
     WHERE content_type IN ('resource', 'prompt') ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'use_case', id, 1 FROM use_cases WHERE true \
     ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'ai_tool', id, 1 FROM ai_tools WHERE true \
     ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT 'career_tip', id, 1 FROM career_tips WHERE true \
     ON CONFLICT (kind, item_id) DO NOTHING",
    "INSERT INTO match_pending (kind, item_id, version) SELECT DISTINCT 'user', user_id, 1 FROM memberships WHERE true \
     ON CONFLICT (kind, item_id) DO NOTHING",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let items = col("match_items");
        manager
            .create_table(
                Table::create()
                    .table(items.clone())
                    .col(ColumnDef::new(col("kind")).string_len(20).not_null())
                    .col(ColumnDef::new(col("tenant_id")).big_integer().not_null())
                    .col(ColumnDef::new(col("item_id")).big_integer().not_null())
                    .col(ColumnDef::new(col("eligible")).boolean().not_null())
                    .col(ColumnDef::new(col("text_hash")).string_len(64).not_null())
                    .col(ColumnDef::new(col("meta")).text().not_null())
                    .col(ColumnDef::new(col("seq")).big_integer().not_null())
                    .primary_key(Index::create().col(col("kind")).col(col("tenant_id")).col(col("item_id")))
                    .foreign_key(&mut fk(
                        "fk_match_items_tenant",
                        (items.clone(), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_match_items_tenant_seq", items, &["tenant_id", "seq"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("match_embeddings"))
                    .col(ColumnDef::new(col("model")).string_len(100).not_null())
                    .col(ColumnDef::new(col("text_hash")).string_len(64).not_null())
                    .col(ColumnDef::new(col("vector")).blob().not_null())
                    .primary_key(Index::create().col(col("model")).col(col("text_hash")))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("match_pending"))
                    .col(ColumnDef::new(col("kind")).string_len(20).not_null())
                    .col(ColumnDef::new(col("item_id")).big_integer().not_null())
                    .col(ColumnDef::new(col("version")).big_integer().not_null())
                    .col(ColumnDef::new(col("claimed_until")).big_integer().null())
                    .primary_key(Index::create().col(col("kind")).col(col("item_id")))
                    .to_owned(),
            )
            .await?;

        let generations = col("match_generations");
        manager
            .create_table(
                Table::create()
                    .table(generations.clone())
                    .col(ColumnDef::new(col("tenant_id")).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(col("generation")).big_integer().not_null())
                    .col(ColumnDef::new(col("items_generation")).big_integer().not_null())
                    .col(ColumnDef::new(col("people_generation")).big_integer().not_null())
                    .foreign_key(&mut fk(
                        "fk_match_generations_tenant",
                        (generations, col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("match_members"))
                    .col(ColumnDef::new(col("user_id")).big_integer().not_null().primary_key())
                    .col(ColumnDef::new(col("version")).big_integer().not_null())
                    .to_owned(),
            )
            .await?;

        let connection = manager.get_connection();
        for statement in trigger_statements(backend) {
            connection.execute_unprepared(&statement).await?;
        }
        for statement in FILL {
            connection.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let connection = manager.get_connection();
        for statement in trigger_drops(manager.get_database_backend()) {
            connection.execute_unprepared(&statement).await?;
        }
        for table in ["match_members", "match_generations", "match_pending", "match_embeddings", "match_items"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
