//! Optional AI refinement of the built-in parser's draft through an OpenAI-compatible
//! chat completions API. Any failure falls back to the draft.

use std::time::Duration;

use async_trait::async_trait;
use serde_json::json;

use super::countries::normalize_country;
use super::fields::dedupe;
use super::{ParsedResume, MAX_SKILLS};

#[derive(Debug, thiserror::Error)]
pub enum RefineError {
    #[error("AI provider request failed: {0}")]
    Http(String),
    #[error("AI provider answered with status {0}")]
    Status(u16),
    #[error("AI provider answer could not be used: {0}")]
    BadAnswer(String),
}

#[async_trait]
pub trait ResumeRefiner: Send + Sync {
    /// Improve `draft` (the built-in parser's result) using the resume `text`.
    async fn refine(&self, text: &str, draft: ParsedResume) -> Result<ParsedResume, RefineError>;

    /// Called when its refinement failed and the draft was kept (counted).
    fn fell_back(&self) {}
}

/// Run the refiner if there is one; on any error keep the draft (and log the reason).
pub async fn refine_or_draft(refiner: Option<&dyn ResumeRefiner>, text: &str, draft: ParsedResume) -> ParsedResume {
    let Some(r) = refiner else { return draft };
    match r.refine(text, draft.clone()).await {
        Ok(refined) => refined,
        Err(e) => {
            r.fell_back();
            tracing::warn!(error = %e, "resume refinement failed; using the built-in parser's result");
            draft
        }
    }
}

/// OpenAI-compatible provider: `POST {base_url}/chat/completions` (`crate::ai`).
#[derive(Clone, Debug)]
pub struct OpenAiRefiner {
    chat: crate::ai::OpenAiChat,
}

/// Resume text sent to the provider is capped (tokens cost money; resumes are short).
const MAX_TEXT_CHARS: usize = 16_000;

const SYSTEM_PROMPT: &str = "You extract structured data from resumes. Answer with one JSON object only, \
with these keys: name (string|null), title (string|null: headline or current job title), \
country (string|null: country name in English), languages (array of language names, no proficiency), \
skills (array of at most 20 short skill names), topics (array: interests), short_bio (string|null: plain text, \
at most 600 characters), career_story (string|null: longer narrative, or null), experiences (array of \
{title, company, location|null, start|null, end|null, current (bool), description|null} where start and end are \
{year, month|null}), education (array of {school, degree|null, field|null, start_year|null, end_year|null, \
description|null}). Use only facts stated in the resume. A draft from a rule-based parser is given; correct it.";

impl OpenAiRefiner {
    pub fn new(base_url: impl Into<String>, api_key: impl Into<String>, model: impl Into<String>) -> Self {
        Self { chat: crate::ai::OpenAiChat::new(base_url, api_key, model, Duration::from_secs(90)) }
    }

    pub fn with_client(mut self, client: reqwest::Client) -> Self {
        self.chat = self.chat.with_client(client);
        self
    }

    /// Counts its calls in an application state's registry (`crate::metrics`).
    pub fn with_counters(mut self, counters: crate::metrics::ModelCounters) -> Self {
        self.chat = self.chat.with_counters(counters);
        self
    }
}

/// How long a resume refinement may take (a whole resume as JSON is a long answer).
pub const REFINE_TIMEOUT: Duration = Duration::from_secs(90);

impl OpenAiRefiner {
    /// The refinement on the deployment's model client (`crate::ai::chat_from_env`), with
    /// its own longer time-out.
    pub fn on(chat: crate::ai::OpenAiChat) -> Self {
        Self { chat: chat.with_timeout(REFINE_TIMEOUT) }
    }
}

#[async_trait]
impl ResumeRefiner for OpenAiRefiner {
    fn fell_back(&self) {
        self.chat.note_fallback();
    }

    async fn refine(&self, text: &str, draft: ParsedResume) -> Result<ParsedResume, RefineError> {
        let text: String = text.chars().take(MAX_TEXT_CHARS).collect();
        let draft_json = serde_json::to_string(&draft).map_err(|e| RefineError::BadAnswer(e.to_string()))?;
        let body = json!({
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": format!("Draft:\n{draft_json}\n\nResume text:\n{text}")},
            ],
        });
        let content = self.chat.complete(body).await.map_err(|e| match e {
            crate::ai::ChatError::Http(m) => RefineError::Http(m),
            crate::ai::ChatError::Timeout => RefineError::Http("timed out".into()),
            crate::ai::ChatError::Status(s) => RefineError::Status(s),
            crate::ai::ChatError::BadAnswer(m) => RefineError::BadAnswer(m),
        })?;
        let content = content.as_str();
        let refined = parse_answer(content)?;
        Ok(merge(draft, refined))
    }
}

/// The JSON object in an answer (code fences and surrounding prose tolerated).
fn parse_answer(content: &str) -> Result<ParsedResume, RefineError> {
    let start = content.find('{').ok_or_else(|| RefineError::BadAnswer("no JSON object".into()))?;
    let end = content.rfind('}').ok_or_else(|| RefineError::BadAnswer("no JSON object".into()))?;
    if end < start {
        return Err(RefineError::BadAnswer("no JSON object".into()));
    }
    serde_json::from_str(&content[start..=end]).map_err(|e| RefineError::BadAnswer(e.to_string()))
}

fn clean_opt(s: Option<String>, max: usize) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).map(|s| {
        if s.chars().count() > max {
            s.chars().take(max).collect()
        } else {
            s
        }
    })
}

fn plausible_year(y: i32) -> bool {
    (1940..=2100).contains(&y)
}

/// Validate the provider's answer; anything missing or implausible keeps the draft's value.
fn merge(draft: ParsedResume, r: ParsedResume) -> ParsedResume {
    let list = |new: Vec<String>, old: Vec<String>| {
        let new = dedupe(new.into_iter().filter(|s| s.chars().count() <= 80).collect(), MAX_SKILLS);
        if new.is_empty() {
            old
        } else {
            new
        }
    };
    let mut experiences: Vec<_> = r
        .experiences
        .into_iter()
        .filter(|e| !(e.title.trim().is_empty() && e.company.trim().is_empty()))
        .filter(|e| e.start.is_none_or(|d| plausible_year(d.year) && d.month.is_none_or(|m| (1..=12).contains(&m))))
        .filter(|e| e.end.is_none_or(|d| plausible_year(d.year) && d.month.is_none_or(|m| (1..=12).contains(&m))))
        .collect();
    for e in &mut experiences {
        e.title = e.title.trim().to_string();
        e.company = e.company.trim().to_string();
        e.description = clean_opt(e.description.take(), 5000);
        e.location = clean_opt(e.location.take(), 200);
        if e.current {
            e.end = None;
        }
    }
    let mut education: Vec<_> = r.education.into_iter().filter(|e| !e.school.trim().is_empty()).collect();
    for e in &mut education {
        e.start_year = e.start_year.filter(|y| plausible_year(*y));
        e.end_year = e.end_year.filter(|y| plausible_year(*y));
        e.degree = clean_opt(e.degree.take(), 200);
        e.field = clean_opt(e.field.take(), 200);
        e.description = clean_opt(e.description.take(), 5000);
    }
    ParsedResume {
        name: clean_opt(r.name, 120).or(draft.name),
        title: clean_opt(r.title, 200).or(draft.title),
        country: r.country.as_deref().and_then(normalize_country).or(draft.country),
        languages: list(r.languages, draft.languages),
        skills: list(r.skills, draft.skills),
        topics: list(r.topics, draft.topics),
        short_bio: clean_opt(r.short_bio, 1000).or(draft.short_bio),
        career_story: clean_opt(r.career_story, 10_000).or(draft.career_story),
        experiences: if experiences.is_empty() { draft.experiences } else { experiences },
        education: if education.is_empty() { draft.education } else { education },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_parsing_and_merge() {
        let draft = ParsedResume { name: Some("Jane".into()), skills: vec!["Rust".into()], ..Default::default() };
        let r = parse_answer("```json\n{\"title\": \" Engineer \", \"country\": \"USA\", \"skills\": [], \"experiences\": [{\"title\": \"Dev\", \"company\": \"Acme\", \"start\": {\"year\": 2020, \"month\": 13}}]}\n```").unwrap();
        let m = merge(draft, r);
        assert_eq!(m.name.as_deref(), Some("Jane"));
        assert_eq!(m.title.as_deref(), Some("Engineer"));
        assert_eq!(m.country.as_deref(), Some("United States"));
        assert_eq!(m.skills, vec!["Rust".to_string()]);
        assert!(m.experiences.is_empty(), "an impossible month is dropped");
        assert!(parse_answer("sorry").is_err());
    }
}
