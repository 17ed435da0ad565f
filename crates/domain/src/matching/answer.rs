//! The assistant's offline answer (issue 29, "The offline answer text is composed from what
//! was found and why, not one template"): an opening that says what was understood (kinds,
//! time, place, mentors), the items with their reasons, and a next step that depends on the
//! best one.

use chrono::NaiveDate;

use super::{
    intent::{Intent, Place},
    ItemKind,
};

/// One found item, as the answer names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub kind: ItemKind,
    pub name: String,
    pub reason: String,
    /// An event's first day, a job's close date.
    pub date: Option<NaiveDate>,
    pub location: Option<String>,
}

/// Items named in the text at most (the cards show them all).
pub const NAMED_ITEMS: usize = 5;

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

fn kinds_phrase(kinds: &[ItemKind]) -> String {
    list(&kinds.iter().map(|k| k.plural().to_string()).collect::<Vec<_>>())
}

/// "in Kenya", "near you in Kenya", "online".
fn place_phrase(place: Option<&Place>, asker_country: Option<&str>) -> Option<String> {
    match place? {
        Place::NearAsker => Some(match asker_country {
            Some(country) => format!("near you in {country}"),
            None => "near you".to_string(),
        }),
        Place::Country(country) => Some(format!("in {}", capitalize(country))),
        Place::Online => Some("online".to_string()),
    }
}

fn capitalize(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
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

fn opening(intent: &Intent, items: &[Named], asker_country: Option<&str>) -> String {
    let place = place_phrase(intent.place.as_ref(), asker_country);
    let kinds: Vec<ItemKind> = if intent.kinds.is_empty() {
        let mut seen: Vec<ItemKind> = Vec::new();
        for item in items {
            if !seen.contains(&item.kind) {
                seen.push(item.kind);
            }
        }
        seen
    } else {
        intent.kinds.clone()
    };
    if intent.mentor {
        return match &place {
            Some(place) => format!("These members {place} are further along and could mentor you:"),
            None => "These members are further along and could mentor you:".to_string(),
        };
    }
    let what = kinds_phrase(&kinds);
    match (intent.when, &place) {
        (Some(when), Some(place)) => format!("Here are the {what} {} {place}, best fit first:", when.phrase()),
        (Some(when), None) => format!("Here are the {what} {}, best fit first:", when.phrase()),
        (None, Some(place)) => format!("Here are {what} {place} that fit what you asked:"),
        (None, None) if intent.kinds.is_empty() && items.len() > 1 => {
            format!("For that, I would start with these {what} on this site:")
        }
        (None, None) => format!("These {what} fit what you asked:"),
    }
}

fn item_line(item: &Named) -> String {
    let mut detail = Vec::new();
    if let Some(date) = item.date {
        if item.kind == ItemKind::Event {
            detail.push(date.format("%-d %B").to_string());
        }
    }
    if let Some(location) = item.location.as_deref().filter(|l| !l.trim().is_empty()) {
        if matches!(item.kind, ItemKind::Event | ItemKind::Job | ItemKind::Circle) {
            detail.push(location.trim().to_string());
        }
    }
    let detail = if detail.is_empty() { String::new() } else { format!(" ({})", detail.join(", ")) };
    format!(
        "- The {} **{}**{detail}: {}",
        item.kind.singular(),
        item.name,
        lower_first(item.reason.trim_end_matches('.'))
    )
}

fn next_step(best: &Named) -> String {
    let name = &best.name;
    match best.kind {
        ItemKind::Circle => {
            format!("A good first step is to join **{name}**: you learn alongside peers, with a leader.")
        }
        ItemKind::Event => {
            format!("Register for **{name}** while there are places, and say hello to the people there.")
        }
        ItemKind::Job => match best.date {
            Some(date) => format!(
                "Read the requirements of **{name}** and apply before {}: a short note on why you fit goes a long way.",
                date.format("%-d %B")
            ),
            None => format!("Read the requirements of **{name}** and apply with a short note on why you fit."),
        },
        ItemKind::User => {
            format!("Open **{name}**'s profile and send a short message saying what you would like to learn from them.")
        }
        ItemKind::Resource | ItemKind::Prompt | ItemKind::CareerTip => {
            format!("Start with **{name}**: it takes a few minutes and gives you words for the next conversation.")
        }
        ItemKind::UseCase => format!("Read how **{name}** is done, then try it on one task from your own week."),
        ItemKind::AiTool => format!("Try **{name}** on one small task from your week and see what it saves you."),
    }
}

/// What to say when nothing fits.
fn nothing_found(intent: &Intent, asker_country: Option<&str>) -> String {
    let place = place_phrase(intent.place.as_ref(), asker_country);
    let what = if intent.kinds.is_empty() { "anything".to_string() } else { kinds_phrase(&intent.kinds) };
    let when = intent.when.map(|w| format!(" {}", w.phrase())).unwrap_or_default();
    let place = place.map(|p| format!(" {p}")).unwrap_or_default();
    if intent.has_subject() {
        let verb = if intent.kinds.is_empty() { "fits" } else { "fit" };
        format!(
            "I could not find {what}{when}{place} on this site that {verb} what you asked yet. Try telling me the skill, \
             the role or the kind of help you are after, and I will look again."
        )
    } else if intent.when.is_some() || !place.is_empty() {
        format!("There are no {what}{when}{place} on this site right now. Ask me about a topic and I will look wider.")
    } else {
        "Ask me about a skill, a role or a topic, and I will point you to circles, events, resources, jobs and people \
         on this site."
            .to_string()
    }
}

/// The offline answer to a question, from what was found (best first).
pub fn compose(intent: &Intent, items: &[Named], asker_country: Option<&str>) -> String {
    let Some(best) = items.first() else { return nothing_found(intent, asker_country) };
    let mut text = opening(intent, items, asker_country);
    text.push('\n');
    for item in items.iter().take(NAMED_ITEMS) {
        text.push('\n');
        text.push_str(&item_line(item));
    }
    text.push_str("\n\n");
    text.push_str(&next_step(best));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::intent::{parse, When};

    fn no_country(_: &str) -> Option<String> {
        None
    }

    fn named(kind: ItemKind, name: &str) -> Named {
        Named { kind, name: name.into(), reason: "Shares your interest in SQL.".into(), date: None, location: None }
    }

    #[test]
    fn upcoming_events_near_the_asker_are_said_so() {
        let intent = parse("What career events are coming up near me?", &no_country);
        let mut event = named(ItemKind::Event, "Nairobi Careers Fair");
        event.date = NaiveDate::from_ymd_opt(2026, 12, 12);
        event.location = Some("Nairobi".into());
        let text = compose(&intent, &[event], Some("Kenya"));
        assert!(text.starts_with("Here are the events coming up near you in Kenya, best fit first:"), "{text}");
        assert!(
            text.contains("- The event **Nairobi Careers Fair** (12 December, Nairobi): shares your interest in SQL")
        );
        assert!(text.contains("Register for **Nairobi Careers Fair**"));
    }

    #[test]
    fn answers_differ_with_what_was_asked_and_found() {
        let mentors = compose(
            &parse("Who could mentor me in product management?", &no_country),
            &[named(ItemKind::User, "Ana Pérez")],
            None,
        );
        assert!(mentors.starts_with("These members are further along and could mentor you:"));
        assert!(mentors.contains("Open **Ana Pérez**'s profile"));
        let mixed = compose(
            &parse("How do I ask for a promotion or a raise?", &no_country),
            &[named(ItemKind::Resource, "Negotiating Your Worth"), named(ItemKind::Event, "Pay Talk")],
            None,
        );
        assert!(mixed.starts_with("For that, I would start with these resources and events on this site:"), "{mixed}");
        assert!(mixed.contains("Start with **Negotiating Your Worth**"));
        assert_ne!(mentors.lines().last(), mixed.lines().last());
    }

    #[test]
    fn nothing_found_says_what_was_looked_for() {
        let mut intent = parse("events", &no_country);
        intent.when = Some(When::ThisWeek);
        intent.place = Some(Place::Country("kenya".into()));
        assert_eq!(compose(&intent, &[], None), "There are no events this week in Kenya on this site right now. Ask me about a topic and I will look wider.");
        let text = compose(&parse("Which circles teach welding?", &no_country), &[], None);
        assert!(text.starts_with("I could not find circles on this site that fit what you asked yet."), "{text}");
        assert!(compose(&parse("hello", &no_country), &[], None).starts_with("I could not find anything"));
        assert!(compose(&parse("", &no_country), &[], None).starts_with("Ask me about a skill"));
    }
}
