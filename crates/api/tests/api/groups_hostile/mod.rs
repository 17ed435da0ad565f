//! Groups, membership, member management, invitations, the circle request and leader
//! applications under bad and hostile requests: every one a 4xx with the API's JSON error
//! body on the right field, never a 5xx, and nothing written. Then the group endpoints the
//! other modules leave out: the groups list, a group's SDGs, the events list's filters, the
//! circle types, who may upload a cover, an event's wait list and the invite checks.

use axum::http::Method;
use serde_json::{json, Value};
use store::entities::users;

use crate::{
    common::{TestApp, TestResponse},
    membership::{circle, id_of, join, person, respond, status_of, world, World},
};

/// A 4xx answer with the API's JSON error body (never a 5xx, an empty or a text body).
#[track_caller]
fn client_error(label: &str, answer: &TestResponse) -> Value {
    let status = answer.status.as_u16();
    assert!((400..500).contains(&status), "{label}: expected a 4xx, got {status}: {}", answer.text());
    let kind = answer.header("content-type").unwrap_or("");
    assert!(kind.starts_with("application/json"), "{label}: error is not JSON ({kind}): {}", answer.text());
    let body: Value = serde_json::from_slice(&answer.bytes)
        .unwrap_or_else(|_| panic!("{label}: unreadable error body: {}", answer.text()));
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{label}: no detail: {body}");
    for key in ["message", "field_errors", "non_field_errors", "code"] {
        assert!(body.get(key).is_some(), "{label}: error body lacks {key}: {body}");
    }
    body
}

/// A 400 whose messages sit on `field` (a `field_errors` key equal to it or below it,
/// e.g. `users[0]` for `users`), or in `non_field_errors` when `field` says so.
#[track_caller]
fn on_field(label: &str, answer: &TestResponse, field: &str) -> Value {
    let body = client_error(label, answer);
    assert_eq!(answer.status.as_u16(), 400, "{label}: {body}");
    if field == "non_field_errors" {
        assert!(body["non_field_errors"].as_array().is_some_and(|m| !m.is_empty()), "{label}: {body}");
        return body;
    }
    let found = body["field_errors"].as_object().and_then(|fields| {
        fields.iter().find(|(key, _)| {
            *key == field
                || key.starts_with(&format!("{field}."))
                || key.starts_with(&format!("{field}["))
                || key.starts_with(&format!("{field}:"))
        })
    });
    let Some((_, messages)) = found else { panic!("{label}: no message on {field}: {body}") };
    assert!(messages.as_array().is_some_and(|m| m.first().is_some_and(Value::is_string)), "{label}: {body}");
    body
}

async fn send_json(app: &TestApp, method: Method, path: &str, token: &str, body: &Value) -> TestResponse {
    app.request(method, path).token(token).json(body).send().await
}

async fn send_raw(app: &TestApp, method: Method, path: &str, token: &str, kind: &str, body: Vec<u8>) -> TestResponse {
    app.request(method, path).token(token).raw(kind, body).send().await
}

/// A circle (with one optional text question) that has a pending applicant and an
/// accepted member; a person outside it; and a pending leader application.
struct Scene {
    w: World,
    circle: i64,
    pending: users::Model,
    member: users::Model,
    outsider_token: String,
    application: i64,
}

async fn scene(app: &TestApp) -> Scene {
    let w = world(app).await;
    let circle = id_of(&circle(app, &w, "Target", |_| {}).await);
    send_json(
        app,
        Method::POST,
        &format!("/api/v1/groups/{circle}/questions/"),
        &w.admin_token,
        &json!({"questions": [{"id": "why", "label": "Why?", "type": "text", "required": false}]}),
    )
    .await
    .assert_status(200);
    let (pending, pending_token) = person(app, "pending@example.com").await;
    let (member, member_token) = person(app, "member@example.com").await;
    let (_, outsider_token) = person(app, "outsider@example.com").await;
    join(app, &pending_token, circle, json!({})).await.assert_status(200);
    join(app, &member_token, circle, json!({})).await.assert_status(200);
    respond(app, &w.admin_token, circle, json!({"users": [member.id], "action": "accept"})).await.assert_status(200);
    let (applicant, _) = person(app, "applicant@example.com").await;
    let application = store::queries::programme::insert_application(
        &app.db,
        app.default_tenant.tenant.id,
        applicant.id,
        None,
        json!({}),
    )
    .await
    .unwrap()
    .id;
    Scene { w, circle, pending, member, outsider_token, application }
}

/// Every write endpoint that takes a JSON body, as its administrator would call it.
fn write_endpoints(s: &Scene) -> Vec<(Method, String)> {
    let g = format!("/api/v1/groups/{}", s.circle);
    vec![
        (Method::POST, "/api/v1/groups/".into()),
        (Method::PATCH, format!("{g}/")),
        (Method::POST, format!("{g}/questions/")),
        (Method::POST, format!("{g}/join/")),
        (Method::POST, format!("{g}/leave/")),
        (Method::POST, format!("{g}/respond-join-request/")),
        (Method::POST, format!("{g}/add-member/")),
        (Method::POST, format!("{g}/remove-member/")),
        (Method::POST, format!("{g}/payment-confirmation/")),
        (Method::POST, format!("{g}/followup-email-unverified/")),
        (Method::POST, "/api/v1/invite-users/".into()),
        (Method::POST, "/api/v1/request-circle/".into()),
        (Method::POST, "/api/v1/leader-applications/".into()),
        (Method::POST, format!("/api/v1/leader-applications/{}/review/", s.application)),
        (Method::POST, "/api/v1/groups/default-org/".into()),
    ]
}

/// What must not change under hostile requests.
async fn unchanged(app: &TestApp, s: &Scene, mails_before: usize) {
    assert_eq!(status_of(app, s.circle, s.pending.id).await, Some(("pending".into(), false)));
    assert_eq!(status_of(app, s.circle, s.member.id).await, Some(("accepted".into(), false)));
    let group = app.get(&format!("/api/v1/groups/{}/", s.circle)).token(&s.w.admin_token).send().await.json();
    assert_eq!(group["data"]["name"], "Target");
    assert_eq!(group["data"]["extra_info"]["questions"][0]["id"], "why");
    assert_eq!(group["data"]["total_members"], 2);
    let circles = app.get("/api/v1/circles/").send().await.json();
    assert_eq!(circles["pagination"]["count"], 1, "no group was created");
    assert_eq!(store::queries::mail::latest(&app.db, 1000).await.unwrap().len(), mails_before, "nobody was mailed");
    let application = store::queries::programme::find_application(&app.db, app.default_tenant.tenant.id, s.application)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(application.status, "pending");
}

async fn mail_count(app: &TestApp) -> usize {
    store::queries::mail::latest(&app.db, 1000).await.unwrap().len()
}

mod bodies;
mod endpoints;
mod parameters;
