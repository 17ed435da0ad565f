//! Words as the engine compares them: lower-cased, stop words dropped, reduced to their
//! English stem ("negotiating", "negotiation" → "negoti"), so a question and an item share a
//! term when they share a word in any of its forms. Next to meaning, shared rare terms
//! (a skill's name, "Kubernetes") are a signal of their own; without a model they are the
//! similarity.

use std::collections::HashSet;

use rust_stemmers::{Algorithm, Stemmer};

/// Words that carry no subject.
pub const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "being", "but",
    "by", "can", "could", "did", "do", "does", "doing", "for", "from", "get", "getting", "give", "go", "going", "good",
    "had", "has", "have", "having", "he", "her", "here", "him", "his", "how", "i", "if", "im", "in", "into", "is",
    "it", "its", "just", "like", "me", "might", "more", "most", "much", "must", "my", "myself", "no", "not", "now",
    "of", "off", "on", "once", "only", "or", "other", "our", "out", "over", "own", "please", "same", "she", "should",
    "so", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "us", "very", "want", "wants", "was", "we", "were", "what", "when",
    "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "i'm", "i've",
    "ive", "dont", "don't", "know", "need", "needs", "really", "still", "way", "ways", "make", "there's",
];

/// Words about careers in general: every item of a career site is about them, so they tell
/// nothing about which one fits.
pub const GENERIC_WORDS: &[&str] = &[
    "career",
    "careers",
    "opportunity",
    "opportunities",
    "thing",
    "things",
    "something",
    "anything",
    "stuff",
    "help",
    "helps",
    "advice",
    "site",
    "platform",
    "recommend",
    "recommendation",
    "recommendations",
    "suggest",
    "suggestion",
    "suggestions",
    "option",
    "options",
    "idea",
    "ideas",
    "happening",
    "available",
    "find",
    "show",
    "tell",
    "look",
    "looking",
    "best",
    "good",
    "great",
    "new",
    "start",
    "started",
    "around",
    "near",
    "nearby",
    "local",
    "upcoming",
    "coming",
    "soon",
    "next",
    "week",
    "weeks",
    "month",
    "months",
    "today",
    "tomorrow",
    "year",
    "there",
    "any",
    "someone",
    "somebody",
    "people",
    "person",
    "where",
    "join",
    "attend",
    "learn",
    "learning",
];

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_start_matches(['+', '#']).to_lowercase())
        .filter(|w| !w.is_empty())
}

/// The English stem of a lower-cased word.
pub fn stem(word: &str) -> String {
    thread_local! {
        static STEMMER: Stemmer = Stemmer::create(Algorithm::English);
    }
    STEMMER.with(|s| s.stem(word).into_owned())
}

pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

pub fn is_generic(word: &str) -> bool {
    GENERIC_WORDS.contains(&word)
}

/// The distinct stems of `text`'s words that carry a subject, in order, at most `limit`.
pub fn terms(text: &str, limit: usize) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for word in words(text) {
        if out.len() >= limit {
            break;
        }
        if is_stop_word(&word) || word.chars().count() < 2 || word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let term = stem(&word);
        if seen.insert(term.clone()) {
            out.push(term);
        }
    }
    out
}

/// [`terms`] without the words every career item shares ([`GENERIC_WORDS`]): what a
/// question is about.
pub fn subject_terms(text: &str, limit: usize) -> Vec<String> {
    let generic: HashSet<String> = GENERIC_WORDS.iter().map(|w| stem(w)).collect();
    terms(text, limit + GENERIC_WORDS.len()).into_iter().filter(|t| !generic.contains(t)).take(limit).collect()
}

/// How much of the query an item's terms cover, weighting each query term by how rare it is
/// (`idf`): 1 when every term is there, 0 when none is.
pub fn coverage(query: &[String], item: &[String], idf: impl Fn(&str) -> f32) -> f32 {
    let mut total = 0.0;
    let mut found = 0.0;
    for term in query {
        let weight = idf(term);
        total += weight;
        if item.iter().any(|t| t == term) {
            found += weight;
        }
    }
    if total > 0.0 {
        found / total
    } else {
        0.0
    }
}

/// The inverse document frequency of a term found in `df` of `n` documents.
pub fn idf(df: usize, n: usize) -> f32 {
    ((1.0 + n as f32) / (1.0 + df as f32)).ln() + 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_forms_share_a_stem_and_stop_words_go() {
        assert_eq!(
            terms("Negotiating your salary", 10),
            terms("salary negotiation", 10).into_iter().rev().collect::<Vec<_>>()
        );
        assert_eq!(terms("How do I get a job in the UK?", 10), vec!["job", "uk"]);
        assert_eq!(terms("C++ and C# for data", 10), vec!["c++", "c#", "data"]);
        assert!(terms(&"word ".repeat(500), 8).len() <= 8);
        assert!(terms("\"*-:&( ' OR 1=1 --", 10).iter().all(|t| t.chars().all(char::is_alphanumeric)));
    }

    #[test]
    fn subject_terms_leave_out_what_every_career_item_is_about() {
        assert!(subject_terms("What career events are coming up near me?", 10).iter().all(|t| t == "event"));
        assert_eq!(subject_terms("career advice for nurses", 10), vec!["nurs"]);
    }

    #[test]
    fn coverage_weights_rare_terms_more() {
        let query = vec!["kubernet".to_string(), "job".to_string()];
        let weight = |t: &str| if t == "kubernet" { 4.0 } else { 1.0 };
        let with_rare = coverage(&query, &["kubernet".into()], weight);
        let with_common = coverage(&query, &["job".into()], weight);
        assert!(with_rare > with_common);
        assert_eq!(coverage(&query, &query, weight), 1.0);
        assert_eq!(coverage(&[], &query, weight), 0.0);
        assert!(idf(1, 1000) > idf(500, 1000));
    }
}
