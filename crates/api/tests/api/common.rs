//! Test harness: the real router on a fresh database per test. SQLite (a temporary file)
//! by default; PostgreSQL when WAYPOINT_TEST_DATABASE_URL is set, each test in its own
//! schema that is dropped afterwards.

use std::sync::Arc;

use api::{App, AppState, Settings};
use axum::{
    body::Body,
    http::{header, Method, Request, StatusCode},
};
use http_body_util::BodyExt;
use serde_json::Value;
use store::connect::{connect_pools, PoolOptions, Pools};
use store::{
    queries::{
        memberships, tenants,
        tenants::{NewTenant, TenantRecord},
        users,
    },
    Db,
};
use tower::ServiceExt;

pub const PASSWORD: &str = "correct-horse-battery";

pub struct TestApp {
    pub app: App,
    pub state: AppState,
    pub db: Db,
    pub default_tenant: TenantRecord,
    /// Run the matching worker before every request, as if the server's worker were
    /// instant (off for apps that count statements).
    pub index_before_requests: bool,
    _guard: DbGuard,
}

enum DbGuard {
    /// The database file's folder, removed when the app is dropped.
    Sqlite {
        _dir: tempfile::TempDir,
    },
    Postgres {
        url: String,
        schema: String,
    },
    /// Another instance on a database the first app owns (and removes).
    Shared,
}

impl Drop for DbGuard {
    fn drop(&mut self) {
        if let DbGuard::Postgres { url, schema } = self {
            let (url, schema) = (url.clone(), schema.clone());
            // Drop runs outside any async context we may block; use a thread of its own.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                runtime.block_on(async move {
                    if let Ok(db) = store::connect(&url).await {
                        use sea_orm::ConnectionTrait;
                        // The test's own connections (named after its schema) may still be open.
                        let _ = db
                            .execute_unprepared(&format!(
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                                 WHERE application_name = '{schema}' AND pid <> pg_backend_pid()"
                            ))
                            .await;
                        let _ = db.execute_unprepared(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE")).await;
                        let _ = db.close().await;
                    }
                });
            })
            .join();
        }
    }
}

/// The server's pools on a fresh database: on SQLite a single writer and read-only
/// connections, as `waypoint serve` opens them.
async fn fresh_db() -> (Pools, DbGuard) {
    match std::env::var("WAYPOINT_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(url) => {
            let schema = format!("t_{:016x}", rand::random::<u64>());
            let admin = store::connect(&url).await.expect("connect to the test PostgreSQL server");
            use sea_orm::ConnectionTrait;
            admin.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await.expect("create schema");
            admin.close().await.ok();
            let pools = connect_pools(&url, Some(&schema), PoolOptions::default()).await.expect("connect to schema");
            (pools, DbGuard::Postgres { url, schema })
        }
        None => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            let pools = connect_pools(&url, None, PoolOptions::default()).await.expect("open sqlite");
            (pools, DbGuard::Sqlite { _dir: dir })
        }
    }
}

/// The sentence-embedding model of the matching tests, loaded once per test process: from
/// `WAYPOINT_EMBEDDING_MODEL_DIR`, else the workspace's `data/models/all-MiniLM-L6-v2`
/// (`scripts/fetch-model.sh` puts it there). `None` when it is not there.
pub fn embedding_model() -> Option<Arc<dyn services::matching::embedder::Embedder>> {
    static MODEL: std::sync::OnceLock<Option<Arc<dyn services::matching::embedder::Embedder>>> =
        std::sync::OnceLock::new();
    MODEL
        .get_or_init(|| {
            let dir = std::env::var("WAYPOINT_EMBEDDING_MODEL_DIR").ok().filter(|d| !d.is_empty()).map_or_else(
                || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/models/all-MiniLM-L6-v2"),
                std::path::PathBuf::from,
            );
            let settings =
                services::matching::embedder::EmbeddingSettings::from_env(std::path::Path::new("."), |name| {
                    (name == "WAYPOINT_EMBEDDING_MODEL_DIR").then(|| dir.display().to_string())
                })
                .ok()?;
            services::matching::embedder::try_from_settings(&settings).ok()
        })
        .clone()
}

/// The model, or the test fails saying how to get it (`WAYPOINT_SKIP_MODEL_TESTS=1` skips
/// instead, printing so).
pub fn require_embedding_model(test: &str) -> Option<Arc<dyn services::matching::embedder::Embedder>> {
    if let Some(model) = embedding_model() {
        return Some(model);
    }
    if std::env::var("WAYPOINT_SKIP_MODEL_TESTS").is_ok_and(|v| v == "1") {
        eprintln!("{test}: skipped (WAYPOINT_SKIP_MODEL_TESTS=1 and no embedding model)");
        return None;
    }
    panic!(
        "{test} needs the sentence-embedding model: run scripts/fetch-model.sh (or set \
         WAYPOINT_EMBEDDING_MODEL_DIR), or set WAYPOINT_SKIP_MODEL_TESTS=1 to skip it"
    );
}

impl TestApp {
    pub async fn new() -> Self {
        Self::with_settings(Settings::for_tests()).await
    }

    /// An app whose matching engine embeds with `model`.
    pub async fn with_model(model: Arc<dyn services::matching::embedder::Embedder>) -> Self {
        let mut settings = Settings::for_tests();
        settings.embedder = Some(model);
        Self::with_settings(settings).await
    }

    /// Runs the matching worker until nothing is queued: every item and profile written so
    /// far gets its facts (and vector, with a model), as the server's worker would.
    pub async fn index_matching(&self) {
        self.state.matching_indexer().run_until_idle().await.expect("matching worker");
    }

    pub async fn with_settings(settings: Settings) -> Self {
        Self::build(settings, None).await
    }

    /// An app whose database reports every statement it runs to the returned log (to hold a
    /// handler to a fixed number of queries, or to none that write).
    pub async fn with_statement_log() -> (Self, StatementLog) {
        let log = StatementLog::default();
        (Self::build(Settings::for_tests(), Some(log.clone())).await, log)
    }

    async fn build(settings: Settings, log: Option<StatementLog>) -> Self {
        let index_before_requests = log.is_none();
        let (Pools { write: mut db, read: mut read_db }, guard) = fresh_db().await;
        if let Some(log) = log {
            for pool in [&mut db, &mut read_db] {
                let log = log.clone();
                pool.set_metric_callback(move |info| log.0.lock().unwrap().push(info.statement.sql.clone()));
            }
        }
        store::migrations::migrate(&db).await.expect("migrate");
        let default_tenant =
            tenants::ensure_default(&db, serde_json::to_value(domain::config::AppConfig::default()).unwrap())
                .await
                .expect("default tenant");
        let state = AppState::new(db.clone(), settings).expect("state").with_read_pool(read_db);
        let app = api::app(state.clone());
        TestApp { app, state, db, default_tenant, index_before_requests, _guard: guard }
    }

    /// A second server on this app's database, with caches of its own, as another instance
    /// behind the same load balancer. It must not outlive this app, which owns the database.
    pub fn another_instance(&self) -> TestApp {
        // The server's own host cache lifetime, not the tests' (Settings::for_tests).
        let settings = Settings { tenant_cache_ttl: Settings::defaults().tenant_cache_ttl, ..Settings::for_tests() };
        let state =
            AppState::new(self.db.clone(), settings).expect("state").with_read_pool(self.state.read_db().clone());
        TestApp {
            app: api::app(state.clone()),
            state,
            db: self.db.clone(),
            default_tenant: self.default_tenant.clone(),
            index_before_requests: self.index_before_requests,
            _guard: DbGuard::Shared,
        }
    }

    /// Bumps every tenant's list write generation, as any write to a listed table does: the
    /// next list request reads its page afresh instead of from the kept pages.
    pub async fn forget_kept_pages(&self) {
        use sea_orm::ConnectionTrait;
        self.db.execute_unprepared("UPDATE list_generations SET generation = generation + 1").await.unwrap();
        self.state.generations.caught_up().await.unwrap();
    }

    pub async fn add_tenant(&self, domain: &str, name: &str) -> TenantRecord {
        tenants::create(
            &self.db,
            NewTenant {
                domain,
                name,
                slug: &domain::slug::slugify(name),
                description: None,
                logo: None,
                is_default: false,
                config: serde_json::to_value(domain::config::AppConfig::default()).unwrap(),
            },
        )
        .await
        .expect("create tenant")
    }

    pub async fn add_user(&self, email: &str) -> store::entities::users::Model {
        users::create(
            &self.db,
            users::NewUser {
                email,
                password_hash: Some(api::passwords::hash(PASSWORD).unwrap()),
                first_name: "Test",
                last_name: "User",
                is_verified: true,
                is_staff: false,
                subscribe_to_newsletter: true,
            },
        )
        .await
        .expect("create user")
    }

    /// A user with an accepted membership of the tenant's organization under `role`.
    pub async fn add_member(&self, email: &str, tenant: &TenantRecord, role: &str) -> store::entities::users::Model {
        let user = self.add_user(email).await;
        memberships::upsert(&self.db, tenant.organization.id, user.id, role, memberships::STATUS_ACCEPTED)
            .await
            .expect("membership");
        user
    }

    /// A follow notice for `user_id` from `actor_id` in the default site, written straight to
    /// the database, around the API and what it keeps; the notification's id.
    pub async fn write_notification(&self, user_id: i64, actor_id: i64, message: &str) -> i64 {
        use store::queries::notifications;
        let written = notifications::create(
            &self.db,
            vec![notifications::NewNotification {
                tenant_id: self.default_tenant.tenant.id,
                user_id,
                actor_id: Some(actor_id),
                kind: "user_connection".into(),
                notification_type: "follow".into(),
                message: message.into(),
                data: serde_json::json!({}),
            }],
        )
        .await
        .expect("notification");
        written[0].id
    }

    pub fn token_for(&self, user_id: i64) -> String {
        self.state.tokens.issue_access(user_id).unwrap()
    }

    pub fn request(&self, method: Method, path: &str) -> RequestBuilder<'_> {
        RequestBuilder {
            app: self,
            builder: Request::builder().method(method).uri(path).header(header::HOST, "localhost:8080"),
            body: Body::empty(),
            peer: std::net::SocketAddr::from(([127, 0, 0, 1], 50_000)),
            catch_up: true,
        }
    }

    pub fn get(&self, path: &str) -> RequestBuilder<'_> {
        self.request(Method::GET, path)
    }

    pub fn post(&self, path: &str) -> RequestBuilder<'_> {
        self.request(Method::POST, path)
    }

    /// A POST of `body` as JSON, as `token`.
    pub async fn post_json(&self, path: &str, token: &str, body: &Value) -> TestResponse {
        self.post(path).token(token).json(body).send().await
    }

    pub fn patch(&self, path: &str) -> RequestBuilder<'_> {
        self.request(Method::PATCH, path)
    }

    /// A PATCH of `body` as JSON, as `token`.
    pub async fn patch_json(&self, path: &str, token: &str, body: &Value) -> TestResponse {
        self.patch(path).token(token).json(body).send().await
    }

    pub fn put(&self, path: &str) -> RequestBuilder<'_> {
        self.request(Method::PUT, path)
    }

    pub fn delete(&self, path: &str) -> RequestBuilder<'_> {
        self.request(Method::DELETE, path)
    }

    /// Saves the default site's configuration; the server reads the site afresh (it keeps
    /// sites for a while).
    pub async fn set_site_config(&self, config: &domain::config::AppConfig) {
        let value = serde_json::to_value(config).unwrap();
        tenants::update_config(&self.db, &self.default_tenant, value, Default::default()).await.unwrap();
        self.state.tenants.invalidate(self.default_tenant.tenant.id);
    }

    /// A GET as `token` (or anonymously); panics unless 200; the answer's JSON.
    pub async fn get_json(&self, path: &str, token: Option<&str>) -> Value {
        let answer = self.get(path).token_if(token).send().await;
        answer.assert_status(200);
        answer.json()
    }

    /// Serves the app on a free port of 127.0.0.1 (for sockets); its address.
    pub async fn serve(&self) -> std::net::SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let service = axum::ServiceExt::<Request<Body>>::into_make_service_with_connect_info::<std::net::SocketAddr>(
            self.app.clone(),
        );
        tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });
        address
    }
}

/// The site's topic of this name and kind (made if missing, under `area` if given); its id.
pub async fn add_topic(app: &TestApp, tenant_id: i64, name: &str, kind: &str, area: Option<i64>) -> i64 {
    let topic = store::queries::topics::NewTopic {
        tenant_id,
        name,
        name_key: &name.to_lowercase(),
        topic_type: kind,
        topic_area_id: area,
        group_id: None,
        created_by: None,
    };
    store::queries::topics::get_or_create(&app.db, topic).await.unwrap().0.id
}

/// Serves a fake outside service on a free port of 127.0.0.1; its base address, `http://…`.
pub async fn serve_fake(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

/// Test settings whose language model is the fake `router` (answering `/v1/chat/completions`).
pub async fn settings_with_fake_model(router: axum::Router) -> Settings {
    let base = format!("{}/v1", serve_fake(router).await);
    let mut settings = Settings::for_tests();
    settings.model =
        Some(services::ai::OpenAiChat::new(base, "test-key", "test-model", std::time::Duration::from_millis(1500)));
    settings
}

/// The SQL statements a database ran, in order.
#[derive(Clone, Default)]
pub struct StatementLog(Arc<std::sync::Mutex<Vec<String>>>);

impl StatementLog {
    pub fn clear(&self) {
        self.0.lock().unwrap().clear();
    }

    /// The statements since the last [`StatementLog::clear`].
    pub fn taken(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }

    /// Of `statements`, those that change data.
    pub fn writes(statements: &[String]) -> Vec<String> {
        statements
            .iter()
            .filter(|sql| {
                let head = sql.trim_start().to_uppercase();
                ["INSERT", "UPDATE", "DELETE"].iter().any(|verb| head.starts_with(verb))
            })
            .cloned()
            .collect()
    }

    /// How many of `statements` read.
    pub fn reads(statements: &[String]) -> usize {
        statements.iter().filter(|sql| sql.trim_start().to_uppercase().starts_with("SELECT")).count()
    }
}

pub struct RequestBuilder<'a> {
    app: &'a TestApp,
    builder: axum::http::request::Builder,
    body: Body,
    /// The socket address the request comes from, as the server sees it (loopback unless a
    /// test says otherwise).
    peer: std::net::SocketAddr,
    /// Wait, before sending, until the server has heard of every write committed so far
    /// (`store::generations::Generations::caught_up`): on unless a test says otherwise.
    catch_up: bool,
}

impl RequestBuilder<'_> {
    pub fn host(mut self, host: &str) -> Self {
        self.builder = self.builder.header(header::HOST, host);
        if let Some(headers) = self.builder.headers_mut() {
            headers.insert(header::HOST, host.parse().unwrap());
        }
        self
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.builder = self.builder.header(name, value);
        self
    }

    /// Sends the request at once, as a request racing a write made elsewhere would be.
    pub fn without_catching_up(mut self) -> Self {
        self.catch_up = false;
        self
    }

    /// Sends the request as if from `address` (another machine, say).
    pub fn peer(mut self, address: &str) -> Self {
        self.peer = address.parse().expect("a socket address such as 203.0.113.9:40000");
        self
    }

    pub fn token(self, token: &str) -> Self {
        let value = format!("Bearer {token}");
        self.header("authorization", &value)
    }

    /// As `token` when there is one, else anonymously.
    pub fn token_if(self, token: Option<&str>) -> Self {
        match token {
            Some(token) => self.token(token),
            None => self,
        }
    }

    pub fn json(mut self, body: &Value) -> Self {
        self.builder = self.builder.header(header::CONTENT_TYPE, "application/json");
        self.body = Body::from(serde_json::to_vec(body).unwrap());
        self
    }

    pub fn raw(mut self, content_type: &str, body: impl Into<Body>) -> Self {
        self.builder = self.builder.header(header::CONTENT_TYPE, content_type);
        self.body = body.into();
        self
    }

    pub async fn send(self) -> TestResponse {
        if self.app.index_before_requests {
            self.app.index_matching().await;
        }
        // Tests write around the API (straight to the database) as well as through it; on
        // PostgreSQL the kept generations hear of such a write a moment after it. (The mark
        // goes down a connection of its own, which a statement log does not see.)
        if self.catch_up {
            self.app.state.generations.caught_up().await.expect("generation notices");
        }
        let mut request = self.builder.body(self.body).unwrap();
        request.extensions_mut().insert(axum::extract::ConnectInfo(self.peer));
        let response = self.app.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        TestResponse { status, headers, bytes: Arc::new(bytes.to_vec()) }
    }
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub bytes: Arc<Vec<u8>>,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|_| panic!("not JSON ({}): {}", self.status, String::from_utf8_lossy(&self.bytes)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    #[track_caller]
    pub fn assert_status(&self, expected: u16) -> &Self {
        assert_eq!(self.status.as_u16(), expected, "body: {}", self.text());
        self
    }

    /// Asserts the API error shape and returns the body.
    #[track_caller]
    pub fn error(&self, expected: u16) -> Value {
        self.assert_status(expected);
        assert!(self.header("content-type").unwrap_or("").starts_with("application/json"), "error not JSON");
        let body = self.json();
        for key in ["detail", "message", "field_errors", "non_field_errors", "code"] {
            assert!(body.get(key).is_some(), "error body lacks {key}: {body}");
        }
        body
    }
}
