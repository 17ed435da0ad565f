//! SeaORM entities, one module per table.

pub mod account_links;
pub mod emails;
pub mod groups;
pub mod jobs;
pub mod memberships;
pub mod otp_codes;
pub mod rate_limits;
pub mod refresh_tokens;
pub mod social_accounts;
pub mod tenants;
pub mod topic_areas;
pub mod topics;
pub mod used_challenges;
pub mod users;
