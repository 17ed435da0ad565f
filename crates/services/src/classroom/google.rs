//! Google's Classroom REST API: `courses/{id}/students`, `/teachers` and
//! `/courseWorkMaterials`, page by page (`nextPageToken`), with an access token obtained
//! from the administrator's refresh token (`oauth2.googleapis.com/token`). Every base URL
//! is configurable, so tests point the client at a local fake server.
//!
//! Access tokens are kept in memory until shortly before they expire (a cache only: any
//! instance gets its own from the refresh token); an answer 401 gets one fresh token and
//! one retry. Tokens and codes never reach a log.

use std::{
    collections::HashMap,
    sync::{Mutex, OnceLock},
    time::{Duration, Instant},
};

use async_trait::async_trait;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{Access, ClassroomError, ClassroomProvider, Material, Role, RosterMember, MAX_MATERIALS, MAX_MEMBERS};

/// Time allowed for every call to Google.
const TIMEOUT: Duration = Duration::from_secs(15);
/// Largest answer read.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;
/// Items asked per page (Google's largest page).
const PAGE_SIZE: &str = "100";
/// Pages read at most per list (bounds a runaway `nextPageToken`).
const MAX_PAGES: usize = 50;

#[derive(Clone)]
pub struct GoogleClassroomConfig {
    pub client_id: String,
    pub client_secret: String,
    /// Where the administrator gives consent.
    pub authorize_url: String,
    /// Where codes and refresh tokens are exchanged for tokens.
    pub token_url: String,
    /// The Classroom API root, version included.
    pub api_url: String,
}

impl GoogleClassroomConfig {
    pub const AUTHORIZE_URL: &'static str = "https://accounts.google.com/o/oauth2/v2/auth";
    pub const TOKEN_URL: &'static str = "https://oauth2.googleapis.com/token";
    pub const API_URL: &'static str = "https://classroom.googleapis.com/v1";
    /// Read-only: courses, rosters with e-mail addresses, course materials.
    pub const SCOPES: [&'static str; 4] = [
        "https://www.googleapis.com/auth/classroom.courses.readonly",
        "https://www.googleapis.com/auth/classroom.rosters.readonly",
        "https://www.googleapis.com/auth/classroom.profile.emails",
        "https://www.googleapis.com/auth/classroom.courseworkmaterials.readonly",
    ];

    pub fn new(client_id: impl Into<String>, client_secret: impl Into<String>) -> Self {
        GoogleClassroomConfig {
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            authorize_url: Self::AUTHORIZE_URL.into(),
            token_url: Self::TOKEN_URL.into(),
            api_url: Self::API_URL.into(),
        }
    }

    /// Google Classroom is on when the Google client id and secret (the ones of Google
    /// sign-in) are both set; `WAYPOINT_GOOGLE_CLASSROOM_API_URL` and
    /// `WAYPOINT_GOOGLE_TOKEN_URL` point it elsewhere (a proxy, a test server).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let (Some(id), Some(secret)) = (get("WAYPOINT_GOOGLE_CLIENT_ID"), get("WAYPOINT_GOOGLE_CLIENT_SECRET")) else {
            return Ok(None);
        };
        let mut config = GoogleClassroomConfig::new(id, secret);
        for (name, slot) in [
            ("WAYPOINT_GOOGLE_CLASSROOM_API_URL", &mut config.api_url),
            ("WAYPOINT_GOOGLE_TOKEN_URL", &mut config.token_url),
        ] {
            if let Some(url) = get(name) {
                if !(url.starts_with("https://") || url.starts_with("http://")) {
                    return Err(format!("{name} must be an http(s) URL"));
                }
                *slot = url.trim_end_matches('/').to_string();
            }
        }
        Ok(Some(config))
    }
}

impl std::fmt::Debug for GoogleClassroomConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoogleClassroomConfig")
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .field("token_url", &self.token_url)
            .field("api_url", &self.api_url)
            .finish()
    }
}

pub struct GoogleClassroom {
    config: GoogleClassroomConfig,
    /// sha256(refresh token) → (access token, usable until).
    tokens: Mutex<HashMap<[u8; 32], (String, Instant)>>,
}

struct Answer {
    status: u16,
    body: Value,
}

fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("Waypoint")
            .build()
            .unwrap_or_default()
    })
}

async fn send(request: reqwest::RequestBuilder) -> Result<Answer, ClassroomError> {
    let unavailable = |what: &str, err: reqwest::Error| {
        // without_url: a query string could carry a page token.
        tracing::warn!(error = %err.without_url(), "google classroom {what}");
        ClassroomError::Unavailable(format!("google classroom {what}"))
    };
    let mut response = request.send().await.map_err(|e| unavailable("unreachable", e))?;
    let status = response.status().as_u16();
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| unavailable("answer unreadable", e))? {
        if bytes.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(ClassroomError::Unavailable("google classroom answer too large".into()));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Answer { status, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) })
}

/// Google's own error text (`error.message` or `error_description`), short and plain.
fn google_message(body: &Value) -> String {
    [body.pointer("/error/message"), body.get("error_description"), body.get("error")]
        .into_iter()
        .flatten()
        .find_map(Value::as_str)
        .map(|m| m.chars().take(200).collect())
        .unwrap_or_else(|| "no reason given".into())
}

fn text(value: &Value, pointer: &str) -> Option<String> {
    value.pointer(pointer).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

fn member_of(value: &Value) -> Option<RosterMember> {
    Some(RosterMember {
        id: text(value, "/userId")?,
        email: text(value, "/profile/emailAddress").map(|e| e.to_lowercase()),
        full_name: text(value, "/profile/name/fullName").unwrap_or_default(),
    })
}

fn material_of(value: &Value) -> Option<Material> {
    if text(value, "/state").is_some_and(|s| s != "PUBLISHED") {
        return None;
    }
    let attached = value.get("materials").and_then(Value::as_array).into_iter().flatten().find_map(|m| {
        text(m, "/link/url")
            .or_else(|| text(m, "/driveFile/driveFile/alternateLink"))
            .or_else(|| text(m, "/youtubeVideo/alternateLink"))
            .or_else(|| text(m, "/form/formUrl"))
    });
    Some(Material {
        id: text(value, "/id")?,
        title: text(value, "/title").unwrap_or_else(|| "Untitled material".into()),
        description: text(value, "/description").unwrap_or_default(),
        url: attached.or_else(|| text(value, "/alternateLink")),
    })
}

impl GoogleClassroom {
    pub fn new(config: GoogleClassroomConfig) -> Self {
        GoogleClassroom { config, tokens: Mutex::default() }
    }

    /// An access token for the refresh token: the kept one, unless `fresh` or expired.
    async fn access_token(&self, refresh_token: &str, fresh: bool) -> Result<String, ClassroomError> {
        let key: [u8; 32] = Sha256::digest(refresh_token.as_bytes()).into();
        if !fresh {
            if let Some((token, until)) = self.tokens.lock().expect("token cache").get(&key) {
                if *until > Instant::now() {
                    return Ok(token.clone());
                }
            }
        }
        let form = [
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", self.config.client_secret.as_str()),
            ("refresh_token", refresh_token),
            ("grant_type", "refresh_token"),
        ];
        let answer = send(client().post(&self.config.token_url).form(&form)).await?;
        match answer.status {
            200..=299 => {}
            // invalid_grant: revoked, expired, or the client changed.
            400 | 401 => {
                tracing::info!(reason = %google_message(&answer.body), "google classroom consent refused");
                return Err(ClassroomError::ConsentNeeded);
            }
            status => return Err(ClassroomError::Unavailable(format!("google token endpoint answered {status}"))),
        }
        let token = text(&answer.body, "/access_token")
            .ok_or_else(|| ClassroomError::Unavailable("google gave no access token".into()))?;
        let lifetime = answer.body.get("expires_in").and_then(Value::as_u64).unwrap_or(3600);
        let until = Instant::now() + Duration::from_secs(lifetime.saturating_sub(60));
        let mut kept = self.tokens.lock().expect("token cache");
        if kept.len() > 10_000 {
            kept.clear();
        }
        kept.insert(key, (token.clone(), until));
        Ok(token)
    }

    /// Every item of `list_key` of `courses/{course_id}/{resource}`, page by page.
    async fn list(
        &self,
        access: &Access,
        course_id: &str,
        resource: &str,
        list_key: &str,
        max: usize,
    ) -> Result<Vec<Value>, ClassroomError> {
        let refresh_token = access.refresh_token.as_deref().ok_or(ClassroomError::ConsentNeeded)?;
        let mut token = self.access_token(refresh_token, false).await?;
        let mut retried = false;
        let mut page_token: Option<String> = None;
        let mut items = Vec::new();
        let mut pages = 0;
        while pages < MAX_PAGES {
            let mut url = reqwest::Url::parse(&self.config.api_url)
                .map_err(|_| ClassroomError::Unavailable("the classroom API URL is invalid".into()))?;
            url.path_segments_mut()
                .map_err(|_| ClassroomError::Unavailable("the classroom API URL is invalid".into()))?
                .pop_if_empty()
                .extend(["courses", course_id, resource]);
            url.query_pairs_mut().append_pair("pageSize", PAGE_SIZE);
            if let Some(page) = &page_token {
                url.query_pairs_mut().append_pair("pageToken", page);
            }
            let answer = send(client().get(url).bearer_auth(&token)).await?;
            match answer.status {
                200..=299 => {}
                401 if !retried => {
                    retried = true;
                    token = self.access_token(refresh_token, true).await?;
                    continue;
                }
                401 => return Err(ClassroomError::ConsentNeeded),
                400 | 403 | 404 => return Err(ClassroomError::Refused(google_message(&answer.body))),
                status => return Err(ClassroomError::Unavailable(format!("google classroom answered {status}"))),
            }
            pages += 1;
            if let Some(list) = answer.body.get(list_key).and_then(Value::as_array) {
                items.extend(list.iter().cloned());
            }
            if items.len() >= max {
                items.truncate(max);
                break;
            }
            page_token = text(&answer.body, "/nextPageToken");
            if page_token.is_none() {
                break;
            }
        }
        Ok(items)
    }
}

#[async_trait]
impl ClassroomProvider for GoogleClassroom {
    fn name(&self) -> &'static str {
        "google"
    }

    fn needs_consent(&self) -> bool {
        true
    }

    fn consent_url(&self, state: &str, redirect_uri: &str) -> Option<String> {
        let mut url = reqwest::Url::parse(&self.config.authorize_url).ok()?;
        url.query_pairs_mut()
            .append_pair("client_id", &self.config.client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("scope", &GoogleClassroomConfig::SCOPES.join(" "))
            .append_pair("access_type", "offline")
            .append_pair("prompt", "consent")
            .append_pair("include_granted_scopes", "true")
            .append_pair("state", state);
        Some(url.into())
    }

    async fn exchange_code(&self, code: &str, redirect_uri: &str) -> Result<String, ClassroomError> {
        let form = [
            ("code", code),
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", self.config.client_secret.as_str()),
            ("redirect_uri", redirect_uri),
            ("grant_type", "authorization_code"),
        ];
        let answer = send(client().post(&self.config.token_url).form(&form)).await?;
        match answer.status {
            200..=299 => text(&answer.body, "/refresh_token")
                .ok_or_else(|| ClassroomError::Refused("Google gave no refresh token".into())),
            400 | 401 => Err(ClassroomError::Refused(google_message(&answer.body))),
            status => Err(ClassroomError::Unavailable(format!("google token endpoint answered {status}"))),
        }
    }

    async fn list_members(
        &self,
        access: &Access,
        course_id: &str,
        role: Role,
    ) -> Result<Vec<RosterMember>, ClassroomError> {
        let (resource, key) = match role {
            Role::Student => ("students", "students"),
            Role::Teacher => ("teachers", "teachers"),
        };
        let items = self.list(access, course_id, resource, key, MAX_MEMBERS).await?;
        Ok(items.iter().filter_map(member_of).collect())
    }

    async fn list_materials(&self, access: &Access, course_id: &str) -> Result<Vec<Material>, ClassroomError> {
        let items = self.list(access, course_id, "courseWorkMaterials", "courseWorkMaterial", MAX_MATERIALS).await?;
        Ok(items.iter().filter_map(material_of).collect())
    }
}
