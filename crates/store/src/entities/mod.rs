//! SeaORM entities, one module per table.

pub mod emails;
pub mod groups;
pub mod jobs;
pub mod memberships;
pub mod otp_codes;
pub mod refresh_tokens;
pub mod tenants;
pub mod topic_areas;
pub mod topics;
pub mod users;
