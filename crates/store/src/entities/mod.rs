//! SeaORM entities, one module per table.

pub mod account_links;
pub mod career_entries;
pub mod career_entry_skills;
pub mod career_profiles;
pub mod emails;
pub mod files;
pub mod follows;
pub mod group_profiles;
pub mod groups;
pub mod jobs;
pub mod memberships;
pub mod otp_codes;
pub mod profile_imports;
pub mod profile_topics;
pub mod profiles;
pub mod rate_limits;
pub mod refresh_tokens;
pub mod social_accounts;
pub mod tenants;
pub mod topic_areas;
pub mod topics;
pub mod used_challenges;
pub mod user_services;
pub mod users;
