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
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::User => "user",
            Kind::Group => "group",
            Kind::UseCase => "use_case",
            Kind::Topic => "topic",
            Kind::Job => "job",
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

/// Creates the index and its triggers, and fills it from the existing rows.
pub async fn install(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => postgres::install_statements(),
        _ => sqlite::install_statements(),
    };
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    for statement in documents::fill_base() {
        db.execute_unprepared(&statement).await?;
    }
    optimize(db).await
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
    optimize(db).await
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
/// FTS5 merges its segments into one; PostgreSQL's GIN needs nothing.
pub async fn optimize(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Sqlite {
        db.execute_unprepared(&sqlite::optimize_statement()).await?;
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
