//! Queries, one module per area. Every function that reads tenant data takes the tenant id.

pub mod account_links;
pub mod admin_metrics;
pub mod agents;
pub mod ai_tools;
pub mod analytics;
pub mod assistant;
pub mod audit_log;
pub mod bookmarks;
pub mod career_tips;
pub mod catalogue;
pub mod challenges;
pub mod chat;
pub mod classroom;
pub mod connections;
pub mod contents;
pub mod feedback;
pub mod files;
pub mod follows;
pub mod group_post_notices;
pub mod group_recommendations;
pub mod groups;
pub mod imports;
pub mod influencers;
pub mod institutional_subscriptions;
pub mod invitations;
pub mod job_applications;
pub mod job_posts;
pub mod job_recommendations;
pub mod link_previews;
pub mod mail;
pub mod matching;
pub mod memberships;
pub mod notifications;
pub mod one_time_payments;
pub mod otp;
pub mod payments;
pub mod profiles;
pub mod programme;
pub mod rate_limits;
pub mod search;
pub mod sessions;
pub mod slugs;
pub mod social_accounts;
pub mod sql;
pub mod tenants;
pub mod topics;
pub mod use_cases;
pub mod users;
pub mod visibility;

/// One page of rows and the total count of the filtered list.
#[derive(Debug, Clone)]
pub struct Paged<T> {
    pub items: Vec<T>,
    pub count: u64,
}
