//! What every background job is given to run: the worker ([`crate::jobs`]) builds it once
//! and hands it to each job kind's `run`.

use std::{sync::Arc, time::Duration};

use store::Db;

use crate::{mail::MailTransport, profile_data::LinkedInProfileSource, resume::ResumeRefiner, storage::Storage};

/// What jobs need to run.
#[derive(Clone)]
pub struct JobContext {
    pub db: Db,
    pub mail: Arc<dyn MailTransport>,
    /// The From address of outgoing mail.
    pub mail_from: String,
    /// The longest one job may take before it is abandoned and retried (profile imports
    /// have their own, longer limit).
    pub job_timeout: Duration,
    /// Where uploaded files are kept (resumes to import).
    pub storage: Arc<dyn Storage>,
    /// Improves parsed resumes when an AI provider is configured.
    pub resume_refiner: Option<Arc<dyn ResumeRefiner>>,
    /// LinkedIn profile data, when a provider is configured.
    pub linkedin: Option<Arc<dyn LinkedInProfileSource>>,
    /// Signs the links mails carry (newsletter unsubscribe).
    pub link_secret: Arc<Vec<u8>>,
    /// The deployment's chat-completions API (`WAYPOINT_AI_BASE_URL`), when configured: the
    /// system agents' model (`crate::system_agents`).
    pub ai_chat: Option<crate::ai::OpenAiChat>,
    /// Where failed jobs and mail outcomes are counted (`crate::metrics`).
    pub metrics: crate::metrics::Metrics,
    /// Time between two runs of the analytics roll-up (`crate::analytics`).
    pub analytics_interval: Duration,
    /// The write generations this instance keeps (`store::generations`), forgotten after
    /// the jobs it ran wrote.
    pub generations: store::generations::Generations,
}
