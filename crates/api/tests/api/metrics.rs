//! `/metrics` (issue 33): requests by route template (never the raw path), the job queue
//! and pools read at scrape time, mail and job failures, page-cache hits and rebuilds, open
//! sockets; and that the public router does not serve it.

use std::sync::Arc;

use axum::{body::Body, extract::Request};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::{chat::member, common::TestApp};

fn app_settings() -> api::Settings {
    api::Settings { http_metrics: true, ..api::Settings::for_tests() }
}

/// Scrapes the metrics router of `app`'s state; its status, content type and text.
async fn scrape(app: &TestApp) -> (u16, String, String) {
    let response = api::metrics::router(app.state.clone())
        .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, content_type, String::from_utf8(body.to_vec()).unwrap())
}

/// The value of the series (name and labels exactly as rendered).
fn value(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test]
async fn requests_are_counted_by_route_template_method_and_status_never_by_raw_path() {
    let app = TestApp::with_settings(app_settings()).await;
    app.get("/api/v1/circles/").send().await.assert_status(200);
    app.get("/api/v1/circles/").send().await.assert_status(200);
    app.get("/api/v1/jobs/987654/").send().await.assert_status(404);
    app.get("/secret-looking-page/4242").send().await;

    let (status, content_type, text) = scrape(&app).await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    assert_eq!(
        value(
            &text,
            r#"waypoint_http_request_duration_seconds_count{method="GET",route="/api/v1/circles/",status="200"}"#
        ),
        Some(2.0),
        "{text}"
    );
    assert_eq!(
        value(
            &text,
            r#"waypoint_http_request_duration_seconds_count{method="GET",route="/api/v1/jobs/{id}/",status="404"}"#
        ),
        Some(1.0),
        "{text}"
    );
    assert!(text.contains(r#"route="unmatched""#) || text.contains(r#"route="/{*path}""#), "{text}");
    for raw in ["987654", "secret-looking-page", "4242", "localhost"] {
        assert!(!text.contains(raw), "the raw path or host {raw:?} is not a label: {text}");
    }
}

#[tokio::test]
async fn off_by_default_requests_are_not_timed_and_the_public_router_has_no_metrics() {
    let app = TestApp::new().await;
    app.get("/api/v1/circles/").send().await.assert_status(200);
    let (_, _, text) = scrape(&app).await;
    assert!(!text.contains("waypoint_http_request_duration_seconds_count"), "{text}");
    let public = app.get("/metrics").send().await;
    assert!(!public.text().contains("waypoint_"), "the public port never answers metrics");
}

#[tokio::test]
async fn the_scrape_reads_the_job_queue_and_the_pools() {
    let app = TestApp::with_settings(app_settings()).await;
    let (_, _, empty) = scrape(&app).await;
    assert_eq!(value(&empty, "waypoint_jobs_pending"), Some(0.0), "{empty}");
    assert_eq!(value(&empty, "waypoint_jobs_oldest_due_age_seconds"), Some(0.0), "{empty}");

    let now = chrono::Utc::now();
    for (minutes_ago, kind) in [(10, "a"), (1, "b"), (-5, "c")] {
        store::queries::mail::enqueue_job(
            &app.db,
            kind,
            serde_json::json!({}),
            now - chrono::Duration::minutes(minutes_ago),
        )
        .await
        .unwrap();
    }
    let (_, _, text) = scrape(&app).await;
    assert_eq!(value(&text, "waypoint_jobs_pending"), Some(3.0), "{text}");
    let age = value(&text, "waypoint_jobs_oldest_due_age_seconds").unwrap();
    assert!((600.0..660.0).contains(&age), "the oldest due job waited ten minutes: {age}");

    let pool = if std::env::var("WAYPOINT_TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty()) {
        "postgres"
    } else {
        "sqlite_writer"
    };
    let in_use = value(&text, &format!(r#"waypoint_db_connections{{pool="{pool}",state="in_use"}}"#));
    let idle = value(&text, &format!(r#"waypoint_db_connections{{pool="{pool}",state="idle"}}"#));
    assert!(idle.unwrap_or(0.0) + in_use.unwrap_or(0.0) >= 1.0, "the pool's connections are shown: {text}");
}

struct FailingMail;

#[services::link_preview::async_trait]
impl services::mail::MailTransport for FailingMail {
    fn is_outbox(&self) -> bool {
        false
    }

    async fn deliver(&self, _: &services::mail::OutgoingMail) -> anyhow::Result<()> {
        anyhow::bail!("the SMTP server is down")
    }
}

#[tokio::test]
async fn mail_delivered_and_retried_and_failed_jobs_are_counted() {
    let app = TestApp::with_settings(app_settings()).await;
    app.add_user("sam@example.com").await;
    let forgot = || async {
        app.post("/api/v1/forgot-password/")
            .json(&serde_json::json!({"email": "sam@example.com"}))
            .send()
            .await
            .assert_status(200);
    };
    forgot().await;
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let (_, _, text) = scrape(&app).await;
    assert_eq!(value(&text, r#"waypoint_mail_total{outcome="delivered"}"#), Some(1.0), "{text}");
    assert_eq!(value(&text, r#"waypoint_mail_total{outcome="retried"}"#), Some(0.0), "{text}");

    forgot().await;
    let mut failing = app.state.job_context();
    failing.mail = Arc::new(FailingMail);
    services::jobs::run_due(&failing).await.unwrap();
    let (_, _, text) = scrape(&app).await;
    assert_eq!(value(&text, r#"waypoint_mail_total{outcome="delivered"}"#), Some(1.0), "{text}");
    assert_eq!(value(&text, r#"waypoint_mail_total{outcome="retried"}"#), Some(1.0), "{text}");
    assert_eq!(value(&text, r#"waypoint_jobs_failed_total{outcome="retried"}"#), Some(1.0), "{text}");
    assert_eq!(value(&text, "waypoint_jobs_pending"), Some(1.0), "the mail waits for its retry: {text}");
}

#[tokio::test]
async fn kept_list_pages_count_their_rebuilds_and_hits() {
    let app = TestApp::with_settings(app_settings()).await;
    app.get("/api/v1/circles/").send().await.assert_status(200);
    app.get("/api/v1/circles/").send().await.assert_status(200);
    app.get("/api/v1/circles/").send().await.assert_status(200);
    let (_, _, text) = scrape(&app).await;
    assert_eq!(value(&text, r#"waypoint_page_cache_total{event="rebuild",list="groups"}"#), Some(1.0), "{text}");
    assert_eq!(value(&text, r#"waypoint_page_cache_total{event="hit",list="groups"}"#), Some(2.0), "{text}");
}

#[tokio::test]
async fn open_sockets_are_counted_while_they_are_open() {
    let app = TestApp::with_settings(app_settings()).await;
    let (_, token) = member(&app, "ada@example.com").await;
    let address = app.serve().await;
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/{token}/")).await.unwrap();
    let open = wait_for(&app, "waypoint_sockets_open", 1.0).await;
    assert_eq!(open, 1.0);
    let (_, _, text) = scrape(&app).await;
    assert!(!text.contains(&token) && !text.contains("ada@"), "no token or user in the series");
    drop(socket);
    assert_eq!(wait_for(&app, "waypoint_sockets_open", 0.0).await, 0.0);
}

/// The series' value once it equals `expected` (within two seconds), else its last value.
async fn wait_for(app: &TestApp, series: &str, expected: f64) -> f64 {
    let mut last = f64::NAN;
    for _ in 0..40 {
        let (_, _, text) = scrape(app).await;
        last = value(&text, series).unwrap_or(f64::NAN);
        if last == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    last
}
