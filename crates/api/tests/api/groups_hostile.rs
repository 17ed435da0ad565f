//! Groups, membership, member management, invitations, the circle request and leader
//! applications under bad and hostile requests: every one a 4xx with the API's JSON error
//! body on the right field, never a 5xx, and nothing written. Then the group endpoints the
//! other modules leave out: the groups list, a group's SDGs, the events list's filters, the
//! circle types, who may upload a cover, an event's wait list and the invite checks.

use axum::http::Method;
use serde_json::{json, Value};
use store::{entities::users, queries::memberships};

use crate::{
    common::{TestApp, TestResponse},
    groups::{certify_group_profile, circle_body, create, event_body, make_staff},
    membership::{circle, id_of, join, leave, mails_to, person, respond, status_of, world, World},
    uploads::{file, multipart, pdf, png, upload, BOUNDARY, MB},
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

#[tokio::test]
async fn every_write_endpoint_refuses_bodies_that_are_not_a_json_object() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let mails = mail_count(&app).await;
    let deep_array = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000)).into_bytes();
    let deep_object = format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000)).into_bytes();
    let bodies: Vec<(&str, &str, Vec<u8>)> = vec![
        ("malformed JSON", "application/json", b"{\"name\": ".to_vec()),
        ("trailing garbage", "application/json", b"{} {}".to_vec()),
        ("a JSON array", "application/json", b"[1, 2, 3]".to_vec()),
        ("a JSON string", "application/json", b"\"circle\"".to_vec()),
        ("a JSON number", "application/json", b"42".to_vec()),
        ("JSON null", "application/json", b"null".to_vec()),
        ("an empty body", "application/json", Vec::new()),
        ("invalid UTF-8", "application/json", b"{\"name\": \"\xff\xfe\"}".to_vec()),
        ("deeply nested arrays", "application/json", deep_array),
        ("deeply nested objects", "application/json", deep_object),
    ];
    for (method, path) in write_endpoints(&s) {
        // Leaving reads an empty body as "no body", so it is checked with someone outside.
        let token = if path.ends_with("/leave/") { &s.outsider_token } else { &s.w.admin_token };
        for (what, kind, body) in &bodies {
            let answer = send_raw(&app, method.clone(), &path, token, kind, body.clone()).await;
            client_error(&format!("{method} {path} with {what}"), &answer);
        }
        // The wrong content type, or none: 415 (leaving takes any body it can read as JSON).
        if !path.ends_with("/leave/") {
            for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""] {
                let answer = send_raw(&app, method.clone(), &path, token, kind, b"{}".to_vec()).await;
                let label = format!("{method} {path} as '{kind}'");
                client_error(&label, &answer);
                assert_eq!(answer.status.as_u16(), 415, "{label}");
            }
        }
        // Over the body limit: 413.
        let mut huge = b"{\"name\": \"".to_vec();
        huge.extend(std::iter::repeat_n(b'x', MB + 10));
        huge.extend_from_slice(b"\"}");
        let answer = send_raw(&app, method.clone(), &path, token, "application/json", huge).await;
        let label = format!("{method} {path} over 1 MB");
        client_error(&label, &answer);
        assert_eq!(answer.status.as_u16(), 413, "{label}");
    }
    // Answering an invitation takes no body; hostile paths are unknown invitations.
    let long = "a".repeat(1000);
    for path in [
        format!("/api/v1/invitation/{long}/"),
        format!("/api/v1/invitation/{long}/accept/"),
        "/api/v1/invitation/%00/accept/".into(),
        "/api/v1/invitation/..%2F..%2Fgroups/accept/".into(),
    ] {
        let method = if path.ends_with("accept/") { Method::POST } else { Method::GET };
        let answer = app.request(method, &path).token(&s.w.admin_token).send().await;
        client_error(&path, &answer);
    }
    unchanged(&app, &s, mails).await;
}

#[tokio::test]
async fn wrong_json_types_are_reported_on_their_field() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let mails = mail_count(&app).await;
    let (org, topic, c) = (s.w.org, s.w.topic, s.circle);
    let g = format!("/api/v1/groups/{c}");
    let with = |key: &str, value: Value| {
        let mut body = circle_body(org, topic, "Hostile");
        body[key] = value;
        body
    };
    let admin = s.w.admin_token.clone();
    let outsider = s.outsider_token.clone();
    let (p, m) = (s.pending.id, s.member.id);
    let cases: Vec<(Method, String, &str, Value, &str)> = vec![
        // Creating a group.
        (Method::POST, "/api/v1/groups/".into(), &admin, with("topics", json!("x")), "topics"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("topics", json!([{"id": "x"}])), "topics"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("relevant_sdgs", json!([[4]])), "relevant_sdgs"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("maximum_size", json!("ten")), "maximum_size"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("maximum_size", json!(1e20)), "maximum_size"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("maximum_size", json!({"value": 3})), "maximum_size"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("is_paid", json!("yes")), "is_paid"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("is_paid", json!([true])), "is_paid"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("name", json!({"en": "x"})), "name"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("description", json!(["x"])), "description"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("group_type", json!({"x": "circle"})), "group_type"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!("abc")), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!(-1)), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!(0)), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!(1e300)), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!(i64::MAX)), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("parent_group", json!([org])), "parent_group"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("circle_type", json!({"id": "x"})), "circle_type"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("circle_type", json!(i64::MAX)), "circle_type"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("start_date", json!(20260101)), "start_date"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("start_date", json!("99999-99-99")), "start_date"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("countries", json!({"KE": true})), "countries"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("career_stages", json!(7)), "career_stages"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("price", json!({"usd": 5})), "price"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("price", json!("ten")), "price"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("discount", json!("ten")), "discount"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("discount", json!(1e20)), "discount"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("level", json!("high")), "level"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("privacy", json!("private")), "privacy"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("commitment_time", json!([4])), "commitment_time"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("extra_info", json!("x")), "extra_info"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("extra_info", json!({"questions": "x"})), "extra_info"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("donation_details", json!("x")), "donation_details"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("is_influencer", json!("maybe")), "is_influencer"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("publicity", json!(1)), "publicity"),
        // Editing it.
        (Method::PATCH, format!("{g}/"), &admin, json!({"topics": "x"}), "topics"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"maximum_size": "ten"}), "maximum_size"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"is_paid": "yes"}), "is_paid"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"name": {"x": 1}}), "name"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"parent_group": {"id": "abc"}}), "parent_group"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"end_date": "yesterday"}), "end_date"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"surprise": 1}), "surprise"),
        // Questions.
        (Method::POST, format!("{g}/questions/"), &admin, json!({"questions": "x"}), "questions"),
        (Method::POST, format!("{g}/questions/"), &admin, json!({"questions": {"label": "x"}}), "questions"),
        (
            Method::POST,
            format!("{g}/questions/"),
            &admin,
            json!({"questions": [{"label": {"x": 1}, "type": 5}]}),
            "questions",
        ),
        (Method::POST, format!("{g}/questions/"), &admin, json!({"questions": [], "extra": 1}), "extra"),
        // Joining and leaving.
        (Method::POST, format!("{g}/join/"), &outsider, json!({"role": 5}), "role"),
        (Method::POST, format!("{g}/join/"), &outsider, json!({"role": {"x": 1}}), "role"),
        (Method::POST, format!("{g}/join/"), &outsider, json!({"extra_info": "x"}), "extra_info"),
        (Method::POST, format!("{g}/join/"), &outsider, json!({"extra_info": [1]}), "extra_info"),
        (Method::POST, format!("{g}/join/"), &outsider, json!({"extra_info": {"answers": {"why": 5}}}), "answers.why"),
        (
            Method::POST,
            format!("{g}/join/"),
            &outsider,
            json!({"extra_info": {"answers": {"why": {"x": 1}}}}),
            "answers.why",
        ),
        (Method::POST, format!("{g}/leave/"), &outsider, json!({"user": "abc"}), "user"),
        (Method::POST, format!("{g}/leave/"), &outsider, json!({"user": {"id": 1}}), "user"),
        (Method::POST, format!("{g}/leave/"), &outsider, json!({"user": 1.5}), "user"),
        // Member management.
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": "1", "action": "accept"}),
            "users",
        ),
        (Method::POST, format!("{g}/respond-join-request/"), &admin, json!({"users": p, "action": "accept"}), "users"),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": ["abc"], "action": "accept"}),
            "users",
        ),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": [{"id": p}], "action": "accept"}),
            "users",
        ),
        (Method::POST, format!("{g}/respond-join-request/"), &admin, json!({"users": [p], "action": 5}), "action"),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": [p], "action": "maybe"}),
            "action",
        ),
        (Method::POST, format!("{g}/respond-join-request/"), &admin, json!({"users": [p]}), "action"),
        (Method::POST, format!("{g}/respond-join-request/"), &admin, json!({"users": [], "action": "accept"}), "users"),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": [-1, 0], "action": "accept"}),
            "users",
        ),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": [p], "action": "accept", "notes": {"x": 1}}),
            "notes",
        ),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": "abc", "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": [p], "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": 1e300, "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": -1, "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": 0, "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": i64::MAX, "role": "member"}), "user"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": p, "role": {"x": 1}}), "role"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"user": p, "role": "x".repeat(10_000)}), "role"),
        (Method::POST, format!("{g}/add-member/"), &admin, json!({"role": "member"}), "user"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": "abc", "reason": "x"}), "user"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": m, "reason": ["x"]}), "reason"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": m, "reason": {"x": 1}}), "reason"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": m}), "reason"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": -1, "reason": "x"}), "non_field_errors"),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": 0, "reason": "x"}), "non_field_errors"),
        (
            Method::POST,
            format!("{g}/payment-confirmation/"),
            &admin,
            json!({"user": "abc", "action": "accept"}),
            "user",
        ),
        (
            Method::POST,
            format!("{g}/payment-confirmation/"),
            &admin,
            json!({"user": m, "action": ["accept"]}),
            "action",
        ),
        (Method::POST, format!("{g}/payment-confirmation/"), &admin, json!({"user": m, "action": "maybe"}), "action"),
        (Method::POST, format!("{g}/followup-email-unverified/"), &admin, json!({"user_ids": "1"}), "user_ids"),
        (Method::POST, format!("{g}/followup-email-unverified/"), &admin, json!({"user_ids": [{"id": m}]}), "user_ids"),
        (Method::POST, format!("{g}/followup-email-unverified/"), &admin, json!({"user_ids": [-1]}), "user_ids"),
        (Method::POST, format!("{g}/followup-email-unverified/"), &admin, json!({"user_ids": []}), "user_ids"),
        // Invitations.
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": "abc", "emails": "a@b.io"}),
            "object_id",
        ),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": [c], "emails": "a@b.io"}),
            "object_id",
        ),
        (Method::POST, "/api/v1/invite-users/".into(), &admin, json!({"object_id": c, "users": "1"}), "users"),
        (Method::POST, "/api/v1/invite-users/".into(), &admin, json!({"object_id": c, "users": [{"id": 1}]}), "users"),
        (Method::POST, "/api/v1/invite-users/".into(), &admin, json!({"object_id": c, "emails": 5}), "emails"),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": c, "emails": {"a": "b@c.io"}}),
            "emails",
        ),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": c, "content_type": 5, "emails": "a@b.io"}),
            "content_type",
        ),
        (Method::POST, "/api/v1/invite-users/".into(), &admin, json!({"emails": "a@b.io"}), "object_id"),
        // The circle request.
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, json!({}), "goal"),
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, json!({"goal": 5}), "goal"),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"real_world_problems_to_solve": ["x"]}),
            "real_world_problems_to_solve",
        ),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"hours_commitment": "ten"}),
            "hours_commitment",
        ),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"hours_commitment": 1e300}),
            "hours_commitment",
        ),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"hours_commitment": -1}),
            "hours_commitment",
        ),
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, json!({"urgency": 202612}), "urgency"),
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, json!({"urgency": "0000-00"}), "urgency"),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"learning_modality": ["remote"]}),
            "learning_modality",
        ),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            json!({"learning_modality": "in_person", "location": {"x": 1}}),
            "location",
        ),
        // Leader applications and their review.
        (Method::POST, "/api/v1/leader-applications/".into(), &outsider, json!({"group": "abc"}), "group"),
        (Method::POST, "/api/v1/leader-applications/".into(), &outsider, json!({"group": -1}), "group"),
        (Method::POST, "/api/v1/leader-applications/".into(), &outsider, json!({"group": {"id": c}}), "group"),
        (Method::POST, "/api/v1/leader-applications/".into(), &outsider, json!({"response": "x"}), "response"),
        (Method::POST, "/api/v1/leader-applications/".into(), &outsider, json!({"response": [1]}), "response"),
        (
            Method::POST,
            "/api/v1/leader-applications/".into(),
            &outsider,
            json!({"response": {"motivation": 5}}),
            "answers.motivation",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": 5}),
            "action",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": "accept", "certification_level": "abc"}),
            "certification_level",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": "accept", "certification_level": 1e300}),
            "certification_level",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": "accept", "certification_level": 2, "topic_areas": "x"}),
            "topic_areas",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": "accept", "certification_level": 2, "topic_areas": [{"id": 1}]}),
            "topic_areas",
        ),
        (Method::POST, "/api/v1/groups/default-org/".into(), &outsider, json!({"id": "abc"}), "non_field_errors"),
        (Method::POST, "/api/v1/groups/default-org/".into(), &outsider, json!({"id": -1}), "non_field_errors"),
    ];
    for (method, path, token, body, field) in cases {
        let label = format!("{method} {path} {}", body.to_string().chars().take(120).collect::<String>());
        let answer = send_json(&app, method, &path, token, &body).await;
        on_field(&label, &answer, field);
    }
    unchanged(&app, &s, mails).await;
}

#[tokio::test]
async fn over_long_texts_and_huge_lists_are_refused() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let mails = mail_count(&app).await;
    let (org, topic, c) = (s.w.org, s.w.topic, s.circle);
    let g = format!("/api/v1/groups/{c}");
    let with = |key: &str, value: Value| {
        let mut body = circle_body(org, topic, "Hostile");
        body[key] = value;
        body
    };
    let k10 = "x".repeat(10_000);
    let k100 = "y".repeat(100_000);
    let ids_10k: Vec<i64> = (1..=10_000).collect();
    let strings_10k: Vec<String> = (0..10_000).map(|i| format!("C{i}")).collect();
    let emails_10k: Vec<String> = (0..10_000).map(|i| format!("p{i}@example.org")).collect();
    let questions_10k: Vec<Value> = (0..10_000).map(|i| json!({"label": format!("Q{i}"), "type": "text"})).collect();
    let blob = json!({"blob": "z".repeat(70 * 1024)});
    let admin = s.w.admin_token.clone();
    let outsider = s.outsider_token.clone();
    let (p, m) = (s.pending.id, s.member.id);
    let valid_request = |key: &str, value: Value| {
        let mut body = json!({"real_world_problems_to_solve": "Bias", "goal": "Fair models", "urgency": "2099-01",
            "hours_commitment": 3, "learning_modality": "remote"});
        body[key] = value;
        body
    };
    let cases: Vec<(Method, String, &str, Value, &str)> = vec![
        (Method::POST, "/api/v1/groups/".into(), &admin, with("name", json!(k10)), "name"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("description", json!(k100)), "description"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("objective", json!(k100)), "objective"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("location", json!(k10)), "location"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("extra_info", blob.clone()), "extra_info"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("topics", json!(ids_10k)), "topics"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("relevant_sdgs", json!(ids_10k)), "relevant_sdgs"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("countries", json!(strings_10k)), "countries"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("paid_features", json!(strings_10k)), "paid_features"),
        (Method::POST, "/api/v1/groups/".into(), &admin, with("career_stages", json!(strings_10k)), "career_stages"),
        (
            Method::POST,
            "/api/v1/groups/".into(),
            &admin,
            with("donation_details", json!(vec![json!({"name": "x"}); 10_000])),
            "donation_details",
        ),
        (Method::PATCH, format!("{g}/"), &admin, json!({"name": k10}), "name"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"extra_info": blob}), "extra_info"),
        (Method::PATCH, format!("{g}/"), &admin, json!({"topics": ids_10k}), "topics"),
        (Method::POST, format!("{g}/questions/"), &admin, json!({"questions": questions_10k}), "questions"),
        (
            Method::POST,
            format!("{g}/questions/"),
            &admin,
            json!({"questions": [{"label": k10, "type": "text"}]}),
            "questions.0.label",
        ),
        (
            Method::POST,
            format!("{g}/join/"),
            &outsider,
            json!({"extra_info": {"answers": {"why": k100}}}),
            "answers.why",
        ),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": [p], "action": "accept", "notes": k100}),
            "notes",
        ),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            &admin,
            json!({"users": ids_10k, "action": "accept"}),
            "users",
        ),
        (Method::POST, format!("{g}/remove-member/"), &admin, json!({"user": m, "reason": k100}), "reason"),
        (Method::POST, format!("{g}/followup-email-unverified/"), &admin, json!({"user_ids": ids_10k}), "user_ids"),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": c, "users": ids_10k}),
            "non_field_errors",
        ),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": c, "emails": emails_10k}),
            "non_field_errors",
        ),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            &admin,
            json!({"object_id": c, "emails": emails_10k.join(",")}),
            "non_field_errors",
        ),
        (Method::POST, "/api/v1/invite-users/".into(), &admin, json!({"object_id": c, "emails": k100}), "emails"),
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, valid_request("goal", json!(k100)), "goal"),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &outsider,
            valid_request("real_world_problems_to_solve", json!(k100)),
            "real_world_problems_to_solve",
        ),
        (Method::POST, "/api/v1/request-circle/".into(), &outsider, valid_request("urgency", json!(k10)), "urgency"),
        (
            Method::POST,
            "/api/v1/leader-applications/".into(),
            &outsider,
            json!({"response": {"motivation": k100}}),
            "answers.motivation",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": "accept", "certification_level": 2, "topic_areas": ids_10k}),
            "topic_areas",
        ),
        (
            Method::POST,
            format!("/api/v1/leader-applications/{}/review/", s.application),
            &admin,
            json!({"action": k10}),
            "action",
        ),
    ];
    for (method, path, token, body, field) in cases {
        let label = format!("{method} {path} {}", body.to_string().chars().take(100).collect::<String>());
        let answer = send_json(&app, method, &path, token, &body).await;
        on_field(&label, &answer, field);
    }
    unchanged(&app, &s, mails).await;
    let requests = app.get("/api/v1/leader-applications/").token(&outsider).send().await.json();
    assert_eq!(requests["pagination"]["count"], 0, "no leader application was stored");
}

#[tokio::test]
async fn path_ids_that_are_not_ids_are_refused() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let mails = mail_count(&app).await;
    let calls: Vec<(Method, &str, Option<Value>)> = vec![
        (Method::GET, "", None),
        (Method::PATCH, "", Some(json!({"name": "X"}))),
        (Method::GET, "sdgs/", None),
        (Method::GET, "members/", None),
        (Method::GET, "export-group-membership/", None),
        (Method::POST, "questions/", Some(json!({"questions": []}))),
        (Method::POST, "join/", Some(json!({}))),
        (Method::POST, "leave/", Some(json!({}))),
        (Method::POST, "respond-join-request/", Some(json!({"users": [s.pending.id], "action": "accept"}))),
        (Method::POST, "add-member/", Some(json!({"user": s.pending.id, "role": "member"}))),
        (Method::POST, "remove-member/", Some(json!({"user": s.member.id, "reason": "x"}))),
        (Method::POST, "payment-confirmation/", Some(json!({"user": s.member.id, "action": "accept"}))),
        (Method::POST, "followup-email-unverified/", Some(json!({"user_ids": [s.member.id]}))),
        (Method::POST, "logo/", None),
        (Method::POST, "cover-image/", None),
    ];
    for (id, expected) in [
        ("abc", 400),
        ("-1", 404),
        ("0", 404),
        ("99999999999999999999", 400),
        ("1.5", 400),
        ("1e3", 400),
        ("%20", 400),
        ("0x10", 400),
        ("9223372036854775807", 404),
        ("-9223372036854775808", 404),
    ] {
        for (method, tail, body) in &calls {
            let path = format!("/api/v1/groups/{id}/{tail}");
            let mut request = app.request(method.clone(), &path).token(&s.w.admin_token);
            request = match body {
                Some(body) => request.json(body),
                None if tail.contains("logo") || tail.contains("cover") => request.raw(
                    &format!("multipart/form-data; boundary={BOUNDARY}"),
                    multipart(vec![file("file", "i.png", png(20, 20))]),
                ),
                None => request,
            };
            let answer = request.send().await;
            let label = format!("{method} {path}");
            client_error(&label, &answer);
            assert_eq!(answer.status.as_u16(), expected, "{label}: {}", answer.text());
        }
    }
    for (path, expected) in [
        ("/api/v1/leader-applications/abc/review/", 400),
        ("/api/v1/leader-applications/-1/review/", 404),
        ("/api/v1/leader-applications/0/review/", 404),
        ("/api/v1/leader-applications/99999999999999999999/review/", 400),
    ] {
        let answer = send_json(&app, Method::POST, path, &s.w.admin_token, &json!({"action": "reject"})).await;
        client_error(path, &answer);
        assert_eq!(answer.status.as_u16(), expected, "{path}");
    }
    let answer = app.get("/api/v1/groups/slug/%00/").send().await;
    client_error("slug %00", &answer);
    let answer = app.get(&format!("/api/v1/groups/slug/{}/", "s".repeat(5000))).send().await;
    client_error("a 5000-character slug", &answer);
    unchanged(&app, &s, mails).await;
}

/// The lists under groups, membership and search, with `{c}` for the scene's circle.
const LISTS: [&str; 8] = [
    "/api/v1/groups/",
    "/api/v1/circles/",
    "/api/v1/events/",
    "/api/v1/groups/list/",
    "/api/v1/groups/{c}/members/",
    "/api/v1/search/",
    "/api/v1/leader-applications/",
    "/api/v1/circle-leaders/",
];

fn lists(s: &Scene) -> Vec<String> {
    LISTS.iter().map(|p| p.replace("{c}", &s.circle.to_string())).collect()
}

#[tokio::test]
async fn bad_page_and_filter_parameters_are_refused_on_their_field() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let token = &s.w.admin_token;
    for path in lists(&s) {
        for (query, field) in [
            ("page=-1", "page"),
            ("page=0", "page"),
            ("page=abc", "page"),
            ("page=1.5", "page"),
            ("page=18446744073709551616", "page"),
            ("page=", ""),
            ("page_size=0", "page_size"),
            ("page_size=-5", "page_size"),
            ("page_size=abc", "page_size"),
            ("page_size=1e3", "page_size"),
        ] {
            let url = format!("{path}?{query}");
            let answer = app.get(&url).token(token).send().await;
            if field.is_empty() {
                answer.assert_status(200);
            } else {
                on_field(&url, &answer, field);
            }
        }
        // A page size past the cap is cut to 500 (domain::pagination), or refused.
        let url = format!("{path}?page_size=100000");
        let answer = app.get(&url).token(token).send().await;
        match answer.status.as_u16() {
            200 => assert!(answer.json()["data"].as_array().unwrap().len() <= 500, "{url}"),
            _ => {
                on_field(&url, &answer, "page_size");
            }
        }
        // A page past the end is empty, not an error (mixed search results stop at 5,000).
        let url = format!("{path}?page=1000");
        let answer = app.get(&url).token(token).send().await;
        if path.contains("/search/") {
            on_field(&url, &answer, "page");
        } else {
            answer.assert_status(200);
            assert_eq!(answer.json()["data"], json!([]), "{url}");
        }
        // A page starting more than a million items in is refused on its field.
        let url = format!("{path}?page=1000000");
        on_field(&url, &app.get(&url).token(token).send().await, "page");
    }
    let c = s.circle;
    for (url, field) in [
        ("/api/v1/groups/?group_type=alien".to_string(), "group_type"),
        ("/api/v1/groups/?parent_group=abc".into(), "parent_group"),
        ("/api/v1/groups/?parent_group=-1".into(), "parent_group"),
        ("/api/v1/groups/?parent_group=99999999999999999999".into(), "parent_group"),
        ("/api/v1/circles/?circle_status=abc".into(), "circle_status"),
        ("/api/v1/circles/?circle_status=0".into(), "circle_status"),
        ("/api/v1/circles/?circle_status=256".into(), "circle_status"),
        ("/api/v1/circles/?circle_status_priority=abc".into(), "circle_status_priority"),
        ("/api/v1/circles/?circle_status_priority=99999999999".into(), "circle_status_priority"),
        ("/api/v1/circles/?weeks=abc".into(), "weeks"),
        ("/api/v1/circles/?starting_month=abc".into(), "starting_month"),
        ("/api/v1/circles/?starting_month=2026-13".into(), "starting_month"),
        ("/api/v1/circles/?learning_modality=space".into(), "learning_modality"),
        ("/api/v1/circles/?parent_group=x".into(), "parent_group"),
        ("/api/v1/events/?topic_areas=abc".into(), "topic_areas"),
        ("/api/v1/events/?topic_areas=-3".into(), "topic_areas"),
        ("/api/v1/events/?topics=abc".into(), "topics"),
        ("/api/v1/groups/list/?status=gone".into(), "status"),
        ("/api/v1/groups/list/?membership_type=owner".into(), "membership_type"),
        ("/api/v1/groups/list/?group_type=alien".into(), "group_type"),
        (format!("/api/v1/groups/{c}/members/?status=gone"), "status"),
        (format!("/api/v1/groups/{c}/members/?is_verified=maybe"), "is_verified"),
        (format!("/api/v1/groups/{c}/members/?professional_fields=abc"), "professional_fields"),
        (format!("/api/v1/groups/{c}/members/?agent_response=not-json"), "agent_response"),
        (format!("/api/v1/groups/{c}/members/?agent_response=%7B%22action%22%3A5%7D"), "agent_response"),
        (format!("/api/v1/groups/{c}/members/?agent_response=%5B1%5D"), "agent_response"),
        (format!("/api/v1/groups/{c}/members/?system_agent_id=1"), "system_agent_id"),
        (format!("/api/v1/groups/{c}/export-group-membership/?status=gone"), "status"),
        (format!("/api/v1/groups/{c}/export-group-membership/?is_verified=maybe"), "is_verified"),
        ("/api/v1/search/?type=person".into(), "type"),
        ("/api/v1/search/?professional_fields=abc".into(), "professional_fields"),
        ("/api/v1/search/?extra_info=not-json".into(), "extra_info"),
        ("/api/v1/search/?group_id=abc&is_group_search=true".into(), "group_id"),
        ("/api/v1/groups/metrics/?group_id=abc".into(), "group_id"),
    ] {
        let answer = app.get(&url).token(token).send().await;
        on_field(&url, &answer, field);
    }
    // Odd but harmless text is no error: percent-encoded bytes, quotes, wildcards.
    for url in [
        "/api/v1/groups/?search=%FF%FE",
        "/api/v1/circles/?search=%25%25",
        "/api/v1/circles/?countries=%22%5C%25_",
        "/api/v1/events/?career_stages=%27%3B%20DROP%20TABLE%20groups%3B--",
        "/api/v1/search/?search=%5C%5C%5C",
        "/api/v1/search/?search=%27%20OR%201%3D1--",
    ] {
        let answer = app.get(url).token(token).send().await;
        assert_eq!(answer.status.as_u16(), 200, "{url}: {}", answer.text());
    }
    let wild = app.get("/api/v1/circles/?countries=%25").send().await.json();
    assert_eq!(wild["pagination"]["count"], 0, "a % is a character, not a wildcard");
}

/// A page number so large that its offset overflows the database's integer.
#[tokio::test]
async fn a_huge_page_number_is_refused() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    for path in lists(&s) {
        let url = format!("{path}?page=9223372036854775807");
        let answer = app.get(&url).token(&s.w.admin_token).send().await;
        on_field(&url, &answer, "page");
    }
}

/// A comma list of 5,000 values in a list filter (about as many as fit in a URI).
#[tokio::test]
async fn a_five_thousand_item_comma_list_is_refused() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let words = (0..5_000).map(|i| format!("v{i}")).collect::<Vec<_>>().join(",");
    let numbers = (1..=5_000).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let c = s.circle;
    for (url, field) in [
        (format!("/api/v1/circles/?countries={words}"), "countries"),
        (format!("/api/v1/circles/?career_stages={words}"), "career_stages"),
        (format!("/api/v1/events/?professional_fields={words}"), "professional_fields"),
        (format!("/api/v1/events/?topic_areas={numbers}"), "topic_areas"),
        (format!("/api/v1/circles/?topics={numbers}"), "topics"),
        (format!("/api/v1/circles/?use_cases={words}"), "use_cases"),
        (format!("/api/v1/groups/{c}/members/?country={words}"), "country"),
        (format!("/api/v1/groups/{c}/members/?role={words}"), "role"),
        (format!("/api/v1/groups/{c}/members/?professional_fields={numbers}"), "professional_fields"),
        (format!("/api/v1/search/?country={words}"), "country"),
        (format!("/api/v1/search/?professional_fields={numbers}"), "professional_fields"),
    ] {
        let answer = app.get(&url).token(&s.w.admin_token).send().await;
        on_field(&url[..url.len().min(80)], &answer, field);
    }
}

/// NUL characters: PostgreSQL can neither store nor compare them in text, so they are
/// refused on their field (bodies and query values) or as a bad path, never a 5xx.
#[tokio::test]
async fn nul_characters_are_refused_on_their_field() {
    let app = TestApp::new().await;
    let s = scene(&app).await;
    let mails = mail_count(&app).await;
    let g = format!("/api/v1/groups/{}", s.circle);
    let admin = &s.w.admin_token;
    let nul = "a\u{0}b";
    let mut create_body = circle_body(s.w.org, s.w.topic, nul);
    create_body["description"] = json!(format!("<p>{nul}</p>"));
    let cases: Vec<(Method, String, &str, Value, Vec<&str>)> = vec![
        (Method::POST, "/api/v1/groups/".into(), admin, create_body, vec!["name", "description"]),
        (Method::PATCH, format!("{g}/"), admin, json!({"name": nul, "location": nul}), vec!["name", "location"]),
        (
            Method::POST,
            format!("{g}/questions/"),
            admin,
            json!({"questions": [{"label": nul, "type": "text", "id": "ok"}]}),
            vec!["questions.0.label"],
        ),
        (
            Method::POST,
            format!("{g}/join/"),
            &s.outsider_token,
            json!({"extra_info": {"answers": {"why": nul}}}),
            vec!["extra_info.answers.why"],
        ),
        (
            Method::POST,
            format!("{g}/respond-join-request/"),
            admin,
            json!({"users": [s.pending.id], "action": "reject", "notes": nul}),
            vec!["notes"],
        ),
        (
            Method::POST,
            format!("{g}/remove-member/"),
            admin,
            json!({"user": s.member.id, "reason": nul}),
            vec!["reason"],
        ),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            admin,
            json!({"object_id": s.circle, "emails": ["ok@b.io", "a\u{0}@b.io"]}),
            vec!["emails.1"],
        ),
        (
            Method::POST,
            "/api/v1/request-circle/".into(),
            &s.outsider_token,
            json!({"real_world_problems_to_solve": nul, "goal": "Fair models", "urgency": "2099-01",
                "hours_commitment": 2, "learning_modality": "in_person", "location": nul}),
            vec!["real_world_problems_to_solve", "location"],
        ),
        (
            Method::POST,
            "/api/v1/leader-applications/".into(),
            &s.outsider_token,
            json!({"response": {"motivation": nul}}),
            vec!["response.motivation"],
        ),
        (
            Method::POST,
            format!("{g}/join/"),
            &s.outsider_token,
            json!({"extra_info": {"a\u{0}": 1}}),
            vec!["extra_info.a"],
        ),
    ];
    for (method, path, token, body, fields) in cases {
        let answer = send_json(&app, method.clone(), &path, token, &body).await;
        let label = format!("{method} {path}");
        for field in fields {
            let body = on_field(&label, &answer, field);
            assert_eq!(body["field_errors"][field][0], "Null characters are not allowed.", "{label}");
        }
    }
    for (url, field) in [
        ("/api/v1/groups/?search=a%00b".to_string(), "search"),
        ("/api/v1/circles/?search=ab&countries=K%00E".into(), "countries"),
        ("/api/v1/events/?career_stages=a%00b".into(), "career_stages"),
        (format!("{g}/members/?search=ab&role=a%00"), "role"),
        ("/api/v1/search/?search=a%00b".into(), "search"),
        ("/api/v1/search/?type=user&country=a%00".into(), "country"),
        ("/api/v1/search/?a%00=1".into(), "a"),
    ] {
        let answer = app.get(&url).token(admin).send().await;
        let body = on_field(&url, &answer, field);
        assert_eq!(body["field_errors"][field][0], "Null characters are not allowed.", "{url}");
    }
    for url in ["/api/v1/groups/slug/a%00b/", "/api/v1/invitation/a%00b/", "/api/v1/invitation/%00/accept/"] {
        let answer = app
            .request(if url.ends_with("accept/") { Method::POST } else { Method::GET }, url)
            .token(admin)
            .send()
            .await;
        let body = client_error(url, &answer);
        assert_eq!(answer.status.as_u16(), 400, "{url}");
        assert_eq!(body["detail"], "Null characters are not allowed.");
    }
    // A literal "%00" is text like any other.
    app.get("/api/v1/groups/?search=a%2500b").send().await.assert_status(200);
    unchanged(&app, &s, mails).await;
}

#[tokio::test]
async fn image_uploads_refuse_what_is_not_an_image_form() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Pictured", |_| {}).await);
    for (part, field) in [("logo", "logo"), ("cover-image", "cover_image")] {
        let path = format!("/api/v1/groups/{id}/{part}/");
        let multipart_kind = format!("multipart/form-data; boundary={BOUNDARY}");
        let mut truncated = multipart(vec![file(field, "i.png", png(20, 20))]);
        truncated.truncate(truncated.len() - 20);
        let bodies: Vec<(&str, String, Vec<u8>)> = vec![
            ("a JSON body", "application/json".into(), b"{\"logo\": \"x\"}".to_vec()),
            ("no content type", String::new(), b"x".to_vec()),
            (
                "multipart without a boundary",
                "multipart/form-data".into(),
                multipart(vec![file(field, "i.png", png(20, 20))]),
            ),
            ("an empty multipart body", multipart_kind.clone(), Vec::new()),
            ("a truncated multipart body", multipart_kind.clone(), truncated),
            ("no file part", multipart_kind.clone(), multipart(vec![crate::uploads::text("name", "x")])),
            ("an empty file", multipart_kind.clone(), multipart(vec![file(field, "i.png", Vec::new())])),
            (
                "text named .png",
                multipart_kind.clone(),
                multipart(vec![file(field, "i.png", b"not an image".to_vec())]),
            ),
            ("a PDF", multipart_kind.clone(), multipart(vec![file(field, "i.pdf", pdf())])),
            (
                "two files",
                multipart_kind.clone(),
                multipart(vec![file(field, "a.png", png(20, 20)), file(field, "b.png", png(20, 20))]),
            ),
        ];
        for (what, kind, body) in bodies {
            let answer = app.post(&path).token(&w.admin_token).raw(&kind, body).send().await;
            client_error(&format!("{path} with {what}"), &answer);
        }
    }
    let group = app.get(&format!("/api/v1/groups/{id}/")).send().await.json();
    assert!(group["data"]["logo"].is_null() && group["data"]["cover_image"].is_null());
}

// ------------------------------------------------------------ endpoints left untested elsewhere

fn names_of(page: &Value) -> Vec<String> {
    let mut out: Vec<String> =
        page["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

#[tokio::test]
async fn the_groups_list_filters_by_type_search_and_parent_and_pages() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let alpha = id_of(&circle(&app, &w, "Alpha Circle", |_| {}).await);
    circle(&app, &w, "Beta Circle", |_| {}).await;
    circle(&app, &w, "Epsilon Circle", |b| b["parent_group"] = json!(alpha)).await;
    circle(&app, &w, "Hidden Circle", |b| b["privacy"] = json!(20)).await;
    create(&app, &w.admin_token, &event_body(w.org, w.topic, "Gamma Talk")).await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let partner = json!({"name": "Delta Org", "group_type": "organization", "description": "x", "country": "KE"});
    create(&app, &app.token_for(staff.id), &partner).await;
    // Another site's groups never show.
    let other = app.add_tenant("other.example.com", "Other Org").await;
    let _ = other;
    let site_org = app.default_tenant.organization.name.clone();

    let list = |query: &str, token: Option<&str>| {
        let mut request = app.get(&format!("/api/v1/groups/{query}"));
        if let Some(token) = token {
            request = request.token(token);
        }
        async move {
            let answer = request.send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    let all = list("", None).await;
    let mut expected = vec!["Alpha Circle", "Beta Circle", "Delta Org", "Epsilon Circle", "Gamma Talk", &site_org];
    expected.sort();
    assert_eq!(names_of(&all), expected, "guests see every public group of the site");
    assert_eq!(all["pagination"]["count"], 6);
    assert_eq!(
        list("", Some(&w.admin_token)).await["pagination"]["count"],
        7,
        "the administrator sees the private one"
    );
    assert_eq!(
        names_of(&list("?group_type=circle", None).await),
        vec!["Alpha Circle", "Beta Circle", "Epsilon Circle"]
    );
    let mut orgs = vec!["Delta Org".to_string(), site_org.clone()];
    orgs.sort();
    assert_eq!(names_of(&list("?group_type=organization", None).await), orgs);
    assert_eq!(names_of(&list("?group_type=event", None).await), vec!["Gamma Talk"]);
    assert_eq!(list("?group_type=circle,event", None).await["pagination"]["count"], 4);
    assert_eq!(names_of(&list("?search=alpha", None).await), vec!["Alpha Circle"]);
    assert_eq!(names_of(&list("?q=ALPHA%20circle", None).await), vec!["Alpha Circle"]);
    assert_eq!(list("?search=a", None).await["pagination"]["count"], 6, "one letter is no search");
    assert_eq!(list("?search=nothing-like-it", None).await["pagination"]["count"], 0);
    assert_eq!(names_of(&list(&format!("?parent_group={alpha}"), None).await), vec!["Epsilon Circle"]);
    assert_eq!(list(&format!("?parent_group={}&group_type=event", w.org), None).await["data"][0]["name"], "Gamma Talk");
    let page = list("?page_size=4", None).await;
    assert_eq!(page["data"].as_array().unwrap().len(), 4);
    assert_eq!(page["pagination"]["count"], 6);
    assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let second = list("?page_size=4&page=2", None).await;
    assert_eq!(second["data"].as_array().unwrap().len(), 2);
    assert!(second["pagination"]["next"].is_null());
    let mut both: Vec<String> = names_of(&page).into_iter().chain(names_of(&second)).collect();
    both.sort();
    assert_eq!(both, expected, "two pages hold every group once");
    assert_eq!(list("", None).await["data"].as_array().unwrap().len(), 6, "15 a page by default");
    let there = app.get("/api/v1/groups/").host("other.example.com").send().await.json();
    assert_eq!(names_of(&there), vec!["Other Org"]);
}

#[tokio::test]
async fn a_groups_sdgs_are_listed() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Goals", |b| b["relevant_sdgs"] = json!([13, 4])).await);
    let answer = app.get(&format!("/api/v1/groups/{id}/sdgs/")).send().await;
    answer.assert_status(200);
    let goals = answer.json()["data"].clone();
    let mut found: Vec<(i64, String)> = goals
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["number"].as_i64().unwrap(), s["name"].as_str().unwrap().to_string()))
        .collect();
    found.sort();
    assert_eq!(found, vec![(4, "Quality Education".to_string()), (13, "Climate Action".to_string())]);
    // The site's organization has none; a private circle is unknown to outsiders.
    let none = app.get(&format!("/api/v1/groups/{}/sdgs/", w.org)).send().await.json();
    assert_eq!(none["data"], json!([]));
    let hidden = id_of(&circle(&app, &w, "Hidden", |b| b["privacy"] = json!(20)).await);
    client_error("private", &app.get(&format!("/api/v1/groups/{hidden}/sdgs/")).send().await);
    app.get(&format!("/api/v1/groups/{hidden}/sdgs/")).token(&w.admin_token).send().await.assert_status(200);
    assert_eq!(app.get("/api/v1/groups/999999/sdgs/").send().await.error(404)["detail"], "Group not found.");
    app.get("/api/v1/groups/abc/sdgs/").send().await.error(400);
}

#[tokio::test]
async fn the_events_list_filters_by_search_career_stage_field_topic_area_and_country() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let tenant = app.default_tenant.tenant.id;
    let ai = store::queries::topics::create_area(&app.db, tenant, "AI and Data").await.unwrap().id;
    let lead = store::queries::topics::create_area(&app.db, tenant, "Leadership").await.unwrap().id;
    let topic_in = |name: &'static str, area: i64| {
        let db = app.db.clone();
        async move {
            let key = name.to_lowercase();
            store::queries::topics::get_or_create(
                &db,
                store::queries::topics::NewTopic {
                    tenant_id: tenant,
                    name,
                    name_key: &key,
                    topic_type: "general",
                    topic_area_id: Some(area),
                    group_id: None,
                    created_by: None,
                },
            )
            .await
            .unwrap()
            .0
            .id
        }
    };
    let prompting = topic_in("Prompting", ai).await;
    let mentoring = topic_in("Mentoring", lead).await;
    let event = |name: &str, topic: i64, stage: &str, field: &str, country: &str| {
        let mut body = event_body(w.org, topic, name);
        body["career_stages"] = json!([stage]);
        body["professional_fields"] = json!([field]);
        body["countries"] = json!([country]);
        body
    };
    create(&app, &w.admin_token, &event("Prompting Workshop", prompting, "early_career", "3", "KE")).await;
    create(&app, &w.admin_token, &event("Leadership Talk", mentoring, "senior", "5", "FR")).await;
    // A circle just like the workshop is not an event.
    let mut twin = circle_body(w.org, prompting, "Prompting Circle");
    twin["professional_fields"] = json!(["3"]);
    twin["countries"] = json!(["KE"]);
    create(&app, &w.admin_token, &twin).await;

    let events = |query: String| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/events/?{query}")).send().await;
            answer.assert_status(200);
            names_of(&answer.json())
        }
    };
    let both = vec!["Leadership Talk".to_string(), "Prompting Workshop".to_string()];
    let workshop = vec!["Prompting Workshop".to_string()];
    let talk = vec!["Leadership Talk".to_string()];
    assert_eq!(events(String::new()).await, both);
    assert_eq!(events("search=prompting".into()).await, workshop);
    assert_eq!(events("q=leadership%20talk".into()).await, talk);
    assert_eq!(events("search=circle".into()).await, Vec::<String>::new());
    assert_eq!(events("career_stages=senior".into()).await, talk);
    assert_eq!(events("career_stage=early_career".into()).await, workshop);
    assert_eq!(events("career_stages=early_career,senior".into()).await, both);
    assert_eq!(events("career_stages=student".into()).await, Vec::<String>::new());
    assert_eq!(events("professional_fields=5".into()).await, talk);
    assert_eq!(events("professional_field=3".into()).await, workshop);
    assert_eq!(events("professional_fields=3,5".into()).await, both);
    assert_eq!(events(format!("topic_areas={ai}")).await, workshop);
    assert_eq!(events(format!("topic_area={lead}")).await, talk);
    assert_eq!(events(format!("topic_areas={ai},{lead}")).await, both);
    assert_eq!(events("topic_areas=999999".into()).await, Vec::<String>::new());
    assert_eq!(events("countries=FR".into()).await, talk);
    assert_eq!(events("country=KE".into()).await, workshop);
    assert_eq!(events("countries=KE,FR".into()).await, both);
    assert_eq!(events("countries=US".into()).await, Vec::<String>::new());
    assert_eq!(events("countries=all&career_stages=all".into()).await, both, "'all' is no filter");
    // Filters add up.
    assert_eq!(events(format!("career_stages=early_career&countries=KE&topic_areas={ai}")).await, workshop);
    assert_eq!(events("career_stages=early_career&countries=FR".into()).await, Vec::<String>::new());
    assert_eq!(events("search=talk&professional_fields=3".into()).await, Vec::<String>::new());
    let e = app.get("/api/v1/events/?topic_areas=abc").send().await.error(400);
    assert_eq!(e["field_errors"]["topic_areas"][0], "A valid integer is required.");
}

#[tokio::test]
async fn circle_types_are_the_sites_named_types() {
    let app = TestApp::new().await;
    let answer = app.get("/api/v1/circle-types/").send().await;
    answer.assert_status(200);
    let names: Vec<String> =
        answer.json()["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, vec!["Leadership Circle", "Learning Circle", "Research Circle", "Use Case Circle"]);
    assert!(answer.json()["data"].as_array().unwrap().iter().all(|t| t["id"].as_i64().is_some_and(|id| id > 0)));
    app.add_tenant("other.example.com", "Other Org").await;
    let there = app.get("/api/v1/circle-types/").host("other.example.com").send().await.json();
    let there: Vec<&str> = there["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(there, names, "every site starts with the same types");
}

#[tokio::test]
async fn cover_and_logo_uploads_need_an_administrator() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Pictured", |_| {}).await);
    let (member, member_token) = person(&app, "member@example.com").await;
    memberships::upsert(&app.db, id, member.id, "member", "accepted").await.unwrap();
    let cover = format!("/api/v1/groups/{id}/cover-image/");
    let logo = format!("/api/v1/groups/{id}/logo/");
    let e = upload(&app, &cover, Some(&member_token), vec![file("cover_image", "c.png", png(80, 40))]).await.error(403);
    assert_eq!(e["detail"], "You do not have permission to edit this group.");
    upload(&app, &logo, Some(&member_token), vec![file("logo", "l.png", png(40, 40))]).await.error(403);
    let e = upload(&app, &cover, None, vec![file("cover_image", "c.png", png(80, 40))]).await.error(401);
    assert_eq!(e["detail"], "Authentication credentials were not provided.");
    upload(&app, &logo, None, vec![file("logo", "l.png", png(40, 40))]).await.error(401);
    let group = app.get(&format!("/api/v1/groups/{id}/")).send().await.json();
    assert!(group["data"]["cover_image"].is_null() && group["data"]["logo"].is_null(), "nothing was stored");
    // A leader of the circle may.
    memberships::upsert(&app.db, id, member.id, "leader", "accepted").await.unwrap();
    let answer = upload(&app, &cover, Some(&member_token), vec![file("cover_image", "c.png", png(80, 40))]).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully updated cover image");
}

#[tokio::test]
async fn a_full_event_wait_lists_and_a_leaving_attendee_promotes_the_longest_waiting() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let mut body = event_body(w.org, w.topic, "Small Workshop");
    // The creator (admin) takes one of the two seats.
    body["maximum_size"] = json!(2);
    let event = create(&app, &w.admin_token, &body).await;
    let id = id_of(&event);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    let (c, c_token) = person(&app, "c@example.com").await;
    let first = join(&app, &a_token, id, json!({})).await;
    first.assert_status(200);
    assert_eq!(first.json()["data"], json!({"membership_status": "pending", "role": "attendee", "waitlisted": false}));
    assert_eq!(first.json()["message"], "Successfully registered to Small Workshop");
    respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await.assert_status(200);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&b_token).send().await.json();
    assert_eq!(seen["data"]["is_full"], true);

    let answer = join(&app, &b_token, id, json!({"role": "presenter"})).await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["data"], json!({"membership_status": "pending", "role": "presenter", "waitlisted": true}));
    assert_eq!(
        body["warning"],
        "Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list."
    );
    let answer = join(&app, &c_token, id, json!({})).await;
    assert_eq!(answer.json()["data"]["waitlisted"], true);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&c_token).send().await.json();
    assert_eq!(
        (seen["data"]["membership_status"].clone(), seen["data"]["waitlisted"].clone()),
        (json!("pending"), json!(true))
    );
    let pending = app.get(&format!("/api/v1/groups/{id}/members/?status=pending")).token(&w.admin_token).send().await;
    let waiting: Vec<(i64, bool)> = pending.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["id"].as_i64().unwrap(), m["waitlisted"].as_bool().unwrap()))
        .collect();
    assert_eq!(waiting.len(), 2);
    assert!(waiting.iter().all(|(_, w)| *w), "{waiting:?}");
    assert!(mails_to(&app, "b@example.com").await.is_empty());

    // The attendee leaves: the longest-waiting registrant gets the seat, keeps their role
    // and is mailed a link to the event.
    assert_eq!(leave(&app, &a_token, id).await.json()["message"], "You successfully left");
    assert_eq!(status_of(&app, id, b.id).await, Some(("accepted".into(), false)));
    assert_eq!(memberships::find(&app.db, id, b.id).await.unwrap().unwrap().role, "presenter");
    assert_eq!(status_of(&app, id, c.id).await, Some(("pending".into(), true)), "C still waits");
    let mails = mails_to(&app, "b@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "A seat is free in Small Workshop");
    assert!(mails[0].text_body.contains("accepted"), "{}", mails[0].text_body);
    assert!(mails[0].text_body.contains("/event/small-workshop"), "{}", mails[0].text_body);
    assert!(mails_to(&app, "c@example.com").await.is_empty());
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&b_token).send().await.json();
    assert_eq!(seen["data"]["membership_status"], "accepted");
    assert_eq!(seen["data"]["is_full"], true);
}

#[tokio::test]
async fn invite_emails_are_checked_with_the_dialogs_messages() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Invites", |_| {}).await);
    let (ada, _) = person(&app, "ada@example.com").await;
    let invite = |body: Value| {
        let app = &app;
        let token = w.admin_token.clone();
        async move { send_json(app, Method::POST, "/api/v1/invite-users/", &token, &body).await }
    };
    for emails in [
        json!("not-an-email"),
        json!("a@b"),
        json!("@example.com"),
        json!("a@@example.com"),
        json!("a b@example.com"),
        json!("good@example.com, bad"),
        json!(["good@example.com", "bad"]),
        json!(format!("{}@example.com", "x".repeat(300))),
        json!(true),
    ] {
        let e = invite(json!({"object_id": id, "emails": emails})).await;
        let body = on_field(&format!("{emails}"), &e, "emails");
        assert_eq!(body["field_errors"]["emails"][0], "Please enter a valid email address", "{emails}");
    }
    for emails in [json!("a@x.io, A@X.IO"), json!(["a@x.io", " a@x.io "]), json!("a@x.io;a@x.io")] {
        let e = invite(json!({"object_id": id, "emails": emails})).await;
        let body = on_field(&format!("{emails}"), &e, "emails");
        assert_eq!(body["field_errors"]["emails"][0], "Email already added", "{emails}");
    }
    for body in [
        json!({"object_id": id}),
        json!({"object_id": id, "emails": ""}),
        json!({"object_id": id, "emails": " , ; "}),
        json!({"object_id": id, "emails": null, "users": []}),
        json!({"object_id": id, "emails": []}),
    ] {
        let e = invite(body.clone()).await;
        let answer = on_field(&body.to_string(), &e, "non_field_errors");
        assert_eq!(answer["non_field_errors"][0], "Please add at least one email address or select a user", "{body}");
    }
    assert!(mails_to(&app, "a@x.io").await.is_empty(), "nothing was sent");
    // A user chosen twice is invited once.
    invite(json!({"object_id": id, "users": [ada.id, ada.id]})).await.assert_status(200);
    assert_eq!(mails_to(&app, "ada@example.com").await.len(), 1);
}
