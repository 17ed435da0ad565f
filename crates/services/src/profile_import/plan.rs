//! What an import writes: the chosen sections of a parsed resume (or LinkedIn profile),
//! cleaned to the profile's limits. Pure, so every rule is tested without a database.

use chrono::NaiveDate;
use domain::{
    imports::{clean_line, plain_to_rich_text},
    profiles::{MAX_BIO_WORDS, MAX_LANGUAGES, MAX_RICH_CHARS},
    topics::TOPIC_NAME_MAX,
};

use crate::resume::{Education, Experience, ParsedResume};

/// Title of an education entry that names neither a degree nor a field.
pub const EDUCATION_FALLBACK_TITLE: &str = "Student";

/// A career entry to add (work or education).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedEntry {
    /// The job title, or the degree.
    pub title: String,
    /// The company or school, created as an institution of the tenant when new.
    pub institution: Option<String>,
    /// Sanitised HTML, or "" (an imported entry may have no description).
    pub description: String,
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub current: bool,
}

/// The sections to write; `None` for a section that was not chosen or that the source did
/// not give (the profile keeps its value).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub title: Option<String>,
    pub country: Option<String>,
    pub languages: Option<Vec<String>>,
    pub skills: Option<Vec<String>>,
    pub topics: Option<Vec<String>>,
    pub short_bio: Option<String>,
    pub career_story: Option<String>,
    pub work: Option<Vec<PlannedEntry>>,
    pub education: Option<Vec<PlannedEntry>>,
    /// Entries left out because the source gave no start date (a career entry needs one).
    pub skipped_entries: usize,
}

fn rich(text: &Option<String>) -> Option<String> {
    text.as_deref().and_then(|t| plain_to_rich_text(t, MAX_BIO_WORDS))
}

fn description(text: &Option<String>) -> String {
    let Some(text) = text.as_deref() else { return String::new() };
    // Room for the markup-free limit of an entry's description.
    let cut: String = text.chars().take(MAX_RICH_CHARS - 100).collect();
    plain_to_rich_text(&cut, usize::MAX).unwrap_or_default()
}

fn names(items: &[String], max: usize) -> Option<Vec<String>> {
    let list = domain::imports::merge_names(&[], items, max)
        .into_iter()
        .filter(|n| n.chars().count() <= TOPIC_NAME_MAX)
        .collect::<Vec<_>>();
    (!list.is_empty()).then_some(list)
}

fn work_entry(e: &Experience) -> Option<PlannedEntry> {
    let title = clean_line(&e.title, 200)?;
    let start_date = e.start.and_then(|d| d.first_day())?;
    let end_date = if e.current { None } else { e.end.and_then(|d| d.first_day()).filter(|end| *end >= start_date) };
    Some(PlannedEntry {
        title,
        institution: clean_line(&e.company, 200),
        description: description(&e.description),
        start_date,
        end_date,
        current: e.current,
    })
}

fn education_title(e: &Education) -> String {
    let degree = e.degree.as_deref().and_then(|d| clean_line(d, 200));
    let field = e.field.as_deref().and_then(|f| clean_line(f, 200));
    let title = match (degree, field) {
        (Some(d), Some(f)) if d.to_lowercase().contains(&f.to_lowercase()) => d,
        (Some(d), Some(f)) => format!("{d}, {f}"),
        (Some(d), None) => d,
        (None, Some(f)) => f,
        (None, None) => EDUCATION_FALLBACK_TITLE.to_string(),
    };
    clean_line(&title, 200).unwrap_or_else(|| EDUCATION_FALLBACK_TITLE.to_string())
}

fn education_entry(e: &Education) -> Option<PlannedEntry> {
    let start_date = e.start_year.and_then(|y| NaiveDate::from_ymd_opt(y, 1, 1))?;
    let end_date = e.end_year.and_then(|y| NaiveDate::from_ymd_opt(y, 1, 1)).filter(|end| *end >= start_date);
    Some(PlannedEntry {
        title: education_title(e),
        institution: clean_line(&e.school, 200),
        description: description(&e.description),
        start_date,
        current: e.end_year.is_none(),
        end_date,
    })
}

/// Entries of one kind, without repeats (same title, institution and start).
fn entries<T>(items: &[T], convert: impl Fn(&T) -> Option<PlannedEntry>, skipped: &mut usize) -> Vec<PlannedEntry> {
    let mut out: Vec<PlannedEntry> = Vec::new();
    for item in items {
        match convert(item) {
            Some(entry) => {
                if !out.iter().any(|o| same_entry(o, &entry.title, entry.institution.as_deref(), entry.start_date)) {
                    out.push(entry);
                }
            }
            None => *skipped += 1,
        }
    }
    out
}

/// Whether an entry is the one with this title, institution and start (case-insensitive).
pub fn same_entry(entry: &PlannedEntry, title: &str, institution: Option<&str>, start: NaiveDate) -> bool {
    entry.start_date == start
        && entry.title.to_lowercase() == title.to_lowercase()
        && entry.institution.as_deref().map(str::to_lowercase) == institution.map(str::to_lowercase)
}

/// The chosen `sections` of `parsed`.
pub fn build(parsed: &ParsedResume, sections: &[String]) -> Plan {
    let chosen = |key: &str| sections.iter().any(|s| s == key);
    let mut plan = Plan::default();
    if chosen("title") {
        plan.title = parsed.title.as_deref().and_then(|t| clean_line(t, 200));
    }
    if chosen("country") {
        plan.country = parsed.country.as_deref().and_then(|c| clean_line(c, 100));
    }
    if chosen("languages") {
        plan.languages = names(&parsed.languages, MAX_LANGUAGES);
    }
    if chosen("skills") {
        plan.skills = names(&parsed.skills, usize::MAX);
    }
    if chosen("topics") {
        plan.topics = names(&parsed.topics, usize::MAX);
    }
    if chosen("short_bio") {
        plan.short_bio = rich(&parsed.short_bio);
    }
    if chosen("career_story") {
        plan.career_story = rich(&parsed.career_story);
    }
    let mut skipped = 0;
    if chosen("experiences") {
        let work = entries(&parsed.experiences, work_entry, &mut skipped);
        plan.work = (!work.is_empty()).then_some(work);
    }
    if chosen("education") {
        let education = entries(&parsed.education, education_entry, &mut skipped);
        plan.education = (!education.is_empty()).then_some(education);
    }
    plan.skipped_entries = skipped;
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resume::YearMonth;

    fn all() -> Vec<String> {
        domain::imports::SECTIONS.iter().map(|s| s.to_string()).collect()
    }

    fn resume() -> ParsedResume {
        ParsedResume {
            name: Some("Jane Doe".into()),
            title: Some("  Senior   Engineer ".into()),
            country: Some("United States".into()),
            languages: vec!["English".into(), "Spanish".into()],
            skills: vec!["Rust".into(), "Go".into(), "rust".into()],
            topics: vec!["Climate tech".into()],
            short_bio: Some("Backend engineer.\n\nLoves <b>Rust</b>.".into()),
            career_story: None,
            experiences: vec![
                Experience {
                    title: "Engineer".into(),
                    company: "Acme".into(),
                    start: Some(YearMonth::new(2020, Some(1))),
                    current: true,
                    description: Some("Built billing.".into()),
                    ..Default::default()
                },
                Experience {
                    title: "Intern".into(),
                    company: "Globex".into(),
                    start: Some(YearMonth::new(2018, None)),
                    end: Some(YearMonth::new(2017, Some(5))),
                    ..Default::default()
                },
                Experience { title: "No dates".into(), company: "Initech".into(), ..Default::default() },
                Experience {
                    title: "engineer".into(),
                    company: "ACME".into(),
                    start: Some(YearMonth::new(2020, Some(1))),
                    ..Default::default()
                },
            ],
            education: vec![
                Education {
                    school: "UT Austin".into(),
                    degree: Some("Bachelor of Science".into()),
                    field: Some("Computer Science".into()),
                    start_year: Some(2012),
                    end_year: Some(2016),
                    description: None,
                },
                Education { school: "MIT".into(), end_year: Some(2019), ..Default::default() },
            ],
        }
    }

    #[test]
    fn every_section_is_cleaned() {
        let plan = build(&resume(), &all());
        assert_eq!(plan.title.as_deref(), Some("Senior Engineer"));
        assert_eq!(plan.country.as_deref(), Some("United States"));
        assert_eq!(plan.languages, Some(vec!["English".into(), "Spanish".into()]));
        assert_eq!(plan.skills, Some(vec!["Rust".into(), "Go".into()]));
        assert_eq!(plan.short_bio.as_deref(), Some("<p>Backend engineer.</p><p>Loves &lt;b&gt;Rust&lt;/b&gt;.</p>"));
        assert_eq!(plan.career_story, None);
        let work = plan.work.unwrap();
        assert_eq!(work.len(), 2, "the undated entry and the repeat are left out: {work:?}");
        assert!(work[0].current && work[0].end_date.is_none());
        assert_eq!(work[0].description, "<p>Built billing.</p>");
        assert_eq!(work[1].start_date, NaiveDate::from_ymd_opt(2018, 1, 1).unwrap());
        assert_eq!(work[1].end_date, None, "an end before the start is dropped");
        assert_eq!(work[1].description, "");
        let education = plan.education.unwrap();
        assert_eq!(education.len(), 1);
        assert_eq!(education[0].title, "Bachelor of Science, Computer Science");
        assert_eq!(education[0].institution.as_deref(), Some("UT Austin"));
        assert_eq!(education[0].end_date, NaiveDate::from_ymd_opt(2016, 1, 1));
        assert_eq!(plan.skipped_entries, 2);
    }

    #[test]
    fn only_the_chosen_sections_are_planned() {
        let plan = build(&resume(), &["skills".to_string(), "education".to_string()]);
        assert!(plan.skills.is_some() && plan.education.is_some());
        assert_eq!(
            Plan { skills: None, education: None, skipped_entries: 0, ..plan },
            Plan::default(),
            "nothing but skills and education is written"
        );
    }

    #[test]
    fn education_titles_name_the_degree() {
        let mut e = Education { school: "X".into(), ..Default::default() };
        assert_eq!(education_title(&e), EDUCATION_FALLBACK_TITLE);
        e.field = Some("Physics".into());
        assert_eq!(education_title(&e), "Physics");
        e.degree = Some("BSc Physics".into());
        assert_eq!(education_title(&e), "BSc Physics");
    }
}
