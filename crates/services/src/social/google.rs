//! Google: an OAuth access token (token flow) or, from the one-tap prompt, an ID token.
//!
//! Google's refusals are replaced by one clear message (its own texts say little).
//!
//! - Access token: `tokeninfo?access_token=` proves it was issued to this site's client id
//!   (so a token another app obtained cannot sign in here), then the OpenID userinfo
//!   endpoint (Bearer) names the person.
//! - ID token: `tokeninfo?id_token=` checks the signature; we check the audience, the
//!   issuer, the expiry and the verified email.

use async_trait::async_trait;
use serde_json::Value;

use super::{
    client, email, flag, number, required, send, text, Answer, GoogleConfig, SocialCredential, SocialError,
    SocialIdentity, SocialProvider,
};

const NAME: &str = "google";
const ISSUERS: [&str; 2] = ["accounts.google.com", "https://accounts.google.com"];
const MSG_OTHER_APP: &str = "This Google sign-in was made for another application.";
const MSG_EXPIRED: &str = "This Google sign-in has expired. Please try again.";
const MSG_UNVERIFIED: &str = "Your Google account has no verified email address.";
/// Google's own refusals ("Invalid Value", "Invalid Credentials") say little to a user.
const MSG_INVALID: &str = "This Google sign-in is invalid or has expired. Please try again.";

pub struct GoogleProvider {
    config: GoogleConfig,
}

impl GoogleProvider {
    pub fn new(config: GoogleConfig) -> Self {
        GoogleProvider { config }
    }

    /// Asks tokeninfo about a token; a refusal carries Google's text when it is safe.
    async fn token_info(&self, kind: &str, token: &str) -> Result<Value, SocialError> {
        let answer = send(NAME, client().get(&self.config.tokeninfo_url).query(&[(kind, token)])).await?;
        refused_unless_ok(answer)
    }

    async fn verify_id_token(&self, token: &str) -> Result<SocialIdentity, SocialError> {
        let info = self.token_info("id_token", token).await?;
        if text(&info, "aud").as_deref() != Some(self.config.client_id.as_str()) {
            return Err(SocialError::Rejected(MSG_OTHER_APP.into()));
        }
        if text(&info, "iss").is_none_or(|iss| !ISSUERS.contains(&iss.as_str())) {
            return Err(SocialError::Rejected(MSG_OTHER_APP.into()));
        }
        if number(&info, "exp").is_none_or(|exp| exp <= chrono::Utc::now().timestamp()) {
            return Err(SocialError::Rejected(MSG_EXPIRED.into()));
        }
        identity(&info)
    }

    async fn verify_access_token(&self, token: &str) -> Result<SocialIdentity, SocialError> {
        let info = self.token_info("access_token", token).await?;
        let client_id = Some(self.config.client_id.as_str());
        if text(&info, "aud").as_deref() != client_id && text(&info, "azp").as_deref() != client_id {
            return Err(SocialError::Rejected(MSG_OTHER_APP.into()));
        }
        if number(&info, "expires_in").is_some_and(|left| left <= 0) {
            return Err(SocialError::Rejected(MSG_EXPIRED.into()));
        }
        let answer = send(NAME, client().get(&self.config.userinfo_url).bearer_auth(token)).await?;
        let person = refused_unless_ok(answer)?;
        // The userinfo must describe the account the token was issued for.
        if let (Some(issued_to), Some(sub)) = (text(&info, "sub"), text(&person, "sub")) {
            if issued_to != sub {
                return Err(SocialError::Rejected(MSG_OTHER_APP.into()));
            }
        }
        identity(&person)
    }
}

fn refused_unless_ok(answer: Answer) -> Result<Value, SocialError> {
    if answer.ok() {
        Ok(answer.body)
    } else {
        Err(SocialError::Rejected(MSG_INVALID.into()))
    }
}

/// The person from an ID token's claims or a userinfo answer (the same OpenID names).
fn identity(claims: &Value) -> Result<SocialIdentity, SocialError> {
    let sub = text(claims, "sub").ok_or_else(|| SocialError::Rejected(super::MSG_SOMETHING_WRONG.into()))?;
    let email = email(claims, "email")
        .filter(|_| flag(claims, "email_verified"))
        .ok_or_else(|| SocialError::Rejected(MSG_UNVERIFIED.into()))?;
    Ok(SocialIdentity {
        provider_uid: sub,
        email,
        first_name: text(claims, "given_name").unwrap_or_default(),
        last_name: text(claims, "family_name").unwrap_or_default(),
        picture: text(claims, "picture"),
    })
}

#[async_trait]
impl SocialProvider for GoogleProvider {
    fn name(&self) -> &'static str {
        NAME
    }

    fn label(&self) -> &'static str {
        "Google"
    }

    async fn verify(&self, credential: SocialCredential) -> Result<SocialIdentity, SocialError> {
        let token = required(credential.access_token, "access_token")?;
        if credential.one_tap {
            self.verify_id_token(&token).await
        } else {
            self.verify_access_token(&token).await
        }
    }
}
