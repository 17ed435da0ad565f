//! File storage for uploads. The default keeps files in a local folder (served by the
//! binary at `/media/<key>`); an S3-compatible bucket is used when `WAYPOINT_S3_BUCKET` is
//! set (through `object_store`, which signs the requests with AWS Signature V4).
//!
//! Keys are chosen by the application (never by a client): ASCII letters, digits, `-`, `_`
//! and `.` in `/`-separated segments, e.g. `t1/u42/3f9c…e1.png`. Both backends refuse any
//! other key, so a key can never leave the storage root.

mod local;
mod s3;

use std::{path::PathBuf, sync::Arc};

use async_trait::async_trait;

pub use local::LocalStorage;
pub use s3::{S3Config, S3Storage};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid storage key")]
    InvalidKey,
    #[error("storage I/O failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("storage request failed: {0}")]
    Remote(String),
}

/// A stored file read back whole (uploads are at most a few megabytes).
#[derive(Debug, Clone)]
pub struct StoredObject {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[async_trait]
pub trait Storage: Send + Sync {
    /// "local" or "s3", for logs.
    fn name(&self) -> &'static str;

    /// Stores `bytes` under `key`, replacing what was there.
    async fn put(&self, key: &str, content_type: &str, bytes: Vec<u8>) -> Result<(), StorageError>;

    /// Reads a file back; `None` when there is none under `key`.
    async fn get(&self, key: &str) -> Result<Option<StoredObject>, StorageError>;

    /// Removes a file; removing a missing file is not an error.
    async fn delete(&self, key: &str) -> Result<(), StorageError>;

    /// The absolute URL under which the store itself serves `key`, when it does (an S3
    /// bucket with a public URL). `None` means the binary serves it at `/media/<key>`.
    fn public_url(&self, key: &str) -> Option<String>;

    /// Where `key` lies on this machine, for backends that keep files locally (so the
    /// binary can serve them with range requests).
    fn local_path(&self, _key: &str) -> Option<PathBuf> {
        None
    }
}

/// Which backend to use, from the configuration.
#[derive(Clone)]
pub enum StorageConfig {
    /// A folder on this machine (default: `<data_dir>/uploads`).
    Local {
        root: PathBuf,
    },
    S3(S3Config),
}

impl std::fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageConfig::Local { root } => f.debug_struct("Local").field("root", root).finish(),
            // S3Config's own Debug hides the keys.
            StorageConfig::S3(config) => f.debug_tuple("S3").field(config).finish(),
        }
    }
}

impl Default for StorageConfig {
    fn default() -> Self {
        StorageConfig::Local { root: PathBuf::from("data/uploads") }
    }
}

impl StorageConfig {
    /// The S3 store when `WAYPOINT_S3_BUCKET` is set, otherwise `<data_dir>/uploads`.
    /// `var` reads an environment variable (injected, so tests need not touch the process).
    pub fn from_env(data_dir: &std::path::Path, var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let Some(bucket) = get("WAYPOINT_S3_BUCKET") else {
            return Ok(StorageConfig::Local { root: data_dir.join("uploads") });
        };
        let access_key =
            get("WAYPOINT_S3_ACCESS_KEY").ok_or("WAYPOINT_S3_ACCESS_KEY is required with WAYPOINT_S3_BUCKET")?;
        let secret_key =
            get("WAYPOINT_S3_SECRET_KEY").ok_or("WAYPOINT_S3_SECRET_KEY is required with WAYPOINT_S3_BUCKET")?;
        let region = get("WAYPOINT_S3_REGION").unwrap_or_else(|| "us-east-1".into());
        let endpoint = get("WAYPOINT_S3_ENDPOINT");
        for (name, value) in
            [("WAYPOINT_S3_ENDPOINT", &endpoint), ("WAYPOINT_S3_PUBLIC_URL", &get("WAYPOINT_S3_PUBLIC_URL"))]
        {
            if let Some(value) = value {
                if !(value.starts_with("https://") || value.starts_with("http://")) {
                    return Err(format!("{name} must be an http(s) URL"));
                }
            }
        }
        Ok(StorageConfig::S3(S3Config {
            endpoint,
            bucket,
            region,
            access_key,
            secret_key,
            public_url: get("WAYPOINT_S3_PUBLIC_URL"),
        }))
    }

    pub fn build(&self) -> anyhow::Result<Arc<dyn Storage>> {
        Ok(match self {
            StorageConfig::Local { root } => Arc::new(LocalStorage::new(root.clone())),
            StorageConfig::S3(config) => Arc::new(S3Storage::new(config.clone())?),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            StorageConfig::Local { .. } => "local",
            StorageConfig::S3(_) => "s3",
        }
    }
}

/// Whether `key` is one the application could have made: non-empty `/`-separated segments
/// of ASCII letters, digits, `-`, `_` and `.`, no segment starting with a dot, at most 200
/// characters. This rules out `..`, absolute paths, backslashes and hidden files.
pub fn is_valid_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 200
        && key.split('/').all(|segment| {
            !segment.is_empty()
                && !segment.starts_with('.')
                && segment.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
        })
}

/// The content type of a key, from its extension (the application names keys after the
/// type it detected, so this is the checked type, not the client's claim).
pub fn content_type_for_key(key: &str) -> &'static str {
    let ext = key.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "mp4" => "video/mp4",
        "mov" => "video/quicktime",
        "webm" => "video/webm",
        "pdf" => "application/pdf",
        "txt" => "text/plain; charset=utf-8",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx" => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_cannot_escape_the_root() {
        for good in ["t1/u2/abc.png", "a", "x_y-z.pdf"] {
            assert!(is_valid_key(good), "{good}");
        }
        for bad in ["", "../x", "a/../b", "/etc/passwd", "a//b", "a/.hidden", "a\\b", "a/b/", "é.png", "a b"] {
            assert!(!is_valid_key(bad), "{bad}");
        }
    }

    #[test]
    fn s3_is_chosen_by_its_bucket() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        let dir = std::path::Path::new("/srv/data");
        assert!(matches!(
            StorageConfig::from_env(dir, env(&[])).unwrap(),
            StorageConfig::Local { root } if root == dir.join("uploads")
        ));
        assert!(StorageConfig::from_env(dir, env(&[("WAYPOINT_S3_BUCKET", "b")])).is_err());
        let config = StorageConfig::from_env(
            dir,
            env(&[
                ("WAYPOINT_S3_BUCKET", "media"),
                ("WAYPOINT_S3_ACCESS_KEY", "ak"),
                ("WAYPOINT_S3_SECRET_KEY", "hush-hush"),
                ("WAYPOINT_S3_ENDPOINT", "http://127.0.0.1:9000"),
            ]),
        )
        .unwrap();
        let StorageConfig::S3(s3) = config else { panic!("expected S3") };
        assert_eq!(s3.region, "us-east-1");
        assert!(!format!("{s3:?}").contains("hush-hush"), "secret shown in Debug");
    }
}
