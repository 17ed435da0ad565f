//! Fetching pages for link previews, safely: only public addresses (every address the
//! name resolves to is checked, and the connection is pinned to those addresses, so a
//! second lookup cannot swap in a private one), redirects followed by hand (each hop
//! checked again, at most 3), a timeout, and a cap on the bytes read. Behind a trait so
//! tests use a local fake.

use std::{net::SocketAddr, time::Duration};

pub use async_trait::async_trait;
use domain::content::link_preview::{is_public, parse_url};
pub use reqwest::Url;

/// What a fetch gives back: the page's final URL and its HTML (cut at the size cap).
#[derive(Debug, Clone)]
pub struct FetchedPage {
    pub url: Url,
    pub html: String,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FetchError {
    /// The address is not on the public internet (or not an http(s) URL on a default port).
    #[error("refused")]
    Refused,
    /// The page could not be read (down, too slow, not HTML, an error status).
    #[error("unavailable")]
    Unavailable,
}

#[async_trait]
pub trait PageFetcher: Send + Sync {
    async fn fetch(&self, url: &Url) -> Result<FetchedPage, FetchError>;
}

/// The addresses of a URL's host, all public, or `Refused`.
pub async fn public_addresses(url: &Url) -> Result<Vec<SocketAddr>, FetchError> {
    let host = url.host_str().ok_or(FetchError::Refused)?;
    let port = url.port_or_known_default().ok_or(FetchError::Refused)?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let addresses: Vec<SocketAddr> = match host.parse::<std::net::IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host, port)).await.map_err(|_| FetchError::Unavailable)?.collect(),
    };
    if addresses.is_empty() {
        return Err(FetchError::Unavailable);
    }
    if addresses.iter().any(|a| !is_public(a.ip())) {
        return Err(FetchError::Refused);
    }
    Ok(addresses)
}

/// The real fetcher (reqwest with rustls).
pub struct HttpPageFetcher {
    pub timeout: Duration,
    pub max_bytes: usize,
}

impl Default for HttpPageFetcher {
    fn default() -> Self {
        HttpPageFetcher { timeout: Duration::from_secs(5), max_bytes: 512 * 1024 }
    }
}

const MAX_REDIRECTS: usize = 3;

#[async_trait]
impl PageFetcher for HttpPageFetcher {
    async fn fetch(&self, url: &Url) -> Result<FetchedPage, FetchError> {
        let mut url = url.clone();
        for _ in 0..=MAX_REDIRECTS {
            let addresses = public_addresses(&url).await?;
            let host = url.host_str().ok_or(FetchError::Refused)?.to_string();
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(self.timeout)
                .connect_timeout(self.timeout)
                .resolve_to_addrs(&host, &addresses)
                .user_agent("WaypointLinkPreview/1.0")
                .build()
                .map_err(|_| FetchError::Unavailable)?;
            let mut response = client
                .get(url.clone())
                .header(reqwest::header::ACCEPT, "text/html,application/xhtml+xml")
                .send()
                .await
                .map_err(|_| FetchError::Unavailable)?;
            if response.status().is_redirection() {
                let location = response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .ok_or(FetchError::Unavailable)?;
                let next = url.join(location).map_err(|_| FetchError::Unavailable)?;
                url = parse_url(next.as_str()).map_err(|_| FetchError::Refused)?;
                continue;
            }
            if !response.status().is_success() {
                return Err(FetchError::Unavailable);
            }
            let is_html = response
                .headers()
                .get(reqwest::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_none_or(|v| v.contains("html"));
            if !is_html {
                return Err(FetchError::Unavailable);
            }
            let mut body: Vec<u8> = Vec::new();
            let read = async {
                while let Some(chunk) = response.chunk().await.map_err(|_| FetchError::Unavailable)? {
                    let room = self.max_bytes.saturating_sub(body.len());
                    body.extend_from_slice(&chunk[..chunk.len().min(room)]);
                    if body.len() >= self.max_bytes {
                        break;
                    }
                }
                Ok::<(), FetchError>(())
            };
            tokio::time::timeout(self.timeout, read).await.map_err(|_| FetchError::Unavailable)??;
            return Ok(FetchedPage { url, html: String::from_utf8_lossy(&body).into_owned() });
        }
        Err(FetchError::Unavailable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn private_addresses_are_refused_before_any_connection() {
        for raw in [
            "http://127.0.0.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "http://10.0.0.1/",
            "http://localhost/",
        ] {
            let url = Url::parse(raw).unwrap();
            assert_eq!(public_addresses(&url).await.unwrap_err(), FetchError::Refused, "{raw}");
            let fetched = HttpPageFetcher::default().fetch(&url).await;
            assert_eq!(fetched.unwrap_err(), FetchError::Refused, "{raw}");
        }
    }

    #[tokio::test]
    async fn a_redirect_to_a_private_address_is_not_followed() {
        // A local server stands for a public one that redirects to the metadata address;
        // the check of the first hop is skipped by calling the hop logic on the redirect.
        let next = Url::parse("http://example.org/a").unwrap().join("http://169.254.169.254/").unwrap();
        assert_eq!(public_addresses(&next).await.unwrap_err(), FetchError::Refused);
    }
}
