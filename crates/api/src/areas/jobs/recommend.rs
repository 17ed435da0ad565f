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
};
use serde::{Deserialize, Serialize};
use services::matching::{PeopleFor, PeopleQuery};
use store::queries::{groups as group_q, job_posts as post_q, job_recommendations as recommend_q};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::managed_job;
use crate::{
    areas::{
        groups::{caller_of, country_values, id_param, is_admin, is_visible, text_param},
        person_cards::{self, PersonCard},
    },
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{page_from_query, ApiQuery, AuthUser, Tenant},
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(recommended_applicants))
}

/// 12 a page, as the applicants.
pub const PAGE_SIZE: u64 = 12;
pub const GROUP_FIELD: &str = "group_from_user_to_be_included";
pub const MSG_NOT_YOUR_GROUP: &str = "You can only recommend people from groups you administer.";

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct RecommendedQuery {
    /// The group whose accepted members are recommended (one the caller administers); the
    /// job's own group when absent.
    pub group_from_user_to_be_included: Option<i64>,
    /// A JSON object with any of uni_batch, department, affiliation: only people who gave
    /// those answers on the site's registration form (compared ignoring case).
    pub extra_info_filter: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 12)]
    pub page_size: Option<u64>,
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
    responses(
        (status = 200, body = Page<RecommendedApplicant>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn recommended_applicants(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<RecommendedApplicant>>> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let page = page_from_query(&query, PAGE_SIZE)?;
    let mut errors = domain::FieldErrors::new();
    let group_id = id_param(&mut errors, &query, GROUP_FIELD);
    let filter = match ExtraInfoFilter::parse(text_param(&query, FILTER_FIELD).as_deref()) {
        Ok(filter) => filter,
        Err(found) => {
            errors.merge_prefixed("", found);
            ExtraInfoFilter::default()
        }
    };
    errors.into_result()?;
    let found = managed_job(&state, &tenant, &caller, id).await?;
    let group = match group_id {
        None => found.group.clone(),
        Some(group_id) if group_id == found.group.id => found.group.clone(),
        Some(group_id) => {
            let invalid =
                || ApiError::field(GROUP_FIELD, format!("Invalid pk \"{group_id}\" - object does not exist."));
            let group = group_q::find(&state.db, tenant.id(), group_id).await?.ok_or_else(invalid)?;
            if !is_visible(&state, &caller, &group).await? {
                return Err(invalid());
            }
            if !is_admin(&state, &caller, &group).await? {
                return Err(ApiError::field(GROUP_FIELD, MSG_NOT_YOUR_GROUP));
            }
            group
        }
    };
    let skill_ids: Vec<i64> = post_q::skills_of(state.read_db(), &[found.job.id])
        .await?
        .remove(&found.job.id)
        .unwrap_or_default()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let job_countries: Vec<String> = found
        .job
        .countries
        .as_ref()
        .and_then(|v| v.as_array())
        .map(|items| items.iter().filter_map(|c| c.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let mut countries: Vec<String> = country_values(job_countries).into_iter().map(|c| c.to_lowercase()).collect();
    countries.dedup();
    let what = recommend_q::Recommend {
        job_post_id: found.job.id,
        group_id: group.id,
        skill_ids,
        countries,
        organization_id: tenant.organization_id(),
        answers: filter.answers,
        exclude_user: Some(user_id),
    };
    // The best fits by skills and country (a bounded pool), ranked by the matching engine with
    // how close each profile is to the job in meaning; pages past the pool follow the
    // database's order.
    let (pool, count) = recommend_q::recommended(state.read_db(), &what, 0, RANKED_POOL).await?;
    let facts: HashMap<i64, recommend_q::Recommended> = pool.iter().map(|r| (r.user_id, *r)).collect();
    let rows: Vec<(recommend_q::Recommended, Option<f32>, Option<String>)> = if page.offset() < RANKED_POOL {
        let ids: Vec<i64> = pool.iter().map(|r| r.user_id).collect();
        let ranked = state
            .matching
            .rank_people(
                state.read_db(),
                PeopleQuery {
                    tenant_id: tenant.id(),
                    target: PeopleFor::Item { kind: ItemKind::Job, id: found.job.id, facts: None },
                    pool: Some(&ids),
                    exclude: &HashSet::new(),
                    stages: None,
                    limit: ids.len(),
                },
            )
            .await?;
        ranked
            .into_iter()
            .skip(page.offset() as usize)
            .take(page.page_size as usize)
            .filter_map(|p| Some((*facts.get(&p.user_id)?, p.similarity, p.title)))
            .collect()
    } else {
        recommend_q::recommended(state.read_db(), &what, page.offset(), page.page_size)
            .await?
            .0
            .into_iter()
            .map(|r| (r, None, None))
            .collect()
    };
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
