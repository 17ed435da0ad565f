use axum::{
    extract::FromRequestParts,
    http::{header, request::Parts},
};
use store::entities::users;

use super::Tenant;
use crate::{
    error::ApiError,
    state::{AppState, Kept},
};

pub const MSG_INVALID_TOKEN: &str = "Given token not valid for any token type";

/// A signed-in, active user (Bearer access token).
#[derive(Clone, Debug)]
pub struct AuthUser(pub users::Model);

/// The signed-in user when a valid token is present; guests pass as `None`. A token that is
/// present but invalid is still rejected, so a client learns to refresh it.
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<users::Model>);

/// A manager (accepted admin or leader) of the request tenant's organization.
#[derive(Clone, Debug)]
pub struct TenantAdmin(pub users::Model);

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim())
}

async fn load<K: Kept>(parts: &mut Parts, state: &AppState<K>) -> Result<Option<users::Model>, ApiError> {
    if let Some(user) = parts.extensions.get::<users::Model>() {
        return Ok(Some(user.clone()));
    }
    let Some(token) = bearer(parts) else {
        return Ok(None);
    };
    let invalid = || ApiError::Coded {
        status: axum::http::StatusCode::UNAUTHORIZED,
        message: MSG_INVALID_TOKEN.into(),
        code: "token_not_valid",
    };
    let user_id = state.tokens.verify_access(token).ok_or_else(invalid)?;
    let user = token_user(state, user_id).await?.filter(|u| u.is_active).ok_or_else(invalid)?;
    parts.extensions.insert(user.clone());
    Ok(Some(user))
}

/// The user a valid token names, kept per person generation while this instance holds that
/// generation in memory (PostgreSQL with its notices heard, after a request of theirs read it).
/// Every write to `users` bumps it (m0042), a deactivation included, and a user read after the
/// generation was known is never older than it. Otherwise the user is read: reading the
/// generation first would cost a second round trip.
async fn token_user<K: Kept>(state: &AppState<K>, user_id: i64) -> Result<Option<users::Model>, ApiError> {
    let read = async || store::queries::users::find_by_id(state.read_db(), user_id).await;
    let Some(generation) = state.generations.known_person(user_id) else {
        return Ok(read().await?);
    };
    let today = chrono::Utc::now().date_naive();
    if let Some(kept) = state.token_users.get(&user_id, generation, today) {
        return Ok(kept.as_ref().clone());
    }
    let user = read().await?;
    state.token_users.remember(user_id, generation, today, std::sync::Arc::new(user.clone()));
    Ok(user)
}

impl<K: Kept> FromRequestParts<AppState<K>> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        load(parts, state)
            .await?
            .map(AuthUser)
            .ok_or_else(|| ApiError::Unauthorized(crate::error::MSG_UNAUTHENTICATED.into()))
    }
}

impl<K: Kept> FromRequestParts<AppState<K>> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        Ok(MaybeUser(load(parts, state).await?))
    }
}

impl<K: Kept> FromRequestParts<AppState<K>> for TenantAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        let AuthUser(user) = AuthUser::from_request_parts(parts, state).await?;
        let tenant = Tenant::from_request_parts(parts, state).await?;
        if store::queries::memberships::is_manager(&state.db, tenant.organization_id(), user.id).await? {
            Ok(TenantAdmin(user))
        } else {
            Err(ApiError::forbidden())
        }
    }
}
