//! Signed access tokens (JWT, HS256).

use std::time::Duration;

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

pub const ACCESS: &str = "access";

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub exp: u64,
    pub iat: u64,
    /// Token type; only "access" tokens authenticate requests.
    pub typ: String,
    /// The sign-in (refresh-token family) the token was issued for: a socket opened with it
    /// is closed when that sign-in is revoked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
}

/// What a valid access token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessGrant {
    pub user_id: i64,
    /// Unix seconds.
    pub expires_at: u64,
    pub session: Option<String>,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    access_ttl: Duration,
}

impl TokenKeys {
    pub fn new(secret: &[u8], access_ttl: Duration) -> Self {
        TokenKeys { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), access_ttl }
    }

    pub fn issue_access(&self, user_id: i64) -> anyhow::Result<String> {
        self.issue(user_id, None)
    }

    /// An access token of the sign-in `family` (its refresh-token family id).
    pub fn issue_access_in(&self, user_id: i64, family: &str) -> anyhow::Result<String> {
        self.issue(user_id, Some(family.to_string()))
    }

    fn issue(&self, user_id: i64, sid: Option<String>) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp() as u64;
        let claims = Claims {
            sub: user_id.to_string(),
            iat: now,
            exp: now + self.access_ttl.as_secs(),
            typ: ACCESS.into(),
            sid,
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The user id of a valid, unexpired access token.
    pub fn verify_access(&self, token: &str) -> Option<i64> {
        self.verify_grant(token).map(|grant| grant.user_id)
    }

    /// What a valid, unexpired access token grants: the user, until when, in which sign-in
    /// (a socket opened with it is closed when it expires or the sign-in is revoked).
    pub fn verify_grant(&self, token: &str) -> Option<AccessGrant> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        let data = decode::<Claims>(token, &self.decoding, &validation).ok()?;
        if data.claims.typ != ACCESS {
            return None;
        }
        Some(AccessGrant {
            user_id: data.claims.sub.parse().ok()?,
            expires_at: data.claims.exp,
            session: data.claims.sid,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_tamper() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let token = keys.issue_access(42).unwrap();
        assert_eq!(keys.verify_access(&token), Some(42));
        let other = TokenKeys::new(b"another-secret-another-secret-xx", Duration::from_secs(60));
        assert_eq!(other.verify_access(&token), None);
        assert_eq!(keys.verify_access("not.a.token"), None);
        let in_session = keys.issue_access_in(42, "fam").unwrap();
        let grant = keys.verify_grant(&in_session).unwrap();
        assert_eq!((grant.user_id, grant.session.as_deref()), (42, Some("fam")));
        assert!(grant.expires_at > chrono::Utc::now().timestamp() as u64);
    }

    #[test]
    fn expired_tokens_fail() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(0));
        let now = chrono::Utc::now().timestamp() as u64;
        let claims = Claims { sub: "1".into(), iat: now - 100, exp: now - 60, typ: ACCESS.into(), sid: None };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap();
        assert_eq!(keys.verify_access(&token), None);
    }
}
