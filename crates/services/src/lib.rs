//! Integrations behind small traits, each with an embedded default: mail (outbox or SMTP),
//! file storage, social sign-in, resume parsing, LinkedIn profile data, and the background
//! job worker (mail delivery, profile imports).

pub mod agent_model;
pub mod ai;
pub mod analytics;
pub mod assistant;
pub mod botcheck;
pub mod classroom;
pub mod group_post_notices;
pub mod jobs;
pub mod link_preview;
pub mod mail;
pub mod matching;
pub mod membership_card;
pub mod metrics;
pub mod newsletter;
pub mod payments;
pub mod pdf_preview;
pub mod profile_data;
pub mod profile_import;
pub mod realtime;
pub mod report_pdf;
pub mod resume;
pub mod social;
pub mod storage;
pub mod system_agents;
