//! An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through `object_store`, which
//! signs the requests (AWS Signature V4), retries what is worth retrying and maps S3's
//! answers to errors.

use std::{sync::Arc, time::Duration};

use async_trait::async_trait;
use object_store::{
    aws::{AmazonS3, AmazonS3Builder},
    path::Path,
    Attribute, Attributes, ClientOptions, ObjectStore, ObjectStoreExt, PutOptions, PutPayload, RetryConfig,
};

use super::{is_valid_key, Storage, StorageError, StoredObject};

/// Uploaded files are named after their content, so they never change under one key.
const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

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
    store: Arc<AmazonS3>,
    public_url: Option<String>,
}

impl S3Storage {
    pub fn new(config: S3Config) -> anyhow::Result<Self> {
        // object_store's HTTP client takes rustls' process-wide provider; ring is the one the
        // other clients of the binary use. Installing it a second time is refused, harmlessly.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let store = builder(&config).build()?;
        Ok(S3Storage { store: Arc::new(store), public_url: config.public_url })
    }
}

/// The client for `config`: path-style on a configured endpoint (plain `http` allowed there,
/// for a MinIO next to the binary), virtual-hosted on AWS.
fn builder(config: &S3Config) -> AmazonS3Builder {
    let builder = AmazonS3Builder::new()
        .with_bucket_name(&config.bucket)
        .with_region(&config.region)
        .with_access_key_id(&config.access_key)
        .with_secret_access_key(&config.secret_key)
        .with_client_options(
            ClientOptions::new().with_timeout(Duration::from_secs(60)).with_connect_timeout(Duration::from_secs(5)),
        )
        // A request waits on this: a few quick retries, not object_store's three minutes.
        .with_retry(RetryConfig { max_retries: 2, retry_timeout: Duration::from_secs(15), ..RetryConfig::default() })
        // One DELETE per key: every S3-compatible service has it, not all have DeleteObjects.
        .with_disable_bulk_delete(true);
    match &config.endpoint {
        Some(endpoint) => builder
            .with_endpoint(endpoint.trim_end_matches('/'))
            .with_allow_http(endpoint.starts_with("http://"))
            .with_virtual_hosted_style_request(false),
        None => builder.with_virtual_hosted_style_request(true),
    }
}

fn path(key: &str) -> Result<Path, StorageError> {
    if !is_valid_key(key) {
        return Err(StorageError::InvalidKey);
    }
    Path::parse(key).map_err(|_| StorageError::InvalidKey)
}

fn remote(err: object_store::Error) -> StorageError {
    StorageError::Remote(err.to_string())
}

#[async_trait]
impl Storage for S3Storage {
    fn name(&self) -> &'static str {
        "s3"
    }

    async fn put(&self, key: &str, content_type: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        let path = path(key)?;
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, content_type.to_string().into());
        attributes.insert(Attribute::CacheControl, CACHE_CONTROL.into());
        let options = PutOptions { attributes, ..PutOptions::default() };
        self.store.put_opts(&path, PutPayload::from(bytes), options).await.map_err(remote)?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<StoredObject>, StorageError> {
        let path = path(key)?;
        let found = match self.store.get(&path).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(err) => return Err(remote(err)),
        };
        let content_type = found
            .attributes
            .get(&Attribute::ContentType)
            .map_or("application/octet-stream", |value| value.as_ref())
            .to_string();
        let bytes = found.bytes().await.map_err(remote)?;
        Ok(Some(StoredObject { content_type, bytes: bytes.to_vec() }))
    }

    async fn delete(&self, key: &str) -> Result<(), StorageError> {
        match self.store.delete(&path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(remote(err)),
        }
    }

    fn public_url(&self, key: &str) -> Option<String> {
        let base = self.public_url.as_ref()?;
        is_valid_key(key).then(|| format!("{}/{}", base.trim_end_matches('/'), key))
    }
}

#[cfg(test)]
mod tests;
