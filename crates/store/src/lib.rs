//! Persistence: SeaORM entities, the migrations (one set for SQLite and PostgreSQL) and
//! the queries of each area. Nothing here knows about HTTP.

pub mod connect;
pub mod entities;
pub mod generations;
pub mod list_counts;
pub mod migrations;
pub mod person_generations;
pub mod queries;
pub mod search_index;
pub mod seed;

pub use connect::{connect, Db};
pub use sea_orm;
pub use sea_orm_migration;

/// A failure in the data layer. Unique-key violations are told apart so that callers can
/// answer 409 instead of 500.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error(transparent)]
    Db(#[from] sea_orm::DbErr),
}

impl StoreError {
    /// Classifies a database error, turning unique violations into `Conflict` and an update
    /// of a row that is gone (deleted by a request running at the same time) into `NotFound`.
    pub fn classify(err: sea_orm::DbErr) -> Self {
        if matches!(err, sea_orm::DbErr::RecordNotUpdated) {
            return StoreError::NotFound;
        }
        match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(msg)) => StoreError::Conflict(msg),
            _ => StoreError::Db(err),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// The current time, truncated to microseconds so that values read back from either
/// database compare equal to what was written.
pub fn now() -> chrono::DateTime<chrono::Utc> {
    use chrono::{SubsecRound, Utc};
    Utc::now().trunc_subsecs(6)
}

/// A transaction that reads before it writes. On SQLite it takes the write lock at once
/// (BEGIN IMMEDIATE), so a concurrent writer makes it wait (busy timeout) instead of failing
/// when it upgrades from reading to writing; PostgreSQL ignores the mode.
pub async fn begin_write(db: &Db) -> Result<sea_orm::DatabaseTransaction, sea_orm::DbErr> {
    use sea_orm::TransactionTrait;
    db.begin_with_options(sea_orm::TransactionOptions {
        sqlite_transaction_mode: Some(sea_orm::SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}
