//! Recommended applicants (spec 001 §2 "Recommendations panel: pick a group to recommend
//! people from", §6 "Job administrator … recommendations tab", §7 "Recommended applicants:
//! job_id, group_from_user_to_be_included, extra_info_filter", §8 'Could not fetch
//! recommended applicants').
//!
//! - `GET /jobs/{id}/recommended-applicants/`: for the job's administrators, the accepted
//!   members of the chosen group (the job's own group by default) who have not applied,
//!   optionally only those whose answers on the site's registration form match
//!   `extra_info_filter` (uni_batch, department, affiliation), best fit first: the best
//!   1000 by the job's skills they list, living in one of its countries and profile
//!   completeness, ranked by the matching engine (how close each profile is to the job in
//!   meaning, with those signals), each with its `reason`. 12 a page.
//!
//! Like every job call, a job the caller may not see is a 404 and one they see but do not
//! administer a 403. The chosen group must be one of the site's that the caller
//! administers: member answers are not shown to other groups' administrators.

use std::collections::{HashMap, HashSet};

use axum::{
    extract::{Path, State},
    Json,
};
use domain::{
    jobs::recommend::{ExtraInfoFilter, FILTER_FIELD},
    matching::ItemKind,
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use services::matching::{PeopleFor, PeopleQuery};
use store::{
    entities::{groups, job_posts},
    queries::{groups as group_q, job_posts as post_q, job_recommendations as recommend_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{managed_job, Visible};
use crate::extract::{caller_of, country_values, Caller};
use crate::{
    areas::AppState,
    areas::{
        groups::{is_admin, is_visible},
        person_cards::{self, PersonCard},
    },
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{id_param, page_from_query, text_param, ApiQuery, AuthUser, Param, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(recommended_applicants))
}

/// 12 a page, as the applicants.
pub const PAGE_SIZE: u64 = 12;
pub const GROUP_FIELD: &str = "group_from_user_to_be_included";
pub const MSG_NOT_YOUR_GROUP: &str = "You can only recommend people from groups you administer.";

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendedQuery {
    /// The group whose accepted members are recommended (one the caller administers); the
    /// job's own group when absent.
    #[param(value_type = Option<i64>)]
    pub group_from_user_to_be_included: Option<String>,
    /// A JSON object with any of uni_batch, department, affiliation: only people who gave
    /// those answers on the site's registration form (compared ignoring case).
    pub extra_info_filter: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 12)]
    pub page_size: Option<String>,
}

/// A person recommended for a job.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendedApplicant {
    #[serde(flatten)]
    pub person: PersonCard,
    /// How many of the job's skills the person lists on their profile.
    pub matching_skills: u64,
    /// The person lives in one of the job's countries.
    pub same_country: bool,
    /// Why: "Works as Data Engineer, close to what the job is about; has 2 of its skills".
    pub reason: String,
}

/// The applicants ranked by the matching engine (the best fits by skills first); later pages
/// follow the database's order.
pub const RANKED_POOL: u64 = 1000;

/// The people to recommend for a job, best fit first.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{id}/recommended-applicants/",
    tag = "jobs",
    params(("id" = i64, Path), RecommendedQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<RecommendedApplicant>), (status = 403, body = ErrorBody))
)]
async fn recommended_applicants(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<RecommendedQuery>,
) -> ApiResult<Json<Page<RecommendedApplicant>>> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let mut errors = domain::FieldErrors::new();
    let group_id = id_param(&mut errors, Param::new(GROUP_FIELD, &query.group_from_user_to_be_included));
    let filter = match ExtraInfoFilter::parse(text_param(Param::new(FILTER_FIELD, &query.extra_info_filter)).as_deref())
    {
        Ok(filter) => filter,
        Err(found) => {
            errors.merge_prefixed("", found);
            ExtraInfoFilter::default()
        }
    };
    errors.into_result()?;
    let found = managed_job(&state, &tenant, &caller, id).await?;
    let group = recommending_group(&state, &tenant, &caller, &found, group_id).await?;
    let what = recommend_q::Recommend {
        job_post_id: found.job.id,
        group_id: group.id,
        skill_ids: job_skills(&state, found.job.id).await?,
        countries: job_countries(&found.job),
        organization_id: tenant.organization_id(),
        answers: filter.answers,
        exclude_user: Some(user_id),
    };
    let (rows, count) = ranked_rows(&state, &tenant, &what, &page).await?;
    let ids: Vec<i64> = rows.iter().map(|(r, _, _)| r.user_id).collect();
    let (cards, _) = person_cards::load(state.read_db(), &ids).await?;
    let items = rows
        .iter()
        .filter_map(|(row, similarity, title)| {
            Some(RecommendedApplicant {
                person: cards.get(&row.user_id)?.clone(),
                matching_skills: row.matching_skills,
                same_country: row.same_country,
                reason: domain::jobs::recommend::reason(
                    *similarity,
                    title.as_deref(),
                    row.matching_skills,
                    row.same_country,
                ),
            })
        })
        .collect();
    Ok(Json(Page::new(items, count, &page, &url)))
}

/// The group people are recommended from: the job's own, or another of the site that the
/// caller sees and administers.
async fn recommending_group(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    found: &Visible,
    group_id: Option<i64>,
) -> ApiResult<groups::Model> {
    let group_id = match group_id {
        None => return Ok(found.group.clone()),
        Some(group_id) if group_id == found.group.id => return Ok(found.group.clone()),
        Some(group_id) => group_id,
    };
    let invalid = || ApiError::field(GROUP_FIELD, format!("Invalid pk \"{group_id}\" - object does not exist."));
    let group = group_q::find(&state.db, tenant.id(), group_id).await?.ok_or_else(invalid)?;
    if !is_visible(state, caller, &group).await? {
        return Err(invalid());
    }
    if !is_admin(state, caller, &group).await? {
        return Err(ApiError::field(GROUP_FIELD, MSG_NOT_YOUR_GROUP));
    }
    Ok(group)
}

async fn job_skills(state: &AppState, job_id: i64) -> ApiResult<Vec<i64>> {
    let mut skills = post_q::skills_of(state.read_db(), &[job_id]).await?;
    Ok(skills.remove(&job_id).unwrap_or_default().into_iter().map(|(id, _)| id).collect())
}

/// The job's countries in every spelling, lower-cased.
fn job_countries(job: &job_posts::Model) -> Vec<String> {
    let named: Vec<String> = job
        .countries
        .as_ref()
        .and_then(|v| v.as_array())
        .map(|items| items.iter().filter_map(|c| c.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let mut countries: Vec<String> = country_values(named).into_iter().map(|c| c.to_lowercase()).collect();
    countries.dedup();
    countries
}

/// A recommended person, how close their profile is to the job in meaning, and their title.
type RankedRow = (recommend_q::Recommended, Option<f32>, Option<String>);

/// The page's people and the count of everyone recommendable. The best fits by skills and
/// country (a bounded pool) are ranked by the matching engine with how close each profile is
/// to the job in meaning; pages past the pool follow the database's order.
async fn ranked_rows(
    state: &AppState,
    tenant: &Tenant,
    what: &recommend_q::Recommend,
    page: &PageRequest,
) -> ApiResult<(Vec<RankedRow>, u64)> {
    let (pool, count) = recommend_q::recommended(state.read_db(), what, 0, RANKED_POOL).await?;
    if page.offset() >= RANKED_POOL {
        let (rows, _) = recommend_q::recommended(state.read_db(), what, page.offset(), page.page_size).await?;
        return Ok((rows.into_iter().map(|r| (r, None, None)).collect(), count));
    }
    let facts: HashMap<i64, recommend_q::Recommended> = pool.iter().map(|r| (r.user_id, *r)).collect();
    let ids: Vec<i64> = pool.iter().map(|r| r.user_id).collect();
    let people = PeopleQuery {
        tenant_id: tenant.id(),
        target: PeopleFor::Item { kind: ItemKind::Job, id: what.job_post_id, facts: None },
        pool: Some(&ids),
        exclude: &HashSet::new(),
        stages: None,
        limit: ids.len(),
    };
    let ranked = state.matching.rank_people(state.read_db(), people).await?;
    let rows = ranked
        .into_iter()
        .skip(page.offset() as usize)
        .take(page.page_size as usize)
        .filter_map(|p| Some((*facts.get(&p.user_id)?, p.similarity, p.title)))
        .collect();
    Ok((rows, count))
}
