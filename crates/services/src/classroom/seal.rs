//! Keeping consents secret: refresh tokens are sealed (ChaCha20-Poly1305 with a key derived
//! from the server secret) before they reach the database, and the consent's OAuth `state`
//! is signed (HMAC-SHA256) so the callback knows whom it belongs to.

use hmac::{Hmac, Mac};
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, CHACHA20_POLY1305, NONCE_LEN};
use sha2::{Digest, Sha256};

fn derive(secret: &[u8], purpose: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"waypoint/classroom/");
    hasher.update(purpose.as_bytes());
    hasher.update([0u8]);
    hasher.update(secret);
    hasher.finalize().into()
}

fn key(secret: &[u8]) -> LessSafeKey {
    let bytes = derive(secret, "grant-v1");
    LessSafeKey::new(UnboundKey::new(&CHACHA20_POLY1305, &bytes).expect("a 32-byte key"))
}

/// `plaintext` encrypted and authenticated, as hex (a random nonce first).
pub fn seal(secret: &[u8], plaintext: &str) -> String {
    let nonce_bytes: [u8; NONCE_LEN] = rand::random();
    let mut buffer = plaintext.as_bytes().to_vec();
    key(secret)
        .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce_bytes), Aad::empty(), &mut buffer)
        .expect("sealing never fails for small inputs");
    let mut out = nonce_bytes.to_vec();
    out.extend_from_slice(&buffer);
    hex::encode(out)
}

/// What [`seal`] sealed with the same secret; `None` for anything else.
pub fn open(secret: &[u8], sealed: &str) -> Option<String> {
    let bytes = hex::decode(sealed).ok()?;
    if bytes.len() < NONCE_LEN {
        return None;
    }
    let (nonce, rest) = bytes.split_at(NONCE_LEN);
    let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
    let mut buffer = rest.to_vec();
    let plain = key(secret).open_in_place(nonce, Aad::empty(), &mut buffer).ok()?;
    String::from_utf8(plain.to_vec()).ok()
}

fn mac(secret: &[u8], payload: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&derive(secret, "state-v1")).expect("any key length");
    mac.update(payload.as_bytes());
    mac
}

/// `payload` with its signature: `hex(payload).hex(hmac)`.
pub fn sign(secret: &[u8], payload: &str) -> String {
    format!("{}.{}", hex::encode(payload), hex::encode(mac(secret, payload).finalize().into_bytes()))
}

/// The payload of a [`sign`]ed text, when the signature holds.
pub fn verify(secret: &[u8], signed: &str) -> Option<String> {
    let (payload, signature) = signed.split_once('.')?;
    let payload = String::from_utf8(hex::decode(payload).ok()?).ok()?;
    let signature = hex::decode(signature).ok()?;
    mac(secret, &payload).verify_slice(&signature).ok()?;
    Some(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_tokens_open_only_with_their_secret() {
        let sealed = seal(b"secret-one", "1//refresh-token");
        assert!(!sealed.contains("refresh"));
        assert_ne!(sealed, seal(b"secret-one", "1//refresh-token"), "a fresh nonce each time");
        assert_eq!(open(b"secret-one", &sealed).as_deref(), Some("1//refresh-token"));
        assert_eq!(open(b"secret-two", &sealed), None);
        let mut tampered = sealed.clone().into_bytes();
        let last = tampered.len() - 1;
        tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
        assert_eq!(open(b"secret-one", std::str::from_utf8(&tampered).unwrap()), None);
        assert_eq!(open(b"secret-one", "zz"), None);
    }

    #[test]
    fn signed_states_verify_only_unchanged() {
        let state = sign(b"k", r#"{"u":1}"#);
        assert_eq!(verify(b"k", &state).as_deref(), Some(r#"{"u":1}"#));
        assert_eq!(verify(b"other", &state), None);
        let (_, signature) = state.split_once('.').unwrap();
        let forged = format!("{}.{signature}", hex::encode(r#"{"u":2}"#));
        assert_eq!(verify(b"k", &forged), None);
        assert_eq!(verify(b"k", "nodot"), None);
    }
}
