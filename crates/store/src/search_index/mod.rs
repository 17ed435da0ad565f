//! The full-text search index: one document per searchable thing (a person, a group of any
//! type, a use case, a topic; jobs, resources, AI tools and career tips as they arrive), on
//! SQLite FTS5 or PostgreSQL full-text. Every list search, Connect and the assistant's
//! retrieval ask it for candidates and keep their own visibility and scope rules.
//!
//! The documents are kept in step by triggers on the source tables (see `documents`), so
//! every write, whichever code path makes it, changes the index in its own transaction.

mod documents;
mod postgres;
mod query;
mod sqlite;

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, IntoColumnRef, SelectStatement, SimpleExpr},
    ConnectionTrait, DbBackend, DbErr,
};

pub use query::{TextQuery, MAX_TOKENS, MAX_TOKEN_CHARS};

/// What a document describes; stored as text in `search_documents.kind`, so new kinds need
/// no schema change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    User,
    /// A group of any type (organization, institution, circle, event, …); the type is the
    /// document's `subkind`.
    Group,
    UseCase,
    Topic,
    /// A job board post (`job_posts`).
    Job,
    /// An AI tool of the catalogue (`ai_tools`, m0020).
    AiTool,
    /// A resource or prompt of the Resource Hub (`contents`; the type is the subkind).
    Resource,
    /// A career tip (`career_tips`).
    CareerTip,
}

impl Kind {
    /// Every kind: each has its own FTS5 table (SQLite) or partial GIN index (PostgreSQL),
    /// so a new kind comes with a migration that adds them (see m0016).
    pub const ALL: [Kind; 8] =
        [Kind::User, Kind::Group, Kind::UseCase, Kind::Topic, Kind::Job, Kind::AiTool, Kind::Resource, Kind::CareerTip];

    /// The kinds m0016 split the index into; later kinds come with their own migration
    /// ([`install_content`], m0019).
    pub const BASE: [Kind; 5] = [Kind::User, Kind::Group, Kind::UseCase, Kind::Topic, Kind::Job];

    /// The kinds of the content migration (m0019).
    pub const CONTENT: [Kind; 2] = [Kind::Resource, Kind::CareerTip];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::User => "user",
            Kind::Group => "group",
            Kind::UseCase => "use_case",
            Kind::Topic => "topic",
            Kind::Job => "job",
            Kind::AiTool => "ai_tool",
            Kind::Resource => "resource",
            Kind::CareerTip => "career_tip",
        }
    }
}

pub const TABLE: &str = "search_documents";

/// The column of a hits subquery holding the matched thing's id.
pub const ITEM_ID: &str = "item_id";
/// The column of a hits subquery holding the text relevance (higher is better).
pub const RELEVANCE: &str = "relevance";
/// The column of a hits subquery holding the document's name (a person's "first last").
pub const NAME: &str = "name";

async fn run(db: &impl ConnectionTrait, statements: Vec<String>) -> Result<(), DbErr> {
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    Ok(())
}

/// Creates the index and its triggers as m0011 did (one FTS5 table or GIN index over every
/// kind), and fills it from the existing rows. [`index_by_kind`] (m0016) follows.
pub async fn install(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => postgres::install_statements(),
        _ => sqlite::install_statements(),
    };
    run(db, statements).await?;
    run(db, documents::fill_base()).await?;
    optimize_single(db).await
}

/// m0016: one index per kind (SQLite: an FTS5 table per kind fed by triggers on the
/// documents; PostgreSQL: a partial GIN index per kind), built from the existing documents,
/// so that a kind's search reads only that kind's matches.
pub async fn index_by_kind(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => run(db, postgres::by_kind_statements()).await,
        _ => {
            run(db, sqlite::by_kind_statements()).await?;
            run(db, sqlite::optimize_statements(&Kind::BASE)).await
        }
    }
}

/// m0021: PostgreSQL's indexes of the kinds take writes directly, with no pending list for
/// searches to scan (see `postgres::create_kind_index`); nothing changes on SQLite.
pub async fn index_without_pending_list(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => run(db, postgres::direct_update_statements()).await,
        _ => Ok(()),
    }
}

/// m0021 undone.
pub async fn index_with_pending_list(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => run(db, postgres::pending_list_statements()).await,
        _ => Ok(()),
    }
}

/// m0016 undone: one index over every kind again.
pub async fn index_single(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => run(db, postgres::single_statements()).await,
        _ => run(db, sqlite::single_statements()).await,
    }
}

/// Adds the job board's posts to the index: their triggers and documents (m0013).
pub async fn install_job_posts(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => documents::JOB_SOURCES.iter().flat_map(postgres::source_triggers).collect::<Vec<_>>(),
        _ => documents::JOB_SOURCES.iter().flat_map(sqlite::source_triggers).collect(),
    };
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    db.execute_unprepared(&documents::fill_job_posts()).await?;
    optimize_single(db).await
}

/// Removes the job board's posts from the index.
pub async fn uninstall_job_posts(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => {
            documents::JOB_SOURCES.iter().flat_map(postgres::drop_source_triggers).collect::<Vec<_>>()
        }
        _ => documents::JOB_SOURCES.iter().flat_map(sqlite::drop_source_triggers).collect(),
    };
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    db.execute_unprepared(&format!("DELETE FROM {TABLE} WHERE kind = 'job'")).await?;
    Ok(())
}

/// m0020: the AI tools' kind (its FTS5 table or GIN index), their source triggers and
/// documents.
pub async fn install_ai_tools(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let mut statements = match db.get_database_backend() {
        DbBackend::Postgres => postgres::kind_statements(Kind::AiTool),
        _ => sqlite::kind_statements(Kind::AiTool),
    };
    statements.extend(match db.get_database_backend() {
        DbBackend::Postgres => {
            documents::AI_TOOL_SOURCES.iter().flat_map(postgres::source_triggers).collect::<Vec<_>>()
        }
        _ => documents::AI_TOOL_SOURCES.iter().flat_map(sqlite::source_triggers).collect(),
    });
    statements.push(documents::fill_ai_tools());
    run(db, statements).await
}

/// m0020 undone: the AI tools leave the index.
pub async fn uninstall_ai_tools(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => {
            documents::AI_TOOL_SOURCES.iter().flat_map(postgres::drop_source_triggers).collect::<Vec<_>>()
        }
        _ => documents::AI_TOOL_SOURCES.iter().flat_map(sqlite::drop_source_triggers).collect(),
    };
    run(db, statements).await?;
    db.execute_unprepared(&format!("DELETE FROM {TABLE} WHERE kind = 'ai_tool'")).await?;
    Ok(())
}

/// m0019: resources (and prompts) and career tips join the index: each kind's FTS5 table
/// (SQLite) or partial GIN index (PostgreSQL), the triggers on `contents` and
/// `career_tips`, and the documents of the rows that exist.
pub async fn install_content(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let mut statements = Vec::new();
    for kind in Kind::CONTENT {
        match backend {
            DbBackend::Postgres => statements.extend(postgres::kind_statements(kind)),
            _ => statements.extend(sqlite::kind_statements(kind)),
        }
    }
    for source in &documents::CONTENT_SOURCES {
        match backend {
            DbBackend::Postgres => statements.extend(postgres::source_triggers(source)),
            _ => statements.extend(sqlite::source_triggers(source)),
        }
    }
    statements.extend(documents::fill_content());
    run(db, statements).await?;
    if backend == DbBackend::Sqlite {
        // Only this migration's kinds: later kinds have no tables yet.
        run(db, sqlite::optimize_statements(&Kind::CONTENT)).await?;
    }
    Ok(())
}

/// m0019 undone.
pub async fn uninstall_content(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let mut statements = Vec::new();
    for source in &documents::CONTENT_SOURCES {
        match backend {
            DbBackend::Postgres => statements.extend(postgres::drop_source_triggers(source)),
            _ => statements.extend(sqlite::drop_source_triggers(source)),
        }
    }
    for kind in Kind::CONTENT {
        statements.push(format!("DELETE FROM {TABLE} WHERE kind = '{}'", kind.as_str()));
        match backend {
            DbBackend::Postgres => statements.extend(postgres::drop_kind_statements(kind)),
            _ => statements.extend(sqlite::drop_kind_statements(kind)),
        }
    }
    run(db, statements).await
}

/// Drops the index and its triggers.
pub async fn uninstall(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => postgres::uninstall_statements(),
        _ => sqlite::uninstall_statements(),
    };
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    Ok(())
}

/// Refills every document from the source tables (after a bulk load, or to repair), and
/// compacts the index.
pub async fn rebuild(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    db.execute_unprepared(&format!("DELETE FROM {TABLE}")).await?;
    for statement in documents::fill_all() {
        db.execute_unprepared(&statement).await?;
    }
    optimize(db).await
}

/// Compacts the index after a bulk load (the triggers have already written the documents):
/// each kind's FTS5 table merges its segments into one; PostgreSQL's GIN needs nothing.
pub async fn optimize(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Sqlite {
        run(db, sqlite::optimize_statements(&Kind::ALL)).await?;
    }
    Ok(())
}

/// [`optimize`] for the single FTS5 table of the migrations before m0016.
async fn optimize_single(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Sqlite {
        db.execute_unprepared(&sqlite::optimize_single_statement()).await?;
    }
    Ok(())
}

/// Where candidates are looked for: one kind, optionally some group types (`subkind`) and
/// one tenant (`scope_id`; people are not tenant-scoped, their scope is membership), in the
/// whole document or in the name only.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub kind: Kind,
    pub subkinds: &'a [String],
    pub scope_id: Option<i64>,
    pub names_only: bool,
}

impl<'a> Target<'a> {
    pub fn kind(kind: Kind) -> Self {
        Target { kind, subkinds: &[], scope_id: None, names_only: false }
    }

    pub fn in_scope(kind: Kind, scope_id: i64) -> Self {
        Target { kind, subkinds: &[], scope_id: Some(scope_id), names_only: false }
    }
}

/// `SELECT item_id, relevance` of the documents matching `text`: join it to the thing's
/// table on `item_id`, then filter with the thing's own visibility rules.
pub fn hits(backend: DbBackend, target: Target<'_>, text: &TextQuery) -> SelectStatement {
    match backend {
        DbBackend::Postgres => postgres::hits(target, text),
        _ => sqlite::hits(target, text),
    }
}

/// Makes the index's hits drive a query over `table` (whose FROM is `table` alone, before
/// any join is added): `FROM (hits) AS alias CROSS JOIN table … WHERE id_column =
/// alias.item_id`, so the columns of [`hits`] can rank the rows under `alias`. The hits
/// are materialized first and the table is read by its key, one row per hit; SQLite keeps
/// the order of a CROSS JOIN, where it would otherwise walk the table (a tenant's every job
/// post) and look each row up in the hits.
pub fn drive_from_hits(
    query: &mut SelectStatement,
    backend: DbBackend,
    target: Target<'_>,
    text: &TextQuery,
    alias: &str,
    table: impl sea_orm::sea_query::IntoTableRef,
    id_column: impl IntoColumnRef,
) {
    query
        .from_clear()
        .from_subquery(hits(backend, target, text), Alias::new(alias))
        .join(sea_orm::sea_query::JoinType::CrossJoin, table, sea_orm::Condition::all())
        .and_where(Expr::col(id_column).equals((Alias::new(alias), Alias::new(ITEM_ID))));
}

/// The alias of the hits in a query [`select_from_hits`] starts: rank by
/// `(HITS, RELEVANCE)`.
pub const HITS: &str = "hits";

/// Starts a query of `E` from the rows the index finds for `text`, as [`HITS`], joined on
/// `id_column`; a plain `E::find()` without text. Call it before any other join: the hits
/// drive the query ([`drive_from_hits`]).
pub fn select_from_hits<E: sea_orm::EntityTrait>(
    backend: DbBackend,
    target: Target<'_>,
    text: Option<&TextQuery>,
    id_column: impl IntoColumnRef,
) -> sea_orm::Select<E> {
    use sea_orm::QueryTrait;
    let mut query = E::find();
    if let Some(text) = text {
        drive_from_hits(QueryTrait::query(&mut query), backend, target, text, HITS, E::default(), id_column);
    }
    query
}

/// `SELECT item_id` of the documents matching `text`, for `column IN (…)` filters of lists
/// whose order is their own.
pub fn matching_ids(backend: DbBackend, target: Target<'_>, text: &TextQuery) -> SelectStatement {
    let mut ids = hits(backend, target, text);
    ids.clear_selects();
    ids.column((Alias::new("d"), Alias::new(ITEM_ID)));
    ids
}

/// A filter for lists with a `search` text: `id_column` is among the index's matches for
/// `text` (nothing matches text without a letter or digit). The list keeps its own order.
pub fn matching(backend: DbBackend, target: Target<'_>, text: &str, id_column: impl IntoColumnRef) -> SimpleExpr {
    match TextQuery::parse(text) {
        Some(text) => Expr::col(id_column).in_subquery(matching_ids(backend, target, &text)),
        None => Expr::val(false),
    }
}

/// [`matching`] for people, where administrators may also find someone by e-mail address:
/// `id_column` is among the index's people matching `text` by name, or (with `by_email`)
/// is a person whose address starts with `text`. Addresses are not in the index, so no
/// other search finds anyone by them; the prefix is a range on the e-mail index (SQLite,
/// byte order) or a `LIKE 'prefix%'` on its `text_pattern_ops` index (PostgreSQL, m0016).
pub fn matching_people(backend: DbBackend, text: &str, by_email: bool, id_column: impl IntoColumnRef) -> SimpleExpr {
    let target = Target { kind: Kind::User, subkinds: &[], scope_id: None, names_only: true };
    let prefix = text.trim().to_lowercase();
    let by_email = by_email && !prefix.is_empty();
    let by_address = || {
        let mut select = sea_orm::sea_query::Query::select();
        select.column(Alias::new("id")).from(Alias::new("users")).and_where(email_starts(backend, &prefix));
        select
    };
    match (TextQuery::parse(text), by_email) {
        (Some(text), false) => Expr::col(id_column).in_subquery(matching_ids(backend, target, &text)),
        (Some(text), true) => {
            // The hits as a subquery of their own: a compound SELECT takes no LIMIT inside.
            let mut ids = sea_orm::sea_query::Query::select();
            ids.column(Alias::new(ITEM_ID))
                .from_subquery(matching_ids(backend, target, &text), Alias::new("named"))
                .union(sea_orm::sea_query::UnionType::All, by_address());
            Expr::col(id_column).in_subquery(ids)
        }
        (None, true) => Expr::col(id_column).in_subquery(by_address()),
        (None, false) => Expr::val(false),
    }
}

/// "`users.email` starts with `prefix`" (addresses are stored lower-cased), on an index.
fn email_starts(backend: DbBackend, prefix: &str) -> SimpleExpr {
    let email = Expr::col((Alias::new("users"), Alias::new("email")));
    match backend {
        DbBackend::Postgres => {
            let escaped = prefix.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            email.like(sea_orm::sea_query::LikeExpr::new(format!("{escaped}%")).escape('\\'))
        }
        _ => {
            // Every text starting with `prefix` sorts from `prefix` up to, not including,
            // `prefix` with its last character raised by one (BINARY collation: code points).
            let mut chars: Vec<char> = prefix.chars().collect();
            let upper = chars.pop().and_then(|last| char::from_u32(last as u32 + 1)).map(|next| {
                chars.push(next);
                chars.into_iter().collect::<String>()
            });
            let from = email.clone().gte(prefix.to_string());
            match upper {
                Some(upper) => from.and(email.lt(upper)),
                None => from.and(Expr::cust_with_values(
                    "substr(\"users\".\"email\", 1, ?) = ?",
                    [
                        sea_orm::Value::from(i32::try_from(prefix.chars().count()).unwrap_or(i32::MAX)),
                        sea_orm::Value::from(prefix.to_string()),
                    ],
                )),
            }
        }
    }
}
