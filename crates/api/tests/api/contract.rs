//! The OpenAPI document against the router, both ways.
//!
//! - **Every documented operation is routed, and nothing else is routed on its path.** A
//!   request with a method no operation uses (PUT) to a documented path answers 405 when the
//!   router serves the path, with `Allow` naming the methods it serves; those must be exactly
//!   the documented ones. An unrouted path would answer the 404 of unknown paths instead.
//! - **Nothing under /api is routed without being documented.** axum cannot list its routes,
//!   so this reads the source: an operation is registered with `routes!(handler)`, which
//!   documents it; a plain `.route("/api…")` would serve it undocumented, and only the
//!   document itself and the JSON 404 of unknown paths may be registered that way.
//! - **Parameters are where they are read.** Every `{name}` of a path is a documented path
//!   parameter and every documented path parameter occurs in its path.
//! - **Every documented query parameter is read.** The handlers read the query as a map, so
//!   the struct that documents it could drift from what they read. For each documented query
//!   parameter whose type the handler checks (integers, booleans, enums), a request with a
//!   value of the wrong type must answer 400 naming that parameter; a parameter the handler
//!   ignores would be answered 200. Free-text parameters (search words, comma lists of names)
//!   accept every value, so no request can tell whether they are read: they are not covered.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common::TestApp;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

fn document() -> Value {
    serde_json::from_str(&api::openapi_json()).expect("the document is JSON")
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                out.push((method.to_string(), path.clone(), operation.clone()));
            }
        }
    }
    out
}

fn path_names(path: &str) -> BTreeSet<String> {
    path.split('/').filter_map(|part| part.strip_prefix('{')?.strip_suffix('}')).map(str::to_string).collect()
}

fn parameters<'a>(operation: &'a Value, location: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    operation["parameters"].as_array().into_iter().flatten().filter(move |p| p["in"] == location)
}

#[tokio::test]
async fn every_documented_operation_is_routed_and_nothing_else_on_its_path() {
    let app = TestApp::new().await;
    let doc = document();
    assert!(doc["paths"]["/api/v1/put-nothing/"].is_null());
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        assert!(item.get("put").is_none(), "{path}: this test probes with PUT, which no operation may use");
        let concrete = path.replace("{action}", "accept").replace(['{', '}'], "");
        let answer = app.put(&concrete).send().await;
        assert_eq!(answer.status.as_u16(), 405, "{path} is documented but not routed: {}", answer.text());
        let allow: BTreeSet<String> = answer
            .header("allow")
            .unwrap_or("")
            .split(',')
            .map(|m| m.trim().to_ascii_lowercase())
            .filter(|m| !m.is_empty() && m != "head")
            .collect();
        let documented: BTreeSet<String> =
            METHODS.iter().filter(|m| item.get(**m).is_some()).map(|m| m.to_string()).collect();
        assert_eq!(allow, documented, "{path}: methods routed (left) and documented (right)");
        checked += 1;
    }
    assert!(checked > 80, "only {checked} paths");
}

#[test]
fn nothing_under_api_is_routed_undocumented() {
    let allowed = ["/api/openapi.json", "/api", "/api/", "/api/{*rest}"];
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src];
    let mut found = Vec::new();
    while let Some(at) = files.pop() {
        if at.is_dir() {
            files.extend(std::fs::read_dir(&at).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if at.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&at).unwrap();
        for (i, _) in text.match_indices(".route(") {
            let rest = text[i + ".route(".len()..].trim_start();
            let Some(literal) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) else {
                // A path that is not a literal cannot be checked here: refuse it.
                found.push(format!("{}: a .route( with a computed path", at.display()));
                continue;
            };
            if literal.starts_with("/api") && !allowed.contains(&literal) {
                found.push(format!("{}: {literal}", at.display()));
            }
        }
    }
    assert!(found.is_empty(), "routes under /api registered without routes!(…), so undocumented: {found:?}");
}

#[test]
fn path_parameters_are_the_path_names() {
    for (method, path, operation) in operations(&document()) {
        let documented: BTreeSet<String> =
            parameters(&operation, "path").map(|p| p["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(documented, path_names(&path), "{method} {path}: path parameters documented (left) and in the path");
        for parameter in parameters(&operation, "path") {
            assert_eq!(parameter["required"], true, "{method} {path}: {}", parameter["name"]);
        }
    }
}

/// A value of the wrong type for a parameter's schema, or None when every value is valid.
fn invalid_value(schema: &Value) -> Option<&'static str> {
    if schema["enum"].is_array() {
        return Some("not-a-choice");
    }
    match schema["type"].as_str()? {
        "integer" => Some("x1"),
        "boolean" => Some("maybe"),
        _ => None,
    }
}

#[tokio::test]
async fn every_checked_query_parameter_is_read() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let admin = app.add_member("admin@example.com", &tenant, "admin").await;
    let token = app.token_for(admin.id);
    let mut covered = 0;
    let mut unread = Vec::new();
    for (method, path, operation) in operations(&document()) {
        if method != "get" {
            continue;
        }
        let id = if path.contains("/groups/") { tenant.organization.id } else { admin.id };
        let concrete = path.replace("{id}", &id.to_string());
        for parameter in parameters(&operation, "query") {
            let name = parameter["name"].as_str().unwrap();
            let Some(value) = invalid_value(&parameter["schema"]) else { continue };
            let url = format!("{concrete}?{name}={value}");
            let answer = app.get(&url).token(&token).send().await;
            let body = answer.json();
            let named =
                body["field_errors"].get(name).is_some() || body["detail"].as_str().is_some_and(|d| d.contains(name));
            if answer.status.as_u16() != 400 || !named {
                unread.push(format!("GET {url} answered {}: {body}", answer.status));
            }
            covered += 1;
        }
    }
    assert!(unread.is_empty(), "documented parameters not read (or not checked):\n{}", unread.join("\n"));
    assert!(covered > 40, "only {covered} parameters checked");
}
