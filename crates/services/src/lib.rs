//! Integrations behind small traits, each with an embedded default (mail: outbox or SMTP;
//! file storage; payments; the AI model; social sign-in; Google Classroom; Redis fan-out;
//! resume parsing; LinkedIn profile data), and the work that runs off the request (the job
//! worker, the matching engine, analytics roll-ups, system agents), and `turns`, the one
//! "one piece of work in flight per key" that the API's kept pages and the engine share.
//!
//! This crate sits beside `store`, not above it: handlers read and write through `store`
//! and call here only for what leaves the process or runs in the background.

pub mod agent_model;
pub mod ai;
pub mod analytics;
pub mod assistant;
pub mod botcheck;
pub mod classroom;
pub mod job_context;
pub mod jobs;
pub mod link_preview;
pub mod mail;
pub mod matching;
pub mod membership_card;
pub mod memory;
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
pub mod turns;
