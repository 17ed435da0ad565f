//! Profile import (spec 000 §2 "Profile page", §5 "Files and import"; 002 §4 "Alternate
//! email and profile import"): the sections a user may choose, the LinkedIn profile URL,
//! and turning imported plain text into the profile's rich text.

use serde::Deserialize;

use crate::rich_text;

/// The nine sections of the Import Profile dialog, by key: Experiences, Education and
/// Learnings, Title, Country of Residence, Languages, Skills, Topics of Interest, Short Bio,
/// Career Story.
pub const SECTIONS: [&str; 9] =
    ["experiences", "education", "title", "country", "languages", "skills", "topics", "short_bio", "career_story"];

pub const SOURCE_RESUME: &str = "resume";
pub const SOURCE_LINKEDIN: &str = "linkedin";

pub const MSG_LINKEDIN_URL_MISSING: &str = "Please enter linkedin url";
pub const MSG_LINKEDIN_URL_INVALID: &str = "Enter a valid LinkedIn profile URL.";
pub const MSG_LINKEDIN_FETCH: &str = "Could not fetch Info from Linkedin";
pub const MSG_IMPORT_NOTICE: &str = "The information will be updated in a few seconds.";

/// The message for a `fields_to_update` that is neither 'all' nor a list of known keys.
pub fn sections_message() -> String {
    format!("Choose 'all' or a JSON list of sections: {}.", SECTIONS.join(", "))
}

/// `fields_to_update` as sent: a text (`'all'`, or a JSON list written as text, as a form
/// field holds it) or a list of section keys.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum SectionsSent {
    Text(String),
    List(Vec<String>),
}

/// `'all'` (or a list naming every section) → `Some(None)`; a list of known section keys →
/// that list without repeats, in the order given; anything else → `None`.
pub fn parse_sections(sent: &SectionsSent) -> Option<Option<Vec<String>>> {
    match sent {
        SectionsSent::Text(text) => sections_from_text(text),
        SectionsSent::List(items) => sections_from_list(items),
    }
}

/// A form field's text: `'all'`, or a JSON list (or a JSON text) of sections.
pub fn sections_from_text(text: &str) -> Option<Option<Vec<String>>> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Some(None);
    }
    parse_sections(&serde_json::from_str::<SectionsSent>(text).ok()?)
}

fn sections_from_list(items: &[String]) -> Option<Option<Vec<String>>> {
    let mut sections: Vec<String> = Vec::new();
    for item in items {
        let key = item.trim().to_string();
        if !SECTIONS.contains(&key.as_str()) {
            return None;
        }
        if !sections.contains(&key) {
            sections.push(key);
        }
    }
    if sections.is_empty() {
        return None;
    }
    Some((sections.len() < SECTIONS.len()).then_some(sections))
}

/// The chosen sections as a full list (`None` is every section).
pub fn chosen_sections(choice: &Option<Vec<String>>) -> Vec<String> {
    match choice {
        Some(list) => list.clone(),
        None => SECTIONS.iter().map(|s| s.to_string()).collect(),
    }
}

/// A LinkedIn profile URL (`linkedin.com/in/<handle>`, any LinkedIn subdomain, with or
/// without scheme, query or trailing path) in one canonical form:
/// `https://www.linkedin.com/in/<handle>/`.
pub fn linkedin_profile_url(raw: &str) -> Option<String> {
    let value = raw.trim();
    if value.is_empty() || value.chars().count() > 500 {
        return None;
    }
    let candidate = if value.contains("://") { value.to_string() } else { format!("https://{value}") };
    let url = url::Url::parse(&candidate).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?.to_ascii_lowercase();
    if host != "linkedin.com" && !host.ends_with(".linkedin.com") {
        return None;
    }
    let mut segments = url.path_segments()?.filter(|s| !s.is_empty());
    if segments.next()? != "in" {
        return None;
    }
    let handle = segments.next()?;
    let decoded = url::form_urlencoded::parse(format!("h={handle}").as_bytes()).next()?.1.into_owned();
    let valid = !decoded.is_empty()
        && decoded.chars().count() <= 100
        && decoded.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    valid.then(|| format!("https://www.linkedin.com/in/{handle}/"))
}

/// One line of text: whitespace collapsed, at most `max` characters; empty gives `None`.
pub fn clean_line(text: &str, max: usize) -> Option<String> {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.is_empty() {
        return None;
    }
    Some(line.chars().take(max).collect::<String>().trim_end().to_string())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Imported plain text as the profile's rich text: paragraphs (blank-line separated) in
/// `<p>`, line breaks as `<br>`, at most `max_words` words, sanitised like every rich-text
/// field. Text without words gives `None`.
pub fn plain_to_rich_text(text: &str, max_words: usize) -> Option<String> {
    let mut words_left = max_words;
    let mut paragraphs = Vec::new();
    for paragraph in text.replace("\r\n", "\n").split("\n\n") {
        if words_left == 0 {
            break;
        }
        let mut lines = Vec::new();
        for line in paragraph.lines() {
            let words: Vec<&str> = line.split_whitespace().take(words_left).collect();
            if words.is_empty() {
                continue;
            }
            words_left -= words.len();
            lines.push(escape(&words.join(" ")));
            if words_left == 0 {
                break;
            }
        }
        if !lines.is_empty() {
            paragraphs.push(format!("<p>{}</p>", lines.join("<br>")));
        }
    }
    let html = rich_text::sanitize_html(&paragraphs.join(""));
    (!rich_text::plain_text(&html).is_empty()).then_some(html)
}

/// Adds `new` names to `existing` ones (case-insensitively new, whitespace collapsed), keeping
/// at most `max`.
pub fn merge_names(existing: &[String], new: &[String], max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in existing.iter().chain(new) {
        if out.len() == max {
            break;
        }
        let Some(name) = clean_line(name, 100) else { continue };
        if !out.iter().any(|o| o.to_lowercase() == name.to_lowercase()) {
            out.push(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// What a JSON body's `fields_to_update` reads as: a text or a list of texts; `None`
    /// (refused) for any other JSON.
    fn sections(sent: serde_json::Value) -> Option<Option<Vec<String>>> {
        parse_sections(&serde_json::from_value::<SectionsSent>(sent).ok()?)
    }

    #[test]
    fn sections_are_all_or_a_known_list() {
        assert_eq!(sections(json!("all")), Some(None));
        assert_eq!(sections(json!("\"all\"")), Some(None));
        assert_eq!(
            sections(json!(r#"["skills","title","skills"]"#)),
            Some(Some(vec!["skills".into(), "title".into()]))
        );
        assert_eq!(sections(json!(["title"])), Some(Some(vec!["title".into()])));
        assert_eq!(sections(json!(SECTIONS)), Some(None));
        assert_eq!(sections(json!(["skills", "salary"])), None);
        assert_eq!(sections(json!([])), None);
        assert_eq!(sections(json!("skills")), None);
        assert_eq!(sections(json!({})), None);
        assert_eq!(sections(json!([1])), None);
        assert_eq!(chosen_sections(&None).len(), 9);
    }

    #[test]
    fn linkedin_urls_are_profile_urls() {
        let canonical = Some("https://www.linkedin.com/in/ada-lovelace/".to_string());
        assert_eq!(linkedin_profile_url("https://www.linkedin.com/in/ada-lovelace"), canonical);
        assert_eq!(linkedin_profile_url("linkedin.com/in/ada-lovelace/"), canonical);
        assert_eq!(linkedin_profile_url(" http://de.linkedin.com/in/ada-lovelace/details?x=1 "), canonical);
        assert!(linkedin_profile_url("https://www.linkedin.com/in/j%C3%BCrgen").is_some());
        assert_eq!(linkedin_profile_url(""), None);
        assert_eq!(linkedin_profile_url("https://www.linkedin.com/company/acme"), None);
        assert_eq!(linkedin_profile_url("https://www.linkedin.com/in/"), None);
        assert_eq!(linkedin_profile_url("https://evil.com/in/ada"), None);
        assert_eq!(linkedin_profile_url("https://linkedin.com.evil.com/in/ada"), None);
        assert_eq!(linkedin_profile_url("ftp://linkedin.com/in/ada"), None);
        assert_eq!(linkedin_profile_url("https://www.linkedin.com/in/a%20b"), None);
    }

    #[test]
    fn plain_text_becomes_safe_paragraphs() {
        assert_eq!(
            plain_to_rich_text("First line\nsecond <b>line</b>\n\nNext & last", 100).as_deref(),
            Some("<p>First line<br>second &lt;b&gt;line&lt;/b&gt;</p><p>Next &amp; last</p>")
        );
        assert_eq!(plain_to_rich_text("one two three\n\nfour", 2).as_deref(), Some("<p>one two</p>"));
        assert_eq!(plain_to_rich_text("  \n\n ", 10), None);
    }

    #[test]
    fn names_merge_without_repeats_up_to_the_limit() {
        let existing = vec!["Rust".to_string(), "SQL".to_string()];
        let new = vec!["sql".to_string(), " Go ".to_string(), "Kafka".to_string()];
        assert_eq!(merge_names(&existing, &new, 3), vec!["Rust", "SQL", "Go"]);
        assert_eq!(merge_names(&[], &new, 7), vec!["sql", "Go", "Kafka"]);
    }
}
