//! The job form as the API takes it (spec 001 §5 "Job"): every field optional in the body,
//! so one type serves create and partial update; [`apply`] lays the given fields over a
//! form (blank for create, the stored job for update), then the domain rules check it.

use chrono::NaiveDate;
use domain::{
    groups::questions,
    jobs::form::{JobForm, DEFAULT_LOCATION, STATUS_DRAFT},
    option_value::OptionValue,
    FieldErrors,
};
use serde::Deserialize;
use serde_json::Value;
use store::entities::job_posts;
use utoipa::ToSchema;

use crate::serde_util::double_option;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct JobInput {
    /// Required on create.
    pub title: Option<String>,
    /// Rich text, at most 4000 characters of text; required on create.
    pub description: Option<String>,
    /// Rich text, at most 4000 characters of text; null or blank clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub requirements: Option<Option<String>>,
    /// The owning group's id: required on create, fixed afterwards.
    pub group: Option<i64>,
    /// Skill topic ids, at most 7.
    pub skills: Option<Vec<i64>>,
    pub countries: Option<Vec<String>>,
    /// The tenant's career stage values (numbers; their text is taken too).
    pub career_stages: Option<Vec<OptionValue>>,
    /// `all` means every field (stored as an empty list).
    pub professional_fields: Option<Vec<OptionValue>>,
    /// remote (the default), on_site or hybrid.
    pub job_location: Option<String>,
    /// project_based, full_time, part_time or internship; null clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub job_type: Option<Option<String>>,
    /// Required for on_site and hybrid jobs.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub address: Option<Option<String>>,
    /// YYYY-MM-DD; null or blank clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub application_open_date: Option<Option<String>>,
    /// YYYY-MM-DD, not before the open date; null or blank clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub application_close_date: Option<Option<String>>,
    /// pending (Draft, the default) or approved (Published). Publishing and going back to
    /// draft are also this field on PATCH.
    pub job_status: Option<String>,
    /// `{questions: [...]}`: the questions applicants answer (the groups' question model).
    #[schema(value_type = Option<Object>)]
    pub extra_info: Option<Value>,
}

/// A form and the job's `extra_info`, after the body was laid over them.
pub struct Parsed {
    pub form: JobForm,
    pub extra_info: Value,
}

pub fn blank_form() -> JobForm {
    JobForm { job_location: DEFAULT_LOCATION.into(), job_status: STATUS_DRAFT.into(), ..Default::default() }
}

/// The stored job as a form.
pub fn form_of(job: &job_posts::Model, skills: Vec<i64>) -> JobForm {
    let strings = |value: &Option<Value>| -> Vec<String> {
        value
            .as_ref()
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    JobForm {
        title: job.title.clone(),
        description: Some(job.description.clone()),
        requirements: job.requirements.clone(),
        skills,
        countries: strings(&job.countries),
        career_stages: strings(&job.career_stages),
        professional_fields: strings(&job.professional_fields),
        job_location: job.job_location.clone(),
        job_type: job.job_type.clone(),
        address: job.address.clone(),
        application_open_date: job.application_open_date,
        application_close_date: job.application_close_date,
        job_status: job.job_status.clone(),
    }
}

fn date(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    let text = value.map(str::trim).filter(|t| !t.is_empty())?;
    match NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d") {
        Ok(date) => Some(date),
        Err(_) => {
            errors.add(field, "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.");
            None
        }
    }
}

/// Lays the given fields over `form` and `extra_info`, then checks the whole form.
pub fn apply(
    body: JobInput,
    mut form: JobForm,
    extra_info: Option<&Value>,
    random: impl FnMut() -> u32,
) -> Result<Parsed, FieldErrors> {
    let mut errors = FieldErrors::new();
    if let Some(title) = body.title {
        form.title = title;
    }
    if let Some(description) = body.description {
        form.description = Some(description);
    }
    if let Some(requirements) = body.requirements {
        form.requirements = requirements;
    }
    if let Some(skills) = body.skills {
        form.skills = skills;
    }
    if let Some(countries) = body.countries {
        form.countries = countries;
    }
    if let Some(stages) = body.career_stages {
        form.career_stages = OptionValue::texts(stages);
    }
    if let Some(fields) = body.professional_fields {
        form.professional_fields = OptionValue::texts(fields);
    }
    if let Some(location) = body.job_location {
        form.job_location = location;
    }
    if let Some(kind) = body.job_type {
        form.job_type = kind;
    }
    if let Some(address) = body.address {
        form.address = address;
    }
    if let Some(open) = body.application_open_date {
        form.application_open_date = date(&mut errors, "application_open_date", open.as_deref());
    }
    if let Some(close) = body.application_close_date {
        form.application_close_date = date(&mut errors, "application_close_date", close.as_deref());
    }
    if let Some(status) = body.job_status {
        form.job_status = status;
    }
    let mut extra = extra_info.and_then(Value::as_object).cloned().unwrap_or_default();
    match body.extra_info {
        None | Some(Value::Null) => {}
        Some(Value::Object(given)) => {
            if let Some(list) = given.get("questions") {
                match questions::normalize(list, random) {
                    Ok(list) => {
                        extra.insert("questions".into(), serde_json::to_value(list).unwrap_or_default());
                    }
                    Err(found) => errors.merge_prefixed("extra_info.", found),
                }
            }
        }
        Some(_) => errors.add("extra_info", "Expected an object."),
    }
    if let Err(found) = domain::jobs::form::validate(&mut form) {
        errors.merge_prefixed("", found);
    }
    errors.into_result().map(|_| Parsed { form, extra_info: Value::Object(extra) })
}
