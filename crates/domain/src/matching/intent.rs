//! What a question asks for (issue 29, "Intent"): the kinds of item it names (circles,
//! events, jobs, people or mentors, resources, prompts, tips, use cases, AI tools), when
//! ("upcoming", "this month"), where ("near me" is the asker's country, "in Kenya" a named
//! one, "online") and what it is about: the question without those phrases, which is what is
//! compared by meaning. "What career events are coming up near me?" asks for events, from
//! today, in the asker's country, about nothing in particular.

use chrono::{Datelike, Days, Months, NaiveDate};

use super::{lexical, ItemKind};

/// When the asker wants it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Upcoming,
    Today,
    Tomorrow,
    ThisWeek,
    ThisWeekend,
    NextWeek,
    ThisMonth,
    NextMonth,
}

impl When {
    /// The first and last day (inclusive; none: open-ended) of the window, from `today`.
    pub fn window(self, today: NaiveDate) -> (NaiveDate, Option<NaiveDate>) {
        let add = |d: NaiveDate, n: u64| d.checked_add_days(Days::new(n)).unwrap_or(d);
        let days_to_sunday = 6 - today.weekday().num_days_from_monday() as u64;
        let end_of_week = add(today, days_to_sunday);
        let first_of_month = today.with_day(1).unwrap_or(today);
        let first_of_next = first_of_month.checked_add_months(Months::new(1)).unwrap_or(today);
        let first_after_next = first_of_month.checked_add_months(Months::new(2)).unwrap_or(today);
        let day_before = |d: NaiveDate| d.pred_opt().unwrap_or(d);
        match self {
            When::Upcoming => (today, None),
            When::Today => (today, Some(today)),
            When::Tomorrow => (add(today, 1), Some(add(today, 1))),
            When::ThisWeek => (today, Some(end_of_week)),
            When::ThisWeekend => {
                let saturday = end_of_week.pred_opt().unwrap_or(today);
                (saturday.max(today), Some(end_of_week))
            }
            When::NextWeek => (add(end_of_week, 1), Some(add(end_of_week, 7))),
            // Near a month's end, "this month" means the coming weeks.
            When::ThisMonth => (today, Some(day_before(first_of_next).max(add(today, 21)))),
            When::NextMonth => (first_of_next, Some(day_before(first_after_next))),
        }
    }

    /// How an answer says it: "coming up", "this month".
    pub fn phrase(self) -> &'static str {
        match self {
            When::Upcoming => "coming up",
            When::Today => "today",
            When::Tomorrow => "tomorrow",
            When::ThisWeek => "this week",
            When::ThisWeekend => "this weekend",
            When::NextWeek => "next week",
            When::ThisMonth => "this month",
            When::NextMonth => "next month",
        }
    }
}

/// Where the asker wants it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// "near me", "in my country": the asker's country.
    NearAsker,
    /// A country the question names (canonical, lower-cased).
    Country(String),
    /// "online", "remote".
    Online,
}

/// A question read into what it asks for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Intent {
    /// The kinds the question names (none: any kind).
    pub kinds: Vec<ItemKind>,
    pub when: Option<When>,
    pub place: Option<Place>,
    /// Asked for a mentor or coach: people further along rank first.
    pub mentor: bool,
    /// Kinds the question leans to without asking for them only ("how are nurses using
    /// AI?" leans to use cases): they rank a little higher.
    pub leans_to: Vec<ItemKind>,
    /// The question without its intent phrases, to compare by meaning; empty when nothing
    /// but intent and general career words is left ("What career events are coming up?").
    pub subject: String,
    /// The subject's word stems ([`lexical::subject_terms`]).
    pub terms: Vec<String>,
}

impl Intent {
    /// Whether the question named this kind (or no kind at all).
    pub fn asks_for(&self, kind: ItemKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }

    /// Whether anything is left to compare by meaning.
    pub fn has_subject(&self) -> bool {
        !self.subject.is_empty()
    }
}

/// Stems of a question's subject read, at most.
pub const MAX_TERMS: usize = 12;
/// The longest question read (characters); the rest is ignored.
pub const MAX_QUESTION_CHARS: usize = 2000;

/// Words naming a kind. `true`: the word is only the kind and leaves the subject ("events");
/// `false`: it says what the item is about too and stays ("internship", "workshop").
const KIND_WORDS: &[(&str, ItemKind, bool)] = &[
    ("circle", ItemKind::Circle, true),
    ("circles", ItemKind::Circle, true),
    ("cohort", ItemKind::Circle, true),
    ("cohorts", ItemKind::Circle, true),
    ("group", ItemKind::Circle, true),
    ("groups", ItemKind::Circle, true),
    ("community", ItemKind::Circle, true),
    ("communities", ItemKind::Circle, true),
    ("course", ItemKind::Circle, false),
    ("courses", ItemKind::Circle, false),
    ("program", ItemKind::Circle, false),
    ("programs", ItemKind::Circle, false),
    ("programme", ItemKind::Circle, false),
    ("programmes", ItemKind::Circle, false),
    ("bootcamp", ItemKind::Circle, false),
    ("bootcamps", ItemKind::Circle, false),
    ("class", ItemKind::Circle, false),
    ("classes", ItemKind::Circle, false),
    ("event", ItemKind::Event, true),
    ("events", ItemKind::Event, true),
    ("webinar", ItemKind::Event, false),
    ("webinars", ItemKind::Event, false),
    ("meetup", ItemKind::Event, false),
    ("meetups", ItemKind::Event, false),
    ("workshop", ItemKind::Event, false),
    ("workshops", ItemKind::Event, false),
    ("conference", ItemKind::Event, false),
    ("conferences", ItemKind::Event, false),
    ("hackathon", ItemKind::Event, false),
    ("hackathons", ItemKind::Event, false),
    ("sessions", ItemKind::Event, false),
    ("talks", ItemKind::Event, false),
    ("panels", ItemKind::Event, false),
    ("fairs", ItemKind::Event, false),
    ("fair", ItemKind::Event, false),
    ("clinic", ItemKind::Event, false),
    ("clinics", ItemKind::Event, false),
    ("job", ItemKind::Job, true),
    ("jobs", ItemKind::Job, true),
    ("vacancy", ItemKind::Job, true),
    ("vacancies", ItemKind::Job, true),
    ("opening", ItemKind::Job, true),
    ("openings", ItemKind::Job, true),
    ("position", ItemKind::Job, true),
    ("positions", ItemKind::Job, true),
    ("hiring", ItemKind::Job, true),
    ("internship", ItemKind::Job, false),
    ("internships", ItemKind::Job, false),
    ("experts", ItemKind::User, false),
    ("expert", ItemKind::User, false),
    ("tool", ItemKind::AiTool, true),
    ("tools", ItemKind::AiTool, true),
    ("app", ItemKind::AiTool, true),
    ("apps", ItemKind::AiTool, true),
    ("resource", ItemKind::Resource, true),
    ("resources", ItemKind::Resource, true),
    ("article", ItemKind::Resource, true),
    ("articles", ItemKind::Resource, true),
    ("guides", ItemKind::Resource, true),
    ("reading", ItemKind::Resource, true),
    ("read", ItemKind::Resource, true),
    ("tutorial", ItemKind::Resource, false),
    ("tutorials", ItemKind::Resource, false),
    ("prompts", ItemKind::Prompt, false),
    ("tips", ItemKind::CareerTip, true),
    ("usecase", ItemKind::UseCase, true),
    ("usecases", ItemKind::UseCase, true),
];

/// Words asking for people, when nothing else is asked for ("people who…" often says who
/// an item is for: "events for people working in product").
const PEOPLE_WORDS: &[&str] = &["people", "person", "someone", "somebody", "members", "peers"];

/// A singular kind word asks for that kind after one of these ("a job", "any circle"), not
/// in "my job", "for a new job", "each job"; so does a people word ("show me people").
const ASKING_BEFORE: &[&str] = &["a", "an", "any", "which", "what", "some", "find", "need", "good", "me", "us"];

/// Words of looking for something: "looking for data jobs" asks for jobs where
/// "undercharge for bathroom jobs" does not.
const SEEKING_WORDS: &[&str] = &[
    "looking",
    "look",
    "search",
    "searching",
    "hunting",
    "hunt",
    "apply",
    "applying",
    "find",
    "finding",
    "land",
    "recommend",
    "suggest",
    "show",
    "list",
];

/// A mentor word after one of these and an article is who the question is about, not who
/// it asks for: "what should a mentor do", "as a mentor", "I'm a mentor".
const ROLE_BEFORE: &[&str] =
    &["should", "does", "do", "can", "could", "would", "will", "must", "as", "am", "im", "i'm", "be", "being"];

/// "How are accountants using AI?": the question is about use cases, without naming them.
const USE_CASE_PHRASES: &[&[&str]] = &[&["using", "ai"], &["use", "ai"], &["uses", "ai"], &["ai", "at", "work"]];

/// Words of learning: the question leans to circles and resources.
const LEARNING_WORDS: &[&str] = &["study", "learn", "learning", "course", "courses", "training", "teach", "upskill"];

/// Words asking for someone to learn from: people, further along.
const MENTOR_WORDS: &[&str] =
    &["mentor", "mentors", "mentoring", "mentorship", "coach", "coaches", "advisor", "advisors", "adviser"];

/// Time phrases, longest first.
const WHEN_PHRASES: &[(&[&str], When)] = &[
    (&["in", "the", "coming", "weeks"], When::Upcoming),
    (&["later", "this", "month"], When::ThisMonth),
    (&["this", "weekend"], When::ThisWeekend),
    (&["this", "week"], When::ThisWeek),
    (&["next", "week"], When::NextWeek),
    (&["this", "month"], When::ThisMonth),
    (&["next", "month"], When::NextMonth),
    (&["coming", "up"], When::Upcoming),
    (&["upcoming"], When::Upcoming),
    (&["soon"], When::Upcoming),
    (&["happening"], When::Upcoming),
    (&["today"], When::Today),
    (&["tonight"], When::Today),
    (&["tomorrow"], When::Tomorrow),
];

const NEAR_PHRASES: &[&[&str]] = &[
    &["near", "where", "i", "live"],
    &["in", "my", "country"],
    &["in", "my", "city"],
    &["in", "my", "area"],
    &["in", "my", "region"],
    &["close", "to", "me"],
    &["near", "me"],
    &["around", "me"],
    &["nearby"],
    &["locally"],
    &["local"],
    // "How do I get my degree recognised here?": where the asker lives.
    &["here"],
];

const ONLINE_WORDS: &[&str] = &["online", "remote", "remotely", "virtual", "virtually"];

/// Words after which a place may be named.
const PLACE_PREPOSITIONS: &[&str] = &["in", "near", "around", "from"];

/// Words telling that a place named after them is where the asker was, not where they want
/// something: "I was a civil engineer in Syria", "I trained in Ukraine".
const PAST_WORDS: &[&str] = &[
    "was",
    "were",
    "worked",
    "used",
    "grew",
    "born",
    "moved",
    "came",
    "relocated",
    "originally",
    "previously",
    "trained",
    "qualified",
    "studied",
    "left",
    "fled",
];

/// Before "from", these say where the asker comes from: "I'm a pharmacist from Ukraine".
const FROM_WORDS: &[&str] = &["i'm", "im", "am", "come", "comes", "we're", "are"];

/// Words that turn a clause to what the asker wants: a place after them is wanted again.
const WANTING_WORDS: &[&str] = &["want", "wants", "looking", "need", "find", "and", "but", "now"];

/// Whether a place named after the preposition at `at` is where the asker was or comes
/// from: a past or origin word earlier in the same clause.
fn names_an_origin(lower: &[String], sentence_start: usize, at: usize) -> bool {
    let clause = &lower[sentence_start..at];
    let since_wanting = clause.iter().rposition(|w| WANTING_WORDS.contains(&w.as_str())).map_or(0, |p| p + 1);
    let clause = &clause[since_wanting..];
    clause.iter().any(|w| PAST_WORDS.contains(&w.as_str()))
        || (lower[at] == "from" && clause.iter().any(|w| FROM_WORDS.contains(&w.as_str())))
}

fn matches_at(tokens: &[String], at: usize, phrase: &[&str]) -> bool {
    phrase.iter().enumerate().all(|(k, w)| tokens.get(at + k).is_some_and(|t| t == w))
}

/// Whether a plural kind word at `at` asks for its kind. After a describing word it may say
/// what the asker does instead ("undercharge for bathroom jobs", "to manage building jobs"):
/// the words before the describing ones tell. Up to three describing words are stepped over;
/// what comes before them asks unless it is "for" or "to" after a word that is not seeking.
fn plural_asks(lower: &[String], at: usize) -> bool {
    let describing = |w: &str| !w.is_empty() && !lexical::is_stop_word(w) && !ASKING_BEFORE.contains(&w);
    let mut j = at;
    while j > 0 && at - j < 3 && describing(&lower[j - 1]) && !SEEKING_WORDS.contains(&lower[j - 1].as_str()) {
        j -= 1;
    }
    if j == at || j == 0 {
        return true;
    }
    let before = lower[j - 1].as_str();
    if !matches!(before, "for" | "to") {
        return true;
    }
    let verb = if j >= 2 { lower[j - 2].as_str() } else { "" };
    SEEKING_WORDS.contains(&verb) || !describing(verb)
}

/// Whether the mentor word at `at` is who the question is about ("what should a mentor
/// do?", "as a mentor") rather than who it asks for.
fn names_a_role(lower: &[String], at: usize) -> bool {
    let article = at >= 1 && matches!(lower[at - 1].as_str(), "a" | "an" | "the" | "new");
    article && at >= 2 && ROLE_BEFORE.contains(&lower[at - 2].as_str())
}

/// Reads a question. `country_of` names the country a phrase means (a country, a code or a
/// city), canonical and lower-cased, or `None`.
pub fn parse(question: &str, country_of: &dyn Fn(&str) -> Option<String>) -> Intent {
    let question: String = question.chars().take(MAX_QUESTION_CHARS).collect();
    // Tokens keep their original spelling for the subject; `lower` is what is matched.
    let original: Vec<&str> = question.split_whitespace().collect();
    let lower: Vec<String> = original
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '+' && c != '#').to_lowercase())
        .collect();
    let mut keep = vec![true; lower.len()];
    // Where each token's sentence starts.
    let mut sentence_starts = Vec::with_capacity(original.len());
    let mut start = 0;
    for (i, w) in original.iter().enumerate() {
        sentence_starts.push(start);
        if w.ends_with(['.', '?', '!', ';']) {
            start = i + 1;
        }
    }
    let mut intent = Intent::default();
    let add_kind = |kinds: &mut Vec<ItemKind>, kind: ItemKind| {
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    };
    let mut people_asked = false;
    // "Show me people who…": asked for whatever else the question leans to.
    let mut people_asked_outright = false;
    let mut i = 0;
    while i < lower.len() {
        let word = lower[i].as_str();
        if let Some((phrase, when)) = WHEN_PHRASES.iter().find(|(p, _)| matches_at(&lower, i, p)) {
            // A specific time wins over a vague one ("happening this month").
            if matches!(intent.when, None | Some(When::Upcoming)) {
                intent.when = Some(*when);
            }
            keep[i..i + phrase.len()].iter_mut().for_each(|k| *k = false);
            i += phrase.len();
            continue;
        }
        if let Some(phrase) = NEAR_PHRASES.iter().find(|p| matches_at(&lower, i, p)) {
            intent.place.get_or_insert(Place::NearAsker);
            keep[i..i + phrase.len()].iter_mut().for_each(|k| *k = false);
            i += phrase.len();
            continue;
        }
        if ONLINE_WORDS.contains(&word) {
            intent.place.get_or_insert(Place::Online);
            i += 1;
            continue;
        }
        if PLACE_PREPOSITIONS.contains(&word) {
            // The longest run of up to three words after it that names a country.
            let named = (1..=3).rev().find_map(|n| {
                let words = lower.get(i + 1..i + 1 + n)?;
                if words.iter().any(|w| w.is_empty() || lexical::is_stop_word(w)) {
                    return None;
                }
                let phrase = original[i + 1..i + 1 + n].join(" ");
                let phrase = phrase.trim_matches(|c: char| !c.is_alphanumeric());
                // Two letters only for "in US" and "in UK": others are more often an acronym
                // ("in HR", "in IT", "in UX") than a country.
                if phrase.chars().count() < 3 && !["US", "UK"].contains(&phrase) {
                    return None;
                }
                country_of(phrase).map(|country| (n, country))
            });
            if let Some((n, country)) = named {
                // Where the asker was is who they are, not where they want it: it stays in
                // the subject.
                if !names_an_origin(&lower, sentence_starts[i], i) {
                    intent.place.get_or_insert(Place::Country(country));
                    keep[i..=i + n].iter_mut().for_each(|k| *k = false);
                }
                i += n + 1;
                continue;
            }
        }
        if word == "use" && lower.get(i + 1).is_some_and(|n| n == "case" || n == "cases") {
            add_kind(&mut intent.kinds, ItemKind::UseCase);
            keep[i] = false;
            keep[i + 1] = false;
            i += 2;
            continue;
        }
        if USE_CASE_PHRASES.iter().any(|p| matches_at(&lower, i, p)) && !intent.leans_to.contains(&ItemKind::UseCase) {
            intent.leans_to.push(ItemKind::UseCase);
        }
        if LEARNING_WORDS.contains(&word) {
            for kind in [ItemKind::Circle, ItemKind::Resource] {
                if !intent.leans_to.contains(&kind) {
                    intent.leans_to.push(kind);
                }
            }
        }
        if MENTOR_WORDS.contains(&word) && !names_a_role(&lower, i) {
            intent.mentor = true;
            add_kind(&mut intent.kinds, ItemKind::User);
            keep[i] = false;
        } else if word == "who" && i == 0 {
            add_kind(&mut intent.kinds, ItemKind::User);
        } else if PEOPLE_WORDS.contains(&word) {
            // "for people who…", "are people using…": who an item is for, not a request.
            let before = if i > 0 { lower[i - 1].as_str() } else { "" };
            if ASKING_BEFORE.contains(&before) {
                people_asked_outright = true;
            }
            people_asked |= ["someone", "somebody"].contains(&word) || ASKING_BEFORE.contains(&before);
        } else if let Some((_, kind, only_kind)) = KIND_WORDS.iter().find(|(w, _, _)| *w == word) {
            // Tools and apps are often what a question is about ("design apps"): asked for
            // only after an asking word, as singular kind words are.
            let plural = word.ends_with('s') && *kind != ItemKind::AiTool && plural_asks(&lower, i);
            let asked = plural || i == 0 || (i > 0 && ASKING_BEFORE.contains(&lower[i - 1].as_str()));
            if asked {
                add_kind(&mut intent.kinds, *kind);
                if *only_kind {
                    keep[i] = false;
                }
            }
        }
        i += 1;
    }
    if intent.when.is_some() && intent.kinds.iter().all(|k| *k == ItemKind::User) && !intent.mentor {
        // "anything happening this month?": what has a date is an event.
        intent.kinds = vec![ItemKind::Event];
    } else if intent.kinds.is_empty() && (people_asked_outright || (people_asked && intent.leans_to.is_empty())) {
        intent.kinds.push(ItemKind::User);
    }
    let subject: Vec<&str> = original.iter().zip(&keep).filter(|(_, k)| **k).map(|(w, _)| *w).collect();
    let subject = subject.join(" ");
    intent.terms = lexical::subject_terms(&subject, MAX_TERMS);
    intent.subject = if intent.terms.is_empty() { String::new() } else { subject.trim().to_string() };
    intent
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country_of(text: &str) -> Option<String> {
        match text.to_lowercase().as_str() {
            "kenya" | "ke" | "nairobi" => Some("kenya".into()),
            "uk" | "united kingdom" => Some("united kingdom".into()),
            "it" => Some("italy".into()),
            _ => None,
        }
    }

    #[test]
    fn the_tenants_suggested_question_asks_for_upcoming_events_near_the_asker() {
        let intent = parse("What career events are coming up near me?", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::Event]);
        assert_eq!(intent.when, Some(When::Upcoming));
        assert_eq!(intent.place, Some(Place::NearAsker));
        assert!(!intent.has_subject(), "nothing but intent is left: {:?}", intent.subject);
    }

    #[test]
    fn kinds_mentors_and_subjects() {
        let intent = parse("Which circles can teach me prompt engineering?", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::Circle]);
        assert_eq!(intent.subject, "Which can teach me prompt engineering?");
        assert!(intent.terms.contains(&"prompt".to_string()));

        let intent = parse("Who could mentor me in product management?", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::User]);
        assert!(intent.mentor);
        assert!(intent.subject.contains("product management"));

        let intent = parse("Any use cases for marketing teams?", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::UseCase]);

        let intent = parse("How do I ask for a promotion or a raise?", &country_of);
        assert!(intent.kinds.is_empty() && intent.when.is_none() && intent.place.is_none());
        assert!(intent.terms.contains(&"promot".to_string()));

        let intent = parse("Are there internships for students?", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::Job]);
        assert!(intent.subject.contains("internships"), "a topical kind word stays in the subject");
    }

    #[test]
    fn places_are_named_countries_cities_the_asker_or_online() {
        let intent = parse("data jobs in Kenya", &country_of);
        assert_eq!(intent.place, Some(Place::Country("kenya".into())));
        assert_eq!(intent.subject, "data");
        assert_eq!(parse("meetups in Nairobi", &country_of).place, Some(Place::Country("kenya".into())));
        assert_eq!(parse("jobs in the UK", &country_of).place, None, "'the' is not a place");
        assert_eq!(parse("jobs in UK", &country_of).place, Some(Place::Country("united kingdom".into())));
        assert_eq!(parse("careers in it", &country_of).place, None, "two lower-case letters are a word");
        assert_eq!(parse("AI in HR", &country_of).place, None, "an acronym is not a country");
        assert_eq!(parse("remote design jobs", &country_of).place, Some(Place::Online));
        assert_eq!(parse("workshops in my country", &country_of).place, Some(Place::NearAsker));
    }

    #[test]
    fn people_and_singular_kind_words_ask_only_when_they_ask() {
        assert!(parse("How are people using AI in HR?", &country_of).kinds.is_empty());
        assert_eq!(parse("How are people using AI in HR?", &country_of).leans_to, vec![ItemKind::UseCase]);
        assert_eq!(parse("Is there someone who can review my CV?", &country_of).kinds, vec![ItemKind::User]);
        assert_eq!(
            parse("What's coming up for people working in product?", &country_of).kinds,
            vec![ItemKind::Event],
            "a time asks for events, whoever they are for"
        );
        assert!(parse("Is anything on negotiating pay for a new job?", &country_of).kinds.is_empty());
        assert!(parse("What can help me tailor my CV to each job I apply for?", &country_of).kinds.is_empty());
        assert_eq!(parse("I need a job in marketing", &country_of).kinds, vec![ItemKind::Job]);
        assert_eq!(parse("Any upcoming sessions on CVs?", &country_of).kinds, vec![ItemKind::Event]);
        assert!(parse("How do I reach out to people I don't know?", &country_of).kinds.is_empty());
        assert_eq!(parse("Can I find people who changed careers?", &country_of).kinds, vec![ItemKind::User]);
        assert!(parse("I'd love to design apps people enjoy", &country_of).kinds.is_empty());
        assert_eq!(parse("What tools can help me write?", &country_of).kinds, vec![ItemKind::AiTool]);
    }

    #[test]
    fn a_plural_kind_word_after_what_the_asker_does_is_not_asked_for() {
        assert!(parse("I always undercharge for bathroom jobs and end up working for nothing", &country_of)
            .kinds
            .is_empty());
        assert!(parse("Do I need a PMP to manage building jobs, or is there something more useful?", &country_of)
            .kinds
            .is_empty());
        for asking in [
            "data jobs in Kenya",
            "I'm looking for data jobs",
            "Are there any remote UX jobs?",
            "Which companies have engineering jobs?",
            "I want to apply for engineering jobs",
            "What's out there for design jobs?",
            "nursing jobs",
        ] {
            assert_eq!(parse(asking, &country_of).kinds, vec![ItemKind::Job], "{asking}");
        }
        assert_eq!(parse("upcoming data science events", &country_of).kinds, vec![ItemKind::Event]);
    }

    #[test]
    fn a_mentor_the_question_is_about_is_not_asked_for() {
        let intent = parse("What should a mentor actually do in a first meeting?", &country_of);
        assert!(intent.kinds.is_empty() && !intent.mentor);
        assert!(intent.terms.contains(&"mentor".to_string()), "the role stays in the subject: {:?}", intent.terms);
        assert!(!parse("As a mentor, how do I give feedback?", &country_of).mentor);
        let asking = parse("Where can I find a mentor in data science?", &country_of);
        assert!(asking.mentor && asking.kinds == vec![ItemKind::User]);
        assert!(parse("I need a mentor", &country_of).mentor);
    }

    #[test]
    fn people_shown_outright_are_asked_for_even_in_a_learning_question() {
        let intent = parse("Show me people who went from teaching into corporate training", &country_of);
        assert_eq!(intent.kinds, vec![ItemKind::User]);
        assert!(parse("Is there a course for someone who wants to learn SQL?", &country_of)
            .kinds
            .contains(&ItemKind::Circle));
        assert!(!parse("Is there a course for someone who wants to learn SQL?", &country_of)
            .kinds
            .contains(&ItemKind::User));
    }

    #[test]
    fn here_is_where_the_asker_lives_and_where_they_were_is_not_a_place_asked_for() {
        let countries = |t: &str| match t.to_lowercase().as_str() {
            "syria" => Some("syria".to_string()),
            "ukraine" => Some("ukraine".to_string()),
            other => country_of(other),
        };
        let intent = parse("I was a civil engineer in Syria. How do I get my degree recognised here?", &countries);
        assert_eq!(intent.place, Some(Place::NearAsker));
        assert!(intent.subject.contains("Syria"), "where they were says who they are: {}", intent.subject);
        let intent = parse("I'm a pharmacist from Ukraine. How do I get allowed to work as one here?", &countries);
        assert_eq!(intent.place, Some(Place::NearAsker));
        assert_eq!(
            parse("I trained in Ukraine and want jobs in Kenya", &countries).place,
            Some(Place::Country("kenya".into()))
        );
        assert_eq!(parse("mentors from Kenya", &countries).place, Some(Place::Country("kenya".into())));
        assert_eq!(
            parse("I worked in sales. Any jobs in Kenya?", &countries).place,
            Some(Place::Country("kenya".into()))
        );
    }

    #[test]
    fn a_time_without_a_kind_asks_for_events() {
        let intent = parse("anything happening this month about UX?", &country_of);
        assert_eq!(intent.when, Some(When::ThisMonth));
        assert_eq!(intent.kinds, vec![ItemKind::Event]);
        assert!(intent.terms.contains(&"ux".to_string()));
    }

    #[test]
    fn windows_are_calendar_days() {
        let wednesday = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).unwrap();
        assert_eq!(When::Upcoming.window(wednesday), (wednesday, None));
        assert_eq!(When::ThisWeek.window(wednesday), (wednesday, Some(d(11, 29))));
        assert_eq!(When::ThisWeekend.window(wednesday), (d(11, 28), Some(d(11, 29))));
        assert_eq!(When::NextWeek.window(wednesday), (d(11, 30), Some(d(12, 6))));
        assert_eq!(When::ThisMonth.window(wednesday), (wednesday, Some(d(12, 16))), "near the end: three weeks");
        assert_eq!(When::ThisMonth.window(d(11, 2)), (d(11, 2), Some(d(11, 30))));
        assert_eq!(When::NextMonth.window(wednesday), (d(12, 1), Some(d(12, 31))));
        let sunday = d(11, 29);
        assert_eq!(When::ThisWeekend.window(sunday), (sunday, Some(sunday)));
    }

    #[test]
    fn hostile_and_huge_questions_are_read_safely() {
        let long = "word ".repeat(2000) + &"x".repeat(10_000);
        assert!(parse(&long, &country_of).terms.len() <= MAX_TERMS);
        let intent = parse("\"*-:&( ' OR 1=1 -- in", &country_of);
        assert!(intent.terms.iter().all(|t| t.chars().all(char::is_alphanumeric)));
        assert_eq!(parse("", &country_of), Intent::default());
    }
}
