//! How a job is answered (spec 001 §3 "Job"), with the caller's own application status and
//! whether they administer it. Views of a page of jobs are built with a fixed number of
//! queries, whatever the page size.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use domain::{
    groups::questions::{self, Question},
    jobs::lifecycle::Window,
};
use serde::Serialize;
use serde_json::Value;
use store::{
    entities::{groups, job_posts},
    queries::{
        bookmarks as bookmark_q, job_applications as application_q, job_posts as post_q, memberships as member_q,
        profiles as profile_q,
    },
};
use utoipa::ToSchema;

use crate::{
    areas::groups::view::{self as group_view, Caller, NamedRef},
    error::ApiResult,
    state::AppState,
};

/// The group a job belongs to, as its card shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JobGroup {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    /// organization, institution, circle or event.
    pub group_type: String,
    /// The group's logo.
    pub image: Option<String>,
}

/// `extra_info` of a job: the questions applicants answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JobExtraInfo {
    pub questions: Vec<Question>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JobView {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Rich text (sanitised HTML).
    pub description: String,
    /// Rich text (sanitised HTML).
    pub requirements: Option<String>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub countries: Vec<String>,
    /// Skill topic ids.
    pub skills: Vec<i64>,
    pub skills_detailed: Vec<NamedRef>,
    pub group: JobGroup,
    /// remote, on_site or hybrid.
    pub job_location: String,
    /// project_based, full_time, part_time or internship.
    pub job_type: Option<String>,
    pub address: Option<String>,
    pub application_open_date: Option<NaiveDate>,
    pub application_close_date: Option<NaiveDate>,
    /// The close date is past (the card shows '(Expired)').
    pub is_expired: bool,
    /// Published and inside the application window today.
    pub is_open_for_applications: bool,
    /// pending (shown as Draft) or approved (shown as Published).
    pub job_status: String,
    pub is_featured: bool,
    /// The caller may edit it, its questions, and review its applicants.
    pub is_administrator: bool,
    /// The caller's application: pending, accepted or rejected; null when they have not
    /// applied (and for guests).
    pub status: Option<String>,
    /// The caller bookmarked it (a favourite); false for guests.
    pub is_bookmarked: bool,
    pub extra_info: JobExtraInfo,
    /// Application counts, for the job's administrators only (null for everyone else).
    pub accepted_members_count: Option<u64>,
    pub pending_members_count: Option<u64>,
    pub rejected_members_count: Option<u64>,
    pub created_by: Option<i64>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

fn strings(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The groups of `models`, and the ids of those among them the caller administers.
pub async fn groups_and_rights(
    state: &AppState,
    caller: &Caller,
    group_ids: &[i64],
) -> ApiResult<(HashMap<i64, groups::Model>, HashSet<i64>)> {
    let mut ids = group_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let found = profile_q::groups_by_ids(state.read_db(), &ids).await?;
    let models: Vec<groups::Model> = found.values().cloned().collect();
    let parents = group_view::parent_chain(state, &models).await?;
    let own = match caller.id() {
        Some(user_id) => {
            let mut all: Vec<i64> = parents.keys().copied().collect();
            all.extend(ids.iter().copied());
            member_q::of_user_in(state.read_db(), user_id, &all).await?
        }
        None => Vec::new(),
    };
    let admin_of = group_view::admin_ids(&own);
    let administered = models
        .iter()
        .filter(|g| caller.id().is_some() && group_view::administers(caller, g, &parents, &admin_of))
        .map(|g| g.id)
        .collect();
    Ok((found, administered))
}

/// Builds the views of `models` for the caller.
pub async fn views(state: &AppState, caller: &Caller, models: Vec<job_posts::Model>) -> ApiResult<Vec<JobView>> {
    if models.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = models.iter().map(|j| j.id).collect();
    let group_ids: Vec<i64> = models.iter().map(|j| j.group_id).collect();
    let (groups, administered) = groups_and_rights(state, caller, &group_ids).await?;
    let mut skills = post_q::skills_of(state.read_db(), &ids).await?;
    let admin_ids: Vec<i64> = models.iter().filter(|j| administered.contains(&j.group_id)).map(|j| j.id).collect();
    let counts = post_q::counts(state.read_db(), &admin_ids).await?;
    let mine = match caller.id() {
        Some(user_id) => application_q::statuses_of(state.read_db(), user_id, &ids).await?,
        None => HashMap::new(),
    };
    // The page's jobs are of one site: the bookmarks of that site, in one query.
    let bookmarked = match caller.id() {
        Some(user_id) => {
            let tenant_id = models[0].tenant_id;
            bookmark_q::bookmarked_among(state.read_db(), tenant_id, user_id, post_q::BOOKMARK_TYPE, &ids).await?
        }
        None => HashSet::new(),
    };
    let today = group_view::today();
    let mut out = Vec::with_capacity(models.len());
    for job in models {
        let Some(group) = groups.get(&job.group_id) else { continue };
        let is_admin = administered.contains(&job.group_id);
        let skills = skills.remove(&job.id).unwrap_or_default();
        let count = counts.get(&job.id).copied().unwrap_or_default();
        let window = Window { open: job.application_open_date, close: job.application_close_date };
        out.push(JobView {
            id: job.id,
            slug: job.slug.clone(),
            title: job.title.clone(),
            description: job.description.clone(),
            requirements: job.requirements.clone(),
            career_stages: strings(&job.career_stages),
            professional_fields: strings(&job.professional_fields),
            countries: strings(&job.countries),
            skills: skills.iter().map(|s| s.0).collect(),
            skills_detailed: skills.into_iter().map(|(id, name)| NamedRef { id, name }).collect(),
            group: JobGroup {
                id: group.id,
                name: group.name.clone(),
                name_slug: group.slug.clone(),
                group_type: group.group_type.clone(),
                image: group.logo.clone(),
            },
            job_location: job.job_location.clone(),
            job_type: job.job_type.clone(),
            address: job.address.clone(),
            application_open_date: job.application_open_date,
            application_close_date: job.application_close_date,
            is_expired: window.is_expired(today),
            is_open_for_applications: job.job_status == domain::jobs::form::STATUS_PUBLISHED && window.is_open(today),
            job_status: job.job_status.clone(),
            is_featured: job.is_featured,
            is_administrator: is_admin,
            status: mine.get(&job.id).cloned(),
            is_bookmarked: bookmarked.contains(&job.id),
            extra_info: JobExtraInfo { questions: questions::of_extra_info(job.extra_info.as_ref()) },
            accepted_members_count: is_admin.then_some(count.accepted),
            pending_members_count: is_admin.then_some(count.pending),
            rejected_members_count: is_admin.then_some(count.rejected),
            created_by: job.created_by,
            created_at: job.created_at,
        });
    }
    Ok(out)
}

pub async fn view(state: &AppState, caller: &Caller, model: job_posts::Model) -> ApiResult<JobView> {
    let id = model.id;
    views(state, caller, vec![model])
        .await?
        .pop()
        .ok_or_else(|| crate::error::ApiError::Internal(anyhow::anyhow!("job {id} has no group")))
}
