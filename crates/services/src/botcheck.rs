//! Third-party bot-checks (reCAPTCHA, Turnstile): both answer a "siteverify" POST with
//! `{"success": bool}`. The built-in proof of work needs no call and lives with the API.

use std::time::Duration;

use serde::Deserialize;

pub const RECAPTCHA_VERIFY_URL: &str = "https://www.google.com/recaptcha/api/siteverify";
pub const TURNSTILE_VERIFY_URL: &str = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

#[derive(Deserialize)]
struct SiteVerifyAnswer {
    success: bool,
}

/// Asks the provider whether `token` is a solved challenge. Any failure to ask counts as
/// "not solved", so an outage never lets bots through.
pub async fn site_verify(url: &str, secret: &str, token: &str, remote_ip: Option<&str>) -> bool {
    let client = match reqwest::Client::builder().timeout(Duration::from_secs(10)).build() {
        Ok(client) => client,
        Err(_) => return false,
    };
    let mut form = vec![("secret", secret), ("response", token)];
    if let Some(ip) = remote_ip {
        form.push(("remoteip", ip));
    }
    match client.post(url).form(&form).send().await {
        Ok(response) => response.json::<SiteVerifyAnswer>().await.map(|a| a.success).unwrap_or(false),
        Err(err) => {
            tracing::warn!(error = %err.without_url(), "bot-check provider unreachable");
            false
        }
    }
}
