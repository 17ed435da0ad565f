//! Sign-up, sign-in and sessions: register, token, token/refresh and logout.

use axum::{extract::State, http::StatusCode, Json};
use chrono::Duration;
use domain::{
    accounts::{self, Registration},
    FieldErrors,
};
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{memberships, sessions, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{botcheck, issue_pair, otp, TokenAnswer, TokenPair};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, Client, Tenant},
    passwords, rate_limit, secrets,
};

const MSG_BAD_CREDENTIALS: &str = "No active account found with the given credentials";
const MSG_BAD_REFRESH: &str = "Token is invalid or expired";
pub const MSG_REGISTERED: &str =
    "Successful registration. We have sent an OTP to your email for verification. Please check your email.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(token))
        .routes(routes!(refresh))
        .routes(routes!(logout))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RegisterAnswer {
    pub data: TokenPair,
    pub message: String,
    /// True when the sign-up completed a trial account: the client signs in with the form's
    /// email and password.
    pub redirect_to_login: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub confirm_password: String,
    #[serde(default = "default_true")]
    pub subscribe_to_newsletter: bool,
    /// Always "individual" from the sign-up form.
    pub profile_type: Option<String>,
    /// The same as the email.
    // Accepted for the client's sake and not read: the email is the username.
    #[serde(rename = "username")]
    #[schema(rename = "username")]
    pub _username: Option<String>,
    /// The bot-check answer.
    pub recaptcha_response: Option<String>,
}

fn default_true() -> bool {
    true
}

/// Creates an unverified account (or completes the caller's trial account), signs it in,
/// joins the tenant's organization per its join mode and mails a six-digit code.
#[utoipa::path(
    post,
    path = "/api/v1/register/",
    tag = "auth",
    request_body = RegisterRequest,
    responses((status = 201, body = RegisterAnswer), (status = 429, body = ErrorBody))
)]
async fn register(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> ApiResult<(StatusCode, Json<RegisterAnswer>)> {
    let clean = accounts::validate_registration(&Registration {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        password: body.password,
        confirm_password: body.confirm_password,
    })?;
    if let Some(kind) = body.profile_type.as_deref() {
        if kind != "individual" {
            return Err(ApiError::field("profile_type", format!("\"{kind}\" is not a valid choice.")));
        }
    }
    let existing = user_q::find_by_email(&state.db, &clean.email).await?;
    if existing.as_ref().is_some_and(|user| !user.is_trial_user) {
        return Err(email_taken());
    }
    botcheck::verify(&state, &client, body.recaptcha_response.as_deref()).await?;
    rate_limit::hit(&state, rate_limit::REGISTER_PER_IP, &client.ip).await?;
    let password_hash = passwords::hash(&clean.password)?;
    let org = &tenant.0.organization;
    let txn = state.db.begin().await?;
    let completes_trial = existing.is_some();
    let user = account_of(&txn, existing, &clean, password_hash, body.subscribe_to_newsletter).await?;
    let applied = memberships::find(&txn, org.id, user.id).await?.is_none();
    if applied {
        let status = if org.join_mode == "closed" { "pending" } else { memberships::STATUS_ACCEPTED };
        memberships::upsert(&txn, org.id, user.id, "member", status).await?;
    }
    if !user.is_verified {
        otp::queue_registration_code(&state, &txn, &tenant, &client, &user).await?;
    }
    if applied || completes_trial {
        // The site's system agents judge the new application in the background (issue 18);
        // a CareerGPS trial account is judged once it becomes a real one, here.
        services::system_agents::queue_member(&txn, org.tenant_id, user.id).await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let pair = issue_pair(&state, user.id).await?;
    Ok((
        StatusCode::CREATED,
        Json(RegisterAnswer { data: pair, message: MSG_REGISTERED.into(), redirect_to_login: completes_trial }),
    ))
}

fn email_taken() -> ApiError {
    ApiError::field("email", "A user with this email already exists.")
}

/// The new account: the trial account of the address made a real one, or a new user.
async fn account_of(
    txn: &sea_orm::DatabaseTransaction,
    trial: Option<users::Model>,
    clean: &Registration,
    password_hash: String,
    newsletter: bool,
) -> ApiResult<users::Model> {
    if let Some(trial) = trial {
        let (first, last) = (&clean.first_name, &clean.last_name);
        return Ok(user_q::convert_trial(txn, trial, first, last, password_hash, newsletter).await?);
    }
    let new = user_q::NewUser {
        email: &clean.email,
        password_hash: Some(password_hash),
        first_name: &clean.first_name,
        last_name: &clean.last_name,
        is_verified: false,
        is_staff: false,
        subscribe_to_newsletter: newsletter,
    };
    user_q::create(txn, new).await.map_err(|err| match err {
        store::StoreError::Conflict(_) => email_taken(),
        other => other.into(),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
}

/// Signs in with email and password.
#[utoipa::path(
    post,
    path = "/api/v1/token/",
    tag = "auth",
    request_body = TokenRequest,
    responses((status = 200, body = TokenAnswer), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody))
)]
async fn token(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<TokenRequest>,
) -> ApiResult<Json<TokenAnswer>> {
    let mut errors = FieldErrors::new();
    if body.username.trim().is_empty() {
        errors.add("username", "Please enter an email");
    } else if !accounts::is_valid_email(&accounts::normalize_email(&body.username)) {
        errors.add("username", "Invalid email address");
    }
    if body.password.is_empty() {
        errors.add("password", "Please enter a password");
    }
    errors.into_result()?;
    let account = body.username.trim().to_lowercase();
    rate_limit::hit(&state, rate_limit::LOGIN_PER_IP, &client.ip).await?;
    rate_limit::ensure_open(&state, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &account).await?;
    let user = user_q::find_by_email(&state.db, &account).await?;
    // Verify against a hash even for unknown emails, so timing does not reveal accounts.
    let stored = user.as_ref().and_then(|u| u.password_hash.clone()).unwrap_or_else(dummy_hash);
    let password_ok = passwords::verify(&body.password, &stored);
    let user = match user {
        Some(user) if password_ok && user.is_active => user,
        _ => {
            // Unknown accounts count too, so the lockout says nothing about who exists.
            rate_limit::hit(&state, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &account).await.ok();
            return Err(ApiError::Unauthorized(MSG_BAD_CREDENTIALS.into()));
        }
    };
    rate_limit::clear(&state, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &account).await?;
    user_q::touch_login(&state.db, user.id).await?;
    Ok(Json(TokenAnswer { data: issue_pair(&state, user.id).await? }))
}

fn dummy_hash() -> String {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| passwords::hash("not-a-real-password").unwrap_or_default()).clone()
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefreshRequest {
    #[serde(default)]
    pub refresh: String,
}

/// Trades a refresh token for a new access token and a new refresh token. A refresh token
/// works once; presenting it again revokes every token of its sign-in.
#[utoipa::path(
    post,
    path = "/api/v1/token/refresh/",
    tag = "auth",
    request_body = RefreshRequest,
    responses((status = 200, body = TokenAnswer), (status = 401, body = ErrorBody))
)]
async fn refresh(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RefreshRequest>,
) -> ApiResult<Json<TokenAnswer>> {
    if body.refresh.trim().is_empty() {
        return Err(ApiError::field("refresh", "This field may not be blank."));
    }
    let invalid = || ApiError::Coded {
        status: StatusCode::UNAUTHORIZED,
        message: MSG_BAD_REFRESH.into(),
        code: "token_not_valid",
    };
    let next = secrets::random_token();
    let ttl = Duration::from_std(state.settings.refresh_token_ttl).unwrap_or(Duration::days(30));
    let outcome = sessions::rotate(
        &state.db,
        &secrets::sha256_hex(body.refresh.trim().as_bytes()),
        &secrets::sha256_hex(next.as_bytes()),
        store::now() + ttl,
    )
    .await?;
    match outcome {
        sessions::Rotation::Rotated { user_id, family_id } => {
            let active = user_q::find_by_id(&state.db, user_id).await?.is_some_and(|u| u.is_active);
            if !active {
                return Err(invalid());
            }
            let access = state.tokens.issue_access_in(user_id, &family_id)?;
            Ok(Json(TokenAnswer { data: TokenPair { access, refresh: next } }))
        }
        sessions::Rotation::Reused => {
            tracing::warn!("a rotated refresh token was presented again; its sign-in is revoked");
            Err(invalid())
        }
        sessions::Rotation::Invalid => Err(invalid()),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LogoutRequest {
    #[serde(default)]
    pub refresh_token: String,
}

/// Ends the sign-in the refresh token belongs to.
#[utoipa::path(
    post,
    path = "/api/v1/logout/",
    tag = "auth",
    request_body = LogoutRequest,
    responses((status = 204))
)]
async fn logout(State(state): State<AppState>, ApiJson(body): ApiJson<LogoutRequest>) -> ApiResult<StatusCode> {
    if body.refresh_token.trim().is_empty() {
        return Err(ApiError::field("refresh_token", "This field may not be blank."));
    }
    // Unknown tokens answer the same, so the call reveals nothing.
    sessions::revoke_by_hash(&state.db, &secrets::sha256_hex(body.refresh_token.trim().as_bytes())).await?;
    Ok(StatusCode::NO_CONTENT)
}
