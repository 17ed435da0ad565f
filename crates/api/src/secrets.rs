//! Random tokens and one-way hashes of what is stored.

use sha2::{Digest, Sha256};

/// 32 random bytes as 64 hex characters.
pub fn random_token() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

pub fn sha256_hex(input: &[u8]) -> String {
    hex(&Sha256::digest(input))
}

/// A keyed hash: the server secret is mixed in, so a leaked table cannot be brute-forced
/// offline (a six-digit code has only a million values).
pub fn keyed_hash(secret: &[u8], parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(secret);
    for part in parts {
        hasher.update([0u8]);
        hasher.update(part.as_bytes());
    }
    hex(&hasher.finalize())
}

/// A six-digit one-time code.
pub fn otp_code() -> String {
    format!("{:06}", rand::random_range(0..1_000_000u32))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Constant-time comparison of two hex digests.
pub fn same_digest(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_hashes() {
        let token = random_token();
        assert_eq!(token.len(), 64);
        assert_ne!(token, random_token());
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_ne!(keyed_hash(b"k1", &["1", "123456"]), keyed_hash(b"k2", &["1", "123456"]));
        assert_ne!(keyed_hash(b"k", &["11", "23456"]), keyed_hash(b"k", &["1", "123456"]));
        let code = otp_code();
        assert!(domain::accounts::is_well_formed_otp(&code), "{code}");
        assert!(same_digest("abcd", "abcd"));
        assert!(!same_digest("abcd", "abce"));
    }
}
