//! The write generations kept in memory on PostgreSQL (`store::generations`, migration
//! m0047): a kept page costs no statement once the instance hears the notices, and a write
//! made on one instance (or straight to the database) reaches another instance's kept pages
//! and views as soon as its notice does, on either database.

use std::time::{Duration, Instant};

use sea_orm::{ActiveModelTrait, DbBackend, Set};
use serde_json::Value;

use store::queries::memberships;

use crate::{
    common::{StatementLog, TestApp},
    groups::{circle_body, create, setup, Setup},
    matching::fixtures::{group, member, slugs, topic, GroupSpec},
};

fn on_postgres(app: &TestApp) -> bool {
    app.db.get_database_backend() == DbBackend::Postgres
}

/// Waits (five seconds at the most) until the instance reads generations from memory.
async fn heard(app: &TestApp) {
    let started = Instant::now();
    while !app.state.generations.is_live() {
        assert!(started.elapsed() < Duration::from_secs(5), "the generation listener never subscribed");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// On PostgreSQL, waits until the instance reads generations from memory (elsewhere they are
/// always read from the database): for tests of what is kept to hold on both paths.
pub(crate) async fn listening(app: &TestApp) {
    if on_postgres(app) {
        heard(app).await;
    }
}

/// Asks `path` of `app` without waiting for notices (as a request racing a write made
/// elsewhere) until `shows` holds, for `within` at the most; the answer that held.
async fn eventually(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    within: Duration,
    shows: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let answer = app.get(path).token_if(token).without_catching_up().send().await;
        answer.assert_status(200);
        let answer = answer.json();
        if shows(&answer) {
            return answer;
        }
        assert!(started.elapsed() < within, "{path} still shows {answer} after {within:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn names(answer: &Value) -> Vec<String> {
    answer["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn a_kept_page_reads_no_generation_once_the_notices_are_heard() {
    let (app, log) = TestApp::with_statement_log().await;
    if !on_postgres(&app) {
        return; // SQLite reads its generation inside the process (list_pages.rs holds it to one).
    }
    heard(&app).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    for (path, token) in [("/api/v1/circles/", None), ("/api/v1/identity/", Some(token.as_str()))] {
        // A member's first identity makes their profile (a write of theirs); the second is kept.
        app.get_json(path, token).await;
        let first = app.get_json(path, token).await;
        log.clear();
        let again = app.get_json(path, token).await;
        let statements = log.taken();
        assert_eq!(first, again);
        assert!(
            !statements.iter().any(|sql| sql.contains("_generations")),
            "{path} read a generation: {statements:#?}"
        );
        if token.is_none() {
            assert_eq!(statements, Vec::<String>::new(), "a guest's kept page reads nothing at all");
        }
    }
}

#[tokio::test]
async fn a_write_on_one_instance_reaches_the_kept_pages_and_views_of_another() {
    let app = TestApp::new().await;
    let other = app.another_instance();
    if on_postgres(&app) {
        heard(&app).await;
        heard(&other).await;
    }
    let Setup { admin_token, topic, org, .. } = setup(&app).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada_token = app.token_for(ada.id);
    // The other instance keeps the site's page and Ada's identity as they are.
    let list = "/api/v1/circles/";
    assert!(names(&other.get_json(list, None).await).is_empty());
    assert_eq!(other.get_json("/api/v1/identity/", Some(&ada_token)).await["data"]["first_name"], "Test");

    // A circle made through the first instance: on its own page at once, on the other's
    // within a moment (its notice's way), well before the second a generation is trusted.
    create(&app, &admin_token, &circle_body(org, topic, "Heard")).await;
    let wait = Duration::from_millis(300);
    assert_eq!(names(&app.get(list).without_catching_up().send().await.json()), ["Heard"]);
    eventually(&other, list, None, wait, |page| names(page) == ["Heard"]).await;

    // Her name, written straight to the database: the person's notice.
    let mut user: store::entities::users::ActiveModel = ada.into();
    user.first_name = Set("Augusta".into());
    user.update(&app.db).await.unwrap();
    eventually(&other, "/api/v1/identity/", Some(&ada_token), wait, |me| me["data"]["first_name"] == "Augusta").await;
}

#[tokio::test]
async fn kept_recommendations_read_no_stamps_and_follow_a_join_made_elsewhere() {
    let (app, log) = TestApp::with_statement_log().await;
    let t = app.default_tenant.clone();
    let ux = topic(&app, &t, "UX Research").await;
    let circle =
        group(&app, &t, GroupSpec { name: "UX Research Circle", topics: vec![ux], ..Default::default() }).await;
    let lee = member(&app, &t, "lee@example.com", "Designer", &[ux], "Kenya", 3).await;
    app.index_matching().await;
    let other = app.another_instance();
    if on_postgres(&app) {
        heard(&app).await;
        heard(&other).await;
    }
    let token = app.token_for(lee.id);
    let path = "/api/v1/recommended-entities/?entity_type=circle";
    let first = app.get_json(path, Some(&token)).await;
    assert_eq!(slugs(&first["data"]), vec![circle.slug]);
    log.clear();
    assert_eq!(app.get_json(path, Some(&token)).await, first, "kept");
    let statements = log.taken();
    if on_postgres(&app) {
        assert!(
            !statements.iter().any(|sql| sql.contains("match_generations") || sql.contains("match_members")),
            "kept recommendations read their stamps: {statements:#?}"
        );
    }

    // The other instance keeps her list too; she joins the circle (straight to the database,
    // as another instance would): it leaves her list there within a moment.
    assert_eq!(other.get_json(path, Some(&token)).await, first);
    memberships::upsert(&app.db, circle.id, lee.id, "member", "accepted").await.unwrap();
    eventually(&other, path, Some(&token), Duration::from_millis(300), |list| slugs(&list["data"]).is_empty()).await;
}

#[tokio::test]
async fn off_the_generations_are_read_every_time() {
    let settings = api::Settings { generation_notices: false, ..api::Settings::for_tests() };
    let app = TestApp::with_settings(settings).await;
    assert!(!app.state.generations.is_live());
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!app.state.generations.is_live(), "no listener subscribes when they are off");
    let Setup { admin_token, topic, org, .. } = setup(&app).await;
    assert!(names(&app.get_json("/api/v1/circles/", None).await).is_empty());
    create(&app, &admin_token, &circle_body(org, topic, "Read")).await;
    assert_eq!(names(&app.get_json("/api/v1/circles/", None).await), ["Read"]);
}

#[tokio::test]
async fn statements_of_a_kept_page_are_the_same_with_the_listener_off_on_sqlite() {
    // On SQLite the listener never starts: the generation is one statement, as before.
    let (app, log) = TestApp::with_statement_log().await;
    if on_postgres(&app) {
        return;
    }
    assert!(!app.state.generations.is_live());
    app.get_json("/api/v1/circles/", None).await;
    log.clear();
    app.get_json("/api/v1/circles/", None).await;
    let statements = log.taken();
    assert_eq!(StatementLog::reads(&statements), 1, "{statements:#?}");
    assert!(statements[0].contains("list_generations"));
}

/// On PostgreSQL with the notices heard, a signed-in request does not read its token's user
/// again once its person generation is in memory: it is kept per person generation, so a
/// deactivation (a write to `users`, made here around the API) turns the token away at once,
/// on both databases.
#[tokio::test]
async fn a_token_user_is_kept_on_postgres_and_a_deactivation_counts_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    listening(&app).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    // The identity reads her generation; the next request files her user under it; the one
    // after reads none (a generation is trusted for a second: a slow machine may take more).
    let mut user_reads = Vec::new();
    for _ in 0..6 {
        log.clear();
        app.get_json("/api/v1/identity/", Some(&token)).await;
        let statements = log.taken();
        user_reads.push(statements.iter().filter(|sql| sql.contains("FROM \"users\"")).count());
    }
    if on_postgres(&app) {
        assert!(user_reads.contains(&0), "the token's user was read every time: {user_reads:?}");
    } else {
        assert!(user_reads.iter().all(|reads| *reads == 1), "{user_reads:?}");
    }

    let mut user: store::entities::users::ActiveModel = ada.into();
    user.is_active = Set(false);
    user.update(&app.db).await.unwrap();
    let answer = app.get("/api/v1/identity/").token(&token).send().await;
    assert_eq!(answer.error(401)["code"], "token_not_valid");
}
