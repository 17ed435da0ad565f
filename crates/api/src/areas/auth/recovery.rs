//! Passwords: forgot-password (mails a single-use, expiring link), reset-password (the
//! link's form) and change-password (signed in).

use axum::{extract::State, Json};
use chrono::Duration;
use domain::{accounts, FieldErrors};
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use store::queries::{account_links, sessions, users as user_q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{issue_pair, MessageAnswer, TokenPair};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer, passwords, rate_limit, secrets,
};

const RESET_LINK_TTL_MINUTES: i64 = 60;
const MSG_RECOVERY_SENT: &str = "Please check your email for recovery instructions";
const MSG_PASSWORD_CHANGED: &str = "Your password has been successfully changed.";
const MSG_BAD_RESET_LINK: &str = "This password reset link is invalid or has expired. Please request a new one.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(change_password))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[serde(default)]
    pub email: String,
}

/// Mails a password-reset link when the address has an account. The answer is the same
/// either way, so it tells nobody which addresses have accounts.
#[utoipa::path(
    post,
    path = "/api/v1/forgot-password/",
    tag = "auth",
    request_body = ForgotPasswordRequest,
    responses((status = 200, body = MessageAnswer), (status = 429, body = ErrorBody))
)]
async fn forgot_password(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<ForgotPasswordRequest>,
) -> ApiResult<Json<MessageAnswer>> {
    let email = accounts::normalize_email(&body.email);
    if !accounts::is_valid_email(&email) {
        return Err(ApiError::field("email", "Please enter a valid email address"));
    }
    rate_limit::hit(&state, rate_limit::FORGOT_PER_IP, &client.ip).await?;
    rate_limit::hit(&state, rate_limit::FORGOT_PER_EMAIL, &email).await?;
    if let Some(user) = user_q::find_by_email(&state.db, &email).await?.filter(|u| u.is_active) {
        let token = secrets::random_token();
        let txn = state.db.begin().await?;
        account_links::create(
            &txn,
            user.id,
            account_links::PURPOSE_PASSWORD_RESET,
            &secrets::sha256_hex(token.as_bytes()),
            store::now() + Duration::minutes(RESET_LINK_TTL_MINUTES),
        )
        .await?;
        let url = format!("{}/reset-password/{token}", client.origin_for(&tenant.0));
        mailer::queue_password_reset(&txn, &tenant.0, &user.email, &user.first_name, &url, RESET_LINK_TTL_MINUTES)
            .await?;
        txn.commit().await?;
        state.jobs_wake.notify_one();
    }
    Ok(Json(MessageAnswer { message: MSG_RECOVERY_SENT.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    /// The token from the mailed link.
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub confirm_password: String,
}

/// Sets a new password with a mailed link. The link works once; every session of the
/// account ends.
#[utoipa::path(
    post,
    path = "/api/v1/reset-password/",
    tag = "auth",
    request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageAnswer), (status = 429, body = ErrorBody))
)]
async fn reset_password(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> ApiResult<Json<MessageAnswer>> {
    let mut errors = FieldErrors::new();
    let token = body.token.trim();
    if token.is_empty() || token.len() > 128 {
        errors.add("token", MSG_BAD_RESET_LINK);
    }
    accounts::check_password(&mut errors, "password", &body.password);
    if body.confirm_password != body.password {
        errors.add("confirm_password", "Passwords do not match");
    }
    errors.into_result()?;
    rate_limit::hit(&state, rate_limit::RESET_PER_IP, &client.ip).await?;
    let password_hash = passwords::hash(&body.password)?;
    let txn = store::begin_write(&state.db).await?;
    let Some(user_id) =
        account_links::consume(&txn, account_links::PURPOSE_PASSWORD_RESET, &secrets::sha256_hex(token.as_bytes()))
            .await?
    else {
        txn.rollback().await?;
        return Err(ApiError::field("token", MSG_BAD_RESET_LINK));
    };
    user_q::set_password(&txn, user_id, password_hash).await?;
    sessions::revoke_all_for_user(&txn, user_id).await?;
    txn.commit().await?;
    // A reset proves the user reads the account's mail; failed sign-ins no longer count.
    if let Some(user) = user_q::find_by_id(&state.db, user_id).await? {
        rate_limit::clear(&state, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &user.email).await?;
    }
    Ok(Json(MessageAnswer { message: MSG_PASSWORD_CHANGED.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    #[serde(default)]
    pub current_password: String,
    #[serde(default)]
    pub new_password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChangePasswordAnswer {
    /// A fresh sign-in for this device; every other session has ended.
    pub data: TokenPair,
    pub message: String,
}

/// Changes the password of the signed-in user, who must know the current one.
#[utoipa::path(
    post,
    path = "/api/v1/change-password/",
    tag = "auth",
    request_body = ChangePasswordRequest,
    security(("bearer" = [])),
    responses((status = 200, body = ChangePasswordAnswer), (status = 429, body = ErrorBody))
)]
async fn change_password(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ChangePasswordRequest>,
) -> ApiResult<Json<ChangePasswordAnswer>> {
    let mut errors = FieldErrors::new();
    if body.current_password.is_empty() {
        errors.add("current_password", "Required");
    }
    if body.new_password.is_empty() {
        errors.add("new_password", "Required");
    } else {
        accounts::check_password(&mut errors, "new_password", &body.new_password);
    }
    errors.into_result()?;
    rate_limit::ensure_open(&state, rate_limit::CHANGE_PASSWORD_PER_ACCOUNT, &user.id.to_string()).await?;
    let current_ok = user.password_hash.as_deref().is_some_and(|hash| passwords::verify(&body.current_password, hash));
    if !current_ok {
        rate_limit::hit(&state, rate_limit::CHANGE_PASSWORD_PER_ACCOUNT, &user.id.to_string()).await?;
        return Err(ApiError::field("current_password", "Your current password is incorrect."));
    }
    if body.new_password == body.current_password {
        return Err(ApiError::field("new_password", "The new password must differ from the current one."));
    }
    let password_hash = passwords::hash(&body.new_password)?;
    let txn = state.db.begin().await?;
    user_q::set_password(&txn, user.id, password_hash).await?;
    sessions::revoke_all_for_user(&txn, user.id).await?;
    txn.commit().await?;
    let pair = issue_pair(&state, user.id).await?;
    Ok(Json(ChangePasswordAnswer { data: pair, message: MSG_PASSWORD_CHANGED.into() }))
}
