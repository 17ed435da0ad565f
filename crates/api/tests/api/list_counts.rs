//! The group lists' page counts are kept per (tenant, filter, viewer) while the tenant does
//! not write (issue 11): they must stay exact after every kind of write the counts read,
//! and a repeated page must not count again.

use axum::http::Method;
use sea_orm::{EntityTrait, ModelTrait};
use serde_json::{json, Value};
use store::entities::groups;

use crate::{
    common::TestApp,
    groups::{circle_body, create, day, topic},
};

async fn count(app: &TestApp, path: &str, token: Option<&str>) -> u64 {
    let mut request = app.get(path);
    if let Some(token) = token {
        request = request.token(token);
    }
    let answer = request.send().await;
    answer.assert_status(200);
    answer.json()["pagination"]["count"].as_u64().unwrap()
}

async fn patch(app: &TestApp, token: &str, id: i64, body: Value) {
    app.request(Method::PATCH, &format!("/api/v1/groups/{id}/"))
        .token(token)
        .json(&body)
        .send()
        .await
        .assert_status(200);
}

#[tokio::test]
async fn counts_stay_exact_after_creates_edits_lifecycle_changes_and_deletes() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let ml = topic(&app, &app.default_tenant, "Machine Learning").await;
    let art = topic(&app, &app.default_tenant, "Art").await;
    let open = "/api/v1/circles/?circle_status=2";
    let running = "/api/v1/circles/?circle_status=4";
    let about_ml = format!("/api/v1/circles/?topics={ml}");

    let first = create(&app, &token, &circle_body(org, ml, "First")).await["id"].as_i64().unwrap();
    assert_eq!((count(&app, "/api/v1/circles/", None).await, count(&app, open, None).await), (1, 1));
    // Asked again (now from the kept count), and again after a second circle.
    assert_eq!(count(&app, "/api/v1/circles/", None).await, 1);
    let second = create(&app, &token, &circle_body(org, ml, "Second")).await["id"].as_i64().unwrap();
    assert_eq!((count(&app, "/api/v1/circles/", None).await, count(&app, open, None).await), (2, 2));
    assert_eq!(count(&app, &about_ml, None).await, 2);

    // A lifecycle change: the second circle starts running.
    patch(
        &app,
        &token,
        second,
        json!({"application_open_date": day(-30), "application_close_date": day(-20), "start_date": day(-10)}),
    )
    .await;
    assert_eq!((count(&app, open, None).await, count(&app, running, None).await), (1, 1));

    // Its topics change: the topic filter follows.
    patch(&app, &token, second, json!({"topics": [art]})).await;
    assert_eq!(count(&app, &about_ml, None).await, 1);

    // Made private: guests stop counting it, a new member starts to once accepted.
    patch(&app, &token, first, json!({"privacy": 20})).await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);
    assert_eq!(count(&app, "/api/v1/circles/", None).await, 1);
    assert_eq!(count(&app, "/api/v1/circles/", Some(&member_token)).await, 1);
    store::queries::memberships::upsert(&app.db, first, member.id, "member", "accepted").await.unwrap();
    assert_eq!(count(&app, "/api/v1/circles/", Some(&member_token)).await, 2);
    let membership = store::queries::memberships::find(&app.db, first, member.id).await.unwrap().unwrap();
    store::queries::memberships::delete(&app.db, membership.id).await.unwrap();
    assert_eq!(count(&app, "/api/v1/circles/", Some(&member_token)).await, 1);

    // Deleted rows leave the count.
    let gone = groups::Entity::find_by_id(second).one(&app.db).await.unwrap().unwrap();
    gone.delete(&app.db).await.unwrap();
    assert_eq!((count(&app, "/api/v1/circles/", None).await, count(&app, running, None).await), (0, 0));
    assert_eq!(count(&app, "/api/v1/circles/", Some(&token)).await, 1);
}

#[tokio::test]
async fn a_repeated_page_does_not_count_again_and_another_tenant_does_not_share_its_counts() {
    let (app, log) = TestApp::with_statement_log().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let ml = topic(&app, &app.default_tenant, "Machine Learning").await;
    create(&app, &token, &circle_body(app.default_tenant.organization.id, ml, "Only")).await;
    let other = app.add_tenant("other.example.com", "Other").await;

    let list_counts = |statements: Vec<String>| statements.iter().filter(|sql| sql.contains("num_items")).count();
    log.clear();
    assert_eq!(count(&app, "/api/v1/circles/?page=1", None).await, 1);
    assert_eq!(list_counts(log.taken()), 1, "the first page counts");
    log.clear();
    assert_eq!(count(&app, "/api/v1/circles/?page=1", None).await, 1);
    assert_eq!(list_counts(log.taken()), 0, "the same page again does not");

    let answer = app.get("/api/v1/circles/").host("other.example.com").send().await;
    assert_eq!(answer.json()["pagination"]["count"], 0, "{}", other.tenant.domain);
}
