//! Applying to jobs and reviewing the applicants (spec 001 §4 "Job lifecycle", §5, §6, §7,
//! §8 "Job apply").
//!
//! - `POST /jobs/{id}/apply/`: a signed-in person with a resume on their profile applies to
//!   a published job inside its application window, answering its questions (or, when the
//!   job has none, its group's).
//! - `POST /jobs/{id}/unapply/`: withdraws one's own pending application.
//! - `POST /jobs/{id}/status/`: the job's administrators accept or reject pending
//!   applications, one or many at once; each applicant is mailed (outbox).
//! - `GET /jobs/{id}/applications/`: the applicants, 12 per page, with answers and resume.
//! - `GET /jobs/{id}/export-job-membership/`: the applicants as CSV.

use axum::{
    extract::{Path, State},
    response::Response,
    Json,
};
use domain::{
    csv_export::CsvTable,
    groups::questions::{self, Question},
    jobs::lifecycle::{
        self, Window, APPLICATION_ACCEPTED, APPLICATION_PENDING, APPLICATION_REJECTED, APPLICATION_STATUSES,
    },
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use store::{
    entities::{groups, job_applications, job_posts},
    queries::{files, job_applications as application_q, profiles as profile_q, users as user_q},
    StoreError,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{job_path, managed_job, visible_job};
use crate::extract::caller_of;
use crate::{
    areas::applicants,
    areas::groups::view::today,
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{page_from_query, search_param, text_param, ApiJson, ApiQuery, AuthUser, Client, Param, Tenant},
    mailer, param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(apply_to_job))
        .routes(routes!(unapply_from_job))
        .routes(routes!(review_applications))
        .routes(routes!(list_job_applications))
        .routes(routes!(export_applications))
}

/// Applicants: 12 per page (spec 001 §9).
pub const PAGE_SIZE: u64 = 12;

fn refuse(message: impl Into<String>) -> ApiError {
    ApiError::field("non_field_errors", message)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ApplyInput {
    /// `{question id: answer}`; file answers are ids of the caller's uploads.
    #[schema(value_type = Option<Object>)]
    pub answers: Option<Value>,
    /// The groups' shape, `{answers: {...}}`, also accepted.
    #[schema(value_type = Option<Object>)]
    pub extra_info: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplyAnswer {
    pub message: String,
    /// The caller's application status now: pending, or null after unapplying.
    pub status: Option<String>,
}

/// The questions an applicant answers: the job's own, or its group's when it has none.
fn questions_for(job: &job_posts::Model, group: &groups::Model) -> Vec<Question> {
    let own = questions::of_extra_info(job.extra_info.as_ref());
    if own.is_empty() {
        questions::of_extra_info(group.extra_info.as_ref())
    } else {
        own
    }
}

fn answers_of(body: ApplyInput) -> ApiResult<Map<String, Value>> {
    let from_extra = body.extra_info.as_ref().and_then(|e| e.get("answers")).cloned();
    match body.answers.or(from_extra) {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(map)) => Ok(map),
        Some(_) => Err(ApiError::field("answers", "Expected an object.")),
    }
}

/// Applies to a job (spec 001 §4). Refused on a draft, outside the application window,
/// without a resume on the profile ('resume'), and a second time.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/{id}/apply/",
    tag = "jobs",
    params(("id" = i64, Path)),
    request_body = ApplyInput,
    security(("bearer" = [])),
    responses((status = 200, body = ApplyAnswer))
)]
async fn apply_to_job(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ApplyInput>,
) -> ApiResult<Json<ApplyAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let found = visible_job(&state, &tenant, &caller, id).await?;
    let given = answers_of(body)?;
    let window = Window { open: found.job.application_open_date, close: found.job.application_close_date };
    let current = application_q::find(state.read_db(), found.job.id, user.id).await?;
    lifecycle::check_apply(&found.job.job_status, window, today(), current.as_ref().map(|a| a.status.as_str()))
        .map_err(refuse)?;
    let resume = profile_q::find_by_user(state.read_db(), user.id)
        .await?
        .and_then(|p| p.resume)
        .filter(|r| !r.trim().is_empty());
    let Some(resume) = resume else { return Err(ApiError::field("resume", lifecycle::MSG_NO_RESUME)) };
    let list = questions_for(&found.job, &found.group);
    let mut errors = FieldErrors::new();
    let kept = match questions::check_answers(&list, &given) {
        Ok(kept) => kept,
        Err(found) => {
            errors.merge_prefixed("", found);
            Map::new()
        }
    };
    for question in list.iter().filter(|q| q.kind == "file") {
        if let Some(file_id) = kept.get(&question.id).and_then(Value::as_i64) {
            if files::find_owned(state.read_db(), tenant.id(), user.id, file_id).await?.is_none() {
                errors.add(format!("answers.{}", question.id), "Upload a file.");
            }
        }
    }
    errors.into_result()?;
    // The unique index (job, person) settles two requests racing: the second is refused.
    match application_q::insert(&state.db, found.job.id, user.id, Value::Object(kept), Some(resume)).await {
        Ok(_) => {}
        Err(StoreError::Conflict(_)) => return Err(refuse(lifecycle::MSG_ALREADY)),
        Err(err) => return Err(err.into()),
    }
    Ok(Json(ApplyAnswer { message: lifecycle::MSG_APPLIED.into(), status: Some(APPLICATION_PENDING.into()) }))
}

/// Withdraws the caller's pending application.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/{id}/unapply/",
    tag = "jobs",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = ApplyAnswer))
)]
async fn unapply_from_job(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<ApplyAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let found = visible_job(&state, &tenant, &caller, id).await?;
    let txn = store::begin_write(&state.db).await?;
    let current = application_q::find(&txn, found.job.id, user.id).await?;
    lifecycle::check_unapply(current.as_ref().map(|a| a.status.as_str())).map_err(refuse)?;
    if let Some(application) = current {
        application_q::delete(&txn, application.id).await?;
    }
    txn.commit().await?;
    Ok(Json(ApplyAnswer { message: lifecycle::MSG_UNAPPLIED.into(), status: None }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReviewInput {
    /// One applicant's user id.
    pub user_id: Option<i64>,
    /// Several applicants' user ids at once.
    #[serde(default)]
    pub user_ids: Vec<i64>,
    /// accepted or rejected.
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewAnswer {
    pub message: String,
    /// accepted or rejected.
    pub status: String,
    /// The user ids reviewed.
    pub users: Vec<i64>,
}

/// Accepts or rejects pending applications, one or many, in one transaction; each applicant
/// gets a mail.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/{id}/status/",
    tag = "jobs",
    params(("id" = i64, Path)),
    request_body = ReviewInput,
    security(("bearer" = [])),
    responses((status = 200, body = ReviewAnswer), (status = 403, body = ErrorBody))
)]
async fn review_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReviewInput>,
) -> ApiResult<Json<ReviewAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    let (status, ids) = checked_review(body)?;
    let txn = store::begin_write(&state.db).await?;
    let rows = application_q::of_post_for(&txn, found.job.id, &ids).await?;
    let is_pending = |a: &job_applications::Model| (a.status == APPLICATION_PENDING).then_some(a.user_id);
    let pending = applicants::pending_of_each(rows, &ids, is_pending, "user_id", "application")?;
    let (job_page, group_page) = (job_path(&found.job), crate::areas::groups::group_path(&found.group));
    let notice = domain::notifications::application_reviewed(
        &found.job.title,
        &job_page,
        &crate::areas::notifications::group_ref(&found.group, &group_page),
        status == APPLICATION_ACCEPTED,
    );
    let written = crate::areas::notifications::write(&txn, tenant.id(), Some(user.id), &ids, &notice).await?;
    store::queries::audit_log::record(
        &txn,
        tenant.id(),
        Some(user.id),
        &format!("applicants_{status}"),
        store::queries::audit_log::ENTITY_JOB,
        found.job.id,
        None,
        serde_json::json!({ "user_ids": ids, "status": status }),
    )
    .await?;
    for id in &ids {
        application_q::set_status(&txn, pending[id].clone(), &status, user.id).await?;
    }
    let url = format!("{}{job_page}", client.origin_for(&tenant.0));
    tell_applicants(&txn, &tenant, &found, &ids, &status, &url).await?;
    txn.commit().await?;
    crate::areas::notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    let message = applicants::decided_message(ids.len(), "Applicants", &status);
    Ok(Json(ReviewAnswer { message, status, users: ids }))
}

/// The decision (accepted or rejected) and the applicants it is for, at most
/// [`applicants::MAX_BULK`].
fn checked_review(body: ReviewInput) -> ApiResult<(String, Vec<i64>)> {
    let status = match body.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => return Err(ApiError::field("status", applicants::MSG_NO_ACTION)),
        Some(s @ (APPLICATION_ACCEPTED | APPLICATION_REJECTED)) => s.to_string(),
        Some(other) => return Err(ApiError::field("status", format!("\"{other}\" is not a valid choice."))),
    };
    let choice = applicants::Choice {
        field: "user_id",
        when_none: applicants::MSG_NO_ONE_CHOSEN,
        bulk_field: "user_ids",
        noun: "applicants",
    };
    let ids = applicants::chosen_people(body.user_ids.into_iter().chain(body.user_id), &choice)?;
    Ok((status, ids))
}

/// Mails each applicant the decision.
async fn tell_applicants(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    found: &super::Visible,
    ids: &[i64],
    status: &str,
    url: &str,
) -> ApiResult<()> {
    let people = user_q::find_by_ids(txn, ids).await?;
    let title = &found.job.title;
    let subject = format!("Your application to {title} was {status}");
    let text = format!("Your application to the job {title} at {} has been {status}.", found.group.name);
    for person in ids.iter().filter_map(|id| people.get(id)) {
        let link = Some(("Open the job", url));
        mailer::queue_notice(txn, &tenant.0, &person.email, &person.first_name, &subject, vec![text.clone()], link)
            .await?;
    }
    Ok(())
}

/// One applicant of a job.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicantView {
    /// The applicant's user id (what `/status/` takes).
    pub id: i64,
    pub application_id: i64,
    pub name: String,
    pub name_slug: Option<String>,
    pub image: Option<String>,
    pub email: String,
    /// pending, accepted or rejected.
    pub status: String,
    /// `{question id: answer}`.
    #[schema(value_type = Object)]
    pub answers: Value,
    /// The resume link given when applying (the profile's current one if none was kept).
    pub resume: Option<String>,
    pub applied_at: chrono::DateTime<chrono::Utc>,
    pub reviewed_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationsQuery {
    /// pending, accepted or rejected; every status when absent.
    pub status: Option<String>,
    /// At least 2 characters: the applicants' names and profiles (the search index).
    pub search: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 12)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
}

fn applicant_filter(job_id: i64, status: Param, search: Param) -> ApiResult<application_q::ApplicantFilter> {
    let status = text_param(status);
    if let Some(status) = &status {
        if !APPLICATION_STATUSES.contains(&status.as_str()) {
            return Err(ApiError::field("status", format!("\"{status}\" is not a valid choice.")));
        }
    }
    Ok(application_q::ApplicantFilter { post_id: job_id, status, search: search_param(search) })
}

fn applicant_view(row: application_q::ApplicantRow) -> ApplicantView {
    ApplicantView {
        id: row.user_id,
        application_id: row.id,
        name: format!("{} {}", row.first_name, row.last_name).trim().to_string(),
        name_slug: row.name_slug,
        image: row.picture,
        email: row.email,
        status: row.status,
        answers: row.answers.unwrap_or_else(|| Value::Object(Map::new())),
        resume: row.resume.or(row.profile_resume),
        applied_at: row.created_at,
        reviewed_at: row.reviewed_at,
    }
}

/// The applicants of a job, for its administrators.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{id}/applications/",
    tag = "jobs",
    params(("id" = i64, Path), ApplicationsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ApplicantView>), (status = 403, body = ErrorBody))
)]
async fn list_job_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<ApplicationsQuery>,
) -> ApiResult<Json<Page<ApplicantView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let caller = caller_of(Some(user));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    let filter = applicant_filter(found.job.id, param!(query.status), param!(query.search).or(param!(query.q)))?;
    let rows = application_q::applicants_page(state.read_db(), &filter, page.offset(), page.page_size).await?;
    let items = rows.items.into_iter().map(applicant_view).collect();
    Ok(Json(Page::new(items, rows.count, &page, &url)))
}

fn answer_text(answer: Option<&Value>) -> String {
    match answer {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))
            .collect::<Vec<_>>()
            .join("; "),
        Some(Value::Number(n)) => format!("file {n}"),
        Some(other) => other.to_string(),
    }
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// pending, accepted or rejected; every status when absent.
    pub status: Option<String>,
}

/// The applicants as CSV for a spreadsheet (UTF-8 with a byte order mark; cells that a
/// spreadsheet would run as formulas are quoted): name, email, status, applied_at, resume,
/// then one column per question.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{id}/export-job-membership/",
    tag = "jobs",
    params(("id" = i64, Path), ExportQuery),
    security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", body = String), (status = 403, body = ErrorBody))
)]
async fn export_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    let caller = caller_of(Some(user));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    let no_search = None;
    let filter = applicant_filter(found.job.id, param!(query.status), Param::new("search", &no_search))?;
    let rows = application_q::applicants_page(&state.db, &filter, 0, applicants::MAX_EXPORT).await?;
    let list = questions_for(&found.job, &found.group);
    let mut header: Vec<String> =
        ["name", "email", "status", "applied_at", "resume"].iter().map(|h| h.to_string()).collect();
    header.extend(list.iter().map(|q| q.label.clone()));
    let mut csv = CsvTable::new(&header);
    for row in rows.items {
        let item = applicant_view(row);
        let mut cells = vec![
            item.name,
            item.email,
            item.status,
            item.applied_at.format("%Y-%m-%d").to_string(),
            item.resume.unwrap_or_default(),
        ];
        cells.extend(list.iter().map(|q| answer_text(item.answers.get(&q.id))));
        csv.row(&cells);
    }
    Ok(applicants::csv_download(&format!("{}-applicants.csv", found.job.slug), csv.finish()))
}
