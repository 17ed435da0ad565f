//! Facebook: a user access token from the token flow, with the user id it was issued for.
//! `debug_token` (asked with the app's own token) proves the token is valid, belongs to
//! this app and to that user; then `/me` names the person. Facebook answers only confirmed
//! email addresses, and without one the account cannot be matched, so it is required.

use async_trait::async_trait;

use super::{
    client, email, flag, provider_message, required, safe_message, send, text, FacebookConfig, SocialCredential,
    SocialError, SocialIdentity, SocialProvider, MSG_SOMETHING_WRONG,
};

const NAME: &str = "facebook";
const MSG_INVALID: &str = "This Facebook sign-in is invalid or has expired. Please try again.";
const MSG_OTHER_APP: &str = "This Facebook sign-in was made for another application.";
const MSG_OTHER_USER: &str = "This Facebook sign-in belongs to another account.";
const MSG_NO_EMAIL: &str =
    "Your Facebook account did not share an email address. Please allow access to your email or sign up with your email.";

pub struct FacebookProvider {
    config: FacebookConfig,
}

impl FacebookProvider {
    pub fn new(config: FacebookConfig) -> Self {
        FacebookProvider { config }
    }
}

#[async_trait]
impl SocialProvider for FacebookProvider {
    fn name(&self) -> &'static str {
        NAME
    }

    fn label(&self) -> &'static str {
        "Facebook"
    }

    async fn verify(&self, credential: SocialCredential) -> Result<SocialIdentity, SocialError> {
        let token = required(credential.access_token, "access_token")?;
        let user_id = required(credential.user_id, "user_id")?;
        let graph = self.config.graph_url.trim_end_matches('/');
        let app_token = format!("{}|{}", self.config.app_id, self.config.app_secret);
        let sent = [token.as_str(), self.config.app_secret.as_str()];

        let answer = send(
            NAME,
            client()
                .get(format!("{graph}/debug_token"))
                .query(&[("input_token", &token), ("access_token", &app_token)]),
        )
        .await?;
        if !answer.ok() {
            return Err(SocialError::Rejected(safe_message(provider_message(&answer.body), &sent)));
        }
        let data = answer.body.get("data").cloned().unwrap_or_default();
        if !flag(&data, "is_valid") {
            let message = provider_message(&answer.body).map(|m| safe_message(Some(m), &sent));
            return Err(SocialError::Rejected(
                message.filter(|m| m != MSG_SOMETHING_WRONG).unwrap_or_else(|| MSG_INVALID.into()),
            ));
        }
        if text(&data, "app_id").as_deref() != Some(self.config.app_id.as_str()) {
            return Err(SocialError::Rejected(MSG_OTHER_APP.into()));
        }
        if text(&data, "user_id").as_deref() != Some(user_id.as_str()) {
            return Err(SocialError::Rejected(MSG_OTHER_USER.into()));
        }

        let answer = send(
            NAME,
            client()
                .get(format!("{graph}/me"))
                .query(&[("fields", "id,email,first_name,last_name"), ("access_token", &token)]),
        )
        .await?;
        if !answer.ok() {
            return Err(SocialError::Rejected(safe_message(provider_message(&answer.body), &sent)));
        }
        let person = answer.body;
        if text(&person, "id").as_deref() != Some(user_id.as_str()) {
            return Err(SocialError::Rejected(MSG_OTHER_USER.into()));
        }
        let email = email(&person, "email").ok_or_else(|| SocialError::Rejected(MSG_NO_EMAIL.into()))?;
        Ok(SocialIdentity {
            provider_uid: user_id,
            email,
            first_name: text(&person, "first_name").unwrap_or_default(),
            last_name: text(&person, "last_name").unwrap_or_default(),
            picture: None,
        })
    }
}
