//! The dev mailbox shows every tenant's reset links and codes, so it must be reachable only
//! when switched on, without SMTP, and from this machine (issue 11's account-takeover hole).

use serde_json::json;

use crate::common::TestApp;

async fn ask_for_a_reset_link(app: &TestApp) {
    app.add_user("sam@example.com").await;
    app.post("/api/v1/forgot-password/").json(&json!({"email": "sam@example.com"})).send().await.assert_status(200);
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
}

#[tokio::test]
async fn off_by_default_the_mailbox_does_not_exist_for_anyone() {
    let settings = api::Settings { dev_mailbox: false, ..api::Settings::for_tests() };
    let app = TestApp::with_settings(settings).await;
    ask_for_a_reset_link(&app).await;
    app.get("/dev/mailbox.json").send().await.error(404);
    let page = app.get("/dev/mailbox").send().await;
    page.assert_status(404);
    assert!(!page.text().contains("reset-password"), "the page leaks nothing");
    // The mail itself is still kept in the outbox until it can be delivered.
    let kept = store::queries::mail::latest(&app.db, 10).await.unwrap();
    assert_eq!(kept.len(), 1);
    assert!(kept[0].text_body.contains("/reset-password/"));
}

#[tokio::test]
async fn switched_on_it_answers_loopback_callers_only() {
    let app = TestApp::new().await;
    ask_for_a_reset_link(&app).await;

    let mails = app.get("/dev/mailbox.json").send().await.json();
    assert!(mails[0]["text_body"].as_str().unwrap().contains("/reset-password/"));
    assert!(app.get("/dev/mailbox").send().await.text().contains("reset-password"));

    for outsider in ["203.0.113.9:40000", "10.0.0.7:5555", "[2001:db8::1]:443"] {
        let res = app.get("/dev/mailbox.json").peer(outsider).send().await;
        res.assert_status(404);
        assert!(!res.text().contains("reset-password"), "{outsider} reads nothing");
        app.get("/dev/mailbox").peer(outsider).send().await.assert_status(404);
    }
}

#[tokio::test]
async fn a_request_relayed_by_a_local_proxy_is_not_local() {
    let app = TestApp::new().await;
    ask_for_a_reset_link(&app).await;
    // A reverse proxy on this machine connects from loopback but names the real client.
    for (header, value) in [
        ("x-forwarded-for", "203.0.113.9"),
        ("x-forwarded-for", "127.0.0.1"),
        ("forwarded", "for=203.0.113.9"),
        ("x-real-ip", "203.0.113.9"),
    ] {
        let res = app.get("/dev/mailbox.json").header(header, value).send().await;
        res.assert_status(404);
        assert!(!res.text().contains("reset-password"), "{header}: {value}");
    }
}

#[tokio::test]
async fn with_smtp_the_mailbox_stays_off_even_when_asked_for() {
    let settings =
        api::Settings { smtp_url: Some("smtp://127.0.0.1:9".into()), dev_mailbox: true, ..api::Settings::for_tests() };
    let app = TestApp::with_settings(settings).await;
    app.get("/dev/mailbox.json").send().await.error(404);
}
