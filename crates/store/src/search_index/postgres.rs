//! PostgreSQL: the documents in `search_documents`, with a generated `tsvector` (the
//! `simple` configuration, so names are not stemmed; the name weighted A, the body B) and
//! GIN indexes on it, which also serve prefix queries (`ana:*`): since m0016 one partial
//! index per kind (`WHERE kind = '…'`), so a search of one kind reads only that kind's
//! matches. The kind is written into the query as a literal, so that every plan (generic
//! plans of prepared statements included) can prove the partial index's condition.
//! Diacritics are folded by `search_fold` on both sides. Trigger functions on the source
//! tables keep the documents in step.

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement};

use super::{
    documents::{Source, SOURCES},
    query::fold_table,
    Kind, Target, TextQuery, ITEM_ID, NAME, RELEVANCE, TABLE,
};

/// The GIN index of every kind that m0011 created (replaced by m0016).
const SINGLE_INDEX: &str = "ix_search_documents_document";

fn kind_index(kind: Kind) -> String {
    format!("ix_{TABLE}_{}", kind.as_str())
}

/// A kind's partial GIN index. Without `fastupdate` every write goes into the index itself:
/// with it (PostgreSQL's default) new documents wait in a pending list that every search
/// reads in full until a vacuum merges it, and after a bulk load that list held 100,000
/// people and made a one-hit name search take 20 ms instead of 0.1 ms.
pub(super) fn create_kind_index(kind: Kind) -> String {
    format!(
        "CREATE INDEX {} ON {TABLE} USING GIN (document) WITH (fastupdate = off) WHERE kind = '{}'",
        kind_index(kind),
        kind.as_str()
    )
}

/// m0021: the kinds' indexes of m0016 without a pending list; the list they hold is merged.
pub(super) fn direct_update_statements() -> Vec<String> {
    let mut statements = Vec::new();
    for kind in Kind::ALL {
        let index = kind_index(kind);
        // Kinds added by later migrations have no index yet (nothing to clean or alter).
        statements.push(format!("SELECT gin_clean_pending_list(to_regclass('{index}'))"));
        statements.push(format!("ALTER INDEX IF EXISTS {index} SET (fastupdate = off)"));
    }
    statements
}

/// m0021 undone.
pub(super) fn pending_list_statements() -> Vec<String> {
    Kind::ALL.iter().map(|kind| format!("ALTER INDEX IF EXISTS {} RESET (fastupdate)", kind_index(*kind))).collect()
}

/// m0016: one partial GIN index per kind instead of one over every kind.
pub(super) fn by_kind_statements() -> Vec<String> {
    let mut statements = vec![format!("DROP INDEX IF EXISTS {SINGLE_INDEX}")];
    for kind in Kind::BASE {
        statements.extend(kind_statements(kind));
    }
    // Administrators' member search finds addresses by prefix (`LIKE 'ana@%'`), which
    // needs a pattern index under a non-C collation.
    statements.push(format!("CREATE INDEX IF NOT EXISTS {EMAIL_INDEX} ON \"users\" (\"email\" text_pattern_ops)"));
    statements.push(format!("ANALYZE {TABLE}"));
    statements
}

/// One kind's partial GIN index (made again if it exists).
pub(super) fn kind_statements(kind: Kind) -> Vec<String> {
    let index = kind_index(kind);
    vec![format!("DROP INDEX IF EXISTS {index}"), create_kind_index(kind)]
}

const EMAIL_INDEX: &str = "ix_users_email_pattern";

pub(super) fn drop_kind_statements(kind: Kind) -> Vec<String> {
    vec![format!("DROP INDEX IF EXISTS {}", kind_index(kind))]
}

/// m0016 undone: the single GIN index again.
pub(super) fn single_statements() -> Vec<String> {
    let mut statements: Vec<String> =
        Kind::ALL.iter().map(|kind| format!("DROP INDEX IF EXISTS {}", kind_index(*kind))).collect();
    statements.push(format!("CREATE INDEX IF NOT EXISTS {SINGLE_INDEX} ON {TABLE} USING GIN (document)"));
    statements.push(format!("DROP INDEX IF EXISTS {EMAIL_INDEX}"));
    statements
}

pub(super) fn install_statements() -> Vec<String> {
    let (fold_from, fold_to) = fold_table();
    let mut statements = vec![
        format!(
            "CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE \
             AS $$ SELECT translate(lower(value), '{fold_from}', '{fold_to}') $$"
        ),
        format!(
            "CREATE TABLE {TABLE} (id BIGSERIAL PRIMARY KEY, kind TEXT NOT NULL, subkind TEXT, scope_id BIGINT, \
             item_id BIGINT NOT NULL, name TEXT NOT NULL, body TEXT NOT NULL DEFAULT '', \
             document tsvector GENERATED ALWAYS AS ( \
               setweight(to_tsvector('simple'::regconfig, search_fold(name)), 'A') || \
               setweight(to_tsvector('simple'::regconfig, search_fold(body)), 'B')) STORED, \
             UNIQUE (kind, item_id))"
        ),
        format!("CREATE INDEX {SINGLE_INDEX} ON {TABLE} USING GIN (document)"),
    ];
    for source in &SOURCES {
        statements.extend(source_triggers(source));
    }
    statements
}

fn block(statements: &[String]) -> String {
    statements.iter().map(|s| format!("{s}; ")).collect()
}

pub(super) fn source_triggers(source: &Source) -> Vec<String> {
    let table = source.table;
    let function = format!("search_index_{table}");
    let new_id = format!("NEW.{}", source.id_column);
    let old_id = format!("OLD.{}", source.id_column);
    let on_delete = match source.remove {
        Some(remove) => vec![remove(&old_id)],
        None => (source.refresh)(&old_id),
    };
    let moved = if source.id_column == "id" {
        String::new()
    } else {
        format!(
            "IF TG_OP = 'UPDATE' AND {old_id} IS DISTINCT FROM {new_id} THEN {} END IF; ",
            block(&(source.refresh)(&old_id))
        )
    };
    vec![
        format!(
            "CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             IF TG_OP = 'DELETE' THEN {} ELSE {}{moved}END IF; RETURN NULL; END $$",
            block(&on_delete),
            block(&(source.refresh)(&new_id)),
        ),
        format!(
            "CREATE TRIGGER {function}_insert_delete AFTER INSERT OR DELETE ON \"{table}\" \
             FOR EACH ROW EXECUTE FUNCTION {function}()"
        ),
        format!(
            "CREATE TRIGGER {function}_update AFTER UPDATE OF {} ON \"{table}\" \
             FOR EACH ROW EXECUTE FUNCTION {function}()",
            source.columns.join(", ")
        ),
    ]
}

pub(super) fn drop_source_triggers(source: &Source) -> Vec<String> {
    let function = format!("search_index_{}", source.table);
    vec![
        format!("DROP TRIGGER IF EXISTS {function}_insert_delete ON \"{}\"", source.table),
        format!("DROP TRIGGER IF EXISTS {function}_update ON \"{}\"", source.table),
        format!("DROP FUNCTION IF EXISTS {function}()"),
    ]
}

pub(super) fn uninstall_statements() -> Vec<String> {
    let mut statements = Vec::new();
    for source in &SOURCES {
        statements.extend(drop_source_triggers(source));
    }
    statements.push(format!("DROP TABLE IF EXISTS {TABLE}"));
    statements.push("DROP FUNCTION IF EXISTS search_fold(text)".into());
    statements
}

pub(super) fn hits(target: Target<'_>, text: &TextQuery) -> SelectStatement {
    let d = Alias::new("d");
    let tsquery = if target.names_only { text.tsquery_in_names() } else { text.tsquery() };
    let mut select = Query::select();
    select
        .expr_as(Expr::col((d.clone(), Alias::new(ITEM_ID))), Alias::new(ITEM_ID))
        .expr_as(Expr::col((d.clone(), Alias::new(NAME))), Alias::new(NAME))
        .expr_as(
            Expr::cust_with_values("ts_rank(\"d\".\"document\", to_tsquery('simple', $1))", [tsquery.clone()]),
            Alias::new(RELEVANCE),
        )
        .from_as(Alias::new(TABLE), d.clone())
        .and_where(Expr::cust_with_values("\"d\".\"document\" @@ to_tsquery('simple', $1)", [tsquery]))
        // A literal, not a parameter: the kind's partial index applies to every plan.
        .and_where(Expr::cust(format!("\"d\".\"kind\" = '{}'", target.kind.as_str())));
    if !target.subkinds.is_empty() {
        select.and_where(Expr::col((d.clone(), Alias::new("subkind"))).is_in(target.subkinds.to_vec()));
    }
    if let Some(scope) = target.scope_id {
        select.and_where(Expr::col((d, Alias::new("scope_id"))).eq(scope));
    }
    select
}
