//! The sign-up bot-check and what the client needs to know about sign-in:
//! `GET /api/v1/auth-config/` and the built-in proof-of-work challenge.
//!
//! A challenge is `{expires}.{nonce}.{mac}`: stateless until it is answered (the MAC, keyed
//! with the server secret, proves the server issued it), then recorded as used so an answer
//! works once. The client finds a number `n` such that SHA-256 of `challenge:n` starts with
//! `difficulty` zero bits: cheap for one sign-up, costly for thousands.

use axum::{extract::State, Json};
use serde::Serialize;
use sha2::{Digest, Sha256};
use store::queries::challenges;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::Client,
    secrets,
    settings::BotCheck,
};

pub const MSG_BOTCHECK: &str = "Please complete the reCAPTCHA";
const CHALLENGE_TTL_SECS: i64 = 10 * 60;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(auth_config)).routes(routes!(challenge))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BotCheckConfig {
    /// pow, recaptcha, turnstile or off.
    pub provider: String,
    /// The reCAPTCHA or Turnstile site key.
    pub site_key: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthConfig {
    pub botcheck: BotCheckConfig,
    /// The social sign-in providers enabled on this site (null when disabled).
    pub social: super::social::SocialPublicConfig,
}

/// What the sign-in screens need: the bot-check in use and the social providers enabled.
#[utoipa::path(get, path = "/api/v1/auth-config/", tag = "auth", responses((status = 200, body = Data<AuthConfig>)))]
async fn auth_config(State(state): State<AppState>) -> Json<Data<AuthConfig>> {
    let site_key = match &state.settings.botcheck {
        BotCheck::Recaptcha { site_key, .. } | BotCheck::Turnstile { site_key, .. } => Some(site_key.clone()),
        _ => None,
    };
    Json(Data {
        data: AuthConfig {
            botcheck: BotCheckConfig { provider: state.settings.botcheck_name().into(), site_key },
            social: super::social::public_social_config(&state.settings),
        },
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Challenge {
    pub challenge: String,
    /// Leading zero bits the answer's hash needs.
    pub difficulty: u8,
}

/// A new proof-of-work challenge (only when that bot-check is in use).
#[utoipa::path(
    get,
    path = "/api/v1/botcheck/challenge/",
    tag = "auth",
    responses((status = 200, body = Data<Challenge>), (status = 404, body = ErrorBody))
)]
async fn challenge(State(state): State<AppState>) -> ApiResult<Json<Data<Challenge>>> {
    let BotCheck::ProofOfWork { difficulty } = state.settings.botcheck else {
        return Err(ApiError::not_found());
    };
    let expires = store::now().timestamp() + CHALLENGE_TTL_SECS;
    let nonce = &secrets::random_token()[..24];
    let mac = challenge_mac(&state, expires, nonce, difficulty);
    Ok(Json(Data { data: Challenge { challenge: format!("{expires}.{nonce}.{mac}"), difficulty } }))
}

fn challenge_mac(state: &AppState, expires: i64, nonce: &str, difficulty: u8) -> String {
    secrets::keyed_hash(&state.settings.jwt_secret, &["botcheck", &expires.to_string(), nonce, &difficulty.to_string()])
        [..32]
        .to_string()
}

/// Leading zero bits of a digest.
pub(crate) fn leading_zero_bits(digest: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in digest {
        if *byte == 0 {
            bits += 8;
        } else {
            bits += byte.leading_zeros();
            break;
        }
    }
    bits
}

/// Checks the sign-up form's bot-check answer; refuses with the spec's message.
pub(crate) async fn verify(state: &AppState, client: &Client, answer: Option<&str>) -> ApiResult<()> {
    let answer = answer.map(str::trim).unwrap_or("");
    let refused = || ApiError::field("non_field_errors", MSG_BOTCHECK);
    match &state.settings.botcheck {
        BotCheck::Off => Ok(()),
        BotCheck::ProofOfWork { difficulty } => {
            if verify_proof_of_work(state, answer, *difficulty).await? {
                Ok(())
            } else {
                Err(refused())
            }
        }
        BotCheck::Recaptcha { secret, .. } => {
            let solved = !answer.is_empty()
                && services::botcheck::site_verify(
                    services::botcheck::RECAPTCHA_VERIFY_URL,
                    secret,
                    answer,
                    Some(&client.ip),
                )
                .await;
            solved.then_some(()).ok_or_else(refused)
        }
        BotCheck::Turnstile { secret, .. } => {
            let solved = !answer.is_empty()
                && services::botcheck::site_verify(
                    services::botcheck::TURNSTILE_VERIFY_URL,
                    secret,
                    answer,
                    Some(&client.ip),
                )
                .await;
            solved.then_some(()).ok_or_else(refused)
        }
    }
}

/// `answer` is `challenge:n`. True when the challenge is ours, unexpired, unused, and the
/// work was done; the challenge is then used up.
async fn verify_proof_of_work(state: &AppState, answer: &str, difficulty: u8) -> ApiResult<bool> {
    if answer.len() > 200 {
        return Ok(false);
    }
    let Some((challenge, solution)) = answer.rsplit_once(':') else {
        return Ok(false);
    };
    if solution.is_empty() || solution.len() > 20 || !solution.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(false);
    }
    let mut parts = challenge.splitn(3, '.');
    let (Some(expires), Some(nonce), Some(mac)) = (parts.next(), parts.next(), parts.next()) else {
        return Ok(false);
    };
    let Ok(expires) = expires.parse::<i64>() else {
        return Ok(false);
    };
    if expires <= store::now().timestamp()
        || !secrets::same_digest(mac, &challenge_mac(state, expires, nonce, difficulty))
    {
        return Ok(false);
    }
    if leading_zero_bits(&Sha256::digest(answer.as_bytes())) < u32::from(difficulty) {
        return Ok(false);
    }
    Ok(challenges::use_once(&state.db, &secrets::sha256_hex(challenge.as_bytes()), expires).await?)
}

#[cfg(test)]
mod tests {
    use super::leading_zero_bits;

    #[test]
    fn counts_leading_zero_bits() {
        assert_eq!(leading_zero_bits(&[0x00, 0x00, 0xff]), 16);
        assert_eq!(leading_zero_bits(&[0x00, 0x1f]), 11);
        assert_eq!(leading_zero_bits(&[0x80]), 0);
    }
}
