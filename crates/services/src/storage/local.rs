//! Files in a folder on this machine (the default). The binary serves them at `/media/<key>`.

use std::path::PathBuf;

use async_trait::async_trait;

use super::{content_type_for_key, is_valid_key, Storage, StorageError, StoredObject};

pub struct LocalStorage {
    root: PathBuf,
}

impl LocalStorage {
    pub fn new(root: PathBuf) -> Self {
        LocalStorage { root }
    }

    pub fn root(&self) -> &std::path::Path {
        &self.root
    }

    fn path(&self, key: &str) -> Result<PathBuf, StorageError> {
        if !is_valid_key(key) {
            return Err(StorageError::InvalidKey);
        }
        Ok(self.root.join(key))
    }
}

#[async_trait]
impl Storage for LocalStorage {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn put(&self, key: &str, _content_type: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        let path = self.path(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        // Written aside and renamed, so a reader never sees half a file.
        let partial = path.with_extension(format!("partial-{:016x}", rand_suffix()));
        if let Err(err) = tokio::fs::write(&partial, &bytes).await {
            let _ = tokio::fs::remove_file(&partial).await;
            return Err(err.into());
        }
        tokio::fs::rename(&partial, &path).await?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<StoredObject>, StorageError> {
        let path = self.path(key)?;
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(Some(StoredObject { content_type: content_type_for_key(key).to_string(), bytes })),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = self.path(key)?;
        match tokio::fs::remove_file(&path).await {
            Ok(()) => Ok(()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(err) => Err(err.into()),
        }
    }

    fn public_url(&self, _key: &str) -> Option<String> {
        None
    }

    fn local_path(&self, key: &str) -> Option<PathBuf> {
        self.path(key).ok()
    }
}

fn rand_suffix() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    nanos ^ ((std::process::id() as u64) << 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn put_get_delete_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(dir.path().join("uploads"));
        storage.put("t1/u1/a.png", "image/png", b"png".to_vec()).await.unwrap();
        let object = storage.get("t1/u1/a.png").await.unwrap().unwrap();
        assert_eq!(object.bytes, b"png");
        assert_eq!(object.content_type, "image/png");
        assert_eq!(storage.local_path("t1/u1/a.png"), Some(dir.path().join("uploads/t1/u1/a.png")));
        storage.delete("t1/u1/a.png").await.unwrap();
        assert!(storage.get("t1/u1/a.png").await.unwrap().is_none());
        storage.delete("t1/u1/a.png").await.unwrap();
        assert!(matches!(storage.put("../x.png", "image/png", vec![]).await, Err(StorageError::InvalidKey)));
        assert!(storage.local_path("../etc/passwd").is_none());
    }
}
