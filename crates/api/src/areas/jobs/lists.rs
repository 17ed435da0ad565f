//! The job board list (spec 001 §7 "Jobs", §9: nine per page): every filter, one query
//! for the page and one for the count, whatever the page size.

use std::collections::HashMap;

use axum::{extract::State, Json};
use domain::{
    jobs::{
        form::{JOB_LOCATIONS, JOB_STATUSES, JOB_TYPES},
        lifecycle::APPLICATION_STATUSES,
    },
    FieldErrors,
};
use serde::Deserialize;
use store::queries::job_posts as post_q;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{view, JobView};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::ApiResult,
    extract::{
        bool_param, caller_of, country_values, first_list, id_param, list_param, page_from_query, search_param,
        text_param, ApiQuery, ListGeneration, MaybeUser, Param, Tenant,
    },
    page_cache::PageIds,
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_jobs))
}

/// The job board: 9 per page (spec 001 §9).
pub const PAGE_SIZE: u64 = 9;

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JobListQuery {
    /// At least 2 characters (`q` also works), through the search index: the best matches
    /// of the title first, then the address.
    pub search: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 9 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 9)]
    pub page_size: Option<String>,
    /// pending (drafts: only those the caller administers) or approved. Without it the
    /// board shows published jobs (and, with `view_all`, the caller's drafts too).
    #[param(schema_with = job_statuses)]
    pub job_status: Option<String>,
    /// Only the jobs of this group.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Also the drafts of the groups the caller administers.
    #[param(value_type = Option<bool>)]
    pub view_all: Option<String>,
    /// recent (the only order: by creation).
    pub sort_by: Option<String>,
    /// desc (default, newest first) or asc.
    pub sort_order: Option<String>,
    pub career_stages: Option<String>,
    pub professional_fields: Option<String>,
    /// Skill topic ids, comma-separated (`topics` also works).
    pub skills: Option<String>,
    /// Topic area ids, comma-separated: jobs asking for a skill of any of them.
    pub topic_areas: Option<String>,
    /// Countries, comma-separated (`country` also works), matched ignoring case.
    pub countries: Option<String>,
    /// project_based, full_time, part_time, internship (comma list).
    pub job_type: Option<String>,
    /// remote, on_site, hybrid (comma list).
    pub job_location: Option<String>,
    /// Only the jobs the caller applied to (my area); guests get an empty list.
    #[param(value_type = Option<bool>)]
    pub applied: Option<String>,
    /// With `applied`: only applications in this status (pending, accepted, rejected).
    pub application_status: Option<String>,
    /// Only the jobs the caller created (my area), drafts included.
    #[param(value_type = Option<bool>)]
    pub created: Option<String>,
    /// Only the jobs the caller created or applied to (`GET /jobs/me/`).
    #[param(value_type = Option<bool>)]
    pub mine: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub country: Option<String>,
    #[param(ignore)]
    pub career_stage: Option<String>,
    #[param(ignore)]
    pub professional_field: Option<String>,
    #[param(ignore)]
    pub topics: Option<String>,
    #[param(ignore)]
    pub topic_area: Option<String>,
}

fn job_statuses() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&JOB_STATUSES)
}

fn choices(errors: &mut FieldErrors, param: Param, allowed: &[&str]) -> Vec<String> {
    let values = list_param(errors, param);
    for value in &values {
        if !allowed.contains(&value.as_str()) {
            errors.add(param.key, format!("\"{value}\" is not a valid choice."));
        }
    }
    values
}

/// The ids of every spelling sent, together.
fn ids(errors: &mut FieldErrors, params: &[Param]) -> Vec<i64> {
    let mut out = Vec::new();
    for param in params {
        for value in list_param(errors, *param) {
            match value.parse::<i64>() {
                Ok(id) if id > 0 => out.push(id),
                _ => errors.add(param.key, "A valid integer is required."),
            }
        }
    }
    out
}

/// Parses the board's filters for the caller (`None`: a guest).
pub fn filter_of(query: &JobListQuery, caller_id: Option<i64>) -> Result<post_q::ListFilter, FieldErrors> {
    let mut errors = FieldErrors::new();
    let job_status = text_param(param!(query.job_status));
    if let Some(status) = &job_status {
        if !JOB_STATUSES.contains(&status.as_str()) {
            errors.add("job_status", format!("\"{status}\" is not a valid choice."));
        }
    }
    if let Some(sort) = text_param(param!(query.sort_by)) {
        if sort != "recent" {
            errors.add("sort_by", format!("\"{sort}\" is not a valid choice."));
        }
    }
    let oldest_first = match text_param(param!(query.sort_order)).map(|o| o.to_ascii_lowercase()).as_deref() {
        None | Some("desc") => false,
        Some("asc") => true,
        Some(other) => {
            errors.add("sort_order", format!("\"{other}\" is not a valid choice."));
            false
        }
    };
    let group_id = id_param(&mut errors, param!(query.group_id));
    let view_all = bool_param(&mut errors, param!(query.view_all)).unwrap_or(false);
    let applied = bool_param(&mut errors, param!(query.applied)).unwrap_or(false);
    let created = bool_param(&mut errors, param!(query.created)).unwrap_or(false);
    let mine = bool_param(&mut errors, param!(query.mine)).unwrap_or(false);
    let application_status = text_param(param!(query.application_status));
    if let Some(status) = &application_status {
        if !APPLICATION_STATUSES.contains(&status.as_str()) {
            errors.add("application_status", format!("\"{status}\" is not a valid choice."));
        }
    }
    // "Mine" filters without a caller match nothing: user id 0 names nobody.
    let me = caller_id.unwrap_or(0);
    let filter = post_q::ListFilter {
        search: search_param(param!(query.search).or(param!(query.q))),
        group_id,
        job_status,
        include_drafts: view_all || created || mine,
        countries: country_values(first_list(&mut errors, &[param!(query.countries), param!(query.country)])),
        career_stages: first_list(&mut errors, &[param!(query.career_stages), param!(query.career_stage)]),
        professional_fields: first_list(
            &mut errors,
            &[param!(query.professional_fields), param!(query.professional_field)],
        ),
        skill_ids: ids(&mut errors, &[param!(query.skills), param!(query.topics)]),
        topic_area_ids: ids(&mut errors, &[param!(query.topic_areas), param!(query.topic_area)]),
        job_types: choices(&mut errors, param!(query.job_type), &JOB_TYPES),
        job_locations: choices(&mut errors, param!(query.job_location), &JOB_LOCATIONS),
        applied_by: applied.then_some(me),
        application_status: application_status.filter(|_| applied),
        created_by: created.then_some(me),
        created_or_applied_by: mine.then_some(me),
        oldest_first,
        applicant_generation: None,
    };
    errors.into_result().map(|_| filter)
}

/// The jobs the caller may see: published ones of visible groups, and the drafts of the
/// groups they administer when asked for.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/",
    tag = "jobs",
    params(JobListQuery),
    responses((status = 200, body = Page<JobView>))
)]
pub(crate) async fn list_jobs(
    State(state): State<AppState>,
    tenant: Tenant,
    ListGeneration(generation): ListGeneration,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<JobListQuery>,
) -> ApiResult<Json<Page<JobView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let caller = caller_of(user);
    let mut filter = filter_of(&query, caller.id())?;
    // A guest's "mine" filters name nobody (user 0) and need no generation.
    if let Some(applicant) = filter.applicant().filter(|id| *id != 0) {
        filter.applicant_generation = Some(state.generations.person(state.read_db(), applicant).await?.person);
    }
    // Kept per write generation like the circles (`crate::page_cache`); no date in the key:
    // which posts a viewer sees does not change with the day.
    let key = format!("{:?}|{}|{}|{filter:?}", caller.viewer(), page.offset(), page.page_size);
    let mut kept = state.kept.job_pages.page(tenant.id(), generation, &key);
    let _turn = match kept {
        Some(_) => None,
        None => {
            let turn = state.kept.job_pages.turn(tenant.id(), &key).await;
            kept = state.kept.job_pages.page(tenant.id(), generation, &key);
            Some(turn)
        }
    };
    let (found, models) = match kept {
        Some(kept) => (kept, HashMap::new()),
        None => {
            let found = post_q::list(
                state.read_db(),
                &state.list_counts,
                tenant.id(),
                caller.viewer(),
                &filter,
                page.offset(),
                page.page_size,
            )
            .await?;
            let kept = PageIds { ids: found.items.iter().map(|j| j.id).collect(), count: found.count };
            state.kept.job_pages.remember_page(tenant.id(), generation, key, kept.clone());
            (std::sync::Arc::new(kept), found.items.into_iter().map(|j| (j.id, j)).collect())
        }
    };
    let items = view::kept_views(&state, &caller, tenant.id(), generation, &found.ids, models).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}
