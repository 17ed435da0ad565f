//! The circle programme (spec 002 §2–§9, 001 §5): asking for a circle, applying to lead
//! circles and reviewing the applications, the leader certification, and the list of
//! certified circle leaders.
//!
//! - `POST /request-circle/`
//! - `GET /leader-certification-questions/`
//! - `GET|POST /leader-applications/`, `GET /certification-application/` (the same list),
//!   `POST /leader-applications/{id}/review/`
//! - `GET /leader-certifications/` (the caller's own), `GET /circle-leaders/`

use crate::extract::page_from_query;
use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use chrono::{Datelike, NaiveDate, Utc};
use domain::sent::{NumberOrText, Pk, Sent};
use domain::{
    config::AppConfig,
    groups::questions::{self, Question},
    FieldErrors,
};
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use store::{
    entities::{leader_applications, leader_certifications, users},
    queries::{
        groups as group_q, memberships as member_q, profiles as profile_q,
        programme::{self as q, LeaderFilter},
        users as user_q,
    },
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::groups::{bool_param, list_param, text_param};
use crate::{
    areas::uploads::{attached_files, AttachedFile},
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Client, Tenant},
    mailer, rate_limit,
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request_circle))
        .routes(routes!(certification_questions))
        .routes(routes!(list_applications, submit_application))
        .routes(routes!(certification_applications))
        .routes(routes!(review_application))
        .routes(routes!(own_certification))
        .routes(routes!(circle_leaders))
}

pub const MSG_REQUIRED: &str = "This field is required";
pub const MSG_MONTH: &str = "Please select a month";
pub const MSG_OPTION: &str = "Please select an option";
pub const MSG_COUNTRY: &str = "Please select a country";
pub const MSG_MIN_HOURS: &str = "Ensure this value is greater than or equal to 1.";
pub const MSG_REQUEST_SUBMITTED: &str = "Your circle request has been submitted.";
pub const MSG_UNDER_REVIEW: &str = "Your previous application is still under review.";
pub const MSG_APPLICATION_SUBMITTED: &str = "Your application has been submitted successfully.";
pub const MSG_ALREADY_REVIEWED: &str = "This application has already been reviewed.";
pub const MAX_TEXT_CHARS: usize = 4000;
/// `circle_requests.location` is varchar(100).
pub const MAX_LOCATION_CHARS: usize = 100;
/// Hours a week; more than a week has is not a commitment.
pub const MAX_HOURS: i64 = 168;
pub const LEADERS_PAGE_SIZE: u64 = 9;
pub const APPLICATIONS_PAGE_SIZE: u64 = 20;

/// The certification levels (spec 000 §9).
pub fn level_name(level: i64) -> Option<&'static str> {
    match level {
        1 => Some("Basic"),
        2 => Some("Intermediate"),
        3 => Some("Advanced"),
        _ => None,
    }
}

/// Whether the caller reviews leader applications of the tenant: staff, or an accepted
/// admin or leader of the tenant's organization.
async fn is_reviewer(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<bool> {
    Ok(user.is_staff || member_q::is_manager(&state.db, tenant.organization_id(), user.id).await?)
}

fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

// ---------------------------------------------------------------- circle request

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleRequestView {
    pub id: i64,
    pub real_world_problems_to_solve: String,
    pub goal: String,
    /// YYYY-MM.
    pub urgency: String,
    pub hours_commitment: i32,
    /// remote or in_person.
    pub learning_modality: String,
    pub location: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleRequestAnswer {
    pub data: CircleRequestView,
    pub message: String,
}

/// The request form's body (spec 002 §3 "Circle request form").
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CircleRequestInput {
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub real_world_problems_to_solve: Sent<String>,
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub goal: Sent<String>,
    /// The month it is needed by, YYYY-MM; not in the past.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub urgency: Sent<String>,
    /// Hours a week, at least 1.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub hours_commitment: Sent<NumberOrText>,
    /// remote or in_person.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub learning_modality: Sent<String>,
    /// A country; required for in_person only.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub location: Sent<String>,
}

#[derive(Debug)]
struct CheckedRequest {
    problems: String,
    goal: String,
    urgency: String,
    hours: i32,
    modality: String,
    location: Option<String>,
}

fn required_text(errors: &mut FieldErrors, value: Sent<String>, field: &str) -> String {
    match value {
        Sent::Value(text) if !text.trim().is_empty() => {
            let text = text.trim().to_string();
            if text.chars().count() > MAX_TEXT_CHARS {
                errors.add(field, format!("Ensure this field has no more than {MAX_TEXT_CHARS} characters."));
            }
            text
        }
        Sent::Null | Sent::Absent | Sent::Value(_) => {
            errors.add(field, MSG_REQUIRED);
            String::new()
        }
        Sent::WrongType => {
            errors.add(field, "Not a valid string.");
            String::new()
        }
    }
}

/// The first day of a "YYYY-MM" month.
fn parse_month(text: &str) -> Option<NaiveDate> {
    let (year, month) = text.split_once('-')?;
    if year.len() != 4 || month.len() != 2 {
        return None;
    }
    NaiveDate::from_ymd_opt(year.parse().ok()?, month.parse().ok()?, 1)
}

fn check_request(body: CircleRequestInput, today: NaiveDate) -> Result<CheckedRequest, FieldErrors> {
    let mut errors = FieldErrors::new();
    let problems = required_text(&mut errors, body.real_world_problems_to_solve, "real_world_problems_to_solve");
    let goal = required_text(&mut errors, body.goal, "goal");
    let urgency = match body.urgency.text() {
        None => {
            errors.add("urgency", MSG_MONTH);
            String::new()
        }
        Some(text) => match parse_month(&text) {
            None => {
                errors.add("urgency", "Enter a valid month (YYYY-MM).");
                String::new()
            }
            Some(month) if (month.year(), month.month()) < (today.year(), today.month()) => {
                errors.add("urgency", "Please select a month that is not in the past.");
                String::new()
            }
            Some(_) => text,
        },
    };
    let hours = match body.hours_commitment {
        Sent::Absent | Sent::Null => {
            errors.add("hours_commitment", MSG_REQUIRED);
            0
        }
        Sent::Value(number) if number.is_blank_text() => {
            errors.add("hours_commitment", MSG_REQUIRED);
            0
        }
        sent => match sent.value().and_then(|number| number.whole()) {
            None => {
                errors.add("hours_commitment", "A valid integer is required.");
                0
            }
            Some(n) if n < 1 => {
                errors.add("hours_commitment", MSG_MIN_HOURS);
                0
            }
            Some(n) if n > MAX_HOURS => {
                errors.add("hours_commitment", format!("Ensure this value is less than or equal to {MAX_HOURS}."));
                0
            }
            Some(n) => n as i32,
        },
    };
    let modality = match body.learning_modality.value().as_deref().map(str::trim) {
        Some(m @ ("remote" | "in_person")) => m.to_string(),
        _ => {
            errors.add("learning_modality", MSG_OPTION);
            String::new()
        }
    };
    let location = if modality == "in_person" {
        match body.location.text() {
            Some(country) if country.chars().count() <= MAX_LOCATION_CHARS => Some(country),
            Some(_) => {
                errors.add("location", domain::groups::form::msg_max_chars(MAX_LOCATION_CHARS));
                None
            }
            None => {
                errors.add("location", MSG_COUNTRY);
                None
            }
        }
    } else {
        None
    };
    errors.into_result()?;
    Ok(CheckedRequest { problems, goal, urgency, hours, modality, location })
}

/// Asks for a circle that does not exist yet (spec 002 §5 "Circle request"). Accepted members
/// of the site's organization only, at most 10 an hour each. The site's administrators are
/// told by mail.
#[utoipa::path(
    post,
    path = "/api/v1/request-circle/",
    tag = "programme",
    request_body = CircleRequestInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = CircleRequestAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn request_circle(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CircleRequestInput>,
) -> ApiResult<(StatusCode, Json<CircleRequestAnswer>)> {
    if !super::groups::member_of_site(&state, &tenant, user.id).await? {
        return Err(ApiError::Forbidden(format!(
            "Only members of {} can request a circle. Join the organization first.",
            tenant.0.organization.name
        )));
    }
    let checked = check_request(body, Utc::now().date_naive())?;
    // Counted once a request is valid: a form with mistakes costs nothing.
    rate_limit::hit(&state, rate_limit::CIRCLE_REQUEST_PER_ACCOUNT, &user.id.to_string()).await?;
    let txn = state.db.begin().await?;
    let row = q::insert_circle_request(
        &txn,
        q::NewCircleRequest {
            tenant_id: tenant.id(),
            user_id: user.id,
            real_world_problems_to_solve: &checked.problems,
            goal: &checked.goal,
            urgency: &checked.urgency,
            hours_commitment: checked.hours,
            learning_modality: &checked.modality,
            location: checked.location.as_deref(),
        },
    )
    .await?;
    let modality = if checked.modality == "in_person" {
        format!("In person, in {}", checked.location.as_deref().unwrap_or(""))
    } else {
        "Remote".to_string()
    };
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    for admin in q::managers_of(&txn, tenant.organization_id()).await? {
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &admin.email,
            &admin.first_name,
            &format!("{} asked for a new circle", full_name(&user)),
            vec![
                format!("{} ({}) asked for a circle that does not exist yet.", full_name(&user), user.email),
                format!("Real-world problems to solve: {}", checked.problems),
                format!("Goal: {}", checked.goal),
                format!("Needed by: {}. Commitment: {} hours a week. {}.", checked.urgency, checked.hours, modality),
            ],
            Some(("See the circles", &link)),
        )
        .await?;
    }
    txn.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(CircleRequestAnswer {
            data: CircleRequestView {
                id: row.id,
                real_world_problems_to_solve: row.real_world_problems_to_solve,
                goal: row.goal,
                urgency: row.urgency,
                hours_commitment: row.hours_commitment,
                learning_modality: row.learning_modality,
                location: row.location,
                created_at: row.created_at.to_rfc3339(),
            },
            message: MSG_REQUEST_SUBMITTED.into(),
        }),
    ))
}

// ---------------------------------------------------------------- leader applications

fn tenant_questions(tenant: &Tenant) -> Vec<Question> {
    serde_json::from_value::<AppConfig>(tenant.0.tenant.config.clone())
        .unwrap_or_default()
        .leader_certification_questions
        .0
}

/// The questions people applying to lead circles answer (the site's configuration).
#[utoipa::path(
    get,
    path = "/api/v1/leader-certification-questions/",
    tag = "programme",
    responses((status = 200, body = Data<Vec<Question>>))
)]
async fn certification_questions(tenant: Tenant) -> Json<Data<Vec<Question>>> {
    Json(Data::new(tenant_questions(&tenant)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicantRef {
    pub id: i64,
    pub name: String,
    pub name_slug: Option<String>,
    pub image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderApplicationView {
    pub id: i64,
    pub user: i64,
    /// The applicant (reviewers' lists; the own list too).
    pub user_detail: Option<ApplicantRef>,
    pub group: Option<i64>,
    /// Answers by question id.
    #[schema(value_type = Object)]
    pub response: Value,
    /// pending, accepted or rejected.
    pub application_status: String,
    pub created_at: String,
    pub updated_at: String,
    /// Reviewers only (absent otherwise): the applicant's uploaded files that file answers
    /// give by id, to open them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<AttachedFile>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderApplicationAnswer {
    pub data: LeaderApplicationView,
    pub message: String,
}

/// Views of applications; `files_for` (the tenant and request, for reviewers) adds the
/// files the answers point at, in one query for the page.
async fn application_views(
    state: &AppState,
    rows: Vec<leader_applications::Model>,
    files_for: Option<(&Tenant, &RequestUrl)>,
) -> ApiResult<Vec<LeaderApplicationView>> {
    let mut files: Vec<Option<Vec<AttachedFile>>> = match files_for {
        Some((tenant, url)) => {
            let wanted: Vec<(i64, Vec<i64>)> = rows
                .iter()
                .map(|r| (r.user_id, r.response.as_object().map(questions::file_ids_in).unwrap_or_default()))
                .collect();
            attached_files(state, url, tenant.id(), &wanted).await?.into_iter().map(Some).collect()
        }
        None => vec![None; rows.len()],
    };
    let mut ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let profiles = profile_q::find_by_users(&state.db, &ids).await?;
    let people = q::users_by_ids(&state.db, &ids).await?;
    Ok(rows
        .into_iter()
        .zip(files.drain(..))
        .map(|(r, files)| {
            let profile = profiles.get(&r.user_id);
            LeaderApplicationView {
                id: r.id,
                user: r.user_id,
                user_detail: people.get(&r.user_id).map(|u| ApplicantRef {
                    id: u.id,
                    name: full_name(u),
                    name_slug: profile.map(|p| p.name_slug.clone()),
                    image: profile.and_then(|p| p.picture.clone()),
                }),
                group: r.group_id,
                response: r.response,
                application_status: r.status,
                created_at: r.created_at.to_rfc3339(),
                updated_at: r.updated_at.to_rfc3339(),
                files,
            }
        })
        .collect())
}

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationsQuery {
    /// true: every application of the site (staff and the site's administrators only).
    pub all: Option<bool>,
    /// pending, accepted or rejected.
    #[param(schema_with = application_statuses)]
    pub status: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 20 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 20)]
    pub page_size: Option<u64>,
}

fn application_statuses() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&[q::STATUS_PENDING, member_q::STATUS_ACCEPTED, q::STATUS_REJECTED])
}

async fn applications_page(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    url: &RequestUrl,
    query: &HashMap<String, String>,
) -> ApiResult<Page<LeaderApplicationView>> {
    let page = page_from_query(query, APPLICATIONS_PAGE_SIZE)?;
    let status = text_param(query, "status");
    if let Some(status) = &status {
        if ![q::STATUS_PENDING, member_q::STATUS_ACCEPTED, q::STATUS_REJECTED].contains(&status.as_str()) {
            return Err(ApiError::field("status", format!("\"{status}\" is not a valid choice.")));
        }
    }
    let mut errors = FieldErrors::new();
    let all = bool_param(&mut errors, query, "all").unwrap_or(false);
    errors.into_result()?;
    if all && !is_reviewer(state, tenant, user).await? {
        return Err(ApiError::forbidden());
    }
    let owner = (!all).then_some(user.id);
    let found =
        q::applications(&state.db, tenant.id(), owner, status.as_deref(), page.offset(), page.page_size).await?;
    let items = application_views(state, found.items, all.then_some((tenant, url))).await?;
    Ok(Page::new(items, found.count, &page, url))
}

/// The caller's leader applications, newest first; with `all=true`, every application of
/// the site for its reviewers.
#[utoipa::path(
    get,
    path = "/api/v1/leader-applications/",
    tag = "programme",
    params(ApplicationsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<LeaderApplicationView>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn list_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<LeaderApplicationView>>> {
    Ok(Json(applications_page(&state, &tenant, &user, &url, &query).await?))
}

/// The same list as `GET /leader-applications/` (spec 000 §7).
#[utoipa::path(
    get,
    path = "/api/v1/certification-application/",
    tag = "programme",
    params(ApplicationsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<LeaderApplicationView>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn certification_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<LeaderApplicationView>>> {
    Ok(Json(applications_page(&state, &tenant, &user, &url, &query).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LeaderApplicationInput {
    /// A circle of the site the application is about (optional).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<Pk>,
    /// Answers by question id. File questions take the uploaded file's URL (or its id). The
    /// questions are the site's own, so each answer is checked against its question.
    #[schema(value_type = Object)]
    #[serde(default)]
    pub response: Sent<Map<String, Value>>,
}

/// A file answer: the uploaded file's URL or path, or its id.
fn file_answer(answer: &Value) -> Option<Value> {
    match answer {
        Value::Number(n) if n.as_i64().is_some_and(|id| id > 0) => Some(answer.clone()),
        Value::String(s) => {
            let s = s.trim();
            if s.parse::<i64>().is_ok_and(|id| id > 0) {
                return s.parse::<i64>().ok().map(Value::from);
            }
            let link = (s.starts_with('/') && !s.starts_with("//"))
                || url::Url::parse(s).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
            (link && s.len() <= 1000).then(|| Value::String(s.to_string()))
        }
        _ => None,
    }
}

async fn has_pending_application(db: &impl sea_orm::ConnectionTrait, tenant: &Tenant, user_id: i64) -> ApiResult<bool> {
    Ok(q::latest_application(db, tenant.id(), user_id).await?.is_some_and(|a| a.status == q::STATUS_PENDING))
}

/// Checks the answers: file questions here, the others by the shared rules.
fn check_response(list: &[Question], answers: &Map<String, Value>) -> Result<Map<String, Value>, FieldErrors> {
    let (files, others): (Vec<Question>, Vec<Question>) = list.iter().cloned().partition(|q| q.kind == "file");
    let mut errors = FieldErrors::new();
    let mut kept = match questions::check_answers(&others, answers) {
        Ok(kept) => kept,
        Err(found) => {
            errors = found;
            Map::new()
        }
    };
    for question in files {
        let field = format!("answers.{}", question.id);
        let answer = answers.get(&question.id).cloned().unwrap_or(Value::Null);
        let blank = matches!(&answer, Value::Null) || answer.as_str().is_some_and(|s| s.trim().is_empty());
        if blank {
            if question.required {
                errors.add(field, questions::MSG_ANSWER_REQUIRED);
            }
            continue;
        }
        match file_answer(&answer) {
            Some(value) => {
                kept.insert(question.id.clone(), value);
            }
            None => errors.add(field, "Upload a file."),
        }
    }
    errors.into_result().map(|_| kept)
}

/// Applies to lead circles with answers to the site's leader certification questions.
/// One application at a time: while the latest is pending another is refused.
#[utoipa::path(
    post,
    path = "/api/v1/leader-applications/",
    tag = "programme",
    request_body = LeaderApplicationInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = LeaderApplicationAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)
    )
)]
async fn submit_application(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<LeaderApplicationInput>,
) -> ApiResult<(StatusCode, Json<LeaderApplicationAnswer>)> {
    // Answered early for a clear message; checked again under the lock below.
    if has_pending_application(&state.db, &tenant, user.id).await? {
        return Err(ApiError::field("non_field_errors", MSG_UNDER_REVIEW));
    }
    let mut errors = FieldErrors::new();
    let group = match body.group {
        Sent::Absent | Sent::Null => None,
        Sent::Value(Pk::Id(id)) if group_q::find(&state.db, tenant.id(), id).await?.is_some() => Some(id),
        sent => {
            let shown = match sent {
                Sent::Value(Pk::Id(id)) => id.to_string(),
                Sent::Value(Pk::Invalid(text)) => text.chars().take(50).collect(),
                _ => String::new(),
            };
            errors.add("group", format!("Invalid pk \"{shown}\" - object does not exist."));
            None
        }
    };
    let answers = match body.response {
        Sent::Value(map) => map,
        Sent::Absent | Sent::Null => Map::new(),
        Sent::WrongType => {
            errors.add("response", "Expected a dictionary of items.");
            Map::new()
        }
    };
    let kept = match check_response(&tenant_questions(&tenant), &answers) {
        Ok(kept) => kept,
        Err(found) => {
            for (field, messages) in found.0 {
                for message in messages {
                    errors.add(field.clone(), message);
                }
            }
            Map::new()
        }
    };
    errors.into_result()?;
    // The check and the insert run under a lock on the applicant's row (PostgreSQL) inside
    // a write transaction (SQLite's single writer), so two submissions at once cannot both
    // find no pending application.
    let txn = store::begin_write(&state.db).await?;
    user_q::lock(&txn, user.id).await?;
    if has_pending_application(&txn, &tenant, user.id).await? {
        return Err(ApiError::field("non_field_errors", MSG_UNDER_REVIEW));
    }
    let row = q::insert_application(&txn, tenant.id(), user.id, group, Value::Object(kept)).await?;
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    for admin in q::managers_of(&txn, tenant.organization_id()).await? {
        if admin.id == user.id {
            continue;
        }
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &admin.email,
            &admin.first_name,
            &format!("{} applied to lead circles", full_name(&user)),
            vec![format!(
                "{} ({}) applied to become a circle leader. The application waits for review.",
                full_name(&user),
                user.email
            )],
            Some(("Open the site", &link)),
        )
        .await?;
    }
    txn.commit().await?;
    let data = application_views(&state, vec![row], None).await?.remove(0);
    Ok((StatusCode::CREATED, Json(LeaderApplicationAnswer { data, message: MSG_APPLICATION_SUBMITTED.into() })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LeaderReviewInput {
    /// accept or reject.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub action: Sent<String>,
    /// 1 Basic, 2 Intermediate, 3 Advanced; required to accept.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub certification_level: Sent<Pk>,
    /// Topic area ids the leader is certified in.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub topic_areas: Sent<Vec<Sent<i64>>>,
}

/// Accepts or rejects a leader application (staff and the site's administrators).
/// Accepting certifies the applicant: their profile carries the certification details.
#[utoipa::path(
    post,
    path = "/api/v1/leader-applications/{id}/review/",
    tag = "programme",
    params(("id" = i64, Path)),
    request_body = LeaderReviewInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = LeaderApplicationAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn review_application(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    url: RequestUrl,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<LeaderReviewInput>,
) -> ApiResult<Json<LeaderApplicationAnswer>> {
    if !is_reviewer(&state, &tenant, &user).await? {
        return Err(ApiError::forbidden());
    }
    let application = q::find_application(&state.db, tenant.id(), id).await?.ok_or_else(ApiError::not_found)?;
    let mut errors = FieldErrors::new();
    let action = body.action.value().map(|a| a.trim().to_string()).unwrap_or_default();
    let accept = match action.as_str() {
        "accept" => true,
        "reject" => false,
        "" => {
            errors.add("action", MSG_REQUIRED);
            false
        }
        other => {
            errors.add("action", format!("\"{}\" is not a valid choice.", other.chars().take(50).collect::<String>()));
            false
        }
    };
    let mut level = 0;
    let mut areas: Vec<i64> = Vec::new();
    if accept {
        match body.certification_level {
            Sent::Absent | Sent::Null => errors.add("certification_level", MSG_REQUIRED),
            Sent::Value(Pk::Id(n)) if level_name(n).is_some() => level = n,
            sent => {
                let shown = match sent {
                    Sent::Value(Pk::Id(n)) => n.to_string(),
                    Sent::Value(Pk::Invalid(text)) => text.chars().take(50).collect(),
                    _ => String::new(),
                };
                errors.add("certification_level", format!("\"{shown}\" is not a valid choice."))
            }
        }
        match body.topic_areas {
            Sent::Absent | Sent::Null => {}
            Sent::Value(items) if items.len() <= 20 => {
                for item in items {
                    match item.value().filter(|id| *id > 0) {
                        Some(id) if !areas.contains(&id) => areas.push(id),
                        Some(_) => {}
                        None => errors.add("topic_areas", "A valid integer is required."),
                    }
                }
                let known = q::areas_of_tenant(&state.db, tenant.id(), &areas).await?;
                if let Some(unknown) = areas.iter().find(|a| !known.contains(a)) {
                    errors.add("topic_areas", format!("Invalid pk \"{unknown}\" - object does not exist."));
                }
            }
            _ => errors.add("topic_areas", "Expected a list of up to 20 topic area ids."),
        }
    }
    errors.into_result()?;
    if application.status != q::STATUS_PENDING {
        return Err(ApiError::field("non_field_errors", MSG_ALREADY_REVIEWED));
    }
    let applicant =
        store::queries::users::find_by_id(&state.db, application.user_id).await?.ok_or_else(ApiError::not_found)?;
    let txn = store::begin_write(&state.db).await?;
    let application_id = application.id;
    let status = if accept { member_q::STATUS_ACCEPTED } else { q::STATUS_REJECTED };
    // Decided only if still pending when written: of two reviews at once, one wins.
    let Some(row) = q::decide_if_pending(&txn, application_id, status, user.id).await? else {
        return Err(ApiError::field("non_field_errors", MSG_ALREADY_REVIEWED));
    };
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    let org = tenant.0.organization.name.clone();
    if accept {
        profile_q::ensure(&txn, &applicant).await?;
        q::set_certification(
            &txn,
            tenant.id(),
            applicant.id,
            q::NewCertification {
                level: level as i32,
                level_name: level_name(level).unwrap_or("Basic"),
                topic_areas: &areas,
                application_id: Some(application_id),
            },
        )
        .await?;
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &applicant.email,
            &applicant.first_name,
            &format!("You are now a certified circle leader at {org}"),
            vec![format!(
                "Your application to lead circles at {org} was accepted, with the {} certification level. \
                     You can now create circles.",
                level_name(level).unwrap_or("Basic")
            )],
            Some(("Go to the circles", &link)),
        )
        .await?;
    } else {
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &applicant.email,
            &applicant.first_name,
            &format!("Your circle leader application at {org}"),
            vec![format!(
                "Thank you for applying to lead circles at {org}. Your application was not accepted this \
                     time; you are welcome to apply again."
            )],
            None,
        )
        .await?;
    }
    txn.commit().await?;
    let data = application_views(&state, vec![row], Some((&tenant, &url))).await?.remove(0);
    let message = if accept { "Application accepted." } else { "Application rejected." };
    Ok(Json(LeaderApplicationAnswer { data, message: message.into() }))
}

/// A leader certification on one site (spec 002 §3 "leadership_certification_details").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeaderCertificationView {
    /// 1 Basic, 2 Intermediate, 3 Advanced.
    pub level: i32,
    pub level_name: String,
    /// Topic area ids of the site.
    pub topic_areas: Vec<i64>,
    pub certified_at: String,
    /// The accepted application; null when certified otherwise.
    pub application_id: Option<i64>,
}

impl From<&leader_certifications::Model> for LeaderCertificationView {
    fn from(c: &leader_certifications::Model) -> Self {
        LeaderCertificationView {
            level: c.level,
            level_name: c.level_name.clone(),
            topic_areas: q::certification_areas(c),
            certified_at: c.certified_at.to_rfc3339(),
            application_id: c.application_id,
        }
    }
}

/// The user's leader certification on the site, if any.
pub async fn certification_on(
    db: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    user_id: i64,
) -> ApiResult<Option<LeaderCertificationView>> {
    Ok(q::certification_of(db, tenant.id(), user_id).await?.as_ref().map(LeaderCertificationView::from))
}

/// The caller's leader certification on this site, or null.
#[utoipa::path(
    get,
    path = "/api/v1/leader-certifications/",
    tag = "programme",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Option<LeaderCertificationView>>), (status = 401, body = ErrorBody))
)]
async fn own_certification(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Option<LeaderCertificationView>>>> {
    Ok(Json(Data::new(certification_on(&state.db, &tenant, user.id).await?)))
}

// ---------------------------------------------------------------- circle leaders

#[derive(Debug, Serialize, ToSchema)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleLeaderView {
    /// The user's id.
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub image: Option<String>,
    pub title: Option<String>,
    pub short_bio: Option<String>,
    /// 1 Basic, 2 Intermediate, 3 Advanced.
    pub certification_level: Option<i64>,
    /// The certification's topic areas, then those of the profile's topics.
    pub topic_area_detailed: Vec<NamedRef>,
    pub no_of_circles_led: u64,
}

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeadersQuery {
    /// At least 2 characters; matched in the name.
    pub search: Option<String>,
    /// Topic area ids (comma list).
    pub topic_area: Option<String>,
    /// Professional field values (comma list).
    pub professional_field: Option<String>,
    /// Job function values (comma list).
    pub job_function: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 9 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 9)]
    pub page_size: Option<u64>,
}

fn int_list(errors: &mut FieldErrors, query: &HashMap<String, String>, key: &str) -> Vec<i64> {
    let mut out = Vec::new();
    for raw in list_param(errors, query, key) {
        match raw.parse::<i64>() {
            Ok(v) => out.push(v),
            Err(_) => {
                errors.add(key, "A valid integer is required.");
                break;
            }
        }
    }
    out
}

/// The site's certified circle leaders (accepted members of its organization whose profile
/// carries a leader certification), nine per page.
#[utoipa::path(
    get,
    path = "/api/v1/circle-leaders/",
    tag = "programme",
    params(LeadersQuery),
    responses((status = 200, body = Page<CircleLeaderView>), (status = 400, body = ErrorBody))
)]
async fn circle_leaders(
    State(state): State<AppState>,
    tenant: Tenant,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<CircleLeaderView>>> {
    let page = page_from_query(&query, LEADERS_PAGE_SIZE)?;
    let mut errors = FieldErrors::new();
    let search = query
        .get("search")
        .or_else(|| query.get("q"))
        .map(|s| s.trim().to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.chars().take(100).collect::<String>());
    let filter = LeaderFilter {
        search_words: search.map(|s| s.split_whitespace().take(5).map(str::to_string).collect()).unwrap_or_default(),
        topic_areas: int_list(&mut errors, &query, "topic_area"),
        professional_fields: int_list(&mut errors, &query, "professional_field"),
        job_functions: int_list(&mut errors, &query, "job_function"),
    };
    errors.into_result()?;
    let found =
        q::leaders(&state.db, tenant.id(), tenant.organization_id(), &filter, page.offset(), page.page_size).await?;
    let profile_ids: Vec<i64> = found.items.iter().map(|(p, _)| p.id).collect();
    let user_ids: Vec<i64> = found.items.iter().map(|(_, u)| u.id).collect();
    let topic_areas = q::profile_topic_areas(&state.db, &profile_ids).await?;
    let led = q::circles_led(&state.db, tenant.id(), &user_ids).await?;
    let certifications = q::certifications_of(&state.db, tenant.id(), &user_ids).await?;
    let mut area_lists: Vec<Vec<i64>> = Vec::new();
    let mut levels: Vec<Option<i64>> = Vec::new();
    for (profile, user) in &found.items {
        let certification = certifications.get(&user.id);
        levels.push(certification.map(|c| i64::from(c.level)));
        let mut areas: Vec<i64> = certification.map(q::certification_areas).unwrap_or_default();
        for area in topic_areas.get(&profile.id).into_iter().flatten() {
            if !areas.contains(area) {
                areas.push(*area);
            }
        }
        area_lists.push(areas);
    }
    let all_areas: Vec<i64> = area_lists.iter().flatten().copied().collect();
    let names = q::area_names(&state.db, &all_areas).await?;
    let items = found
        .items
        .into_iter()
        .zip(area_lists.into_iter().zip(levels))
        .map(|((profile, user), (areas, level))| CircleLeaderView {
            id: user.id,
            name: full_name(&user),
            name_slug: profile.name_slug,
            image: profile.picture,
            title: profile.title,
            short_bio: profile.short_bio,
            certification_level: level,
            topic_area_detailed: areas
                .into_iter()
                .filter_map(|id| names.get(&id).map(|name| NamedRef { id, name: name.clone() }))
                .collect(),
            no_of_circles_led: led.get(&user.id).copied().unwrap_or(0),
        })
        .collect();
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

#[cfg(test)]
mod tests {
    use domain::sent::body;
    use serde_json::json;

    use super::*;

    #[test]
    fn months_are_checked() {
        let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
        let ok = json!({"real_world_problems_to_solve": "a", "goal": "b", "urgency": "2026-05",
            "hours_commitment": "2", "learning_modality": "remote", "location": "Kenya"});
        let checked = check_request(body(ok.clone()), today).unwrap();
        assert_eq!((checked.hours, checked.location), (2, None));
        let mut past = ok.clone();
        past["urgency"] = json!("2026-04");
        assert!(check_request(body(past), today).unwrap_err().first("urgency").unwrap().contains("past"));
        let mut bad = ok;
        bad["urgency"] = json!("2026-13");
        assert_eq!(
            check_request(body(bad), today).unwrap_err().first("urgency"),
            Some("Enter a valid month (YYYY-MM).")
        );
    }

    #[test]
    fn file_answers_take_a_link_or_an_id() {
        assert_eq!(file_answer(&json!("/media/uploads/cv.pdf")), Some(json!("/media/uploads/cv.pdf")));
        assert_eq!(file_answer(&json!("https://x.example/cv.pdf")), Some(json!("https://x.example/cv.pdf")));
        assert_eq!(file_answer(&json!("12")), Some(json!(12)));
        assert_eq!(file_answer(&json!("javascript:alert(1)")), None);
        assert_eq!(file_answer(&json!("//evil.example/x")), None);
    }
}
