//! The job form (spec 001 §5 "Job", §9): what is required, the limits and their messages.

use chrono::NaiveDate;

use crate::{
    groups::form::{
        msg_max_chars, normalize_professional_fields, MAX_LIST_ITEM_CHARS, MAX_RICH_CHARS, MSG_CLOSE_BEFORE_OPEN,
        MSG_MAX_RICH, MSG_REQUIRED,
    },
    rich_text, FieldErrors,
};

pub const JOB_LOCATIONS: [&str; 3] = ["remote", "on_site", "hybrid"];
pub const JOB_TYPES: [&str; 4] = ["project_based", "full_time", "part_time", "internship"];
/// pending is shown as Draft, approved as Published.
pub const JOB_STATUSES: [&str; 2] = [STATUS_DRAFT, STATUS_PUBLISHED];
pub const STATUS_DRAFT: &str = "pending";
pub const STATUS_PUBLISHED: &str = "approved";
pub const DEFAULT_LOCATION: &str = "remote";

pub const MAX_SKILLS: usize = 7;
pub const MSG_MAX_SKILLS: &str = "Maximum 7 skills";
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_ADDRESS_CHARS: usize = 255;
/// Countries, career stages and professional fields: at most this many each.
pub const MAX_LIST_ITEMS: usize = 50;

/// A job as the form gives it, normalised by [`validate`]: rich text sanitised (blank
/// becomes none), text trimmed, lists without blanks and repeats.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JobForm {
    pub title: String,
    pub description: Option<String>,
    pub requirements: Option<String>,
    /// Topic ids of type skill.
    pub skills: Vec<i64>,
    pub countries: Vec<String>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub job_location: String,
    pub job_type: Option<String>,
    pub address: Option<String>,
    pub application_open_date: Option<NaiveDate>,
    pub application_close_date: Option<NaiveDate>,
    pub job_status: String,
}

fn clean_rich(field: &mut Option<String>) {
    if let Some(html) = field.as_deref() {
        let clean = rich_text::sanitize_html(html);
        *field = if rich_text::plain_text(&clean).is_empty() { None } else { Some(clean) };
    }
}

fn clean_text(field: &mut Option<String>) {
    *field = field.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
}

fn clean_list(items: &mut Vec<String>) {
    let mut out: Vec<String> = Vec::new();
    for item in items.drain(..) {
        let item = item.trim().to_string();
        if !item.is_empty() && !out.contains(&item) {
            out.push(item);
        }
    }
    *items = out;
}

/// Normalises the form and checks every rule, reporting each on its field.
pub fn validate(form: &mut JobForm) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    form.title = form.title.trim().to_string();
    // The raw HTML is measured too, so markup alone cannot make a post huge.
    for (field, value) in [("description", &form.description), ("requirements", &form.requirements)] {
        if value.as_deref().is_some_and(|html| html.chars().count() > MAX_RICH_CHARS * 4) {
            e.add(field, MSG_MAX_RICH);
        }
    }
    clean_rich(&mut form.description);
    clean_rich(&mut form.requirements);
    clean_text(&mut form.address);
    clean_text(&mut form.job_type);
    form.job_location = form.job_location.trim().to_string();
    form.job_status = form.job_status.trim().to_string();
    clean_list(&mut form.countries);
    clean_list(&mut form.career_stages);
    clean_list(&mut form.professional_fields);
    form.professional_fields = normalize_professional_fields(std::mem::take(&mut form.professional_fields));
    let mut skills = Vec::new();
    for id in form.skills.drain(..) {
        if !skills.contains(&id) {
            skills.push(id);
        }
    }
    form.skills = skills;

    if form.title.is_empty() {
        e.add("title", MSG_REQUIRED);
    } else if form.title.chars().count() > MAX_TITLE_CHARS {
        e.add("title", msg_max_chars(MAX_TITLE_CHARS));
    }
    match form.description.as_deref() {
        None if e.first("description").is_none() => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::char_count(html) > MAX_RICH_CHARS && e.first("description").is_none() => {
            e.add("description", MSG_MAX_RICH)
        }
        _ => {}
    }
    if form.requirements.as_deref().is_some_and(|html| rich_text::char_count(html) > MAX_RICH_CHARS)
        && e.first("requirements").is_none()
    {
        e.add("requirements", MSG_MAX_RICH);
    }
    if form.skills.len() > MAX_SKILLS {
        e.add("skills", MSG_MAX_SKILLS);
    }
    if form.skills.iter().any(|id| *id <= 0) {
        e.add("skills", "A valid integer is required.");
    }
    for (field, items) in [
        ("countries", &form.countries),
        ("career_stages", &form.career_stages),
        ("professional_fields", &form.professional_fields),
    ] {
        if items.len() > MAX_LIST_ITEMS {
            e.add(field, format!("Ensure this field has no more than {MAX_LIST_ITEMS} elements."));
        } else if items.iter().any(|item| item.chars().count() > MAX_LIST_ITEM_CHARS) {
            e.add(field, format!("Ensure every item has no more than {MAX_LIST_ITEM_CHARS} characters."));
        }
    }
    if form.job_location.is_empty() {
        e.add("job_location", MSG_REQUIRED);
    } else if !JOB_LOCATIONS.contains(&form.job_location.as_str()) {
        e.add("job_location", format!("\"{}\" is not a valid choice.", form.job_location));
    }
    if let Some(kind) = form.job_type.as_deref() {
        if !JOB_TYPES.contains(&kind) {
            e.add("job_type", format!("\"{kind}\" is not a valid choice."));
        }
    }
    match form.address.as_deref() {
        None if matches!(form.job_location.as_str(), "on_site" | "hybrid") => e.add("address", MSG_REQUIRED),
        Some(address) if address.chars().count() > MAX_ADDRESS_CHARS => {
            e.add("address", msg_max_chars(MAX_ADDRESS_CHARS))
        }
        _ => {}
    }
    if let (Some(open), Some(close)) = (form.application_open_date, form.application_close_date) {
        if close < open {
            e.add("application_close_date", MSG_CLOSE_BEFORE_OPEN);
        }
    }
    if !JOB_STATUSES.contains(&form.job_status.as_str()) {
        e.add("job_status", format!("\"{}\" is not a valid choice.", form.job_status));
    }
    e.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job() -> JobForm {
        JobForm {
            title: " Data analyst ".into(),
            description: Some("<p>Work with us</p><script>x()</script>".into()),
            job_location: "remote".into(),
            job_status: STATUS_DRAFT.into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_valid_form_is_normalised() {
        let mut form = JobForm {
            skills: vec![3, 3, 4],
            countries: vec![" Kenya".into(), "Kenya".into(), "".into()],
            professional_fields: vec!["all".into()],
            address: Some("  ".into()),
            ..job()
        };
        validate(&mut form).unwrap();
        assert_eq!(form.title, "Data analyst");
        assert_eq!(form.description.as_deref(), Some("<p>Work with us</p>"));
        assert_eq!(form.skills, vec![3, 4]);
        assert_eq!(form.countries, vec!["Kenya"]);
        assert!(form.professional_fields.is_empty());
        assert_eq!(form.address, None);
    }

    #[test]
    fn required_fields_and_limits_have_the_spec_messages() {
        let mut form = JobForm {
            title: " ".into(),
            description: Some("<p> </p>".into()),
            requirements: Some("x".repeat(4001)),
            skills: (1..=8).collect(),
            job_location: "on_site".into(),
            ..job()
        };
        let e = validate(&mut form).unwrap_err();
        assert_eq!(e.first("title"), Some(MSG_REQUIRED));
        assert_eq!(e.first("description"), Some(MSG_REQUIRED));
        assert_eq!(e.first("requirements"), Some(MSG_MAX_RICH));
        assert_eq!(e.first("skills"), Some(MSG_MAX_SKILLS));
        assert_eq!(e.first("address"), Some(MSG_REQUIRED));
    }

    #[test]
    fn four_thousand_characters_pass_and_one_more_does_not() {
        let mut form = JobForm { description: Some(format!("<p>{}</p>", "a".repeat(4000))), ..job() };
        validate(&mut form).unwrap();
        let mut form = JobForm { description: Some("a".repeat(4001)), ..job() };
        assert_eq!(validate(&mut form).unwrap_err().first("description"), Some(MSG_MAX_RICH));
    }

    #[test]
    fn choices_and_dates_are_checked() {
        let mut form = JobForm {
            job_location: "moon".into(),
            job_type: Some("gig".into()),
            job_status: "live".into(),
            application_open_date: NaiveDate::from_ymd_opt(2026, 5, 2),
            application_close_date: NaiveDate::from_ymd_opt(2026, 5, 1),
            ..job()
        };
        let e = validate(&mut form).unwrap_err();
        assert_eq!(e.first("job_location"), Some("\"moon\" is not a valid choice."));
        assert_eq!(e.first("job_type"), Some("\"gig\" is not a valid choice."));
        assert_eq!(e.first("job_status"), Some("\"live\" is not a valid choice."));
        assert_eq!(e.first("application_close_date"), Some(MSG_CLOSE_BEFORE_OPEN));
        let mut hybrid = JobForm { job_location: "hybrid".into(), address: Some("Nairobi".into()), ..job() };
        validate(&mut hybrid).unwrap();
    }
}
