//! A person's notifications are theirs: writing, reading or deleting one bumps the person's
//! generation (m0042), so their pages of notifications and their unread badge (in the
//! identity every page asks for) are kept per that generation
//! (`api::areas::KeptPages::notification_pages` and `identities`) instead of counted on
//! every request.

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0050_notifications_person_generation",
    triggers: super::Triggers::BumpPersonGeneration { table: "notifications" },
};
