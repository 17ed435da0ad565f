//! Content of groups and of the Resource Hub (spec 001 §3 "Resource or post", §4, §5, §6;
//! spec 002 §3 "Resource", "Career tip", §4 "Moderation statuses"): posts, newsletters,
//! resources, prompts and career tips. Pure rules: what a valid form is, who may do what,
//! the messages. The API applies them.

pub mod blocks;
pub mod form;
pub mod link_preview;
pub mod tips;

/// The kinds of content (`contents.content_type`).
pub const TYPE_POST: &str = "post";
pub const TYPE_NEWSLETTER: &str = "newsletter";
pub const TYPE_RESOURCE: &str = "resource";
pub const TYPE_PROMPT: &str = "prompt";
pub const TYPES: [&str; 4] = [TYPE_POST, TYPE_NEWSLETTER, TYPE_RESOURCE, TYPE_PROMPT];

/// Moderation statuses (spec 002 §4).
pub const STATUS_PENDING: &str = "pending";
pub const STATUS_APPROVED: &str = "approved";
pub const STATUS_REJECTED: &str = "rejected";
pub const STATUSES: [&str; 3] = [STATUS_PENDING, STATUS_APPROVED, STATUS_REJECTED];

/// Security levels (spec 001 §9: public 0, private 20).
pub const SECURITY_PUBLIC: i16 = 0;
pub const SECURITY_PRIVATE: i16 = 20;

/// Page sizes (spec 001 §9, 002 §9).
pub const PAGE_SIZE_CONTENTS: u64 = 15;
pub const PAGE_SIZE_GROUP_RESOURCES: u64 = 12;
pub const PAGE_SIZE_HUB: u64 = 15;

/// Limits.
pub const MAX_FILES: usize = 7;
pub const MAX_TOPICS: usize = 7;
pub const TITLE_FROM_CONTENT_CHARS: usize = 100;
pub const MAX_TITLE_CHARS: usize = 255;
pub const MAX_CONTENT_CHARS: usize = 50_000;
pub const MAX_SOURCE_CHARS: usize = 500;

// Messages: the spec's where it gives them (001 §8, 002 §8), ours otherwise (docs/decisions.md).
pub const MSG_REQUIRED: &str = "Required";
pub const MSG_MAX_FILES: &str = "Maximum 7 files";
pub const MSG_ONE_THUMBNAIL: &str = "Only 1 thumbnail image";
pub const MSG_MAX_TOPICS: &str = "You can select up to 7 topics";
pub const MSG_FILE_KIND: &str = "Only video, image and pdf files can be attached";
pub const MSG_NOT_FOUND: &str = "Content not found.";
pub const MSG_NOT_MEMBER: &str = "Only accepted members of the group can post here.";
pub const MSG_NOT_CERTIFIED: &str = "Only certified members can contribute resources and prompts.";
pub const MSG_NOT_AUTHOR: &str = "Only the author can change this.";
pub const MSG_CANNOT_DELETE: &str = "Could not delete at this moment.";
pub const MSG_NOT_MODERATOR: &str = "Only certified members of the organization can approve or reject resources.";
pub const MSG_OWN_RESOURCE: &str = "You cannot approve or reject your own resource.";
pub const MSG_ALREADY_APPROVED: &str = "This resource is already approved.";
pub const MSG_SEND_EMAIL_ADMIN: &str = "Only administrators of the group can email its members.";
pub const MSG_PREMIUM_LOCKED: &str = "This is a premium resource.";
/// A file of a premium resource that has no first-page preview (only PDFs have one).
pub const MSG_NO_PREVIEW: &str = "This file has no preview.";
/// A premium PDF that cannot be cut to its first page.
pub const MSG_PDF_UNREADABLE: &str = "The PDF file could not be read.";
pub const MSG_CREATED: &str = "Created successfully";
pub const MSG_UPDATED: &str = "Updated successfully";
pub const MSG_DELETED: &str = "Deleted successfully";

/// Whether a content type is moderated (resources and prompts are; posts and newsletters
/// are published at once).
pub fn is_moderated(content_type: &str) -> bool {
    content_type == TYPE_RESOURCE || content_type == TYPE_PROMPT
}

/// `approve` or `reject` (spec 001 §7 "approve or reject (action approve/reject)").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Approve,
    Reject,
}

impl Action {
    pub fn parse(raw: &str) -> Option<Action> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "approve" => Some(Action::Approve),
            "reject" => Some(Action::Reject),
            _ => None,
        }
    }

    pub fn status(self) -> &'static str {
        match self {
            Action::Approve => STATUS_APPROVED,
            Action::Reject => STATUS_REJECTED,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Action::Approve => "approve",
            Action::Reject => "reject",
        }
    }

    /// 'Resource approved successfully' / 'Resource rejected successfully' (spec 001 §8).
    pub fn done_message(self, noun: &str) -> String {
        format!("{noun} {} successfully", self.status())
    }

    /// 'Failed to approve resource' (spec 001 §8 'Failed to {action} resource').
    pub fn failed_message(self, noun: &str) -> String {
        format!("Failed to {} {}", self.word(), noun.to_lowercase())
    }
}

/// Whether a moderated item may still be approved or rejected (spec 001 §5: offered while
/// the status is not approved).
pub fn can_moderate_status(status: &str) -> bool {
    status != STATUS_APPROVED
}

/// The title of a post: the first 100 characters of its text (spec 001 §7).
pub fn title_from_text(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    text.chars().take(TITLE_FROM_CONTENT_CHARS).collect::<String>().trim().to_string()
}

/// The security level a post gets: what was asked for (private by default, spec 001 §5),
/// forced to private in a private group (the calling context).
pub fn effective_security(asked: Option<i16>, group_is_private: bool) -> i16 {
    if group_is_private {
        return SECURITY_PRIVATE;
    }
    match asked {
        Some(level) if level < SECURITY_PRIVATE => SECURITY_PUBLIC,
        _ => SECURITY_PRIVATE,
    }
}

/// Whether a viewer may receive a premium resource's files: its author, or someone who
/// `can_view_premium` (staff, or a member whose tier has `can_view_premium_resources`:
/// `api::areas::content::view::can_view_premium`).
pub fn may_open_premium(is_premium: bool, is_author: bool, can_view_premium: bool) -> bool {
    !is_premium || is_author || can_view_premium
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_come_from_the_first_hundred_characters() {
        assert_eq!(title_from_text("  Hello\n  world "), "Hello world");
        let long = "a".repeat(150);
        assert_eq!(title_from_text(&long).chars().count(), 100);
        assert_eq!(title_from_text(""), "");
    }

    #[test]
    fn security_is_private_by_default_and_forced_in_private_groups() {
        assert_eq!(effective_security(None, false), SECURITY_PRIVATE);
        assert_eq!(effective_security(Some(0), false), SECURITY_PUBLIC);
        assert_eq!(effective_security(Some(20), false), SECURITY_PRIVATE);
        assert_eq!(effective_security(Some(0), true), SECURITY_PRIVATE);
    }

    #[test]
    fn actions_and_their_messages() {
        assert_eq!(Action::parse(" Approve"), Some(Action::Approve));
        assert_eq!(Action::parse("delete"), None);
        assert_eq!(Action::Approve.done_message("Resource"), "Resource approved successfully");
        assert_eq!(Action::Reject.done_message("Resource"), "Resource rejected successfully");
        assert_eq!(Action::Reject.failed_message("Resource"), "Failed to reject resource");
        assert!(can_moderate_status(STATUS_PENDING));
        assert!(can_moderate_status(STATUS_REJECTED));
        assert!(!can_moderate_status(STATUS_APPROVED));
    }

    #[test]
    fn premium_is_for_authors_and_subscribers() {
        assert!(may_open_premium(false, false, false));
        assert!(may_open_premium(true, true, false));
        assert!(may_open_premium(true, false, true));
        assert!(!may_open_premium(true, false, false));
    }
}
