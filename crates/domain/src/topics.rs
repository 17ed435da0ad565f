//! Topics: skills and general topics, and the rules for creating one.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::FieldErrors;

pub const TOPIC_NAME_MAX: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TopicType {
    Skill,
    General,
}

impl TopicType {
    pub fn as_str(self) -> &'static str {
        match self {
            TopicType::Skill => "skill",
            TopicType::General => "general",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "skill" => Some(TopicType::Skill),
            "general" => Some(TopicType::General),
            _ => None,
        }
    }
}

/// Trims and checks a new topic's name; returns the cleaned name and its search key.
pub fn clean_topic_name(raw: &str) -> Result<(String, String), FieldErrors> {
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut errors = FieldErrors::new();
    if name.is_empty() {
        errors.add("name", "This field may not be blank.");
    } else if name.chars().count() > TOPIC_NAME_MAX {
        errors.add("name", format!("Ensure this field has no more than {TOPIC_NAME_MAX} characters."));
    }
    errors.into_result()?;
    let key = name.to_lowercase();
    Ok((name, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_names() {
        assert_eq!(
            clean_topic_name("  Prompt   Engineering ").unwrap(),
            ("Prompt Engineering".into(), "prompt engineering".into())
        );
        assert!(clean_topic_name("   ").is_err());
        assert!(clean_topic_name(&"x".repeat(101)).is_err());
    }
}
