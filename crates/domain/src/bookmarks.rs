//! What can be bookmarked (favourites, spec 002 §3 "Bookmark", §7 "Bookmarks"), and the
//! messages the bookmark button shows (§8).
//!
//! The spec's favourites name job, resource, ai_tool, use_case and group (circles and
//! events). Only the kinds that exist in this product are listed in [`EntityType`]; a new
//! kind is one more variant, its path word in [`EntityType::parse`], and its visibility
//! rule and list in the API (the table and the store queries take any kind).

/// The toast after bookmarking (spec 002 §8 "Bookmark").
pub const MSG_ADDED: &str = "Added to favourites";
/// The toast after removing a bookmark.
pub const MSG_REMOVED: &str = "Removed from favourites";
/// The page size of a favourites list (spec 002 §7: page_size 10).
pub const PAGE_SIZE: u64 = 10;

/// The group types a group bookmark may name (spec 002 §7: "group with group_type circle
/// or event").
pub const GROUP_TYPES: [&str; 2] = ["circle", "event"];

/// Whether a group of `group_type` can be bookmarked.
pub fn group_type_bookmarkable(group_type: &str) -> bool {
    GROUP_TYPES.contains(&group_type)
}

/// A kind of item that can be bookmarked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntityType {
    /// A job post of the job board.
    Job,
    /// An AI tool of the catalogue.
    AiTool,
    /// A use case of the catalogue.
    UseCase,
    /// A resource or prompt of the Resource Hub (`contents`).
    Resource,
    /// A circle or an event (a `groups` row of those types; organizations and
    /// institutions are followed, not bookmarked).
    Group,
}

impl EntityType {
    /// Every kind, in the order the API documents them.
    pub const ALL: [EntityType; 5] =
        [EntityType::Job, EntityType::AiTool, EntityType::UseCase, EntityType::Resource, EntityType::Group];

    /// The word stored in `bookmarks.entity_type` and used in paths (`/bookmark/job/…`).
    pub const fn as_str(self) -> &'static str {
        match self {
            EntityType::Job => "job",
            EntityType::AiTool => "aitool",
            EntityType::UseCase => "usecase",
            EntityType::Resource => "resource",
            EntityType::Group => "group",
        }
    }

    /// The kind a path word names; `jobs` is accepted for `job`, as the my-area words are
    /// plural, and the spec's favourites words (`ai_tool`, `use_case`). `None` for anything
    /// else.
    pub fn parse(word: &str) -> Option<EntityType> {
        match word.trim().to_ascii_lowercase().as_str() {
            "job" | "jobs" => Some(EntityType::Job),
            "aitool" | "aitools" | "ai_tool" | "ai_tools" | "ai-tool" | "ai-tools" => Some(EntityType::AiTool),
            "usecase" | "usecases" | "use_case" | "use_cases" | "use-case" | "use-cases" => Some(EntityType::UseCase),
            "resource" | "resources" => Some(EntityType::Resource),
            "group" | "groups" => Some(EntityType::Group),
            _ => None,
        }
    }

    /// The path words, for the API document.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|t| t.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_words_name_kinds() {
        assert_eq!(EntityType::parse("job"), Some(EntityType::Job));
        assert_eq!(EntityType::parse(" Jobs "), Some(EntityType::Job));
        assert_eq!(EntityType::parse("resources"), Some(EntityType::Resource));
        assert_eq!(EntityType::parse("agentbuilder"), None, "not a kind of this product yet");
        assert_eq!(EntityType::parse(""), None);
        for kind in EntityType::ALL {
            assert_eq!(EntityType::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(EntityType::parse("ai_tool"), Some(EntityType::AiTool));
        assert_eq!(EntityType::parse("use_cases"), Some(EntityType::UseCase));
        assert_eq!(EntityType::parse("Groups"), Some(EntityType::Group));
        assert_eq!(EntityType::names(), vec!["job", "aitool", "usecase", "resource", "group"]);
    }
}
