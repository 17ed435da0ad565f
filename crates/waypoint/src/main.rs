//! The `waypoint` binary: serve the product, migrate, seed, print the OpenAPI document,
//! create an admin.

mod backup;
mod cli;
mod secrets;

use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use cli::{Cli, Command, Global};

fn init_logging() {
    use tracing_subscriber::{fmt, EnvFilter};
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    if std::env::var("WAYPOINT_LOG_FORMAT").is_ok_and(|f| f == "json") {
        fmt().with_env_filter(filter).json().with_current_span(true).init();
    } else {
        fmt().with_env_filter(filter).compact().init();
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    services::memory::keep_large_blocks_apart();
    let cli = Cli::parse();
    init_logging();
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => {
            print!("{}", api::openapi_json());
            Ok(())
        }
        Command::Migrate => {
            let db = open_db(&cli.global).await?;
            store::migrations::migrate(&db).await?;
            println!("Migrations applied.");
            Ok(())
        }
        Command::Seed(args) => {
            let db = open_db(&cli.global).await?;
            store::migrations::migrate(&db).await?;
            if args.demo {
                seed_demo(&db).await?;
            }
            if let Some(thousands) = args.scale {
                ensure_default_tenant(&db).await?;
                let hash = api::passwords::hash(DEMO_PASSWORD)?;
                let created = store::seed::seed_scale(&db, thousands, &hash).await?;
                println!("Seeded {created} users with memberships and topics on the default tenant.");
            }
            if !args.demo && args.scale.is_none() {
                anyhow::bail!("nothing to seed: pass --demo and/or --scale N");
            }
            // The analytics page shows the seeded history at once (the server's worker keeps
            // it up to date from then on).
            let started = std::time::Instant::now();
            let sites = services::analytics::rollup_all(&db).await?;
            println!("Analytics rolled up for {sites} sites in {:.1} s.", started.elapsed().as_secs_f64());
            Ok(())
        }
        Command::CreateAdmin(args) => create_admin(&cli.global, args).await,
        Command::Backup(args) => {
            let source = backup::Source {
                database_url: database_url(&cli.global),
                data_dir: cli.global.data_dir.clone(),
                uploads: local_uploads(&cli.global)?,
            };
            let started = std::time::Instant::now();
            let manifest = backup::backup(&source, &args.dir).await?;
            let bytes: u64 = manifest.files.iter().map(|f| f.bytes).sum();
            println!(
                "Backup written to {} in {:.1} s: {} files, {bytes} bytes.",
                args.dir.display(),
                started.elapsed().as_secs_f64(),
                manifest.files.len()
            );
            Ok(())
        }
        Command::Restore(args) => {
            let target = backup::Target {
                database_url: database_url(&cli.global),
                data_dir: cli.global.data_dir.clone(),
                uploads: local_uploads(&cli.global)?,
                force: args.force,
            };
            let manifest = backup::restore(&args.dir, &target)?;
            println!(
                "Restored the backup of {} ({} files) into {}.",
                manifest.created_at.format("%Y-%m-%d %H:%M:%S UTC"),
                manifest.files.len(),
                cli.global.data_dir.display()
            );
            Ok(())
        }
        Command::Serve(args) => serve(&cli.global, args).await,
    }
}

const DEMO_PASSWORD: &str = "waypoint-demo";

fn database_url(global: &Global) -> String {
    match &global.database_url {
        Some(url) => url.clone(),
        None => store::connect::default_sqlite_url(&global.data_dir),
    }
}

/// The local uploads folder, or `None` when uploads live in an S3 bucket.
fn local_uploads(global: &Global) -> anyhow::Result<Option<std::path::PathBuf>> {
    match services::storage::StorageConfig::from_env(&global.data_dir, |name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("file storage: {problem}"))?
    {
        services::storage::StorageConfig::Local { root } => Ok(Some(root)),
        services::storage::StorageConfig::S3(_) => Ok(None),
    }
}

async fn open_db(global: &Global) -> anyhow::Result<store::Db> {
    store::connect(&database_url(global)).await.context("opening the database")
}

/// The server's pools: a writer and read-only connections on SQLite, one pool on PostgreSQL.
async fn open_pools(global: &Global) -> anyhow::Result<store::connect::Pools> {
    let options = store::connect::PoolOptions { max_connections: global.db_max_connections };
    store::connect::connect_pools(&database_url(global), None, options).await.context("opening the database")
}

async fn ensure_default_tenant(db: &store::Db) -> anyhow::Result<store::queries::tenants::TenantRecord> {
    let config = serde_json::to_value(domain::config::AppConfig::default())?;
    Ok(store::queries::tenants::ensure_default(db, config).await?)
}

async fn seed_demo(db: &store::Db) -> anyhow::Result<()> {
    let hash = api::passwords::hash(DEMO_PASSWORD)?;
    let tenants = store::seed::seed_demo(db, &hash).await?;
    println!("Demo tenants:");
    for record in &tenants {
        println!("  {:<16} {}", record.tenant.domain, record.organization.name);
    }
    println!("Demo logins (password for all: {DEMO_PASSWORD}):");
    for login in store::seed::DEMO_LOGINS {
        println!("  {:<24} {} on {}", login.email, login.role, login.tenant);
    }
    Ok(())
}

async fn create_admin(global: &Global, args: cli::CreateAdminArgs) -> anyhow::Result<()> {
    let db = open_db(global).await?;
    store::migrations::migrate(&db).await?;
    let tenant = match &args.tenant {
        Some(domain) => store::queries::tenants::find_by_domain(&db, domain)
            .await?
            .with_context(|| format!("no tenant with domain {domain}"))?,
        None => ensure_default_tenant(&db).await?,
    };
    if args.password.chars().count() < 8 {
        anyhow::bail!("Password must be at least 8 characters");
    }
    let user = match store::queries::users::find_by_email(&db, &args.email).await? {
        Some(user) => user,
        None => {
            store::queries::users::create(
                &db,
                store::queries::users::NewUser {
                    email: &args.email,
                    password_hash: Some(api::passwords::hash(&args.password)?),
                    first_name: &args.first_name,
                    last_name: &args.last_name,
                    is_verified: true,
                    is_staff: args.staff,
                    subscribe_to_newsletter: false,
                },
            )
            .await?
        }
    };
    store::queries::memberships::upsert(
        &db,
        tenant.organization.id,
        user.id,
        "admin",
        store::queries::memberships::STATUS_ACCEPTED,
    )
    .await?;
    println!("{} is an admin of {} ({}).", user.email, tenant.organization.name, tenant.tenant.domain);
    Ok(())
}

async fn serve(global: &Global, args: cli::ServeArgs) -> anyhow::Result<()> {
    let pools = open_pools(global).await?;
    let db = pools.write.clone();
    store::migrations::migrate(&db).await.context("migrating the database")?;
    if args.demo {
        seed_demo(&db).await?;
    }
    ensure_default_tenant(&db).await?;

    let mut settings = api::Settings::defaults();
    settings.web_dir = args.web_dir.clone();
    settings.jwt_secret = secrets::jwt_secret(&global.data_dir)?;
    if let Some(hosts) = &args.vendor_hosts {
        settings.vendor_hosts = hosts.split(',').map(|h| h.trim().to_lowercase()).filter(|h| !h.is_empty()).collect();
    }
    settings.request_timeout = Duration::from_secs(args.request_timeout_secs);
    settings.smtp_url = args.smtp_url.clone().filter(|u| !u.is_empty());
    if let Some(from) = &args.mail_from {
        settings.mail_from = from.clone();
    }
    settings.dev_mailbox = args.dev_mailbox;
    settings.botcheck = botcheck_setting(&args)?;
    settings.trust_proxy = args.trust_proxy;
    settings.public_scheme = args.public_scheme.clone().filter(|s| s == "http" || s == "https");
    settings.socket_check_interval = Duration::from_secs(args.socket_check_secs);
    settings.analytics_interval = Duration::from_secs(args.analytics_interval_secs);
    settings.generation_notices = args.generation_notices == "on";
    let metrics_addr = args.metrics_addr.clone().filter(|a| !a.trim().is_empty());
    settings.http_metrics = metrics_addr.is_some();

    // --- Social sign-in (Google, Facebook, LinkedIn) -------------------------------------
    // Each provider is on when its WAYPOINT_* id (and secret) is set; see the README.
    settings.social = services::social::SocialConfig::from_env(|name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("social sign-in: {problem}"))?;
    let social = settings.social.enabled();
    if !social.is_empty() {
        tracing::info!(providers = %social.join(","), "social sign-in enabled");
    }
    // ---------------------------------------------------------------------------------------

    // --- File storage (uploads) ----------------------------------------------------------
    // <data_dir>/uploads, served at /media/, unless WAYPOINT_S3_BUCKET names a bucket.
    settings.storage = services::storage::StorageConfig::from_env(&global.data_dir, |name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("file storage: {problem}"))?;
    tracing::info!(storage = settings.storage.name(), "file storage");
    // ---------------------------------------------------------------------------------------

    // --- The model (WAYPOINT_AI_*) -----------------------------------------------------------
    // One OpenAI-compatible client, read once: it refines resumes, writes the assistant's
    // answers and the CareerGPS reports, and is asked by the system agents (see the README).
    settings.model = services::ai::chat_from_env(|name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("AI provider: {problem}"))?;
    // ---------------------------------------------------------------------------------------

    // --- Profile import ---------------------------------------------------------------------
    // LinkedIn import through WAYPOINT_LINKEDIN_PROFILE_API_URL (+ _KEY); resume refinement
    // on the model above.
    settings.linkedin_profile = services::profile_data::LinkedInApiConfig::from_env(|name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("LinkedIn profile import: {problem}"))?;
    settings.resume_refiner = settings.model.clone().map(services::resume::OpenAiRefiner::on);
    tracing::info!(
        linkedin_import = settings.linkedin_profile.is_some(),
        resume_ai = settings.resume_refiner.is_some(),
        "profile import"
    );
    // ---------------------------------------------------------------------------------------

    // --- Payments ----------------------------------------------------------------------------
    // Stripe when WAYPOINT_STRIPE_SECRET_KEY and WAYPOINT_STRIPE_WEBHOOK_SECRET are set
    // (WAYPOINT_STRIPE_API_BASE for another address); otherwise the built-in local checkout.
    settings.stripe = services::payments::stripe::StripeConfig::from_env(|name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("Stripe: {problem}"))?;
    tracing::info!(provider = if settings.stripe.is_some() { "stripe" } else { "local" }, "payments");
    // --- Google Classroom ----------------------------------------------------------------------
    // Google's API when WAYPOINT_GOOGLE_CLIENT_ID and WAYPOINT_GOOGLE_CLIENT_SECRET are set
    // (WAYPOINT_GOOGLE_CLASSROOM_API_URL, WAYPOINT_GOOGLE_TOKEN_URL for other addresses);
    // otherwise the built-in classroom.
    settings.classroom = services::classroom::GoogleClassroomConfig::from_env(|name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("Google Classroom: {problem}"))?;
    tracing::info!(provider = if settings.classroom.is_some() { "google" } else { "local" }, "classroom");
    // ---------------------------------------------------------------------------------------
    // --- Assistant ----------------------------------------------------------------------------
    // The model above writes the assistant's answers and the CareerGPS reports
    // (WAYPOINT_AI_TIMEOUT_SECS bounds each call); WAYPOINT_AMA_PER_HOUR questions per member
    // per hour.
    if let Ok(v) = std::env::var("WAYPOINT_AMA_PER_HOUR") {
        settings.ama_per_hour = v
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| anyhow::anyhow!("WAYPOINT_AMA_PER_HOUR must be a whole number of at least 1"))?;
    }
    tracing::info!(model = settings.model.is_some(), "assistant");
    // The matching engine's sentence embeddings: the built-in model unless configured
    // otherwise; without one it ranks on words and says so once.
    let embedding =
        services::matching::embedder::EmbeddingSettings::from_env(&global.data_dir, |name| std::env::var(name).ok())
            .map_err(|problem| anyhow::anyhow!("embeddings: {problem}"))?;
    settings.embedder = services::matching::embedder::from_settings(&embedding);
    // ---------------------------------------------------------------------------------------

    let mut state = api::AppState::new(db, settings)?.with_read_pool(pools.read);
    // --- Real-time fan-out (chat, notifications) -------------------------------------------
    if let Some(url) = args.redis_url.as_deref().filter(|u| !u.is_empty()) {
        let hub =
            services::realtime::RedisHub::connect(url).await.context("connecting to Redis (WAYPOINT_REDIS_URL)")?;
        state = state.with_realtime(hub);
    }
    tracing::info!(fan_out = state.realtime.name(), "real-time events");
    // ---------------------------------------------------------------------------------------
    if state.mail.is_outbox() {
        if state.settings.dev_mailbox {
            println!("Mail stays in the outbox: read it at /dev/mailbox (from this machine only)");
        } else {
            tracing::warn!(
                "no SMTP server configured (WAYPOINT_SMTP_URL): mail is kept in the outbox, not delivered; \
                 sign-up codes and password-reset links reach nobody"
            );
        }
    }
    services::analytics::ensure_scheduled(&state.db).await.context("queueing the analytics roll-up")?;
    services::jobs::spawn_worker(state.job_context(), state.jobs_wake.clone());
    state.matching_indexer().spawn(std::sync::Arc::new(tokio::sync::Notify::new()));
    let warm = state.clone();
    tokio::spawn(async move { warm.matching.keep_warm(warm.read_db()).await });
    // --- Metrics (WAYPOINT_METRICS_ADDR): /metrics on its own listener, never the public one.
    if let Some(addr) = &metrics_addr {
        if addr == &args.addr {
            anyhow::bail!("WAYPOINT_METRICS_ADDR must differ from WAYPOINT_ADDR: metrics are never served publicly");
        }
        let listener =
            tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding the metrics address {addr}"))?;
        let local = listener.local_addr()?;
        println!("Metrics at http://{local}/metrics");
        tracing::info!(addr = %local, "metrics listening");
        let metrics = api::metrics::router(state.clone());
        tokio::spawn(async move {
            if let Err(err) = axum::serve(listener, metrics).with_graceful_shutdown(shutdown_signal()).await {
                tracing::error!(error = %err, "metrics listener stopped");
            }
        });
    }
    // ---------------------------------------------------------------------------------------
    let app = api::app(state);

    let listener = tokio::net::TcpListener::bind(&args.addr).await.with_context(|| format!("binding {}", args.addr))?;
    let local = listener.local_addr()?;
    println!("Waypoint is running at http://{local}/  (stop with Ctrl+C)");
    tracing::info!(addr = %local, "listening");
    axum::serve(
        listener,
        axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<std::net::SocketAddr>(app),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    tracing::info!("stopped");
    Ok(())
}

fn botcheck_setting(args: &cli::ServeArgs) -> anyhow::Result<api::settings::BotCheck> {
    use api::settings::BotCheck;
    let keys = || -> anyhow::Result<(String, String)> {
        match (&args.botcheck_site_key, &args.botcheck_secret) {
            (Some(site_key), Some(secret)) if !site_key.is_empty() && !secret.is_empty() => {
                Ok((site_key.clone(), secret.clone()))
            }
            _ => anyhow::bail!("WAYPOINT_BOTCHECK_SITE_KEY and WAYPOINT_BOTCHECK_SECRET are needed for this bot-check"),
        }
    };
    Ok(match args.botcheck.as_str() {
        "off" => BotCheck::Off,
        "pow" => BotCheck::ProofOfWork { difficulty: args.botcheck_difficulty.clamp(1, 32) },
        "recaptcha" => {
            let (site_key, secret) = keys()?;
            BotCheck::Recaptcha { site_key, secret }
        }
        "turnstile" => {
            let (site_key, secret) = keys()?;
            BotCheck::Turnstile { site_key, secret }
        }
        other => anyhow::bail!("unknown WAYPOINT_BOTCHECK value {other:?}: use pow, recaptcha, turnstile or off"),
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}
