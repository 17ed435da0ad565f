//! Creating, reading, editing, publishing and deleting jobs, and their questions.

use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{groups::questions, jobs::form::MSG_MAX_SKILLS, FieldErrors};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::groups,
    queries::{groups as group_q, job_posts as post_q, profiles as profile_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{input, managed_job, not_found, view, visible_job, JobView};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::groups::is_admin,
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, MaybeUser, Tenant},
    page_cache::PageIds,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_job))
        .routes(routes!(job_by_slug))
        .routes(routes!(get_job, update_job, delete_job))
        .routes(routes!(set_job_questions))
}

pub const MSG_CREATED: &str = "Successfully created job";
pub const MSG_EDITED: &str = "Successfully edited job";
pub const MSG_DELETED: &str = "Job deleted successfully";
pub const MSG_NOT_ADMIN: &str = "Only administrators of the group can post jobs.";
pub const MSG_NOT_CERTIFIED: &str = "Only certified organizations can post jobs.";

/// A job with the message the form shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobAnswer {
    pub data: JobView,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JobMessage {
    pub message: String,
}

fn random_below_10000() -> u32 {
    rand::rng().random_range(0..10_000)
}

/// Skills must be skills (topics of type skill) of the tenant.
async fn check_skills(state: &AppState, tenant: &Tenant, skills: &[i64]) -> ApiResult<()> {
    if skills.len() > domain::jobs::form::MAX_SKILLS {
        return Err(ApiError::field("skills", MSG_MAX_SKILLS));
    }
    let unknown = store::queries::topics::unknown(&state.db, tenant.id(), skills, Some(post_q::SKILL)).await?;
    if let Some(id) = unknown.first() {
        return Err(ApiError::field("skills", format!("Invalid pk \"{id}\" - object does not exist.")));
    }
    Ok(())
}

/// Who may post a job in `group`: its administrators (or those of a group above it, and
/// staff); in an organization, only when the caller's profile there is certified
/// (spec 001 §6; staff need no certificate).
async fn require_poster(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<()> {
    if !is_admin(state, caller, group).await? {
        return Err(ApiError::Forbidden(MSG_NOT_ADMIN.into()));
    }
    if group.group_type == "organization" && !caller.is_staff() {
        let user_id = caller.id().unwrap_or_default();
        let certified =
            profile_q::find_group_profile(&state.db, group.id, user_id).await?.is_some_and(|p| p.is_certified);
        if !certified {
            return Err(ApiError::Forbidden(MSG_NOT_CERTIFIED.into()));
        }
    }
    Ok(())
}

/// Posts a job in a group (a draft unless `job_status` is approved). The questions step
/// follows (`extra_info.questions` here, or `POST /jobs/{id}/questions/`).
#[utoipa::path(
    post,
    path = "/api/v1/jobs/",
    tag = "jobs",
    request_body = input::JobInput,
    security(("bearer" = [])),
    responses((status = 201, body = JobAnswer), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn create_job(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::JobInput>,
) -> ApiResult<(StatusCode, Json<JobAnswer>)> {
    let caller = caller_of(Some(user.clone()));
    let group_id = body.group;
    let parsed = input::apply(body, input::blank_form(), None, random_below_10000);
    let mut errors = match parsed {
        Ok(_) => FieldErrors::new(),
        Err(ref found) => found.clone(),
    };
    if group_id.is_none() {
        errors.add("group", domain::groups::form::MSG_REQUIRED);
    }
    errors.into_result()?;
    let parsed = parsed.map_err(ApiError::Validation)?;
    let group_id = group_id.unwrap_or_default();
    let group = match group_q::find(&state.db, tenant.id(), group_id).await? {
        Some(group) => crate::areas::groups::ensure_visible(&state, &caller, group)
            .await
            .map_err(|_| ApiError::field("group", format!("Invalid pk \"{group_id}\" - object does not exist.")))?,
        None => return Err(ApiError::field("group", format!("Invalid pk \"{group_id}\" - object does not exist."))),
    };
    require_poster(&state, &caller, &group).await?;
    check_skills(&state, &tenant, &parsed.form.skills).await?;
    let txn = store::begin_write(&state.db).await?;
    let job = post_q::insert(&txn, tenant.id(), group.id, &parsed.form, parsed.extra_info, user.id).await?;
    txn.commit().await?;
    let data = view::view(&state, &caller, job).await?;
    Ok((StatusCode::CREATED, Json(JobAnswer { data, message: MSG_CREATED.into() })))
}

/// One job by its slug (the `/job/{slug}` page).
#[utoipa::path(
    get,
    path = "/api/v1/jobs/slug/{slug}/",
    tag = "jobs",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<JobView>))
)]
async fn job_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<JobView>>> {
    let caller = caller_of(user);
    let slug = slug.trim();
    if slug.is_empty() || slug.len() > MAX_SLUG_BYTES {
        return Err(not_found());
    }
    // Which job a slug names, and that job's base view, are kept per write generation like
    // the board's pages: a job every caller may see is answered without reading it again.
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let named = state
        .kept
        .job_pages
        .kept_when(
            tenant.id(),
            generation,
            format!("slug {slug}"),
            async || -> ApiResult<PageIds> {
                let id = post_q::find_by_slug(state.read_db(), tenant.id(), slug).await?.map(|job| job.id);
                Ok(PageIds { count: u64::from(id.is_some()), ids: id.into_iter().collect() })
            },
            |named| !named.ids.is_empty(),
        )
        .await?;
    let Some(&id) = named.ids.first() else { return Err(not_found()) };
    let bases = view::kept_bases(&state, tenant.id(), generation, &[id], HashMap::new()).await?;
    if bases.first().is_some_and(|base| base.is_open_to_all()) {
        let answer = view::finish_all(&state, &caller, &bases).await?.pop().ok_or_else(not_found)?;
        return Ok(Json(Data::new(answer)));
    }
    // A draft, or a job of a private group: the full check for this caller.
    let found = visible_job(&state, &tenant, &caller, id).await?;
    Ok(Json(Data::new(view::view(&state, &caller, found.job).await?)))
}

/// Longer slugs name no job (slugs are made from titles of at most 200 characters).
const MAX_SLUG_BYTES: usize = 1_000;

/// One job by id.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{id}/",
    tag = "jobs",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<JobView>))
)]
async fn get_job(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<JobView>>> {
    let caller = caller_of(user);
    let found = visible_job(&state, &tenant, &caller, id).await?;
    Ok(Json(Data::new(view::view(&state, &caller, found.job).await?)))
}

/// Edits a job: any subset of the form's fields. `job_status: approved` publishes a draft;
/// `job_status: pending` takes a published job back to draft. The group cannot change.
#[utoipa::path(
    patch,
    path = "/api/v1/jobs/{id}/",
    tag = "jobs",
    params(("id" = i64, Path)),
    request_body = input::JobInput,
    security(("bearer" = [])),
    responses((status = 200, body = JobAnswer), (status = 403, body = ErrorBody))
)]
async fn update_job(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<input::JobInput>,
) -> ApiResult<Json<JobAnswer>> {
    let caller = caller_of(Some(user));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    if body.group.is_some_and(|g| g != found.job.group_id) {
        return Err(ApiError::field("group", "The group of a job cannot be changed."));
    }
    let skills: Vec<i64> = post_q::skills_of(&state.db, &[found.job.id])
        .await?
        .remove(&found.job.id)
        .unwrap_or_default()
        .into_iter()
        .map(|s| s.0)
        .collect();
    let skills_given = body.skills.is_some();
    let current = input::form_of(&found.job, skills);
    let extra = found.job.extra_info.clone();
    let parsed = input::apply(body, current, extra.as_ref(), random_below_10000)?;
    if skills_given {
        check_skills(&state, &tenant, &parsed.form.skills).await?;
    }
    let was = found.job.job_status.clone();
    let txn = store::begin_write(&state.db).await?;
    let job = post_q::update(&txn, found.job, &parsed.form, parsed.extra_info).await?;
    if job.job_status != was {
        store::queries::audit_log::record(
            &txn,
            tenant.id(),
            caller.id(),
            if job.job_status == domain::jobs::form::STATUS_PUBLISHED { "publish" } else { "unpublish" },
            store::queries::audit_log::ENTITY_JOB,
            job.id,
            None,
            serde_json::json!({ "from": was, "status": job.job_status }),
        )
        .await?;
    }
    txn.commit().await?;
    let data = view::view(&state, &caller, job).await?;
    Ok(Json(JobAnswer { data, message: MSG_EDITED.into() }))
}

/// Deletes a job (kept for the record, gone from every list and page).
#[utoipa::path(
    delete,
    path = "/api/v1/jobs/{id}/",
    tag = "jobs",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = JobMessage), (status = 403, body = ErrorBody))
)]
async fn delete_job(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<JobMessage>> {
    let caller = caller_of(Some(user));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    post_q::soft_delete(&state.db, found.job).await?;
    Ok(Json(JobMessage { message: MSG_DELETED.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct JobQuestionsInput {
    /// The whole list; it replaces the current questions (`[]` removes them all).
    #[schema(value_type = Vec<Object>)]
    pub questions: Value,
}

/// Sets the questions applicants answer (the groups' question model, spec 001 §3).
#[utoipa::path(
    post,
    path = "/api/v1/jobs/{id}/questions/",
    tag = "jobs",
    params(("id" = i64, Path)),
    request_body = JobQuestionsInput,
    security(("bearer" = [])),
    responses((status = 200, body = JobAnswer), (status = 403, body = ErrorBody))
)]
async fn set_job_questions(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<JobQuestionsInput>,
) -> ApiResult<Json<JobAnswer>> {
    let caller = caller_of(Some(user));
    let found = managed_job(&state, &tenant, &caller, id).await?;
    if body.questions.is_null() {
        return Err(ApiError::field("questions", "This field is required."));
    }
    let list = questions::normalize(&body.questions, random_below_10000)?;
    let mut extra = found.job.extra_info.clone().and_then(|e| e.as_object().cloned()).unwrap_or_default();
    extra.insert("questions".into(), serde_json::to_value(list).unwrap_or_default());
    let job = post_q::set_extra_info(&state.db, found.job, Value::Object(extra)).await?;
    let data = view::view(&state, &caller, job).await?;
    Ok(Json(JobAnswer { data, message: "Questions added successfully".into() }))
}
