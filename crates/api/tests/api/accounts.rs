//! Account security: bot-check, rate limits and lockout, password recovery and change,
//! the one-click verification link, alternate email and trial accounts.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::{
    auth::{code_for, register, signup},
    common::TestApp,
};

/// Delivers queued mail and answers the newest mail to `email`.
async fn last_mail_to(app: &TestApp, email: &str) -> Value {
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let mails = app.get("/dev/mailbox.json").send().await.json();
    mails.as_array().unwrap().iter().find(|m| m["to"] == email).cloned().expect("a mail to the user")
}

/// The path part of the first link in a mail (`/reset-password/…`, `/verify-email/…`).
fn link_in(mail: &Value, prefix: &str) -> String {
    let text = mail["text_body"].as_str().unwrap();
    let start = text.find(prefix).unwrap_or_else(|| panic!("no {prefix} link in {text}"));
    text[start..].split_whitespace().next().unwrap().to_string()
}

fn with_limits() -> api::Settings {
    api::Settings { rate_limits: true, ..api::Settings::for_tests() }
}

async fn login(app: &TestApp, email: &str, password: &str) -> crate::common::TestResponse {
    app.post("/api/v1/token/").json(&json!({"username": email, "password": password})).send().await
}

fn solve(challenge: &str, difficulty: u32) -> String {
    (0u64..)
        .map(|n| format!("{challenge}:{n}"))
        .find(|answer| {
            let digest = Sha256::digest(answer.as_bytes());
            let mut bits = 0;
            for byte in digest.iter() {
                if *byte == 0 {
                    bits += 8;
                } else {
                    bits += byte.leading_zeros();
                    break;
                }
            }
            bits >= difficulty
        })
        .unwrap()
}

#[tokio::test]
async fn sign_up_needs_a_solved_proof_of_work_once() {
    let mut settings = api::Settings::for_tests();
    settings.botcheck = api::settings::BotCheck::ProofOfWork { difficulty: 8 };
    let app = TestApp::with_settings(settings).await;
    let config = app.get("/api/v1/auth-config/").send().await.json();
    assert_eq!(config["data"]["botcheck"]["provider"], "pow");

    let body = app.post("/api/v1/register/").json(&signup("ada@example.com")).send().await.error(400);
    assert_eq!(body["non_field_errors"][0], "Please complete the reCAPTCHA");

    let challenge = app.get("/api/v1/botcheck/challenge/").send().await.json()["data"].clone();
    assert_eq!(challenge["difficulty"], 8);
    let challenge = challenge["challenge"].as_str().unwrap();
    // A wrong answer, a forged challenge and a made-up one are refused.
    for answer in [
        format!("{challenge}:x"),
        solve(&challenge.replace('.', "-"), 8),
        solve("9999999999.abc.def", 8),
        "nonsense".to_string(),
    ] {
        let mut form = signup("ada@example.com");
        form["recaptcha_response"] = json!(answer);
        let body = app.post("/api/v1/register/").json(&form).send().await.error(400);
        assert_eq!(body["non_field_errors"][0], "Please complete the reCAPTCHA");
    }

    let answer = solve(challenge, 8);
    let mut form = signup("ada@example.com");
    form["recaptcha_response"] = json!(answer);
    app.post("/api/v1/register/").json(&form).send().await.assert_status(201);
    // The same answer does not work twice.
    let mut again = signup("bob@example.com");
    again["recaptcha_response"] = json!(answer);
    app.post("/api/v1/register/").json(&again).send().await.error(400);
}

#[tokio::test]
async fn the_bot_check_can_be_switched_off() {
    let app = TestApp::new().await;
    let config = app.get("/api/v1/auth-config/").send().await.json();
    assert_eq!(config["data"]["botcheck"]["provider"], "off");
    app.get("/api/v1/botcheck/challenge/").send().await.error(404);
    app.post("/api/v1/register/").json(&signup("ada@example.com")).send().await.assert_status(201);
}

#[tokio::test]
async fn repeated_wrong_passwords_lock_the_account_for_a_while() {
    let app = TestApp::with_settings(with_limits()).await;
    register(&app, "ada@example.com").await;
    for _ in 0..10 {
        login(&app, "ada@example.com", "wrong-password").await.error(401);
    }
    let res = login(&app, "ada@example.com", "analytical-engine").await;
    let body = res.error(429);
    assert!(body["detail"].as_str().unwrap().starts_with("Too many attempts. Please try again in"), "{body}");
    let retry: u64 = res.header("retry-after").unwrap().parse().unwrap();
    assert!(retry > 0 && retry <= 15 * 60);
    // Unknown accounts lock the same way, so the answers reveal nothing.
    for _ in 0..10 {
        login(&app, "nobody@example.com", "wrong-password").await.error(401);
    }
    login(&app, "nobody@example.com", "wrong-password").await.error(429);
    // Another account from the same address is still open.
    register(&app, "bob@example.com").await;
    login(&app, "bob@example.com", "analytical-engine").await.assert_status(200);
}

#[tokio::test]
async fn one_address_cannot_hammer_sign_in() {
    let app = TestApp::with_settings(with_limits()).await;
    for n in 0..api::rate_limit::LOGIN_PER_IP.max {
        login(&app, &format!("user{n}@example.com"), "wrong-password").await.error(401);
    }
    login(&app, "user-over@example.com", "wrong-password").await.error(429);
    // A different client address is counted apart.
    app.post("/api/v1/token/")
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"username": "user-over@example.com", "password": "x"}))
        .send()
        .await
        .error(401);
}

#[tokio::test]
async fn codes_cannot_be_resent_or_guessed_without_end() {
    let app = TestApp::with_settings(with_limits()).await;
    let (access, _) = register(&app, "ada@example.com").await;
    for _ in 0..5 {
        app.post("/api/v1/resend-otp/").token(&access).send().await.assert_status(200);
    }
    app.post("/api/v1/resend-otp/").token(&access).send().await.error(429);
    for _ in 0..10 {
        app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": "000000"})).await;
    }
    app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": "000000"})).await.error(429);
}

#[tokio::test]
async fn forgot_password_mails_a_single_use_link_that_sets_a_new_password() {
    let app = TestApp::new().await;
    let (_, old_refresh) = register(&app, "ada@example.com").await;
    let res = app.post("/api/v1/forgot-password/").json(&json!({"email": "ADA@example.com"})).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Please check your email for recovery instructions");
    let mail = last_mail_to(&app, "ada@example.com").await;
    assert!(mail["subject"].as_str().unwrap().contains("Reset your"));
    let link = link_in(&mail, "http://");
    let token = link.rsplit('/').next().unwrap().to_string();
    assert!(link.contains("/reset-password/"));

    // Bad input names its field.
    let body = app
        .post("/api/v1/reset-password/")
        .json(&json!({"token": token, "password": "short", "confirm_password": "other"}))
        .send()
        .await
        .error(400);
    assert_eq!(body["field_errors"]["password"][0], "Password must be at least 8 characters");
    assert_eq!(body["field_errors"]["confirm_password"][0], "Passwords do not match");

    let reset = json!({"token": token, "password": "difference-engine", "confirm_password": "difference-engine"});
    let res = app.post("/api/v1/reset-password/").json(&reset).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Your password has been successfully changed.");
    login(&app, "ada@example.com", "analytical-engine").await.error(401);
    login(&app, "ada@example.com", "difference-engine").await.assert_status(200);
    // Every earlier session ended, and the link works once.
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": old_refresh})).send().await.error(401);
    let body = app.post("/api/v1/reset-password/").json(&reset).send().await.error(400);
    assert!(body["field_errors"]["token"][0].as_str().unwrap().contains("invalid or has expired"));
}

#[tokio::test]
async fn forgot_password_answers_alike_for_unknown_addresses_and_checks_the_format() {
    let app = TestApp::new().await;
    let res = app.post("/api/v1/forgot-password/").json(&json!({"email": "nobody@example.com"})).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Please check your email for recovery instructions");
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let mails = app.get("/dev/mailbox.json").send().await.json();
    assert!(mails.as_array().unwrap().is_empty());
    let body = app.post("/api/v1/forgot-password/").json(&json!({"email": "not an email"})).send().await.error(400);
    assert_eq!(body["field_errors"]["email"][0], "Please enter a valid email address");
}

#[tokio::test]
async fn an_expired_reset_link_is_refused() {
    let app = TestApp::new().await;
    register(&app, "ada@example.com").await;
    app.post("/api/v1/forgot-password/").json(&json!({"email": "ada@example.com"})).send().await.assert_status(200);
    let link = link_in(&last_mail_to(&app, "ada@example.com").await, "http://");
    let token = link.rsplit('/').next().unwrap();
    use store::entities::account_links;
    account_links::Entity::update_many()
        .col_expr(account_links::Column::ExpiresAt, sea_orm::sea_query::Expr::value(store::now()))
        .filter(account_links::Column::Purpose.eq("password_reset"))
        .exec(&app.db)
        .await
        .unwrap();
    let reset = json!({"token": token, "password": "difference-engine", "confirm_password": "difference-engine"});
    app.post("/api/v1/reset-password/").json(&reset).send().await.error(400);
    login(&app, "ada@example.com", "analytical-engine").await.assert_status(200);
}

#[tokio::test]
async fn forgot_password_is_limited_per_address() {
    let app = TestApp::with_settings(with_limits()).await;
    for _ in 0..3 {
        app.post("/api/v1/forgot-password/").json(&json!({"email": "ada@example.com"})).send().await.assert_status(200);
    }
    app.post("/api/v1/forgot-password/").json(&json!({"email": "ada@example.com"})).send().await.error(429);
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let app = TestApp::new().await;
    let (access, refresh) = register(&app, "ada@example.com").await;
    app.post("/api/v1/change-password/").json(&json!({})).send().await.error(401);
    let body = app.post_json("/api/v1/change-password/", &access, &json!({})).await.error(400);
    assert_eq!(body["field_errors"]["current_password"][0], "Required");
    assert_eq!(body["field_errors"]["new_password"][0], "Required");
    let body = app
        .post_json(
            "/api/v1/change-password/",
            &access,
            &json!({"current_password": "wrong-password", "new_password": "difference-engine"}),
        )
        .await
        .error(400);
    assert_eq!(body["field_errors"]["current_password"][0], "Your current password is incorrect.");
    let res = app
        .post_json(
            "/api/v1/change-password/",
            &access,
            &json!({"current_password": "analytical-engine", "new_password": "difference-engine"}),
        )
        .await;
    res.assert_status(200);
    let body = res.json();
    assert_eq!(body["message"], "Your password has been successfully changed.");
    let new_refresh = body["data"]["refresh"].as_str().unwrap();
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": refresh})).send().await.error(401);
    app.post("/api/v1/token/refresh/").json(&json!({"refresh": new_refresh})).send().await.assert_status(200);
    login(&app, "ada@example.com", "difference-engine").await.assert_status(200);
}

#[tokio::test]
async fn the_link_in_the_sign_up_mail_verifies_and_signs_in_once() {
    let app = TestApp::new().await;
    register(&app, "ada@example.com").await;
    let link = link_in(&last_mail_to(&app, "ada@example.com").await, "http://");
    assert!(link.contains("/verify-email/"), "{link}");
    let key = link.rsplit('/').next().unwrap();
    let res = app.post("/api/v1/users/verify-email/").json(&json!({"verification_key": key})).send().await;
    res.assert_status(200);
    let access = res.json()["data"]["access_token"].as_str().unwrap().to_string();
    assert!(res.json()["data"]["refresh_token"].as_str().is_some());
    let me = app.get("/api/v1/identity/").token(&access).send().await.json();
    assert_eq!(me["data"]["is_verified"], true);
    let body = app.post("/api/v1/users/verify-email/").json(&json!({"verification_key": key})).send().await.error(400);
    assert_eq!(body["detail"], "This verification link is invalid or has expired.");
    let body = app.post("/api/v1/users/verify-email/").json(&json!({"verification_key": ""})).send().await.error(400);
    assert_eq!(body["field_errors"]["verification_key"][0], "Please provide a valid verification token.");
}

#[tokio::test]
async fn an_alternate_email_is_confirmed_by_code_and_can_become_primary() {
    let app = TestApp::new().await;
    let (access, _) = register(&app, "ada@example.com").await;
    register(&app, "bob@example.com").await;
    let add = |email: &str| json!({"alternate_email": email});
    let body = app.post_json("/api/v1/alternate-email/", &access, &add("")).await.error(400);
    assert_eq!(body["field_errors"]["alternate_email"][0], "Alternate email is required");
    let body = app.post_json("/api/v1/alternate-email/", &access, &add("bob@example.com")).await.error(400);
    assert_eq!(body["field_errors"]["alternate_email"][0], "A user with this email already exists.");
    app.post_json("/api/v1/switch-email/", &access, &json!({})).await.error(400);

    let res = app.post_json("/api/v1/alternate-email/", &access, &add("ada@work.example")).await;
    assert_eq!(res.json()["message"], "We have sent an OTP to your alternate email for verification.");
    let res = app.post_json("/api/v1/resend-otp/", &access, &json!({"type": "alternate_email"})).await;
    assert_eq!(res.json()["message"], "Successfully resent OTP. Please check your alternate email.");
    let code = code_for(&app, "ada@work.example").await;
    let body = app
        .post_json("/api/v1/verify-otp/", &access, &json!({"otp": "000000", "type": "alternate_email"}))
        .await
        .error(400);
    assert_eq!(body["field_errors"]["otp"][0], "Invalid OTP.");
    let res = app.post_json("/api/v1/verify-otp/", &access, &json!({"otp": code, "type": "alternate_email"})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully verified OTP.");
    let me = app.get("/api/v1/identity/").token(&access).send().await.json();
    assert_eq!(me["data"]["profile"]["alternate_email"], "ada@work.example");
    assert_eq!(me["data"]["profile"]["is_alternate_email_verified"], true);
    // The registration code is still separate: the account itself is not verified by this.
    assert_eq!(me["data"]["is_verified"], false);

    let res = app.post_json("/api/v1/switch-email/", &access, &json!({})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully set as primary email");
    login(&app, "ada@example.com", "analytical-engine").await.error(401);
    login(&app, "ada@work.example", "analytical-engine").await.assert_status(200);
    let me = app.get("/api/v1/identity/").token(&access).send().await.json();
    assert_eq!(me["data"]["profile"]["email"], "ada@work.example");
    assert_eq!(me["data"]["profile"]["alternate_email"], Value::Null);
}

#[tokio::test]
async fn signing_up_completes_a_trial_account() {
    let app = TestApp::new().await;
    let trial = store::queries::users::create_trial(&app.db, "ada@example.com", "Ada", "L").await.unwrap();
    let me = app.get("/api/v1/identity/").token(&app.token_for(trial.id)).send().await.json();
    assert_eq!(me["data"]["is_trial_user"], true);
    let res = app.post("/api/v1/register/").json(&signup("ada@example.com")).send().await;
    res.assert_status(201);
    assert_eq!(res.json()["redirect_to_login"], true);
    let me = app.get("/api/v1/identity/").token(&app.token_for(trial.id)).send().await.json();
    assert_eq!(me["data"]["is_trial_user"], false);
    assert_eq!(me["data"]["first_name"], "Ada");
    login(&app, "ada@example.com", "analytical-engine").await.assert_status(200);
    // A full account cannot be signed up again.
    let body = app.post("/api/v1/register/").json(&signup("ada@example.com")).send().await.error(400);
    assert_eq!(body["field_errors"]["email"][0], "A user with this email already exists.");
    // And one sign-up means one membership.
    let count = store::entities::memberships::Entity::find()
        .filter(store::entities::memberships::Column::UserId.eq(trial.id))
        .all(&app.db)
        .await
        .unwrap()
        .len();
    assert_eq!(count, 1);
}

#[tokio::test]
async fn sign_up_is_limited_per_address() {
    let app = TestApp::with_settings(with_limits()).await;
    for n in 0..10 {
        app.post("/api/v1/register/").json(&signup(&format!("user{n}@example.com"))).send().await.assert_status(201);
    }
    let res = app.post("/api/v1/register/").json(&signup("one-more@example.com")).send().await;
    res.error(429);
    assert!(res.header("retry-after").is_some());
}

#[tokio::test]
async fn a_forged_host_never_lands_in_a_mailed_link() {
    let app = TestApp::new().await;
    app.add_tenant("acme.example", "Acme").await;
    register(&app, "ada@example.com").await;
    for (host, expected) in [("evil.example", "https://localhost/"), ("acme.example", "https://acme.example/")] {
        app.post("/api/v1/forgot-password/")
            .host(host)
            .json(&json!({"email": "ada@example.com"}))
            .send()
            .await
            .assert_status(200);
        let link = link_in(&last_mail_to(&app, "ada@example.com").await, "http");
        assert!(link.starts_with(expected), "{host}: {link}");
    }
}
