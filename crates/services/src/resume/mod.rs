//! Resume import: PDF → text → structured profile sections.
//!
//! The built-in parser is pure code (no network): [`extract_text`] turns a PDF into text
//! with its line structure (two-column layouts are read column by column), and
//! [`parse_text`] fills a [`ParsedResume`] from ordinary one-column resumes and from
//! LinkedIn's own "Save to PDF" export. An optional [`ResumeRefiner`] (an OpenAI-compatible
//! chat completions API, see [`OpenAiRefiner`]) may improve the draft; it falls back to the
//! draft on any failure.
//!
//! `extract_text` is CPU-bound: call it from `spawn_blocking` (or a job worker).
//!
//! The fields map one to one onto the Import Profile sections: Experiences
//! (`experiences`), Education and Learnings (`education`), Title (`title`), Country of
//! Residence (`country`), Languages (`languages`), Skills (`skills`), Topics of Interest
//! (`topics`), Short Bio (`short_bio`), Career Story (`career_story`). `name` is extra.

mod countries;
mod dates;
mod education;
mod experience;
mod fields;
mod linkedin;
mod pdf_text;
mod refine;
mod sections;
mod words;

use serde::{Deserialize, Serialize};

pub use countries::{country_of_location, country_spellings, normalize_country};
pub use dates::{parse_date, parse_date_range, DateRange};
pub(crate) use fields::{dedupe, split_bio};
pub use refine::{refine_or_draft, OpenAiRefiner, RefineError, ResumeRefiner};

/// The message shown to users when a PDF gives no usable text.
pub const UNREADABLE_MESSAGE: &str = "The resume could not be read. Please upload a PDF with selectable text.";

/// Maximum number of skills (and topics) returned.
pub const MAX_SKILLS: usize = 20;

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ResumeError {
    /// Not a PDF, or a PDF the reader cannot parse.
    #[error("The resume could not be read. Please upload a valid PDF file.")]
    Corrupt,
    /// Password-protected PDF.
    #[error("The resume is password-protected. Please upload a PDF without a password.")]
    Encrypted,
    /// A PDF without selectable text (e.g. a scan).
    #[error("The resume could not be read. Please upload a PDF with selectable text.")]
    NoText,
}

/// A month of a year; `month` is `None` when the resume gives only the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct YearMonth {
    pub year: i32,
    /// 1..=12
    pub month: Option<u32>,
}

impl YearMonth {
    pub fn new(year: i32, month: Option<u32>) -> Self {
        Self { year, month }
    }

    /// The first day of the month (January when only the year is known).
    pub fn first_day(&self) -> Option<chrono::NaiveDate> {
        chrono::NaiveDate::from_ymd_opt(self.year, self.month.unwrap_or(1), 1)
    }
}

impl std::fmt::Display for YearMonth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.month {
            Some(m) => write!(f, "{:04}-{:02}", self.year, m),
            None => write!(f, "{:04}", self.year),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Experience {
    pub title: String,
    pub company: String,
    pub location: Option<String>,
    pub start: Option<YearMonth>,
    pub end: Option<YearMonth>,
    pub current: bool,
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Education {
    pub school: String,
    pub degree: Option<String>,
    pub field: Option<String>,
    pub start_year: Option<i32>,
    pub end_year: Option<i32>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ParsedResume {
    pub name: Option<String>,
    /// Headline or current job title.
    pub title: Option<String>,
    /// Country name (normalised, e.g. "United States").
    pub country: Option<String>,
    pub languages: Vec<String>,
    pub skills: Vec<String>,
    pub topics: Vec<String>,
    pub short_bio: Option<String>,
    pub career_story: Option<String>,
    pub experiences: Vec<Experience>,
    pub education: Vec<Education>,
}

impl ParsedResume {
    /// True when nothing at all was recognised.
    pub fn is_empty(&self) -> bool {
        *self == ParsedResume::default()
    }
}

/// PDF → plain text, one visual line per text line. Columns of a two-column page are
/// emitted one after the other (main column first); a side column is preceded by a line
/// holding only a form feed (`\u{c}`), which [`parse_text`] treats as a section break.
pub fn extract_text(pdf: &[u8]) -> Result<String, ResumeError> {
    pdf_text::extract(pdf).map(|doc| doc.text)
}

/// Parse resume text (as produced by [`extract_text`], or any plain text).
pub fn parse_text(text: &str) -> ParsedResume {
    parse_with_hint(text, None)
}

/// [`extract_text`] then [`parse_text`], using the largest-font line of the first page as
/// a hint for the person's name.
pub fn parse_pdf(pdf: &[u8]) -> Result<ParsedResume, ResumeError> {
    let doc = pdf_text::extract(pdf)?;
    Ok(parse_with_hint(&doc.text, doc.largest_line.as_deref()))
}

/// Like [`parse_pdf`], also returning the extracted text (for a [`ResumeRefiner`]):
/// `refine_or_draft(refiner, &text, draft).await`.
pub fn parse_pdf_with_text(pdf: &[u8]) -> Result<(String, ParsedResume), ResumeError> {
    let doc = pdf_text::extract(pdf)?;
    let parsed = parse_with_hint(&doc.text, doc.largest_line.as_deref());
    Ok((doc.text, parsed))
}

fn parse_with_hint(text: &str, name_hint: Option<&str>) -> ParsedResume {
    let doc = sections::split(text);
    let linkedin = linkedin::is_linkedin_export(text, &doc);
    let mut out = ParsedResume::default();

    let header = fields::parse_header(&doc.preamble, linkedin);
    // The top lines name the person; failing that, the largest text of the first page.
    out.name = header.name.or_else(|| {
        name_hint
            .map(|h| h.split(',').next().unwrap_or("").trim().to_string())
            .filter(|h| fields::looks_like_name(h) && !countries::looks_like_location(h))
    });

    use sections::SectionKind as K;
    let mut skills = Vec::new();
    let mut topics = Vec::new();
    let mut languages = Vec::new();
    let mut summary_parts = Vec::new();
    let mut story_parts = Vec::new();
    for section in &doc.sections {
        match section.kind {
            K::Summary => summary_parts.push(fields::paragraphs(&section.lines)),
            K::CareerStory => story_parts.push(fields::paragraphs(&section.lines)),
            K::Experience => out.experiences.extend(experience::parse(&section.lines, linkedin)),
            K::Education => out.education.extend(education::parse(&section.lines, linkedin)),
            K::Skills => {
                let (s, l) = fields::parse_skills(&section.lines);
                skills.extend(s);
                languages.extend(l);
            }
            K::Languages => languages.extend(fields::parse_languages(&section.lines)),
            K::Interests => topics.extend(fields::split_items(&section.lines)),
            K::Other => {
                // "Languages: English, German" lines inside an additional-info section.
                languages.extend(fields::inline_languages(&section.lines));
            }
            _ => {}
        }
    }
    out.skills = fields::dedupe(skills, MAX_SKILLS);
    out.topics = fields::dedupe(topics, MAX_SKILLS);
    out.languages = fields::dedupe(languages, MAX_SKILLS);

    let summary = summary_parts.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join("\n\n");
    let story = story_parts.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join("\n\n");
    let summary = if summary.is_empty() { header.bio.clone().unwrap_or_default() } else { summary };
    let (bio, long_story) = fields::split_bio(&summary);
    out.short_bio = bio;
    out.career_story = if !story.is_empty() { Some(story) } else { long_story };

    out.title = header
        .title
        .or_else(|| out.experiences.iter().find(|e| e.current).or(out.experiences.first()).map(|e| e.title.clone()));
    out.title = out.title.filter(|t| !t.is_empty());
    out.country = header
        .country
        .or_else(|| doc.sections.iter().filter(|s| s.kind == K::Contact).find_map(|s| fields::find_country(&s.lines)))
        .or_else(|| {
            out.experiences.iter().find_map(|e| e.location.as_deref().and_then(countries::country_of_location))
        });
    out
}

#[cfg(test)]
mod tests;
