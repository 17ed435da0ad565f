//! Opening the database: a SQLite file (default) or PostgreSQL, chosen by the URL scheme.

use std::{path::Path, str::FromStr, time::Duration};

use sea_orm::{
    sqlx::{
        postgres::{PgConnectOptions, PgPoolOptions},
        sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
    },
    DatabaseConnection, SqlxPostgresConnector, SqlxSqliteConnector,
};

pub type Db = DatabaseConnection;

/// Opens a pool for `url`. SQLite files are created when missing and run in WAL mode with a
/// busy timeout and foreign keys on; `schema` (PostgreSQL only) sets the search path, which
/// the tests use to give every test a fresh schema.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    connect_with_schema(url, None).await
}

pub async fn connect_with_schema(url: &str, schema: Option<&str>) -> anyhow::Result<Db> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        // A transaction abandoned by an early return is rolled back only when its connection
        // is next used; the server-side timeout makes sure it never holds locks for long.
        let mut options = PgConnectOptions::from_str(url)?
            .options([("idle_in_transaction_session_timeout", "15000")])
            .application_name("waypoint");
        if let Some(schema) = schema {
            options = options.options([("search_path", schema)]).application_name(schema);
        }
        let pool = PgPoolOptions::new()
            .max_connections(20)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        Ok(SqlxPostgresConnector::from_sqlx_postgres_pool(pool))
    } else if url.starts_with("sqlite:") {
        let options = SqliteConnectOptions::from_str(url)?;
        if let Some(parent) = Path::new(options.get_filename()).parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent)?;
            }
        }
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
        Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
    } else {
        anyhow::bail!("unsupported database URL: expected sqlite:… or postgres://…")
    }
}

/// The default SQLite URL for a data directory.
pub fn default_sqlite_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("waypoint.db").display())
}
