//! One module per product area; each exposes `routes()` for the API router.

pub mod assistant;
pub mod auth;
pub mod bookmarks;
pub mod catalogue;
pub mod config;
pub mod connections;
pub mod content;
pub mod dev_mailbox;
pub mod follows;
pub mod groups;
pub mod health;
pub mod identity;
pub mod imports;
pub mod influencers;
pub mod invitations;
pub mod jobs;
pub mod my_area;
pub mod payments;
pub mod profiles;
pub mod programme;
pub mod recommendation_package;
pub mod recommendations;
pub mod search;
pub mod topics;
pub mod uploads;
pub mod use_cases;
