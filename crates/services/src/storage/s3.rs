//! An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) over plain HTTPS requests
//! signed with Signature V4.

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Method, StatusCode, Url};

use super::{
    is_valid_key,
    sigv4::{self, Credentials, SignableRequest},
    Storage, StorageError, StoredObject,
};

#[derive(Clone)]
pub struct S3Config {
    /// `https://host[:port]` of an S3-compatible service, addressed path-style
    /// (`<endpoint>/<bucket>/<key>`). Without it, AWS itself, virtual-hosted style.
    pub endpoint: Option<String>,
    pub bucket: String,
    pub region: String,
    pub access_key: String,
    pub secret_key: String,
    /// Where the bucket is readable by browsers (a CDN or public bucket URL). Without it the
    /// binary serves files itself at `/media/<key>`, reading them from the bucket.
    pub public_url: Option<String>,
}

impl std::fmt::Debug for S3Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Config")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .field("access_key", &"<redacted>")
            .field("secret_key", &"<redacted>")
            .field("public_url", &self.public_url)
            .finish()
    }
}

pub struct S3Storage {
    config: S3Config,
    client: reqwest::Client,
}

impl S3Storage {
    pub fn new(config: S3Config) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build()?;
        Ok(S3Storage { config, client })
    }

    /// The object's URL: path-style on a configured endpoint, virtual-hosted on AWS.
    pub fn object_url(&self, key: &str) -> Result<Url, StorageError> {
        if !is_valid_key(key) {
            return Err(StorageError::InvalidKey);
        }
        let text = match &self.config.endpoint {
            Some(endpoint) => format!(
                "{}/{}/{}",
                endpoint.trim_end_matches('/'),
                sigv4::encode_path(&self.config.bucket),
                sigv4::encode_path(key)
            ),
            None => format!(
                "https://{}.s3.{}.amazonaws.com/{}",
                self.config.bucket,
                self.config.region,
                sigv4::encode_path(key)
            ),
        };
        Url::parse(&text).map_err(|err| StorageError::Remote(format!("bad object URL: {err}")))
    }

    async fn send(
        &self,
        method: Method,
        key: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Result<reqwest::Response, StorageError> {
        let url = self.object_url(key)?;
        let host = match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            _ => return Err(StorageError::Remote("the S3 URL has no host".into())),
        };
        let payload_hash = sigv4::sha256_hex(&body);
        let amz_date = sigv4::amz_date(chrono::Utc::now());
        let mut headers: Vec<(&str, &str)> =
            vec![("host", &host), ("x-amz-content-sha256", &payload_hash), ("x-amz-date", &amz_date)];
        if let Some(content_type) = content_type {
            headers.push(("content-type", content_type));
            headers.push(("cache-control", "public, max-age=31536000, immutable"));
        }
        let authorization = sigv4::authorization(
            &Credentials {
                access_key: &self.config.access_key,
                secret_key: &self.config.secret_key,
                region: &self.config.region,
                service: "s3",
            },
            &SignableRequest {
                method: method.as_str(),
                path: url.path(),
                query: "",
                headers: &headers,
                payload_sha256: &payload_hash,
            },
            &amz_date,
        );
        let mut request = self.client.request(method, url.clone());
        for (name, value) in headers.iter().filter(|(name, _)| *name != "host") {
            request = request.header(*name, *value);
        }
        request
            .header("authorization", authorization)
            .body(body)
            .send()
            .await
            .map_err(|err| StorageError::Remote(err.without_url().to_string()))
    }
}

fn failure(response: &reqwest::Response) -> StorageError {
    StorageError::Remote(format!("S3 answered {}", response.status()))
}

#[async_trait]
impl Storage for S3Storage {
    fn name(&self) -> &'static str {
        "s3"
    }

    async fn put(&self, key: &str, content_type: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        let response = self.send(Method::PUT, key, Some(content_type), bytes).await?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(failure(&response))
        }
    }

    async fn get(&self, key: &str) -> Result<Option<StoredObject>, StorageError> {
        let response = self.send(Method::GET, key, None, Vec::new()).await?;
        if response.status() == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !response.status().is_success() {
            return Err(failure(&response));
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/octet-stream")
            .to_string();
        let bytes = response.bytes().await.map_err(|err| StorageError::Remote(err.without_url().to_string()))?;
        Ok(Some(StoredObject { content_type, bytes: bytes.to_vec() }))
    }

    async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let response = self.send(Method::DELETE, key, None, Vec::new()).await?;
        if response.status().is_success() || response.status() == StatusCode::NOT_FOUND {
            Ok(())
        } else {
            Err(failure(&response))
        }
    }

    fn public_url(&self, key: &str) -> Option<String> {
        let base = self.config.public_url.as_ref()?;
        is_valid_key(key).then(|| format!("{}/{}", base.trim_end_matches('/'), key))
    }
}

#[cfg(test)]
mod tests {
    use std::{
        collections::HashMap,
        sync::{Arc, Mutex},
    };

    use tokio::{
        io::{AsyncReadExt, AsyncWriteExt},
        net::TcpListener,
    };

    use super::*;

    type Objects = Arc<Mutex<HashMap<String, (String, Vec<u8>)>>>;

    /// A minimal S3 stand-in: it recomputes every request's signature with the same keys
    /// (answering 403 on a mismatch or a body that does not match its hash) and keeps
    /// objects in memory.
    async fn fake_s3() -> (String, Objects) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let objects: Objects = Arc::default();
        let store = objects.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let mut buffer = Vec::new();
                    let mut chunk = [0u8; 8192];
                    let head_end = loop {
                        let n = socket.read(&mut chunk).await.unwrap();
                        if n == 0 {
                            return;
                        }
                        buffer.extend_from_slice(&chunk[..n]);
                        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                            break at;
                        }
                    };
                    let head = String::from_utf8(buffer[..head_end].to_vec()).unwrap();
                    let mut lines = head.split("\r\n");
                    let mut request_line = lines.next().unwrap().split(' ');
                    let (method, path) =
                        (request_line.next().unwrap().to_string(), request_line.next().unwrap().to_string());
                    let headers: HashMap<String, String> = lines
                        .filter_map(|line| line.split_once(':'))
                        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
                        .collect();
                    let length: usize = headers.get("content-length").map_or(0, |v| v.parse().unwrap());
                    let mut body = buffer[head_end + 4..].to_vec();
                    while body.len() < length {
                        let n = socket.read(&mut chunk).await.unwrap();
                        body.extend_from_slice(&chunk[..n]);
                    }
                    let status = answer(&store, &method, &path, &headers, &body);
                    let (status, content_type, payload) = status;
                    let reply = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                        payload.len()
                    );
                    socket.write_all(reply.as_bytes()).await.unwrap();
                    socket.write_all(&payload).await.unwrap();
                    socket.shutdown().await.ok();
                });
            }
        });
        (endpoint, objects)
    }

    fn answer(
        store: &Objects,
        method: &str,
        path: &str,
        headers: &HashMap<String, String>,
        body: &[u8],
    ) -> (&'static str, String, Vec<u8>) {
        let denied = ("403 Forbidden", "text/plain".to_string(), b"SignatureDoesNotMatch".to_vec());
        let Some(authorization) = headers.get("authorization") else { return denied };
        let Some(signed) = authorization.split("SignedHeaders=").nth(1).and_then(|s| s.split(',').next()) else {
            return denied;
        };
        let signed_headers: Vec<(&str, &str)> =
            signed.split(';').map(|name| (name, headers.get(name).map_or("", String::as_str))).collect();
        let payload_hash = headers.get("x-amz-content-sha256").cloned().unwrap_or_default();
        let amz_date = headers.get("x-amz-date").cloned().unwrap_or_default();
        let expected = sigv4::authorization(
            &Credentials { access_key: "ak", secret_key: "sk", region: "eu-west-1", service: "s3" },
            &SignableRequest { method, path, query: "", headers: &signed_headers, payload_sha256: &payload_hash },
            &amz_date,
        );
        if &expected != authorization || sigv4::sha256_hex(body) != payload_hash || !signed.contains("host") {
            return denied;
        }
        let mut objects = store.lock().unwrap();
        match method {
            "PUT" => {
                let content_type = headers.get("content-type").cloned().unwrap_or_default();
                objects.insert(path.to_string(), (content_type, body.to_vec()));
                ("200 OK", "text/plain".into(), Vec::new())
            }
            "GET" => match objects.get(path) {
                Some((content_type, bytes)) => ("200 OK", content_type.clone(), bytes.clone()),
                None => ("404 Not Found", "application/xml".into(), b"<Error><Code>NoSuchKey</Code></Error>".to_vec()),
            },
            "DELETE" => {
                objects.remove(path);
                ("204 No Content", "text/plain".into(), Vec::new())
            }
            _ => ("405 Method Not Allowed", "text/plain".into(), Vec::new()),
        }
    }

    #[tokio::test]
    async fn signed_put_get_delete_against_a_fake_s3() {
        let (endpoint, objects) = fake_s3().await;
        let storage = S3Storage::new(config(Some(&endpoint))).unwrap();
        storage.put("t1/u2/a.png", "image/png", b"\x89PNG data".to_vec()).await.unwrap();
        assert_eq!(objects.lock().unwrap()["/media/t1/u2/a.png"], ("image/png".to_string(), b"\x89PNG data".to_vec()));
        let object = storage.get("t1/u2/a.png").await.unwrap().unwrap();
        assert_eq!((object.content_type.as_str(), object.bytes.as_slice()), ("image/png", &b"\x89PNG data"[..]));
        assert!(storage.get("t1/u2/missing.png").await.unwrap().is_none());
        storage.delete("t1/u2/a.png").await.unwrap();
        assert!(objects.lock().unwrap().is_empty());
        assert!(storage.get("t1/u2/a.png").await.unwrap().is_none());

        // Wrong keys are refused by the server, and that is an error, not a silent success.
        let wrong = S3Storage::new(S3Config { secret_key: "other".into(), ..config(Some(&endpoint)) }).unwrap();
        assert!(matches!(wrong.put("t1/b.png", "image/png", vec![1]).await, Err(StorageError::Remote(_))));
        assert!(objects.lock().unwrap().is_empty());
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

    #[test]
    fn object_urls() {
        let custom = S3Storage::new(config(Some("http://127.0.0.1:9000/"))).unwrap();
        assert_eq!(custom.object_url("t1/a.png").unwrap().as_str(), "http://127.0.0.1:9000/media/t1/a.png");
        let aws = S3Storage::new(config(None)).unwrap();
        assert_eq!(aws.object_url("t1/a.png").unwrap().as_str(), "https://media.s3.eu-west-1.amazonaws.com/t1/a.png");
        assert!(aws.object_url("../a.png").is_err());
        assert_eq!(aws.public_url("t1/a.png").as_deref(), Some("https://cdn.example.org/t1/a.png"));
    }
}
