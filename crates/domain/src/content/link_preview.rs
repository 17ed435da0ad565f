//! Link previews of posts (spec 001 §2 "link previews for YouTube, Spotify and other
//! URLs"): which URLs may be fetched, what kind of link it is, and what a page's `og:`
//! tags say. The fetching itself is in `services::link_preview`.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use std::cell::{Cell, RefCell};

use html5ever::{
    tendril::StrTendril,
    tokenizer::{states::RawKind, BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts},
};
use serde::Serialize;
use url::Url;

/// The description is cut at 100 characters (spec 001 §9).
pub const DESCRIPTION_CHARS: usize = 100;
pub const MAX_URL_CHARS: usize = 2000;
pub const MSG_BAD_URL: &str = "Enter a valid http or https URL.";
pub const MSG_REFUSED: &str = "This address cannot be previewed.";
pub const MSG_UNAVAILABLE: &str = "The page could not be previewed.";

/// What a preview shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Preview {
    pub url: String,
    /// youtube, spotify or link.
    pub kind: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub image: Option<String>,
    pub site_name: Option<String>,
    /// The player to embed (YouTube and Spotify).
    pub embed_url: Option<String>,
}

/// A URL that may be fetched: http or https, on the default ports, with a host, no user
/// info, at most 2000 characters. The address check comes after DNS resolution
/// ([`is_public`]).
pub fn parse_url(raw: &str) -> Result<Url, &'static str> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().count() > MAX_URL_CHARS {
        return Err(MSG_BAD_URL);
    }
    let url = Url::parse(raw).map_err(|_| MSG_BAD_URL)?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(MSG_BAD_URL);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(MSG_REFUSED);
    }
    if url.port().is_some_and(|p| p != 80 && p != 443) {
        return Err(MSG_REFUSED);
    }
    Ok(url)
}

/// Whether an address is on the public internet: not loopback, private, link-local (the
/// cloud metadata address 169.254.169.254), unique-local, shared, documentation,
/// multicast, broadcast or unspecified; IPv4-mapped IPv6 addresses are judged as IPv4.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_unspecified()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || first == 0x2001 && ip.segments()[1] == 0x0db8
        || first == 0x0064 && ip.segments()[1] == 0xff9b
        || first == 0)
}

/// The kind of link and, for YouTube and Spotify, the player URL.
pub fn classify(url: &Url) -> (&'static str, Option<String>) {
    let host = url.host_str().unwrap_or_default().trim_start_matches("www.").trim_start_matches("m.");
    match host {
        "youtube.com" | "youtu.be" | "music.youtube.com" => {
            let id = if host == "youtu.be" {
                url.path_segments().and_then(|mut s| s.next()).map(str::to_string)
            } else if url.path().starts_with("/shorts/") || url.path().starts_with("/embed/") {
                url.path_segments().and_then(|mut s| s.nth(1)).map(str::to_string)
            } else {
                url.query_pairs().find(|(k, _)| k == "v").map(|(_, v)| v.into_owned())
            };
            let id =
                id.filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            ("youtube", id.map(|id| format!("https://www.youtube.com/embed/{id}")))
        }
        "open.spotify.com" => {
            let mut segments: Vec<&str> = url.path_segments().map(|s| s.collect()).unwrap_or_default();
            if segments.first().is_some_and(|s| s.starts_with("intl-")) {
                segments.remove(0);
            }
            let embed = match segments.as_slice() {
                [kind, id, ..]
                    if ["track", "album", "playlist", "episode", "show", "artist"].contains(kind)
                        && id.chars().all(|c| c.is_ascii_alphanumeric()) =>
                {
                    Some(format!("https://open.spotify.com/embed/{kind}/{id}"))
                }
                _ => None,
            };
            ("spotify", embed)
        }
        _ => ("link", None),
    }
}

fn cut(text: &str, chars: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= chars {
        text
    } else {
        let mut out: String = text.chars().take(chars).collect();
        out.push('…');
        out
    }
}

/// Collects `<meta>` tags and the `<title>` text of a page's head from html5ever's
/// tokenizer (the browsers' tokenizing rules; no tree is needed for the head's tags).
#[derive(Default)]
struct HeadTags {
    metas: RefCell<Vec<(String, String)>>,
    title: RefCell<Option<String>>,
    in_title: Cell<bool>,
    in_body: Cell<bool>,
}

impl TokenSink for HeadTags {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if self.in_body.get() {
            return TokenSinkResult::Continue;
        }
        match token {
            Token::TagToken(tag) => {
                let name: &str = &tag.name;
                match (tag.kind, name) {
                    (TagKind::StartTag, "meta") => {
                        let get =
                            |key: &str| tag.attrs.iter().find(|a| &*a.name.local == key).map(|a| a.value.to_string());
                        if let (Some(key), Some(content)) = (get("property").or_else(|| get("name")), get("content")) {
                            self.metas.borrow_mut().push((key.to_ascii_lowercase(), content));
                        }
                    }
                    (TagKind::StartTag, "title") => {
                        self.in_title.set(true);
                        return TokenSinkResult::RawData(RawKind::Rcdata);
                    }
                    (TagKind::EndTag, "title") => self.in_title.set(false),
                    (TagKind::StartTag, "script" | "style") => {
                        return TokenSinkResult::RawData(RawKind::Rawtext);
                    }
                    (TagKind::StartTag, "body") => self.in_body.set(true),
                    _ => {}
                }
            }
            Token::CharacterTokens(text) if self.in_title.get() => {
                let mut title = self.title.borrow_mut();
                title.get_or_insert_with(String::new).push_str(&text);
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// Reads a page's `og:`, `twitter:` and `description` meta tags and its `<title>` with
/// html5ever's tokenizer. Relative image URLs are resolved against `base`; only http(s)
/// images are kept.
pub fn parse_page(base: &Url, html: &str) -> Preview {
    let tokenizer = Tokenizer::new(HeadTags::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let sink = &tokenizer.sink;
    let found = sink.metas.borrow().clone();
    let title = sink.title.borrow().clone();
    let first = |keys: &[&str]| {
        keys.iter().find_map(|k| found.iter().find(|(key, v)| key == k && !v.trim().is_empty()).map(|(_, v)| v.clone()))
    };
    let image = first(&["og:image", "og:image:url", "twitter:image"])
        .and_then(|raw| base.join(raw.trim()).ok())
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .map(|u| u.to_string());
    let (kind, embed_url) = classify(base);
    Preview {
        url: base.to_string(),
        kind: kind.into(),
        title: first(&["og:title", "twitter:title"]).or(title).map(|t| cut(&t, 300)).filter(|t| !t.is_empty()),
        description: first(&["og:description", "twitter:description", "description"])
            .map(|d| cut(&d, DESCRIPTION_CHARS)),
        image,
        site_name: first(&["og:site_name"]).map(|s| cut(&s, 100)),
        embed_url,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_web_addresses() {
        for bad in [
            "127.0.0.1",
            "10.1.2.3",
            "169.254.169.254",
            "192.168.0.1",
            "172.16.5.4",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(!is_public(bad.parse().unwrap()), "{bad}");
        }
        for good in ["93.184.215.14", "2606:4700::1111", "8.8.8.8"] {
            assert!(is_public(good.parse().unwrap()), "{good}");
        }
    }

    #[test]
    fn urls_to_fetch() {
        assert!(parse_url("https://example.org/a").is_ok());
        assert_eq!(parse_url("ftp://example.org").unwrap_err(), MSG_BAD_URL);
        assert_eq!(parse_url("javascript:alert(1)").unwrap_err(), MSG_BAD_URL);
        assert_eq!(parse_url("http://user:pw@example.org/").unwrap_err(), MSG_REFUSED);
        assert_eq!(parse_url("http://example.org:6379/").unwrap_err(), MSG_REFUSED);
    }

    #[test]
    fn youtube_and_spotify_are_embedded() {
        let (kind, embed) = classify(&Url::parse("https://www.youtube.com/watch?v=dQw4w9WgXcQ").unwrap());
        assert_eq!((kind, embed.as_deref()), ("youtube", Some("https://www.youtube.com/embed/dQw4w9WgXcQ")));
        let (kind, embed) = classify(&Url::parse("https://youtu.be/dQw4w9WgXcQ").unwrap());
        assert_eq!((kind, embed.as_deref()), ("youtube", Some("https://www.youtube.com/embed/dQw4w9WgXcQ")));
        let (kind, embed) = classify(&Url::parse("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC").unwrap());
        assert_eq!(
            (kind, embed.as_deref()),
            ("spotify", Some("https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC"))
        );
        assert_eq!(classify(&Url::parse("https://example.org/").unwrap()).0, "link");
    }

    #[test]
    fn og_tags_are_read() {
        let html = r#"<html><head><title>Fallback</title>
            <meta property="og:title" content="The title">
            <meta property="og:image" content="/img.png">
            <meta name="description" content="A description that is long enough to be cut because it goes on and on and on past the limit of one hundred characters">
            </head><body><meta property="og:title" content="ignored"></body></html>"#;
        let preview = parse_page(&Url::parse("https://example.org/page").unwrap(), html);
        assert_eq!(preview.title.as_deref(), Some("The title"));
        assert_eq!(preview.image.as_deref(), Some("https://example.org/img.png"));
        assert_eq!(preview.description.unwrap().chars().count(), 101);
        let bare = parse_page(&Url::parse("https://example.org/").unwrap(), "<title> Just  a title </title>");
        assert_eq!(bare.title.as_deref(), Some("Just a title"));
    }
}
