//! Groups: organizations, institutions, circles and events (spec 001 §2–§9, 002 §2).
//!
//! - `crud`: `GET|POST /groups/`, `GET|PATCH /groups/{id}/`, `/groups/slug/{slug}/`,
//!   `/groups/list/`, `/groups/default/`, `POST /groups/{id}/questions/`
//! - `lists`: `/circles/` and `/events/` with every filter
//! - `metrics`: `GET /groups/metrics/` (the admin dashboard's counts)
//! - `images`: `POST /groups/{id}/logo/`, `POST /groups/{id}/cover-image/`
//! - `catalog`: `/circle-types/`, `/sdgs/`, `/groups/{id}/sdgs/`
//! - `membership`: `POST /groups/{id}/join/`, `POST /groups/{id}/leave/`
//! - `members`: the administrators' member management and the members list
//! - `default_org`: `GET|POST /groups/default-org/` (the deployment's default organizations)
//! - `recommend`: `GET /recommendations/` (people to recommend to a group, for its administrators)
//!
//! Every group belongs to one tenant and is looked up within the request's tenant only. A
//! private group (privacy 20) is visible to its accepted members and staff; to everyone
//! else it does not exist (404).

mod catalog;
mod crud;
mod default_org;
mod images;
pub mod input;
mod lists;
mod members;
mod membership;
mod metrics;
mod recommend;
pub mod view;

use store::{
    entities::groups,
    queries::{groups as group_q, memberships as member_q, visibility::PRIVACY_PRIVATE},
};
use utoipa_axum::router::OpenApiRouter;

pub(crate) use members::notify_added;
pub use view::GroupView;

use crate::extract::Caller;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    crud::routes()
        .merge(lists::routes())
        .merge(images::routes())
        .merge(catalog::routes())
        .merge(membership::routes())
        .merge(members::routes())
        .merge(metrics::routes())
        .merge(default_org::routes())
        .merge(recommend::routes())
}

pub const MSG_NOT_FOUND: &str = "Group not found.";

pub fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// A group of the tenant the caller may see, or 404.
pub async fn visible_group(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<groups::Model> {
    let group = group_q::find(state.read_db(), tenant.id(), id).await?.ok_or_else(not_found)?;
    ensure_visible(state, caller, group).await
}

pub async fn ensure_visible(state: &AppState, caller: &Caller, group: groups::Model) -> ApiResult<groups::Model> {
    if is_visible(state, caller, &group).await? {
        Ok(group)
    } else {
        Err(not_found())
    }
}

/// Whether the caller may see the group: it is public, or they are staff, an accepted
/// member of it, or an administrator of a group above it. Like the other checks before a
/// write, it reads committed rows through the read pool, so SQLite's one writer is spent on
/// writes only (a race with a write is settled by that write's constraints).
pub async fn is_visible(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<bool> {
    if group.privacy < PRIVACY_PRIVATE || caller.is_staff() {
        return Ok(true);
    }
    let Some(user_id) = caller.id() else { return Ok(false) };
    match member_q::find(state.read_db(), group.id, user_id).await? {
        Some(m) if m.status == member_q::STATUS_ACCEPTED => Ok(true),
        // Administrators of an organization above a private group see it too.
        _ => is_admin(state, caller, group).await,
    }
}

/// Whether the caller administers the group: staff, or an accepted admin or leader of the
/// group or of a group above it.
pub async fn is_admin(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<bool> {
    if caller.is_staff() {
        return Ok(true);
    }
    let Some(user_id) = caller.id() else { return Ok(false) };
    let parents = view::parent_chain(state, std::slice::from_ref(group)).await?;
    let mut ids: Vec<i64> = parents.keys().copied().collect();
    ids.push(group.id);
    let own = member_q::of_user_in(state.read_db(), user_id, &ids).await?;
    Ok(view::administers(caller, group, &parents, &view::admin_ids(&own)))
}

/// 403 unless the caller administers the group.
pub async fn require_admin(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<()> {
    if is_admin(state, caller, group).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden("You do not have permission to manage members.".into()))
    }
}

/// The web page of a group: `/circle/{slug}`, `/event/{slug}` or `/org/{slug}`.
pub fn group_path(group: &groups::Model) -> String {
    domain::notifications::group_path(&group.group_type, &group.slug)
}

/// Whether the user belongs to the site: an accepted member of its organization.
pub async fn member_of_site(state: &AppState, tenant: &Tenant, user_id: i64) -> ApiResult<bool> {
    Ok(member_q::find(&state.db, tenant.organization_id(), user_id)
        .await?
        .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED))
}
