//! `waypoint backup` and `waypoint restore` (issue 33), run as the real binary: a backup
//! taken while another process keeps writing restores every write acknowledged before it
//! began; a damaged or partial backup is refused with nothing written; a target that holds
//! data needs --force; on PostgreSQL the command keeps the local files and names pg_dump.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Output,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use sea_orm::ConnectionTrait;

/// Runs the binary with `args` (no database or data dir from the environment) off the
/// async threads, so writers keep running meanwhile.
async fn waypoint(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_waypoint"))
            .args(&args)
            .env_remove("DATABASE_URL")
            .env_remove("WAYPOINT_DATA_DIR")
            .env_remove("WAYPOINT_S3_BUCKET")
            .env("RUST_LOG", "warn")
            .output()
            .expect("the waypoint binary runs")
    })
    .await
    .unwrap()
}

fn args(parts: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<String> {
    parts.iter().map(|p| p.as_ref().to_string_lossy().into_owned()).collect()
}

fn sqlite_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("waypoint.db").display())
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// A data directory with a migrated database, an upload and a token secret.
async fn live_data_dir(root: &Path) -> (PathBuf, store::Db) {
    let data = root.join("live");
    fs::create_dir_all(data.join("uploads/profile-pictures")).unwrap();
    fs::write(data.join("uploads/profile-pictures/ada.png"), b"\x89PNG not really a picture").unwrap();
    fs::write(data.join("jwt-secret"), "0123456789abcdef0123456789abcdef").unwrap();
    let pools =
        store::connect::connect_pools(&sqlite_url(&data), None, store::connect::PoolOptions::default()).await.unwrap();
    store::migrations::migrate(&pools.write).await.unwrap();
    (data, pools.write)
}

async fn add_user(db: &store::Db, email: &str) {
    store::queries::users::create(
        db,
        store::queries::users::NewUser {
            email,
            password_hash: None,
            first_name: "Load",
            last_name: "Writer",
            is_verified: true,
            is_staff: false,
            subscribe_to_newsletter: false,
        },
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_write_load_restores_every_write_acknowledged_before_it_began() {
    let root = tempfile::tempdir().unwrap();
    let (live, db) = live_data_dir(root.path()).await;

    // A writer that keeps committing users; an email is acknowledged once its commit returned.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, acknowledged, stop) = (db.clone(), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let email = format!("load-{n}@example.com");
                add_user(&db, &email).await;
                acknowledged.lock().unwrap().push(email);
                n += 1;
            }
        })
    };
    while acknowledged.lock().unwrap().len() < 200 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    let backup_dir = root.path().join("backup");
    let before: Vec<String> = acknowledged.lock().unwrap().clone();
    let backup = waypoint(args(&[&"--data-dir", &live, &"backup", &backup_dir])).await;
    let during = acknowledged.lock().unwrap().len();
    assert!(backup.status.success(), "backup: {}", text(&backup));
    assert!(text(&backup).contains("Backup written"), "{}", text(&backup));
    tokio::time::sleep(Duration::from_millis(100)).await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    let total = acknowledged.lock().unwrap().len();
    eprintln!("acknowledged before the backup began: {}, when it ended: {during}, in all: {total}", before.len());
    assert!(total > before.len() && during > before.len(), "the writer kept writing while the backup ran");

    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(backup_dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["database"]["kind"], "sqlite");
    let paths: Vec<&str> = manifest["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["waypoint.db", "uploads/profile-pictures/ada.png", "jwt-secret"]);

    // Restore into a fresh data directory.
    let fresh = root.path().join("fresh");
    let restore = waypoint(args(&[&"--data-dir", &fresh, &"restore", &backup_dir])).await;
    assert!(restore.status.success(), "restore: {}", text(&restore));
    assert_eq!(fs::read(fresh.join("uploads/profile-pictures/ada.png")).unwrap(), b"\x89PNG not really a picture");
    assert_eq!(fs::read_to_string(fresh.join("jwt-secret")).unwrap(), "0123456789abcdef0123456789abcdef");
    assert!(!fs::read_dir(&fresh).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().starts_with(".restore")));

    let restored = store::connect(&sqlite_url(&fresh)).await.unwrap();
    let check = restored
        .query_one_raw(sea_orm::Statement::from_string(restored.get_database_backend(), "PRAGMA integrity_check"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(check.try_get_by_index::<String>(0).unwrap(), "ok");
    let mut missing = Vec::new();
    for email in &before {
        if store::queries::users::find_by_email(&restored, email).await.unwrap().is_none() {
            missing.push(email.clone());
        }
    }
    assert!(missing.is_empty(), "{} acknowledged writes missing after restore: {missing:?}", missing.len());
    // Nothing beyond what the writer wrote, and what is there is whole.
    let last = acknowledged.lock().unwrap()[total - 1].clone();
    assert!(
        store::queries::users::find_by_email(&restored, &last).await.unwrap().is_none(),
        "written after the backup ended"
    );
}

/// A small backup of a fresh deployment; its folder.
async fn small_backup(root: &Path) -> PathBuf {
    let (live, db) = live_data_dir(root).await;
    add_user(&db, "ada@example.com").await;
    db.close().await.ok();
    let dir = root.join("backup");
    let out = waypoint(args(&[&"--data-dir", &live, &"backup", &dir])).await;
    assert!(out.status.success(), "{}", text(&out));
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[tokio::test]
async fn a_damaged_or_partial_backup_is_refused_and_nothing_is_written() {
    let root = tempfile::tempdir().unwrap();
    let good = small_backup(root.path()).await;

    // One changed byte in an upload.
    let damaged = root.path().join("damaged");
    copy_dir(&good, &damaged);
    let picture = damaged.join("uploads/profile-pictures/ada.png");
    let mut bytes = fs::read(&picture).unwrap();
    bytes[0] ^= 1;
    fs::write(&picture, bytes).unwrap();
    let target = root.path().join("target-1");
    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &damaged])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("uploads/profile-pictures/ada.png does not match the manifest"), "{}", text(&out));
    assert!(!target.exists(), "nothing was written");

    // A truncated database.
    let truncated = root.path().join("truncated");
    copy_dir(&good, &truncated);
    let db_file = truncated.join("waypoint.db");
    let len = fs::metadata(&db_file).unwrap().len();
    fs::OpenOptions::new().write(true).open(&db_file).unwrap().set_len(len / 2).unwrap();
    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &truncated])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("waypoint.db does not match the manifest"), "{}", text(&out));
    assert!(!target.exists(), "nothing was written");

    // No manifest: an interrupted backup.
    let partial = root.path().join("partial");
    copy_dir(&good, &partial);
    fs::remove_file(partial.join("manifest.json")).unwrap();
    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &partial])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("has no manifest.json: the backup is partial"), "{}", text(&out));
    assert!(!target.exists(), "nothing was written");

    // A manifest that points outside the backup.
    let escaping = root.path().join("escaping");
    copy_dir(&good, &escaping);
    let manifest =
        fs::read_to_string(escaping.join("manifest.json")).unwrap().replace("\"jwt-secret\"", "\"../jwt-secret\"");
    fs::write(escaping.join("manifest.json"), manifest).unwrap();
    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &escaping])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("outside the backup"), "{}", text(&out));
    assert!(!target.exists(), "nothing was written");

    // A backup folder that is not empty is not written into.
    let out = waypoint(args(&[&"--data-dir", &root.path().join("live"), &"backup", &good])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("is not empty"), "{}", text(&out));
}

#[tokio::test]
async fn a_target_that_holds_data_is_replaced_only_with_force() {
    let root = tempfile::tempdir().unwrap();
    let backup = small_backup(root.path()).await;
    let target = root.path().join("target");
    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &backup])).await;
    assert!(out.status.success(), "{}", text(&out));
    let db = store::connect(&sqlite_url(&target)).await.unwrap();
    add_user(&db, "written-after-restore@example.com").await;
    db.close().await.ok();

    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &backup])).await;
    assert!(!out.status.success());
    assert!(text(&out).contains("already holds data"), "{}", text(&out));
    let db = store::connect(&sqlite_url(&target)).await.unwrap();
    assert!(store::queries::users::find_by_email(&db, "written-after-restore@example.com").await.unwrap().is_some());
    db.close().await.ok();

    let out = waypoint(args(&[&"--data-dir", &target, &"restore", &backup, &"--force"])).await;
    assert!(out.status.success(), "{}", text(&out));
    let db = store::connect(&sqlite_url(&target)).await.unwrap();
    assert!(store::queries::users::find_by_email(&db, "written-after-restore@example.com").await.unwrap().is_none());
    assert!(store::queries::users::find_by_email(&db, "ada@example.com").await.unwrap().is_some());
}

#[tokio::test]
async fn on_postgresql_the_backup_keeps_the_local_files_and_names_pg_dump() {
    // The command never connects to PostgreSQL: the URL only says which database it is.
    let url = std::env::var("WAYPOINT_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://nobody@127.0.0.1:1/none".into());
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("live");
    fs::create_dir_all(data.join("uploads/files")).unwrap();
    fs::write(data.join("uploads/files/cv.pdf"), b"%PDF-1.4 tiny").unwrap();
    let dir = root.path().join("backup");
    let out = waypoint(args(&[&"--data-dir", &data, &"--database-url", &url, &"backup", &dir])).await;
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("pg_dump"), "{}", text(&out));
    assert!(!text(&out).contains(&url) || !url.contains('@'), "the URL (it may hold a password) is not printed");
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["database"]["kind"], "postgres");
    assert_eq!(manifest["files"][0]["path"], "uploads/files/cv.pdf");

    let fresh = root.path().join("fresh");
    let out = waypoint(args(&[&"--data-dir", &fresh, &"--database-url", &url, &"restore", &dir])).await;
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("pg_restore"), "{}", text(&out));
    assert_eq!(fs::read(fresh.join("uploads/files/cv.pdf")).unwrap(), b"%PDF-1.4 tiny");
}
