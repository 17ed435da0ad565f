//! The `Stripe-Signature` check of webhooks: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where
//! each `v1` is an HMAC-SHA256 of `"{t}.{body}"` keyed with the endpoint's signing secret.
//! Several `v1` values are sent while a secret is being rolled: one match is enough. The
//! comparison is constant-time (`hmac`'s `verify_slice`), and a timestamp more than five
//! minutes away from now is refused, so a captured request cannot be replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How far the signed timestamp may be from now (Stripe's libraries use five minutes).
pub const TOLERANCE_SECONDS: i64 = 300;

pub const MSG_MISSING: &str = "The Stripe-Signature header is missing.";
pub const MSG_MALFORMED: &str = "The Stripe-Signature header is malformed.";
pub const MSG_TOO_OLD: &str = "The webhook timestamp is outside the 5-minute tolerance.";
pub const MSG_MISMATCH: &str = "The webhook signature does not match.";

/// Why a webhook's signature was refused; the message is answered to the caller (400).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("{}", MSG_MISSING)]
    Missing,
    #[error("{}", MSG_MALFORMED)]
    Malformed,
    #[error("{}", MSG_TOO_OLD)]
    OutsideTolerance,
    #[error("{}", MSG_MISMATCH)]
    Mismatch,
}

fn mac(secret: &str, timestamp: i64, body: &[u8]) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// Checks a webhook's `Stripe-Signature` header against its raw body, at `now` (Unix seconds).
pub fn verify(header: Option<&str>, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let header = header.map(str::trim).filter(|h| !h.is_empty()).ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        let Some((key, value)) = part.trim().split_once('=') else {
            return Err(SignatureError::Malformed);
        };
        match key {
            "t" if timestamp.is_none() => {
                timestamp = Some(value.parse::<i64>().map_err(|_| SignatureError::Malformed)?);
            }
            "t" => return Err(SignatureError::Malformed),
            // A value that is not hex cannot match; other schemes (v0) are ignored, as Stripe says.
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(SignatureError::OutsideTolerance);
    }
    let expected = mac(secret, timestamp, body);
    if signatures.iter().any(|signature| expected.clone().verify_slice(signature).is_ok()) {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// The header Stripe would send for `body` signed at `timestamp` (tests and tools).
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", hex::encode(mac(secret, timestamp, body).finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"customer.subscription.updated"}"#;
    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_signature_of_the_body_within_the_tolerance_passes() {
        let header = sign(SECRET, NOW - 10, BODY);
        assert_eq!(verify(Some(&header), BODY, SECRET, NOW), Ok(()));
        // Clock skew either way within five minutes is fine.
        assert_eq!(verify(Some(&sign(SECRET, NOW + 299, BODY)), BODY, SECRET, NOW), Ok(()));
        assert_eq!(verify(Some(&sign(SECRET, NOW - 300, BODY)), BODY, SECRET, NOW), Ok(()));
    }

    #[test]
    fn one_matching_v1_among_several_is_enough() {
        let good = sign(SECRET, NOW, BODY);
        let good_v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t={NOW},v1={},v0=abc,v1={good_v1}", "00".repeat(32));
        assert_eq!(verify(Some(&header), BODY, SECRET, NOW), Ok(()));
        let header = format!("t={NOW}, v1=zz-not-hex, v1={good_v1}");
        assert_eq!(verify(Some(&header), BODY, SECRET, NOW), Ok(()));
    }

    #[test]
    fn another_secret_or_another_body_does_not_match() {
        let header = sign("whsec_other", NOW, BODY);
        assert_eq!(verify(Some(&header), BODY, SECRET, NOW), Err(SignatureError::Mismatch));
        let header = sign(SECRET, NOW, BODY);
        assert_eq!(verify(Some(&header), b"{\"id\":\"evt_2\"}", SECRET, NOW), Err(SignatureError::Mismatch));
        // The timestamp is signed too: the same v1 with another t fails.
        let forged = header.replace(&format!("t={NOW}"), &format!("t={}", NOW + 1));
        assert_eq!(verify(Some(&forged), BODY, SECRET, NOW), Err(SignatureError::Mismatch));
    }

    #[test]
    fn timestamps_older_or_newer_than_five_minutes_are_refused() {
        let old = sign(SECRET, NOW - 301, BODY);
        assert_eq!(verify(Some(&old), BODY, SECRET, NOW), Err(SignatureError::OutsideTolerance));
        let future = sign(SECRET, NOW + 301, BODY);
        assert_eq!(verify(Some(&future), BODY, SECRET, NOW), Err(SignatureError::OutsideTolerance));
    }

    #[test]
    fn missing_and_malformed_headers_are_refused() {
        assert_eq!(verify(None, BODY, SECRET, NOW), Err(SignatureError::Missing));
        assert_eq!(verify(Some("  "), BODY, SECRET, NOW), Err(SignatureError::Missing));
        let cases = [
            "v1=abcd".to_string(),
            "t=abc,v1=abcd".to_string(),
            format!("t={NOW}"),
            format!("t={NOW},v1=zz"),
            "garbage".to_string(),
            format!("t={NOW},t={NOW},v1=00"),
        ];
        for header in &cases {
            assert_eq!(verify(Some(header), BODY, SECRET, NOW), Err(SignatureError::Malformed), "{header}");
        }
    }
}
