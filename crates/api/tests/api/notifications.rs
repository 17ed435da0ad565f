//! In-app notifications: written with the change that causes them (a follow, a join
//! request, an answer to it), listed 12 a page, counted on identity, marked read one by one
//! or all at once, and kept to their person and site.

use serde_json::{json, Value};

use crate::{
    common::{StatementLog, TestApp},
    membership::{circle, id_of, join, person, respond, world},
};

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    let answer = app.get(&format!("/api/v1/notification/{query}")).token(token).send().await;
    answer.assert_status(200);
    answer.json()
}

async fn unread(app: &TestApp, token: &str) -> u64 {
    let me = app.get("/api/v1/identity/").token(token).send().await;
    me.assert_status(200);
    me.json()["data"]["unread_notifications_count"].as_u64().unwrap()
}

async fn follow(app: &TestApp, token: &str, id: i64) {
    app.post_json("/api/v1/follow/", token, &json!({"id": id, "type": "user", "action": "follow"}))
        .await
        .assert_status(200);
}

#[tokio::test]
async fn a_new_follower_is_told_once_and_it_is_marked_read_on_click() {
    let app = TestApp::new().await;
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    assert_eq!(unread(&app, &bob_token).await, 0);
    let empty = list(&app, &bob_token, "").await;
    assert_eq!(empty["pagination"], json!({"count": 0, "next": null}));

    follow(&app, &ada_token, bob.id).await;
    // Following again is no new follow, so no new notification.
    follow(&app, &ada_token, bob.id).await;
    assert_eq!(unread(&app, &bob_token).await, 1);
    let page = list(&app, &bob_token, "").await;
    assert_eq!(page["pagination"]["count"], 1);
    let n = &page["data"][0];
    assert_eq!(n["type"], "user_connection");
    assert_eq!(n["notification_type"], "follow");
    assert_eq!(n["message"], "Test User started following you.");
    assert_eq!(n["is_read"], false);
    let slug = n["data"]["name_slug"].as_str().unwrap();
    assert_eq!(n["data"]["path"], format!("/profile/{slug}"));
    // The follower is told nothing.
    assert_eq!(unread(&app, &ada_token).await, 0);
    let _ = ada;

    let id = n["id"].as_i64().unwrap();
    // The wrong type, someone else's notification, or an unknown one: 404.
    app.post(&format!("/api/v1/notification/{id}/circle/")).token(&bob_token).send().await.error(404);
    app.post(&format!("/api/v1/notification/{id}/job/")).token(&bob_token).send().await.error(404);
    app.post(&format!("/api/v1/notification/{id}/user_connection/")).token(&ada_token).send().await.error(404);
    app.post("/api/v1/notification/999999/user_connection/").token(&bob_token).send().await.error(404);
    app.post(&format!("/api/v1/notification/{id}/user_connection/")).send().await.error(401);
    let read = app.post(&format!("/api/v1/notification/{id}/user_connection/")).token(&bob_token).send().await;
    read.assert_status(200);
    assert_eq!(read.json()["data"]["is_read"], true);
    assert_eq!(unread(&app, &bob_token).await, 0);
    assert_eq!(list(&app, &bob_token, "").await["data"][0]["is_read"], true);
}

#[tokio::test]
async fn twelve_a_page_newest_first_and_read_all() {
    let app = TestApp::new().await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    for i in 0..13 {
        let (_, token) = person(&app, &format!("f{i}@example.com")).await;
        follow(&app, &token, bob.id).await;
    }
    assert_eq!(unread(&app, &bob_token).await, 13);
    let first = list(&app, &bob_token, "").await;
    assert_eq!(first["data"].as_array().unwrap().len(), 12);
    assert_eq!(first["pagination"]["count"], 13);
    assert!(first["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let second = list(&app, &bob_token, "?page=2").await;
    assert_eq!(second["data"].as_array().unwrap().len(), 1);
    assert_eq!(second["pagination"]["next"], Value::Null);
    let ids: Vec<i64> = first["data"].as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    assert!(second["data"][0]["id"].as_i64().unwrap() < *ids.last().unwrap());
    app.get("/api/v1/notification/?page=0").token(&bob_token).send().await.error(400);

    let all = app.post("/api/v1/notification/read-all/").token(&bob_token).send().await;
    all.assert_status(200);
    assert_eq!(all.json()["data"], json!({"marked": 13, "unread_notifications_count": 0}));
    assert_eq!(unread(&app, &bob_token).await, 0);
    app.post("/api/v1/notification/read-all/").send().await.error(401);
}

/// A page asked for again reads no notification (it is kept per the person's generation,
/// m0050), and every write to the person's notifications shows at the next request.
#[tokio::test]
async fn a_kept_page_of_notifications_shows_every_write_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    let (fan, token) = person(&app, "fan@example.com").await;
    follow(&app, &token, bob.id).await;
    list(&app, &bob_token, "").await;
    list(&app, &bob_token, "").await;
    log.clear();
    let page = list(&app, &bob_token, "").await;
    let statements = log.taken();
    assert_eq!(page["pagination"]["count"], 1);
    assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
    // The user (the token's), then the person's generations and the site's in one statement.
    assert!(StatementLog::reads(&statements) <= 2, "a kept page of notifications read {statements:#?}");
    for table in ["\"notifications\"", "\"group_post_notices\""] {
        assert!(!statements.iter().any(|sql| sql.contains(table)), "no {table} read: {statements:#?}");
    }
    // The identity's badge: its first read writes his profile, which moves his generation.
    unread(&app, &bob_token).await;
    unread(&app, &bob_token).await;
    log.clear();
    assert_eq!(unread(&app, &bob_token).await, 1);
    let statements = log.taken();
    assert!(!statements.iter().any(|sql| sql.contains("\"notifications\"")), "kept badge read {statements:#?}");

    // Written straight to the database, around the API: the triggers move his generation.
    let id = app.write_notification(bob.id, fan.id, "Written elsewhere").await;
    let page = list(&app, &bob_token, "").await;
    assert_eq!(page["pagination"]["count"], 2);
    assert_eq!(page["data"][0]["message"], "Written elsewhere");
    assert_eq!(unread(&app, &bob_token).await, 2);

    // Marked read through the API, then deleted around it.
    app.post_json(&format!("/api/v1/notification/{id}/user_connection/"), &bob_token, &json!({}))
        .await
        .assert_status(200);
    assert_eq!(list(&app, &bob_token, "").await["data"][0]["is_read"], true);
    assert_eq!(unread(&app, &bob_token).await, 1);
    use sea_orm::EntityTrait;
    store::entities::notifications::Entity::delete_by_id(id).exec(&app.db).await.unwrap();
    assert_eq!(list(&app, &bob_token, "").await["pagination"]["count"], 1);

    // Another person's page is their own.
    assert_eq!(list(&app, &token, "").await["pagination"]["count"], 0);
}

#[tokio::test]
async fn join_requests_tell_the_administrators_and_answers_tell_the_applicant() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "AI Ethics", |_| {}).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    join(&app, &ada_token, id, json!({})).await.assert_status(200);
    let admin_page = list(&app, &w.admin_token, "").await;
    let n = &admin_page["data"][0];
    assert_eq!((n["type"].as_str(), n["notification_type"].as_str()), (Some("circle"), Some("join_request")));
    assert_eq!(n["message"], "Test User asked to join AI Ethics.");
    assert_eq!(n["data"]["group_type"], "circle");
    assert!(n["data"]["path"].as_str().unwrap().starts_with("/circle/"));

    respond(&app, &w.admin_token, id, json!({"users": [ada.id], "action": "accept"})).await.assert_status(200);
    let page = list(&app, &ada_token, "").await;
    assert_eq!(page["data"][0]["notification_type"], "membership_accepted");
    assert_eq!(page["data"][0]["message"], "Your request to join AI Ethics was accepted.");
    // The administrator's own answer is not news to them.
    assert_eq!(list(&app, &w.admin_token, "").await["pagination"]["count"], 1);
}

#[tokio::test]
async fn a_refused_change_leaves_no_notification() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Closed Doors", |_| {}).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    // Not pending: the whole answer is refused, and nobody is told anything.
    respond(&app, &w.admin_token, id, json!({"users": [ada.id], "action": "accept"})).await.error(400);
    assert_eq!(unread(&app, &ada_token).await, 0);
}

#[tokio::test]
async fn notifications_stay_on_their_site() {
    let app = TestApp::new().await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    let (_, ada_token) = person(&app, "ada@example.com").await;
    follow(&app, &ada_token, bob.id).await;
    let other = app.add_tenant("other.test", "Other Org").await;
    store::queries::memberships::upsert(&app.db, other.organization.id, bob.id, "member", "accepted").await.unwrap();
    let elsewhere = app.get("/api/v1/notification/").host("other.test").token(&bob_token).send().await;
    assert_eq!(elsewhere.json()["pagination"]["count"], 0);
    let id = list(&app, &bob_token, "").await["data"][0]["id"].as_i64().unwrap();
    app.post(&format!("/api/v1/notification/{id}/user_connection/"))
        .host("other.test")
        .token(&bob_token)
        .send()
        .await
        .error(404);
    assert_eq!(unread(&app, &bob_token).await, 1);
}

#[tokio::test]
async fn a_confirmed_payment_tells_the_payer_online_or_by_the_administrators() {
    use crate::payments::{pay, session_of, CARD_OK};
    let app = TestApp::new().await;
    let w = world(&app).await;
    let paid = |name: &'static str| {
        circle(&app, &w, name, |b| {
            b["is_paid"] = json!(true);
            b["price"] = json!("49");
        })
    };
    let online = id_of(&paid("Prompt Craft").await);
    let (ada, token) = person(&app, "ada@example.com").await;
    let started = app
        .post_json(
            "/api/v1/payment/create-one-time-payment/",
            &token,
            &json!({"entity_type": "group", "group_id": online}),
        )
        .await;
    started.assert_status(200);
    let session = session_of(started.json()["data"].as_str().unwrap());
    pay(&app, &token, &session, CARD_OK).await.assert_status(200);
    let page = list(&app, &token, "").await;
    assert_eq!(page["pagination"]["count"], 1);
    let n = &page["data"][0];
    assert_eq!((n["type"].as_str(), n["notification_type"].as_str()), (Some("circle"), Some("payment_confirmed")));
    assert_eq!(n["message"], "Your payment for Prompt Craft is confirmed.");
    assert!(n["data"]["path"].as_str().unwrap().starts_with("/circle/prompt-craft"));

    // Marked paid by an administrator: told once, not again when marked paid twice.
    let offline = id_of(&paid("Offline Craft").await);
    app.post_json(
        &format!("/api/v1/groups/{offline}/add-member/"),
        &w.admin_token,
        &json!({"user": ada.id, "role": "member"}),
    )
    .await
    .assert_status(200);
    for _ in 0..2 {
        app.post_json(
            &format!("/api/v1/groups/{offline}/payment-confirmation/"),
            &w.admin_token,
            &json!({"user": ada.id, "action": "accept"}),
        )
        .await
        .assert_status(200);
    }
    let page = list(&app, &token, "").await;
    let paid_notices: Vec<&str> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["notification_type"] == "payment_confirmed")
        .map(|n| n["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        paid_notices,
        vec!["Your payment for Offline Craft is confirmed.", "Your payment for Prompt Craft is confirmed."]
    );
}
