//! Career entries (work and education), the career profile and user services, checked as
//! spec 002 §5 "Career entry" gives.

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    rich_text,
    sent::{Reference, Sent},
    FieldErrors,
};

use super::{
    check_words, clean_url, double_option, line, not_a_choice, parse_date, parse_group_ref, parse_topic_refs, rich,
    year, GroupRef, TopicRef, ENTRY_EDUCATION, ENTRY_WORK, MAX_BIO_WORDS, MAX_RICH_CHARS, MAX_SKILLS, MSG_REQUIRED,
};

/// A career entry (work or education) as sent; on update, the stored values fill in what
/// was left out before it is checked as a whole.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerEntryInput {
    /// work or education.
    #[serde(rename = "type", default)]
    pub entry_type: Option<String>,
    /// The job title, or the degree for education.
    #[serde(default)]
    pub title: Option<String>,
    /// Rich text (sanitised), at most 4000 characters of text.
    #[serde(default)]
    pub description: Option<String>,
    /// An institution (group) id, or the name of a new institution.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub group: Sent<Reference>,
    /// Skill ids, 1 to 7.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Sent<Vec<Sent<Reference>>>,
    #[serde(default)]
    pub is_currently_working: Option<bool>,
    /// YYYY-MM-DD.
    #[serde(default)]
    pub start_date: Option<String>,
    /// YYYY-MM-DD; required unless currently working.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub end_date: Option<Option<String>>,
    #[serde(default)]
    pub show_gps: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareerEntry {
    pub entry_type: &'static str,
    pub title: String,
    pub description: String,
    pub group: GroupRef,
    pub skills: Vec<TopicRef>,
    pub is_currently_working: bool,
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub show_gps: bool,
}

/// Checks a complete career entry (spec 002 §5 "Career entry").
pub fn validate_career_entry(input: &CareerEntryInput) -> Result<CareerEntry, FieldErrors> {
    let mut e = FieldErrors::new();
    let entry_type = match input.entry_type.as_deref().map(str::trim) {
        Some(ENTRY_WORK) => Some(ENTRY_WORK),
        Some(ENTRY_EDUCATION) => Some(ENTRY_EDUCATION),
        None | Some("") => {
            e.add("type", MSG_REQUIRED);
            None
        }
        Some(other) => {
            e.add("type", not_a_choice(other));
            None
        }
    };
    let title = input.title.as_deref().and_then(|t| line(&mut e, "title", t, 200));
    if title.is_none() && e.first("title").is_none() {
        e.add("title", MSG_REQUIRED);
    }
    let description = input.description.as_deref().and_then(rich);
    match &description {
        None => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::char_count(html) > MAX_RICH_CHARS => {
            e.add("description", format!("Maximum of {MAX_RICH_CHARS} characters"))
        }
        _ => {}
    }
    let group = parse_group_ref(&mut e, "group", &input.group);
    if group.is_none() && e.first("group").is_none() {
        e.add("group", MSG_REQUIRED);
    }
    let skills = parse_topic_refs(&mut e, "skills", &input.skills);
    if e.first("skills").is_none() {
        if skills.is_empty() {
            e.add("skills", MSG_REQUIRED);
        } else if skills.len() > MAX_SKILLS {
            e.add("skills", format!("Maximum {MAX_SKILLS} skills"));
        }
    }
    let current = input.is_currently_working.unwrap_or(false);
    let start = match input.start_date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(raw) => parse_date(&mut e, "start_date", raw),
        None => {
            e.add("start_date", MSG_REQUIRED);
            None
        }
    };
    let end = if current {
        None
    } else {
        match input.end_date.clone().flatten().as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(raw) => parse_date(&mut e, "end_date", raw),
            None => {
                e.add("end_date", MSG_REQUIRED);
                None
            }
        }
    };
    if let (Some(s), Some(end)) = (start, end) {
        if end < s {
            e.add("end_date", "End date must be after the start date.");
        }
    }
    e.into_result()?;
    Ok(CareerEntry {
        entry_type: entry_type.expect("checked"),
        title: title.expect("checked"),
        description: description.expect("checked"),
        group: group.expect("checked"),
        skills,
        is_currently_working: current,
        start_date: start.expect("checked"),
        end_date: end,
        show_gps: input.show_gps.unwrap_or(true),
    })
}

/// The career-profile record (spec 000 §3): all fields optional.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerProfileInput {
    /// A group id of this site (the organization when left out).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    pub group: Option<Option<i64>>,
    /// An institution id, or the name of a new institution.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub institution: Sent<Reference>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub start_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub title: Option<Option<String>>,
}

#[derive(Debug, Clone, Default)]
pub struct CareerProfileChanges {
    pub institution: Option<Option<GroupRef>>,
    pub start_date: Option<Option<NaiveDate>>,
    pub batch: Option<Option<String>>,
    pub title: Option<Option<String>>,
}

pub fn validate_career_profile(input: &CareerProfileInput) -> Result<CareerProfileChanges, FieldErrors> {
    let mut e = FieldErrors::new();
    let mut out = CareerProfileChanges::default();
    if !input.institution.is_absent() {
        out.institution = Some(parse_group_ref(&mut e, "institution", &input.institution));
    }
    if let Some(value) = &input.start_date {
        out.start_date = Some(
            value.as_deref().map(str::trim).filter(|v| !v.is_empty()).and_then(|v| parse_date(&mut e, "start_date", v)),
        );
    }
    if let Some(value) = &input.batch {
        out.batch = Some(value.as_deref().and_then(|v| year(&mut e, "batch", v)));
    }
    if let Some(value) = &input.title {
        out.title = Some(value.as_deref().and_then(|v| line(&mut e, "title", v, 200)));
    }
    e.into_result()?;
    Ok(out)
}

/// A service a user offers (mentoring, reviews, …).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UserServiceInput {
    #[serde(default)]
    pub title: Option<String>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
    /// A booking or information link (http or https).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub url: Option<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserService {
    pub title: String,
    pub description: Option<String>,
    pub url: Option<String>,
}

/// Checks a complete user service (on update, stored values fill in what was left out).
pub fn validate_user_service(input: &UserServiceInput) -> Result<UserService, FieldErrors> {
    let mut e = FieldErrors::new();
    let title = input.title.as_deref().and_then(|t| line(&mut e, "title", t, 200));
    if title.is_none() && e.first("title").is_none() {
        e.add("title", MSG_REQUIRED);
    }
    let description = input.description.clone().flatten().as_deref().and_then(rich);
    check_words(&mut e, "description", &description, MAX_BIO_WORDS);
    let url = input.url.clone().flatten().as_deref().and_then(|u| clean_url(&mut e, "url", u));
    e.into_result()?;
    Ok(UserService { title: title.expect("checked"), description, url })
}
