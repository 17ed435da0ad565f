//! Social sign-in (spec 000 §7 "Authentication", §8 "Sign-in and account"): Google,
//! Facebook and LinkedIn. The provider vouches for the person (services::social); we find
//! the user by the linked provider account, else by the verified email (and link it), else
//! create a verified user in the current tenant. Social sign-in always marks the user
//! verified; a trial user stays a trial user (the client sends them to sign up).

use axum::{extract::State, http::StatusCode, Json};
use domain::FieldErrors;
use sea_orm::DatabaseTransaction;
use serde::{Deserialize, Serialize};
use services::social::{
    FacebookProvider, GoogleProvider, LinkedInProvider, SocialCredential, SocialError, SocialIdentity, SocialProvider,
};
use store::queries::{memberships, social_accounts, users as user_q};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{issue_pair, TokenAnswer};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, Client, Tenant},
    rate_limit,
    settings::Settings,
};

const MSG_DISABLED_ACCOUNT: &str = "This account is disabled.";
const MSG_EMAIL_ELSEWHERE: &str = "This email address belongs to another account. Please log in with that account.";
const MSG_REQUIRED: &str = "This field is required.";
/// Longest credential accepted (Google ID tokens are about 1–2 KB).
const CREDENTIAL_MAX: usize = 8192;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(google_login)).routes(routes!(facebook_login)).routes(routes!(linkedin_login))
}

// ---------------------------------------------------------------------------------------
// What the client needs to start a sign-in (included in GET /api/v1/auth-config/).

/// The enabled providers with their public ids and where the browser starts the sign-in;
/// a disabled provider is `null`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SocialPublicConfig {
    pub google: Option<GooglePublicConfig>,
    pub facebook: Option<FacebookPublicConfig>,
    pub linkedin: Option<LinkedInPublicConfig>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GooglePublicConfig {
    pub client_id: String,
    pub authorize_url: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FacebookPublicConfig {
    pub app_id: String,
    pub authorize_url: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkedInPublicConfig {
    pub client_id: String,
    pub authorize_url: String,
}

/// The public part of the social sign-in settings (never a secret).
pub fn public_social_config(settings: &Settings) -> SocialPublicConfig {
    let social = &settings.social;
    SocialPublicConfig {
        google: social
            .google
            .as_ref()
            .map(|g| GooglePublicConfig { client_id: g.client_id.clone(), authorize_url: g.authorize_url.clone() }),
        facebook: social
            .facebook
            .as_ref()
            .map(|f| FacebookPublicConfig { app_id: f.app_id.clone(), authorize_url: f.authorize_url.clone() }),
        linkedin: social
            .linkedin
            .as_ref()
            .map(|l| LinkedInPublicConfig { client_id: l.client_id.clone(), authorize_url: l.authorize_url.clone() }),
    }
}

// ---------------------------------------------------------------------------------------
// The sign-in calls.

#[derive(Debug, Deserialize, ToSchema)]
pub struct GoogleLoginRequest {
    /// An OAuth access token; with `one_tap`, the ID token (credential) of the one-tap prompt.
    pub access_token: Option<String>,
    #[serde(default)]
    pub one_tap: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FacebookLoginRequest {
    pub access_token: Option<String>,
    /// The Facebook user id the token was issued for.
    pub user_id: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkedInLoginRequest {
    /// An access token; or `code` and `redirect_uri` from the authorization redirect.
    pub access_token: Option<String>,
    pub code: Option<String>,
    pub redirect_uri: Option<String>,
}

/// Signs in with Google: an access token from the token flow, or (`one_tap: true`) the ID
/// token of the one-tap prompt. Creates a verified account on first use.
#[utoipa::path(
    post,
    path = "/api/v1/google/login/",
    tag = "auth",
    request_body = GoogleLoginRequest,
    responses(
        (status = 200, body = TokenAnswer),
        (status = 400, body = ErrorBody, description = "Not enabled, a missing field, or the provider refused the token"),
        (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody, description = "Google could not be reached")
    )
)]
async fn google_login(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<GoogleLoginRequest>,
) -> ApiResult<Json<TokenAnswer>> {
    let config = state.settings.social.google.clone().ok_or_else(|| disabled("Google"))?;
    rate_limit::hit(&state, rate_limit::SOCIAL_PER_IP, &client.ip).await?;
    let mut errors = FieldErrors::new();
    let access_token = field(&mut errors, body.access_token, "access_token", true);
    errors.into_result()?;
    let credential = SocialCredential { access_token, one_tap: body.one_tap, ..Default::default() };
    sign_in(&state, &tenant, &GoogleProvider::new(config), credential).await
}

/// Signs in with Facebook: a user access token and the user id it belongs to.
#[utoipa::path(
    post,
    path = "/api/v1/facebook/login/",
    tag = "auth",
    request_body = FacebookLoginRequest,
    responses(
        (status = 200, body = TokenAnswer),
        (status = 400, body = ErrorBody, description = "Not enabled, a missing field, or the provider refused the token"),
        (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody, description = "Facebook could not be reached")
    )
)]
async fn facebook_login(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<FacebookLoginRequest>,
) -> ApiResult<Json<TokenAnswer>> {
    let config = state.settings.social.facebook.clone().ok_or_else(|| disabled("Facebook"))?;
    rate_limit::hit(&state, rate_limit::SOCIAL_PER_IP, &client.ip).await?;
    let mut errors = FieldErrors::new();
    let access_token = field(&mut errors, body.access_token, "access_token", true);
    let user_id = field(&mut errors, body.user_id, "user_id", true);
    errors.into_result()?;
    let credential = SocialCredential { access_token, user_id, ..Default::default() };
    sign_in(&state, &tenant, &FacebookProvider::new(config), credential).await
}

/// Signs in with LinkedIn: an access token, or an authorization code with the redirect URI
/// it was sent to (exchanged on the server with the client secret).
#[utoipa::path(
    post,
    path = "/api/v1/linkedin/login/",
    tag = "auth",
    request_body = LinkedInLoginRequest,
    responses(
        (status = 200, body = TokenAnswer),
        (status = 400, body = ErrorBody, description = "Not enabled, a missing field, or the provider refused the token"),
        (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody, description = "LinkedIn could not be reached")
    )
)]
async fn linkedin_login(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<LinkedInLoginRequest>,
) -> ApiResult<Json<TokenAnswer>> {
    let config = state.settings.social.linkedin.clone().ok_or_else(|| disabled("LinkedIn"))?;
    rate_limit::hit(&state, rate_limit::SOCIAL_PER_IP, &client.ip).await?;
    let mut errors = FieldErrors::new();
    let access_token = field(&mut errors, body.access_token, "access_token", false);
    let code = field(&mut errors, body.code, "code", false);
    let redirect_uri = field(&mut errors, body.redirect_uri, "redirect_uri", code.is_some() && access_token.is_none());
    if access_token.is_none() && code.is_none() && errors.is_empty() {
        errors.add("access_token", MSG_REQUIRED);
    }
    errors.into_result()?;
    let credential = SocialCredential { access_token, code, redirect_uri, ..Default::default() };
    sign_in(&state, &tenant, &LinkedInProvider::new(config), credential).await
}

fn disabled(label: &str) -> ApiError {
    ApiError::BadRequest(format!("{label} sign-in is not enabled on this site."))
}

/// A trimmed credential field; notes on `errors` when it is missing (and `required`) or too long.
fn field(errors: &mut FieldErrors, value: Option<String>, name: &str, required: bool) -> Option<String> {
    let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    match &value {
        None if required => errors.add(name, MSG_REQUIRED),
        Some(v) if v.len() > CREDENTIAL_MAX => {
            errors.add(name, format!("Ensure this field has no more than {CREDENTIAL_MAX} characters."))
        }
        _ => {}
    }
    value
}

/// Checks the credential with the provider, finds or creates the user, and signs them in.
async fn sign_in(
    state: &AppState,
    tenant: &Tenant,
    provider: &dyn SocialProvider,
    credential: SocialCredential,
) -> ApiResult<Json<TokenAnswer>> {
    let identity = provider.verify(credential).await.map_err(|err| match err {
        SocialError::Missing(field) => ApiError::field(field, MSG_REQUIRED),
        SocialError::Rejected(message) => ApiError::BadRequest(message),
        SocialError::Unavailable => ApiError::Coded {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("{} could not be reached. Please try again later.", provider.label()),
            code: "PROVIDER_UNAVAILABLE",
        },
    })?;
    // Two first sign-ins of one person at once: the loser of the race hits the unique link
    // or email, and a second pass finds what the winner created.
    let user_id = match find_or_create(state, tenant, provider.name(), &identity).await {
        Err(ApiError::Conflict(_)) => find_or_create(state, tenant, provider.name(), &identity).await?,
        other => other?,
    };
    user_q::touch_login(&state.db, user_id).await?;
    Ok(Json(TokenAnswer { data: issue_pair(state, user_id).await? }))
}

/// All the writes of one sign-in in one transaction, committed only when all succeeded.
async fn find_or_create(
    state: &AppState,
    tenant: &Tenant,
    provider: &str,
    identity: &SocialIdentity,
) -> ApiResult<i64> {
    let txn = store::begin_write(&state.db).await?;
    match find_or_create_in(&txn, tenant, provider, identity).await {
        Ok(user_id) => {
            txn.commit().await?;
            // A new account's system-agent jobs, if any, run now rather than at the next poll.
            state.jobs_wake.notify_one();
            Ok(user_id)
        }
        Err(err) => {
            if let Err(rollback) = txn.rollback().await {
                tracing::warn!(error = %rollback, "rolling back a social sign-in failed");
            }
            Err(err)
        }
    }
}

async fn find_or_create_in(
    txn: &DatabaseTransaction,
    tenant: &Tenant,
    provider: &str,
    identity: &SocialIdentity,
) -> ApiResult<i64> {
    let linked = match social_accounts::find_user(txn, provider, &identity.provider_uid).await? {
        Some(user_id) => user_q::find_by_id(txn, user_id).await?,
        None => None,
    };
    let user = match linked {
        Some(user) => user,
        None => match user_q::find_by_email(txn, &identity.email).await? {
            // The provider verified this address, so it proves ownership of the account.
            Some(user) => {
                if !user.is_active {
                    return Err(ApiError::BadRequest(MSG_DISABLED_ACCOUNT.into()));
                }
                social_accounts::link(txn, user.id, provider, &identity.provider_uid).await?;
                user
            }
            // Someone's alternate email: a new account would take an address another
            // person may switch to; they sign in with their own account instead.
            None if user_q::email_in_use(txn, &identity.email, 0).await? => {
                // On PostgreSQL each statement sees what was committed before it: a first
                // sign-in of the same person may have made the account since the lookup
                // above. That is the race the caller's second pass settles, not an alternate.
                if user_q::find_by_email(txn, &identity.email).await?.is_some() {
                    return Err(ApiError::Conflict(MSG_EMAIL_ELSEWHERE.into()));
                }
                return Err(ApiError::BadRequest(MSG_EMAIL_ELSEWHERE.into()));
            }
            None => {
                let user = user_q::create(
                    txn,
                    user_q::NewUser {
                        email: &identity.email,
                        password_hash: None,
                        first_name: &clip_name(&identity.first_name),
                        last_name: &clip_name(&identity.last_name),
                        is_verified: true,
                        is_staff: false,
                        // No consent was asked for on the provider's dialog.
                        subscribe_to_newsletter: false,
                    },
                )
                .await?;
                social_accounts::link(txn, user.id, provider, &identity.provider_uid).await?;
                let org = &tenant.0.organization;
                let status = if org.join_mode == "closed" { "pending" } else { memberships::STATUS_ACCEPTED };
                memberships::upsert(txn, org.id, user.id, "member", status).await?;
                services::system_agents::queue_member(txn, org.tenant_id, user.id).await?;
                user
            }
        },
    };
    if !user.is_active {
        return Err(ApiError::BadRequest(MSG_DISABLED_ACCOUNT.into()));
    }
    if !user.is_verified {
        user_q::mark_verified(txn, user.id).await?;
    }
    Ok(user.id)
}

/// A provider's name, trimmed and cut to what a user name may hold.
fn clip_name(name: &str) -> String {
    name.trim().chars().take(domain::accounts::NAME_MAX).collect()
}

#[cfg(test)]
mod tests {
    use services::social::{FacebookConfig, GoogleConfig};

    use super::*;

    #[test]
    fn the_public_config_shows_enabled_providers_without_secrets() {
        let mut settings = Settings::for_tests();
        let shown = serde_json::to_value(public_social_config(&settings)).unwrap();
        assert_eq!(shown, serde_json::json!({"google": null, "facebook": null, "linkedin": null}));

        settings.social.google = Some(GoogleConfig::new("g-id", Some("g-secret".into())));
        settings.social.facebook = Some(FacebookConfig::new("fb-id", "fb-secret"));
        let shown = serde_json::to_value(public_social_config(&settings)).unwrap();
        assert_eq!(shown["google"]["client_id"], "g-id");
        assert_eq!(shown["google"]["authorize_url"], "https://accounts.google.com/o/oauth2/v2/auth");
        assert_eq!(shown["facebook"]["app_id"], "fb-id");
        assert_eq!(shown["facebook"]["authorize_url"], "https://www.facebook.com/v19.0/dialog/oauth");
        assert!(shown["linkedin"].is_null());
        let text = shown.to_string();
        assert!(!text.contains("secret"), "{text}");
    }

    #[test]
    fn names_are_clipped() {
        assert_eq!(clip_name("  Ada "), "Ada");
        assert_eq!(clip_name(&"x".repeat(400)).chars().count(), domain::accounts::NAME_MAX);
    }
}
