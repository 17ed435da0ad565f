//! Leader certifications (`GET /leader-certifications/`, the caller's own) and the site's
//! certified circle leaders (`GET /circle-leaders/`).

use crate::extract::page_from_query;

use axum::{extract::State, Json};
use domain::FieldErrors;
use serde::{Deserialize, Serialize};
use store::{
    entities::leader_certifications,
    queries::programme::{self as q, LeaderFilter},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::ApiResult,
    extract::{list_param, search_param, ApiQuery, AuthUser, Param, Tenant},
    param,
};

use super::*;

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(own_certification)).routes(routes!(circle_leaders))
}

/// A leader certification on one site (spec 002 §3 "leadership_certification_details").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeaderCertificationView {
    /// 1 Basic, 2 Intermediate, 3 Advanced.
    pub level: i32,
    pub level_name: String,
    /// Topic area ids of the site.
    pub topic_areas: Vec<i64>,
    pub certified_at: String,
    /// The accepted application; null when certified otherwise.
    pub application_id: Option<i64>,
}

impl From<&leader_certifications::Model> for LeaderCertificationView {
    fn from(c: &leader_certifications::Model) -> Self {
        LeaderCertificationView {
            level: c.level,
            level_name: c.level_name.clone(),
            topic_areas: q::certification_areas(c),
            certified_at: c.certified_at.to_rfc3339(),
            application_id: c.application_id,
        }
    }
}

/// The user's leader certification on the site, if any.
pub async fn certification_on(
    db: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    user_id: i64,
) -> ApiResult<Option<LeaderCertificationView>> {
    Ok(q::certification_of(db, tenant.id(), user_id).await?.as_ref().map(LeaderCertificationView::from))
}

/// The caller's leader certification on this site, or null.
#[utoipa::path(
    get,
    path = "/api/v1/leader-certifications/",
    tag = "programme",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Option<LeaderCertificationView>>))
)]
async fn own_certification(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Option<LeaderCertificationView>>>> {
    Ok(Json(Data::new(certification_on(&state.db, &tenant, user.id).await?)))
}

// ---------------------------------------------------------------- circle leaders

#[derive(Debug, Serialize, ToSchema)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleLeaderView {
    /// The user's id.
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub image: Option<String>,
    pub title: Option<String>,
    pub short_bio: Option<String>,
    /// 1 Basic, 2 Intermediate, 3 Advanced.
    pub certification_level: Option<i64>,
    /// The certification's topic areas, then those of the profile's topics.
    pub topic_area_detailed: Vec<NamedRef>,
    pub no_of_circles_led: u64,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeadersQuery {
    /// At least 2 characters; matched in the name.
    pub search: Option<String>,
    /// Topic area ids (comma list).
    pub topic_area: Option<String>,
    /// Professional field values (comma list).
    pub professional_field: Option<String>,
    /// Job function values (comma list).
    pub job_function: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 9 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 9)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
}

fn int_list(errors: &mut FieldErrors, param: Param) -> Vec<i64> {
    let mut out = Vec::new();
    for raw in list_param(errors, param) {
        match raw.parse::<i64>() {
            Ok(v) => out.push(v),
            Err(_) => {
                errors.add(param.key, "A valid integer is required.");
                break;
            }
        }
    }
    out
}

/// The site's certified circle leaders (accepted members of its organization whose profile
/// carries a leader certification), nine per page.
#[utoipa::path(
    get,
    path = "/api/v1/circle-leaders/",
    tag = "programme",
    params(LeadersQuery),
    responses((status = 200, body = Page<CircleLeaderView>))
)]
async fn circle_leaders(
    State(state): State<AppState>,
    tenant: Tenant,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<LeadersQuery>,
) -> ApiResult<Json<Page<CircleLeaderView>>> {
    let page = page_from_query(&query.page, &query.page_size, LEADERS_PAGE_SIZE)?;
    let mut errors = FieldErrors::new();
    let search = search_param(param!(query.search).or(param!(query.q)));
    let filter = LeaderFilter {
        search_words: search.map(|s| s.split_whitespace().take(5).map(str::to_string).collect()).unwrap_or_default(),
        topic_areas: int_list(&mut errors, param!(query.topic_area)),
        professional_fields: int_list(&mut errors, param!(query.professional_field)),
        job_functions: int_list(&mut errors, param!(query.job_function)),
    };
    errors.into_result()?;
    let found =
        q::leaders(&state.db, tenant.id(), tenant.organization_id(), &filter, page.offset(), page.page_size).await?;
    let profile_ids: Vec<i64> = found.items.iter().map(|(p, _)| p.id).collect();
    let user_ids: Vec<i64> = found.items.iter().map(|(_, u)| u.id).collect();
    let topic_areas = q::profile_topic_areas(&state.db, &profile_ids).await?;
    let led = q::circles_led(&state.db, tenant.id(), &user_ids).await?;
    let certifications = q::certifications_of(&state.db, tenant.id(), &user_ids).await?;
    let mut area_lists: Vec<Vec<i64>> = Vec::new();
    let mut levels: Vec<Option<i64>> = Vec::new();
    for (profile, user) in &found.items {
        let certification = certifications.get(&user.id);
        levels.push(certification.map(|c| i64::from(c.level)));
        let mut areas: Vec<i64> = certification.map(q::certification_areas).unwrap_or_default();
        for area in topic_areas.get(&profile.id).into_iter().flatten() {
            if !areas.contains(area) {
                areas.push(*area);
            }
        }
        area_lists.push(areas);
    }
    let all_areas: Vec<i64> = area_lists.iter().flatten().copied().collect();
    let names = q::area_names(&state.db, &all_areas).await?;
    let items = found
        .items
        .into_iter()
        .zip(area_lists.into_iter().zip(levels))
        .map(|((profile, user), (areas, level))| CircleLeaderView {
            id: user.id,
            name: full_name(&user),
            name_slug: profile.name_slug,
            image: profile.picture,
            title: profile.title,
            short_bio: profile.short_bio,
            certification_level: level,
            topic_area_detailed: areas
                .into_iter()
                .filter_map(|id| names.get(&id).map(|name| NamedRef { id, name: name.clone() }))
                .collect(),
            no_of_circles_led: led.get(&user.id).copied().unwrap_or(0),
        })
        .collect();
    Ok(Json(Page::new(items, found.count, &page, &url)))
}
