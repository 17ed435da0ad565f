//! CareerGPS agents, their reports and the AI-readiness score; the system agents' offline
//! rules (spec 002 §2 CareerGPS, §3 "Agent", "Agent report", §4 "CareerGPS agent flow", §5,
//! §6; issue 18). Pure rules and types: no I/O.
//!
//! - [`definition`]: agents as data (steps, input types, prompts), parsed and validated.
//! - [`form`]: custom form questions (text, textarea, radio, selection, file, slider) and
//!   their answers.
//! - [`aira`]: the AI Readiness Assessment score, levels and colours.
//! - [`category`]: the five categories its questions are scored in.
//! - [`report`]: the offline report composed from templates and retrieved items.
//! - [`model_report`]: a report a model writes: its request, answer schema and checks.
//! - [`feedback`]: a report's star rating and comment.
//! - [`access`]: who may run an agent (staff, visitors, usage limit, premium).
//! - [`registration`]: the visitor's Personal Information and profile source, the
//!   member's profile-completion threshold.
//! - [`system`]: registration approval, AI enthusiasm ranking, use case curation.
//! - [`builtin`]: the agents every site starts with.
//! - [`run`]: a run's status.

pub mod access;
pub mod aira;
pub mod builtin;
pub mod category;
pub mod definition;
pub mod feedback;
pub mod form;
pub mod model_report;
pub mod registration;
pub mod report;
pub mod run;
pub mod system;
