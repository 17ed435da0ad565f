//! One-to-one chat over HTTP: opening a room (gated by `one_to_one_chat`, one room per pair,
//! even when both start at once), sending (in the room only, sanitised, at most 4000
//! characters), history 50 a page with scroll-back, and unread counts per room.

use serde_json::{json, Value};
use store::{entities::users, queries::tenants::TenantRecord};

use crate::common::{TestApp, TestResponse};

/// Gives everyone on the site the free plan, with or without one-to-one chat.
pub(crate) async fn free_plan(app: &TestApp, tenant: &TenantRecord, chat: bool) {
    let admin = app.add_member(&format!("plans@{}", tenant.tenant.domain), tenant, "admin").await;
    app.post("/api/v1/subscription-plans/")
        .host(&tenant.tenant.domain)
        .token(&app.token_for(admin.id))
        .json(&json!({
            "name": "Free",
            "description": "The free plan",
            "subscription_tier": 0,
            "trial_days": 0,
            "included_features": ["Chat"],
            "use_ama": false,
            "one_to_one_chat": chat,
            "can_use_premium_agents": false,
            "can_create_membership_card": false,
            "can_view_premium_resources": false,
            "circle_discount_percent": 0,
            "prices": [{"unit_amount": 0, "recurring": "month"}]
        }))
        .send()
        .await
        .assert_status(201);
}

pub(crate) async fn member(app: &TestApp, email: &str) -> (users::Model, String) {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    (user, token)
}

pub(crate) async fn open_room(app: &TestApp, token: &str, other: i64) -> TestResponse {
    app.post_json("/api/v1/room/", token, &json!({"type": "ONE_TO_ONE", "user_ids": [other]})).await
}

/// Opens (or finds) the one-to-one room with `other`; its id.
pub(crate) async fn room_id(app: &TestApp, token: &str, other: i64) -> i64 {
    open_room(app, token, other).await.json()["data"]["id"].as_i64().unwrap()
}

pub(crate) async fn send(app: &TestApp, token: &str, room: i64, body: Value) -> TestResponse {
    app.post_json(&format!("/api/v1/chats/{room}/"), token, &body).await
}

async fn rooms(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/room/").token(token).send().await;
    answer.assert_status(200);
    answer.json()
}

#[tokio::test]
async fn starting_a_chat_needs_the_flag_and_finds_the_same_room_again() {
    let app = TestApp::new().await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let e = open_room(&app, &ada_token, bob.id).await.error(403);
    assert_eq!(e["detail"], "You cannot currently initiate a chat.");
    free_plan(&app, &app.default_tenant, true).await;

    let made = open_room(&app, &ada_token, bob.id).await;
    made.assert_status(201);
    let room = made.json()["data"].clone();
    assert_eq!(room["type"], "ONE_TO_ONE");
    assert_eq!(room["name"], "Test User");
    let mut people: Vec<i64> = room["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    people.sort_unstable();
    assert_eq!(people, vec![ada.id, bob.id]);
    assert_eq!(room["unread_count"], 0);
    assert_eq!(room["last_message"], Value::Null);
    // Again, or from the other side, with the caller named too: the same room.
    let again = open_room(&app, &ada_token, bob.id).await;
    again.assert_status(200);
    assert_eq!(again.json()["data"]["id"], room["id"]);
    let other_side =
        app.post_json("/api/v1/room/", &bob_token, &json!({"type": "ONE_TO_ONE", "user_ids": [bob.id, ada.id]})).await;
    other_side.assert_status(200);
    assert_eq!(other_side.json()["data"]["id"], room["id"]);
    assert_eq!(rooms(&app, &ada_token).await["pagination"]["count"], 1);
}

#[tokio::test]
async fn two_starts_at_once_make_one_room() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let (a, b) = tokio::join!(open_room(&app, &ada_token, bob.id), open_room(&app, &bob_token, ada.id));
    let (a, b) = (a.json()["data"]["id"].clone(), b.json()["data"]["id"].clone());
    assert!(a.is_i64());
    assert_eq!(a, b);
    assert_eq!(rooms(&app, &bob_token).await["pagination"]["count"], 1);
}

#[tokio::test]
async fn who_one_may_chat_with() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let e = open_room(&app, &ada_token, ada.id).await.error(400);
    assert_eq!(e["field_errors"]["user_ids"][0], "You cannot start a chat with yourself.");
    let e = app.post_json("/api/v1/room/", &ada_token, &json!({"user_ids": []})).await.error(400);
    assert_eq!(e["field_errors"]["user_ids"][0], "Choose the one person to chat with.");
    let e = app.post_json("/api/v1/room/", &ada_token, &json!({"type": "GROUP", "user_ids": [2]})).await.error(400);
    assert_eq!(e["field_errors"]["type"][0], "\"GROUP\" is not a valid choice.");
    // Someone of another site only, or nobody: 404.
    let other = app.add_tenant("other.test", "Other Org").await;
    let stranger = app.add_member("zed@other.test", &other, "member").await;
    assert_eq!(open_room(&app, &ada_token, stranger.id).await.error(404)["detail"], "User not found.");
    open_room(&app, &ada_token, 999_999).await.error(404);
    app.post("/api/v1/room/").json(&json!({"user_ids": [2]})).send().await.error(401);
}

#[tokio::test]
async fn messages_are_checked_kept_to_the_room_and_counted_unread() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (_, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let (_, cy_token) = member(&app, "cy@example.com").await;
    let room = room_id(&app, &ada_token, bob.id).await;

    let sent = send(&app, &ada_token, room, json!({"type": "text", "value": "Hello Bob"})).await;
    sent.assert_status(201);
    let message = sent.json()["data"].clone();
    assert_eq!(message["room"], room);
    assert_eq!(message["messages"], json!([{"type": "text", "value": "Hello Bob"}]));
    assert_eq!(message["recipient"]["id"], bob.id);
    assert_eq!(message["sender"]["type"], "user");
    let html =
        send(&app, &ada_token, room, json!({"type": "html", "value": "<strong>hi</strong><script>x()</script>"})).await;
    assert_eq!(html.json()["data"]["messages"][0]["value"], "<strong>hi</strong>");

    let e = send(&app, &ada_token, room, json!({"value": "x".repeat(4001)})).await.error(400);
    assert_eq!(e["field_errors"]["value"][0], "Ensure this field has no more than 4000 characters.");
    send(&app, &ada_token, room, json!({"value": "x".repeat(4000)})).await.assert_status(201);
    let e = send(&app, &ada_token, room, json!({"value": "   "})).await.error(400);
    assert_eq!(e["field_errors"]["value"][0], "This field may not be blank.");
    let e = send(&app, &cy_token, room, json!({"value": "let me in"})).await.error(403);
    assert_eq!(e["detail"], "You are not a member of this chat room.");
    app.get(&format!("/api/v1/chats/{room}/")).token(&cy_token).send().await.error(403);
    send(&app, &ada_token, 999_999, json!({"value": "anyone?"})).await.error(404);

    // Bob has three unread messages; the room shows the last one.
    let bobs = rooms(&app, &bob_token).await;
    assert_eq!(bobs["data"][0]["unread_count"], 3);
    assert_eq!(bobs["data"][0]["last_message"]["messages"][0]["value"], "x".repeat(4000));
    assert_eq!(rooms(&app, &ada_token).await["data"][0]["unread_count"], 0, "one's own messages are read");
    let history = app.get(&format!("/api/v1/chats/{room}/")).token(&bob_token).send().await;
    history.assert_status(200);
    assert_eq!(history.json()["pagination"]["count"], 3);
    assert_eq!(history.json()["data"][2]["messages"][0]["value"], "Hello Bob", "newest first");
    assert_eq!(rooms(&app, &bob_token).await["data"][0]["unread_count"], 0, "reading the room marks it read");
    let via_chats = app.get("/api/v1/chats/").token(&bob_token).send().await;
    assert_eq!(via_chats.json()["data"][0]["id"], room);
}

#[tokio::test]
async fn history_is_fifty_a_page_with_stable_scroll_back() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (_, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let room = room_id(&app, &ada_token, bob.id).await;
    for i in 0..53 {
        send(&app, &ada_token, room, json!({"value": format!("m{i}")})).await.assert_status(201);
    }
    let first = app.get(&format!("/api/v1/chats/{room}/")).token(&bob_token).send().await.json();
    let items = first["data"].as_array().unwrap();
    assert_eq!(items.len(), 50);
    assert_eq!(items[0]["messages"][0]["value"], "m52");
    assert!(first["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let oldest = items[49]["id"].as_i64().unwrap();
    // A new message arrives meanwhile; scrolling back from the oldest seen is unaffected.
    send(&app, &ada_token, room, json!({"value": "late"})).await.assert_status(201);
    let back = app.get(&format!("/api/v1/chats/{room}/?before={oldest}")).token(&bob_token).send().await.json();
    let values: Vec<&str> =
        back["data"].as_array().unwrap().iter().map(|m| m["messages"][0]["value"].as_str().unwrap()).collect();
    assert_eq!(values, vec!["m2", "m1", "m0"]);
    app.get(&format!("/api/v1/chats/{room}/?before=abc")).token(&bob_token).send().await.error(400);
}

#[tokio::test]
async fn rooms_belong_to_their_site() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let (bob, _) = member(&app, "bob@example.com").await;
    let room = room_id(&app, &ada_token, bob.id).await;
    let other = app.add_tenant("other.test", "Other Org").await;
    store::queries::memberships::upsert(&app.db, other.organization.id, ada.id, "member", "accepted").await.unwrap();
    app.get(&format!("/api/v1/chats/{room}/")).host("other.test").token(&ada_token).send().await.error(404);
    app.post(&format!("/api/v1/chats/{room}/"))
        .host("other.test")
        .token(&ada_token)
        .json(&json!({"value": "hi"}))
        .send()
        .await
        .error(404);
    let elsewhere = app.get("/api/v1/room/").host("other.test").token(&ada_token).send().await;
    assert_eq!(elsewhere.json()["pagination"]["count"], 0);
}
