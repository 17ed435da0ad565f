//! Influencers (spec 002 §2 "Influencer pages", §3 "Influential person", §7 "Influential
//! people"). A person becomes an influencer of a site when staff mark their accepted
//! membership of the site's organization (the admin dashboard is a later issue; this is its
//! API). Influential organizations are groups with `is_influencer` (staff set it through the
//! group form) and are listed by `GET /api/v1/groups/?group_type=organization&is_influencer=true`.
//!
//! - `GET /api/v1/influencers/?page&page_size`: the site's influential people, 16 a page,
//!   for everyone (guests too: the pages are public).
//! - `PATCH /api/v1/influencers/{user_id}/` `{"is_influencer": true|false}`: staff only.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::pagination::PageRequest;
use domain::sent::Sent;
use serde::{Deserialize, Serialize};
use store::queries::{influencers as influencer_q, profiles as profile_q};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Tenant},
};

/// Influencer lists show 16 a page (spec 002 §9).
pub const PAGE_SIZE: u64 = 16;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_influencers)).routes(routes!(set_influencer))
}

/// An influential person (spec 002 §3): id, name, institution_name, image, and the profile's
/// slug to link to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InfluentialPerson {
    pub id: i64,
    pub name: String,
    pub institution_name: Option<String>,
    /// The profile picture.
    pub image: Option<String>,
    pub name_slug: Option<String>,
}

/// Page numbers are read as text, so a bad one gets the spec's message, not serde's.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InfluencerQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 16 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 16)]
    pub page_size: Option<String>,
}

/// A page of the site's influential people as kept (`KeptPages::influencer_pages`): the exact
/// count and the page's people, in order.
pub struct InfluencerPage {
    count: u64,
    items: Vec<InfluentialPerson>,
}

/// The site's influential people, 16 a page: three queries a page (the people and the
/// count, their profiles, their institutions), whatever its size.
#[utoipa::path(
    get,
    path = "/api/v1/influencers/",
    tag = "influencers",
    params(InfluencerQuery),
    responses((status = 200, body = Page<InfluentialPerson>))
)]
async fn list_influencers(
    State(state): State<AppState>,
    tenant: Tenant,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<InfluencerQuery>,
) -> ApiResult<Json<Page<InfluentialPerson>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    // Kept per site generation: what a page shows (an influencer mark on a membership, names,
    // profile pictures, links and institutions, group names) bumps it (m0014, m0041, m0043).
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let key = format!("{}|{}", page.offset(), page.page_size);
    let kept = state
        .kept
        .influencer_pages
        .kept(tenant.id(), generation, key, async || read_page(&state, tenant.organization_id(), &page).await)
        .await?;
    Ok(Json(Page::new(kept.items.clone(), kept.count, &page, &url)))
}

async fn read_page(state: &AppState, organization_id: i64, page: &PageRequest) -> ApiResult<InfluencerPage> {
    let found = influencer_q::people(state.read_db(), organization_id, page.offset(), page.page_size).await?;
    let ids: Vec<i64> = found.items.iter().map(|u| u.id).collect();
    let profiles = profile_q::find_by_users(state.read_db(), &ids).await?;
    let institution_ids: Vec<i64> = profiles.values().filter_map(|p| p.institution_id).collect();
    let institutions = profile_q::groups_by_ids(state.read_db(), &institution_ids).await?;
    let items = found
        .items
        .into_iter()
        .map(|user| {
            let profile = profiles.get(&user.id);
            InfluentialPerson {
                id: user.id,
                name: format!("{} {}", user.first_name, user.last_name).trim().to_string(),
                institution_name: profile
                    .and_then(|p| p.institution_id)
                    .and_then(|id| institutions.get(&id))
                    .map(|g| g.name.clone()),
                image: profile.and_then(|p| p.picture.clone()),
                name_slug: profile.map(|p| p.name_slug.clone()),
            }
        })
        .collect();
    Ok(InfluencerPage { count: found.count, items })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InfluencerInput {
    /// true to mark the person as an influencer of this site, false to unmark.
    #[serde(default)]
    #[schema(value_type = bool)]
    pub is_influencer: Sent<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InfluencerState {
    pub id: i64,
    pub is_influencer: bool,
}

/// Marks or unmarks a member of this site as an influencer (staff only). The person must
/// hold an accepted membership of the site's organization (404 otherwise).
#[utoipa::path(
    patch,
    path = "/api/v1/influencers/{user_id}/",
    tag = "influencers",
    params(("user_id" = i64, Path, description = "The person's user id")),
    request_body = InfluencerInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<InfluencerState>), (status = 403, body = ErrorBody))
)]
async fn set_influencer(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(user_id): Path<i64>,
    ApiJson(body): ApiJson<InfluencerInput>,
) -> ApiResult<Json<Data<InfluencerState>>> {
    if !user.is_staff {
        return Err(ApiError::forbidden());
    }
    let influencer = match body.is_influencer {
        Sent::Value(flag) => flag,
        Sent::Absent | Sent::Null => return Err(ApiError::field("is_influencer", "This field is required.")),
        Sent::WrongType => return Err(ApiError::field("is_influencer", "Must be a valid boolean.")),
    };
    if !influencer_q::set(&state.db, tenant.organization_id(), user_id, influencer).await? {
        return Err(ApiError::NotFound("No member of this site has this id.".into()));
    }
    Ok(Json(Data::new(InfluencerState { id: user_id, is_influencer: influencer })))
}
