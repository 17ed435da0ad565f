//! Sign-up, sign-in, sessions, one-time codes, identity and the dev mailbox.

use serde_json::{json, Value};

use crate::common::{TestApp, PASSWORD};

pub(crate) fn signup(email: &str) -> Value {
    json!({
        "first_name": "Ada", "last_name": "Lovelace", "email": email,
        "password": "analytical-engine", "confirm_password": "analytical-engine",
        "subscribe_to_newsletter": true, "profile_type": "individual", "username": email,
        "recaptcha_response": ""
    })
}

/// Delivers queued mail, then reads the newest code sent to `email` from the dev mailbox.
pub(crate) async fn code_for(app: &TestApp, email: &str) -> String {
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let mails = app.get("/dev/mailbox.json").send().await.json();
    let mail = mails.as_array().unwrap().iter().find(|m| m["to"] == email).expect("a mail to the user");
    let text = mail["text_body"].as_str().unwrap();
    text.split_whitespace().find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit())).unwrap().to_string()
}

pub(crate) async fn register(app: &TestApp, email: &str) -> (String, String) {
    let res = app.post("/api/v1/register/").json(&signup(email)).send().await;
    res.assert_status(201);
    let body = res.json();
    (body["data"]["access"].as_str().unwrap().to_string(), body["data"]["refresh"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn sign_up_mails_a_code_that_verifies_the_account() {
    let app = TestApp::new().await;
    let res = app.post("/api/v1/register/").json(&signup("Ada@Example.com")).send().await;
    res.assert_status(201);
    let body = res.json();
    assert_eq!(
        body["message"],
        "Successful registration. We have sent an OTP to your email for verification. Please check your email."
    );
    let access = body["data"]["access"].as_str().unwrap().to_string();
    let me = app.get("/api/v1/identity/").token(&access).send().await.json()["data"].clone();
    assert_eq!(me["is_verified"], false);
    assert_eq!(me["profile"]["email"], "ada@example.com");
    assert_eq!(me["membership_status"], "accepted", "the default organization is open");
    assert_eq!(me["organization"]["id"], app.default_tenant.organization.id);

    let code = code_for(&app, "ada@example.com").await;
    let mails = app.get("/dev/mailbox.json").send().await.json();
    assert_eq!(mails[0]["subject"], format!("{code} is your Waypoint verification code"));

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let err =
        app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": wrong, "type": "registration"})).await.error(400);
    assert_eq!(err["field_errors"]["otp"][0], "Invalid OTP.");
    let ok = app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": code, "type": "registration"})).await;
    ok.assert_status(200);
    assert_eq!(ok.json()["message"], "OTP verified successfully");
    let me = app.get("/api/v1/identity/").token(&access).send().await.json();
    assert_eq!(me["data"]["is_verified"], true);
    let again = app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": code})).await.error(400);
    assert_eq!(again["non_field_errors"][0], "Your email is already verified.");
}

#[tokio::test]
async fn sign_up_checks_every_field() {
    let app = TestApp::new().await;
    let body = app
        .post("/api/v1/register/")
        .json(&json!({"first_name": " ", "last_name": "", "email": "not-an-email", "password": "short", "confirm_password": "other"}))
        .send()
        .await
        .error(400);
    let fields = &body["field_errors"];
    assert_eq!(fields["first_name"][0], "First name must be at least 1 characters");
    assert_eq!(fields["last_name"][0], "Last name must be at least 1 characters");
    assert_eq!(fields["email"][0], "Invalid email address");
    assert_eq!(fields["password"][0], "Password must be at least 8 characters");
    assert_eq!(fields["confirm_password"][0], "Passwords do not match");

    register(&app, "ada@example.com").await;
    let body = app.post("/api/v1/register/").json(&signup("ADA@example.com")).send().await.error(400);
    assert_eq!(body["field_errors"]["email"][0], "A user with this email already exists.");
}

#[tokio::test]
async fn a_closed_organization_leaves_new_members_pending() {
    let app = TestApp::new().await;
    use sea_orm::{ActiveModelTrait, Set};
    let mut org: store::entities::groups::ActiveModel = app.default_tenant.organization.clone().into();
    org.join_mode = Set("closed".into());
    org.update(&app.db).await.unwrap();
    let (access, _) = register(&app, "ada@example.com").await;
    let me = app.get("/api/v1/identity/").token(&access).send().await.json();
    assert_eq!(me["data"]["membership_status"], "pending");
    assert_eq!(me["data"]["switchable_orgs"], json!([]));
}

#[tokio::test]
async fn codes_allow_five_attempts_and_resending_replaces_them() {
    let app = TestApp::new().await;
    let (access, _) = register(&app, "ada@example.com").await;
    let first = code_for(&app, "ada@example.com").await;
    let wrong = if first == "999999" { "999998" } else { "999999" };
    for _ in 0..5 {
        app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": wrong})).await.error(400);
    }
    let body = app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": first})).await.error(400);
    assert_eq!(body["field_errors"]["otp"][0], "Too many attempts. Please request a new OTP.");

    let res = app.post("/api/v1/resend-otp/").token(&access).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "OTP resent successfully. Please check your email.");
    let second = code_for(&app, "ada@example.com").await;
    if second != first {
        app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": first})).await.error(400);
    }
    app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": second})).await.assert_status(200);

    let body = app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": "12ab56"})).await.error(400);
    assert_eq!(body["field_errors"]["otp"][0], "Enter the 6-digit code.");
    app.post("/api/v1/resend-otp/").send().await.error(401);
}

#[tokio::test]
async fn sign_in_does_not_reveal_which_emails_exist() {
    let app = TestApp::new().await;
    app.add_user("maria@example.com").await;
    let ok =
        app.post("/api/v1/token/").json(&json!({"username": "Maria@Example.com", "password": PASSWORD})).send().await;
    ok.assert_status(200);
    assert!(ok.json()["data"]["access"].as_str().unwrap().len() > 20);
    let wrong_password = app
        .post("/api/v1/token/")
        .json(&json!({"username": "maria@example.com", "password": "nope-nope"}))
        .send()
        .await
        .error(401);
    let unknown = app
        .post("/api/v1/token/")
        .json(&json!({"username": "nobody@example.com", "password": "nope-nope"}))
        .send()
        .await
        .error(401);
    assert_eq!(wrong_password["detail"], "No active account found with the given credentials");
    assert_eq!(wrong_password, unknown);
    let blank = app.post("/api/v1/token/").json(&json!({"username": "", "password": ""})).send().await.error(400);
    assert_eq!(blank["field_errors"]["password"][0], "Please enter a password");
    assert_eq!(blank["field_errors"]["username"][0], "Please enter an email");
    let malformed =
        app.post("/api/v1/token/").json(&json!({"username": "not-an-email", "password": "x"})).send().await.error(400);
    assert_eq!(malformed["field_errors"]["username"][0], "Invalid email address");
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_replayed_one_ends_the_session() {
    let app = TestApp::new().await;
    let (_, first) = register(&app, "ada@example.com").await;
    let res = app.post("/api/v1/token/refresh/").json(&json!({"refresh": first})).send().await;
    res.assert_status(200);
    let second = res.json()["data"]["refresh"].as_str().unwrap().to_string();
    let access = res.json()["data"]["access"].as_str().unwrap().to_string();
    assert_ne!(first, second);
    app.get("/api/v1/identity/").token(&access).send().await.assert_status(200);

    // The first token was already used: presenting it again revokes the whole family.
    let body = app.post("/api/v1/token/refresh/").json(&json!({"refresh": first})).send().await.error(401);
    assert_eq!(body["detail"], "Token is invalid or expired");
    assert_eq!(body["code"], "token_not_valid");
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": second})).send().await.error(401);
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": "made-up"})).send().await.error(401);
}

#[tokio::test]
async fn logout_revokes_the_refresh_token() {
    let app = TestApp::new().await;
    let (_, refresh) = register(&app, "ada@example.com").await;
    app.post("/api/v1/logout/").json(&json!({"refresh_token": refresh})).send().await.assert_status(204);
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": refresh})).send().await.error(401);
    app.post("/api/v1/logout/").json(&json!({"refresh_token": "unknown"})).send().await.assert_status(204);
    app.post("/api/v1/logout/").json(&json!({})).send().await.error(400);
}

#[tokio::test]
async fn identity_needs_a_token_and_lists_switchable_organizations() {
    let app = TestApp::new().await;
    app.get("/api/v1/identity/").send().await.error(401);
    let other = app.add_tenant("other.example.org", "Other").await;
    let user = app.add_member("ada@example.com", &app.default_tenant, "admin").await;
    store::queries::memberships::upsert(&app.db, other.organization.id, user.id, "member", "accepted").await.unwrap();
    let me = app.get("/api/v1/identity/").token(&app.token_for(user.id)).send().await.json()["data"].clone();
    assert_eq!(me["organization"]["membership_role"], "admin");
    let domains: Vec<&str> =
        me["switchable_orgs"].as_array().unwrap().iter().map(|o| o["domain"].as_str().unwrap()).collect();
    assert_eq!(domains.len(), 2);
    assert!(domains.contains(&"other.example.org"));
    for key in [
        "is_trial_user",
        "is_staff",
        "is_influencer",
        "unread_notifications_count",
        "user_subscription",
        "work_experiences",
    ] {
        assert!(me.get(key).is_some(), "identity lacks {key}");
    }
}

#[tokio::test]
async fn with_smtp_configured_mail_is_retried_and_the_dev_mailbox_is_gone() {
    let mut settings = api::Settings::for_tests();
    // Nothing listens on port 9 of this machine: delivery fails and must be retried.
    settings.smtp_url = Some("smtp://127.0.0.1:9".into());
    let app = TestApp::with_settings(settings).await;
    app.get("/dev/mailbox.json").send().await.error(404);
    register(&app, "ada@example.com").await;
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let emails = store::queries::mail::latest(&app.db, 10).await.unwrap();
    assert_eq!(emails.len(), 1);
    assert_eq!(emails[0].status, "queued", "the mail is kept for the next attempt");
    use sea_orm::EntityTrait;
    let jobs = store::entities::jobs::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(jobs[0].status, "pending");
    assert_eq!(jobs[0].attempts, 1);
    assert!(jobs[0].last_error.is_some());
    assert!(jobs[0].run_at > store::now(), "retried later, not at once");
}
