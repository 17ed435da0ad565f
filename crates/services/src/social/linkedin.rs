//! LinkedIn ("Sign In with LinkedIn using OpenID Connect"): an access token, or an
//! authorization code that is exchanged for one with the client secret; the OpenID userinfo
//! endpoint (Bearer) then names the person.

use async_trait::async_trait;

use super::{
    client, email, flag, provider_message, required, safe_message, send, text, LinkedInConfig, SocialCredential,
    SocialError, SocialIdentity, SocialProvider, MSG_SOMETHING_WRONG,
};

const NAME: &str = "linkedin";
const MSG_UNVERIFIED: &str = "Your LinkedIn account has no verified email address.";

pub struct LinkedInProvider {
    config: LinkedInConfig,
}

impl LinkedInProvider {
    pub fn new(config: LinkedInConfig) -> Self {
        LinkedInProvider { config }
    }

    /// Trades an authorization code for an access token.
    async fn exchange(&self, code: &str, redirect_uri: &str) -> Result<String, SocialError> {
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", self.config.client_secret.as_str()),
        ];
        let answer = send(NAME, client().post(&self.config.token_url).form(&form)).await?;
        let sent = [code, self.config.client_secret.as_str()];
        if !answer.ok() {
            return Err(SocialError::Rejected(safe_message(provider_message(&answer.body), &sent)));
        }
        text(&answer.body, "access_token").ok_or_else(|| SocialError::Rejected(MSG_SOMETHING_WRONG.into()))
    }
}

#[async_trait]
impl SocialProvider for LinkedInProvider {
    fn name(&self) -> &'static str {
        NAME
    }

    fn label(&self) -> &'static str {
        "LinkedIn"
    }

    async fn verify(&self, credential: SocialCredential) -> Result<SocialIdentity, SocialError> {
        let given = credential.access_token.filter(|t| !t.trim().is_empty());
        let token = match (given, credential.code.filter(|c| !c.trim().is_empty())) {
            (Some(token), _) => token.trim().to_string(),
            (None, Some(code)) => {
                let redirect_uri = required(credential.redirect_uri, "redirect_uri")?;
                self.exchange(code.trim(), &redirect_uri).await?
            }
            (None, None) => return Err(SocialError::Missing("access_token")),
        };
        let answer = send(NAME, client().get(&self.config.userinfo_url).bearer_auth(&token)).await?;
        if !answer.ok() {
            return Err(SocialError::Rejected(safe_message(provider_message(&answer.body), &[&token])));
        }
        let person = answer.body;
        let sub = text(&person, "sub").ok_or_else(|| SocialError::Rejected(MSG_SOMETHING_WRONG.into()))?;
        let email = email(&person, "email")
            .filter(|_| flag(&person, "email_verified"))
            .ok_or_else(|| SocialError::Rejected(MSG_UNVERIFIED.into()))?;
        Ok(SocialIdentity {
            provider_uid: sub,
            email,
            first_name: text(&person, "given_name").unwrap_or_default(),
            last_name: text(&person, "family_name").unwrap_or_default(),
            picture: text(&person, "picture"),
        })
    }
}
