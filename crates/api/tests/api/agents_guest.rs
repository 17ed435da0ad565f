//! CareerGPS for a visitor without an account (issue 18; spec 002 §4 "CareerGPS agent flow"):
//! register-career-gps gives a trial account, the visitor answers AIRA, meets the sign-up
//! invitation before the report, signs up (the trial account becomes a full account with its
//! run and answers), gets the report with the level and shares it. Guests never run premium
//! agents, and a shared report shows none of its owner's private data.

use serde_json::{json, Value};

use crate::{
    agents::{aira_form_with_goal, step_path},
    auth::signup,
    common::TestApp,
    uploads::{file, pdf, text, upload},
};

const EMAIL: &str = "guest.ada@example.com";
/// The visitor's private answer, which a shared report must not show.
const GOAL: &str = "Automate the Zebulon quarterly audit";

fn aira_form(readiness: i64) -> Value {
    aira_form_with_goal(readiness, GOAL)
}

fn report_path(slug: &str) -> String {
    format!("/api/v1/agents/report/slug/{slug}/")
}

/// The agent as `token` (or a guest) sees it.
async fn agent(app: &TestApp, slug: &str, token: Option<&str>) -> Value {
    app.get_json(&format!("/api/v1/agents/slug/{slug}/"), token).await["data"].clone()
}

fn flow(agent: &Value) -> Vec<String> {
    agent["flow"].as_array().unwrap().iter().map(|f| f["type"].as_str().unwrap().to_string()).collect()
}

async fn post_step(app: &TestApp, token: &str, agent: i64, order: u32, answers: Value) -> crate::common::TestResponse {
    app.post_json(&step_path(agent, order), token, &json!({ "user_response": answers })).await
}

/// Personal Information: register-career-gps signs the visitor in with a trial account.
async fn register_guest(app: &TestApp, email: &str) -> String {
    let res = app
        .post("/api/v1/register-career-gps/")
        .json(&json!({"first_name": "Ada", "last_name": "Zwicky", "country": "United States", "email": email}))
        .send()
        .await;
    res.assert_status(201);
    res.json()["data"]["access_token"].as_str().unwrap().to_string()
}

/// Sign-up with the trial account's email: the account is completed; returns the new token.
async fn sign_up(app: &TestApp, email: &str) -> String {
    let mut body = signup(email);
    body["last_name"] = json!("Zwicky");
    let res = app.post("/api/v1/register/").json(&body).send().await;
    res.assert_status(201);
    let answer = res.json();
    assert_eq!(answer["redirect_to_login"], true, "the sign-up completed the trial account");
    answer["data"]["access"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_guest_takes_aira_signs_up_at_the_invitation_and_gets_the_report_with_the_level() {
    let app = TestApp::new().await;
    let shown = agent(&app, "aira", None).await;
    let aira = shown["id"].as_i64().unwrap();
    assert_eq!(
        flow(&shown),
        [
            "registration",
            "unauth_profile_source",
            "career_information",
            "custom_form",
            "redirect_to_signup",
            "aira_report_generation"
        ]
    );
    // Without an account nothing runs: the registration comes first.
    app.post(&step_path(aira, 1)).json(&json!({"user_response": {}})).send().await.error(401);

    // Personal information, then the profile source (a resume) and career information.
    let trial = register_guest(&app, EMAIL).await;
    let me = app.get("/api/v1/identity/").token(&trial).send().await.json()["data"].clone();
    assert_eq!(me["is_trial_user"], true);
    assert_eq!(me["profile"]["country"], "United States", "the registration's country is kept");
    let trial_id = me["id"].as_i64().unwrap();
    let res = upload(&app, "/api/v1/upload-resume/", Some(&trial), vec![file("file", "ada.pdf", pdf())]).await;
    res.assert_status(201);
    let missing = upload(&app, "/api/v1/upload-resume/", Some(&trial), vec![text("update_profile", "false")]).await;
    assert!(missing.error(400)["field_errors"]["file"][0].is_string(), "a resume is required");

    let seen = agent(&app, "aira", Some(&trial)).await;
    assert_eq!(flow(&seen)[0], "registration", "a trial account still goes the visitor's way");
    assert_eq!(seen["resume_step"], Value::Null, "no run yet");

    // The steps, on one run.
    let first = post_step(&app, &trial, aira, 1, json!({})).await;
    first.assert_status(200);
    assert_eq!(first.json()["data"]["next_step"], 2);
    let second = post_step(&app, &trial, aira, 2, aira_form(6)).await;
    second.assert_status(200);
    assert_eq!(second.json()["data"]["run_id"], first.json()["data"]["run_id"]);
    assert_eq!(second.json()["data"]["next_step"], 3);

    // The sign-up invitation stands before the report.
    let refused = post_step(&app, &trial, aira, 3, Value::Null).await.error(403);
    assert_eq!(refused["code"], "SIGNUP_REQUIRED");
    assert_eq!(agent(&app, "aira", Some(&trial)).await["resume_step"], 3);

    // Sign-up completes the trial account: same person, same run, now a member's flow that
    // goes on at the report (the profile threshold guards only the start of a run).
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let tenant_id = app.default_tenant.tenant.id;
    let before = store::queries::agents::responses::for_objects(&app.db, tenant_id, "user", &[trial_id]).await.unwrap();
    assert!(before.is_empty(), "a trial account is not judged");
    let member = sign_up(&app, EMAIL).await;
    let me = app.get("/api/v1/identity/").token(&member).send().await.json()["data"].clone();
    assert_eq!(me["id"], trial_id);
    assert_eq!(me["is_trial_user"], false);
    // Now a real applicant, the site's system agents judge them (not the trial before).
    let trial_user = trial_id;
    let judged = |app: &TestApp| {
        let db = app.db.clone();
        let tenant_id = app.default_tenant.tenant.id;
        async move {
            store::queries::agents::responses::for_objects(&db, tenant_id, "user", &[trial_user]).await.unwrap().len()
        }
    };
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    assert_eq!(judged(&app).await, 2, "registration approval and AI enthusiasm ranking");
    let seen = agent(&app, "aira", Some(&member)).await;
    assert_eq!(flow(&seen)[0], "auth_profile_source");
    assert_eq!(seen["resume_step"], 3, "the page goes on at the report step");

    let done = post_step(&app, &member, aira, 3, Value::Null).await;
    done.assert_status(200);
    let done = done.json()["data"].clone();
    assert_eq!(done["status"], "completed");
    assert_eq!(done["run_id"], first.json()["data"]["run_id"], "the trial's run was kept");
    let slug = done["report_slug"].as_str().unwrap().to_string();
    assert_eq!(agent(&app, "aira", Some(&member)).await["resume_step"], Value::Null);

    let report = app.get(&report_path(&slug)).token(&member).send().await;
    report.assert_status(200);
    let report = report.json()["data"].clone();
    assert_eq!(report["is_owner"], true);
    assert_eq!(report["agent_name"], "AI Readiness Assessment");
    assert_eq!(report["output_data"]["aira"]["readiness_percent"], 60);
    assert_eq!(report["output_data"]["aira"]["level"], "Intermediate");
    let list = app.get("/api/v1/agents/reports/").token(&member).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);

    // Shared, the report opens for anyone.
    app.post_json(&format!("{}share/", report_path(&slug)), &member, &json!({"is_public": true}))
        .await
        .assert_status(200);
    let public = app.get(&report_path(&slug)).send().await;
    public.assert_status(200);
    let public = public.json()["data"].clone();
    assert_eq!(public["is_owner"], false);
    assert_eq!(public["output_data"]["aira"]["level"], "Intermediate");
}

#[tokio::test]
async fn guests_never_use_premium_agents() {
    let app = TestApp::new().await;
    let premium = agent(&app, "career-assistant", None).await;
    assert_eq!(premium["is_premium"], true);
    let id = premium["id"].as_i64().unwrap();
    let first = premium["steps"][0]["order"].as_u64().unwrap() as u32;

    // No account: sign in first.
    app.post(&step_path(id, first)).json(&json!({"user_response": {}})).send().await.error(401);
    // A trial account from register-career-gps: sign up first, on every step.
    let trial = register_guest(&app, EMAIL).await;
    for step in premium["steps"].as_array().unwrap() {
        let order = step["order"].as_u64().unwrap() as u32;
        let body = post_step(&app, &trial, id, order, json!({})).await.error(403);
        assert_eq!(body["code"], "SIGNUP_REQUIRED", "step {order}");
        assert_eq!(body["detail"], "Sign up to use this agent.");
    }
    // Signed up but without premium rights: the upgrade card, not the sign-up.
    let member = sign_up(&app, EMAIL).await;
    let body = post_step(&app, &member, id, first, json!({})).await.error(403);
    assert_eq!(body["code"], "NO_PREMIUM_SUBSCRIPTION");
}

#[tokio::test]
async fn a_guests_shared_report_shows_none_of_its_owners_private_data() {
    let app = TestApp::new().await;
    let aira = agent(&app, "aira", None).await["id"].as_i64().unwrap();
    let trial = register_guest(&app, EMAIL).await;
    post_step(&app, &trial, aira, 1, json!({})).await.assert_status(200);
    post_step(&app, &trial, aira, 2, aira_form(8)).await.assert_status(200);
    let member = sign_up(&app, EMAIL).await;
    let done = post_step(&app, &member, aira, 3, Value::Null).await;
    done.assert_status(200);
    let slug = done.json()["data"]["report_slug"].as_str().unwrap().to_string();

    // Private until shared: another visitor and another trial account see nothing.
    app.get(&report_path(&slug)).send().await.error(404);
    let other = register_guest(&app, "other.guest@example.com").await;
    app.get(&report_path(&slug)).token(&other).send().await.error(404);
    // Only the owner shares it.
    app.post_json(&format!("{}share/", report_path(&slug)), &other, &json!({"is_public": true})).await.error(404);
    app.post_json(&format!("{}share/", report_path(&slug)), &member, &json!({"is_public": true}))
        .await
        .assert_status(200);

    for viewer in [None, Some(other.as_str())] {
        let mut req = app.get(&report_path(&slug));
        if let Some(token) = viewer {
            req = req.token(token);
        }
        let res = req.send().await;
        res.assert_status(200);
        let data = res.json()["data"].clone();
        assert_eq!(data["is_owner"], false);
        assert_eq!(data["output_data"]["aira"]["level"], "Advanced");
        for private in ["user", "answers", "created_by", "my_feedback", "run_id", "email"] {
            assert!(data.get(private).is_none(), "the public view shows {private}: {data}");
        }
        let text = data.to_string();
        for secret in [EMAIL, "Zwicky", "Zebulon"] {
            assert!(!text.contains(secret), "the public view shows {secret}: {text}");
        }
    }
}
