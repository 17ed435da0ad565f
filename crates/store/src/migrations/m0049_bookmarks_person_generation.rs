//! A bookmark is its member's: adding or removing one bumps the member's person generation
//! (m0042), as their memberships, follows and applications already do. The caller's ties to
//! a page of circles or jobs (memberships, follows, applications, bookmarks) are then kept
//! per that generation (`api::areas::KeptPages::group_ties` and `job_ties`) instead of read on every signed-in list.

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0049_bookmarks_person_generation",
    triggers: super::Triggers::BumpPersonGeneration { table: "bookmarks" },
};
