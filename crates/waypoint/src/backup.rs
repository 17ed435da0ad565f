//! `waypoint backup DIR` and `waypoint restore DIR`.
//!
//! A backup is a folder: the SQLite database (`waypoint.db`, a `VACUUM INTO` snapshot taken
//! while the server runs), the local uploads (`uploads/…`) and the generated token secret
//! (`jwt-secret`), then `manifest.json`, written last, naming every file with its size and
//! SHA-256. A folder without a manifest is a partial backup.
//!
//! Restore checks every file against the manifest before it writes anything, copies the
//! files into a staging folder beside the target (checking them again), and only then moves
//! them into place. It refuses a target database or uploads folder that holds data, unless
//! `--force`.
//!
//! PostgreSQL and S3 are not copied: the database is `pg_dump`'s job and the bucket's
//! history is its versioning; the command backs up what the binary keeps on this machine
//! and says so.

use std::{
    fs,
    io::{Read, Write},
    path::{Component, Path, PathBuf},
};

use anyhow::{bail, Context};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The manifest's name; written last.
pub const MANIFEST: &str = "manifest.json";
/// The database file's name inside a backup.
const DATABASE_FILE: &str = "waypoint.db";
/// The uploads folder's name inside a backup.
const UPLOADS: &str = "uploads";
/// The generated token secret (`crate::secrets`).
const JWT_SECRET: &str = "jwt-secret";
/// The manifest's format.
const FORMAT: u32 = 1;

/// What `manifest.json` says.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub waypoint_version: String,
    pub created_at: DateTime<Utc>,
    pub database: DatabaseEntry,
    pub files: Vec<FileEntry>,
}

/// The database of the backup.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum DatabaseEntry {
    /// A SQLite snapshot, one of `files`.
    Sqlite { file: String },
    /// PostgreSQL: not in the backup (`pg_dump`).
    Postgres,
}

/// One file of the backup, by its path relative to the backup folder (`/`-separated).
#[derive(Debug, Serialize, Deserialize, Clone, PartialEq, Eq)]
pub struct FileEntry {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

/// Where the deployment keeps what a backup holds.
pub struct Source {
    /// The database URL (`sqlite:…` or `postgres://…`).
    pub database_url: String,
    pub data_dir: PathBuf,
    /// The local uploads folder; `None` when uploads live in an S3 bucket.
    pub uploads: Option<PathBuf>,
}

/// Takes a backup into `dir` (new or empty).
pub async fn backup(source: &Source, dir: &Path) -> anyhow::Result<Manifest> {
    if dir.exists() && fs::read_dir(dir)?.next().is_some() {
        bail!("{} is not empty: back up into a new or empty folder", dir.display());
    }
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut files = Vec::new();

    let database = match store::connect::sqlite_file(&source.database_url)? {
        Some(db_file) => {
            if !db_file.is_file() {
                bail!("no database at {}", db_file.display());
            }
            let db = store::connect(&source.database_url).await.context("opening the database")?;
            let target = dir.join(DATABASE_FILE);
            store::connect::sqlite_snapshot(&db, &target).await.context("copying the database (VACUUM INTO)")?;
            db.close().await.ok();
            files.push(entry_of(&target, DATABASE_FILE)?);
            DatabaseEntry::Sqlite { file: DATABASE_FILE.into() }
        }
        None => {
            println!(
                "The database is PostgreSQL: this backup does not hold it. Back it up with \
                 `pg_dump --format=custom --file=waypoint.dump \"$DATABASE_URL\"` (restore with `pg_restore`)."
            );
            DatabaseEntry::Postgres
        }
    };

    match &source.uploads {
        Some(root) if root.is_dir() => {
            let mut copied = Vec::new();
            copy_tree(root, &dir.join(UPLOADS), UPLOADS, &mut copied)?;
            files.extend(copied);
        }
        Some(_) => {}
        None => println!(
            "Uploads are in an S3 bucket: this backup does not hold them. Turn on the bucket's \
             versioning (or replicate it) to keep their history."
        ),
    }
    let secret = source.data_dir.join(JWT_SECRET);
    if secret.is_file() {
        files.push(copy_file(&secret, &dir.join(JWT_SECRET), JWT_SECRET)?);
    }

    let manifest = Manifest {
        format: FORMAT,
        waypoint_version: env!("CARGO_PKG_VERSION").into(),
        created_at: Utc::now(),
        database,
        files,
    };
    write_manifest(dir, &manifest)?;
    Ok(manifest)
}

/// What restore writes to.
pub struct Target {
    pub database_url: String,
    pub data_dir: PathBuf,
    /// The local uploads folder; `None` when uploads live in an S3 bucket.
    pub uploads: Option<PathBuf>,
    /// Replace a database and uploads that hold data.
    pub force: bool,
}

/// Restores the backup in `dir` into `target`. Every refusal comes before the first write.
pub fn restore(dir: &Path, target: &Target) -> anyhow::Result<Manifest> {
    let manifest = read_manifest(dir)?;
    verify(dir, &manifest)?;

    let target_db = store::connect::sqlite_file(&target.database_url)?;
    let restore_db = match (&manifest.database, &target_db) {
        (DatabaseEntry::Sqlite { file }, Some(path)) => {
            if !target.force && path.is_file() && fs::metadata(path)?.len() > 0 {
                bail!(
                    "the database {} already holds data: restore into a fresh data directory or database URL, \
                     or pass --force to replace it (stop the server first)",
                    path.display()
                );
            }
            Some((file.clone(), path.clone()))
        }
        (DatabaseEntry::Sqlite { .. }, None) => {
            bail!("this backup holds a SQLite database; the target DATABASE_URL is PostgreSQL")
        }
        (DatabaseEntry::Postgres, _) => None,
    };
    let uploads: Vec<&FileEntry> = manifest.files.iter().filter(|f| f.path.starts_with("uploads/")).collect();
    if !uploads.is_empty() {
        match &target.uploads {
            None => bail!(
                "uploads are configured in an S3 bucket; copy the backup's uploads/ folder into the bucket instead"
            ),
            Some(root) if !target.force && root.is_dir() && fs::read_dir(root)?.next().is_some() => {
                bail!("the uploads folder {} is not empty: pass --force to replace it", root.display())
            }
            Some(_) => {}
        }
    }

    // Stage every file beside the target, checked again, then move them into place.
    fs::create_dir_all(&target.data_dir).with_context(|| format!("creating {}", target.data_dir.display()))?;
    let staging = target.data_dir.join(format!(".restore-{}", std::process::id()));
    if staging.exists() {
        fs::remove_dir_all(&staging)?;
    }
    let staged = stage(dir, &staging, &manifest);
    if let Err(err) = staged {
        fs::remove_dir_all(&staging).ok();
        return Err(err);
    }

    if let Some((file, path)) = restore_db {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent)?;
        }
        for suffix in ["-wal", "-shm"] {
            let side = PathBuf::from(format!("{}{suffix}", path.display()));
            if side.exists() {
                fs::remove_file(&side).with_context(|| format!("removing {}", side.display()))?;
            }
        }
        move_into_place(&staging.join(&file), &path)?;
    }
    if let (false, Some(root)) = (uploads.is_empty(), &target.uploads) {
        if root.exists() {
            fs::remove_dir_all(root).with_context(|| format!("removing {}", root.display()))?;
        }
        if let Some(parent) = root.parent() {
            fs::create_dir_all(parent)?;
        }
        move_into_place(&staging.join(UPLOADS), root)?;
    }
    if manifest.files.iter().any(|f| f.path == JWT_SECRET) {
        move_into_place(&staging.join(JWT_SECRET), &target.data_dir.join(JWT_SECRET))?;
    }
    fs::remove_dir_all(&staging).ok();
    if manifest.database == DatabaseEntry::Postgres {
        println!("The backup holds no database (PostgreSQL): restore it with `pg_restore --dbname \"$DATABASE_URL\" waypoint.dump`.");
    }
    Ok(manifest)
}

/// Copies every file of the backup into `staging`, checking each copy against the manifest.
fn stage(dir: &Path, staging: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    for file in &manifest.files {
        let copied = copy_file(&dir.join(&file.path), &staging.join(&file.path), &file.path)?;
        if copied != *file {
            bail!("{} changed while it was restored", file.path);
        }
    }
    Ok(())
}

/// The manifest of `dir`, or why it cannot be used.
pub fn read_manifest(dir: &Path) -> anyhow::Result<Manifest> {
    let path = dir.join(MANIFEST);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => bail!(
            "{} has no {MANIFEST}: the backup is partial (interrupted) or not a Waypoint backup; nothing was restored",
            dir.display()
        ),
        Err(err) => return Err(err).with_context(|| format!("reading {}", path.display())),
    };
    let manifest: Manifest =
        serde_json::from_str(&text).with_context(|| format!("{} is not a Waypoint backup manifest", path.display()))?;
    if manifest.format != FORMAT {
        bail!("the backup's format {} is not one this version reads ({FORMAT})", manifest.format);
    }
    for file in &manifest.files {
        safe_relative(&file.path)?;
    }
    if let DatabaseEntry::Sqlite { file } = &manifest.database {
        if !manifest.files.iter().any(|f| &f.path == file) {
            bail!("the manifest names the database {file} but lists no such file");
        }
    }
    Ok(manifest)
}

/// Checks every file of the manifest: present, of its size, of its SHA-256.
pub fn verify(dir: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    for file in &manifest.files {
        let path = dir.join(&file.path);
        let found = hash_file(&path).with_context(|| format!("{} is missing from the backup", file.path))?;
        if found.0 != file.bytes || found.1 != file.sha256 {
            bail!(
                "{} does not match the manifest ({} bytes, SHA-256 {} expected; {} bytes, {} found): \
                 the backup is damaged; nothing was restored",
                file.path,
                file.bytes,
                file.sha256,
                found.0,
                found.1
            );
        }
    }
    Ok(())
}

/// A manifest path must stay inside the backup: relative, no `..`.
fn safe_relative(path: &str) -> anyhow::Result<()> {
    let p = Path::new(path);
    if path.is_empty() || !p.components().all(|c| matches!(c, Component::Normal(_))) {
        bail!("the manifest names a file outside the backup: {path:?}");
    }
    Ok(())
}

fn write_manifest(dir: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    let partial = dir.join(format!("{MANIFEST}.partial"));
    let mut out = fs::File::create(&partial)?;
    out.write_all(serde_json::to_string_pretty(manifest)?.as_bytes())?;
    out.write_all(b"\n")?;
    out.sync_all()?;
    fs::rename(&partial, dir.join(MANIFEST))?;
    sync_dir(dir);
    Ok(())
}

/// Copies the files under `from` into `to`, recording them as `prefix/…`.
fn copy_tree(from: &Path, to: &Path, prefix: &str, files: &mut Vec<FileEntry>) -> anyhow::Result<()> {
    let mut entries: Vec<_> = fs::read_dir(from)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name();
        let name = name.to_str().with_context(|| format!("a file name under {} is not UTF-8", from.display()))?;
        let kind = entry.file_type()?;
        let relative = format!("{prefix}/{name}");
        if kind.is_dir() {
            copy_tree(&entry.path(), &to.join(name), &relative, files)?;
        } else if kind.is_file() {
            files.push(copy_file(&entry.path(), &to.join(name), &relative)?);
        }
    }
    Ok(())
}

/// Copies one file, hashing what was written, and syncs it.
fn copy_file(from: &Path, to: &Path, relative: &str) -> anyhow::Result<FileEntry> {
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)?;
    }
    let mut input = fs::File::open(from).with_context(|| format!("reading {}", from.display()))?;
    let mut output = fs::File::create(to).with_context(|| format!("writing {}", to.display()))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    let mut bytes = 0u64;
    loop {
        let n = input.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
        output.write_all(&buffer[..n])?;
        bytes += n as u64;
    }
    output.sync_all()?;
    Ok(FileEntry { path: relative.into(), bytes, sha256: hex::encode(hasher.finalize()) })
}

fn entry_of(path: &Path, relative: &str) -> anyhow::Result<FileEntry> {
    let (bytes, sha256) = hash_file(path)?;
    Ok(FileEntry { path: relative.into(), bytes, sha256 })
}

fn hash_file(path: &Path) -> anyhow::Result<(u64, String)> {
    let mut input = fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let bytes = std::io::copy(&mut input, &mut hasher)?;
    Ok((bytes, hex::encode(hasher.finalize())))
}

fn move_into_place(from: &Path, to: &Path) -> anyhow::Result<()> {
    fs::rename(from, to).with_context(|| format!("moving the restored {} into place", to.display()))?;
    if let Some(parent) = to.parent() {
        sync_dir(parent);
    }
    Ok(())
}

/// Makes a rename durable (best effort: not every platform opens folders).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        handle.sync_all().ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_paths_stay_inside_the_backup() {
        for bad in ["", "../etc/passwd", "/etc/passwd", "uploads/../../x", "./x"] {
            assert!(safe_relative(bad).is_err(), "{bad:?} is refused");
        }
        for good in ["waypoint.db", "uploads/1/a.png", JWT_SECRET] {
            assert!(safe_relative(good).is_ok(), "{good:?} is accepted");
        }
    }

    #[test]
    fn a_changed_byte_fails_verification() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a"), b"hello").unwrap();
        let entry = entry_of(&dir.path().join("a"), "a").unwrap();
        assert_eq!(entry.sha256, "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        let manifest = Manifest {
            format: FORMAT,
            waypoint_version: "test".into(),
            created_at: Utc::now(),
            database: DatabaseEntry::Postgres,
            files: vec![entry],
        };
        verify(dir.path(), &manifest).unwrap();
        fs::write(dir.path().join("a"), b"hellO").unwrap();
        let err = verify(dir.path(), &manifest).unwrap_err().to_string();
        assert!(err.contains("a does not match the manifest"), "{err}");
    }
}
