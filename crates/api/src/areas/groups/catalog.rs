//! Fixed choices of the group form: circle types and the UN SDGs.

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use store::queries::groups as group_q;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{view::SdgRef, visible_group};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiResult, ErrorBody},
    extract::{MaybeUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(circle_types)).routes(routes!(sdgs)).routes(routes!(group_sdgs))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleTypeView {
    pub id: i64,
    pub name: String,
}

/// The kinds of circle this site offers.
#[utoipa::path(get, path = "/api/v1/circle-types/", tag = "groups", responses((status = 200, body = Data<Vec<CircleTypeView>>)))]
async fn circle_types(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Data<Vec<CircleTypeView>>>> {
    let types = group_q::circle_types(&state.db, tenant.id()).await?;
    Ok(Json(Data::new(types.into_iter().map(|t| CircleTypeView { id: t.id, name: t.name }).collect())))
}

/// The 17 UN Sustainable Development Goals.
#[utoipa::path(get, path = "/api/v1/sdgs/", tag = "groups", responses((status = 200, body = Data<Vec<SdgRef>>)))]
async fn sdgs(State(state): State<AppState>) -> ApiResult<Json<Data<Vec<SdgRef>>>> {
    let goals = group_q::all_sdgs(&state.db).await?;
    Ok(Json(Data::new(
        goals.into_iter().map(|s| SdgRef { id: s.id, number: s.number, name: s.name, logo: s.logo }).collect(),
    )))
}

/// The SDGs a group works towards.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/sdgs/",
    tag = "groups",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<SdgRef>>), (status = 404, body = ErrorBody))
)]
async fn group_sdgs(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<Vec<SdgRef>>>> {
    let group = visible_group(&state, &tenant, &caller_of(user), id).await?;
    let goals = group_q::sdgs_of(&state.db, &[group.id]).await?.remove(&group.id).unwrap_or_default();
    Ok(Json(Data::new(
        goals.into_iter().map(|s| SdgRef { id: s.id, number: s.number, name: s.name, logo: s.logo }).collect(),
    )))
}
