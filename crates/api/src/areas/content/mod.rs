//! Content (spec 001 §2 Resources and Posts tabs, §3 "Resource or post", §5, §6, §7
//! "Posts, contents and resources"; spec 002 §2 Resource Hub, Prompt Library, home share
//! box, §3, §4 "Moderation statuses", §7 "Content"; issue 13).
//!
//! - `items`: `GET|POST /contents/`, `GET /contents/slug/{slug}/`,
//!   `GET|PATCH|DELETE /contents/{id}/`, `POST /contents/{id}/approve-reject/`,
//!   `GET /contents/{id}/files/{file_id}/` (premium files, for those who may open them)
//! - `previews`: `GET /link-preview/?url=`
//! - `premium`: `GET /contents/{id}/files/{file_id}/preview/` (a locked premium PDF's first page)
//! - `newsletter`: `POST /newsletter/unsubscribe/` (a signed token, no sign-in)
//! - `tips`: career tips (`career-tips/…`, `all-career-tips/…`)
//! - `favourites`: `GET /bookmark/resource/` (the resources the caller bookmarked)
//!
//! Posts and newsletters belong to a group: its accepted members (payment confirmed in
//! paid groups) and administrators post; a private post shows only to the group's
//! members. Resources and prompts are contributed by certified members and moderated by
//! the site's moderators (certified members and administrators of the site's
//! organization, and staff); only approved ones show to others than their author.

pub(crate) mod favourites;
pub(crate) mod items;
pub mod newsletter;
mod premium;
mod previews;
pub mod tips;
pub mod view;

use domain::content::{is_moderated, SECURITY_PRIVATE, STATUS_APPROVED};
use store::{
    entities::{contents, groups},
    queries::{contents as content_q, groups as group_q, memberships as member_q, profiles as profile_q},
};
use utoipa_axum::router::OpenApiRouter;

pub use view::ContentView;

use crate::extract::Caller;
use crate::{
    areas::groups::{is_admin, is_visible},
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    items::routes()
        .merge(previews::routes())
        .merge(newsletter::routes())
        .merge(tips::routes())
        .merge(favourites::routes())
        .merge(premium::routes())
}

pub fn not_found() -> ApiError {
    ApiError::NotFound(domain::content::MSG_NOT_FOUND.into())
}

/// Whether the caller moderates the site's contents ([`is_moderator`]), worked out once per
/// request: the overview (`/my-items/`) asks for two contents sections and hands both the
/// answer its own extraction found.
#[derive(Debug, Clone, Copy)]
pub struct Moderates(pub bool);

impl axum::extract::FromRequestParts<AppState> for Moderates {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &AppState) -> Result<Self, ApiError> {
        use crate::extract::MaybeUser;
        if let Some(found) = parts.extensions.get::<Moderates>() {
            return Ok(*found);
        }
        let tenant = Tenant::from_request_parts(parts, state).await?;
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        let found = Moderates(is_moderator(state, &tenant, &crate::extract::caller_of(user)).await?);
        parts.extensions.insert(found);
        Ok(found)
    }
}

/// Whether the caller moderates the site's resources, prompts and career tips: staff, or
/// an accepted member of the site's organization whose profile there is certified, or an
/// administrator of it (spec 001 §5: "certified members of the owning organization").
/// Every signed-in contents list asks, so it reads on the read pool, not SQLite's writer.
pub async fn is_moderator(state: &AppState, tenant: &Tenant, caller: &Caller) -> ApiResult<bool> {
    if caller.is_staff() {
        return Ok(true);
    }
    let Some(user_id) = caller.id() else { return Ok(false) };
    // Kept per person generation: their memberships and certification bump it, and a change
    // to the organization (its parents) bumps everyone's (m0042).
    let moderates = state
        .moderators
        .kept(&state.generations, state.read_db(), (tenant.id(), user_id), user_id, async || {
            let org_id = tenant.organization_id();
            let accepted = member_q::find(state.read_db(), org_id, user_id)
                .await?
                .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED);
            if !accepted {
                return Ok(false);
            }
            if is_certified(state, org_id, user_id).await? {
                return Ok(true);
            }
            let Some(org) = group_q::find(state.read_db(), tenant.id(), org_id).await? else { return Ok(false) };
            is_admin(state, caller, &org).await
        })
        .await?;
    Ok(*moderates)
}

pub async fn is_certified(state: &AppState, org_id: i64, user_id: i64) -> ApiResult<bool> {
    Ok(profile_q::find_group_profile(state.read_db(), org_id, user_id).await?.is_some_and(|p| p.is_certified))
}

/// Whether the caller may post in the group: an accepted member (with the payment
/// confirmed in a paid group) or an administrator.
pub async fn may_post(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<bool> {
    let Some(user_id) = caller.id() else { return Ok(false) };
    if let Some(m) = member_q::find(&state.db, group.id, user_id).await? {
        let paid_ok =
            !group.is_paid || m.payment_status.as_deref() == Some(domain::groups::membership::PAYMENT_CONFIRMED);
        if m.status == member_q::STATUS_ACCEPTED && paid_ok {
            return Ok(true);
        }
    }
    is_admin(state, caller, group).await
}

/// An item the caller may see, with what the rest of the request needs.
pub struct Seen {
    pub item: contents::Model,
    pub group: groups::Model,
    pub is_author: bool,
    pub moderator: bool,
}

/// The rule of every read of one item: its group is visible to the caller; a private
/// item only to the group's accepted members, administrators and its author; an item
/// that is not approved only to its author and the moderators. Anything else is 404.
pub async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    item: contents::Model,
) -> ApiResult<Seen> {
    let group = group_q::find(&state.db, tenant.id(), item.group_id).await?.ok_or_else(not_found)?;
    if !is_visible(state, caller, &group).await? {
        return Err(not_found());
    }
    let is_author = caller.id() == Some(item.created_by);
    if item.security_level >= SECURITY_PRIVATE && !is_author && !caller.is_staff() {
        let member = match caller.id() {
            Some(user_id) => member_q::find(&state.db, group.id, user_id)
                .await?
                .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED),
            None => false,
        };
        if !member && !is_admin(state, caller, &group).await? {
            return Err(not_found());
        }
    }
    let moderator = is_moderator(state, tenant, caller).await?;
    if is_moderated(&item.content_type) && item.status != STATUS_APPROVED && !is_author && !moderator {
        return Err(not_found());
    }
    Ok(Seen { item, group, is_author, moderator })
}

pub async fn visible_item(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<Seen> {
    let item = content_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    ensure_visible(state, tenant, caller, item).await
}

/// A resource or prompt the caller may see (bookmarks).
pub async fn visible_resource(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<()> {
    let seen = visible_item(state, tenant, caller, id).await?;
    if is_moderated(&seen.item.content_type) {
        Ok(())
    } else {
        Err(not_found())
    }
}
