//! Lists and paths given parameters that are not what they should be.

use axum::http::Method;
use serde_json::{json, Value};

use super::{client_error, mail_count, on_field, scene, send_json, unchanged, Scene};
use crate::{
    common::TestApp,
    groups::circle_body,
    membership::{circle, id_of, world},
    uploads::{file, multipart, pdf, png, BOUNDARY},
};

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
