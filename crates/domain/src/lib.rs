//! Pure rules and types of Waypoint: validation, configuration, pagination, slugs.
//! No I/O lives here, so every rule can be unit-tested directly.

pub mod accounts;
pub mod agents;
pub mod analytics;
pub mod assistant;
pub mod bookmarks;
pub mod catalogue;
pub mod chat;
pub mod config;
pub mod content;
pub mod csv_export;
pub mod errors;
pub mod feedback;
pub mod groups;
pub mod imports;
pub mod jobs;
pub mod matching;
pub mod notifications;
pub mod option_value;
pub mod pagination;
pub mod payments;
pub mod profiles;
pub mod query_list;
pub mod recommendation_package;
pub mod rich_text;
pub mod sent;
pub mod slug;
pub mod topics;

pub use errors::FieldErrors;
