//! Sign-up, sign-in and sessions: register, token, token/refresh, logout, verify-otp and
//! resend-otp (spec 000 §7 "Authentication").

use axum::{extract::State, http::StatusCode, Json};
use chrono::Duration;
use domain::{
    accounts::{self, Registration, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES},
    FieldErrors,
};
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{memberships, otp, sessions, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
    mailer, passwords, secrets,
    state::AppState,
};

pub const PURPOSE_REGISTRATION: &str = "registration";
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
        .routes(routes!(verify_otp))
        .routes(routes!(resend_otp))
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
pub struct RegisterAnswer {
    pub data: TokenPair,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageAnswer {
    pub message: String,
}

/// Signs a user in: a new refresh-token family and an access token.
async fn issue_pair(state: &AppState, user_id: i64) -> ApiResult<TokenPair> {
    let refresh = secrets::random_token();
    let ttl = Duration::from_std(state.settings.refresh_token_ttl).unwrap_or(Duration::days(30));
    let family = secrets::random_token();
    sessions::insert(&state.db, user_id, &family[..32], &secrets::sha256_hex(refresh.as_bytes()), store::now() + ttl)
        .await?;
    Ok(TokenPair { access: state.tokens.issue_access(user_id)?, refresh })
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
    pub username: Option<String>,
    /// The bot-check answer.
    pub recaptcha_response: Option<String>,
}

fn default_true() -> bool {
    true
}

/// Creates an unverified account, signs it in, joins the tenant's organization per its
/// join mode and mails a six-digit code.
#[utoipa::path(
    post,
    path = "/api/v1/register/",
    tag = "auth",
    request_body = RegisterRequest,
    responses((status = 201, body = RegisterAnswer), (status = 400, body = ErrorBody))
)]
async fn register(
    State(state): State<AppState>,
    tenant: Tenant,
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
    if user_q::find_by_email(&state.db, &clean.email).await?.is_some() {
        return Err(ApiError::field("email", "A user with this email already exists."));
    }
    let password_hash = passwords::hash(&clean.password)?;
    let code = secrets::otp_code();
    let org = &tenant.0.organization;
    let txn = state.db.begin().await?;
    let user = user_q::create(
        &txn,
        user_q::NewUser {
            email: &clean.email,
            password_hash: Some(password_hash),
            first_name: &clean.first_name,
            last_name: &clean.last_name,
            is_verified: false,
            is_staff: false,
            subscribe_to_newsletter: body.subscribe_to_newsletter,
        },
    )
    .await
    .map_err(|err| match err {
        store::StoreError::Conflict(_) => ApiError::field("email", "A user with this email already exists."),
        other => other.into(),
    })?;
    let status = if org.join_mode == "closed" { "pending" } else { memberships::STATUS_ACCEPTED };
    memberships::upsert(&txn, org.id, user.id, "member", status).await?;
    otp::replace(
        &txn,
        user.id,
        PURPOSE_REGISTRATION,
        &otp_hash(&state, user.id, PURPOSE_REGISTRATION, &code),
        otp_expiry(),
    )
    .await?;
    mailer::queue_otp(&txn, &tenant.0, &user.email, &user.first_name, &code).await?;
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let pair = issue_pair(&state, user.id).await?;
    Ok((StatusCode::CREATED, Json(RegisterAnswer { data: pair, message: MSG_REGISTERED.into() })))
}

fn otp_expiry() -> chrono::DateTime<chrono::Utc> {
    store::now() + Duration::minutes(OTP_TTL_MINUTES)
}

fn otp_hash(state: &AppState, user_id: i64, purpose: &str, code: &str) -> String {
    secrets::keyed_hash(&state.settings.jwt_secret, &["otp", &user_id.to_string(), purpose, code])
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
    responses((status = 200, body = TokenAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn token(State(state): State<AppState>, ApiJson(body): ApiJson<TokenRequest>) -> ApiResult<Json<TokenAnswer>> {
    let mut errors = FieldErrors::new();
    if body.username.trim().is_empty() {
        errors.add("username", "This field may not be blank.");
    }
    if body.password.is_empty() {
        errors.add("password", "Please enter a password");
    }
    errors.into_result()?;
    let user = user_q::find_by_email(&state.db, &body.username).await?;
    // Verify against a hash even for unknown emails, so timing does not reveal accounts.
    let stored = user.as_ref().and_then(|u| u.password_hash.clone()).unwrap_or_else(dummy_hash);
    let password_ok = passwords::verify(&body.password, &stored);
    let user = match user {
        Some(user) if password_ok && user.is_active => user,
        _ => return Err(ApiError::Unauthorized(MSG_BAD_CREDENTIALS.into())),
    };
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
        sessions::Rotation::Rotated { user_id } => {
            let active = user_q::find_by_id(&state.db, user_id).await?.is_some_and(|u| u.is_active);
            if !active {
                return Err(invalid());
            }
            Ok(Json(TokenAnswer { data: TokenPair { access: state.tokens.issue_access(user_id)?, refresh: next } }))
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
    responses((status = 204), (status = 400, body = ErrorBody))
)]
async fn logout(State(state): State<AppState>, ApiJson(body): ApiJson<LogoutRequest>) -> ApiResult<StatusCode> {
    if body.refresh_token.trim().is_empty() {
        return Err(ApiError::field("refresh_token", "This field may not be blank."));
    }
    // Unknown tokens answer the same, so the call reveals nothing.
    sessions::revoke_by_hash(&state.db, &secrets::sha256_hex(body.refresh_token.trim().as_bytes())).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyOtpRequest {
    #[serde(default)]
    pub otp: String,
    /// registration (default).
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

fn otp_purpose(kind: Option<&str>) -> ApiResult<&'static str> {
    match kind.unwrap_or(PURPOSE_REGISTRATION) {
        PURPOSE_REGISTRATION => Ok(PURPOSE_REGISTRATION),
        other => Err(ApiError::field("type", format!("\"{other}\" is not a valid choice."))),
    }
}

/// Checks the code mailed at sign-up; a match verifies the account.
#[utoipa::path(
    post,
    path = "/api/v1/verify-otp/",
    tag = "auth",
    request_body = VerifyOtpRequest,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn verify_otp(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<VerifyOtpRequest>,
) -> ApiResult<Json<MessageAnswer>> {
    let purpose = otp_purpose(body.kind.as_deref())?;
    let code = body.otp.trim();
    if !accounts::is_well_formed_otp(code) {
        return Err(ApiError::field("otp", "Enter the 6-digit code."));
    }
    if purpose == PURPOSE_REGISTRATION && user.is_verified {
        return Err(ApiError::field("non_field_errors", "Your email is already verified."));
    }
    let Some(current) = otp::current(&state.db, user.id, purpose).await? else {
        return Err(ApiError::field("otp", "Invalid OTP. Please request a new one."));
    };
    if current.expires_at <= store::now() {
        return Err(ApiError::field("otp", "This OTP has expired. Please request a new one."));
    }
    if current.attempts >= OTP_MAX_ATTEMPTS {
        return Err(ApiError::field("otp", "Too many attempts. Please request a new OTP."));
    }
    if !secrets::same_digest(&otp_hash(&state, user.id, purpose, code), &current.code_hash) {
        otp::count_attempt(&state.db, current.id).await?;
        return Err(ApiError::field("otp", "Invalid OTP."));
    }
    let txn = state.db.begin().await?;
    if !otp::consume(&txn, current.id).await? {
        txn.rollback().await?;
        return Err(ApiError::field("otp", "Invalid OTP. Please request a new one."));
    }
    user_q::mark_verified(&txn, user.id).await?;
    txn.commit().await?;
    Ok(Json(MessageAnswer { message: "OTP verified successfully".into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResendOtpRequest {
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// Mails a new code (the previous one stops working).
#[utoipa::path(
    post,
    path = "/api/v1/resend-otp/",
    tag = "auth",
    request_body = ResendOtpRequest,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn resend_otp(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    body: axum::body::Bytes,
) -> ApiResult<Json<MessageAnswer>> {
    // The body is optional: an empty one means a registration code.
    let request: ResendOtpRequest = if body.iter().all(u8::is_ascii_whitespace) {
        ResendOtpRequest { kind: None }
    } else {
        crate::extract::parse_json(&body)?
    };
    let purpose = otp_purpose(request.kind.as_deref())?;
    if purpose == PURPOSE_REGISTRATION && user.is_verified {
        return Err(ApiError::field("non_field_errors", "Your email is already verified."));
    }
    send_registration_code(&state, &tenant, &user).await?;
    Ok(Json(MessageAnswer { message: "OTP resent successfully. Please check your email.".into() }))
}

async fn send_registration_code(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<()> {
    let code = secrets::otp_code();
    let txn = state.db.begin().await?;
    otp::replace(
        &txn,
        user.id,
        PURPOSE_REGISTRATION,
        &otp_hash(state, user.id, PURPOSE_REGISTRATION, &code),
        otp_expiry(),
    )
    .await?;
    mailer::queue_otp(&txn, &tenant.0, &user.email, &user.first_name, &code).await?;
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok(())
}
