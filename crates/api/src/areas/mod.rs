//! One module per product area; each exposes `routes()` for the API router.

pub mod auth;
pub mod config;
pub mod dev_mailbox;
pub mod health;
pub mod identity;
pub mod profiles;
pub mod topics;
pub mod uploads;
