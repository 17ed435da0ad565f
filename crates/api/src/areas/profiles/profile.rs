//! The profile: the public page by slug, and updates by the owner or staff.

use std::sync::Arc;

use axum::{
    extract::{Path, State},
    Json,
};
use domain::{
    profiles::{apply_patch, ProfilePatch},
    topics::TopicType,
    FieldErrors,
};
use sea_orm::DatabaseTransaction;
use store::{
    entities::users,
    queries::{follows, memberships, profiles as q},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{finish, not_found_user, resolve_group, resolve_topics, user_profile_view, KeptProfile, UserProfileView};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, MaybeUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(profile_by_slug))
        .routes(routes!(update_own_profile))
        .routes(routes!(update_profile))
}

/// A person's profile page (read only). Emails and specific needs are shown to the owner
/// and staff only; others see people who are members of this site's organization.
#[utoipa::path(
    get,
    path = "/api/v1/users/profile/{slug}/",
    tag = "profiles",
    params(("slug" = String, Path, description = "The profile's name_slug")),
    responses((status = 200, body = Data<UserProfileView>))
)]
async fn profile_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<UserProfileView>>> {
    let db = state.read_db();
    let private_to = |owner_id: i64| viewer.as_ref().is_some_and(|v| super::can_edit(v, owner_id));
    // What every viewer of this kind sees is kept per person generation
    // (`crate::person_cache`); whether the viewer follows them is read per request.
    let today = chrono::Utc::now().date_naive();
    let (owner_id, kept) = match kept_by_link(&state, &tenant, &slug, private_to).await? {
        Some(found) => found,
        None => {
            let (profile, owner) = q::find_by_slug_with_user(db, &slug).await?.ok_or_else(not_found_user)?;
            if !owner.is_active {
                return Err(not_found_user());
            }
            let generation = state.generations.person(db, owner.id).await?;
            let key = (tenant.id(), owner.id, private_to(owner.id));
            let kept = match state.kept.profile_pages.get(&key, generation, today) {
                Some(kept) => kept,
                None => {
                    let membership = memberships::find(db, tenant.organization_id(), owner.id).await?;
                    let view = user_profile_view(db, &tenant, None, &owner, &profile, key.2, Some(membership.as_ref()))
                        .await?;
                    let kept = Arc::new(KeptProfile { site_member: membership.is_some(), view });
                    state.kept.profile_pages.remember(key, generation, today, kept.clone());
                    kept
                }
            };
            state.kept.profile_links.remember(slug, owner.id);
            (owner.id, kept)
        }
    };
    let own_or_staff = viewer.as_ref().is_some_and(|v| v.id == owner_id || v.is_staff);
    if !(own_or_staff || kept.site_member) {
        return Err(not_found_user());
    }
    let mut view = kept.view.clone();
    if let Some(viewer) = viewer.as_ref().filter(|v| v.id != owner_id) {
        view.followed = follows::is_following(db, viewer.id, follows::Target::User(owner_id)).await?;
    }
    Ok(Json(Data::new(view)))
}

/// The kept page of the person a link last named (`KeptPages::profile_links`), without reading
/// the link: trusted only while that person's view at their current generation still carries
/// the link. Every write to their profile or user bumps that generation (m0042), so a changed
/// link, a deactivation or a left site reads afresh; a link is unique, so no one else holds it
/// meanwhile.
async fn kept_by_link(
    state: &AppState,
    tenant: &crate::extract::Tenant,
    slug: &str,
    private_to: impl Fn(i64) -> bool,
) -> ApiResult<Option<(i64, Arc<KeptProfile>)>> {
    let Some(owner_id) = state.kept.profile_links.owner(slug) else { return Ok(None) };
    let generation = state.generations.person(state.read_db(), owner_id).await?;
    let key = (tenant.id(), owner_id, private_to(owner_id));
    let kept = state.kept.profile_pages.get(&key, generation, chrono::Utc::now().date_naive());
    Ok(kept.filter(|kept| kept.view.profile.name_slug == slug).map(|kept| (owner_id, kept)))
}

/// Updates the signed-in user's profile with any of the registration form's fields
/// (personal and group-profile fields alike).
#[utoipa::path(
    patch,
    path = "/api/v1/users/profile/",
    tag = "profiles",
    request_body = ProfilePatch,
    security(("bearer" = [])),
    responses((status = 200, body = Data<UserProfileView>))
)]
async fn update_own_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ProfilePatch>,
) -> ApiResult<Json<Data<UserProfileView>>> {
    let target = user.clone();
    Ok(Json(Data::new(patch_profile(&state, &tenant, &user, target, &body).await?)))
}

/// Updates a profile by its id: the owner or staff.
#[utoipa::path(
    patch,
    path = "/api/v1/profiles/{id}/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The profile id")),
    request_body = ProfilePatch,
    security(("bearer" = [])),
    responses((status = 200, body = Data<UserProfileView>), (status = 403, body = ErrorBody))
)]
async fn update_profile(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ProfilePatch>,
) -> ApiResult<Json<Data<UserProfileView>>> {
    let profile = q::find_by_id(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if !super::can_edit(&user, profile.user_id) {
        return Err(ApiError::forbidden());
    }
    let target =
        store::queries::users::find_by_id(&state.db, profile.user_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(Data::new(patch_profile(&state, &tenant, &user, target, &body).await?)))
}

/// Applies a profile patch of `actor` to `target`'s profile in one transaction and answers
/// the profile page as the actor sees it.
pub(super) async fn patch_profile(
    state: &AppState,
    tenant: &Tenant,
    actor: &users::Model,
    target: users::Model,
    body: &ProfilePatch,
) -> ApiResult<UserProfileView> {
    // Created outside the transaction: on PostgreSQL a lost race on the unique keys would
    // otherwise abort the whole transaction.
    q::ensure(&state.db, &target).await?;
    let txn = store::begin_write(&state.db).await?;
    let result = apply(&txn, tenant, actor, &target, body).await;
    finish(txn, result).await?;
    let target = store::queries::users::find_by_id(&state.db, target.id).await?.ok_or_else(ApiError::not_found)?;
    let profile = q::ensure(&state.db, &target).await?;
    user_profile_view(&state.db, tenant, Some(actor), &target, &profile, true, None).await
}

async fn apply(
    txn: &DatabaseTransaction,
    tenant: &Tenant,
    actor: &users::Model,
    target: &users::Model,
    body: &ProfilePatch,
) -> ApiResult<()> {
    let (config, institutional, diaspora) = super::form_context(tenant);
    let profile = q::ensure(txn, target).await?;
    let existing_group = q::find_group_profile(txn, tenant.organization_id(), target.id).await?;
    let mut fields = q::fields_of(&profile);
    let mut group = existing_group.as_ref().map(q::group_fields_of).unwrap_or_default();
    let changes = apply_patch(body, super::context(&config, institutional, diaspora), &mut fields, &mut group, false)?;

    let mut errors = FieldErrors::new();
    let institution = match &changes.institution {
        None => None,
        Some(None) => Some(None),
        Some(Some(reference)) => Some(resolve_group(txn, &mut errors, tenant.id(), "institution", reference).await?),
    };
    let skills = match &changes.skills {
        Some(refs) => Some(
            resolve_topics(txn, &mut errors, tenant.id(), "skills", TopicType::Skill.as_str(), refs, actor.id).await?,
        ),
        None => None,
    };
    let topics = match &changes.topics {
        Some(refs) => Some(
            resolve_topics(txn, &mut errors, tenant.id(), "topics", TopicType::General.as_str(), refs, actor.id)
                .await?,
        ),
        None => None,
    };
    errors.into_result()?;

    q::set_names(txn, target.id, changes.first_name.as_deref(), changes.last_name.as_deref()).await?;
    let profile_id = profile.id;
    q::save_fields(txn, profile, fields, institution).await?;
    if let Some(ids) = skills {
        q::set_topics(txn, profile_id, TopicType::Skill.as_str(), &ids).await?;
    }
    if let Some(ids) = topics {
        q::set_topics(txn, profile_id, TopicType::General.as_str(), &ids).await?;
    }
    if changes.touches_group {
        q::save_group_profile(txn, existing_group, tenant.organization_id(), target.id, group).await?;
    }
    q::refresh_completion(txn, target.id).await?;
    Ok(())
}
