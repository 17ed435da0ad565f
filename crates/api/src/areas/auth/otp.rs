//! Six-digit codes: verify-otp and resend-otp, for the sign-up address (registration) and for
//! an alternate email. Codes are keyed hashes, expire, and allow a few attempts each.

use axum::{extract::State, Json};
use chrono::Duration;
use domain::accounts::{self, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES};
use sea_orm::TransactionTrait;
use serde::Deserialize;
use store::{
    entities::users,
    queries::{account_links, otp, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{MessageAnswer, PURPOSE_ALTERNATE_EMAIL, PURPOSE_REGISTRATION};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer, rate_limit, secrets,
};

/// How long the one-click verification link in the sign-up mail works.
const VERIFY_LINK_TTL_HOURS: i64 = 48;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(verify_otp)).routes(routes!(resend_otp))
}

fn otp_expiry() -> chrono::DateTime<chrono::Utc> {
    store::now() + Duration::minutes(OTP_TTL_MINUTES)
}

fn otp_hash(state: &AppState, user_id: i64, purpose: &str, code: &str) -> String {
    secrets::keyed_hash(&state.settings.jwt_secret, &["otp", &user_id.to_string(), purpose, code])
}

/// Stores a new registration code and a one-click link, and queues the mail, in the
/// caller's transaction.
pub(super) async fn queue_registration_code(
    state: &AppState,
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    client: &Client,
    user: &users::Model,
) -> ApiResult<()> {
    let code = secrets::otp_code();
    otp::replace(
        txn,
        user.id,
        PURPOSE_REGISTRATION,
        &otp_hash(state, user.id, PURPOSE_REGISTRATION, &code),
        otp_expiry(),
    )
    .await?;
    let key = secrets::random_token();
    account_links::create(
        txn,
        user.id,
        account_links::PURPOSE_EMAIL_VERIFICATION,
        &secrets::sha256_hex(key.as_bytes()),
        store::now() + Duration::hours(VERIFY_LINK_TTL_HOURS),
    )
    .await?;
    let link = format!("{}/verify-email/{key}", client.origin_for(&tenant.0));
    mailer::queue_otp(txn, &tenant.0, &user.email, &user.first_name, &code, Some(&link)).await?;
    Ok(())
}

/// Stores a new code for the alternate email and queues the mail to that address.
pub(super) async fn queue_alternate_email_code(
    state: &AppState,
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    user_id: i64,
    first_name: &str,
    alternate_email: &str,
) -> ApiResult<()> {
    let code = secrets::otp_code();
    otp::replace(
        txn,
        user_id,
        PURPOSE_ALTERNATE_EMAIL,
        &otp_hash(state, user_id, PURPOSE_ALTERNATE_EMAIL, &code),
        otp_expiry(),
    )
    .await?;
    mailer::queue_alternate_email_otp(txn, &tenant.0, alternate_email, first_name, &code).await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyOtpRequest {
    #[serde(default)]
    pub otp: String,
    /// registration (default) or alternate_email.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

fn otp_purpose(kind: Option<&str>) -> ApiResult<&'static str> {
    match kind.unwrap_or(PURPOSE_REGISTRATION) {
        "" | PURPOSE_REGISTRATION => Ok(PURPOSE_REGISTRATION),
        PURPOSE_ALTERNATE_EMAIL => Ok(PURPOSE_ALTERNATE_EMAIL),
        other => Err(ApiError::field("type", format!("\"{other}\" is not a valid choice."))),
    }
}

/// Checks a mailed code: the sign-up code verifies the account, the alternate-email code
/// verifies that address.
#[utoipa::path(
    post,
    path = "/api/v1/verify-otp/",
    tag = "auth",
    request_body = VerifyOtpRequest,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 429, body = ErrorBody))
)]
async fn verify_otp(
    State(state): State<AppState>,
    client: Client,
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
    if purpose == PURPOSE_ALTERNATE_EMAIL && user.alternate_email.is_none() {
        return Err(ApiError::field("non_field_errors", "Please add an alternate email first."));
    }
    rate_limit::hit(&state, rate_limit::OTP_VERIFY_PER_IP, &client.ip).await?;
    rate_limit::hit(&state, rate_limit::OTP_VERIFY_PER_ACCOUNT, &user.id.to_string()).await?;
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
    let txn = store::begin_write(&state.db).await?;
    if !otp::consume(&txn, current.id).await? {
        txn.rollback().await?;
        return Err(ApiError::field("otp", "Invalid OTP. Please request a new one."));
    }
    let message = if purpose == PURPOSE_REGISTRATION {
        user_q::mark_verified(&txn, user.id).await?;
        "OTP verified successfully"
    } else {
        user_q::mark_alternate_email_verified(&txn, user.id).await?;
        "Successfully verified OTP."
    };
    txn.commit().await?;
    Ok(Json(MessageAnswer { message: message.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResendOtpRequest {
    /// alternate_email for the alternate address; otherwise the sign-up code.
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
    responses((status = 200, body = MessageAnswer), (status = 429, body = ErrorBody))
)]
async fn resend_otp(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
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
    let alternate = match (purpose, &user.alternate_email) {
        (PURPOSE_ALTERNATE_EMAIL, None) => {
            return Err(ApiError::field("non_field_errors", "Please add an alternate email first."))
        }
        (PURPOSE_ALTERNATE_EMAIL, Some(_)) if user.is_alternate_email_verified => {
            return Err(ApiError::field("non_field_errors", "Your alternate email is already verified."))
        }
        (_, alternate) => alternate.clone(),
    };
    rate_limit::hit(&state, rate_limit::OTP_RESEND_PER_IP, &client.ip).await?;
    rate_limit::hit(&state, rate_limit::OTP_RESEND_PER_ACCOUNT, &user.id.to_string()).await?;
    let txn = state.db.begin().await?;
    let message = if purpose == PURPOSE_REGISTRATION {
        queue_registration_code(&state, &txn, &tenant, &client, &user).await?;
        "OTP resent successfully. Please check your email."
    } else {
        let alternate = alternate.unwrap_or_default();
        queue_alternate_email_code(&state, &txn, &tenant, user.id, &user.first_name, &alternate).await?;
        "Successfully resent OTP. Please check your alternate email."
    };
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: message.into() }))
}
