//! The S3 client against an in-process fake S3: it keeps objects in memory, addressed
//! path-style, and refuses a request whose SigV4 header is not of S3's shape (credential
//! scope, signed headers, signature) or whose body does not match its signed hash. It cannot
//! recompute the signature itself (that would take a second SigV4 implementation), so a
//! wrong access key stands for wrong credentials.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    body::Bytes,
    extract::State,
    http::{header, HeaderMap, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
    Router,
};
use object_store::aws::AmazonS3ConfigKey;
use sha2::{Digest, Sha256};

use super::*;

#[derive(Debug, Clone, PartialEq)]
struct Object {
    content_type: String,
    cache_control: String,
    bytes: Vec<u8>,
}

type Objects = Arc<Mutex<HashMap<String, Object>>>;

async fn fake_s3() -> (String, Objects) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let endpoint = format!("http://{}", listener.local_addr().unwrap());
    let objects = Objects::default();
    let app = Router::new().fallback(answer).with_state(objects.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (endpoint, objects)
}

fn s3_error(status: StatusCode, code: &str) -> Response {
    let body = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>{code}</Code></Error>");
    (status, [(header::CONTENT_TYPE, "application/xml")], body).into_response()
}

async fn answer(State(objects): State<Objects>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(code) = check_signature(&method, &headers, &body) {
        return s3_error(StatusCode::FORBIDDEN, code);
    }
    let key = uri.path().to_string();
    let mut objects = objects.lock().unwrap();
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    match method {
        Method::PUT => {
            let object = Object {
                content_type: text(header::CONTENT_TYPE),
                cache_control: text(header::CACHE_CONTROL),
                bytes: body.to_vec(),
            };
            objects.insert(key, object);
            (StatusCode::OK, [(header::ETAG, "\"1\"")]).into_response()
        }
        Method::GET | Method::HEAD => match objects.get(&key) {
            Some(object) => {
                let headers = [
                    (header::CONTENT_TYPE, object.content_type.clone()),
                    (header::ETAG, "\"1\"".to_string()),
                    (header::LAST_MODIFIED, "Wed, 21 Oct 2015 07:28:00 GMT".to_string()),
                ];
                let body = if method == Method::GET { object.bytes.clone() } else { Vec::new() };
                (StatusCode::OK, headers, body).into_response()
            }
            None if method == Method::HEAD => StatusCode::NOT_FOUND.into_response(),
            None => s3_error(StatusCode::NOT_FOUND, "NoSuchKey"),
        },
        Method::DELETE => {
            objects.remove(&key);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => s3_error(StatusCode::METHOD_NOT_ALLOWED, "MethodNotAllowed"),
    }
}

/// `Authorization: AWS4-HMAC-SHA256 Credential=ak/<date>/eu-west-1/s3/aws4_request,
/// SignedHeaders=<names>, Signature=<64 hex>` with the request's date, every signed header
/// present and the body's SHA-256 in `x-amz-content-sha256`.
fn check_signature(method: &Method, headers: &HeaderMap, body: &[u8]) -> Result<(), &'static str> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let authorization = header("authorization").ok_or("AccessDenied")?;
    let fields = authorization.strip_prefix("AWS4-HMAC-SHA256 ").ok_or("AccessDenied")?;
    let field =
        |name: &str| fields.split(", ").find_map(|part| part.strip_prefix(name)).ok_or("AuthorizationHeaderMalformed");
    let (credential, signed, signature) = (field("Credential=")?, field("SignedHeaders=")?, field("Signature=")?);
    let amz_date = header("x-amz-date").filter(|d| d.len() == 16 && d.ends_with('Z')).ok_or("AccessDenied")?;
    let mut scope = credential.split('/');
    if scope.next() != Some("ak") {
        return Err("InvalidAccessKeyId");
    }
    if scope.collect::<Vec<_>>() != [&amz_date[..8], "eu-west-1", "s3", "aws4_request"] {
        return Err("AuthorizationHeaderMalformed");
    }
    let signed: Vec<&str> = signed.split(';').collect();
    let mut required = vec!["host", "x-amz-content-sha256", "x-amz-date"];
    if method == Method::PUT {
        required.push("content-type");
    }
    if !required.iter().all(|name| signed.contains(name)) || !signed.iter().all(|name| headers.contains_key(*name)) {
        return Err("AuthorizationHeaderMalformed");
    }
    if signature.len() != 64 || !signature.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err("SignatureDoesNotMatch");
    }
    let body_hash: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    if header("x-amz-content-sha256") != Some(body_hash.as_str()) {
        return Err("XAmzContentSHA256Mismatch");
    }
    Ok(())
}

fn config(endpoint: Option<&str>) -> S3Config {
    S3Config {
        endpoint: endpoint.map(str::to_string),
        bucket: "media".into(),
        region: "eu-west-1".into(),
        access_key: "ak".into(),
        secret_key: "sk".into(),
        public_url: Some("https://cdn.example.org/".into()),
    }
}

#[tokio::test]
async fn signed_put_get_delete_against_a_fake_s3() {
    let (endpoint, objects) = fake_s3().await;
    let storage = S3Storage::new(config(Some(&endpoint))).unwrap();
    storage.put("t1/u2/a.png", "image/png", b"\x89PNG data".to_vec()).await.unwrap();
    assert_eq!(
        objects.lock().unwrap()["/media/t1/u2/a.png"],
        Object {
            content_type: "image/png".into(),
            cache_control: CACHE_CONTROL.into(),
            bytes: b"\x89PNG data".to_vec()
        }
    );
    let object = storage.get("t1/u2/a.png").await.unwrap().unwrap();
    assert_eq!((object.content_type.as_str(), object.bytes.as_slice()), ("image/png", &b"\x89PNG data"[..]));
    assert!(storage.get("t1/u2/missing.png").await.unwrap().is_none());
    storage.delete("t1/u2/a.png").await.unwrap();
    assert!(objects.lock().unwrap().is_empty());
    assert!(storage.get("t1/u2/a.png").await.unwrap().is_none());
    storage.delete("t1/u2/a.png").await.unwrap();

    // Refused credentials are an error, not a silent success.
    let wrong = S3Storage::new(S3Config { access_key: "other".into(), ..config(Some(&endpoint)) }).unwrap();
    assert!(matches!(wrong.put("t1/b.png", "image/png", vec![1]).await, Err(StorageError::Remote(_))));
    assert!(matches!(wrong.get("t1/b.png").await, Err(StorageError::Remote(_))));
    assert!(objects.lock().unwrap().is_empty());
}

#[tokio::test]
async fn addressing_keys_and_public_urls() {
    let custom = builder(&config(Some("http://127.0.0.1:9000/")));
    assert_eq!(custom.get_config_value(&AmazonS3ConfigKey::Endpoint).as_deref(), Some("http://127.0.0.1:9000"));
    assert_eq!(custom.get_config_value(&AmazonS3ConfigKey::VirtualHostedStyleRequest).as_deref(), Some("false"));
    let aws = builder(&config(None));
    assert_eq!(aws.get_config_value(&AmazonS3ConfigKey::Endpoint), None);
    assert_eq!(aws.get_config_value(&AmazonS3ConfigKey::VirtualHostedStyleRequest).as_deref(), Some("true"));

    // AWS is reached over TLS: building its client needs the crypto provider.
    let storage = S3Storage::new(config(None)).unwrap();
    assert!(matches!(storage.get("../a.png").await, Err(StorageError::InvalidKey)));
    assert!(matches!(storage.put("a/../b.png", "image/png", vec![1]).await, Err(StorageError::InvalidKey)));
    assert_eq!(storage.public_url("t1/a.png").as_deref(), Some("https://cdn.example.org/t1/a.png"));
    assert_eq!(storage.public_url("../a.png"), None);
}
