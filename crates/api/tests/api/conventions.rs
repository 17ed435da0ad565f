//! The API conventions every area relies on (errors, pagination, bodies), tested once for all.

use serde_json::json;

use crate::common::{add_topic, TestApp};

#[tokio::test]
async fn health_and_readiness() {
    let app = TestApp::new().await;
    let res = app.get("/healthz").send().await;
    res.assert_status(200);
    assert_eq!(res.json(), json!({"status": "ok"}));
    let res = app.get("/readyz").send().await;
    res.assert_status(200);
    assert_eq!(res.json(), json!({"status": "ready"}));
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = TestApp::new().await;
    for path in ["/api/v1/nothing-here/", "/api/v1/nothing-here", "/api/v2/x", "/api", "/api/"] {
        let body = app.get(path).send().await.error(404);
        assert_eq!(body["detail"], "Not found.", "{path}");
        assert_eq!(body["code"], "NOT_FOUND");
    }
}

#[tokio::test]
async fn wrong_method_is_json_405_with_allow() {
    let app = TestApp::new().await;
    let res = app.delete("/api/v1/options-config/").send().await;
    let body = res.error(405);
    assert_eq!(body["detail"], "Method \"DELETE\" not allowed.");
    assert!(res.header("allow").unwrap_or("").contains("GET"));
}

#[tokio::test]
async fn trailing_slash_is_optional() {
    let app = TestApp::new().await;
    app.get("/api/v1/topics").send().await.assert_status(200);
    app.get("/api/v1/topics?topic_type=skill").send().await.assert_status(200);
}

#[tokio::test]
async fn list_envelope_and_next_link() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.tenant.id;
    for i in 0..5 {
        let name = format!("Topic {i}");
        add_topic(&app, tenant, &name, "general", None).await;
    }
    let body = app.get("/api/v1/topics/?page_size=2&search=topic").send().await.json();
    assert_eq!(body["data"].as_array().unwrap().len(), 2);
    assert_eq!(body["pagination"]["count"], 5);
    assert_eq!(body["pagination"]["next"], "http://localhost:8080/api/v1/topics/?page_size=2&search=topic&page=2");
    let last = app.get("/api/v1/topics/?page_size=2&search=topic&page=3").send().await.json();
    assert_eq!(last["data"].as_array().unwrap().len(), 1);
    assert_eq!(last["pagination"]["next"], serde_json::Value::Null);
    let beyond = app.get("/api/v1/topics/?page_size=2&page=99").send().await.json();
    assert_eq!(beyond["data"], json!([]));
}

#[tokio::test]
async fn bad_paging_values_are_400() {
    let app = TestApp::new().await;
    let body = app.get("/api/v1/topics/?page=0&page_size=abc").send().await.error(400);
    assert_eq!(body["field_errors"]["page"][0], "A valid page number is required.");
    assert_eq!(body["field_errors"]["page_size"][0], "A valid page size is required.");
}

#[tokio::test]
async fn bad_bodies_get_clear_4xx() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);

    let body = app
        .post("/api/v1/app-config-group/")
        .token(&token)
        .raw("application/json", "{not json")
        .send()
        .await
        .error(400);
    assert!(body["detail"].as_str().unwrap().starts_with("JSON parse error"), "{body}");

    let body = app.post("/api/v1/app-config-group/").token(&token).raw("text/plain", "{}").send().await.error(415);
    assert_eq!(body["detail"], "Unsupported media type \"text/plain\" in request.");

    let body =
        app.post("/api/v1/app-config-group/").token(&token).raw("application/json", "[1,2]").send().await.error(400);
    assert_eq!(body["non_field_errors"][0], "Expected a JSON object.", "{body}");

    let huge = format!("{{\"ui\": {{\"landing_page_content\": {{\"title\": \"{}\"}}}}}}", "x".repeat(2 * 1024 * 1024));
    let body =
        app.post("/api/v1/app-config-group/").token(&token).raw("application/json", huge).send().await.error(413);
    assert_eq!(body["detail"], "Request body is too large.");

    let body = app.post_json("/api/v1/topics/", &token, &json!({"topic_type": "skill"})).await.error(400);
    assert_eq!(body["field_errors"]["name"][0], "This field is required.");
}

#[tokio::test]
async fn tokens_are_checked() {
    let app = TestApp::new().await;
    let body = app.post("/api/v1/topics/").json(&json!({"name": "Rust"})).send().await.error(401);
    assert_eq!(body["detail"], "Authentication credentials were not provided.");
    let body = app.post_json("/api/v1/topics/", "garbage", &json!({"name": "Rust"})).await.error(401);
    assert_eq!(body["detail"], "Given token not valid for any token type");
    assert_eq!(body["code"], "token_not_valid");
    // A token for a user who no longer exists is not valid either.
    let body = app.post_json("/api/v1/topics/", &app.token_for(999_999), &json!({"name": "Rust"})).await.error(401);
    assert_eq!(body["code"], "token_not_valid");
}

#[tokio::test]
async fn request_ids_and_compression() {
    let app = TestApp::new().await;
    let res = app.get("/api/v1/app-config-group/").header("accept-encoding", "gzip").send().await;
    res.assert_status(200);
    assert!(!res.header("x-request-id").unwrap_or("").is_empty());
    assert_eq!(res.header("content-encoding"), Some("gzip"));
    let res = app.get("/healthz").header("x-request-id", "abc-123").send().await;
    assert_eq!(res.header("x-request-id"), Some("abc-123"));
}

#[tokio::test]
async fn openapi_document_is_served_and_committed_copy_is_current() {
    let app = TestApp::new().await;
    let res = app.get("/api/openapi.json").send().await;
    res.assert_status(200);
    let served = res.json();
    assert_eq!(served["info"]["title"], "Waypoint API");
    assert!(served["paths"]["/api/v1/app-config-group/"]["post"].is_object());
    let generated = api::openapi_json();
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json"))
        .expect("openapi.json is committed at the repository root");
    assert!(
        committed == generated,
        "openapi.json is out of date: run `cargo run -q -p waypoint -- openapi > openapi.json` and `npm --prefix web run gen:api`"
    );
}

/// The generated web client keys each operation by its id: two operations with one id made
/// the second path typed with the first one's query, body and answer.
#[test]
fn every_operation_has_its_own_id() {
    let document: serde_json::Value = serde_json::from_str(&api::openapi_json()).expect("the document is JSON");
    let mut seen: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    for (path, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let Some(id) = operation["operationId"].as_str() else { continue };
            let here = format!("{method} {path}");
            if let Some(first) = seen.insert(id.to_string(), here.clone()) {
                panic!("operationId {id} is used by {first} and {here}");
            }
        }
    }
    assert!(seen.len() > 100, "every operation was read ({})", seen.len());
}

/// A page whose offset would not fit the database's integers used to panic in the query
/// binder and drop the connection; every list refuses it on `page` instead.
#[tokio::test]
async fn a_page_too_far_down_is_refused_on_the_page_field() {
    let app = TestApp::new().await;
    let user = app.add_member("deep@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    let org = app.default_tenant.organization.id;
    for path in [
        "/api/v1/circles/",
        "/api/v1/events/",
        "/api/v1/groups/",
        "/api/v1/groups/list/",
        "/api/v1/search/",
        "/api/v1/search/?type=user",
        "/api/v1/connections/",
        "/api/v1/circle-leaders/",
        "/api/v1/leader-applications/",
        "/api/v1/topics/",
    ]
    .into_iter()
    .map(String::from)
    .chain([format!("/api/v1/groups/{org}/members/")])
    {
        let sep = if path.contains('?') { '&' } else { '?' };
        let url = format!("{path}{sep}page=9223372036854775807&page_size=500");
        let body = app.get(&url).token(&token).send().await.error(400);
        assert_eq!(body["field_errors"]["page"][0], domain::pagination::MSG_PAGE_TOO_DEEP, "{url}");
    }
    // The deepest page allowed still answers.
    app.get("/api/v1/circles/?page=2001&page_size=500").send().await.assert_status(200);
}

/// A handler that panics answers the API's JSON 500 and never shows the panic's text.
#[tokio::test]
async fn a_panic_becomes_a_json_500_without_its_message() {
    use axum::{body::Body, http::Request, routing::get, Router};
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    async fn boom() -> &'static str {
        panic!("secret-token-123 leaked")
    }
    let router: Router = Router::new().route("/boom", get(boom)).layer(api::catch_panics());
    let response = router.oneshot(Request::get("/boom").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status().as_u16(), 500);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("secret-token-123"), "{text}");
    let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(body["detail"], "A server error occurred. Please try again later.");
    assert_eq!(body["code"], "SERVER_ERROR");
}

/// Every comma-list filter takes at most 50 distinct values (repeats do not count), so no
/// list can ask the database for more bound variables than it has; a longer list is a 400
/// on that filter.
#[tokio::test]
async fn list_filters_take_at_most_fifty_values() {
    let app = TestApp::new().await;
    let user = app.add_member("lists@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(user.id);
    let org = app.default_tenant.organization.id;
    let values = |n: usize| (0..n).map(|i| format!("v{i}")).collect::<Vec<_>>().join(",");
    let numbers = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let members = format!("/api/v1/groups/{org}/members/");
    let cases: Vec<(String, &str, String)> = vec![
        ("/api/v1/circles/".into(), "countries", values(51)),
        ("/api/v1/circles/".into(), "country", values(51)),
        ("/api/v1/events/".into(), "career_stages", values(51)),
        ("/api/v1/circles/".into(), "topic_areas", numbers(51)),
        ("/api/v1/circles/".into(), "circle_status", values(51)),
        ("/api/v1/circles/".into(), "role", values(51)),
        ("/api/v1/groups/".into(), "group_type", values(51)),
        ("/api/v1/groups/list/".into(), "role", values(51)),
        (members.clone(), "country", values(51)),
        (members.clone(), "professional_fields", numbers(51)),
        ("/api/v1/search/".into(), "country", values(51)),
        ("/api/v1/search/".into(), "professional_fields", numbers(51)),
        ("/api/v1/circle-leaders/".into(), "topic_area", numbers(51)),
    ];
    for (path, key, list) in cases {
        let body = app.get(&format!("{path}?{key}={list}")).token(&token).send().await.error(400);
        assert_eq!(body["field_errors"][key][0], "Ensure this list has no more than 50 items.", "{path} {key}");
    }
    // Fifty values, or any number of repeats of fewer, are fine. Thousands of repeats used
    // to become thousands of SQL conditions (a 500 from the database's expression limits).
    let repeats = vec!["Kenya"; 5_000].join(",");
    app.get(&format!("/api/v1/circles/?countries={}", values(50))).send().await.assert_status(200);
    for path in ["/api/v1/circles/", "/api/v1/events/", "/api/v1/search/", members.as_str()] {
        let answer = app.get(&format!("{path}?country={repeats}&career_stages={repeats}")).token(&token).send().await;
        answer.assert_status(200);
    }
}

/// The typed contract (issue 32): no handler takes an untyped JSON body, and nothing in the
/// api crate silences dead code (an input type kept only to describe the document).
#[test]
fn the_api_crate_reads_typed_bodies_and_keeps_no_dead_code() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("tests"), &mut files);
    assert!(files.len() > 100, "the crate's sources were found");
    // Written in two parts so that this file does not name what it looks for.
    let forbidden =
        [concat!("ApiJson<", "Value>"), concat!("ApiJson<serde_json::", "Value>"), concat!("allow(", "dead_code)")];
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for needle in forbidden {
            if text.contains(needle) {
                found.push(format!("{}: {needle}", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
