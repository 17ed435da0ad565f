//! How a job is answered (spec 001 §3 "Job"), with the caller's own application status and
//! whether they administer it. Views of a page of jobs are built with a fixed number of
//! queries, whatever the page size.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use chrono::NaiveDate;
use domain::{
    groups::questions::{self, Question},
    jobs::lifecycle::Window,
};
use serde::Serialize;
use serde_json::Value;
use store::{
    entities::{groups, job_posts},
    queries::{job_posts as post_q, memberships as member_q, profiles as profile_q, visibility::PRIVACY_PRIVATE},
};
use utoipa::ToSchema;

use crate::extract::Caller;
use crate::{
    areas::groups::view::{self as group_view, NamedRef},
    areas::AppState,
    error::ApiResult,
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

/// What every viewer sees of a job: its view with the caller's fields blank, plus what they
/// are computed from. Kept per tenant write generation by the board (`crate::page_cache`);
/// expiry and openness are computed per request from the dates.
#[derive(Debug, Clone)]
pub struct BaseView {
    view: JobView,
    tenant_id: i64,
    /// The job's group and its ancestors, nearest first, for the administrator check.
    managers: Vec<i64>,
    /// Whether every caller may see it: published, in a group of its own site that is not
    /// private (`super::ensure_visible` decides for the rest).
    open_to_all: bool,
}

impl BaseView {
    pub fn id(&self) -> i64 {
        self.view.id
    }

    pub fn is_open_to_all(&self) -> bool {
        self.open_to_all
    }
}

/// The parts of the views of `models` that are the same for every caller, in the same
/// order (a job whose group is gone is left out): a fixed number of queries.
pub async fn base_views(state: &AppState, models: Vec<job_posts::Model>) -> ApiResult<Vec<BaseView>> {
    if models.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = models.iter().map(|j| j.id).collect();
    let mut group_ids: Vec<i64> = models.iter().map(|j| j.group_id).collect();
    group_ids.sort_unstable();
    group_ids.dedup();
    let groups = profile_q::groups_by_ids(state.read_db(), &group_ids).await?;
    let group_models: Vec<groups::Model> = groups.values().cloned().collect();
    let parents = group_view::parent_chain(state, &group_models).await?;
    let mut skills = post_q::skills_of(state.read_db(), &ids).await?;
    let today = group_view::today();
    let mut out = Vec::with_capacity(models.len());
    for job in models {
        let Some(group) = groups.get(&job.group_id) else { continue };
        let mut managers = vec![group.id];
        let mut next = group.parent_id;
        while let Some(id) = next.filter(|_| managers.len() <= store::queries::visibility::HIERARCHY_DEPTH) {
            let Some(parent) = parents.get(&id) else { break };
            managers.push(id);
            next = parent.parent_id;
        }
        let skills = skills.remove(&job.id).unwrap_or_default();
        let tenant_id = job.tenant_id;
        let open_to_all = job.job_status == domain::jobs::form::STATUS_PUBLISHED
            && group.tenant_id == job.tenant_id
            && group.privacy < PRIVACY_PRIVATE;
        let window = Window { open: job.application_open_date, close: job.application_close_date };
        let view = JobView {
            id: job.id,
            skills: skills.iter().map(|s| s.0).collect(),
            skills_detailed: skills.into_iter().map(|(id, name)| NamedRef { id, name }).collect(),
            group: JobGroup {
                id: group.id,
                name: group.name.clone(),
                name_slug: group.slug.clone(),
                group_type: group.group_type.clone(),
                image: group.logo.clone(),
            },
            career_stages: strings(&job.career_stages),
            professional_fields: strings(&job.professional_fields),
            countries: strings(&job.countries),
            is_expired: window.is_expired(today),
            is_open_for_applications: job.job_status == domain::jobs::form::STATUS_PUBLISHED && window.is_open(today),
            is_administrator: false,
            status: None,
            is_bookmarked: false,
            extra_info: JobExtraInfo { questions: questions::of_extra_info(job.extra_info.as_ref()) },
            accepted_members_count: None,
            pending_members_count: None,
            rejected_members_count: None,
            slug: job.slug,
            title: job.title,
            description: job.description,
            requirements: job.requirements,
            job_location: job.job_location,
            job_type: job.job_type,
            address: job.address,
            application_open_date: job.application_open_date,
            application_close_date: job.application_close_date,
            job_status: job.job_status,
            is_featured: job.is_featured,
            created_by: job.created_by,
            created_at: job.created_at,
        };
        out.push(BaseView { view, tenant_id, managers, open_to_all });
    }
    Ok(out)
}

/// The caller's management roles among the jobs' groups and their ancestors, their
/// applications to the jobs and their bookmarks of them: one query for a signed-in
/// caller, none for a guest. For the jobs they administer, the applicant counts: one more
/// query, read per request because applications do not bump the site's generation (m0046).
#[derive(Default)]
pub struct CallerRights {
    admin_of: HashSet<i64>,
    applications: HashMap<i64, String>,
    bookmarked: HashSet<i64>,
    counts: HashMap<i64, post_q::Counts>,
}

impl CallerRights {
    fn administers(&self, caller: &Caller, base: &BaseView) -> bool {
        caller.id().is_some() && (caller.is_staff() || base.managers.iter().any(|id| self.admin_of.contains(id)))
    }
}

pub async fn caller_rights<'a>(
    state: &AppState,
    caller: &Caller,
    bases: impl IntoIterator<Item = &'a BaseView>,
) -> ApiResult<CallerRights> {
    let Some(user_id) = caller.id() else { return Ok(CallerRights::default()) };
    let bases: Vec<&BaseView> = bases.into_iter().collect();
    let mut ids = Vec::new();
    let mut groups = Vec::new();
    let mut tenant_id = None;
    for base in &bases {
        tenant_id = Some(base.tenant_id);
        ids.push(base.view.id);
        groups.extend(base.managers.iter().copied());
    }
    groups.sort_unstable();
    groups.dedup();
    // The jobs are of one site: the caller's ties to them, in one query.
    let Some(tenant_id) = tenant_id else { return Ok(CallerRights::default()) };
    // Kept per the caller's person generation: their memberships, applications and
    // bookmarks bump it (m0042, m0046, m0049).
    let db = state.read_db();
    let key = TiesKey { user_id, tenant_id, groups: groups.clone(), jobs: ids.clone() };
    let ties = state
        .kept
        .job_ties
        .kept(&state.generations, db, key, user_id, async || {
            Ok(post_q::caller_ties(db, user_id, tenant_id, &groups, &ids).await?)
        })
        .await?;
    let admin_of = ties
        .memberships
        .iter()
        .filter(|(_, role, status)| {
            status == member_q::STATUS_ACCEPTED && domain::groups::permissions::is_admin_role(role)
        })
        .map(|(group_id, _, _)| *group_id)
        .collect();
    let mut rights = CallerRights {
        admin_of,
        applications: ties.applications.clone(),
        bookmarked: ties.bookmarked.clone(),
        ..Default::default()
    };
    let managed: Vec<i64> =
        bases.iter().filter(|base| rights.administers(caller, base)).map(|base| base.view.id).collect();
    if !managed.is_empty() {
        rights.counts = post_q::counts(state.read_db(), &managed).await?;
    }
    Ok(rights)
}

/// What a caller's ties to a page of jobs were read for ([`caller_rights`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TiesKey {
    user_id: i64,
    tenant_id: i64,
    groups: Vec<i64>,
    jobs: Vec<i64>,
}

/// The view of `base` for the caller on `today`.
pub fn finish(caller: &Caller, rights: &CallerRights, base: &BaseView, today: NaiveDate) -> JobView {
    let mut view = base.view.clone();
    let is_admin = rights.administers(caller, base);
    let window = Window { open: view.application_open_date, close: view.application_close_date };
    view.is_expired = window.is_expired(today);
    view.is_open_for_applications = view.job_status == domain::jobs::form::STATUS_PUBLISHED && window.is_open(today);
    view.is_administrator = is_admin;
    view.status = rights.applications.get(&view.id).cloned();
    view.is_bookmarked = rights.bookmarked.contains(&view.id);
    if is_admin {
        let counts = rights.counts.get(&view.id).copied().unwrap_or_default();
        view.accepted_members_count = Some(counts.accepted);
        view.pending_members_count = Some(counts.pending);
        view.rejected_members_count = Some(counts.rejected);
    }
    view
}

/// Builds the views of `models` for the caller.
pub async fn views(state: &AppState, caller: &Caller, models: Vec<job_posts::Model>) -> ApiResult<Vec<JobView>> {
    let bases = base_views(state, models).await?;
    let rights = caller_rights(state, caller, &bases).await?;
    let today = group_view::today();
    Ok(bases.iter().map(|base| finish(caller, &rights, base, today)).collect())
}

/// The views of the jobs `ids`, in that order, for the caller, from the base views kept at
/// the tenant's `generation` (see [`kept_bases`]).
pub async fn kept_views(
    state: &AppState,
    caller: &Caller,
    tenant_id: i64,
    generation: i64,
    ids: &[i64],
    models: HashMap<i64, job_posts::Model>,
) -> ApiResult<Vec<JobView>> {
    let bases = kept_bases(state, tenant_id, generation, ids, models).await?;
    finish_all(state, caller, &bases).await
}

/// The base views of the jobs `ids`, in that order, as kept at the tenant's `generation`
/// where they are; the others are built (from `models` when given, else read) and kept. A
/// job that no longer exists is left out.
pub async fn kept_bases(
    state: &AppState,
    tenant_id: i64,
    generation: i64,
    ids: &[i64],
    mut models: HashMap<i64, job_posts::Model>,
) -> ApiResult<Vec<Arc<BaseView>>> {
    let mut kept = state.kept.job_pages.items(tenant_id, generation, ids);
    let missing: Vec<i64> = ids.iter().zip(&kept).filter(|(_, k)| k.is_none()).map(|(id, _)| *id).collect();
    if !missing.is_empty() {
        let unread: Vec<i64> = missing.iter().filter(|id| !models.contains_key(id)).copied().collect();
        if !unread.is_empty() {
            models.extend(post_q::by_ids(state.read_db(), &unread).await?.into_iter().map(|j| (j.id, j)));
        }
        let to_build: Vec<job_posts::Model> = missing.iter().filter_map(|id| models.remove(id)).collect();
        let built: HashMap<i64, Arc<BaseView>> =
            base_views(state, to_build).await?.into_iter().map(|b| (b.id(), Arc::new(b))).collect();
        state.kept.job_pages.remember_items(tenant_id, generation, built.iter().map(|(id, b)| (*id, b.clone())));
        for (slot, id) in kept.iter_mut().zip(ids) {
            if slot.is_none() {
                *slot = built.get(id).cloned();
            }
        }
    }
    Ok(kept.into_iter().flatten().collect())
}

/// The caller's views of `bases`: one query for a signed-in caller's ties, none for a guest.
pub async fn finish_all(state: &AppState, caller: &Caller, bases: &[Arc<BaseView>]) -> ApiResult<Vec<JobView>> {
    let rights = caller_rights(state, caller, bases.iter().map(|b| b.as_ref())).await?;
    let today = group_view::today();
    Ok(bases.iter().map(|base| finish(caller, &rights, base, today)).collect())
}

pub async fn view(state: &AppState, caller: &Caller, model: job_posts::Model) -> ApiResult<JobView> {
    let id = model.id;
    views(state, caller, vec![model])
        .await?
        .pop()
        .ok_or_else(|| crate::error::ApiError::Internal(anyhow::anyhow!("job {id} has no group")))
}
