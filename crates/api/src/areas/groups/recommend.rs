//! The members' Recommendations tab of a group (spec 001 §2 "The Members list has … a
//! recommendations tab", "Recommendations panel: pick a group to recommend people from", §5,
//! §6 administrators "see recommendations", §7 "Recommendations: group_id, entity_type
//! (research_collaboration or cross_group), group_from_user_to_be_included").
//!
//! - `GET /api/v1/recommendations/?group_id=&entity_type=&group_from_user_to_be_included=&page=`:
//!   for the group's administrators (the member-management check), people of the site who
//!   have no membership of the group, taken from the accepted members of another group the
//!   caller can see (`cross_group`, the default) or from the site's members who share the
//!   group's topics (`research_collaboration`), best fit first by the assistant's rank
//!   (shared topics and skills, country, career stage, professional field), each with its
//!   `reason`. 15 a page, paged in the database (`store::queries::group_recommendations`).
//!
//! A group of another site is a 404, one the caller does not administer a 403; a group to
//! take people from that the caller cannot see is reported on its field.

use std::{collections::HashSet, sync::Arc};

use axum::{extract::State, Json};
use domain::{
    groups::recommend::{self as rules, EntityType, RecommendRequest, SOURCE_FIELD},
    matching::{ItemKind, ItemMeta},
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use services::matching::{PeopleFor, PeopleQuery, PeopleStamp, RankedPerson};
use store::queries::{
    group_recommendations::{self as recommend_q, Source},
    groups as group_q,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{is_visible, require_admin, visible_group};
use crate::areas::person_cards::{self, PersonCard};
use crate::extract::{caller_of, country_values, Caller};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(group_recommendations))
}

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendationsQuery {
    /// The group people are recommended to (one the caller administers).
    #[param(value_type = i64, required = true)]
    pub group_id: Option<String>,
    /// cross_group (default): the members of `group_from_user_to_be_included`;
    /// research_collaboration: the site's members who share the group's topics.
    #[param(schema_with = entity_types)]
    pub entity_type: Option<String>,
    /// The group of the site to recommend people from (required for cross_group, ignored
    /// otherwise).
    #[param(value_type = Option<i64>)]
    pub group_from_user_to_be_included: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
}

fn entity_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&EntityType::names())
}

/// A person recommended to a group.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendedPerson {
    #[serde(flatten)]
    pub person: PersonCard,
    /// The group's topics and skills the person has too.
    pub shared_topics: Vec<String>,
    pub same_country: bool,
    pub same_stage: bool,
    pub same_field: bool,
    /// The assistant's rank (higher first).
    pub score: f64,
    /// Why: "Shares Data Science, Python; in the group's country".
    pub reason: String,
}

/// People to recommend to a group, best fit first.
#[utoipa::path(
    get,
    path = "/api/v1/recommendations/",
    tag = "groups",
    params(RecommendationsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<RecommendedPerson>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn group_recommendations(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<RecommendationsQuery>,
) -> ApiResult<Json<Page<RecommendedPerson>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), rules::PAGE_SIZE)?;
    let request = RecommendRequest::parse(
        query.group_id.as_deref(),
        query.entity_type.as_deref(),
        query.group_from_user_to_be_included.as_deref(),
    )?;
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let group = visible_group(&state, &tenant, &caller, request.group_id).await?;
    require_admin(&state, &caller, &group).await?;
    let (source, source_name) = source_of(&state, &tenant, &caller, request.source_group_id).await?;
    let ranked = kept_ranking(&state, &tenant, &group, source, user_id).await?;
    let count = ranked.len() as u64;
    let rows: Vec<&RankedPerson> = ranked.iter().skip(page.offset() as usize).take(page.page_size as usize).collect();
    let ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    let (cards, _) = person_cards::load(state.read_db(), &ids).await?;
    let items = rows
        .iter()
        .filter_map(|row| {
            let person = cards.get(&row.user_id)?;
            let signals = rules::signals(
                row.fit.shared_topics.clone(),
                row.fit.same_country,
                row.fit.same_stage,
                row.fit.same_field,
            );
            Some(RecommendedPerson {
                person: person.clone(),
                score: row.score,
                reason: rules::reason_with_meaning(&signals, &source_name, row.similarity, row.title.as_deref()),
                shared_topics: signals.shared_topics,
                same_country: row.fit.same_country,
                same_stage: row.fit.same_stage,
                same_field: row.fit.same_field,
            })
        })
        .collect();
    Ok(Json(Page::new(items, count, &page, &url)))
}

/// Where people are taken from, and its name for the reasons: a group of the site the
/// caller sees, or the whole site.
async fn source_of(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    source_group_id: Option<i64>,
) -> ApiResult<(Source, String)> {
    let Some(id) = source_group_id else { return Ok((Source::Site, tenant.0.organization.name.clone())) };
    let invalid = || ApiError::field(SOURCE_FIELD, format!("Invalid pk \"{id}\" - object does not exist."));
    let from = group_q::find(&state.db, tenant.id(), id).await?.ok_or_else(invalid)?;
    if !is_visible(state, caller, &from).await? {
        return Err(invalid());
    }
    Ok((Source::Group(from.id), from.name))
}

/// The ranking for the group from the source, kept per group and source while nothing that
/// decides who may be listed was written (memberships, the group: the tenant's write
/// generation) and the site's items and people are unchanged (people: for a few minutes at
/// most).
async fn kept_ranking(
    state: &AppState,
    tenant: &Tenant,
    group: &store::entities::groups::Model,
    source: Source,
    user_id: i64,
) -> ApiResult<Arc<Vec<RankedPerson>>> {
    let generations = state.matching.generations(state.read_db(), tenant.id()).await?;
    let stamp = PeopleStamp {
        writes: state.generations.site(state.read_db(), tenant.id()).await?,
        items_generation: generations.items_generation,
        people_generation: generations.people_generation,
    };
    let kept_key = format!("group-recommendations:{}:{:?}:{user_id}", group.id, source);
    if let Some(kept) = state.matching.kept_people(tenant.id(), &kept_key, stamp) {
        return Ok(kept);
    }
    let _turn = state.matching.people_turn(tenant.id(), &kept_key).await;
    if let Some(kept) = state.matching.kept_people(tenant.id(), &kept_key, stamp) {
        return Ok(kept);
    }
    let ranked = Arc::new(rank_for_group(state, tenant, group, source, user_id).await?);
    state.matching.keep_people(tenant.id(), &kept_key, stamp, ranked.clone());
    Ok(ranked)
}

/// The site's people ranked for the group from `source`, best first (every page's rows).
async fn rank_for_group(
    state: &AppState,
    tenant: &Tenant,
    group: &store::entities::groups::Model,
    source: Source,
    user_id: i64,
) -> ApiResult<Vec<RankedPerson>> {
    let interests = recommend_q::interests_of(state.read_db(), group).await?;
    let keys = interests.topic_keys();
    let mut countries: Vec<String> =
        country_values(interests.countries.clone()).into_iter().map(|c| c.to_lowercase()).collect();
    countries.sort();
    countries.dedup();
    let what = recommend_q::Recommend {
        tenant_id: tenant.id(),
        organization_id: tenant.organization_id(),
        group_id: Some(group.id),
        source,
        topic_keys: &keys,
        countries: &countries,
        stages: &interests.stages,
        fields: &interests.fields,
        exclude_user: Some(user_id),
        stage_between: None,
    };
    // The candidates (the source group's members, or the site's members near the group in
    // meaning or sharing its topics), ranked by the matching engine.
    let mut pool = recommend_q::pool(state.read_db(), &what).await?;
    let kind = if group.group_type == "event" { ItemKind::Event } else { ItemKind::Circle };
    let facts = ItemMeta {
        topics: interests.topics.clone(),
        countries: countries.iter().filter_map(|c| services::matching::documents::canonical_country(c)).collect(),
        stages: interests.stages.clone(),
        fields: interests.fields.clone(),
        ..Default::default()
    };
    let target = PeopleFor::Item { kind, id: group.id, facts: Some(Box::new(facts)) };
    let nobody = HashSet::from([user_id]);
    if source == Source::Site {
        let near = state
            .matching
            .rank_people(
                state.read_db(),
                PeopleQuery {
                    tenant_id: tenant.id(),
                    target: target.clone(),
                    pool: None,
                    exclude: &nobody,
                    stages: None,
                    limit: recommend_q::SITE_POOL as usize,
                },
            )
            .await?;
        let mut seen: HashSet<i64> = pool.iter().copied().collect();
        let extra: Vec<i64> = near.into_iter().map(|p| p.user_id).filter(|id| seen.insert(*id)).collect();
        pool.extend(recommend_q::admissible(state.read_db(), &what, &extra).await?);
    }
    state
        .matching
        .rank_people(
            state.read_db(),
            PeopleQuery {
                tenant_id: tenant.id(),
                target,
                pool: Some(&pool),
                exclude: &nobody,
                stages: None,
                limit: pool.len(),
            },
        )
        .await
        .map_err(Into::into)
}
