//! Social sign-in (Google, Facebook, LinkedIn) against a local fake of the providers' HTTP
//! APIs. The fake answers tokens of the form `kind|uid|email`: `good` is a valid token of
//! this site's app, `otherapp` one issued to another app, `expired`, `unverified` and
//! `noemail` what their names say; anything else is refused as the provider would.

use std::sync::{Arc, Mutex};

use api::Settings;
use axum::{
    extract::{Form, Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use services::social::{FacebookConfig, GoogleConfig, LinkedInConfig};
use std::collections::HashMap;
use store::{entities::users, queries::social_accounts};

use crate::common::{serve_fake, TestApp};

const GOOGLE_CLIENT: &str = "google-client.apps.example";
const FB_APP: &str = "4242";
const FB_SECRET: &str = "fb-app-secret";
const LI_CLIENT: &str = "li-client";
const LI_SECRET: &str = "li-client-secret";
const LI_REDIRECT: &str = "https://app.example/linkedin";

/// What the fake saw: one line per call.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<String>>>);

impl Seen {
    fn push(&self, line: String) {
        self.0.lock().unwrap().push(line);
    }

    fn lines(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

/// `kind|uid|email` → its parts.
fn parse(token: &str) -> Option<(&str, &str, &str)> {
    let mut parts = token.splitn(3, '|');
    Some((parts.next()?, parts.next()?, parts.next()?))
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn bearer(headers: &HeaderMap) -> String {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .to_string()
}

fn refuse(status: StatusCode, body: Value) -> Response {
    (status, Json(body)).into_response()
}

async fn google_tokeninfo(State(seen): State<Seen>, Query(q): Query<HashMap<String, String>>) -> Response {
    let invalid =
        || refuse(StatusCode::BAD_REQUEST, json!({"error": "invalid_token", "error_description": "Invalid Value"}));
    if let Some(token) = q.get("id_token") {
        seen.push(format!("google tokeninfo id_token={token}"));
        let Some((kind, sub, email)) = parse(token) else { return invalid() };
        let aud = if kind == "otherapp" { "someone-else.apps.example" } else { GOOGLE_CLIENT };
        let exp = if kind == "expired" { now() - 60 } else { now() + 3600 };
        let verified = if kind == "unverified" { "false" } else { "true" };
        if !["good", "otherapp", "expired", "unverified"].contains(&kind) {
            return invalid();
        }
        // tokeninfo answers numbers and flags as strings.
        return Json(json!({
            "iss": "https://accounts.google.com", "aud": aud, "azp": aud, "sub": sub, "email": email,
            "email_verified": verified, "exp": exp.to_string(), "given_name": "Grace", "family_name": "Hopper",
            "picture": "https://example.com/grace.png", "alg": "RS256"
        }))
        .into_response();
    }
    let Some(token) = q.get("access_token") else { return invalid() };
    seen.push(format!("google tokeninfo access_token={token}"));
    match parse(token) {
        Some(("good", sub, email)) | Some(("unverified", sub, email)) => Json(json!({
            "azp": GOOGLE_CLIENT, "aud": GOOGLE_CLIENT, "sub": sub, "scope": "openid email profile",
            "exp": (now() + 3599).to_string(), "expires_in": "3599", "email": email, "email_verified": "true"
        }))
        .into_response(),
        Some(("otherapp", sub, _)) => Json(json!({
            "azp": "someone-else.apps.example", "aud": "someone-else.apps.example", "sub": sub, "expires_in": "3599"
        }))
        .into_response(),
        _ => invalid(),
    }
}

async fn google_userinfo(State(seen): State<Seen>, headers: HeaderMap) -> Response {
    let token = bearer(&headers);
    seen.push(format!("google userinfo bearer={token}"));
    match parse(&token) {
        Some((kind @ ("good" | "unverified"), sub, email)) => Json(json!({
            "sub": sub, "name": "Ada Lovelace", "given_name": "Ada", "family_name": "Lovelace",
            "picture": "https://example.com/ada.png", "email": email, "email_verified": kind == "good"
        }))
        .into_response(),
        _ => refuse(
            StatusCode::UNAUTHORIZED,
            json!({"error": "invalid_request", "error_description": "Invalid Credentials"}),
        ),
    }
}

async fn facebook_debug_token(State(seen): State<Seen>, Query(q): Query<HashMap<String, String>>) -> Response {
    let input = q.get("input_token").cloned().unwrap_or_default();
    let app_token = q.get("access_token").cloned().unwrap_or_default();
    seen.push(format!("facebook debug_token input_token={input}"));
    if app_token != format!("{FB_APP}|{FB_SECRET}") {
        return refuse(
            StatusCode::BAD_REQUEST,
            json!({"error": {"message": "Invalid OAuth access token signature.", "type": "OAuthException", "code": 190}}),
        );
    }
    match parse(&input) {
        Some((kind @ ("good" | "otherapp" | "noemail"), uid, _)) => Json(json!({"data": {
            "app_id": if kind == "otherapp" { "9999" } else { FB_APP }, "type": "USER", "application": "Waypoint",
            "expires_at": now() + 3600, "is_valid": true, "scopes": ["email", "public_profile"], "user_id": uid
        }}))
        .into_response(),
        _ => Json(json!({"data": {
            "error": {"code": 190, "message": "Invalid OAuth access token - Cannot parse access token"},
            "is_valid": false, "scopes": []
        }}))
        .into_response(),
    }
}

async fn facebook_me(State(seen): State<Seen>, Query(q): Query<HashMap<String, String>>) -> Response {
    let token = q.get("access_token").cloned().unwrap_or_default();
    seen.push(format!("facebook me fields={} access_token={token}", q.get("fields").cloned().unwrap_or_default()));
    match parse(&token) {
        Some(("good", uid, email)) => {
            Json(json!({"id": uid, "email": email, "first_name": "Katherine", "last_name": "Johnson"})).into_response()
        }
        Some(("noemail", uid, _)) => {
            Json(json!({"id": uid, "first_name": "Katherine", "last_name": "Johnson"})).into_response()
        }
        _ => refuse(
            StatusCode::BAD_REQUEST,
            json!({"error": {"message": "Malformed access token", "type": "OAuthException", "code": 190}}),
        ),
    }
}

async fn linkedin_token(State(seen): State<Seen>, Form(form): Form<HashMap<String, String>>) -> Response {
    let get = |k: &str| form.get(k).cloned().unwrap_or_default();
    seen.push(format!(
        "linkedin token grant_type={} code={} redirect_uri={} client_id={} client_secret={}",
        get("grant_type"),
        get("code"),
        get("redirect_uri"),
        get("client_id"),
        get("client_secret")
    ));
    if get("client_id") != LI_CLIENT || get("client_secret") != LI_SECRET {
        return refuse(
            StatusCode::UNAUTHORIZED,
            json!({"error": "invalid_client", "error_description": "Client authentication failed"}),
        );
    }
    let code = get("code");
    match code.strip_prefix("code-") {
        Some(rest) if get("grant_type") == "authorization_code" && get("redirect_uri") == LI_REDIRECT => {
            Json(json!({"access_token": rest, "expires_in": 5184000, "scope": "openid,profile,email"})).into_response()
        }
        _ => refuse(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired."}),
        ),
    }
}

async fn linkedin_userinfo(State(seen): State<Seen>, headers: HeaderMap) -> Response {
    let token = bearer(&headers);
    seen.push(format!("linkedin userinfo bearer={token}"));
    match parse(&token) {
        Some((kind @ ("good" | "unverified"), sub, email)) => Json(json!({
            "sub": sub, "name": "Alan Turing", "given_name": "Alan", "family_name": "Turing",
            "picture": "https://media.licdn.com/alan.jpg", "locale": {"country": "GB", "language": "en"},
            "email": email, "email_verified": kind == "good"
        }))
        .into_response(),
        _ => refuse(
            StatusCode::UNAUTHORIZED,
            json!({"serviceErrorCode": 65600, "message": "Invalid access token", "status": 401}),
        ),
    }
}

/// The fake providers on a local port; answers their base URL and the call log.
async fn fake_providers() -> (String, Seen) {
    let seen = Seen::default();
    let router = Router::new()
        .route("/google/tokeninfo", get(google_tokeninfo))
        .route("/google/userinfo", get(google_userinfo))
        .route("/fb/v19.0/debug_token", get(facebook_debug_token))
        .route("/fb/v19.0/me", get(facebook_me))
        .route("/li/oauth/v2/accessToken", post(linkedin_token))
        .route("/li/v2/userinfo", get(linkedin_userinfo))
        .with_state(seen.clone());
    let base = serve_fake(router).await;
    (base, seen)
}

/// Every provider on, pointed at `base`.
fn settings(base: &str) -> Settings {
    let mut settings = Settings::for_tests();
    let mut google = GoogleConfig::new(GOOGLE_CLIENT, None);
    google.tokeninfo_url = format!("{base}/google/tokeninfo");
    google.userinfo_url = format!("{base}/google/userinfo");
    let mut facebook = FacebookConfig::new(FB_APP, FB_SECRET);
    facebook.graph_url = format!("{base}/fb/v19.0");
    let mut linkedin = LinkedInConfig::new(LI_CLIENT, LI_SECRET);
    linkedin.token_url = format!("{base}/li/oauth/v2/accessToken");
    linkedin.userinfo_url = format!("{base}/li/v2/userinfo");
    settings.social.google = Some(google);
    settings.social.facebook = Some(facebook);
    settings.social.linkedin = Some(linkedin);
    settings
}

async fn app_with_fakes() -> (TestApp, Seen) {
    let (base, seen) = fake_providers().await;
    (TestApp::with_settings(settings(&base)).await, seen)
}

async fn identity(app: &TestApp, access: &str) -> Value {
    let res = app.get("/api/v1/identity/").token(access).send().await;
    res.assert_status(200);
    res.json()["data"].clone()
}

/// Signs in and answers the identity of the signed-in user.
async fn sign_in(app: &TestApp, path: &str, body: Value) -> Value {
    let res = app.post(path).json(&body).send().await;
    res.assert_status(200);
    let data = res.json()["data"].clone();
    assert!(data["refresh"].as_str().is_some_and(|r| !r.is_empty()), "a refresh token: {data}");
    identity(app, data["access"].as_str().unwrap()).await
}

async fn users_with_email(app: &TestApp, email: &str) -> u64 {
    users::Entity::find().filter(users::Column::Email.eq(email)).count(&app.db).await.unwrap()
}

#[tokio::test]
async fn a_new_google_user_is_created_verified_and_signed_in() {
    let (app, seen) = app_with_fakes().await;
    let me = sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-1|Ada@Example.com"})).await;
    assert_eq!(me["is_verified"], true);
    assert_eq!(me["is_trial_user"], false);
    assert_eq!(me["first_name"], "Ada");
    assert_eq!(me["last_name"], "Lovelace");
    assert_eq!(me["profile"]["email"], "ada@example.com");
    assert_eq!(me["membership_status"], "accepted", "the default organization is open");
    assert_eq!(me["organization"]["id"], app.default_tenant.organization.id);
    assert_eq!(social_accounts::find_user(&app.db, "google", "g-1").await.unwrap(), me["id"].as_i64());
    // The token's audience was checked before the userinfo was trusted.
    assert_eq!(
        seen.lines(),
        ["google tokeninfo access_token=good|g-1|Ada@Example.com", "google userinfo bearer=good|g-1|Ada@Example.com"]
    );

    // The second sign-in finds the same user through the link.
    let again = sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-1|Ada@Example.com"})).await;
    assert_eq!(again["id"], me["id"]);
    assert_eq!(users_with_email(&app, "ada@example.com").await, 1);
}

#[tokio::test]
async fn an_existing_account_is_linked_by_its_email_and_verified() {
    let (app, _) = app_with_fakes().await;
    let existing = store::queries::users::create(
        &app.db,
        store::queries::users::NewUser {
            email: "grace@example.com",
            password_hash: None,
            first_name: "Grace",
            last_name: "Hopper",
            is_verified: false,
            is_staff: false,
            subscribe_to_newsletter: true,
        },
    )
    .await
    .unwrap();

    let me = sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-7|GRACE@example.com"})).await;
    assert_eq!(me["id"], existing.id, "no second account");
    assert_eq!(me["is_verified"], true, "social sign-in verifies the account");
    assert_eq!(me["first_name"], "Grace", "the account keeps its own name");
    assert_eq!(users_with_email(&app, "grace@example.com").await, 1);
    assert_eq!(social_accounts::find_user(&app.db, "google", "g-7").await.unwrap(), Some(existing.id));

    // The link wins over the email: the same Google account with a changed address.
    let again = sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-7|grace.new@example.com"})).await;
    assert_eq!(again["id"], existing.id);
    assert_eq!(users_with_email(&app, "grace.new@example.com").await, 0);

    // Another provider with the same verified email joins the same account.
    let li = sign_in(&app, "/api/v1/linkedin/login/", json!({"access_token": "good|li-7|grace@example.com"})).await;
    assert_eq!(li["id"], existing.id);
}

#[tokio::test]
async fn a_trial_user_stays_a_trial_user_and_a_disabled_account_is_refused() {
    let (app, _) = app_with_fakes().await;
    let trial = store::queries::users::create_trial(&app.db, "trial@example.com", "Tri", "Al").await.unwrap();
    let me = sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-3|trial@example.com"})).await;
    assert_eq!(me["id"], trial.id);
    assert_eq!(me["is_trial_user"], true, "the client still sends trial users to sign up");
    assert_eq!(me["is_verified"], true);

    let blocked = app.add_user("blocked@example.com").await;
    users::Entity::update_many()
        .col_expr(users::Column::IsActive, sea_orm::sea_query::Expr::value(false))
        .filter(users::Column::Id.eq(blocked.id))
        .exec(&app.db)
        .await
        .unwrap();
    let err = app
        .post("/api/v1/google/login/")
        .json(&json!({"access_token": "good|g-4|blocked@example.com"}))
        .send()
        .await
        .error(400);
    assert_eq!(err["detail"], "This account is disabled.");
    assert_eq!(social_accounts::find_user(&app.db, "google", "g-4").await.unwrap(), None, "nothing was linked");
}

#[tokio::test]
async fn a_new_user_of_a_closed_organization_waits_for_approval() {
    let (app, _) = app_with_fakes().await;
    let tenant = app.add_tenant("closed.localhost", "Closed Circle").await;
    let mut org: store::entities::groups::ActiveModel = tenant.organization.clone().into();
    org.join_mode = sea_orm::Set("closed".into());
    sea_orm::ActiveModelTrait::update(org, &app.db).await.unwrap();

    let res = app
        .post("/api/v1/facebook/login/")
        .host("closed.localhost")
        .json(&json!({"access_token": "good|fb-9|kj@example.com", "user_id": "fb-9"}))
        .send()
        .await;
    res.assert_status(200);
    let access = res.json()["data"]["access"].as_str().unwrap().to_string();
    let me = app.get("/api/v1/identity/").host("closed.localhost").token(&access).send().await.json()["data"].clone();
    assert_eq!(me["membership_status"], "pending");
    assert_eq!(me["first_name"], "Katherine");
}

#[tokio::test]
async fn disabled_providers_say_so() {
    let app = TestApp::new().await;
    for (path, body, detail) in [
        ("/api/v1/google/login/", json!({"access_token": "x"}), "Google sign-in is not enabled on this site."),
        (
            "/api/v1/facebook/login/",
            json!({"access_token": "x", "user_id": "1"}),
            "Facebook sign-in is not enabled on this site.",
        ),
        ("/api/v1/linkedin/login/", json!({"access_token": "x"}), "LinkedIn sign-in is not enabled on this site."),
    ] {
        let err = app.post(path).json(&body).send().await.error(400);
        assert_eq!(err["detail"], detail, "{path}");
    }
}

#[tokio::test]
async fn bad_google_tokens_are_refused_with_a_clear_message() {
    let (app, _) = app_with_fakes().await;
    let cases = [
        (json!({"access_token": "garbage"}), "This Google sign-in is invalid or has expired. Please try again."),
        (
            json!({"access_token": "otherapp|g-1|a@example.com"}),
            "This Google sign-in was made for another application.",
        ),
        (json!({"access_token": "unverified|g-1|a@example.com"}), "Your Google account has no verified email address."),
        (
            json!({"access_token": "otherapp|g-1|a@example.com", "one_tap": true}),
            "This Google sign-in was made for another application.",
        ),
        (
            json!({"access_token": "expired|g-1|a@example.com", "one_tap": true}),
            "This Google sign-in has expired. Please try again.",
        ),
        (
            json!({"access_token": "unverified|g-1|a@example.com", "one_tap": true}),
            "Your Google account has no verified email address.",
        ),
        (
            json!({"access_token": "garbage", "one_tap": true}),
            "This Google sign-in is invalid or has expired. Please try again.",
        ),
    ];
    for (body, detail) in cases {
        let err = app.post("/api/v1/google/login/").json(&body).send().await.error(400);
        assert_eq!(err["detail"], detail, "{body}");
    }
    let err = app.post("/api/v1/google/login/").json(&json!({"access_token": "  "})).send().await.error(400);
    assert_eq!(err["field_errors"]["access_token"][0], "This field is required.");
    assert_eq!(users_with_email(&app, "a@example.com").await, 0);
}

#[tokio::test]
async fn a_google_one_tap_id_token_signs_in() {
    let (app, seen) = app_with_fakes().await;
    let me =
        sign_in(&app, "/api/v1/google/login/", json!({"access_token": "good|g-5|grace@example.com", "one_tap": true}))
            .await;
    assert_eq!(me["first_name"], "Grace");
    assert_eq!(me["is_verified"], true);
    assert_eq!(seen.lines(), ["google tokeninfo id_token=good|g-5|grace@example.com"]);
}

#[tokio::test]
async fn facebook_checks_the_token_belongs_to_this_app_and_user() {
    let (app, seen) = app_with_fakes().await;
    let me = sign_in(
        &app,
        "/api/v1/facebook/login/",
        json!({"access_token": "good|fb-1|kj@example.com", "user_id": "fb-1"}),
    )
    .await;
    assert_eq!((me["first_name"].as_str(), me["last_name"].as_str()), (Some("Katherine"), Some("Johnson")));
    assert_eq!(me["is_verified"], true);
    // The app token (id|secret) went to debug_token only; /me asked for the agreed fields.
    let lines = seen.lines();
    assert_eq!(lines[0], "facebook debug_token input_token=good|fb-1|kj@example.com");
    assert_eq!(lines[1], "facebook me fields=id,email,first_name,last_name access_token=good|fb-1|kj@example.com");

    let cases = [
        (
            json!({"access_token": "good|fb-1|kj@example.com", "user_id": "fb-2"}),
            "This Facebook sign-in belongs to another account.",
        ),
        (
            json!({"access_token": "otherapp|fb-1|kj@example.com", "user_id": "fb-1"}),
            "This Facebook sign-in was made for another application.",
        ),
        (
            json!({"access_token": "nonsense", "user_id": "fb-1"}),
            "Invalid OAuth access token - Cannot parse access token",
        ),
        (
            json!({"access_token": "noemail|fb-3|", "user_id": "fb-3"}),
            "Your Facebook account did not share an email address. Please allow access to your email or sign up with your email.",
        ),
    ];
    for (body, detail) in cases {
        let err = app.post("/api/v1/facebook/login/").json(&body).send().await.error(400);
        assert_eq!(err["detail"], detail, "{body}");
    }
    let err =
        app.post("/api/v1/facebook/login/").json(&json!({"access_token": "good|fb-1|kj@example.com"})).send().await;
    let err = err.error(400);
    assert_eq!(err["field_errors"]["user_id"][0], "This field is required.");
}

#[tokio::test]
async fn a_wrong_facebook_app_secret_is_refused_without_showing_it() {
    let (base, _) = fake_providers().await;
    let mut settings = settings(&base);
    settings.social.facebook.as_mut().unwrap().app_secret = "wrong-secret".into();
    let app = TestApp::with_settings(settings).await;
    let res = app
        .post("/api/v1/facebook/login/")
        .json(&json!({"access_token": "good|fb-1|kj@example.com", "user_id": "fb-1"}))
        .send()
        .await;
    let err = res.error(400);
    assert_eq!(err["detail"], "Invalid OAuth access token signature.");
    assert!(!res.text().contains("wrong-secret"));
}

#[tokio::test]
async fn linkedin_exchanges_a_code_with_the_client_secret() {
    let (app, seen) = app_with_fakes().await;
    let me = sign_in(
        &app,
        "/api/v1/linkedin/login/",
        json!({"code": "code-good|li-1|alan@example.com", "redirect_uri": LI_REDIRECT}),
    )
    .await;
    assert_eq!(me["first_name"], "Alan");
    assert_eq!(me["profile"]["email"], "alan@example.com");
    assert_eq!(
        seen.lines(),
        [
            format!(
                "linkedin token grant_type=authorization_code code=code-good|li-1|alan@example.com \
                 redirect_uri={LI_REDIRECT} client_id={LI_CLIENT} client_secret={LI_SECRET}"
            ),
            "linkedin userinfo bearer=good|li-1|alan@example.com".to_string(),
        ]
    );

    // An access token works as well, and finds the same user through the link.
    let again = sign_in(&app, "/api/v1/linkedin/login/", json!({"access_token": "good|li-1|alan@example.com"})).await;
    assert_eq!(again["id"], me["id"]);

    let err = app
        .post("/api/v1/linkedin/login/")
        .json(&json!({"code": "code-good|li-1|alan@example.com", "redirect_uri": "https://evil.example/"}))
        .send()
        .await
        .error(400);
    assert!(err["detail"].as_str().unwrap().starts_with("Unable to retrieve access token"), "{err}");
    let err = app.post("/api/v1/linkedin/login/").json(&json!({"access_token": "stale"})).send().await.error(400);
    assert_eq!(err["detail"], "Invalid access token");
    let err = app
        .post("/api/v1/linkedin/login/")
        .json(&json!({"access_token": "unverified|li-2|x@example.com"}))
        .send()
        .await
        .error(400);
    assert_eq!(err["detail"], "Your LinkedIn account has no verified email address.");
    let err = app.post("/api/v1/linkedin/login/").json(&json!({"code": "code-x"})).send().await.error(400);
    assert_eq!(err["field_errors"]["redirect_uri"][0], "This field is required.");
    let err = app.post("/api/v1/linkedin/login/").json(&json!({})).send().await.error(400);
    assert_eq!(err["field_errors"]["access_token"][0], "This field is required.");
}

#[tokio::test]
async fn an_unreachable_provider_is_a_clear_error_not_a_crash() {
    // A port that was just free: nothing listens there.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let app = TestApp::with_settings(settings(&closed)).await;
    let err = app
        .post("/api/v1/google/login/")
        .json(&json!({"access_token": "good|g-1|ada@example.com"}))
        .send()
        .await
        .error(503);
    assert_eq!(err["detail"], "Google could not be reached. Please try again later.");
    assert_eq!(users_with_email(&app, "ada@example.com").await, 0);
}

#[tokio::test]
async fn two_first_sign_ins_at_once_make_one_account() {
    let (app, _) = app_with_fakes().await;
    let body = json!({"access_token": "good|g-8|twin@example.com"});
    let (a, b) = tokio::join!(
        app.post("/api/v1/google/login/").json(&body).send(),
        app.post("/api/v1/google/login/").json(&body).send()
    );
    a.assert_status(200);
    b.assert_status(200);
    assert_eq!(users_with_email(&app, "twin@example.com").await, 1);
}

#[tokio::test]
async fn someone_elses_alternate_email_does_not_make_a_new_account() {
    let (app, _) = app_with_fakes().await;
    let owner = app.add_user("owner@example.com").await;
    store::queries::users::set_alternate_email(&app.db, owner.id, "second@example.com").await.unwrap();
    let err = app
        .post("/api/v1/google/login/")
        .json(&json!({"access_token": "good|g-9|second@example.com"}))
        .send()
        .await
        .error(400);
    assert_eq!(err["detail"], "This email address belongs to another account. Please log in with that account.");
    assert_eq!(users_with_email(&app, "second@example.com").await, 0);
}
