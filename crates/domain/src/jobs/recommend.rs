//! Recommended applicants of a job (spec 001 §7 "Recommended applicants: job_id,
//! group_from_user_to_be_included, extra_info_filter (JSON with uni_batch, department,
//! affiliation)", §8 'Could not fetch recommended applicants'): the `extra_info_filter`
//! parameter, parsed into the answers of the organization's registration form that a
//! recommended person must have given.

use crate::FieldErrors;

/// The keys `extra_info_filter` may hold: answers of the institutional registration screen,
/// kept in the group profile's `extra_info`.
pub const FILTER_KEYS: [&str; 3] = ["uni_batch", "department", "affiliation"];
/// The query parameter's name, which its errors are reported on.
pub const FILTER_FIELD: &str = "extra_info_filter";
/// Longest value accepted for one key.
pub const MAX_VALUE_CHARS: usize = 200;

pub const MSG_NOT_OBJECT: &str = "Expected a JSON object with uni_batch, department or affiliation.";

/// The answers a recommended person must have given (each compared ignoring case).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtraInfoFilter {
    /// `(key, value)`, key one of [`FILTER_KEYS`], in that order; blank values are left out.
    pub answers: Vec<(&'static str, String)>,
}

impl ExtraInfoFilter {
    /// Parses the parameter's text. Absent or blank text is no filter; anything that is not
    /// a JSON object, a key outside [`FILTER_KEYS`], or a value that is not a string or a
    /// number (`uni_batch` may be sent as 2020) is an error on `extra_info_filter`.
    pub fn parse(raw: Option<&str>) -> Result<ExtraInfoFilter, FieldErrors> {
        let mut errors = FieldErrors::new();
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else { return Ok(Self::default()) };
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(raw) else {
            errors.add(FILTER_FIELD, MSG_NOT_OBJECT);
            return Err(errors);
        };
        let mut answers = Vec::new();
        for (key, value) in &map {
            let Some(known) = FILTER_KEYS.iter().find(|k| **k == key.as_str()) else {
                errors.add(
                    FILTER_FIELD,
                    format!("\"{key}\" is not a valid key: use uni_batch, department or affiliation."),
                );
                continue;
            };
            let text = match value {
                serde_json::Value::Null => continue,
                serde_json::Value::String(s) => s.trim().to_string(),
                serde_json::Value::Number(n) => n.to_string(),
                _ => {
                    errors.add(FILTER_FIELD, format!("\"{key}\" must be a string."));
                    continue;
                }
            };
            if text.chars().count() > MAX_VALUE_CHARS {
                errors.add(FILTER_FIELD, format!("\"{key}\" must be at most {MAX_VALUE_CHARS} characters."));
                continue;
            }
            if !text.is_empty() {
                answers.push((*known, text));
            }
        }
        errors.into_result()?;
        answers.sort_by_key(|(key, _)| FILTER_KEYS.iter().position(|k| k == key));
        Ok(ExtraInfoFilter { answers })
    }
}

/// A cosine of a profile with the job from which the person's work is named as close to it.
pub const CLOSE_IN_MEANING: f32 = 0.35;

/// Why a person is recommended for a job: "Works as Data Engineer, close to what the job is
/// about; has 2 of its skills; lives in one of its countries".
pub fn reason(similarity: Option<f32>, title: Option<&str>, matching_skills: u64, same_country: bool) -> String {
    let mut parts = Vec::new();
    if similarity.is_some_and(|c| c >= CLOSE_IN_MEANING) {
        parts.push(match title.map(str::trim).filter(|t| !t.is_empty()) {
            Some(title) => format!("Works as {title}, close to what the job is about"),
            None => "Close to what the job is about".to_string(),
        });
    }
    match matching_skills {
        0 => {}
        1 => parts.push("has 1 of its skills".to_string()),
        n => parts.push(format!("has {n} of its skills")),
    }
    if same_country {
        parts.push("lives in one of its countries".to_string());
    }
    if parts.is_empty() {
        return "Member of the group".to_string();
    }
    let text = parts.join("; ");
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn reasons_say_why_a_person_fits_a_job() {
        assert_eq!(
            super::reason(Some(0.5), Some("Data Engineer"), 2, true),
            "Works as Data Engineer, close to what the job is about; has 2 of its skills; lives in one of its countries"
        );
        assert_eq!(super::reason(None, None, 1, false), "Has 1 of its skills");
        assert_eq!(super::reason(Some(0.1), Some("Chef"), 0, false), "Member of the group");
    }

    use super::*;

    fn first(raw: &str) -> String {
        ExtraInfoFilter::parse(Some(raw)).unwrap_err().first(FILTER_FIELD).unwrap().to_string()
    }

    #[test]
    fn the_filter_is_parsed() {
        assert_eq!(ExtraInfoFilter::parse(None).unwrap(), ExtraInfoFilter::default());
        assert_eq!(ExtraInfoFilter::parse(Some("  ")).unwrap(), ExtraInfoFilter::default());
        let parsed =
            ExtraInfoFilter::parse(Some(r#"{"department": " Economics ", "uni_batch": 2020, "affiliation": ""}"#))
                .unwrap();
        assert_eq!(parsed.answers, vec![("uni_batch", "2020".to_string()), ("department", "Economics".to_string())]);
        assert_eq!(ExtraInfoFilter::parse(Some(r#"{"affiliation": null}"#)).unwrap().answers, vec![]);
    }

    #[test]
    fn bad_filters_are_refused_on_the_field() {
        assert_eq!(first("{not json"), MSG_NOT_OBJECT);
        assert_eq!(first("[1, 2]"), MSG_NOT_OBJECT);
        assert_eq!(first("\"department\""), MSG_NOT_OBJECT);
        assert!(first(r#"{"salary": "1"}"#).starts_with("\"salary\" is not a valid key"));
        assert_eq!(first(r#"{"department": ["a"]}"#), "\"department\" must be a string.");
        assert!(first(&format!(r#"{{"department": "{}"}}"#, "x".repeat(201))).contains("at most 200"));
    }
}
