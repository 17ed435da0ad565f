//! The input steps of CareerGPS before any question (spec 002 §4 "CareerGPS agent flow",
//! §5 "Career-guidance registration", "Import", "Authenticated profile source"):
//! Personal Information (`register-career-gps`), the visitor's profile source (a LinkedIn
//! URL or a resume) and a member's profile-completion threshold.

use serde_json::Value;

use crate::{accounts, imports, FieldErrors};

pub const MSG_REQUIRED: &str = "Required";
pub const MSG_INVALID_EMAIL: &str = "Invalid email address";
pub const MSG_LINKEDIN_REQUIRED: &str = "LinkedIn URL is required";
pub const MSG_RESUME_REQUIRED: &str = "Resume file is required";
pub const MSG_SOURCE: &str = "Choose LinkedIn or a resume.";
pub const DEFAULT_COUNTRY: &str = "US";
pub const MAX_COUNTRY_CHARS: usize = 100;

/// Personal Information, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareerGpsRegistration {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub country: String,
}

fn text(body: &Value, key: &str) -> String {
    body.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("").to_string()
}

/// Checks `{first_name, last_name, country, email}`: names and email required ('Required'),
/// the email's form ('Invalid email address'); a missing country is the form's default, US.
pub fn parse_registration(body: &Value) -> Result<CareerGpsRegistration, FieldErrors> {
    let mut errors = FieldErrors::new();
    let first_name = text(body, "first_name");
    let last_name = text(body, "last_name");
    for (field, value) in [("first_name", &first_name), ("last_name", &last_name)] {
        if value.is_empty() {
            errors.add(field, MSG_REQUIRED);
        } else if value.chars().count() > accounts::NAME_MAX {
            errors.add(field, format!("Ensure this field has no more than {} characters.", accounts::NAME_MAX));
        }
    }
    let email = accounts::normalize_email(&text(body, "email"));
    if email.is_empty() {
        errors.add("email", MSG_REQUIRED);
    } else if !accounts::is_valid_email(&email) {
        errors.add("email", MSG_INVALID_EMAIL);
    }
    let mut country = text(body, "country");
    if country.is_empty() {
        country = DEFAULT_COUNTRY.to_string();
    } else if country.chars().count() > MAX_COUNTRY_CHARS {
        errors.add("country", format!("Ensure this field has no more than {MAX_COUNTRY_CHARS} characters."));
    }
    errors.into_result()?;
    Ok(CareerGpsRegistration { first_name, last_name, email, country })
}

/// Where a visitor's profile comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileSource {
    /// The canonical profile URL.
    Linkedin(String),
    /// An uploaded file's id (the caller checks it is the person's PDF).
    Resume(i64),
}

/// Checks `{source: "linkedin" | "resume", linkedin_url, resume}` ('LinkedIn URL is
/// required', 'Resume file is required'). Without `source`, whichever of the two is given.
pub fn parse_profile_source(body: &Value) -> Result<ProfileSource, FieldErrors> {
    let mut errors = FieldErrors::new();
    let url = text(body, "linkedin_url");
    let resume = match body.get("resume") {
        Some(Value::Number(n)) => n.as_i64().filter(|id| *id > 0),
        Some(Value::String(s)) => s.trim().parse::<i64>().ok().filter(|id| *id > 0),
        _ => None,
    };
    let source = match text(body, "source").as_str() {
        "" if resume.is_some() && url.is_empty() => imports::SOURCE_RESUME.to_string(),
        "" => imports::SOURCE_LINKEDIN.to_string(),
        other => other.to_string(),
    };
    match source.as_str() {
        imports::SOURCE_LINKEDIN if url.is_empty() => errors.add("linkedin_url", MSG_LINKEDIN_REQUIRED),
        imports::SOURCE_LINKEDIN => match imports::linkedin_profile_url(&url) {
            Some(url) => return Ok(ProfileSource::Linkedin(url)),
            None => errors.add("linkedin_url", imports::MSG_LINKEDIN_URL_INVALID),
        },
        imports::SOURCE_RESUME => match resume {
            Some(id) => return Ok(ProfileSource::Resume(id)),
            None => errors.add("resume", MSG_RESUME_REQUIRED),
        },
        _ => errors.add("source", MSG_SOURCE),
    }
    Err(errors)
}

/// The threshold message with its N.
pub fn profile_completion_message(threshold: u8) -> String {
    format!(
        "Profile completion percent should be greater than {threshold}%. Complete your profile or upload your resume \
         to proceed."
    )
}

/// A member's profile must be complete to at least `threshold` percent (§5: "at or above").
pub fn check_profile_completion(completion_percent: u8, threshold: u8) -> Result<(), String> {
    if completion_percent >= threshold {
        Ok(())
    } else {
        Err(profile_completion_message(threshold))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn registration_messages_and_the_default_country() {
        let ok = parse_registration(&json!({"first_name": " Ada ", "last_name": "L", "email": "ADA@x.org"})).unwrap();
        assert_eq!(ok.country, "US");
        assert_eq!((ok.first_name.as_str(), ok.email.as_str()), ("Ada", "ada@x.org"));
        let kept =
            parse_registration(&json!({"first_name": "A", "last_name": "B", "email": "a@b.co", "country": "KE"}));
        assert_eq!(kept.unwrap().country, "KE");
        let errors = parse_registration(&json!({"first_name": " ", "email": "not-an-email"})).unwrap_err();
        assert_eq!(errors.first("first_name"), Some("Required"));
        assert_eq!(errors.first("last_name"), Some("Required"));
        assert_eq!(errors.first("email"), Some("Invalid email address"));
        assert_eq!(parse_registration(&json!({})).unwrap_err().first("email"), Some("Required"));
    }

    #[test]
    fn profile_source_messages() {
        let missing_url = parse_profile_source(&json!({"source": "linkedin", "linkedin_url": " "})).unwrap_err();
        assert_eq!(missing_url.first("linkedin_url"), Some("LinkedIn URL is required"));
        let missing_file = parse_profile_source(&json!({"source": "resume"})).unwrap_err();
        assert_eq!(missing_file.first("resume"), Some("Resume file is required"));
        assert_eq!(
            parse_profile_source(&json!({"source": "linkedin", "linkedin_url": "example.com/in/x"}))
                .unwrap_err()
                .first("linkedin_url"),
            Some(imports::MSG_LINKEDIN_URL_INVALID)
        );
        assert_eq!(
            parse_profile_source(&json!({"linkedin_url": "linkedin.com/in/ada-l"})).unwrap(),
            ProfileSource::Linkedin("https://www.linkedin.com/in/ada-l/".into())
        );
        assert_eq!(parse_profile_source(&json!({"resume": "14"})).unwrap(), ProfileSource::Resume(14));
        assert_eq!(parse_profile_source(&json!({})).unwrap_err().first("linkedin_url"), Some(MSG_LINKEDIN_REQUIRED));
        assert_eq!(parse_profile_source(&json!({"source": "fax"})).unwrap_err().first("source"), Some(MSG_SOURCE));
    }

    #[test]
    fn the_profile_threshold() {
        assert_eq!(check_profile_completion(60, 60), Ok(()));
        assert_eq!(
            check_profile_completion(59, 60).unwrap_err(),
            "Profile completion percent should be greater than 60%. Complete your profile or upload your resume to \
             proceed."
        );
        assert!(check_profile_completion(74, 75).unwrap_err().contains("greater than 75%"));
    }
}
