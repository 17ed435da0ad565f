//! One module per product area; each exposes `routes()` for the API router. Here too: the
//! router's state, [`AppState`], with what the areas keep between requests ([`KeptPages`],
//! of the areas' own types; the shared `crate::state` holds it without naming them).

pub mod agents;
pub mod analytics;
pub mod applicants;
pub mod assistant;
pub mod audit_log;
pub mod auth;
pub mod bookmarks;
pub mod catalogue;
pub mod chat;
pub mod classroom;
pub mod config;
pub mod connections;
pub mod content;
pub mod dev_mailbox;
pub mod favourites_query;
pub mod feedback;
pub mod follows;
pub mod groups;
pub mod health;
pub mod identity;
pub mod imports;
pub mod influencers;
pub mod invitations;
pub mod jobs;
pub mod my_area;
pub mod notifications;
pub mod payments;
pub mod person_cards;
pub mod profiles;
pub mod programme;
pub mod recommendation_package;
pub mod recommendations;
pub mod search;
pub mod topics;
pub mod uploads;
pub mod use_cases;
pub mod votes;

use crate::{page_cache::PageCache, person_cache::PersonCache, state};

/// The router's state: the shared state with the areas' kept pages.
pub type AppState = state::AppState<KeptPages>;

#[derive(Clone)]
pub struct KeptPages {
    /// Circles and events pages and their groups' base views, kept while the tenant does
    /// not write (`crate::page_cache`).
    pub group_pages: PageCache<groups::view::BaseView>,
    /// Members' own pages (which circles they created or applied to), kept the same way
    /// but apart, so that many members' pages do not push the shared lists' pages out.
    pub my_pages: PageCache<()>,
    /// The job board's pages and their jobs' base views, the same way.
    pub job_pages: PageCache<jobs::view::BaseView>,
    /// The contents pages with their items' bases (`areas::content::view::ContentBase`),
    /// the same way.
    pub content_pages: PageCache<content::view::ContentBase>,
    /// The AI tool pages with their tools' base views, kept like the group pages.
    pub ai_tool_pages: PageCache<catalogue::ai_tools::AiToolView>,
    /// The use case pages with their base views, the same way.
    pub use_case_pages: PageCache<use_cases::view::UseCaseView>,
    /// The career tip pages of the site's list with their base views, the same way.
    pub career_tip_pages: PageCache<content::tips::CareerTipView>,
    /// Topic list pages with their topics, kept the same way.
    pub topic_pages: PageCache<topics::TopicView>,
    /// Site search pages (`areas::search`) with their people's cards, kept the same way.
    pub search_pages: PageCache<person_cards::PersonCard, search::KeptHits>,
    /// Pages of the site's influential people (`areas::influencers`), kept the same way.
    pub influencer_pages: PageCache<(), influencers::InfluencerPage>,
    /// Pages of the site's topic areas (`areas::topics`), kept the same way.
    pub topic_area_pages: PageCache<(), topics::TopicAreaPage>,
    /// Each site's membership plans (`areas::payments`), kept per everyone's person generation.
    pub plan_lists: PersonCache<i64, Vec<payments::views::PlanView>>,
    /// Each signed-in person's identity, kept per person generation (`areas::identity`).
    pub identities: PersonCache<(i64, i64), identity::Identity>,
    /// Profile pages kept per person generation, by (tenant, person, shown to its owner).
    pub profile_pages: PersonCache<(i64, i64, bool), profiles::KeptProfile>,
    /// Which person each profile link last named, for the kept profile pages.
    pub profile_links: profiles::ProfileLinks,
    /// Pages of people's connections, kept per person and site generation.
    pub connection_pages: PersonCache<connections::ConnectionPageKey, connections::KeptConnections>,
    /// Pages of people's career entries, kept per person generation.
    pub entry_pages: PersonCache<profiles::career_entries::EntryPageKey, profiles::career_entries::KeptEntries>,
    /// A signed-in caller's ties to a page of groups (memberships, follows, bookmarks), kept
    /// per their person generation.
    pub group_ties: PersonCache<groups::view::TiesKey, store::queries::memberships::CallerTies>,
    /// A signed-in caller's ties to a page of jobs (memberships, applications, bookmarks), the
    /// same way.
    pub job_ties: PersonCache<jobs::view::TiesKey, store::queries::job_posts::CallerTies>,
    /// Community analytics reports, kept until their sites' counts are rolled up again.
    pub analytics_reports: analytics::ReportCache,
    /// The latest group post each person was checked for (`areas::notifications`).
    pub group_posts_checked: notifications::GroupPostChecks,
    /// Pages of a person's notifications, kept per their person generation.
    pub notification_pages: PersonCache<notifications::NotificationPageKey, notifications::KeptNotifications>,
}

impl state::Kept for KeptPages {
    fn new(metrics: &services::metrics::Metrics) -> Self {
        KeptPages {
            group_pages: PageCache::counted(metrics, "groups"),
            search_pages: PageCache::counted(metrics, "search"),
            topic_pages: PageCache::counted(metrics, "topics"),
            job_pages: PageCache::counted(metrics, "jobs"),
            my_pages: PageCache::counted(metrics, "mine"),
            content_pages: PageCache::counted(metrics, "contents"),
            ai_tool_pages: PageCache::counted(metrics, "ai_tools"),
            use_case_pages: PageCache::counted(metrics, "use_cases"),
            career_tip_pages: PageCache::counted(metrics, "career_tips"),
            influencer_pages: PageCache::counted(metrics, "influencers"),
            topic_area_pages: PageCache::counted(metrics, "topic_areas"),
            identities: Default::default(),
            plan_lists: Default::default(),
            group_posts_checked: Default::default(),
            notification_pages: Default::default(),
            profile_pages: Default::default(),
            group_ties: Default::default(),
            job_ties: Default::default(),
            profile_links: Default::default(),
            entry_pages: Default::default(),
            connection_pages: Default::default(),
            analytics_reports: analytics::ReportCache::counted(metrics),
        }
    }
}
