//! AWS Signature Version 4 for S3 requests (header-based authorization), as described in
//! "Authenticating Requests: Using the Authorization Header" of the S3 API reference.

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The hash S3 expects in `x-amz-content-sha256` for an empty body.
pub const EMPTY_SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

pub struct Credentials<'a> {
    pub access_key: &'a str,
    pub secret_key: &'a str,
    pub region: &'a str,
    pub service: &'a str,
}

/// One request to sign. `headers` are every header to sign (`host`, `x-amz-date` and
/// `x-amz-content-sha256` included), names in any case; `path` is already URI-encoded.
pub struct SignableRequest<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    pub headers: &'a [(&'a str, &'a str)],
    pub payload_sha256: &'a str,
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

fn hmac(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

/// `20130524T000000Z`, the `x-amz-date` format.
pub fn amz_date(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// URI-encodes a path the way SigV4 wants it: every byte except unreserved characters
/// (A-Z a-z 0-9 - _ . ~) and `/` is percent-encoded in upper-case hex.
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~/".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

pub fn canonical_request(request: &SignableRequest<'_>) -> (String, String) {
    let mut headers: Vec<(String, String)> = request
        .headers
        .iter()
        .map(|(name, value)| (name.to_ascii_lowercase(), value.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect();
    headers.sort();
    let signed_headers = headers.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>().join(";");
    let canonical_headers: String = headers.iter().map(|(name, value)| format!("{name}:{value}\n")).collect();
    let canonical = format!(
        "{}\n{}\n{}\n{}\n{}\n{}",
        request.method, request.path, request.query, canonical_headers, signed_headers, request.payload_sha256
    );
    (canonical, signed_headers)
}

/// The `Authorization` header value for `request`, made at `amz_date` (`x-amz-date`).
pub fn authorization(credentials: &Credentials<'_>, request: &SignableRequest<'_>, amz_date: &str) -> String {
    let (canonical, signed_headers) = canonical_request(request);
    let date = &amz_date[..8];
    let scope = format!("{date}/{}/{}/aws4_request", credentials.region, credentials.service);
    let string_to_sign = format!("AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{}", sha256_hex(canonical.as_bytes()));
    let key = signing_key(credentials, date);
    let signature = hex(&hmac(&key, string_to_sign.as_bytes()));
    format!(
        "AWS4-HMAC-SHA256 Credential={}/{scope}, SignedHeaders={signed_headers}, Signature={signature}",
        credentials.access_key
    )
}

fn signing_key(credentials: &Credentials<'_>, date: &str) -> Vec<u8> {
    let k_date = hmac(format!("AWS4{}", credentials.secret_key).as_bytes(), date.as_bytes());
    let k_region = hmac(&k_date, credentials.region.as_bytes());
    let k_service = hmac(&k_region, credentials.service.as_bytes());
    hmac(&k_service, b"aws4_request")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "GET Object" example of the S3 SigV4 documentation (first 10 bytes of
    /// examplebucket/test.txt with the documentation's example keys).
    #[test]
    fn matches_the_published_get_object_example() {
        let credentials = Credentials {
            access_key: "AKIAIOSFODNN7EXAMPLE",
            secret_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            region: "us-east-1",
            service: "s3",
        };
        let request = SignableRequest {
            method: "GET",
            path: "/test.txt",
            query: "",
            headers: &[
                ("Host", "examplebucket.s3.amazonaws.com"),
                ("Range", "bytes=0-9"),
                ("x-amz-content-sha256", EMPTY_SHA256),
                ("x-amz-date", "20130524T000000Z"),
            ],
            payload_sha256: EMPTY_SHA256,
        };
        let (canonical, signed) = canonical_request(&request);
        assert_eq!(signed, "host;range;x-amz-content-sha256;x-amz-date");
        assert_eq!(
            sha256_hex(canonical.as_bytes()),
            "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972"
        );
        assert_eq!(
            authorization(&credentials, &request, "20130524T000000Z"),
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, \
             SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, \
             Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        );
        assert_eq!(sha256_hex(b""), EMPTY_SHA256);
    }

    #[test]
    fn paths_are_percent_encoded_except_slashes() {
        assert_eq!(encode_path("/b/t1/u2/a b$.png"), "/b/t1/u2/a%20b%24.png");
    }
}
