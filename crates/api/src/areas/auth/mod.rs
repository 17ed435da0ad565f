//! Sign-in and accounts (spec 000 §2, §4, §7 "Authentication", §8 "Sign-in and account").
//! The HTTP contract is summarised in docs/auth-api.md.
//!
//! - `session`: register, token, token/refresh, logout
//! - `otp`: verify-otp and resend-otp (registration and alternate email)
//! - `recovery`: forgot-password, reset-password, change-password
//! - `email`: alternate email, switch-email, users/verify-email
//! - `botcheck`: auth-config and the proof-of-work challenge
//! - `social`: Google, Facebook and LinkedIn sign-in
//! - `career_gps`: register-career-gps (trial users)

mod botcheck;
mod career_gps;
mod email;
mod otp;
mod recovery;
mod session;
mod social;

use chrono::Duration;
use serde::Serialize;
use store::queries::sessions;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::{areas::AppState, error::ApiResult, secrets};

pub use session::MSG_REGISTERED;

pub const PURPOSE_REGISTRATION: &str = "registration";
pub const PURPOSE_ALTERNATE_EMAIL: &str = "alternate_email";

pub fn routes() -> OpenApiRouter<AppState> {
    session::routes()
        .merge(otp::routes())
        .merge(recovery::routes())
        .merge(email::routes())
        .merge(botcheck::routes())
        .merge(social::routes())
        .merge(career_gps::routes())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenPair {
    pub access: String,
    pub refresh: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenAnswer {
    pub data: TokenPair,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageAnswer {
    pub message: String,
}

/// Signs a user in: a new refresh-token family and an access token.
pub(crate) async fn issue_pair(state: &AppState, user_id: i64) -> ApiResult<TokenPair> {
    let refresh = secrets::random_token();
    let ttl = Duration::from_std(state.settings.refresh_token_ttl).unwrap_or(Duration::days(30));
    let family = secrets::random_token();
    let family = &family[..32];
    sessions::insert(&state.db, user_id, family, &secrets::sha256_hex(refresh.as_bytes()), store::now() + ttl).await?;
    Ok(TokenPair { access: state.tokens.issue_access_in(user_id, family)?, refresh })
}
