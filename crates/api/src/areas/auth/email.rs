//! Email addresses: the one-click verification link of the sign-up mail, and the alternate
//! email (add → code → verified → made primary, after which the old address no longer
//! signs in).

use axum::{extract::State, Json};
use domain::accounts;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use store::queries::{account_links, users as user_q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{issue_pair, otp, MessageAnswer};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    rate_limit, secrets,
};

const MSG_BAD_VERIFICATION: &str = "This verification link is invalid or has expired.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(verify_email))
        .routes(routes!(add_alternate_email))
        .routes(routes!(switch_email))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    #[serde(default)]
    pub verification_key: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifiedSession {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifyEmailAnswer {
    pub data: VerifiedSession,
    pub message: String,
}

/// Verifies the account with the link mailed at sign-up and signs the user in.
#[utoipa::path(
    post,
    path = "/api/v1/users/verify-email/",
    tag = "auth",
    request_body = VerifyEmailRequest,
    responses((status = 200, body = VerifyEmailAnswer), (status = 429, body = ErrorBody))
)]
async fn verify_email(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<VerifyEmailRequest>,
) -> ApiResult<Json<VerifyEmailAnswer>> {
    let key = body.verification_key.trim();
    if key.is_empty() {
        return Err(ApiError::field("verification_key", "Please provide a valid verification token."));
    }
    rate_limit::hit(&state, rate_limit::VERIFY_EMAIL_PER_IP, &client.ip).await?;
    if key.len() > 128 {
        return Err(ApiError::BadRequest(MSG_BAD_VERIFICATION.into()));
    }
    let txn = store::begin_write(&state.db).await?;
    let Some(user_id) =
        account_links::consume(&txn, account_links::PURPOSE_EMAIL_VERIFICATION, &secrets::sha256_hex(key.as_bytes()))
            .await?
    else {
        txn.rollback().await?;
        return Err(ApiError::BadRequest(MSG_BAD_VERIFICATION.into()));
    };
    user_q::mark_verified(&txn, user_id).await?;
    txn.commit().await?;
    let active = user_q::find_by_id(&state.db, user_id).await?.is_some_and(|u| u.is_active);
    if !active {
        return Err(ApiError::BadRequest(MSG_BAD_VERIFICATION.into()));
    }
    let pair = issue_pair(&state, user_id).await?;
    Ok(Json(VerifyEmailAnswer {
        data: VerifiedSession { access_token: pair.access, refresh_token: pair.refresh },
        message: "Email verified successfully".into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AlternateEmailRequest {
    #[serde(default)]
    pub alternate_email: String,
}

/// Sets (or replaces) the alternate email and mails a code to it.
#[utoipa::path(
    post,
    path = "/api/v1/alternate-email/",
    tag = "auth",
    request_body = AlternateEmailRequest,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 429, body = ErrorBody))
)]
async fn add_alternate_email(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<AlternateEmailRequest>,
) -> ApiResult<Json<MessageAnswer>> {
    let email = accounts::normalize_email(&body.alternate_email);
    if email.is_empty() {
        return Err(ApiError::field("alternate_email", "Alternate email is required"));
    }
    if !accounts::is_valid_email(&email) {
        return Err(ApiError::field("alternate_email", "Invalid email address"));
    }
    if email == user.email {
        return Err(ApiError::field("alternate_email", "This is already your primary email."));
    }
    if user_q::email_in_use(&state.db, &email, user.id).await? {
        return Err(ApiError::field("alternate_email", "A user with this email already exists."));
    }
    rate_limit::hit(&state, rate_limit::ALTERNATE_EMAIL_PER_ACCOUNT, &user.id.to_string()).await?;
    let txn = state.db.begin().await?;
    user_q::set_alternate_email(&txn, user.id, &email).await?;
    otp::queue_alternate_email_code(&state, &txn, &tenant, user.id, &user.first_name, &email).await?;
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: "We have sent an OTP to your alternate email for verification.".into() }))
}

/// Makes the verified alternate email the primary one.
#[utoipa::path(
    post,
    path = "/api/v1/switch-email/",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 400, body = ErrorBody))
)]
async fn switch_email(State(state): State<AppState>, AuthUser(user): AuthUser) -> ApiResult<Json<MessageAnswer>> {
    if user.alternate_email.is_none() || !user.is_alternate_email_verified {
        return Err(ApiError::BadRequest("Please verify your alternate email first.".into()));
    }
    let old = user.email.clone();
    let user = user_q::switch_to_alternate_email(&state.db, user).await.map_err(|err| match err {
        store::StoreError::Conflict(_) => ApiError::BadRequest("A user with this email already exists.".into()),
        other => other.into(),
    })?;
    // Failed sign-ins of the old address do not follow the account.
    rate_limit::clear(&state, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &old).await?;
    tracing::info!(user_id = user.id, "primary email switched");
    Ok(Json(MessageAnswer { message: "Successfully set as primary email".into() }))
}
