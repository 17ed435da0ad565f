//! A group's recommended people (spec 001 §2 "The Members list has … a recommendations tab",
//! "Recommendations panel: pick a group to recommend people from", §5 member list tabs, §6
//! administrators "see recommendations", §7 "Recommendations: group_id, entity_type
//! (research_collaboration or cross_group), group_from_user_to_be_included"): the request's
//! parameters, parsed, and why each person is recommended.
//!
//! The rank is the matching engine's (how close each profile is to the group in meaning,
//! then shared topics and skills, country, career stage and field); the reason is here.

use crate::FieldErrors;

pub const GROUP_FIELD: &str = "group_id";
pub const ENTITY_FIELD: &str = "entity_type";
pub const SOURCE_FIELD: &str = "group_from_user_to_be_included";
/// A page of recommended people: the members list's size (spec 001 §7, page_size 15).
pub const PAGE_SIZE: u64 = 15;
/// At most this many shared topics are named in a reason.
pub const REASON_TOPICS: usize = 3;

pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_INVALID_ID: &str = "A valid integer is required.";
pub const MSG_SAME_GROUP: &str = "Choose another group to recommend people from.";

/// Where the recommended people come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntityType {
    /// The members of another group of the site (`group_from_user_to_be_included`).
    CrossGroup,
    /// Anyone on the site who shares the group's topics or skills.
    ResearchCollaboration,
}

impl EntityType {
    pub const ALL: [EntityType; 2] = [EntityType::CrossGroup, EntityType::ResearchCollaboration];

    pub const fn as_str(self) -> &'static str {
        match self {
            EntityType::CrossGroup => "cross_group",
            EntityType::ResearchCollaboration => "research_collaboration",
        }
    }

    pub fn parse(word: &str) -> Option<EntityType> {
        Self::ALL.into_iter().find(|t| t.as_str() == word.trim())
    }

    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|t| t.as_str()).collect()
    }
}

/// The parsed query of a recommendations request (paging aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecommendRequest {
    /// The group the people are recommended to.
    pub group_id: i64,
    pub entity_type: EntityType,
    /// The group they are taken from: always set for cross_group, ignored (`None`) for
    /// research_collaboration.
    pub source_group_id: Option<i64>,
}

fn id_of(errors: &mut FieldErrors, value: Option<&str>, key: &str) -> Option<i64> {
    let raw = value.map(str::trim).filter(|v| !v.is_empty())?;
    match raw.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(key, MSG_INVALID_ID);
            None
        }
    }
}

impl RecommendRequest {
    /// Reads `group_id` (required), `entity_type` (cross_group when absent or blank) and
    /// `group_from_user_to_be_included` (required for cross_group, and not the group itself);
    /// each problem is reported on its field.
    pub fn parse(
        group_id: Option<&str>,
        entity_type: Option<&str>,
        source_group_id: Option<&str>,
    ) -> Result<RecommendRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let group_id = id_of(&mut errors, group_id, GROUP_FIELD);
        if group_id.is_none() && errors.first(GROUP_FIELD).is_none() {
            errors.add(GROUP_FIELD, MSG_REQUIRED);
        }
        let entity_type = match entity_type.map(str::trim).filter(|v| !v.is_empty()) {
            None => Some(EntityType::CrossGroup),
            Some(word) => {
                let found = EntityType::parse(word);
                if found.is_none() {
                    let shown: String = word.chars().take(50).collect();
                    errors.add(ENTITY_FIELD, format!("\"{shown}\" is not a valid choice."));
                }
                found
            }
        };
        let source = source_group_id;
        let mut source_group_id = None;
        if entity_type == Some(EntityType::CrossGroup) {
            source_group_id = id_of(&mut errors, source, SOURCE_FIELD);
            if source_group_id.is_none() && errors.first(SOURCE_FIELD).is_none() {
                errors.add(SOURCE_FIELD, MSG_REQUIRED);
            }
            if source_group_id.is_some() && source_group_id == group_id {
                errors.add(SOURCE_FIELD, MSG_SAME_GROUP);
            }
        }
        errors.into_result()?;
        match (group_id, entity_type) {
            (Some(group_id), Some(entity_type)) => Ok(RecommendRequest { group_id, entity_type, source_group_id }),
            // Unreachable: a missing value is an error above.
            _ => Err(FieldErrors::new()),
        }
    }
}

/// What a recommended person shares with the group.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shared {
    pub shared_topics: Vec<String>,
    pub same_country: bool,
    pub same_stage: bool,
    pub same_field: bool,
}

pub fn signals(shared_topics: Vec<String>, same_country: bool, same_stage: bool, same_field: bool) -> Shared {
    Shared { shared_topics, same_country, same_stage, same_field }
}

/// Why a person is recommended to the group, for its administrators: "Shares Data Science,
/// Python; in the group's country". Someone who shares nothing in particular is named as a
/// member of the group they come from (`source`).
pub fn reason(s: &Shared, source: &str) -> String {
    let mut parts = Vec::new();
    if !s.shared_topics.is_empty() {
        let mut shown = s.shared_topics.iter().take(REASON_TOPICS).cloned().collect::<Vec<_>>().join(", ");
        let more = s.shared_topics.len().saturating_sub(REASON_TOPICS);
        if more > 0 {
            shown = format!("{shown} and {more} more");
        }
        parts.push(format!("Shares {shown}"));
    }
    if s.same_country {
        parts.push("in the group's country".to_string());
    }
    if s.same_stage {
        parts.push("at the group's career stage".to_string());
    }
    if s.same_field {
        parts.push("in the group's professional field".to_string());
    }
    if parts.is_empty() {
        return format!("Member of {source}");
    }
    let text = parts.join("; ");
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// A cosine of a person's profile with the group from which their work is named as close to
/// what the group is about.
pub const CLOSE_IN_MEANING: f32 = 0.35;

/// [`reason`], led by what the person works on when their profile is close in meaning to the
/// group ("Works as Data Engineer, close to what the group is about; shares Python").
pub fn reason_with_meaning(s: &Shared, source: &str, similarity: Option<f32>, title: Option<&str>) -> String {
    let close = similarity.is_some_and(|c| c >= CLOSE_IN_MEANING);
    let base = reason(s, source);
    match (close, title.map(str::trim).filter(|t| !t.is_empty())) {
        (true, Some(title)) if base.starts_with("Member of ") => {
            format!("Works as {title}, close to what the group is about")
        }
        (true, Some(title)) => {
            let mut chars = base.chars();
            let rest: String =
                chars.next().map(|c| c.to_lowercase().collect::<String>()).unwrap_or_default() + chars.as_str();
            format!("Works as {title}, close to what the group is about; {rest}")
        }
        (true, None) if base.starts_with("Member of ") => "Close to what the group is about".to_string(),
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses the parameters of a query given as pairs.
    fn parse(pairs: &[(&str, &str)]) -> Result<RecommendRequest, FieldErrors> {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        RecommendRequest::parse(get(GROUP_FIELD), get(ENTITY_FIELD), get(SOURCE_FIELD))
    }

    fn error(pairs: &[(&str, &str)], field: &str) -> String {
        parse(pairs).unwrap_err().first(field).unwrap_or("(none)").to_string()
    }

    #[test]
    fn requests_are_parsed() {
        let cross = parse(&[("group_id", "4"), (SOURCE_FIELD, "9")]).unwrap();
        assert_eq!(
            cross,
            RecommendRequest { group_id: 4, entity_type: EntityType::CrossGroup, source_group_id: Some(9) }
        );
        let research =
            parse(&[("group_id", " 4 "), ("entity_type", "research_collaboration"), (SOURCE_FIELD, "9")]).unwrap();
        assert_eq!(research.entity_type, EntityType::ResearchCollaboration);
        assert_eq!(research.source_group_id, None, "ignored for research_collaboration");
    }

    #[test]
    fn bad_requests_name_their_field() {
        assert_eq!(error(&[(SOURCE_FIELD, "9")], GROUP_FIELD), MSG_REQUIRED);
        assert_eq!(error(&[("group_id", "x"), (SOURCE_FIELD, "9")], GROUP_FIELD), MSG_INVALID_ID);
        assert_eq!(error(&[("group_id", "-2"), (SOURCE_FIELD, "9")], GROUP_FIELD), MSG_INVALID_ID);
        assert_eq!(
            error(&[("group_id", "4"), ("entity_type", "planet")], ENTITY_FIELD),
            "\"planet\" is not a valid choice."
        );
        assert_eq!(error(&[("group_id", "4")], SOURCE_FIELD), MSG_REQUIRED);
        assert_eq!(error(&[("group_id", "4"), ("entity_type", "cross_group")], SOURCE_FIELD), MSG_REQUIRED);
        assert_eq!(error(&[("group_id", "4"), (SOURCE_FIELD, "zero")], SOURCE_FIELD), MSG_INVALID_ID);
        assert_eq!(error(&[("group_id", "4"), (SOURCE_FIELD, "4")], SOURCE_FIELD), MSG_SAME_GROUP);
    }

    #[test]
    fn a_profile_close_in_meaning_is_named_first() {
        let shared = signals(vec!["Python".into()], true, false, false);
        assert_eq!(
            reason_with_meaning(&shared, "Art circle", Some(0.5), Some("Data Engineer")),
            "Works as Data Engineer, close to what the group is about; shares Python; in the group's country"
        );
        let nothing = signals(Vec::new(), false, false, false);
        assert_eq!(
            reason_with_meaning(&nothing, "Art circle", Some(0.5), Some("Data Engineer")),
            "Works as Data Engineer, close to what the group is about"
        );
        assert_eq!(
            reason_with_meaning(&nothing, "Art circle", Some(0.1), Some("Data Engineer")),
            "Member of Art circle"
        );
        assert_eq!(reason_with_meaning(&shared, "Art circle", None, None), reason(&shared, "Art circle"));
    }

    #[test]
    fn reasons_name_what_is_shared() {
        let s = signals(vec!["Data Science".into(), "Python".into()], false, false, false);
        assert_eq!(reason(&s, "Analysts"), "Shares Data Science, Python");
        let s = signals(vec!["A".into(), "B".into(), "C".into(), "D".into(), "E".into()], true, true, true);
        assert_eq!(
            reason(&s, "Analysts"),
            "Shares A, B, C and 2 more; in the group's country; at the group's career stage; in the group's \
             professional field"
        );
        let s = signals(Vec::new(), true, false, false);
        assert_eq!(reason(&s, "Analysts"), "In the group's country");
        assert_eq!(reason(&signals(Vec::new(), false, false, false), "Analysts"), "Member of Analysts");
    }
}
