//! Recommendations for the signed-in member (spec 002 §4 "Recommendations", §7 "Recommendations
//! list"): the matching engine's items of the site for them (by what their profile and goal
//! mean, their topics and skills, stage, field and country, and what members like them
//! joined), never what they joined, applied to or follow, nor what they may not see; at most 5
//! per kind, each with its `reason`. Kept per member and generation
//! (`services::matching::engine`).
//!
//! - `GET /api/v1/recommended-entities/` `entity_type` circle, event, user, ai_tool or use_case
//!   (none: all five).
//! - `GET /api/v1/user-recommendations/`, `/group-recommendations/` (circles and events),
//!   `/job-recommendations/`.

use axum::{extract::State, Json};
use domain::assistant::ItemKind;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::assistant::RecommendedItem,
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(recommended_entities))
        .routes(routes!(user_recommendations))
        .routes(routes!(group_recommendations))
        .routes(routes!(job_recommendations))
}

/// At most this many recommendations per kind (spec 002 §4).
pub const PER_KIND: usize = 5;

/// The entity types of the recommendations list (spec 002 §8).
pub const ENTITY_TYPES: [ItemKind; 5] =
    [ItemKind::Circle, ItemKind::Event, ItemKind::User, ItemKind::AiTool, ItemKind::UseCase];

async fn recommend(
    state: &AppState,
    tenant: &Tenant,
    user: &store::entities::users::Model,
    kinds: &[ItemKind],
) -> ApiResult<Json<Data<Vec<RecommendedItem>>>> {
    let found = state.matching.recommend(state.read_db(), tenant.id(), user.id, kinds, PER_KIND).await?;
    Ok(Json(Data::new(found.iter().map(RecommendedItem::from_found).collect())))
}

#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EntityQuery {
    /// circle, event, user, ai_tool or use_case; none: all of them.
    pub entity_type: Option<String>,
}

/// The member's recommended circles, events, people, AI tools or use cases.
#[utoipa::path(
    get,
    path = "/api/v1/recommended-entities/",
    tag = "assistant",
    params(EntityQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<RecommendedItem>>), (status = 404, body = ErrorBody))
)]
async fn recommended_entities(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiQuery(query): ApiQuery<EntityQuery>,
) -> ApiResult<Json<Data<Vec<RecommendedItem>>>> {
    let kinds: Vec<ItemKind> = match query.entity_type.as_ref().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        None => ENTITY_TYPES.to_vec(),
        Some(t) => match ItemKind::parse(t).filter(|k| ENTITY_TYPES.contains(k)) {
            Some(kind) => vec![kind],
            None => return Err(ApiError::field("entity_type", format!("\"{t}\" is not a valid choice."))),
        },
    };
    recommend(&state, &tenant, &user, &kinds).await
}

/// People the member may want to know.
#[utoipa::path(
    get,
    path = "/api/v1/user-recommendations/",
    tag = "assistant",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<RecommendedItem>>), (status = 404, body = ErrorBody))
)]
async fn user_recommendations(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Vec<RecommendedItem>>>> {
    recommend(&state, &tenant, &user, &[ItemKind::User]).await
}

/// Circles and events the member may want to join.
#[utoipa::path(
    get,
    operation_id = "recommended_groups",
    path = "/api/v1/group-recommendations/",
    tag = "assistant",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<RecommendedItem>>), (status = 404, body = ErrorBody))
)]
async fn group_recommendations(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Vec<RecommendedItem>>>> {
    recommend(&state, &tenant, &user, &[ItemKind::Circle, ItemKind::Event]).await
}

/// Jobs for the member.
#[utoipa::path(
    get,
    path = "/api/v1/job-recommendations/",
    tag = "assistant",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<RecommendedItem>>), (status = 404, body = ErrorBody))
)]
async fn job_recommendations(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Vec<RecommendedItem>>>> {
    recommend(&state, &tenant, &user, &[ItemKind::Job]).await
}
