//! Profile data from LinkedIn, for the profile import (`POST /update-profile-linkedin/`).
//!
//! LinkedIn offers no public API for reading someone's profile, so a deployment that wants
//! the import points Waypoint at a profile-data provider of its choice:
//! `WAYPOINT_LINKEDIN_PROFILE_API_URL` (and `WAYPOINT_LINKEDIN_PROFILE_API_KEY`). Waypoint
//! calls `GET {url}?url={profile URL}` with `Authorization: Bearer {key}` and reads this
//! JSON answer (every field optional):
//!
//! ```json
//! { "headline": "…", "summary": "…", "country": "Sweden" (or "country_full_name"),
//!   "languages": ["English", {"name": "Spanish"}], "skills": ["SQL", {"name": "Rust"}],
//!   "experiences": [{"title", "company", "description", "location",
//!                    "starts_at": {"year", "month", "day"} | "2020-01", "ends_at": … | null}],
//!   "education": [{"degree_name", "field_of_study", "school", "description",
//!                  "starts_at": …, "ends_at": …}] }
//! ```
//!
//! An experience without `ends_at` is the current one. Without the URL setting there is no
//! source, and the import answers 'Could not fetch Info from Linkedin'.

use std::time::Duration;

use async_trait::async_trait;
use serde_json::Value;

use crate::resume::{self, Education, Experience, ParsedResume, YearMonth};

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ProfileSourceError {
    /// The provider knows no such profile.
    #[error("the profile was not found")]
    NotFound,
    /// The provider refused the request (bad key, bad URL, quota used up).
    #[error("the provider refused the request with status {0}")]
    Refused(u16),
    /// The provider could not be reached or failed (worth trying again later).
    #[error("the provider is unavailable: {0}")]
    Unavailable(String),
    /// The answer was not the JSON described above.
    #[error("the provider's answer could not be read: {0}")]
    BadAnswer(String),
}

impl ProfileSourceError {
    /// Whether trying again later may succeed.
    pub fn is_transient(&self) -> bool {
        matches!(self, ProfileSourceError::Unavailable(_))
    }
}

/// Where LinkedIn profile data comes from.
#[async_trait]
pub trait LinkedInProfileSource: Send + Sync {
    /// The profile at `profile_url` (a canonical `https://www.linkedin.com/in/…/` URL), in the
    /// shape of a parsed resume.
    async fn fetch(&self, profile_url: &str) -> Result<ParsedResume, ProfileSourceError>;
}

/// The provider's address and key.
#[derive(Clone)]
pub struct LinkedInApiConfig {
    pub api_url: String,
    pub api_key: Option<String>,
}

impl std::fmt::Debug for LinkedInApiConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkedInApiConfig")
            .field("api_url", &self.api_url)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

impl LinkedInApiConfig {
    /// The provider when `WAYPOINT_LINKEDIN_PROFILE_API_URL` is set; a key without a URL is
    /// a mistake worth stopping for.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let api_key = get("WAYPOINT_LINKEDIN_PROFILE_API_KEY");
        match get("WAYPOINT_LINKEDIN_PROFILE_API_URL") {
            Some(api_url) if api_url.starts_with("https://") || api_url.starts_with("http://") => {
                Ok(Some(LinkedInApiConfig { api_url, api_key }))
            }
            Some(_) => Err("WAYPOINT_LINKEDIN_PROFILE_API_URL must be an http(s) URL".into()),
            None if api_key.is_some() => {
                Err("WAYPOINT_LINKEDIN_PROFILE_API_URL is needed with WAYPOINT_LINKEDIN_PROFILE_API_KEY".into())
            }
            None => Ok(None),
        }
    }
}

/// The answer of a provider is a profile: a few hundred kilobytes at most.
const MAX_ANSWER_BYTES: usize = 2 * 1024 * 1024;

/// [`LinkedInProfileSource`] over the provider's HTTP API.
pub struct HttpLinkedInSource {
    config: LinkedInApiConfig,
    client: reqwest::Client,
}

impl HttpLinkedInSource {
    pub fn new(config: LinkedInApiConfig) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .connect_timeout(Duration::from_secs(10))
            .user_agent("Waypoint")
            .build()
            .unwrap_or_default();
        HttpLinkedInSource { config, client }
    }
}

#[async_trait]
impl LinkedInProfileSource for HttpLinkedInSource {
    async fn fetch(&self, profile_url: &str) -> Result<ParsedResume, ProfileSourceError> {
        let mut request = self.client.get(&self.config.api_url).query(&[("url", profile_url)]);
        if let Some(key) = &self.config.api_key {
            request = request.bearer_auth(key);
        }
        let mut response =
            request.send().await.map_err(|err| ProfileSourceError::Unavailable(err.without_url().to_string()))?;
        let status = response.status().as_u16();
        match status {
            200..=299 => {}
            404 => return Err(ProfileSourceError::NotFound),
            429 | 500..=599 => return Err(ProfileSourceError::Unavailable(format!("status {status}"))),
            _ => return Err(ProfileSourceError::Refused(status)),
        }
        let mut bytes = Vec::new();
        while let Some(chunk) =
            response.chunk().await.map_err(|err| ProfileSourceError::Unavailable(err.without_url().to_string()))?
        {
            if bytes.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(ProfileSourceError::BadAnswer("the answer is too large".into()));
            }
            bytes.extend_from_slice(&chunk);
        }
        let body: Value =
            serde_json::from_slice(&bytes).map_err(|err| ProfileSourceError::BadAnswer(err.to_string()))?;
        if !body.is_object() {
            return Err(ProfileSourceError::BadAnswer("not a JSON object".into()));
        }
        Ok(profile_from_json(&body))
    }
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// A list of names: strings, or objects with a `name`.
fn names(value: &Value, key: &str) -> Vec<String> {
    let Some(items) = value.get(key).and_then(Value::as_array) else { return Vec::new() };
    let names = items
        .iter()
        .filter_map(|item| match item {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Object(_) => text(item, "name"),
            _ => None,
        })
        .filter(|s| !s.is_empty())
        .collect();
    resume::dedupe(names, resume::MAX_SKILLS)
}

fn int(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
}

/// `{"year": 2020, "month": 3}` or text ("2020-03", "2020-03-01", "2020", "March 2020").
fn year_month(value: Option<&Value>) -> Option<YearMonth> {
    let value = value?;
    if value.is_object() {
        let year = value.get("year").and_then(int).filter(|y| (1900..=2100).contains(y))?;
        let month = value.get("month").and_then(int).filter(|m| (1..=12).contains(m));
        return Some(YearMonth::new(year as i32, month.map(|m| m as u32)));
    }
    let raw = value.as_str()?.trim();
    let mut parts = raw.splitn(3, '-');
    if let (Some(y), month) = (parts.next().and_then(|y| y.parse::<i32>().ok()), parts.next()) {
        if raw.len() >= 4 && (1900..=2100).contains(&y) {
            let month = month.and_then(|m| m.parse::<u32>().ok()).filter(|m| (1..=12).contains(m));
            return Some(YearMonth::new(y, month));
        }
    }
    resume::parse_date(raw)
}

/// The provider's JSON in the shape of a parsed resume.
pub fn profile_from_json(body: &Value) -> ParsedResume {
    let empty = Vec::new();
    let experiences = body
        .get("experiences")
        .and_then(Value::as_array)
        .unwrap_or(&empty)
        .iter()
        .map(|e| {
            let end = year_month(e.get("ends_at"));
            Experience {
                title: text(e, "title").unwrap_or_default(),
                company: text(e, "company").unwrap_or_default(),
                location: text(e, "location"),
                start: year_month(e.get("starts_at")),
                current: end.is_none(),
                end,
                description: text(e, "description"),
            }
        })
        .filter(|e| !(e.title.is_empty() && e.company.is_empty()))
        .collect();
    let education = body
        .get("education")
        .and_then(Value::as_array)
        .unwrap_or(&empty)
        .iter()
        .map(|e| Education {
            school: text(e, "school").unwrap_or_default(),
            degree: text(e, "degree_name"),
            field: text(e, "field_of_study"),
            start_year: year_month(e.get("starts_at")).map(|d| d.year),
            end_year: year_month(e.get("ends_at")).map(|d| d.year),
            description: text(e, "description"),
        })
        .filter(|e| !e.school.is_empty())
        .collect();
    let (short_bio, career_story) = resume::split_bio(&text(body, "summary").unwrap_or_default());
    ParsedResume {
        name: text(body, "full_name"),
        title: text(body, "headline").or_else(|| text(body, "occupation")),
        country: text(body, "country_full_name")
            .or_else(|| text(body, "country"))
            .map(|c| resume::normalize_country(&c).unwrap_or(c)),
        languages: names(body, "languages"),
        skills: names(body, "skills"),
        topics: names(body, "interests"),
        short_bio,
        career_story,
        experiences,
        education,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_json_maps_onto_the_import_sections() {
        let parsed = profile_from_json(&json!({
            "headline": " Product Manager ", "summary": "I build things.", "country": "sweden",
            "languages": ["English", {"name": "Spanish"}, "english"],
            "skills": [{"name": "SQL"}, "Roadmaps", 7],
            "experiences": [
                {"title": "PM", "company": "Spotify", "starts_at": {"year": 2020, "month": 3, "day": 1}, "ends_at": null},
                {"title": "APM", "company": "Telefónica", "starts_at": "2016-09", "ends_at": "2020-02-29",
                 "description": "Billing"},
                {"title": "", "company": ""}
            ],
            "education": [
                {"school": "UPM", "degree_name": "MSc", "field_of_study": "Telecom", "starts_at": {"year": 2014},
                 "ends_at": {"year": 2016}},
                {"degree_name": "No school"}
            ]
        }));
        assert_eq!(parsed.title.as_deref(), Some("Product Manager"));
        assert_eq!(parsed.short_bio.as_deref(), Some("I build things."));
        assert_eq!(parsed.country.as_deref(), Some("Sweden"));
        assert_eq!(parsed.languages, vec!["English", "Spanish"]);
        assert_eq!(parsed.skills, vec!["SQL", "Roadmaps"]);
        assert_eq!(parsed.experiences.len(), 2);
        assert!(parsed.experiences[0].current);
        assert_eq!(parsed.experiences[0].start, Some(YearMonth::new(2020, Some(3))));
        assert_eq!(parsed.experiences[1].end, Some(YearMonth::new(2020, Some(2))));
        assert!(!parsed.experiences[1].current);
        assert_eq!(parsed.education.len(), 1);
        assert_eq!((parsed.education[0].start_year, parsed.education[0].end_year), (Some(2014), Some(2016)));
    }

    #[test]
    fn configuration_needs_a_url() {
        let from = |pairs: &[(&str, &str)]| {
            let map: std::collections::HashMap<String, String> =
                pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            LinkedInApiConfig::from_env(|name| map.get(name).cloned())
        };
        assert!(from(&[]).unwrap().is_none());
        assert!(from(&[("WAYPOINT_LINKEDIN_PROFILE_API_KEY", "k")]).is_err());
        assert!(from(&[("WAYPOINT_LINKEDIN_PROFILE_API_URL", "ftp://x")]).is_err());
        let config = from(&[
            ("WAYPOINT_LINKEDIN_PROFILE_API_URL", "https://p.example/v1/profile"),
            ("WAYPOINT_LINKEDIN_PROFILE_API_KEY", "secret"),
        ])
        .unwrap()
        .unwrap();
        assert!(!format!("{config:?}").contains("secret"));
    }
}
