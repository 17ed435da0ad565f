//! Opening the database: a SQLite file (default) or PostgreSQL, chosen by the URL scheme.
//!
//! The server opens [`Pools`]: on SQLite one writer connection (writers queue for it in the
//! pool instead of failing with "database is locked") and several read-only connections,
//! which WAL mode lets read while the writer writes; on PostgreSQL both are the same pool.
//! Tools (migrate, seed, create-admin) open a single pool with [`connect`].

use std::{path::Path, str::FromStr, time::Duration};

use sea_orm::{
    sqlx::{
        postgres::{PgConnectOptions, PgPoolOptions},
        sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
    },
    DatabaseConnection, SqlxPostgresConnector, SqlxSqliteConnector,
};

pub type Db = DatabaseConnection;

/// How long a request waits for a free connection before it fails.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// A pooled PostgreSQL connection idle for longer than this is pinged before it is handed
/// out (the server may have closed it); a busier one is handed out as it is.
const PING_IDLE_AFTER: Duration = Duration::from_secs(30);

/// PostgreSQL connections when not configured.
pub const DEFAULT_POSTGRES_CONNECTIONS: u32 = 20;

/// Sizes of the pools. `max_connections` is the PostgreSQL pool's size, or the number of
/// SQLite read-only connections (SQLite always has exactly one writer).
#[derive(Debug, Clone, Copy, Default)]
pub struct PoolOptions {
    pub max_connections: Option<u32>,
}

impl PoolOptions {
    fn postgres_size(self) -> u32 {
        self.max_connections.unwrap_or(DEFAULT_POSTGRES_CONNECTIONS).max(1)
    }

    /// SQLite readers: by default two per core (a reader blocks its thread while SQLite
    /// works), at least 4 and at most 16.
    fn sqlite_readers(self) -> u32 {
        let cores = std::thread::available_parallelism().map(|n| n.get() as u32).unwrap_or(2);
        self.max_connections.unwrap_or((cores * 2).clamp(4, 16)).max(1)
    }
}

/// The server's connections: `write` for everything that changes data (and reads that must
/// see a transaction's own writes), `read` for the reads of GET handlers.
#[derive(Clone)]
pub struct Pools {
    pub write: Db,
    pub read: Db,
}

/// Opens a single pool for `url`, as tools and tests use it. SQLite files are created when
/// missing and run in WAL mode with a busy timeout and foreign keys on.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    connect_with_schema(url, None).await
}

/// [`connect`], with `schema` (PostgreSQL only) as the search path, which the tests use to
/// give every test a fresh schema.
pub async fn connect_with_schema(url: &str, schema: Option<&str>) -> anyhow::Result<Db> {
    match Backend::of(url)? {
        Backend::Postgres => postgres(url, schema, PoolOptions::default().postgres_size()).await,
        Backend::Sqlite => {
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .test_before_acquire(false)
                .after_connect(|connection, _| Box::pin(stable_plans(connection)))
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(sqlite_writer_options(url)?)
                .await?;
            Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
        }
    }
}

/// Opens the server's [`Pools`] for `url`.
pub async fn connect_pools(url: &str, schema: Option<&str>, options: PoolOptions) -> anyhow::Result<Pools> {
    match Backend::of(url)? {
        Backend::Postgres => {
            let db = postgres(url, schema, options.postgres_size()).await?;
            Ok(Pools { write: db.clone(), read: db })
        }
        Backend::Sqlite => {
            // The writer first: it creates the file and switches it to WAL, which the
            // read-only connections cannot do.
            // No ping before each use (sqlx's default): a SQLite connection cannot be
            // dropped by a server, and the ping was a second round trip to the connection's
            // thread for every statement.
            let writer = SqlitePoolOptions::new()
                .max_connections(1)
                .test_before_acquire(false)
                .after_connect(|connection, _| Box::pin(stable_plans(connection)))
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(sqlite_writer_options(url)?)
                .await?;
            let reader_options = SqliteConnectOptions::from_str(url)?
                .read_only(true)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let readers = SqlitePoolOptions::new()
                .max_connections(options.sqlite_readers())
                .test_before_acquire(false)
                .after_connect(|connection, _| Box::pin(stable_plans(connection)))
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(reader_options)
                .await?;
            Ok(Pools {
                write: SqlxSqliteConnector::from_sqlx_sqlite_pool(writer),
                read: SqlxSqliteConnector::from_sqlx_sqlite_pool(readers),
            })
        }
    }
}

enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    fn of(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            anyhow::bail!("unsupported database URL: expected sqlite:… or postgres://…")
        }
    }
}

async fn postgres(url: &str, schema: Option<&str>, size: u32) -> anyhow::Result<Db> {
    // A transaction abandoned by an early return is rolled back only when its connection
    // is next used; the server-side timeout makes sure it never holds locks for long.
    let mut options = PgConnectOptions::from_str(url)?
        .options([("idle_in_transaction_session_timeout", "15000")])
        // Planner settings for many small concurrent queries on SSD storage (see
        // docs/decisions.md, "Speed, round four"): index lookups priced close to sequential
        // reads, no parallel workers, whose start-up cost more than the queries, and a plan
        // for each execution's values: a prepared search's generic plan cannot know how few
        // rows its text matches and scanned every user (207 ms instead of 0.1 ms).
        .options([
            ("random_page_cost", "1.1"),
            ("max_parallel_workers_per_gather", "0"),
            ("plan_cache_mode", "force_custom_plan"),
        ])
        .application_name("waypoint");
    if let Some(schema) = schema {
        options = options.options([("search_path", schema)]).application_name(schema);
    }
    // sqlx pings a connection before every use by default: a network round trip per
    // statement. Only a connection that sat idle long enough to have been closed is checked.
    let pool = PgPoolOptions::new()
        .max_connections(size)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for > PING_IDLE_AFTER {
                    sea_orm::sqlx::Connection::ping(connection).await?;
                }
                Ok(true)
            })
        })
        .connect_with(options)
        .await?;
    Ok(SqlxPostgresConnector::from_sqlx_postgres_pool(pool))
}

fn sqlite_writer_options(url: &str) -> anyhow::Result<SqliteConnectOptions> {
    let options = SqliteConnectOptions::from_str(url)?;
    if let Some(parent) = Path::new(options.get_filename()).parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)?;
        }
    }
    Ok(options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true))
}

/// Turns on SQLite's query-planner stability guarantee for a connection. Without it SQLite
/// plans with the values bound to a statement where they might matter, and marks such a
/// statement to be prepared again whenever a value is bound: every statement with a bound
/// `LIMIT ?` (most of sea-orm's), and sqlx binds on every execution. Preparing statements
/// again was 8% of the CPU of an assistant question at 100k members. The plans lose nothing
/// we use: no table statistics of values (`sqlite_stat4`), no `LIKE ?` on an index.
async fn stable_plans(connection: &mut SqliteConnection) -> Result<(), sea_orm::sqlx::Error> {
    use std::{ffi::c_int, ptr};
    let mut handle = connection.lock_handle().await?;
    let db = handle.as_raw_handle().as_ptr();
    // SAFETY: `db` is this connection's open handle, held locked for the call; the option
    // takes an int (on) and an optional out-pointer, here none.
    let rc = unsafe {
        libsqlite3_sys::sqlite3_db_config(
            db,
            libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_QPSG,
            1 as c_int,
            ptr::null_mut::<c_int>(),
        )
    };
    if rc != libsqlite3_sys::SQLITE_OK {
        return Err(sea_orm::sqlx::Error::Configuration(
            format!("SQLite refused the query-planner stability option (code {rc})").into(),
        ));
    }
    Ok(())
}

/// The default SQLite URL for a data directory.
pub fn default_sqlite_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("waypoint.db").display())
}

/// Connections of one sqlx pool, read without waiting (for `/metrics`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolCounts {
    /// Open connections, in use or idle.
    pub size: u32,
    pub idle: u32,
}

/// A pool's [`PoolCounts`] with its kind of database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolStats {
    Sqlite(PoolCounts),
    Postgres(PoolCounts),
}

/// The connections of `db`'s pool; `None` for a connection that is not a sqlx pool.
pub fn pool_stats(db: &Db) -> Option<PoolStats> {
    use sea_orm::DatabaseConnectionType as Kind;
    match &db.inner {
        Kind::SqlxSqlitePoolConnection(_) => {
            let pool = db.get_sqlite_connection_pool();
            Some(PoolStats::Sqlite(PoolCounts { size: pool.size(), idle: pool.num_idle() as u32 }))
        }
        Kind::SqlxPostgresPoolConnection(_) => {
            let pool = db.get_postgres_connection_pool();
            Some(PoolStats::Postgres(PoolCounts { size: pool.size(), idle: pool.num_idle() as u32 }))
        }
        _ => None,
    }
}

/// The file of a `sqlite:` URL; `None` for PostgreSQL (or an in-memory database).
pub fn sqlite_file(url: &str) -> anyhow::Result<Option<std::path::PathBuf>> {
    match Backend::of(url)? {
        Backend::Postgres => Ok(None),
        Backend::Sqlite => {
            let options = SqliteConnectOptions::from_str(url)?;
            let file = options.get_filename();
            Ok((!file.as_os_str().is_empty() && file != Path::new(":memory:")).then(|| file.to_path_buf()))
        }
    }
}

/// Writes a consistent copy of a SQLite database to `target` (a new file) while others
/// keep writing: `VACUUM INTO` reads one snapshot (a read transaction, which WAL mode lets
/// run beside the writer) and writes it compacted. Commits made after it began are not in
/// the copy; every one made before is.
pub async fn sqlite_snapshot(db: &Db, target: &Path) -> anyhow::Result<()> {
    use sea_orm::ConnectionTrait;
    let target = target.to_str().ok_or_else(|| anyhow::anyhow!("the backup path is not valid UTF-8"))?;
    db.execute_unprepared(&format!("VACUUM INTO '{}'", target.replace('\'', "''"))).await?;
    Ok(())
}
