//! Write endpoints given bodies of the wrong shape, type or size, and paths whose ids are not ids.

use axum::http::Method;
use serde_json::{json, Value};

use super::{client_error, mail_count, on_field, scene, send_json, send_raw, unchanged, write_endpoints};
use crate::{
    common::TestApp,
    groups::circle_body,
    uploads::{file, multipart, png, BOUNDARY, MB},
};

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
