//! A fresh, migrated database per test: a temporary SQLite file by default; a schema of its
//! own on the PostgreSQL server of WAYPOINT_TEST_DATABASE_URL when that is set (dropped
//! afterwards), as the API tests do.
//!
//! Each test file compiles this module on its own and uses part of it.
#![allow(dead_code)]

use sea_orm::ConnectionTrait;
use store::{
    connect::connect_with_schema,
    queries::{
        tenants::{self, NewTenant, TenantRecord},
        users,
    },
    Db,
};

pub struct TestDb {
    pub db: Db,
    _guard: Guard,
}

enum Guard {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { url: String, schema: String },
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Guard::Postgres { url, schema } = self {
            let (url, schema) = (url.clone(), schema.clone());
            // Drop runs outside any async context it may block: a thread of its own.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                runtime.block_on(async move {
                    if let Ok(db) = store::connect(&url).await {
                        let _ = db
                            .execute_unprepared(&format!(
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                                 WHERE application_name = '{schema}' AND pid <> pg_backend_pid()"
                            ))
                            .await;
                        let _ = db.execute_unprepared(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE")).await;
                        let _ = db.close().await;
                    }
                });
            })
            .join();
        }
    }
}

pub async fn fresh() -> TestDb {
    let (db, guard) = match std::env::var("WAYPOINT_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(url) => {
            let schema = format!("s_{:016x}", rand::random::<u64>());
            let admin = store::connect(&url).await.expect("connect to the test PostgreSQL server");
            admin.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await.expect("create schema");
            admin.close().await.ok();
            let db = connect_with_schema(&url, Some(&schema)).await.expect("connect to schema");
            (db, Guard::Postgres { url, schema })
        }
        None => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            (store::connect(&url).await.expect("open sqlite"), Guard::Sqlite(dir))
        }
    };
    store::migrations::migrate(&db).await.expect("migrate");
    TestDb { db, _guard: guard }
}

impl TestDb {
    pub async fn tenant(&self, domain: &str) -> TenantRecord {
        tenants::create(
            &self.db,
            NewTenant {
                domain,
                name: domain,
                slug: &domain::slug::slugify(domain),
                description: None,
                logo: None,
                is_default: false,
                config: serde_json::json!({}),
            },
        )
        .await
        .expect("tenant")
    }

    pub async fn user(&self, email: &str, is_staff: bool) -> i64 {
        users::create(
            &self.db,
            users::NewUser {
                email,
                password_hash: None,
                first_name: "Test",
                last_name: "Person",
                is_verified: true,
                is_staff,
                subscribe_to_newsletter: false,
            },
        )
        .await
        .expect("user")
        .id
    }
}
