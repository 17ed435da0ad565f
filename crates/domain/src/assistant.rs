//! The assistant's pure rules (spec 002 §3 "Chat message", "Recommended item"; §4
//! "Assistant chat", "Recommendations"): reading a question into what it asks for and the
//! words to look up, scoring what retrieval found for the asker, the reason given for each
//! item, the composed answer and the suggested follow-up questions.
//!
//! Retrieval itself (`store::queries::assistant::retrieve`) reads the database; everything
//! it decides with what it read is here, so it is tested without one.

use std::collections::BTreeSet;

use rust_stemmers::{Algorithm, Stemmer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::AmaPrompts;

/// What the assistant can recommend. The `type` of a recommended item (spec 002 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Resource,
    User,
    Event,
    Circle,
    Job,
    AiTool,
    UseCase,
}

impl ItemKind {
    /// Every kind, in the order the right panel shows them (spec 002 §4; AI tools and use
    /// cases, which that order does not name, last).
    pub const ALL: [ItemKind; 7] = [
        ItemKind::Resource,
        ItemKind::User,
        ItemKind::Event,
        ItemKind::Circle,
        ItemKind::Job,
        ItemKind::AiTool,
        ItemKind::UseCase,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Resource => "resource",
            ItemKind::User => "user",
            ItemKind::Event => "event",
            ItemKind::Circle => "circle",
            ItemKind::Job => "job",
            ItemKind::AiTool => "ai_tool",
            ItemKind::UseCase => "use_case",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        ItemKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// "the circle", "the person", … as the answer names one.
    fn singular(self) -> &'static str {
        match self {
            ItemKind::Resource => "resource",
            ItemKind::User => "member",
            ItemKind::Event => "event",
            ItemKind::Circle => "circle",
            ItemKind::Job => "job",
            ItemKind::AiTool => "AI tool",
            ItemKind::UseCase => "use case",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            ItemKind::Resource => "resources",
            ItemKind::User => "people",
            ItemKind::Event => "events",
            ItemKind::Circle => "circles",
            ItemKind::Job => "jobs",
            ItemKind::AiTool => "AI tools",
            ItemKind::UseCase => "use cases",
        }
    }
}

/// Words that name what is asked for rather than its subject; each is dropped from the
/// looked-up words and selects the kinds.
const KIND_WORDS: &[(&str, &[ItemKind])] = &[
    ("circle", &[ItemKind::Circle]),
    ("circles", &[ItemKind::Circle]),
    ("group", &[ItemKind::Circle]),
    ("groups", &[ItemKind::Circle]),
    ("cohort", &[ItemKind::Circle]),
    ("cohorts", &[ItemKind::Circle]),
    ("community", &[ItemKind::Circle]),
    ("communities", &[ItemKind::Circle]),
    ("event", &[ItemKind::Event]),
    ("events", &[ItemKind::Event]),
    ("webinar", &[ItemKind::Event]),
    ("webinars", &[ItemKind::Event]),
    ("meetup", &[ItemKind::Event]),
    ("meetups", &[ItemKind::Event]),
    ("job", &[ItemKind::Job]),
    ("jobs", &[ItemKind::Job]),
    ("vacancy", &[ItemKind::Job]),
    ("vacancies", &[ItemKind::Job]),
    ("opening", &[ItemKind::Job]),
    ("openings", &[ItemKind::Job]),
    ("position", &[ItemKind::Job]),
    ("positions", &[ItemKind::Job]),
    ("hiring", &[ItemKind::Job]),
    ("who", &[ItemKind::User]),
    ("whom", &[ItemKind::User]),
    ("people", &[ItemKind::User]),
    ("person", &[ItemKind::User]),
    ("someone", &[ItemKind::User]),
    ("somebody", &[ItemKind::User]),
    ("mentor", &[ItemKind::User]),
    ("mentors", &[ItemKind::User]),
    ("mentoring", &[ItemKind::User]),
    ("coach", &[ItemKind::User]),
    ("coaches", &[ItemKind::User]),
    ("expert", &[ItemKind::User]),
    ("experts", &[ItemKind::User]),
    ("members", &[ItemKind::User]),
    ("tool", &[ItemKind::AiTool]),
    ("tools", &[ItemKind::AiTool]),
    ("resource", &[ItemKind::Resource]),
    ("resources", &[ItemKind::Resource]),
    ("article", &[ItemKind::Resource]),
    ("articles", &[ItemKind::Resource]),
    ("guide", &[ItemKind::Resource]),
    ("guides", &[ItemKind::Resource]),
    ("usecase", &[ItemKind::UseCase]),
    ("usecases", &[ItemKind::UseCase]),
];

/// Words that carry no subject ("which … can teach me …").
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "after",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "become",
    "best",
    "but",
    "by",
    "can",
    "could",
    "do",
    "does",
    "find",
    "for",
    "from",
    "get",
    "give",
    "good",
    "have",
    "help",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "join",
    "just",
    "know",
    "learn",
    "learning",
    "like",
    "looking",
    "me",
    "more",
    "most",
    "my",
    "near",
    "need",
    "new",
    "next",
    "of",
    "on",
    "or",
    "other",
    "please",
    "recommend",
    "should",
    "show",
    "some",
    "start",
    "teach",
    "teaches",
    "tell",
    "than",
    "that",
    "the",
    "their",
    "them",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "up",
    "want",
    "was",
    "what",
    "when",
    "where",
    "which",
    "will",
    "with",
    "would",
    "you",
    "your",
];

/// At most this many words of a question are looked up.
pub const MAX_TERMS: usize = 6;

/// What a question asks for: the kinds it names (none: every kind) and the words to look
/// up, each as the prefix every form of the word starts with ("engineering" → "engin").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QuestionPlan {
    pub kinds: Vec<ItemKind>,
    /// Lower-cased prefixes (stems), at most [`MAX_TERMS`].
    pub terms: Vec<String>,
    /// The words as typed (lower-cased), for the answer's text.
    pub words: Vec<String>,
}

impl QuestionPlan {
    /// Whether the question named this kind (or no kind at all).
    pub fn asks_for(&self, kind: ItemKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }
}

/// The prefix shared by a word and its English stem: "studies" → "studi" → "stud", so a
/// prefix match finds "study" too.
pub fn stem(word: &str) -> String {
    let stemmer = Stemmer::create(Algorithm::English);
    let stemmed = stemmer.stem(word);
    let mut common: String = word.chars().zip(stemmed.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a).collect();
    // Snowball turns a final y into i ("study", "studies" → "studi"): without that i the
    // prefix also finds the -y form.
    if stemmed.ends_with('i') && !word.ends_with('i') && common.ends_with('i') && common.chars().count() > 3 {
        common.pop();
    }
    if common.chars().count() >= 3 {
        common
    } else {
        word.to_string()
    }
}

fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Reads a question (or topic names) into a [`QuestionPlan`].
pub fn plan(question: &str) -> QuestionPlan {
    let mut kinds = BTreeSet::new();
    let mut terms: Vec<String> = Vec::new();
    let mut words = Vec::new();
    let all = words_of(question);
    let mut i = 0;
    while i < all.len() {
        let word = all[i].as_str();
        // "use case(s)" is two words.
        if word == "use" && all.get(i + 1).is_some_and(|n| n == "case" || n == "cases") {
            kinds.insert(ItemKind::UseCase);
            i += 2;
            continue;
        }
        i += 1;
        if let Some((_, ks)) = KIND_WORDS.iter().find(|(w, _)| *w == word) {
            kinds.extend(ks.iter().copied());
            continue;
        }
        if STOP_WORDS.contains(&word) || word.chars().count() < 2 {
            continue;
        }
        let term = stem(word);
        if !terms.contains(&term) && terms.len() < MAX_TERMS {
            terms.push(term);
            words.push(word.to_string());
        }
    }
    QuestionPlan { kinds: kinds.into_iter().collect(), terms, words }
}

/// Which of `terms` start a word of `text` (indexes into `terms`).
pub fn matched_terms(terms: &[String], text: &str) -> Vec<usize> {
    let words = words_of(&crate::rich_text::plain_text(text));
    terms.iter().enumerate().filter(|(_, t)| words.iter().any(|w| w.starts_with(t.as_str()))).map(|(i, _)| i).collect()
}

/// What is known of one found item, for ranking it for the asker.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signals {
    /// Indexes of the question's terms the item's text holds.
    pub matched: Vec<usize>,
    /// How many terms the question had.
    pub terms: usize,
    /// The full-text relevance among its kind, scaled to 0..=1.
    pub relevance: f64,
    /// Topics (and skills) of the item the asker also has.
    pub shared_topics: Vec<String>,
    /// The item is in (or for) the asker's country.
    pub same_country: bool,
    /// The item is for the asker's career stage.
    pub same_stage: bool,
    /// The item is for the asker's professional field.
    pub same_field: bool,
    /// The question named the item's kind.
    pub kind_asked: bool,
}

/// What one shared topic adds to [`score`]; at most [`MAX_SCORED_TOPICS`] count.
pub const TOPIC_WEIGHT: f64 = 1.0;
pub const MAX_SCORED_TOPICS: usize = 3;
/// What the same country, career stage and professional field add to [`score`]. The
/// database ranks a group's recommended people with the same weights
/// (`store::queries::group_recommendations`), so its order is this score's.
pub const COUNTRY_WEIGHT: f64 = 1.5;
pub const STAGE_WEIGHT: f64 = 1.0;
pub const FIELD_WEIGHT: f64 = 1.0;

/// The rank of an item for the asker: first how much of the question it answers, then
/// whether it is of the kind asked for, then how well it fits the asker (shared topics,
/// country, stage, field), with the text relevance breaking ties.
pub fn score(s: &Signals) -> f64 {
    let coverage = if s.terms == 0 { 0.0 } else { s.matched.len() as f64 / s.terms as f64 };
    coverage * 10.0
        + if s.kind_asked { 4.0 } else { 0.0 }
        + s.shared_topics.len().min(MAX_SCORED_TOPICS) as f64 * TOPIC_WEIGHT
        + if s.same_country { COUNTRY_WEIGHT } else { 0.0 }
        + if s.same_stage { STAGE_WEIGHT } else { 0.0 }
        + if s.same_field { FIELD_WEIGHT } else { 0.0 }
        + s.relevance.clamp(0.0, 1.0) * 0.5
}

fn quoted_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

/// Why an item is recommended, in a short sentence: "Matches “prompt engineering”; shares
/// your interest in Generative AI; in your country."
pub fn reason(s: &Signals, words: &[String]) -> String {
    let mut parts = Vec::new();
    let matched: Vec<String> = s.matched.iter().filter_map(|i| words.get(*i)).cloned().collect();
    if !matched.is_empty() {
        parts.push(format!("Matches \u{201c}{}\u{201d}", matched.join(" ")));
    }
    if !s.shared_topics.is_empty() {
        let shown: Vec<String> = s.shared_topics.iter().take(3).cloned().collect();
        parts.push(format!("shares your interest in {}", quoted_list(&shown)));
    }
    if s.same_country {
        parts.push("in your country".into());
    }
    if s.same_stage {
        parts.push("for your career stage".into());
    }
    if s.same_field {
        parts.push("in your professional field".into());
    }
    if parts.is_empty() {
        return "Popular on this site".into();
    }
    let mut text = parts.join("; ");
    if let Some(first) = text.get(0..1) {
        text = first.to_uppercase() + &text[1..];
    }
    text + "."
}

/// One ranked item, as the answer names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub kind: ItemKind,
    pub name: String,
    pub reason: String,
}

/// The offline answer: what was found for the question and why, kind by kind, best first.
pub fn compose(plan: &QuestionPlan, items: &[Named]) -> String {
    let subject = if plan.words.is_empty() { None } else { Some(plan.words.join(" ")) };
    if items.is_empty() {
        let what = if plan.kinds.is_empty() {
            "anything".to_string()
        } else {
            quoted_list(&plan.kinds.iter().map(|k| k.plural().to_string()).collect::<Vec<_>>())
        };
        return match subject {
            Some(s) => format!(
                "I could not find {what} about \u{201c}{s}\u{201d} on this site yet. Try other words, or ask about a \
                 skill, a role or a topic you care about."
            ),
            None => "Ask me about a skill, a role or a topic, and I will point you to circles, events, resources, \
                     jobs and people on this site."
                .to_string(),
        };
    }
    let mut text = match &subject {
        Some(s) => format!("Here is what I found on this site for \u{201c}{s}\u{201d}.\n"),
        None => "Here is what I found on this site for you.\n".to_string(),
    };
    for item in items.iter().take(5) {
        text.push_str(&format!(
            "\n- The {} **{}**: {}",
            item.kind.singular(),
            item.name,
            lower_first(item.reason.trim_end_matches('.'))
        ));
    }
    text.push_str("\n\nOpen any of them below to learn more, or ask me a follow-up question.");
    text
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

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
    fn a_question_becomes_kinds_and_word_prefixes() {
        let p = plan("Which circles can teach me prompt engineering?");
        assert_eq!(p.kinds, vec![ItemKind::Circle]);
        assert_eq!(p.terms, vec!["prompt", "engin"]);
        assert_eq!(p.words, vec!["prompt", "engineering"]);

        let p = plan("jobs for a data analyst in Kenya");
        assert_eq!(p.kinds, vec![ItemKind::Job]);
        assert_eq!(p.terms, vec!["data", "analyst", "kenya"]);

        let p = plan("Who could mentor me in product management?");
        assert_eq!(p.kinds, vec![ItemKind::User]);
        assert_eq!(p.terms, vec!["product", "manag"]);

        let p = plan("Any use cases for marketing?");
        assert_eq!(p.kinds, vec![ItemKind::UseCase]);
        assert_eq!(p.terms, vec!["market"]);
        assert!(p.asks_for(ItemKind::UseCase) && !p.asks_for(ItemKind::Job));
        assert!(plan("hello").asks_for(ItemKind::Job));
    }

    #[test]
    fn hostile_or_empty_text_plans_nothing_searchable() {
        let p = plan("\"*-:&( ' OR 1=1 --");
        assert!(p.terms.iter().all(|t| t.chars().all(char::is_alphanumeric)));
        assert_eq!(plan("").terms, Vec::<String>::new());
        let long = "word ".repeat(100) + &"x".repeat(10_000);
        assert!(plan(&long).terms.len() <= MAX_TERMS);
    }

    #[test]
    fn stems_stay_prefixes_of_the_word() {
        assert_eq!(stem("studies"), "stud");
        assert_eq!(stem("management"), "manag");
        assert!("study".starts_with(&stem("studies")));
        assert_eq!(stem("ai"), "ai");
    }

    #[test]
    fn matching_terms_reads_word_starts_in_plain_text() {
        let terms = vec!["prompt".to_string(), "engin".to_string()];
        assert_eq!(matched_terms(&terms, "<p>Prompt <b>Engineering</b> Circle</p>"), vec![0, 1]);
        assert_eq!(matched_terms(&terms, "Reengineering"), Vec::<usize>::new());
    }

    #[test]
    fn answering_more_of_the_question_ranks_first_then_fit() {
        let full = Signals { matched: vec![0, 1], terms: 2, kind_asked: true, ..Default::default() };
        let half_but_fits = Signals {
            matched: vec![0],
            terms: 2,
            kind_asked: true,
            shared_topics: vec!["A".into(), "B".into()],
            same_country: true,
            ..Default::default()
        };
        assert!(score(&full) > score(&half_but_fits));
        let fits = Signals { same_country: true, ..half_but_fits.clone() };
        let other_kind = Signals { kind_asked: false, ..half_but_fits.clone() };
        assert!(score(&fits) > score(&other_kind));
    }

    #[test]
    fn reasons_name_what_matched_and_why() {
        let s = Signals {
            matched: vec![0, 1],
            terms: 2,
            shared_topics: vec!["Generative AI".into()],
            same_country: true,
            ..Default::default()
        };
        let words = vec!["prompt".to_string(), "engineering".to_string()];
        assert_eq!(
            reason(&s, &words),
            "Matches \u{201c}prompt engineering\u{201d}; shares your interest in Generative AI; in your country."
        );
        assert_eq!(reason(&Signals::default(), &words), "Popular on this site");
    }

    #[test]
    fn the_answer_names_the_items_or_says_nothing_was_found() {
        let p = plan("which circles teach prompt engineering");
        let text = compose(
            &p,
            &[Named {
                kind: ItemKind::Circle,
                name: "Prompt Lab".into(),
                reason: "Matches \u{201c}prompt\u{201d}.".into(),
            }],
        );
        assert!(text.contains("The circle **Prompt Lab**: matches \u{201c}prompt\u{201d}"));
        assert!(text.contains("\u{201c}prompt engineering\u{201d}"));
        let none = compose(&p, &[]);
        assert!(none.starts_with("I could not find circles about"));
    }

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
