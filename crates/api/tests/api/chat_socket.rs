//! The real-time socket with real WebSocket clients against the server on 127.0.0.1: A sends,
//! B receives; B offline reads the history when back; only one's rooms are delivered; a
//! malformed frame is answered and the socket kept; a revoked sign-in closes the socket. (That
//! the token in the socket's path never reaches the request log is `tests/socket_log.rs`.)

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::{tungstenite::Message, MaybeTlsStream, WebSocketStream};

use crate::{
    chat::{free_plan, member, room_id, send},
    common::{TestApp, PASSWORD},
};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(address: std::net::SocketAddr, token: &str) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/{token}/")).await.unwrap();
    socket
}

/// The next text event, within two seconds.
async fn next_event(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(2), socket.next())
            .await
            .expect("an event within 2 s")
            .expect("the socket is open")
            .expect("a frame");
        match frame {
            Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("expected a text event, got {other:?}"),
        }
    }
}

/// Nothing arrives for a short while.
async fn quiet(socket: &mut Socket) {
    let got = tokio::time::timeout(Duration::from_millis(300), socket.next()).await;
    assert!(got.is_err(), "expected no event, got {got:?}");
}

async fn say(socket: &mut Socket, frame: Value) {
    socket.send(Message::Text(frame.to_string().into())).await.unwrap();
}

#[tokio::test]
async fn a_message_sent_on_one_socket_reaches_the_other_person_only() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let (cy, cy_token) = member(&app, "cy@example.com").await;
    let room = room_id(&app, &ada_token, bob.id).await;
    let other_room = room_id(&app, &ada_token, cy.id).await;
    let address = app.serve().await;
    let mut a = connect(address, &ada_token).await;
    let mut b = connect(address, &bob_token).await;
    let mut c = connect(address, &cy_token).await;

    say(&mut a, json!({"type": "chat_message", "room": room, "message": {"type": "text", "value": "Hi Bob"}})).await;
    let got = next_event(&mut b).await;
    assert_eq!(got["type"], "chat_message");
    assert_eq!(got["room"], room);
    assert_eq!(got["message"]["messages"][0]["value"], "Hi Bob");
    assert_eq!(got["message"]["sender"]["id"], ada.id);
    // The sender's own tab gets the stored message back; Cy, not in the room, gets nothing.
    assert_eq!(next_event(&mut a).await["message"]["id"], got["message"]["id"]);
    quiet(&mut c).await;

    // A message sent over HTTP is delivered the same way; Bob hears nothing of Ada and Cy's room.
    send(&app, &ada_token, other_room, json!({"value": "Hi Cy"})).await.assert_status(201);
    assert_eq!(next_event(&mut c).await["message"]["messages"][0]["value"], "Hi Cy");
    let _ = next_event(&mut a).await;
    quiet(&mut b).await;

    // Bob replies; a room he is not in is refused on the socket, which stays open.
    say(&mut b, json!({"type": "chat_message", "room": other_room, "message": {"value": "sneaky"}})).await;
    let refused = next_event(&mut b).await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["message"], "You are not a member of this chat room.");
    say(&mut b, json!({"type": "chat_message", "room": room, "message": {"value": "x".repeat(4001)}})).await;
    assert_eq!(next_event(&mut b).await["message"], "Ensure this field has no more than 4000 characters.");
    say(&mut b, json!({"type": "chat_message", "room": room, "message": {"value": "Hello Ada"}})).await;
    assert_eq!(next_event(&mut a).await["message"]["messages"][0]["value"], "Hello Ada");
}

#[tokio::test]
async fn malformed_frames_are_answered_and_the_socket_kept() {
    let app = TestApp::new().await;
    let (_, ada_token) = member(&app, "ada@example.com").await;
    let address = app.serve().await;
    let mut a = connect(address, &ada_token).await;
    a.send(Message::Text("{not json".into())).await.unwrap();
    let answer = next_event(&mut a).await;
    assert_eq!(answer["type"], "error");
    assert!(answer["message"].as_str().unwrap().starts_with("Malformed frame"));
    say(&mut a, json!({"type": "dance"})).await;
    assert_eq!(next_event(&mut a).await["message"], "Unknown event type \"dance\".");
    a.send(Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(next_event(&mut a).await["type"], "error");
    say(&mut a, json!({"type": "ping"})).await;
    assert_eq!(next_event(&mut a).await, json!({"type": "pong"}));
}

#[tokio::test]
async fn offline_then_back_reads_the_history_and_hears_notifications() {
    let app = TestApp::new().await;
    free_plan(&app, &app.default_tenant, true).await;
    let (_, ada_token) = member(&app, "ada@example.com").await;
    let (bob, bob_token) = member(&app, "bob@example.com").await;
    let room = room_id(&app, &ada_token, bob.id).await;
    let address = app.serve().await;
    let b = connect(address, &bob_token).await;
    drop(b);
    send(&app, &ada_token, room, json!({"value": "While you were away"})).await.assert_status(201);
    let mut b = connect(address, &bob_token).await;
    let rooms = app.get("/api/v1/room/").token(&bob_token).send().await.json();
    assert_eq!(rooms["data"][0]["unread_count"], 1);
    let history = app.get(&format!("/api/v1/chats/{room}/")).token(&bob_token).send().await.json();
    assert_eq!(history["data"][0]["messages"][0]["value"], "While you were away");

    // A new follower reaches the socket as a notification event.
    app.post_json("/api/v1/follow/", &ada_token, &json!({"id": bob.id, "type": "user"})).await.assert_status(200);
    let event = next_event(&mut b).await;
    assert_eq!(event["type"], "notification");
    assert_eq!(event["notification"]["notification_type"], "follow");
}

#[tokio::test]
async fn a_post_in_a_group_reaches_its_members_sockets_as_a_notification() {
    let app = TestApp::new().await;
    let (_, ada_token) = member(&app, "ada@example.com").await;
    let (_, bob_token) = member(&app, "bob@example.com").await;
    let outsider = app.add_user("cy@example.com").await;
    let address = app.serve().await;
    let mut a = connect(address, &ada_token).await;
    let mut b = connect(address, &bob_token).await;
    let mut b_again = connect(address, &bob_token).await;
    let mut c = connect(address, &app.token_for(outsider.id)).await;

    let organization = app.default_tenant.organization.id;
    let body = json!({"types": ["post"], "content": "<p>Hello everyone</p>", "group": organization});
    app.post_json("/api/v1/contents/", &ada_token, &body).await.assert_status(201);
    // Both of Bob's sockets hear the notification once; it is the row his list shows.
    let event = next_event(&mut b).await;
    assert_eq!(event["type"], "notification");
    assert_eq!(event["notification"]["notification_type"], "group_post");
    assert_eq!(next_event(&mut b_again).await["notification"]["id"], event["notification"]["id"]);
    quiet(&mut b).await;
    let list = app.get("/api/v1/notification/").token(&bob_token).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["id"], event["notification"]["id"]);
    // The author and someone outside the group hear nothing.
    quiet(&mut a).await;
    quiet(&mut c).await;
}

#[tokio::test]
async fn a_bad_token_is_refused_and_a_revoked_sign_in_closes_the_socket() {
    let mut settings = api::Settings::for_tests();
    settings.socket_check_interval = Duration::from_millis(100);
    let app = TestApp::with_settings(settings).await;
    let (user, _) = member(&app, "ada@example.com").await;
    let address = app.serve().await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/not-a-token/")).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => assert_eq!(response.status(), 401),
        other => panic!("expected a 401, got {other:?}"),
    }
    let signed_in =
        app.post("/api/v1/token/").json(&json!({"username": user.email, "password": PASSWORD})).send().await;
    signed_in.assert_status(200);
    let (access, refresh) = (
        signed_in.json()["data"]["access"].as_str().unwrap().to_string(),
        signed_in.json()["data"]["refresh"].as_str().unwrap().to_string(),
    );
    let mut socket = connect(address, &access).await;
    say(&mut socket, json!({"type": "ping"})).await;
    assert_eq!(next_event(&mut socket).await["type"], "pong");
    app.post("/api/v1/logout/").json(&json!({"refresh_token": refresh})).send().await.assert_status(204);
    let closed = tokio::time::timeout(Duration::from_secs(2), socket.next()).await.expect("closed within 2 s");
    match closed {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4003),
        other => panic!("expected a close frame, got {other:?}"),
    }
    // The revoked token cannot open a new socket either.
    assert!(tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/{access}/")).await.is_err());
}
