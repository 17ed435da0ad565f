use std::net::SocketAddr;

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{header, request::Parts},
};

use crate::{
    error::ApiError,
    state::{AppState, Kept},
};

/// Who is calling, as far as the network says: the client address (from X-Forwarded-For
/// only when the proxy is trusted) and the site it called, for links in mails.
#[derive(Clone, Debug)]
pub struct Client {
    pub ip: String,
    scheme: String,
    /// host[:port] from the Host header.
    host: String,
}

impl Client {
    /// scheme://host[:port] for links mailed on behalf of `tenant`. The Host header is used
    /// only when it names the tenant's own domain (or a local host in development): a forged
    /// Host must never put a password-reset token into a link to someone else's site.
    pub fn origin_for(&self, tenant: &store::queries::tenants::TenantRecord) -> String {
        link_origin(&self.scheme, &self.host, &tenant.tenant.domain)
    }
}

fn link_origin(scheme: &str, host: &str, tenant_domain: &str) -> String {
    if store::queries::tenants::normalize_host(host) == tenant_domain || is_local_host(host) {
        format!("{scheme}://{host}")
    } else {
        format!("{scheme}://{tenant_domain}")
    }
}

impl<K: Kept> FromRequestParts<AppState<K>> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        let forwarded = state
            .settings
            .trust_proxy
            .then(|| parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()))
            .flatten()
            .and_then(|list| list.split(',').next())
            .map(|ip| ip.trim().to_string())
            .filter(|ip| !ip.is_empty() && ip.len() <= 64);
        let ip = forwarded
            .or_else(|| parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip().to_string()))
            .unwrap_or_else(|| "unknown".into());

        let host = parts
            .headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| h.len() <= 255 && h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)))
            .unwrap_or("localhost")
            .to_ascii_lowercase();
        let scheme = match &state.settings.public_scheme {
            Some(scheme) => scheme.clone(),
            None if is_local_host(&host) => "http".into(),
            None => "https".into(),
        };
        Ok(Client { ip, scheme, host })
    }
}

fn is_local_host(host: &str) -> bool {
    let name =
        host.rsplit_once(':').filter(|(h, _)| !h.ends_with(']') || host.starts_with('[')).map_or(host, |(h, _)| h);
    name == "localhost" || name.ends_with(".localhost") || name.starts_with("127.") || name == "[::1]"
}

#[cfg(test)]
mod tests {
    use super::{is_local_host, link_origin};

    #[test]
    fn mailed_links_use_the_tenants_domain_unless_the_host_is_its_own() {
        assert_eq!(link_origin("https", "acme.example", "acme.example"), "https://acme.example");
        assert_eq!(link_origin("https", "evil.example", "acme.example"), "https://acme.example");
        assert_eq!(link_origin("http", "localhost:8080", "acme.example"), "http://localhost:8080");
    }

    #[test]
    fn local_hosts() {
        for host in ["localhost", "localhost:8080", "star.localhost:8080", "127.0.0.1:18080", "[::1]:80"] {
            assert!(is_local_host(host), "{host}");
        }
        for host in ["waypoint.app", "example.org:443", "localhost.evil.com"] {
            assert!(!is_local_host(host), "{host}");
        }
    }
}
