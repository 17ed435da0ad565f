//! The Google client against a local fake of Google's token endpoint and Classroom API,
//! and the pure rules of a sync.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    routing::{get, post},
    Form, Json, Router,
};
use serde_json::{json, Value};

use super::*;

#[derive(Default)]
struct Fake {
    /// Access tokens handed out so far.
    issued: usize,
    /// Tokens the API no longer takes (as if they had expired early).
    expired: Vec<String>,
    /// Every API call: (path, pageToken).
    calls: Vec<(String, Option<String>)>,
}

type Shared = Arc<Mutex<Fake>>;

async fn token(State(fake): State<Shared>, Form(form): Form<HashMap<String, String>>) -> (StatusCode, Json<Value>) {
    assert_eq!(form.get("client_id").map(String::as_str), Some("client-id"));
    assert_eq!(form.get("client_secret").map(String::as_str), Some("client-secret"));
    match form.get("grant_type").map(String::as_str) {
        Some("authorization_code") if form.get("code").map(String::as_str) == Some("good-code") => {
            (StatusCode::OK, Json(json!({"access_token": "a", "refresh_token": "1//new-refresh", "expires_in": 3599})))
        }
        Some("refresh_token") if form.get("refresh_token").map(String::as_str) == Some("1//refresh") => {
            let mut fake = fake.lock().unwrap();
            fake.issued += 1;
            (StatusCode::OK, Json(json!({"access_token": format!("access-{}", fake.issued), "expires_in": 3599})))
        }
        _ => (StatusCode::BAD_REQUEST, Json(json!({"error": "invalid_grant", "error_description": "Bad Request"}))),
    }
}

fn student(n: u32) -> Value {
    json!({"userId": format!("s{n}"), "profile": {"name": {"fullName": format!("Student {n}")},
        "emailAddress": format!("Student{n}@School.example")}})
}

async fn course_list(
    State(fake): State<Shared>,
    Path((course, resource)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let page = query.get("pageToken").cloned();
    {
        let mut fake = fake.lock().unwrap();
        fake.calls.push((format!("{course}/{resource}"), page.clone()));
        let token = bearer.strip_prefix("Bearer ").unwrap_or("");
        if !token.starts_with("access-") || fake.expired.iter().any(|t| t == token) {
            return (StatusCode::UNAUTHORIZED, Json(json!({"error": {"message": "Invalid Credentials"}})));
        }
    }
    assert_eq!(query.get("pageSize").map(String::as_str), Some("100"));
    match (course.as_str(), resource.as_str(), page.as_deref()) {
        ("missing", _, _) => {
            (StatusCode::NOT_FOUND, Json(json!({"error": {"message": "Requested entity was not found."}})))
        }
        ("broken", _, _) => (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({}))),
        (_, "students", None) => {
            (StatusCode::OK, Json(json!({"students": [student(1), student(2)], "nextPageToken": "p2"})))
        }
        (_, "students", Some("p2")) => (StatusCode::OK, Json(json!({"students": [student(3)]}))),
        (_, "teachers", None) => (
            StatusCode::OK,
            Json(json!({"teachers": [{"userId": "t1", "profile": {"name": {"fullName": "Teacher One"},
                "emailAddress": "teacher@school.example"}}]})),
        ),
        (_, "courseWorkMaterials", None) => (
            StatusCode::OK,
            Json(json!({"courseWorkMaterial": [
                {"id": "m1", "title": "Week 1 reading", "description": "Read this.\n\nThen that.", "state": "PUBLISHED",
                 "alternateLink": "https://classroom.google.com/c/1/m/m1",
                 "materials": [{"driveFile": {"driveFile": {"id": "d", "alternateLink": "https://drive.google.com/d"}}}]},
                {"id": "m2", "title": "Draft", "state": "DRAFT"}
            ], "nextPageToken": "p2"})),
        ),
        (_, "courseWorkMaterials", Some("p2")) => (
            StatusCode::OK,
            Json(json!({"courseWorkMaterial": [
                {"id": "m3", "materials": [{"link": {"url": "https://example.com/x", "title": "X"}}],
                 "alternateLink": "https://classroom.google.com/c/1/m/m3"}
            ], "nextPageToken": ""})),
        ),
        _ => (StatusCode::BAD_REQUEST, Json(json!({"error": {"message": "unexpected"}}))),
    }
}

async fn fake_google() -> (GoogleClassroom, Shared) {
    let fake: Shared = Arc::default();
    let router = Router::new()
        .route("/token", post(token))
        .route("/v1/courses/{course}/{resource}", get(course_list))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let mut config = GoogleClassroomConfig::new("client-id", "client-secret");
    config.token_url = format!("http://{address}/token");
    config.api_url = format!("http://{address}/v1");
    config.authorize_url = format!("http://{address}/auth");
    (GoogleClassroom::new(config), fake)
}

fn access(refresh: &str) -> Access {
    Access { tenant_id: 1, refresh_token: Some(refresh.into()) }
}

#[tokio::test]
async fn students_are_read_page_by_page_with_one_token() {
    let (google, fake) = fake_google().await;
    let students = google.list_students(&access("1//refresh"), "c1").await.unwrap();
    assert_eq!(
        students.iter().map(|s| (s.id.as_str(), s.email.as_deref().unwrap())).collect::<Vec<_>>(),
        [("s1", "student1@school.example"), ("s2", "student2@school.example"), ("s3", "student3@school.example")]
    );
    assert_eq!(students[0].full_name, "Student 1");
    let teachers = google.list_teachers(&access("1//refresh"), "c1").await.unwrap();
    assert_eq!(teachers[0].email.as_deref(), Some("teacher@school.example"));
    let fake = fake.lock().unwrap();
    assert_eq!(fake.issued, 1, "the access token is kept between calls");
    assert_eq!(
        fake.calls,
        [
            ("c1/students".to_string(), None),
            ("c1/students".to_string(), Some("p2".to_string())),
            ("c1/teachers".to_string(), None)
        ]
    );
}

#[tokio::test]
async fn an_expired_access_token_is_refreshed_once() {
    let (google, fake) = fake_google().await;
    google.list_teachers(&access("1//refresh"), "c1").await.unwrap();
    fake.lock().unwrap().expired.push("access-1".into());
    let teachers = google.list_teachers(&access("1//refresh"), "c1").await.unwrap();
    assert_eq!(teachers.len(), 1);
    assert_eq!(fake.lock().unwrap().issued, 2);
    // A token refused again after the refresh means the consent no longer holds.
    fake.lock().unwrap().expired.push("access-2".into());
    fake.lock().unwrap().expired.push("access-3".into());
    let err = google.list_teachers(&access("1//refresh"), "c1").await.unwrap_err();
    assert!(matches!(err, ClassroomError::ConsentNeeded), "{err:?}");
}

#[tokio::test]
async fn materials_become_titles_descriptions_and_links() {
    let (google, _) = fake_google().await;
    let materials = google.list_materials(&access("1//refresh"), "c1").await.unwrap();
    assert_eq!(
        materials,
        [
            Material {
                id: "m1".into(),
                title: "Week 1 reading".into(),
                description: "Read this.\n\nThen that.".into(),
                url: Some("https://drive.google.com/d".into()),
            },
            Material {
                id: "m3".into(),
                title: "Untitled material".into(),
                description: String::new(),
                url: Some("https://example.com/x".into()),
            },
        ]
    );
}

#[tokio::test]
async fn failures_are_errors() {
    let (google, _) = fake_google().await;
    let revoked = google.list_students(&access("1//revoked"), "c1").await.unwrap_err();
    assert!(matches!(revoked, ClassroomError::ConsentNeeded), "{revoked:?}");
    let none = google.list_students(&Access { tenant_id: 1, refresh_token: None }, "c1").await.unwrap_err();
    assert!(matches!(none, ClassroomError::ConsentNeeded), "{none:?}");
    let missing = google.list_students(&access("1//refresh"), "missing").await.unwrap_err();
    assert!(matches!(&missing, ClassroomError::Refused(m) if m == "Requested entity was not found."), "{missing:?}");
    let broken = google.list_materials(&access("1//refresh"), "broken").await.unwrap_err();
    assert!(matches!(broken, ClassroomError::Unavailable(_)), "{broken:?}");

    let mut config = GoogleClassroomConfig::new("client-id", "client-secret");
    config.token_url = "http://127.0.0.1:9/token".into();
    let unreachable = GoogleClassroom::new(config).list_students(&access("1//refresh"), "c1").await.unwrap_err();
    assert!(matches!(unreachable, ClassroomError::Unavailable(_)), "{unreachable:?}");
}

#[tokio::test]
async fn consent_asks_for_offline_read_only_classroom_access() {
    let (google, _) = fake_google().await;
    let url = google.consent_url("signed-state", "https://site.example/api/v1/google-classroom/callback/").unwrap();
    let parsed = reqwest::Url::parse(&url).unwrap();
    let query: HashMap<String, String> = parsed.query_pairs().into_owned().collect();
    assert_eq!(query["client_id"], "client-id");
    assert_eq!(query["state"], "signed-state");
    assert_eq!(query["access_type"], "offline");
    assert_eq!(query["response_type"], "code");
    assert!(query["scope"].contains("classroom.rosters.readonly"), "{}", query["scope"]);
    assert_eq!(google.exchange_code("good-code", "https://site.example/cb").await.unwrap(), "1//new-refresh");
    assert!(matches!(google.exchange_code("bad", "https://site.example/cb").await, Err(ClassroomError::Refused(_))));
}

#[test]
fn settings_need_both_id_and_secret() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    };
    assert!(GoogleClassroomConfig::from_env(env(&[])).unwrap().is_none());
    assert!(GoogleClassroomConfig::from_env(env(&[("WAYPOINT_GOOGLE_CLIENT_ID", "id")])).unwrap().is_none());
    let config = GoogleClassroomConfig::from_env(env(&[
        ("WAYPOINT_GOOGLE_CLIENT_ID", "id"),
        ("WAYPOINT_GOOGLE_CLIENT_SECRET", "secret"),
        ("WAYPOINT_GOOGLE_CLASSROOM_API_URL", "http://127.0.0.1:1/v1/"),
    ]))
    .unwrap()
    .unwrap();
    assert_eq!(config.api_url, "http://127.0.0.1:1/v1");
    assert_eq!(config.token_url, GoogleClassroomConfig::TOKEN_URL);
    assert!(!format!("{config:?}").contains("secret\""), "{config:?}");
    assert!(GoogleClassroomConfig::from_env(env(&[
        ("WAYPOINT_GOOGLE_CLIENT_ID", "id"),
        ("WAYPOINT_GOOGLE_CLIENT_SECRET", "secret"),
        ("WAYPOINT_GOOGLE_TOKEN_URL", "ftp://x"),
    ]))
    .is_err());
}

#[test]
fn course_roles_become_group_roles_and_a_sync_never_demotes() {
    assert_eq!(membership_role("circle", Role::Teacher), "leader");
    assert_eq!(membership_role("circle", Role::Student), "member");
    assert_eq!(membership_role("event", Role::Teacher), "admin");
    assert_eq!(membership_role("event", Role::Student), "attendee");
    use MemberChange::*;
    type Case = (Option<(&'static str, &'static str)>, &'static str, MemberChange);
    let cases: [Case; 9] = [
        (None, "member", Add("member")),
        (Some(("accepted", "member")), "member", Keep),
        (Some(("accepted", "leader")), "member", Keep),
        (Some(("accepted", "facilitator")), "member", Keep),
        (Some(("accepted", "member")), "leader", Update("leader")),
        (Some(("accepted", "admin")), "leader", Keep),
        (Some(("pending", "member")), "member", Update("member")),
        (Some(("pending", "admin")), "member", Update("admin")),
        (Some(("rejected", "member")), "leader", Skip),
    ];
    for (existing, wanted, expected) in cases {
        assert_eq!(member_change(existing, wanted), expected, "{existing:?} {wanted}");
    }
}

#[test]
fn descriptions_become_escaped_paragraphs() {
    assert_eq!(
        description_html("Read <this>.\nNow.\n\nThen & that."),
        "<p>Read &lt;this&gt;.<br>Now.</p><p>Then &amp; that.</p>"
    );
    assert_eq!(description_html("  "), "");
}
