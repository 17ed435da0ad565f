//! SQLite: the documents in `search_documents`, indexed by one external-content FTS5 table
//! per kind, `search_fts_{kind}` (unicode61 tokenizer folding diacritics, prefix indexes
//! for 2 and 3 characters), so a search of one kind reads only that kind's matches (m0016;
//! before it one `search_fts` held every kind, and "ana" in people search walked 8,751 job
//! documents). Triggers on `search_documents` with `WHEN kind = '…'` route each document to
//! its kind's table; triggers on the source tables keep the documents in step.

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement},
    Condition,
};

use super::{
    documents::{Source, CONTENT_SOURCES, JOB_SOURCES, SOURCES},
    Kind, Target, TextQuery, ITEM_ID, NAME, RELEVANCE, TABLE,
};

/// The single FTS5 table of every kind that m0011 created (replaced by m0016).
const FTS: &str = "search_fts";

/// The FTS5 table of one kind.
fn fts(kind: Kind) -> String {
    format!("search_fts_{}", kind.as_str())
}

/// The index as m0011 created it: the documents table, one FTS5 table of every kind and its
/// triggers, and the source triggers. A fresh database migrates through it in order; m0016
/// replaces the FTS part with [`by_kind_statements`].
pub(super) fn install_statements() -> Vec<String> {
    let mut statements = vec![
        format!(
            "CREATE TABLE {TABLE} (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, subkind TEXT, scope_id INTEGER, \
             item_id INTEGER NOT NULL, name TEXT NOT NULL, body TEXT NOT NULL DEFAULT '', UNIQUE (kind, item_id))"
        ),
        format!(
            "CREATE VIRTUAL TABLE {FTS} USING fts5(name, body, content='{TABLE}', content_rowid='id', \
             tokenize='unicode61 remove_diacritics 2', prefix='2 3')"
        ),
        format!(
            "CREATE TRIGGER {TABLE}_ai AFTER INSERT ON {TABLE} BEGIN \
             INSERT INTO {FTS} (rowid, name, body) VALUES (new.id, new.name, new.body); END"
        ),
        format!(
            "CREATE TRIGGER {TABLE}_ad AFTER DELETE ON {TABLE} BEGIN \
             INSERT INTO {FTS} ({FTS}, rowid, name, body) VALUES ('delete', old.id, old.name, old.body); END"
        ),
        format!(
            "CREATE TRIGGER {TABLE}_au AFTER UPDATE ON {TABLE} BEGIN \
             INSERT INTO {FTS} ({FTS}, rowid, name, body) VALUES ('delete', old.id, old.name, old.body); \
             INSERT INTO {FTS} (rowid, name, body) VALUES (new.id, new.name, new.body); END"
        ),
    ];
    for source in &SOURCES {
        statements.extend(source_triggers(source));
    }
    statements
}

fn trigger(name: &str, event: &str, table: &str, body: &[String]) -> String {
    let body: String = body.iter().map(|s| format!("{s}; ")).collect();
    format!("CREATE TRIGGER {name} AFTER {event} ON \"{table}\" BEGIN {body}END")
}

pub(super) fn source_triggers(source: &Source) -> Vec<String> {
    let table = source.table;
    let new_id = format!("new.{}", source.id_column);
    let old_id = format!("old.{}", source.id_column);
    let mut on_update = (source.refresh)(&new_id);
    if source.id_column != "id" {
        on_update.extend((source.refresh)(&old_id));
    }
    let on_delete = match source.remove {
        Some(remove) => vec![remove(&old_id)],
        None => (source.refresh)(&old_id),
    };
    vec![
        trigger(&format!("search_index_{table}_ai"), "INSERT", table, &(source.refresh)(&new_id)),
        trigger(
            &format!("search_index_{table}_au"),
            &format!("UPDATE OF {}", source.columns.join(", ")),
            table,
            &on_update,
        ),
        trigger(&format!("search_index_{table}_ad"), "DELETE", table, &on_delete),
    ]
}

pub(super) fn drop_source_triggers(source: &Source) -> Vec<String> {
    ["ai", "au", "ad"]
        .iter()
        .map(|suffix| format!("DROP TRIGGER IF EXISTS search_index_{}_{suffix}", source.table))
        .collect()
}

/// Drops the single FTS5 table of m0011 and its triggers on the documents.
fn drop_single_statements() -> Vec<String> {
    let mut statements: Vec<String> =
        ["ai", "ad", "au"].iter().map(|suffix| format!("DROP TRIGGER IF EXISTS {TABLE}_{suffix}")).collect();
    statements.push(format!("DROP TABLE IF EXISTS {FTS}"));
    statements
}

/// Drops one kind's FTS5 table and its triggers.
pub(super) fn drop_kind_statements(kind: Kind) -> Vec<String> {
    let table = fts(kind);
    let mut statements: Vec<String> =
        ["ai", "ad", "au"].iter().map(|suffix| format!("DROP TRIGGER IF EXISTS {table}_{suffix}")).collect();
    statements.push(format!("DROP TABLE IF EXISTS {table}"));
    statements
}

/// Drops the FTS5 tables by kind and their triggers.
fn drop_by_kind_statements() -> Vec<String> {
    Kind::ALL.into_iter().flat_map(drop_kind_statements).collect()
}

/// m0016: replaces the single FTS5 table by one per kind (the kinds of then), filled from
/// the documents. The documents and the source triggers stay as they are.
pub(super) fn by_kind_statements() -> Vec<String> {
    let mut statements = drop_single_statements();
    statements.extend(drop_by_kind_statements());
    for kind in Kind::BASE {
        statements.extend(kind_statements(kind));
    }
    statements
}

/// One kind's FTS5 table and the triggers that route its documents there, filled from the
/// documents (made again if it exists).
pub(super) fn kind_statements(kind: Kind) -> Vec<String> {
    let table = fts(kind);
    let name = kind.as_str();
    let mut statements: Vec<String> =
        ["ai", "ad", "au"].iter().map(|suffix| format!("DROP TRIGGER IF EXISTS {table}_{suffix}")).collect();
    statements.push(format!("DROP TABLE IF EXISTS {table}"));
    statements.extend([
        format!(
            "CREATE VIRTUAL TABLE {table} USING fts5(name, body, content='{TABLE}', content_rowid='id', \
             tokenize='unicode61 remove_diacritics 2', prefix='2 3')"
        ),
        format!(
            "CREATE TRIGGER {table}_ai AFTER INSERT ON {TABLE} WHEN new.kind = '{name}' BEGIN \
             INSERT INTO {table} (rowid, name, body) VALUES (new.id, new.name, new.body); END"
        ),
        format!(
            "CREATE TRIGGER {table}_ad AFTER DELETE ON {TABLE} WHEN old.kind = '{name}' BEGIN \
             INSERT INTO {table} ({table}, rowid, name, body) VALUES ('delete', old.id, old.name, old.body); END"
        ),
        // A document keeps its kind (the upsert's key), but should one change, it leaves
        // the old kind's table and enters the new one's.
        format!(
            "CREATE TRIGGER {table}_au AFTER UPDATE ON {TABLE} WHEN old.kind = '{name}' OR new.kind = '{name}' \
             BEGIN \
             INSERT INTO {table} ({table}, rowid, name, body) SELECT 'delete', old.id, old.name, old.body \
             WHERE old.kind = '{name}'; \
             INSERT INTO {table} (rowid, name, body) SELECT new.id, new.name, new.body WHERE new.kind = '{name}'; \
             END"
        ),
        format!("INSERT INTO {table} (rowid, name, body) SELECT id, name, body FROM {TABLE} WHERE kind = '{name}'"),
    ]);
    statements
}

/// m0016 undone: the single FTS5 table again, rebuilt from the documents.
pub(super) fn single_statements() -> Vec<String> {
    let mut statements = drop_by_kind_statements();
    statements.extend(drop_single_statements());
    statements.extend(install_statements().into_iter().skip(1).take(4));
    statements.push(format!("INSERT INTO {FTS} ({FTS}) VALUES ('rebuild')"));
    statements
}

pub(super) fn uninstall_statements() -> Vec<String> {
    let mut statements = Vec::new();
    for source in SOURCES.iter().chain(JOB_SOURCES.iter()).chain(CONTENT_SOURCES.iter()) {
        statements.extend(drop_source_triggers(source));
    }
    statements.extend(drop_single_statements());
    statements.extend(drop_by_kind_statements());
    statements.push(format!("DROP TABLE IF EXISTS {TABLE}"));
    statements
}

/// Merges the single table's segments into one (after a bulk load, before m0016).
pub(super) fn optimize_single_statement() -> String {
    format!("INSERT INTO {FTS} ({FTS}) VALUES ('optimize')")
}

/// Merges each kind's segments into one (after a bulk load).
pub(super) fn optimize_statements(kinds: &[Kind]) -> Vec<String> {
    kinds.iter().map(|kind| format!("INSERT INTO {t} ({t}) VALUES ('optimize')", t = fts(*kind))).collect()
}

pub(super) fn hits(target: Target<'_>, text: &TextQuery) -> SelectStatement {
    let d = Alias::new("d");
    let table = fts(target.kind);
    let mut select = Query::select();
    select
        .expr_as(Expr::col((d.clone(), Alias::new(ITEM_ID))), Alias::new(ITEM_ID))
        .expr_as(Expr::col((d.clone(), Alias::new(NAME))), Alias::new(NAME))
        // bm25 is lower for better matches; the name counts three times the body.
        .expr_as(Expr::cust(format!("-bm25({table}, 3.0, 1.0)")), Alias::new(RELEVANCE))
        .from(Alias::new(table.as_str()))
        // The kind's FTS table first, then the documents by rowid (CROSS JOIN fixes SQLite's
        // join order; the join condition is in WHERE): SQLite would otherwise start from the
        // documents of the kind and run the match once per document.
        .join_as(sea_orm::JoinType::CrossJoin, Alias::new(TABLE), d.clone(), Condition::all())
        .and_where(Expr::col((d.clone(), Alias::new("id"))).equals((Alias::new(table.as_str()), Alias::new("rowid"))))
        .and_where(Expr::cust_with_values(
            format!("{table} MATCH ?"),
            [if target.names_only { text.fts5_in_names() } else { text.fts5() }],
        ))
        // Every row of the kind's table is of that kind; kept as a guard, it costs nothing.
        .and_where(Expr::col((d.clone(), Alias::new("kind"))).eq(target.kind.as_str()));
    if !target.subkinds.is_empty() {
        select.and_where(Expr::col((d.clone(), Alias::new("subkind"))).is_in(target.subkinds.to_vec()));
    }
    if let Some(scope) = target.scope_id {
        select.and_where(Expr::col((d, Alias::new("scope_id"))).eq(scope));
    }
    // A LIMIT keeps SQLite from flattening the hits into the caller's join, where it would
    // scan the caller's table once per hit; materialized, the hits drive the join.
    select.limit(i64::MAX as u64);
    select
}
