//! SQLite: the documents in `search_documents`, indexed by the external-content FTS5 table
//! `search_fts` (unicode61 tokenizer folding diacritics, prefix indexes for 2 and 3
//! characters). Triggers on `search_documents` keep `search_fts` in step; triggers on the
//! source tables keep the documents in step.

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement},
    Condition,
};

use super::{
    documents::{Source, SOURCES},
    Target, TextQuery, ITEM_ID, NAME, RELEVANCE, TABLE,
};

const FTS: &str = "search_fts";

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

pub(super) fn uninstall_statements() -> Vec<String> {
    let mut statements = Vec::new();
    for source in &SOURCES {
        statements.extend(drop_source_triggers(source));
    }
    statements.push(format!("DROP TABLE IF EXISTS {FTS}"));
    statements.push(format!("DROP TABLE IF EXISTS {TABLE}"));
    statements
}

/// Merges the index's segments into one (after a bulk load).
pub(super) fn optimize_statement() -> String {
    format!("INSERT INTO {FTS} ({FTS}) VALUES ('optimize')")
}

pub(super) fn hits(target: Target<'_>, text: &TextQuery) -> SelectStatement {
    let d = Alias::new("d");
    let mut select = Query::select();
    select
        .expr_as(Expr::col((d.clone(), Alias::new(ITEM_ID))), Alias::new(ITEM_ID))
        .expr_as(Expr::col((d.clone(), Alias::new(NAME))), Alias::new(NAME))
        // bm25 is lower for better matches; the name counts three times the body.
        .expr_as(Expr::cust(format!("-bm25({FTS}, 3.0, 1.0)")), Alias::new(RELEVANCE))
        .from(Alias::new(FTS))
        // FTS first, then the documents by rowid (CROSS JOIN fixes SQLite's join order; the
        // join condition is in WHERE): SQLite would otherwise start from the documents of
        // the kind and run the match once per document.
        .join_as(sea_orm::JoinType::CrossJoin, Alias::new(TABLE), d.clone(), Condition::all())
        .and_where(Expr::col((d.clone(), Alias::new("id"))).equals((Alias::new(FTS), Alias::new("rowid"))))
        .and_where(Expr::cust_with_values(
            format!("{FTS} MATCH ?"),
            [if target.names_only { text.fts5_in_names() } else { text.fts5() }],
        ))
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
