//! Why an item is offered, in a sentence a person understands: "You want to move into data
//! science; this circle covers Python and Statistics", "Shares your skills SQL and Tableau;
//! in your country". Built from the signals that ranked it, strongest first; never a quote
//! of the words that happened to match.

use chrono::NaiveDate;

use super::{rank::Signals, ItemKind, ItemMeta};

/// What the sentence may say about the member.
#[derive(Debug, Clone, Default)]
pub struct MemberWords<'a> {
    /// Their goal as they wrote it ("move from business analysis into data science").
    pub goal: Option<&'a str>,
    /// Their job title.
    pub title: Option<&'a str>,
}

/// A cosine from which the meaning is worth naming.
const NAMED_COSINE: f32 = 0.3;
/// A cosine with the member's goal from which the goal is named as the reason: higher than
/// for a profile, since every career item is somewhat close to any career goal.
const GOAL_NAMED: f32 = 0.42;
/// Parts of a reason at most.
const MAX_PARTS: usize = 3;

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

/// The goal as the end of "You want to …": "I want to move into X." → "move into X".
pub fn goal_phrase(goal: &str) -> String {
    let mut text =
        goal.split(['\n', '.', '!', '?', ';']).map(str::trim).find(|s| !s.is_empty()).unwrap_or("").to_string();
    let lower = text.to_lowercase();
    for prefix in [
        "i would like to ",
        "i'd like to ",
        "i want to ",
        "i hope to ",
        "i plan to ",
        "i aim to ",
        "my goal is to ",
        "my goal is ",
        "goal: ",
        "to ",
    ] {
        if lower.starts_with(prefix) {
            text = text[prefix.len()..].to_string();
            break;
        }
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for w in words {
        if out.chars().count() + w.chars().count() > 80 {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    let mut chars = out.chars();
    match chars.next() {
        // Lower-case the first letter unless it starts a name or an acronym ("UX", "Python").
        Some(c) if c.is_uppercase() && !chars.clone().next().is_some_and(char::is_uppercase) && !is_proper(&out) => {
            c.to_lowercase().collect::<String>() + chars.as_str()
        }
        _ => out,
    }
}

fn is_proper(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    ["Python", "Excel", "SQL", "AI", "Java", "JavaScript", "Google", "AWS", "Azure"].contains(&first)
}

/// What the item is about, for "this circle covers …".
fn about(kind: ItemKind, meta: &ItemMeta) -> Option<String> {
    let topics: Vec<String> = meta.topics.iter().take(2).cloned().collect();
    if !topics.is_empty() && kind != ItemKind::User {
        return Some(format!("covers {}", list(&topics)));
    }
    if kind == ItemKind::User {
        return meta.title.as_ref().map(|t| format!("works as {t}"));
    }
    let about = meta.about.trim().trim_end_matches('.');
    if about.is_empty() {
        None
    } else if reads_as_a_subject(about) {
        Some(format!("is about {}", lower_first(about)))
    } else {
        // "Ask someone you trust…" is no subject: "is about ask someone" would misquote it.
        Some(format!("is described as “{about}”"))
    }
}

/// Whether a description's start can follow "is about": it opens with an article, a question
/// word or a gerund ("A circle for…", "How to…", "Learning SQL…"), not an instruction.
fn reads_as_a_subject(text: &str) -> bool {
    const OPENERS: [&str; 10] = ["a", "an", "the", "how", "what", "why", "when", "where", "which", "who"];
    let first = text.split_whitespace().next().unwrap_or("").to_lowercase();
    let first = first.trim_matches(|c: char| !c.is_alphanumeric());
    OPENERS.contains(&first) || (first.len() > 4 && first.ends_with("ing"))
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if !chars.clone().next().is_some_and(char::is_uppercase) => {
            c.to_lowercase().collect::<String>() + chars.as_str()
        }
        Some(c) => c.to_string() + chars.as_str(),
        None => String::new(),
    }
}

fn short_date(date: NaiveDate) -> String {
    date.format("%-d %b").to_string()
}

fn fit_parts(kind: ItemKind, meta: &ItemMeta, s: &Signals, today: NaiveDate) -> Vec<String> {
    let mut parts = Vec::new();
    let shared: Vec<String> = s.fit.shared_topics.iter().take(3).cloned().collect();
    if !shared.is_empty() {
        let what = if kind == ItemKind::Job { "your skills" } else { "your interest in" };
        parts.push(if kind == ItemKind::Job {
            format!("asks for {what} {}", list(&shared))
        } else {
            format!("shares {what} {}", list(&shared))
        });
    }
    if s.fit.peers_joined > 0 {
        let n = s.fit.peers_joined;
        parts.push(if n == 1 {
            "a member with a profile like yours joined".to_string()
        } else {
            format!("{n} members with profiles like yours joined")
        });
    }
    if s.fit.same_country {
        parts.push(match &meta.location {
            Some(place) if !place.trim().is_empty() && kind != ItemKind::User => {
                format!("in {}, in your country", place.trim())
            }
            _ => "in your country".to_string(),
        });
    }
    if s.fit.same_stage {
        parts.push(if kind == ItemKind::User { "at your career stage".into() } else { "for your career stage".into() });
    }
    if s.fit.same_field {
        parts.push("in your field".into());
    }
    if let Some(date) = when_part(kind, meta, today) {
        parts.push(date);
    }
    parts
}

fn when_part(kind: ItemKind, meta: &ItemMeta, today: NaiveDate) -> Option<String> {
    match kind {
        ItemKind::Event => meta.starts_on.filter(|d| *d >= today).map(|d| format!("starts {}", short_date(d))),
        ItemKind::Job => meta
            .closes_on
            .filter(|d| *d >= today && (*d - today).num_days() <= 30)
            .map(|d| format!("applications close {}", short_date(d))),
        _ => None,
    }
}

fn sentence(parts: Vec<String>) -> String {
    let parts: Vec<String> = parts.into_iter().filter(|p| !p.is_empty()).take(MAX_PARTS).collect();
    if parts.is_empty() {
        return "Popular on this site.".into();
    }
    let text = parts.join("; ");
    let mut chars = text.chars();
    let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

/// Why an item is recommended to a member.
pub fn recommendation(
    kind: ItemKind,
    meta: &ItemMeta,
    s: &Signals,
    member: &MemberWords<'_>,
    today: NaiveDate,
) -> String {
    let mut parts = Vec::new();
    let goal_leads = s.goal.is_some_and(|g| g >= GOAL_NAMED);
    match (member.goal, goal_leads, about(kind, meta)) {
        (Some(goal), true, Some(about)) => {
            parts.push(format!("You want to {}; this {} {about}", goal_phrase(goal), kind.singular()))
        }
        (Some(goal), true, None) => parts.push(format!("Fits your goal to {}", goal_phrase(goal))),
        _ => {
            if s.member.is_some_and(|m| m >= NAMED_COSINE) {
                match (kind, meta.title.as_deref(), member.title) {
                    (ItemKind::User, Some(theirs), _) => {
                        parts.push(format!("Works as {theirs}, close to your own path"))
                    }
                    (_, _, Some(title)) => {
                        if let Some(about) = about(kind, meta) {
                            parts.push(format!("Close to your work as {title}: this {} {about}", kind.singular()))
                        } else {
                            parts.push(format!("Close to your work as {title}"))
                        }
                    }
                    _ => {
                        if let Some(about) = about(kind, meta) {
                            parts.push(format!("Fits your profile: this {} {about}", kind.singular()))
                        }
                    }
                }
            }
        }
    }
    parts.extend(fit_parts(kind, meta, s, today));
    sentence(parts)
}

/// Why an item answers a question.
pub fn answer(kind: ItemKind, meta: &ItemMeta, s: &Signals, member: &MemberWords<'_>, today: NaiveDate) -> String {
    let mut parts = Vec::new();
    if s.stage_lead.is_some_and(|lead| lead > 0) {
        parts.push(match meta.title.as_deref() {
            Some(title) => format!("Further along as {title}: could mentor you"),
            None => "Further along in their career: could mentor you".into(),
        });
    } else if let Some(about) = about(kind, meta) {
        parts.push(format!("This {} {about}", kind.singular()));
    }
    if member.goal.is_some() && s.goal.is_some_and(|g| g >= GOAL_NAMED) {
        parts.push(format!("fits your goal to {}", goal_phrase(member.goal.unwrap_or_default())));
    }
    parts.extend(fit_parts(kind, meta, s, today));
    sentence(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::rank::Fit;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap()
    }

    #[test]
    fn a_goal_that_leads_is_named_with_what_the_item_covers() {
        let meta = ItemMeta { topics: vec!["Python".into(), "Statistics".into()], ..Default::default() };
        let s = Signals { member: Some(0.5), goal: Some(0.55), ..Default::default() };
        let member =
            MemberWords { goal: Some("I want to move from business analysis into data science."), title: None };
        assert_eq!(
            recommendation(ItemKind::Circle, &meta, &s, &member, today()),
            "You want to move from business analysis into data science; this circle covers Python and Statistics."
        );
    }

    #[test]
    fn a_description_is_said_to_be_about_only_when_it_opens_as_a_subject() {
        let s = Signals::default();
        let member = MemberWords { goal: None, title: None };
        let says = |about: &str| {
            let meta = ItemMeta { about: about.into(), ..Default::default() };
            answer(ItemKind::Resource, &meta, &s, &member, today())
        };
        assert_eq!(says("A guide to salary talks."), "This resource is about a guide to salary talks.");
        assert_eq!(
            says("Negotiating a raise, step by step."),
            "This resource is about negotiating a raise, step by step."
        );
        assert_eq!(
            says("Ask someone you trust to read your CV."),
            "This resource is described as “Ask someone you trust to read your CV”."
        );
    }

    #[test]
    fn shared_skills_country_and_dates_are_named_never_matched_words() {
        let meta = ItemMeta {
            location: Some("Nairobi".into()),
            starts_on: Some(today() + chrono::Days::new(14)),
            ..Default::default()
        };
        let s = Signals {
            fit: Fit { shared_topics: vec!["SQL".into(), "Tableau".into()], same_country: true, ..Default::default() },
            ..Default::default()
        };
        let text = recommendation(ItemKind::Event, &meta, &s, &MemberWords::default(), today());
        assert_eq!(text, "Shares your interest in SQL and Tableau; in Nairobi, in your country; starts 12 Dec.");
        assert!(!text.contains("Matches"));
        let job = recommendation(ItemKind::Job, &ItemMeta::default(), &s, &MemberWords::default(), today());
        assert!(job.starts_with("Asks for your skills SQL and Tableau"), "{job}");
        assert_eq!(
            recommendation(ItemKind::Job, &ItemMeta::default(), &Signals::default(), &MemberWords::default(), today()),
            "Popular on this site."
        );
    }

    #[test]
    fn mentors_are_said_to_be_further_along() {
        let meta = ItemMeta { title: Some("Head of Product".into()), ..Default::default() };
        let s = Signals { question: Some(0.5), stage_lead: Some(2), ..Default::default() };
        assert!(answer(ItemKind::User, &meta, &s, &MemberWords::default(), today())
            .starts_with("Further along as Head of Product: could mentor you"));
    }

    #[test]
    fn goals_are_shortened_to_what_follows_you_want_to() {
        assert_eq!(goal_phrase("My goal is to become a UX designer. I teach now."), "become a UX designer");
        assert_eq!(goal_phrase("Move into product management"), "move into product management");
        assert_eq!(goal_phrase("UX research"), "UX research");
        assert!(goal_phrase(&"long ".repeat(100)).chars().count() <= 80);
    }
}
