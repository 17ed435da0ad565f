//! Request limits per client address and per account, counted in the database so that
//! every instance enforces the same numbers. Over the limit, the answer is 429 with
//! Retry-After.

use store::queries::{challenges, rate_limits};

use crate::{error::ApiError, error::ApiResult, secrets, state::AppState};

/// At most `max` hits per `window_secs`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub name: &'static str,
    pub max: i32,
    pub window_secs: i64,
}

const fn limit(name: &'static str, max: i32, window_secs: i64) -> Limit {
    Limit { name, max, window_secs }
}

const MINUTE: i64 = 60;

/// Generous: a campus or a cohort session signs in from one shared address; guessing is
/// stopped per account (10 failures lock it).
pub const LOGIN_PER_IP: Limit = limit("login-ip", 100, 10 * MINUTE);
/// Failed sign-ins per account before it is locked for the rest of the window.
pub const LOGIN_FAILURES_PER_ACCOUNT: Limit = limit("login-account", 10, 15 * MINUTE);
pub const REGISTER_PER_IP: Limit = limit("register-ip", 10, 60 * MINUTE);
pub const OTP_VERIFY_PER_ACCOUNT: Limit = limit("otp-verify-account", 10, 15 * MINUTE);
pub const OTP_VERIFY_PER_IP: Limit = limit("otp-verify-ip", 30, 15 * MINUTE);
pub const OTP_RESEND_PER_ACCOUNT: Limit = limit("otp-resend-account", 5, 15 * MINUTE);
pub const OTP_RESEND_PER_IP: Limit = limit("otp-resend-ip", 20, 15 * MINUTE);
pub const FORGOT_PER_IP: Limit = limit("forgot-ip", 10, 60 * MINUTE);
pub const FORGOT_PER_EMAIL: Limit = limit("forgot-email", 3, 15 * MINUTE);
pub const RESET_PER_IP: Limit = limit("reset-ip", 20, 60 * MINUTE);
pub const CHANGE_PASSWORD_PER_ACCOUNT: Limit = limit("change-password-account", 10, 15 * MINUTE);
pub const VERIFY_EMAIL_PER_IP: Limit = limit("verify-email-ip", 20, 15 * MINUTE);
pub const ALTERNATE_EMAIL_PER_ACCOUNT: Limit = limit("alternate-email-account", 5, 15 * MINUTE);
pub const SOCIAL_PER_IP: Limit = limit("social-ip", 30, 10 * MINUTE);
pub const CAREER_GPS_PER_IP: Limit = limit("career-gps-ip", 10, 60 * MINUTE);
/// Circle requests mail every administrator of the site: a few an hour is plenty.
pub const CIRCLE_REQUEST_PER_ACCOUNT: Limit = limit("circle-request-account", 10, 60 * MINUTE);

/// Questions to the assistant per member per hour (`Settings::ama_per_hour`).
pub const fn ama_per_member(per_hour: i32) -> Limit {
    limit("ama-account", per_hour, 60 * MINUTE)
}

fn key(limit: &Limit, subject: &str) -> String {
    // Subjects are addresses or emails; hashing keeps keys short and emails out of the table.
    format!("{}:{}", limit.name, &secrets::sha256_hex(subject.trim().to_lowercase().as_bytes())[..40])
}

fn too_many(retry_after_secs: i64) -> ApiError {
    let secs = retry_after_secs.max(1) as u64;
    let message = if secs < 60 {
        format!("Too many attempts. Please try again in {secs} seconds.")
    } else {
        let minutes = secs.div_ceil(60);
        format!("Too many attempts. Please try again in {minutes} minute{}.", if minutes == 1 { "" } else { "s" })
    };
    ApiError::RateLimited { message, retry_after_secs: secs }
}

/// Counts one hit for `subject` and refuses it when the limit is exceeded.
pub async fn hit<K>(state: &AppState<K>, limit: Limit, subject: &str) -> ApiResult<()> {
    if !state.settings.rate_limits {
        return Ok(());
    }
    let now = store::now().timestamp();
    maybe_prune(state, now).await;
    let hit = rate_limits::hit(&state.db, &key(&limit, subject), now, limit.window_secs).await?;
    if hit.hits > limit.max {
        return Err(too_many(hit.reset_at - now));
    }
    Ok(())
}

/// Refuses when earlier hits already reached the limit, without counting this one (for
/// limits that count failures only, such as wrong passwords).
pub async fn ensure_open<K>(state: &AppState<K>, limit: Limit, subject: &str) -> ApiResult<()> {
    if !state.settings.rate_limits {
        return Ok(());
    }
    let now = store::now().timestamp();
    match rate_limits::peek(&state.db, &key(&limit, subject), now).await? {
        Some(hit) if hit.hits >= limit.max => Err(too_many(hit.reset_at - now)),
        _ => Ok(()),
    }
}

/// Forgets the hits of `subject` (a correct password clears its failures).
pub async fn clear<K>(state: &AppState<K>, limit: Limit, subject: &str) -> ApiResult<()> {
    if state.settings.rate_limits {
        rate_limits::clear(&state.db, &key(&limit, subject)).await?;
    }
    Ok(())
}

/// Now and then, deletes counters and used challenges whose time is over.
async fn maybe_prune<K>(state: &AppState<K>, now: i64) {
    if rand::random_range(0..500u32) != 0 {
        return;
    }
    if let Err(err) = rate_limits::prune(&state.db, now).await {
        tracing::warn!(error = %err, "pruning rate limits failed");
    }
    if let Err(err) = challenges::prune(&state.db, now).await {
        tracing::warn!(error = %err, "pruning bot-check challenges failed");
    }
}
