//! The assistant's suggested questions (spec 002 §3 "Chat message"; §4 "Assistant chat"):
//! what follows an answer. Reading the question and ranking what answers it is the matching
//! engine's (`crate::matching`).

use crate::config::AmaPrompts;
pub use crate::matching::ItemKind;

/// At most this many suggested questions follow an answer (spec 002 §8: 4).
pub const MAX_RELEVANT_QUESTIONS: usize = 4;

/// The suggested questions after an answer: first about the topics found, then the tenant's
/// prompts for the asker's career stage, then those for their location (their country, or
/// the `default` set), without repeats.
pub fn relevant_questions(
    prompts: &AmaPrompts,
    country: Option<&str>,
    career_stage: Option<i64>,
    topics: &[String],
    asked: &str,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |q: String, out: &mut Vec<String>| {
        if out.len() < MAX_RELEVANT_QUESTIONS
            && !q.trim().eq_ignore_ascii_case(asked.trim())
            && !out.iter().any(|o| o.eq_ignore_ascii_case(&q))
        {
            out.push(q);
        }
    };
    for topic in topics.iter().take(2) {
        push(format!("Which circles and resources can help me learn {topic}?"), &mut out);
    }
    if let Some(stage) = career_stage {
        if let Some(set) = prompts.by_career_stage.iter().find(|s| s.id == stage.to_string()) {
            for p in &set.prompts {
                push(p.clone(), &mut out);
            }
        }
    }
    let location = country
        .and_then(|c| prompts.by_location.iter().find(|s| s.id.eq_ignore_ascii_case(c.trim())))
        .or_else(|| prompts.by_location.iter().find(|s| s.id == "default"));
    if let Some(set) = location {
        for p in &set.prompts {
            push(p.clone(), &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_questions_follow_topics_stage_then_location() {
        let prompts = AmaPrompts::default();
        let qs = relevant_questions(&prompts, Some("Kenya"), Some(3), &["Prompt Engineering".into()], "x");
        assert_eq!(qs.len(), MAX_RELEVANT_QUESTIONS);
        assert_eq!(qs[0], "Which circles and resources can help me learn Prompt Engineering?");
        assert_eq!(qs[1], "How do I grow faster in my first years at work?");
        let qs = relevant_questions(&prompts, None, None, &[], "x");
        assert_eq!(qs[0], "Which AI skills are employers in my country asking for?");
        let qs =
            relevant_questions(&prompts, None, None, &[], "Which AI skills are employers in my country asking for?");
        assert_eq!(qs[0], "What career events are coming up near me?");
    }
}
