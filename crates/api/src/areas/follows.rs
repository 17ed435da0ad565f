//! Follow and unfollow people and groups (spec 000 §6 "Roles and permissions", §7 "Follow",
//! §8 "Organization, chat, follow, preferences"; 002 "Follow").
//!
//! - `POST /api/v1/follow/` `{id, type, action}`: type user, organization, institution,
//!   circle or event; action follow (default) or unfollow.
//!
//! People are followed across sites (users are global); a group is followed on its own
//! site only. A person or group the caller may not see cannot be followed, nor an
//! influencer of the site (spec 000 §6, 002 §2: influencer profiles hide follow; an
//! earlier follow may still be undone).

use axum::{extract::State, Json};
use domain::FieldErrors;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{follows, memberships, profiles as profile_q, visibility::PRIVACY_PRIVATE},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(follow))
}

pub const MSG_FOLLOW_SELF: &str = "You cannot follow yourself.";
pub const MSG_FOLLOW_INFLUENCER: &str = "Influencers cannot be followed.";
/// What may be followed.
pub const FOLLOW_TYPES: [&str; 5] = ["user", "organization", "institution", "circle", "event"];

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FollowInput {
    /// The user or group id.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub id: Option<IdInput>,
    /// user, organization, institution, circle or event.
    #[serde(rename = "type", default)]
    #[schema(rename = "type")]
    pub target_type: Option<String>,
    /// follow (default) or unfollow.
    #[serde(default)]
    pub action: Option<String>,
}

/// An id as sent: a number, or its digits as text (anything else is refused on the field).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum IdInput {
    Number(i64),
    Text(String),
    Other(serde::de::IgnoredAny),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FollowState {
    /// Whether the caller now follows it.
    pub followed: bool,
    /// How many follow it now.
    pub followers_count: u64,
}

struct Checked {
    id: i64,
    target_type: String,
    follow: bool,
}

fn check(body: &FollowInput) -> Result<Checked, FieldErrors> {
    let mut errors = FieldErrors::new();
    let id = match &body.id {
        None => {
            errors.add("id", "This field is required.");
            None
        }
        Some(value) => {
            let id = match value {
                IdInput::Number(n) => Some(*n),
                IdInput::Text(text) => text.trim().parse::<i64>().ok(),
                IdInput::Other(_) => None,
            };
            if id.is_none_or(|id| id <= 0) {
                errors.add("id", "A valid integer is required.");
            }
            id
        }
    };
    let target_type = match body.target_type.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("type", "This field is required.");
            None
        }
        Some(kind) if FOLLOW_TYPES.contains(&kind) => Some(kind.to_string()),
        Some(kind) => {
            errors.add("type", format!("\"{kind}\" is not a valid choice."));
            None
        }
    };
    let follow = match body.action.as_deref().map(str::trim) {
        None | Some("") | Some("follow") => true,
        Some("unfollow") => false,
        Some(other) => {
            errors.add("action", format!("\"{other}\" is not a valid choice."));
            true
        }
    };
    errors.into_result()?;
    Ok(Checked { id: id.expect("checked"), target_type: target_type.expect("checked"), follow })
}

/// Follows or unfollows a person or a group. Following again, or unfollowing what is not
/// followed, changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/follow/",
    tag = "profiles",
    request_body = FollowInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<FollowState>), (status = 404, body = ErrorBody))
)]
async fn follow(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<FollowInput>,
) -> ApiResult<Json<Data<FollowState>>> {
    let checked = check(&body)?;
    let target = target_of(&state, &tenant, &user, &checked).await?;
    if checked.follow {
        // The follow and the followed person's notification are one change.
        let txn = store::begin_write(&state.db).await?;
        let added = follows::follow(&txn, user.id, target).await?;
        let mut written = Vec::new();
        if let (true, follows::Target::User(followed)) = (added, target) {
            let own = profile_q::find_by_user(&txn, user.id).await?;
            let name = format!("{} {}", user.first_name, user.last_name).trim().to_string();
            let notice = domain::notifications::followed(&domain::notifications::Person {
                name: &name,
                name_slug: own.as_ref().map_or("", |p| p.name_slug.as_str()),
                image: own.as_ref().and_then(|p| p.picture.as_deref()),
            });
            written = super::notifications::write(&txn, tenant.id(), Some(user.id), &[followed], &notice).await?;
        }
        txn.commit().await?;
        super::notifications::announce(&state, written).await;
    } else {
        follows::unfollow(&state.db, user.id, target).await?;
    }
    let followed = follows::is_following(&state.db, user.id, target).await?;
    let followers_count = follows::followers_count(&state.db, target).await?;
    Ok(Json(Data::new(FollowState { followed, followers_count })))
}

/// What is followed: a person the caller sees (never themself, nor an influencer to follow),
/// or a group of the site they see.
async fn target_of(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    checked: &Checked,
) -> ApiResult<follows::Target> {
    if checked.target_type == "user" {
        if checked.id == user.id {
            return Err(ApiError::field("non_field_errors", MSG_FOLLOW_SELF));
        }
        let person = store::queries::users::find_by_id(&state.db, checked.id)
            .await?
            .ok_or_else(super::profiles::not_found_user)?;
        if !super::profiles::visible(&state.db, tenant, Some(user), &person).await? {
            return Err(super::profiles::not_found_user());
        }
        // As the profile page: an influencer's has no Follow (unfollowing stays possible).
        if checked.follow
            && store::queries::influencers::is_influencer(&state.db, tenant.organization_id(), person.id).await?
        {
            return Err(ApiError::field("non_field_errors", MSG_FOLLOW_INFLUENCER));
        }
        return Ok(follows::Target::User(person.id));
    }
    let group = profile_q::find_group_in_tenant(&state.db, tenant.id(), checked.id)
        .await?
        .filter(|g| g.group_type == checked.target_type)
        .ok_or_else(ApiError::not_found)?;
    if group.privacy >= PRIVACY_PRIVATE && !user.is_staff {
        let member = memberships::find(&state.db, group.id, user.id).await?;
        if member.is_none_or(|m| m.status != memberships::STATUS_ACCEPTED) {
            return Err(ApiError::not_found());
        }
    }
    Ok(follows::Target::Group { id: group.id, tenant_id: group.tenant_id })
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    fn input(value: Value) -> FollowInput {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_body_is_checked() {
        let ok = check(&input(json!({"id": "4", "type": "circle"}))).ok().unwrap();
        assert_eq!((ok.id, ok.target_type.as_str(), ok.follow), (4, "circle", true));
        assert!(!check(&input(json!({"id": 4, "type": "user", "action": "unfollow"}))).ok().unwrap().follow);
        let errors = check(&input(json!({"type": "job", "action": "like"}))).err().unwrap();
        assert_eq!(errors.first("id"), Some("This field is required."));
        assert_eq!(errors.first("type"), Some("\"job\" is not a valid choice."));
        assert_eq!(errors.first("action"), Some("\"like\" is not a valid choice."));
        assert_eq!(
            check(&input(json!({"id": -1, "type": "user"}))).err().unwrap().first("id"),
            Some("A valid integer is required.")
        );
        for bad in [json!(4.5), json!(true), json!({"id": 4}), json!("four")] {
            let errors = check(&input(json!({"id": bad, "type": "user"}))).err().unwrap();
            assert_eq!(errors.first("id"), Some("A valid integer is required."), "{bad}");
        }
        let errors = check(&input(json!({"id": null, "type": "user"}))).err().unwrap();
        assert_eq!(errors.first("id"), Some("This field is required."));
    }
}
