//! Which social sign-in providers are enabled, with their credentials and URLs.

/// Every provider is off unless configured (`Default` turns them all off).
#[derive(Clone, Default)]
pub struct SocialConfig {
    pub google: Option<GoogleConfig>,
    pub facebook: Option<FacebookConfig>,
    pub linkedin: Option<LinkedInConfig>,
}

#[derive(Clone)]
pub struct GoogleConfig {
    /// The OAuth client id; ID tokens and access tokens must be issued for it.
    pub client_id: String,
    /// Not needed by the token flow; kept for a server-side code flow.
    pub client_secret: Option<String>,
    pub authorize_url: String,
    /// OpenID Connect userinfo endpoint (Bearer access token).
    pub userinfo_url: String,
    /// Token inspection: `?id_token=` and `?access_token=`.
    pub tokeninfo_url: String,
}

#[derive(Clone)]
pub struct FacebookConfig {
    pub app_id: String,
    pub app_secret: String,
    pub authorize_url: String,
    /// The Graph API root, version included (debug_token and me live under it).
    pub graph_url: String,
}

#[derive(Clone)]
pub struct LinkedInConfig {
    pub client_id: String,
    pub client_secret: String,
    pub authorize_url: String,
    /// Where authorization codes are exchanged for access tokens.
    pub token_url: String,
    /// OpenID Connect userinfo endpoint (Bearer access token).
    pub userinfo_url: String,
}

impl GoogleConfig {
    pub const AUTHORIZE_URL: &'static str = "https://accounts.google.com/o/oauth2/v2/auth";
    pub const USERINFO_URL: &'static str = "https://openidconnect.googleapis.com/v1/userinfo";
    pub const TOKENINFO_URL: &'static str = "https://oauth2.googleapis.com/tokeninfo";

    /// Google's own endpoints.
    pub fn new(client_id: impl Into<String>, client_secret: Option<String>) -> Self {
        GoogleConfig {
            client_id: client_id.into(),
            client_secret,
            authorize_url: Self::AUTHORIZE_URL.into(),
            userinfo_url: Self::USERINFO_URL.into(),
            tokeninfo_url: Self::TOKENINFO_URL.into(),
        }
    }
}

impl FacebookConfig {
    pub const AUTHORIZE_URL: &'static str = "https://www.facebook.com/v19.0/dialog/oauth";
    pub const GRAPH_URL: &'static str = "https://graph.facebook.com/v19.0";

    pub fn new(app_id: impl Into<String>, app_secret: impl Into<String>) -> Self {
        FacebookConfig {
            app_id: app_id.into(),
            app_secret: app_secret.into(),
            authorize_url: Self::AUTHORIZE_URL.into(),
            graph_url: Self::GRAPH_URL.into(),
        }
    }
}

impl LinkedInConfig {
    pub const AUTHORIZE_URL: &'static str = "https://www.linkedin.com/oauth/v2/authorization";
    pub const TOKEN_URL: &'static str = "https://www.linkedin.com/oauth/v2/accessToken";
    pub const USERINFO_URL: &'static str = "https://api.linkedin.com/v2/userinfo";

    pub fn new(client_id: impl Into<String>, client_secret: impl Into<String>) -> Self {
        LinkedInConfig {
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            authorize_url: Self::AUTHORIZE_URL.into(),
            token_url: Self::TOKEN_URL.into(),
            userinfo_url: Self::USERINFO_URL.into(),
        }
    }
}

impl SocialConfig {
    /// Reads the providers from environment variables (through `var`, so it can be tested):
    ///
    /// - `WAYPOINT_GOOGLE_CLIENT_ID`, `WAYPOINT_GOOGLE_CLIENT_SECRET` (optional)
    /// - `WAYPOINT_FACEBOOK_APP_ID`, `WAYPOINT_FACEBOOK_APP_SECRET`
    /// - `WAYPOINT_LINKEDIN_CLIENT_ID`, `WAYPOINT_LINKEDIN_CLIENT_SECRET`
    ///
    /// A provider is on when its id (and secret, where one is needed) is set. Half a
    /// configuration (an id without its secret, or the reverse) is an error rather than a
    /// silently disabled button.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let pair = |id_name: &str, secret_name: &str| -> Result<Option<(String, String)>, String> {
            match (get(id_name), get(secret_name)) {
                (Some(id), Some(secret)) => Ok(Some((id, secret))),
                (None, None) => Ok(None),
                (Some(_), None) => Err(format!("{secret_name} is needed with {id_name}")),
                (None, Some(_)) => Err(format!("{id_name} is needed with {secret_name}")),
            }
        };
        let google = match (get("WAYPOINT_GOOGLE_CLIENT_ID"), get("WAYPOINT_GOOGLE_CLIENT_SECRET")) {
            (Some(id), secret) => Some(GoogleConfig::new(id, secret)),
            (None, Some(_)) => {
                return Err("WAYPOINT_GOOGLE_CLIENT_ID is needed with WAYPOINT_GOOGLE_CLIENT_SECRET".into())
            }
            (None, None) => None,
        };
        let facebook = pair("WAYPOINT_FACEBOOK_APP_ID", "WAYPOINT_FACEBOOK_APP_SECRET")?
            .map(|(id, secret)| FacebookConfig::new(id, secret));
        let linkedin = pair("WAYPOINT_LINKEDIN_CLIENT_ID", "WAYPOINT_LINKEDIN_CLIENT_SECRET")?
            .map(|(id, secret)| LinkedInConfig::new(id, secret));
        Ok(SocialConfig { google, facebook, linkedin })
    }

    /// The enabled providers' names, for the start-up log.
    pub fn enabled(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.google.is_some() {
            names.push("google");
        }
        if self.facebook.is_some() {
            names.push("facebook");
        }
        if self.linkedin.is_some() {
            names.push("linkedin");
        }
        names
    }
}

// Secrets never reach a log: the Debug forms show ids and URLs only.
impl std::fmt::Debug for SocialConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SocialConfig")
            .field("google", &self.google)
            .field("facebook", &self.facebook)
            .field("linkedin", &self.linkedin)
            .finish()
    }
}

impl std::fmt::Debug for GoogleConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoogleConfig")
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("userinfo_url", &self.userinfo_url)
            .field("tokeninfo_url", &self.tokeninfo_url)
            .finish()
    }
}

impl std::fmt::Debug for FacebookConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FacebookConfig")
            .field("app_id", &self.app_id)
            .field("app_secret", &"<redacted>")
            .field("graph_url", &self.graph_url)
            .finish()
    }
}

impl std::fmt::Debug for LinkedInConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkedInConfig")
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .field("token_url", &self.token_url)
            .field("userinfo_url", &self.userinfo_url)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn from(vars: &[(&str, &str)]) -> Result<SocialConfig, String> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        SocialConfig::from_env(|name| map.get(name).cloned())
    }

    #[test]
    fn nothing_set_means_every_provider_is_off() {
        let config = from(&[]).unwrap();
        assert!(config.enabled().is_empty());
        let blank = from(&[("WAYPOINT_GOOGLE_CLIENT_ID", " ")]).unwrap();
        assert!(blank.google.is_none());
    }

    #[test]
    fn providers_turn_on_with_their_ids_and_secrets() {
        let config = from(&[
            ("WAYPOINT_GOOGLE_CLIENT_ID", "g-id"),
            ("WAYPOINT_FACEBOOK_APP_ID", "fb-id"),
            ("WAYPOINT_FACEBOOK_APP_SECRET", "fb-secret"),
            ("WAYPOINT_LINKEDIN_CLIENT_ID", "li-id"),
            ("WAYPOINT_LINKEDIN_CLIENT_SECRET", "li-secret"),
        ])
        .unwrap();
        assert_eq!(config.enabled(), ["google", "facebook", "linkedin"]);
        let google = config.google.as_ref().unwrap();
        assert_eq!(google.client_id, "g-id");
        assert_eq!(google.tokeninfo_url, GoogleConfig::TOKENINFO_URL);
        assert_eq!(config.facebook.as_ref().unwrap().graph_url, FacebookConfig::GRAPH_URL);
        let shown = format!("{config:?}");
        assert!(!shown.contains("fb-secret") && !shown.contains("li-secret"), "{shown}");
    }

    #[test]
    fn half_a_configuration_is_an_error() {
        let err = from(&[("WAYPOINT_FACEBOOK_APP_ID", "fb-id")]).unwrap_err();
        assert_eq!(err, "WAYPOINT_FACEBOOK_APP_SECRET is needed with WAYPOINT_FACEBOOK_APP_ID");
        assert!(from(&[("WAYPOINT_LINKEDIN_CLIENT_SECRET", "s")]).is_err());
        assert!(from(&[("WAYPOINT_GOOGLE_CLIENT_SECRET", "s")]).is_err());
    }
}
