//! The job board (spec 001 §2 "Job pages", §3 "Job", §4 "Job lifecycle", §5, §6, §7
//! "Jobs", issue 12). The tables are `job_posts` and `job_applications`: `jobs` is the
//! background work queue.
//!
//! - `lists`: `GET /jobs/` (the board, a group's jobs, the caller's applied and created
//!   jobs)
//! - `crud`: `POST /jobs/`, `GET /jobs/slug/{slug}/`, `GET|PATCH|DELETE /jobs/{id}/`,
//!   `POST /jobs/{id}/questions/`; publishing and back to draft are `job_status` on PATCH
//! - `applications`: apply, unapply, review (`/status/`), the applicants list and the CSV
//! - `recommend`: `GET /jobs/{id}/recommended-applicants/` for the job's administrators
//!
//! A job belongs to one group of the tenant and shows only where its group does: a job of
//! a private group does not exist (404) for outsiders. Drafts show only to the group's
//! administrators, who alone edit, publish, delete, review and export.

mod applications;
mod crud;
pub mod input;
pub(crate) mod lists;
mod recommend;
pub mod view;

use store::{
    entities::{groups, job_posts},
    queries::{groups as group_q, job_posts as post_q},
};
use utoipa_axum::router::OpenApiRouter;

pub use view::JobView;

use crate::extract::Caller;
use crate::{
    areas::groups::is_visible,
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    lists::routes().merge(crud::routes()).merge(applications::routes()).merge(recommend::routes())
}

pub const MSG_NOT_FOUND: &str = "Job not found.";
pub const MSG_NO_RIGHT: &str = "You do not have permission to manage this job.";

pub fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// A job the caller may see, with its group and whether the caller administers it.
pub struct Visible {
    pub job: job_posts::Model,
    pub group: groups::Model,
    pub is_admin: bool,
}

/// The rule of every job read: the job is live and of the tenant, its group is visible to
/// the caller, and a draft only to the group's administrators. Anything else is 404.
pub async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    job: job_posts::Model,
) -> ApiResult<Visible> {
    let group = group_q::find(state.read_db(), tenant.id(), job.group_id).await?.ok_or_else(not_found)?;
    if !is_visible(state, caller, &group).await? {
        return Err(not_found());
    }
    let is_admin = caller.id().is_some() && crate::areas::groups::is_admin(state, caller, &group).await?;
    if job.job_status != domain::jobs::form::STATUS_PUBLISHED && !is_admin {
        return Err(not_found());
    }
    Ok(Visible { job, group, is_admin })
}

pub async fn visible_job(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<Visible> {
    let job = post_q::find(state.read_db(), tenant.id(), id).await?.ok_or_else(not_found)?;
    ensure_visible(state, tenant, caller, job).await
}

/// A job the caller administers: 404 when they may not see it, 403 when they see it but
/// do not administer it.
pub async fn managed_job(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<Visible> {
    let found = visible_job(state, tenant, caller, id).await?;
    if found.is_admin {
        Ok(found)
    } else {
        Err(ApiError::Forbidden(MSG_NO_RIGHT.into()))
    }
}

/// The web page of a job.
pub fn job_path(job: &job_posts::Model) -> String {
    format!("/job/{}", job.slug)
}
