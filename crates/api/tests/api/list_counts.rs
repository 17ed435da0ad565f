//! The group lists' page counts are kept per (tenant, filter, viewer) while the tenant does
//! not write (issue 11): they must stay exact after every kind of write the counts read,
//! and a repeated page must not count again.

use sea_orm::{EntityTrait, ModelTrait};
use serde_json::json;
use store::entities::groups;

use crate::{
    common::TestApp,
    groups::{circle_body, create, day, edit, setup, topic, Setup},
};

async fn count(app: &TestApp, path: &str, token: Option<&str>) -> u64 {
    app.get_json(path, token).await["pagination"]["count"].as_u64().unwrap()
}

#[tokio::test]
async fn counts_stay_exact_after_creates_edits_lifecycle_changes_and_deletes() {
    let app = TestApp::new().await;
    let Setup { admin_token: token, topic: ml, org, .. } = setup(&app).await;
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
    edit(
        &app,
        &token,
        second,
        json!({"application_open_date": day(-30), "application_close_date": day(-20), "start_date": day(-10)}),
    )
    .await;
    assert_eq!((count(&app, open, None).await, count(&app, running, None).await), (1, 1));

    // Its topics change: the topic filter follows.
    edit(&app, &token, second, json!({"topics": [art]})).await;
    assert_eq!(count(&app, &about_ml, None).await, 1);

    // Made private: guests stop counting it, a new member starts to once accepted.
    edit(&app, &token, first, json!({"privacy": 20})).await;
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
    let Setup { admin_token: token, topic: ml, .. } = setup(&app).await;
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
