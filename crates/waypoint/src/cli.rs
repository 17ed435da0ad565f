//! Command-line interface. Every flag has an environment-variable fallback.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(name = "waypoint", version, about = "Waypoint: career networking and AI upskilling community platform")]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Args)]
pub struct Global {
    /// Database URL: sqlite://path/to/file.db or postgres://user@host/db. Default: a SQLite
    /// file in the data directory.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,
    /// Folder for the SQLite file, uploads and the generated token secret.
    #[arg(long, env = "WAYPOINT_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// Database connections of the server: the PostgreSQL pool's size (default 20), or the
    /// number of SQLite read-only connections next to its one writer (default: two per core,
    /// 4 to 16).
    #[arg(long, env = "WAYPOINT_DB_MAX_CONNECTIONS", global = true, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_max_connections: Option<u32>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Migrate the database if needed, then serve the API and the web app.
    Serve(ServeArgs),
    /// Apply pending database migrations.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Load demo data (--demo) or benchmark data (--scale N for N thousand users).
    Seed(SeedArgs),
    /// Create a user who administers a tenant's organization.
    CreateAdmin(CreateAdminArgs),
    /// Copy the SQLite database (online, while the server runs), the local uploads and the
    /// token secret into DIR, with a manifest of checksums written last.
    Backup(BackupArgs),
    /// Restore a backup taken by `waypoint backup` into the configured data directory and
    /// database, after checking every file against its manifest.
    Restore(RestoreArgs),
}

#[derive(Args)]
pub struct BackupArgs {
    /// A new or empty folder.
    pub dir: PathBuf,
}

#[derive(Args)]
pub struct RestoreArgs {
    /// A folder written by `waypoint backup`.
    pub dir: PathBuf,
    /// Replace a target database and uploads folder that already hold data (stop the
    /// server first).
    #[arg(long)]
    pub force: bool,
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "WAYPOINT_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Folder with the built web app.
    #[arg(long, env = "WAYPOINT_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Seed the demo tenants and users before serving, and print the logins.
    #[arg(long, env = "WAYPOINT_DEMO")]
    pub demo: bool,
    /// Comma-separated hosts of the vendor that show the "powered by" link.
    #[arg(long, env = "WAYPOINT_VENDOR_HOSTS")]
    pub vendor_hosts: Option<String>,
    /// SMTP server for outgoing mail (smtps://user:password@host). Without it, mail is kept
    /// in the database (the outbox) and not delivered.
    #[arg(long, env = "WAYPOINT_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The From address of outgoing mail.
    #[arg(long, env = "WAYPOINT_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// Show the mail kept in the outbox at /dev/mailbox, to loopback callers only
    /// (development and tests; never on a server others can reach through a proxy you run).
    #[arg(long, env = "WAYPOINT_DEV_MAILBOX", action = clap::ArgAction::Set, value_parser = on_off, default_value = "off", num_args = 0..=1, default_missing_value = "on")]
    pub dev_mailbox: bool,
    /// Seconds before a request is answered 408.
    #[arg(long, env = "WAYPOINT_REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,
    /// Sign-up bot-check: pow (built-in proof of work), recaptcha, turnstile or off.
    #[arg(long, env = "WAYPOINT_BOTCHECK", default_value = "pow")]
    pub botcheck: String,
    /// Leading zero bits the proof of work needs (each one doubles the work).
    #[arg(long, env = "WAYPOINT_BOTCHECK_DIFFICULTY", default_value_t = 16)]
    pub botcheck_difficulty: u8,
    /// reCAPTCHA or Turnstile site key.
    #[arg(long, env = "WAYPOINT_BOTCHECK_SITE_KEY")]
    pub botcheck_site_key: Option<String>,
    /// reCAPTCHA or Turnstile secret key.
    #[arg(long, env = "WAYPOINT_BOTCHECK_SECRET", hide_env_values = true)]
    pub botcheck_secret: Option<String>,
    /// Trust X-Forwarded-For for the client address (only behind your own proxy).
    #[arg(long, env = "WAYPOINT_TRUST_PROXY")]
    pub trust_proxy: bool,
    /// Scheme of links in mails (http or https); by default http for local hosts only.
    #[arg(long, env = "WAYPOINT_PUBLIC_SCHEME")]
    pub public_scheme: Option<String>,
    /// Redis server (redis://host:6379) through which several instances share real-time
    /// events (chat, notifications); without it, events reach the sockets of this instance.
    #[arg(long, env = "WAYPOINT_REDIS_URL", hide_env_values = true)]
    pub redis_url: Option<String>,
    /// Seconds between an open socket's checks that its sign-in still holds.
    #[arg(long, env = "WAYPOINT_SOCKET_CHECK_SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub socket_check_secs: u64,
    /// Seconds between two runs of the analytics roll-up (the admin dashboard's charts are
    /// this fresh).
    #[arg(long, env = "WAYPOINT_ANALYTICS_INTERVAL_SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(10..=86400))]
    pub analytics_interval_secs: u64,
    /// On PostgreSQL, keep the write generations in memory and listen for their changes
    /// (`on`), or read them on every request (`off`: behind a pooler in transaction mode,
    /// where LISTEN does not work).
    #[arg(long, env = "WAYPOINT_GENERATION_NOTICES", default_value = "on", value_parser = ["on", "off"])]
    pub generation_notices: String,
    /// Serve Prometheus metrics at http://ADDR/metrics on a second listener (keep it
    /// private: a loopback or internal address). Off when unset.
    #[arg(long, env = "WAYPOINT_METRICS_ADDR")]
    pub metrics_addr: Option<String>,
}

#[derive(Args)]
pub struct SeedArgs {
    /// Demo tenants (localhost and star.localhost), topics and demo users.
    #[arg(long)]
    pub demo: bool,
    /// N thousand users with memberships and topics, for benchmarks.
    #[arg(long, value_name = "N")]
    pub scale: Option<u64>,
}

#[derive(Args)]
pub struct CreateAdminArgs {
    #[arg(long)]
    pub email: String,
    /// At least 8 characters.
    #[arg(long, env = "WAYPOINT_ADMIN_PASSWORD", hide_env_values = true)]
    pub password: String,
    #[arg(long, default_value = "Admin")]
    pub first_name: String,
    #[arg(long, default_value = "User")]
    pub last_name: String,
    /// Domain of the tenant; the default tenant when left out.
    #[arg(long)]
    pub tenant: Option<String>,
    /// Also make the user staff.
    #[arg(long)]
    pub staff: bool,
}

/// `on`/`off` (also true/false, 1/0, yes/no) for switches that are set through the environment.
fn on_off(value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" | "" => Ok(false),
        other => Err(format!("expected on or off, got {other:?}")),
    }
}
