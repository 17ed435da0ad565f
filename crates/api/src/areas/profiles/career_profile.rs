//! The career-profile record (spec 000 §3): group, institution, start date, batch, title;
//! one per user on each site.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    profiles::{validate_career_profile, CareerProfileInput},
    FieldErrors,
};
use sea_orm::DatabaseTransaction;
use store::{
    entities::career_profiles,
    queries::profiles::{self as q, CareerProfileValues},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{finish, invalid_pk, load_career_profile_view, resolve_group, CareerProfileView};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_career_profile)).routes(routes!(update_career_profile))
}

/// Creates the signed-in user's career profile on this site (201), or updates the one
/// that exists (200).
#[utoipa::path(
    post,
    path = "/api/v1/career-profiles/",
    tag = "profiles",
    request_body = CareerProfileInput,
    security(("bearer" = [])),
    responses((status = 201, body = Data<CareerProfileView>), (status = 200, body = Data<CareerProfileView>))
)]
async fn create_career_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CareerProfileInput>,
) -> ApiResult<(StatusCode, Json<Data<CareerProfileView>>)> {
    let txn = store::begin_write(&state.db).await?;
    let result = match q::find_career_profile(&txn, tenant.id(), user.id).await {
        Ok(existing) => {
            let created = existing.is_none();
            save(&txn, &tenant, user.id, existing, &body).await.map(|m| (created, m))
        }
        Err(err) => Err(err.into()),
    };
    let (created, model) = finish(txn, result).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(load_career_profile_view(&state.db, &model).await?))))
}

/// Updates a career profile of this site: the owner or staff.
#[utoipa::path(
    patch,
    path = "/api/v1/career-profiles/{id}/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The career profile id")),
    request_body = CareerProfileInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<CareerProfileView>), (status = 403, body = ErrorBody))
)]
async fn update_career_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<CareerProfileInput>,
) -> ApiResult<Json<Data<CareerProfileView>>> {
    let existing = q::find_career_profile_by_id(&state.db, tenant.id(), id).await?.ok_or_else(ApiError::not_found)?;
    if !super::can_edit(&user, existing.user_id) {
        return Err(ApiError::forbidden());
    }
    let owner_id = existing.user_id;
    let txn = store::begin_write(&state.db).await?;
    let result = save(&txn, &tenant, owner_id, Some(existing), &body).await;
    let model = finish(txn, result).await?;
    Ok(Json(Data::new(load_career_profile_view(&state.db, &model).await?)))
}

async fn save(
    txn: &DatabaseTransaction,
    tenant: &Tenant,
    user_id: i64,
    existing: Option<career_profiles::Model>,
    body: &CareerProfileInput,
) -> ApiResult<career_profiles::Model> {
    let changes = validate_career_profile(body)?;
    let mut values = match &existing {
        Some(m) => CareerProfileValues {
            group_id: m.group_id,
            institution_id: m.institution_id,
            start_date: m.start_date,
            batch: m.batch.clone(),
            title: m.title.clone(),
        },
        None => CareerProfileValues {
            group_id: Some(tenant.organization_id()),
            institution_id: None,
            start_date: None,
            batch: None,
            title: None,
        },
    };
    let mut errors = FieldErrors::new();
    if let Some(group) = body.group {
        match group {
            Some(id) if !q::group_in_tenant(txn, tenant.id(), id).await? => errors.add("group", invalid_pk(id)),
            other => values.group_id = other,
        }
    }
    if let Some(institution) = &changes.institution {
        values.institution_id = match institution {
            Some(reference) => resolve_group(txn, &mut errors, tenant.id(), "institution", reference).await?,
            None => None,
        };
    }
    errors.into_result()?;
    if let Some(v) = changes.start_date {
        values.start_date = v;
    }
    if let Some(v) = changes.batch {
        values.batch = v;
    }
    if let Some(v) = changes.title {
        values.title = v;
    }
    Ok(q::save_career_profile(txn, existing, tenant.id(), user_id, values).await?)
}
