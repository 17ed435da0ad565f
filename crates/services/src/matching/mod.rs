//! Matching (issue 29): members, circles, events, jobs, resources and people compared by what
//! their texts mean and by the member's own signals, for the assistant, every recommendation
//! list and the CareerGPS reports.
//!
//! - [`embedder`]: sentence embeddings (the built-in model, or an OpenAI-compatible API).
//! - [`documents`]: what each item and member means, as text and facts.
//! - [`indexer`]: the worker that writes items and their vectors when their rows change.
//! - [`index`]: every instance's in-process index of a site's items, kept current by
//!   generation.
//! - [`engine`]: ranking for a member and a question, cached per member and generation.
//!
//! The rules it applies (intent, scores, reasons, the offline answer, links) are
//! `domain::matching`'s.

pub mod documents;
pub mod embedder;
pub mod engine;
pub mod index;
pub mod indexer;

pub use engine::{Answer, Ask, Engine, Found, PeopleFor, PeopleQuery, PeopleStamp, RankedPerson};
pub use indexer::Indexer;
