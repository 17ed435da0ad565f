//! Shared state handed to every handler.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
    time::Instant,
};

use services::{
    job_context::JobContext,
    mail::{MailTransport, OutboxTransport, SmtpTransport},
    profile_data::LinkedInProfileSource,
    resume::ResumeRefiner,
};
use store::{queries::tenants::TenantRecord, Db};
use tokio::sync::Notify;

use crate::{settings::Settings, tokens::TokenKeys};

/// What the areas keep between requests: the state holds it without naming the areas' types,
/// which the areas define (`crate::areas::KeptPages`; the router's state is
/// `crate::areas::AppState`).
pub trait Kept: Clone + Send + Sync + 'static {
    /// Empty caches, their hits and rebuilds counted in `metrics`.
    fn new(metrics: &services::metrics::Metrics) -> Self;
}

#[derive(Clone)]
pub struct AppState<K> {
    /// The writer: every change, and reads that must see them at once. On SQLite a single
    /// connection, so writers wait their turn in the pool instead of failing busy.
    pub db: Db,
    /// Read-only connections for the reads of GET handlers ([`AppState::read_db`]); the same
    /// pool as `db` on PostgreSQL and until [`AppState::with_read_pool`] sets one.
    read: Db,
    pub settings: Arc<Settings>,
    pub tokens: Arc<TokenKeys>,
    pub tenants: TenantCache,
    /// The sites' and members' write generations every kept page is trusted at: in memory
    /// on PostgreSQL while their notices are heard, else read per request
    /// (`store::generations`).
    pub generations: store::generations::Generations,
    /// Exact list counts kept while the tenant does not write (`store::list_counts`).
    pub list_counts: store::list_counts::ListCounts,
    /// The pages and answers the areas keep between requests, of the areas' own types
    /// (`crate::areas::KeptPages`).
    pub kept: K,
    /// The users tokens name, kept per person generation while the generations are read from
    /// memory (PostgreSQL with its notices heard; `crate::extract::auth`).
    pub token_users: crate::person_cache::PersonCache<i64, Option<store::entities::users::Model>>,
    /// Whether a member moderates the site's content, kept per person generation.
    pub moderators: crate::person_cache::PersonCache<(i64, i64), bool>,
    /// Whether a member's tier opens premium resources, kept per person generation.
    pub premium_readers: crate::person_cache::PersonCache<(i64, i64), bool>,
    pub mail: Arc<dyn MailTransport>,
    /// Wakes the job worker when a request queued work.
    pub jobs_wake: Arc<Notify>,
    /// Where uploaded files are kept (local folder or S3 bucket).
    pub storage: Arc<dyn services::storage::Storage>,
    /// LinkedIn profile data for the profile import; `None` when no provider is configured.
    pub linkedin: Option<Arc<dyn LinkedInProfileSource>>,
    /// Improves parsed resumes (an OpenAI-compatible API), when configured.
    pub resume_refiner: Option<Arc<dyn ResumeRefiner>>,
    /// Writes the assistant's answers (a chat-completion model), when configured; the
    /// built-in retrieval answer otherwise. Tests put a fake here.
    pub assistant: Option<Arc<dyn services::assistant::Assistant>>,
    /// Writes CareerGPS reports: the configured model, or the offline report.
    pub agent_model: Arc<dyn services::agent_model::AgentModel>,
    /// Fetches pages for link previews (tests put a fake here).
    pub page_fetcher: Arc<dyn services::link_preview::PageFetcher>,
    /// The payment provider: the local checkout by default (`crate::areas::payments`).
    pub payments: Arc<dyn services::payments::PaymentProvider>,
    /// The local checkout's own page calls; `None` when another provider is configured.
    pub local_checkout: Option<Arc<services::payments::local::LocalCheckout>>,
    /// Fan-out of chat messages and notifications to open sockets: in this process by
    /// default, through Redis with `WAYPOINT_REDIS_URL` ([`AppState::with_realtime`]).
    pub realtime: Arc<dyn services::realtime::Realtime>,
    /// Stripe, when configured: its webhook's signing secret (`POST /payment/webhook/`).
    pub stripe: Option<Arc<services::payments::stripe::StripeProvider>>,
    /// The matching engine (issue 29): the assistant's retrieval, every recommendation list
    /// and the people ranked for groups, jobs and mentoring, over each site's in-process
    /// index of items and their vectors.
    pub matching: Arc<services::matching::Engine>,
    /// Where group rosters and course materials come from (`crate::areas::classroom`):
    /// Google Classroom when configured, else the built-in classroom.
    pub classroom: Arc<dyn services::classroom::ClassroomProvider>,
    /// The Prometheus series of this state (`crate::metrics`): counted always, served only
    /// on the metrics listener (`WAYPOINT_METRICS_ADDR`).
    pub metrics: services::metrics::Metrics,
}

impl<K: Kept> AppState<K> {
    pub fn new(db: Db, settings: Settings) -> anyhow::Result<Self> {
        let metrics = services::metrics::Metrics::new();
        let settings_embedder = settings.embedder.clone();
        let tokens = Arc::new(TokenKeys::new(&settings.jwt_secret, settings.access_token_ttl));
        let mail: Arc<dyn MailTransport> = match &settings.smtp_url {
            Some(url) => Arc::new(SmtpTransport::from_url(url, std::time::Duration::from_secs(20))?),
            None => Arc::new(OutboxTransport),
        };
        let storage = settings.storage.build()?;
        let linkedin = settings.linkedin_profile.clone().map(|config| {
            Arc::new(services::profile_data::HttpLinkedInSource::new(config)) as Arc<dyn LinkedInProfileSource>
        });
        let resume_refiner = settings
            .resume_refiner
            .clone()
            .map(|refiner| Arc::new(refiner.with_counters(metrics.model.clone())) as Arc<dyn ResumeRefiner>);
        // The payment provider is chosen once, here: Stripe when configured, else the local checkout.
        let (payments, local_checkout, stripe): (Arc<dyn services::payments::PaymentProvider>, _, _) =
            match &settings.stripe {
                Some(config) => {
                    let stripe = Arc::new(services::payments::stripe::StripeProvider::new(config.clone()));
                    (stripe.clone(), None, Some(stripe))
                }
                None => {
                    let local = Arc::new(services::payments::local::LocalCheckout::new(db.clone()));
                    (local.clone(), Some(local), None)
                }
            };
        let classroom: Arc<dyn services::classroom::ClassroomProvider> = match &settings.classroom {
            Some(config) => Arc::new(services::classroom::GoogleClassroom::new(config.clone())),
            None => Arc::new(services::classroom::LocalClassroom::new(db.clone())),
        };
        let generations = match settings.generation_notices {
            true => store::generations::Generations::watch(&db),
            false => store::generations::Generations::off(),
        };
        let matching =
            Arc::new(services::matching::Engine::new(settings_embedder).with_generations(generations.clone()));
        Ok(AppState {
            classroom,
            payments,
            local_checkout,
            stripe,
            read: db.clone(),
            db,
            storage,
            linkedin,
            resume_refiner,
            // One model client, in the assistant's and the agents' wrappings.
            assistant: settings.model.clone().map(|chat| {
                Arc::new(services::assistant::OpenAiAssistant::new(chat.with_counters(metrics.model.clone())))
                    as Arc<dyn services::assistant::Assistant>
            }),
            agent_model: match settings.model.clone() {
                Some(chat) => {
                    Arc::new(services::agent_model::OpenAiAgentModel::new(chat.with_counters(metrics.model.clone())))
                }
                None => Arc::new(services::agent_model::Offline),
            },
            page_fetcher: Arc::new(services::link_preview::HttpPageFetcher::default()),
            tenants: TenantCache::new(settings.tenant_cache_ttl),
            list_counts: store::list_counts::ListCounts::new(generations.clone()),
            generations,
            kept: K::new(&metrics),
            token_users: Default::default(),
            moderators: Default::default(),
            premium_readers: Default::default(),
            settings: Arc::new(settings),
            tokens,
            mail,
            jobs_wake: Arc::new(Notify::new()),
            realtime: Arc::new(services::realtime::LocalHub::new()),
            matching,
            metrics,
        })
    }
}

impl<K> AppState<K> {
    /// Uses another fan-out (Redis, shared by several instances).
    pub fn with_realtime(mut self, realtime: Arc<dyn services::realtime::Realtime>) -> Self {
        self.realtime = realtime;
        self
    }

    /// Serves reads from `read` (the server's SQLite read-only pool).
    pub fn with_read_pool(mut self, read: Db) -> Self {
        self.read = read;
        self
    }

    /// Where GET handlers read: lists and detail pages. It sees every committed write, but
    /// not an open transaction's, so code that writes reads through `db` or its transaction.
    pub fn read_db(&self) -> &Db {
        &self.read
    }

    /// The matching worker of this state's database and model.
    pub fn matching_indexer(&self) -> services::matching::Indexer {
        services::matching::Indexer::new(self.db.clone(), self.settings.embedder.clone())
    }

    /// What the background worker needs.
    pub fn job_context(&self) -> JobContext {
        JobContext {
            db: self.db.clone(),
            mail: self.mail.clone(),
            mail_from: self.settings.mail_from.clone(),
            job_timeout: std::time::Duration::from_secs(30),
            storage: self.storage.clone(),
            resume_refiner: self.resume_refiner.clone(),
            linkedin: self.linkedin.clone(),
            link_secret: Arc::new(self.settings.jwt_secret.clone()),
            ai_chat: self.settings.model.clone().map(|chat| chat.with_counters(self.metrics.model.clone())),
            metrics: self.metrics.clone(),
            analytics_interval: self.settings.analytics_interval,
            generations: self.generations.clone(),
        }
    }
}

/// When a host was last resolved (or its refresh claimed), and to what.
type CachedTenant = (Instant, Arc<TenantRecord>);

/// Host → tenant lookups, kept for a second so that every request does not read the tenant
/// again. Instances share nothing: a settings change made on one instance reaches the
/// others when their entry is next read afresh, within the TTL (1 s). Past the TTL one
/// request reads the host afresh while the others go on with the kept record, so a busy
/// host costs two primary-key reads a second, not one per request in flight.
#[derive(Clone)]
pub struct TenantCache {
    ttl: std::time::Duration,
    entries: Arc<RwLock<HashMap<String, CachedTenant>>>,
}

impl TenantCache {
    pub fn new(ttl: std::time::Duration) -> Self {
        TenantCache { ttl, entries: Arc::default() }
    }

    pub async fn resolve(&self, db: &Db, host: &str) -> Result<Arc<TenantRecord>, store::StoreError> {
        let key = store::queries::tenants::normalize_host(host);
        if let Some((at, record)) = self.entries.read().expect("tenant cache lock").get(&key) {
            if at.elapsed() < self.ttl {
                return Ok(record.clone());
            }
        }
        {
            let mut entries = self.entries.write().expect("tenant cache lock");
            if let Some((at, record)) = entries.get_mut(&key) {
                if at.elapsed() < self.ttl {
                    return Ok(record.clone());
                }
                // Claim the refresh: until it lands, the others take the kept record.
                *at = Instant::now();
            }
        }
        let record = Arc::new(store::queries::tenants::resolve(db, &key).await?);
        let mut entries = self.entries.write().expect("tenant cache lock");
        if entries.len() > 10_000 {
            // Unknown hosts all fall back to the default tenant; never let them grow the map unbounded.
            entries.clear();
        }
        entries.insert(key, (Instant::now(), record.clone()));
        Ok(record)
    }

    /// Forgets every cached host of a tenant after its configuration changed.
    pub fn invalidate(&self, tenant_id: i64) {
        self.entries.write().expect("tenant cache lock").retain(|_, (_, r)| r.tenant.id != tenant_id);
    }
}
