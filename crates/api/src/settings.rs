//! Runtime settings the API needs, filled by the binary from flags and environment.

use std::{path::PathBuf, time::Duration};

#[derive(Clone)]
pub struct Settings {
    /// Folder holding the built web app (index.html and assets/).
    pub web_dir: PathBuf,
    /// HMAC secret for access tokens. Never logged.
    pub jwt_secret: Vec<u8>,
    pub access_token_ttl: Duration,
    /// Hosts that show the "powered by" link besides local ones.
    pub vendor_hosts: Vec<String>,
    /// Largest JSON body accepted.
    pub json_body_limit: usize,
    pub request_timeout: Duration,
    /// How long a resolved tenant is reused before it is read again.
    pub tenant_cache_ttl: Duration,
    /// SMTP server URL; without it mail stays in the outbox (dev mailbox).
    pub smtp_url: Option<String>,
    /// The From address of outgoing mail.
    pub mail_from: String,
    /// Serve `/dev/mailbox` (every mail kept in the outbox, reset links and codes included) to
    /// loopback callers. Off by default: it is for development and tests only.
    pub dev_mailbox: bool,
    pub refresh_token_ttl: Duration,
    /// The sign-up bot-check: built-in proof of work (default), reCAPTCHA, Turnstile or off.
    pub botcheck: BotCheck,
    /// Believe the client address in X-Forwarded-For (set when behind a trusted proxy).
    pub trust_proxy: bool,
    /// Scheme of links in mails; by default http for local hosts and https otherwise.
    pub public_scheme: Option<String>,
    /// Whether request limits apply (they always do outside tests of other features).
    pub rate_limits: bool,
    /// Social sign-in providers (Google, Facebook, LinkedIn); each is off unless configured.
    pub social: services::social::SocialConfig,

    // --- File storage (uploads) ----------------------------------------------------------
    /// Where uploads are kept: a local folder served at /media/ (default) or an S3 bucket.
    pub storage: services::storage::StorageConfig,
    /// Largest file accepted per upload, in bytes (spec 000 §9: 10 MB).
    pub upload_max_bytes: usize,
    /// Longest side of a stored profile picture, in pixels; larger pictures are scaled down.
    pub picture_max_side: u32,
    // ---------------------------------------------------------------------------------------

    // --- Profile import --------------------------------------------------------------------
    /// The LinkedIn profile-data provider; without it the LinkedIn import is unavailable.
    pub linkedin_profile: Option<services::profile_data::LinkedInApiConfig>,
    /// An OpenAI-compatible API that improves parsed resumes; without it the built-in parser's
    /// result is used as is.
    pub resume_refiner: Option<services::resume::OpenAiRefiner>,
    // ---------------------------------------------------------------------------------------

    // --- Real time (chat, notifications) ---------------------------------------------------
    /// How often an open socket checks that its user and sign-in still hold (a revoked
    /// sign-in or deactivated user closes it within this time).
    pub socket_check_interval: Duration,
    // --- Operations ------------------------------------------------------------------------
    /// Record requests for `/metrics` (`crate::metrics`): on when the server serves the
    /// metrics listener (WAYPOINT_METRICS_ADDR); off, requests pay nothing for it.
    pub http_metrics: bool,
    /// Time between two runs of the analytics roll-up job (`services::analytics`).
    pub analytics_interval: Duration,
    /// On PostgreSQL, keep the write generations in memory, forgotten on their notices
    /// (`store::generations`); off where LISTEN cannot work (a pooler in transaction mode).
    pub generation_notices: bool,
    // --- Assistant -------------------------------------------------------------------------
    /// The deployment's chat-completion model (`WAYPOINT_AI_*`, read once): it writes the
    /// assistant's answers and the CareerGPS reports, and the system agents ask it. Without
    /// it the built-in retrieval answer, the offline report and the agents' rules are used.
    pub model: Option<services::ai::OpenAiChat>,
    /// Questions a member may ask the assistant per hour (WAYPOINT_AMA_PER_HOUR).
    pub ama_per_hour: i32,
    /// The sentence-embedding model of the matching engine (`WAYPOINT_EMBEDDING_*`): the
    /// built-in model by default; none means the engine ranks on its lexical path.
    pub embedder: Option<std::sync::Arc<dyn services::matching::embedder::Embedder>>,
    // --- Payments ----------------------------------------------------------------------------
    /// Stripe, when its secret key and webhook secret are set; otherwise the local checkout.
    pub stripe: Option<services::payments::stripe::StripeConfig>,
    // ---------------------------------------------------------------------------------------
    // --- Google Classroom --------------------------------------------------------------------
    /// Google's Classroom API, when the Google client id and secret are set; otherwise the
    /// built-in classroom (courses kept in the database).
    pub classroom: Option<services::classroom::GoogleClassroomConfig>,
    // ---------------------------------------------------------------------------------------
}

/// Which bot-check guards sign-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotCheck {
    Off,
    /// SHA-256 proof of work needing `difficulty` leading zero bits.
    ProofOfWork {
        difficulty: u8,
    },
    Recaptcha {
        site_key: String,
        secret: String,
    },
    Turnstile {
        site_key: String,
        secret: String,
    },
}

impl Settings {
    /// Settings for tests and tools: a fixed secret and the defaults.
    pub fn for_tests() -> Self {
        Settings {
            web_dir: PathBuf::from("web/dist"),
            jwt_secret: b"test-secret-test-secret-test-secret!".to_vec(),
            botcheck: BotCheck::Off,
            trust_proxy: true,
            // Tests of limits switch them on; other tests make many calls from one address.
            rate_limits: false,
            dev_mailbox: true,
            // Uploads of tests never land in the source tree.
            storage: services::storage::StorageConfig::Local {
                root: std::env::temp_dir().join("waypoint-test-uploads"),
            },
            // Tests that count statements must not see the host read again when a second has
            // passed; the cross-instance test sets the server's second itself.
            tenant_cache_ttl: Duration::from_secs(600),
            ..Settings::defaults()
        }
    }

    pub fn defaults() -> Self {
        Settings {
            web_dir: PathBuf::from("web/dist"),
            jwt_secret: Vec::new(),
            access_token_ttl: Duration::from_secs(30 * 60),
            vendor_hosts: vec!["waypoint.app".into()],
            json_body_limit: 1024 * 1024,
            request_timeout: Duration::from_secs(30),
            tenant_cache_ttl: Duration::from_secs(1),
            smtp_url: None,
            mail_from: "Waypoint <no-reply@waypoint.local>".into(),
            dev_mailbox: false,
            refresh_token_ttl: Duration::from_secs(30 * 24 * 3600),
            botcheck: BotCheck::ProofOfWork { difficulty: 16 },
            trust_proxy: false,
            public_scheme: None,
            rate_limits: true,
            social: services::social::SocialConfig::default(),
            storage: services::storage::StorageConfig::default(),
            upload_max_bytes: 10 * 1024 * 1024,
            picture_max_side: 1024,
            linkedin_profile: None,
            resume_refiner: None,
            socket_check_interval: Duration::from_secs(30),
            http_metrics: false,
            analytics_interval: Duration::from_secs(600),
            generation_notices: true,
            model: None,
            ama_per_hour: 60,
            embedder: None,
            stripe: None,
            classroom: None,
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("web_dir", &self.web_dir)
            .field("jwt_secret", &"<redacted>")
            .field("access_token_ttl", &self.access_token_ttl)
            .field("vendor_hosts", &self.vendor_hosts)
            .field("json_body_limit", &self.json_body_limit)
            .field("request_timeout", &self.request_timeout)
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<redacted>"))
            .field("mail_from", &self.mail_from)
            .field("dev_mailbox", &self.dev_mailbox)
            .field("botcheck", &self.botcheck_name())
            .field("trust_proxy", &self.trust_proxy)
            .field("rate_limits", &self.rate_limits)
            .field("social", &self.social)
            .field("storage", &self.storage)
            .field("upload_max_bytes", &self.upload_max_bytes)
            .field("linkedin_profile", &self.linkedin_profile)
            .field("resume_refiner", &self.resume_refiner)
            .field("socket_check_interval", &self.socket_check_interval)
            .field("http_metrics", &self.http_metrics)
            .field("analytics_interval", &self.analytics_interval)
            .field("model", &self.model)
            .field("ama_per_hour", &self.ama_per_hour)
            .field("embedder", &self.embedder.as_ref().map(|e| e.model_id().to_string()))
            .field("stripe", &self.stripe)
            .field("classroom", &self.classroom)
            .finish()
    }
}

impl Settings {
    pub fn botcheck_name(&self) -> &'static str {
        match self.botcheck {
            BotCheck::Off => "off",
            BotCheck::ProofOfWork { .. } => "pow",
            BotCheck::Recaptcha { .. } => "recaptcha",
            BotCheck::Turnstile { .. } => "turnstile",
        }
    }
}
