//! Integrations behind small traits, each with an embedded default: mail (outbox or SMTP)
//! and the background job worker.

pub mod botcheck;
pub mod jobs;
pub mod mail;
pub mod resume;
pub mod social;
pub mod storage;
