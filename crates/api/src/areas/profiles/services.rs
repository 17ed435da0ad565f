//! User services: what a person offers on their profile (the profile's service tab).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::profiles::{validate_user_service, UserServiceInput};
use serde::Serialize;
use store::{entities::user_services, queries::profiles as q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{not_found_user, visible};
use crate::{
    areas::AppState,
    envelope::{Data, Page},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, MaybeUser, PageParams, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_services))
        .routes(routes!(create_service))
        .routes(routes!(update_service, delete_service))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserServiceView {
    pub id: i64,
    pub user: i64,
    pub title: String,
    /// Sanitised HTML.
    pub description: Option<String>,
    pub url: Option<String>,
    pub created_at: String,
}

impl From<user_services::Model> for UserServiceView {
    fn from(m: user_services::Model) -> Self {
        UserServiceView {
            id: m.id,
            user: m.user_id,
            title: m.title,
            description: m.description,
            url: m.url,
            created_at: m.created_at.to_rfc3339(),
        }
    }
}

/// The services a user offers.
#[utoipa::path(
    get,
    path = "/api/v1/users/{id}/services/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The user id"), ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"), ("page_size" = Option<u64>, Query, minimum = 1, description = "40 by default; larger sizes are capped at 500")),
    responses((status = 200, body = Page<UserServiceView>))
)]
async fn list_services(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    paging: PageParams,
    Path(id): Path<i64>,
) -> ApiResult<Json<Page<UserServiceView>>> {
    let owner = store::queries::users::find_by_id(&state.db, id).await?.ok_or_else(not_found_user)?;
    if !visible(&state.db, &tenant, viewer.as_ref(), &owner).await? {
        return Err(not_found_user());
    }
    let page = q::services_of(&state.db, owner.id, paging.page.offset(), paging.page.page_size).await?;
    let items = page.items.into_iter().map(UserServiceView::from).collect();
    Ok(Json(Page::new(items, page.count, &paging.page, &paging.url)))
}

/// Adds a service to the signed-in user's profile.
#[utoipa::path(
    post,
    path = "/api/v1/user-services/",
    tag = "profiles",
    request_body = UserServiceInput,
    security(("bearer" = [])),
    responses((status = 201, body = Data<UserServiceView>))
)]
async fn create_service(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<UserServiceInput>,
) -> ApiResult<(StatusCode, Json<Data<UserServiceView>>)> {
    let service = validate_user_service(&body)?;
    let model = q::save_service(&state.db, None, user.id, service).await?;
    Ok((StatusCode::CREATED, Json(Data::new(model.into()))))
}

/// Changes a service (the owner or staff); fields left out keep their values.
#[utoipa::path(
    patch,
    path = "/api/v1/user-services/{id}/",
    tag = "profiles",
    params(("id" = i64, Path)),
    request_body = UserServiceInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<UserServiceView>), (status = 403, body = ErrorBody))
)]
async fn update_service(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<UserServiceInput>,
) -> ApiResult<Json<Data<UserServiceView>>> {
    let existing = q::find_service(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if !super::can_edit(&user, existing.user_id) {
        return Err(ApiError::forbidden());
    }
    let merged = UserServiceInput {
        title: body.title.clone().or_else(|| Some(existing.title.clone())),
        description: body.description.clone().or_else(|| Some(existing.description.clone())),
        url: body.url.clone().or_else(|| Some(existing.url.clone())),
    };
    let service = validate_user_service(&merged)?;
    let owner = existing.user_id;
    let model = q::save_service(&state.db, Some(existing), owner, service).await?;
    Ok(Json(Data::new(model.into())))
}

/// Removes a service (the owner or staff).
#[utoipa::path(
    delete,
    path = "/api/v1/user-services/{id}/",
    tag = "profiles",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 204), (status = 403, body = ErrorBody))
)]
async fn delete_service(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    let existing = q::find_service(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if !super::can_edit(&user, existing.user_id) {
        return Err(ApiError::forbidden());
    }
    q::delete_service(&state.db, existing.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
