//! Taking the CareerGPS assessment without signing up: trial users.

use serde_json::{json, Value};

use crate::common::TestApp;

const HAS_ACCOUNT: &str = "You already have an account with us. Please log in to access CareerGPS Assessment.";
const TRIAL_USED: &str = "You have already used the CareerGPS assessment with this email. Please register to continue.";

fn body(email: &str) -> Value {
    json!({"first_name": "Ada", "last_name": "Lovelace", "country": "United Kingdom", "email": email})
}

#[tokio::test]
async fn a_trial_user_is_created_and_signed_in() {
    let app = TestApp::new().await;
    let res = app.post("/api/v1/register-career-gps/").json(&body("Ada@Example.com")).send().await;
    res.assert_status(201);
    let data = res.json()["data"].clone();
    let access = data["access_token"].as_str().expect("an access token").to_string();
    assert!(data["refresh_token"].as_str().is_some_and(|r| !r.is_empty()));

    let me = app.get("/api/v1/identity/").token(&access).send().await.json()["data"].clone();
    assert_eq!(me["is_trial_user"], true);
    assert_eq!(me["is_verified"], false);
    assert_eq!(me["first_name"], "Ada");
    assert_eq!(me["profile"]["email"], "ada@example.com");
    assert_eq!(me["membership_status"], "accepted", "joins the organization like any sign-up");

    // The refresh token is a real session.
    let refreshed = app.post("/api/v1/token/refresh/").json(&json!({"refresh": data["refresh_token"]})).send().await;
    refreshed.assert_status(200);
}

#[tokio::test]
async fn an_email_with_an_account_is_sent_to_log_in() {
    let app = TestApp::new().await;
    app.add_user("grace@example.com").await;
    let err = app.post("/api/v1/register-career-gps/").json(&body("Grace@example.com ")).send().await.error(400);
    assert_eq!(err["status"], "active");
    assert_eq!(err["detail"], HAS_ACCOUNT);
    assert_eq!(err["message"], HAS_ACCOUNT);
    assert_eq!(err["code"], "ACCOUNT_EXISTS");
}

#[tokio::test]
async fn a_second_assessment_with_the_same_email_is_sent_to_register() {
    let app = TestApp::new().await;
    app.post("/api/v1/register-career-gps/").json(&body("ada@example.com")).send().await.assert_status(201);
    let err = app.post("/api/v1/register-career-gps/").json(&body("ADA@example.com")).send().await.error(400);
    assert_eq!(err["status"], "trial");
    assert_eq!(err["detail"], TRIAL_USED);
    assert_eq!(err["code"], "TRIAL_USED");
    let count = {
        use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
        store::entities::users::Entity::find()
            .filter(store::entities::users::Column::Email.eq("ada@example.com"))
            .count(&app.db)
            .await
            .unwrap()
    };
    assert_eq!(count, 1);
}

#[tokio::test]
async fn every_field_is_checked() {
    let app = TestApp::new().await;
    let err = app
        .post("/api/v1/register-career-gps/")
        .json(&json!({"first_name": " ", "last_name": "", "country": "", "email": "not-an-email"}))
        .send()
        .await
        .error(400);
    assert!(err["status"].is_null(), "a validation error has no account status: {err}");
    let fields = &err["field_errors"];
    assert_eq!(fields["first_name"][0], "First name must be at least 1 characters");
    assert_eq!(fields["last_name"][0], "Last name must be at least 1 characters");
    assert_eq!(fields["country"][0], "This field is required.");
    assert_eq!(fields["email"][0], "Invalid email address");

    let err = app.post("/api/v1/register-career-gps/").json(&json!({})).send().await.error(400);
    assert_eq!(err["field_errors"]["email"][0], "Please enter an email");
}

#[tokio::test]
async fn two_registrations_at_once_make_one_trial_user() {
    let app = TestApp::new().await;
    let (a, b) = tokio::join!(
        app.post("/api/v1/register-career-gps/").json(&body("twin@example.com")).send(),
        app.post("/api/v1/register-career-gps/").json(&body("twin@example.com")).send()
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 400], "{} / {}", a.text(), b.text());
    let refused = if a.status.as_u16() == 400 { a.json() } else { b.json() };
    assert_eq!(refused["status"], "trial");
}
