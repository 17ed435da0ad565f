//! The group profile: a user's answers for this site's organization (role, career stage,
//! reasons to join, professional field and the extra details).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    profiles::{apply_patch, GroupProfilePatch, ProfilePatch},
    topics::TopicType,
    FieldErrors,
};
use sea_orm::DatabaseTransaction;
use store::{
    entities::{group_profiles, users},
    queries::profiles as q,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{finish, load_group_profile_view, resolve_topics, GroupProfileView};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_group_profile)).routes(routes!(update_group_profile))
}

/// Creates the signed-in user's group profile for this site's organization (201). When
/// one exists, the values update it instead (200), so a repeated wizard step is harmless.
/// current_role and career_stage are required for a new one (and department, college and
/// affiliation on the institutional screen, country_of_origin on the diaspora host).
#[utoipa::path(
    post,
    path = "/api/v1/group-profiles/",
    tag = "profiles",
    request_body = GroupProfilePatch,
    security(("bearer" = [])),
    responses((status = 201, body = Data<GroupProfileView>), (status = 200, body = Data<GroupProfileView>))
)]
async fn create_group_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<GroupProfilePatch>,
) -> ApiResult<(StatusCode, Json<Data<GroupProfileView>>)> {
    q::ensure(&state.db, &user).await?;
    let txn = store::begin_write(&state.db).await?;
    let existing = q::find_group_profile(&txn, tenant.organization_id(), user.id).await;
    let result = match existing {
        Ok(existing) => {
            let created = existing.is_none();
            save(&txn, &tenant, &user, &user, existing, body.into()).await.map(|m| (created, m))
        }
        Err(err) => Err(err.into()),
    };
    let (created, model) = finish(txn, result).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(load_group_profile_view(&state.db, &model).await?))))
}

/// Updates a group profile of this site: the owner or staff.
#[utoipa::path(
    patch,
    path = "/api/v1/group-profiles/{id}/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The group profile id")),
    request_body = GroupProfilePatch,
    security(("bearer" = [])),
    responses((status = 200, body = Data<GroupProfileView>), (status = 403, body = ErrorBody))
)]
async fn update_group_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<GroupProfilePatch>,
) -> ApiResult<Json<Data<GroupProfileView>>> {
    let existing = q::find_group_profile_by_id(&state.db, id)
        .await?
        .filter(|g| g.group_id == tenant.organization_id())
        .ok_or_else(ApiError::not_found)?;
    if !super::can_edit(&user, existing.user_id) {
        return Err(ApiError::forbidden());
    }
    let owner =
        store::queries::users::find_by_id(&state.db, existing.user_id).await?.ok_or_else(ApiError::not_found)?;
    q::ensure(&state.db, &owner).await?;
    let txn = store::begin_write(&state.db).await?;
    let result = save(&txn, &tenant, &user, &owner, Some(existing), body.into()).await;
    let model = finish(txn, result).await?;
    Ok(Json(Data::new(load_group_profile_view(&state.db, &model).await?)))
}

async fn save(
    txn: &DatabaseTransaction,
    tenant: &Tenant,
    actor: &users::Model,
    owner: &users::Model,
    existing: Option<group_profiles::Model>,
    patch: ProfilePatch,
) -> ApiResult<group_profiles::Model> {
    let (config, institutional, diaspora) = super::form_context(tenant);
    let creating = existing.is_none();
    let mut group = existing.as_ref().map(q::group_fields_of).unwrap_or_default();
    let mut unused = Default::default();
    let changes =
        apply_patch(&patch, super::context(&config, institutional, diaspora), &mut unused, &mut group, creating)?;
    // Skills and topics sent with the group profile are the profile's.
    let mut errors = FieldErrors::new();
    let mut lists = Vec::new();
    for (field, topic_type, refs) in
        [("skills", TopicType::Skill, &changes.skills), ("topics", TopicType::General, &changes.topics)]
    {
        if let Some(refs) = refs {
            let ids = resolve_topics(txn, &mut errors, tenant.id(), field, topic_type.as_str(), refs, actor.id).await?;
            lists.push((topic_type, ids));
        }
    }
    errors.into_result()?;
    if !lists.is_empty() {
        let profile = q::ensure(txn, owner).await?;
        for (topic_type, ids) in lists {
            q::set_topics(txn, profile.id, topic_type.as_str(), &ids).await?;
        }
        q::refresh_completion(txn, owner.id).await?;
    }
    let model = q::save_group_profile(txn, existing, tenant.organization_id(), owner.id, group).await?;
    Ok(model)
}
