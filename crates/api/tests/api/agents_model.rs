//! CareerGPS reports written by a model (a fake OpenAI-compatible server) and their
//! fallback to the offline report; the site's threshold and usage limits from its
//! configuration; the races of the report step (one report per run, the limit under
//! concurrent runs); the report as a PDF.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{extract::State, routing::post, Json, Router};
use serde_json::{json, Value};
use store::{
    entities::{profiles, users},
    queries::agents::{reports, usage},
    sea_orm::{ActiveModelTrait, Set},
};

use crate::{
    agents::{agent_id, aira_form, step, step_path},
    common::{settings_with_fake_model, TestApp},
};

// --- helpers ---------------------------------------------------------------------------

async fn member(app: &TestApp, email: &str, completion: i16) -> (users::Model, String) {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    let profile = store::queries::profiles::ensure(&app.db, &user).await.unwrap();
    let mut active: profiles::ActiveModel = profile.into();
    active.completion_percent = Set(completion);
    active.update(&app.db).await.unwrap();
    let token = app.token_for(user.id);
    (user, token)
}

/// AIRA up to (not including) its report step.
async fn aira_answered(app: &TestApp, token: &str) -> i64 {
    let aira = agent_id(app, "aira").await;
    step(app, token, aira, 1, json!({})).await;
    step(app, token, aira, 2, aira_form(6)).await;
    aira
}

/// The Interest Explorer up to its report step.
async fn explorer_answered(app: &TestApp, token: &str) -> i64 {
    let explorer = agent_id(app, "interest-explorer").await;
    step(app, token, explorer, 1, json!({})).await;
    step(
        app,
        token,
        explorer,
        2,
        json!({"interest_areas": ["Data and analytics"], "work_style": "With data", "change_readiness": 6}),
    )
    .await;
    explorer
}

async fn source_of(app: &TestApp, slug: &str) -> (String, Value) {
    let report = reports::find_by_slug(&app.db, app.default_tenant.tenant.id, slug).await.unwrap().unwrap();
    (report.source, report.body)
}

async fn set_agents_config(app: &TestApp, agents: Value) {
    let admin = app.add_member("site-admin@example.com", &app.default_tenant, "admin").await;
    let res = app.post_json("/api/v1/app-config-group/", &app.token_for(admin.id), &json!({ "agents": agents })).await;
    res.assert_status(200);
}

// --- the fake model ------------------------------------------------------------------------

#[derive(Clone, Default)]
struct Fake {
    /// What each call answers, in turn (the last one repeats).
    script: Arc<Mutex<Vec<&'static str>>>,
    seen: Arc<Mutex<Vec<Value>>>,
}

const GOOD: &str = r#"{"summary": "Ada, you are well on your way with AI: 60% and Intermediate.",
 "sections": [{"id": "strengths", "heading": "What you do well", "paragraphs": ["You use AI tools every week."],
   "bullets": ["Keep a prompt notebook."], "items": []}]}"#;
const WITH_LINK: &str = r#"{"summary": "Read https://invented.example/ai now.",
 "sections": [{"id": "a", "heading": "A", "paragraphs": ["p"], "bullets": [], "items": []}]}"#;
const UNKNOWN_ITEM: &str = r#"{"summary": "Join this circle.",
 "sections": [{"id": "a", "heading": "A", "paragraphs": ["p"], "bullets": [], "items": [{"type": "circle", "id": 987654}]}]}"#;

async fn completions(State(fake): State<Fake>, Json(body): Json<Value>) -> axum::response::Response {
    use axum::response::IntoResponse;
    fake.seen.lock().unwrap().push(body);
    let mode = {
        let mut script = fake.script.lock().unwrap();
        if script.len() > 1 {
            script.remove(0)
        } else {
            script[0]
        }
    };
    let content = match mode {
        "fail" => return (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response(),
        "slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            GOOD
        }
        "good" => GOOD,
        "link" => WITH_LINK,
        "unknown_item" => UNKNOWN_ITEM,
        _ => "Here is your report: you are great.",
    };
    Json(json!({"choices": [{"message": {"role": "assistant", "content": content}}]})).into_response()
}

async fn app_with_model(script: Vec<&'static str>) -> (TestApp, Fake) {
    let fake = Fake::default();
    *fake.script.lock().unwrap() = script;
    let router = Router::new().route("/v1/chat/completions", post(completions)).with_state(fake.clone());
    let settings = settings_with_fake_model(router).await;
    (TestApp::with_settings(settings).await, fake)
}

// --- the model path ------------------------------------------------------------------------

#[tokio::test]
async fn a_valid_model_answer_is_stored_with_our_title_and_score() {
    let (app, fake) = app_with_model(vec!["good"]).await;
    let (_, token) = member(&app, "ada@example.com", 80).await;
    let aira = aira_answered(&app, &token).await;
    let done = step(&app, &token, aira, 3, Value::Null).await;
    let slug = done["report_slug"].as_str().unwrap();
    let (source, body) = source_of(&app, slug).await;
    assert_eq!(source, "model");
    assert_eq!(body["summary"], "Ada, you are well on your way with AI: 60% and Intermediate.");
    assert_eq!(body["title"], "AI Readiness Assessment Report");
    assert_eq!(body["aira"]["readiness_percent"], 60, "the score stays the computed one");
    assert_eq!(body["sections"][0]["id"], "strengths");

    let seen = fake.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["model"], "test-model");
    assert_eq!(seen[0]["response_format"]["type"], "json_schema");
    let user = seen[0]["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("Use AI to automate my weekly reporting"), "the answers go to the model: {user}");
    assert!(user.contains("AI readiness score (state it exactly): 60%"), "{user}");
    assert!(
        user.contains("- first name: Test") && user.contains("- profile completion: 80%"),
        "the profile facts: {user}"
    );

    // The owner's view shows the model's body.
    let view = app.get(&format!("/api/v1/agents/report/slug/{slug}/")).token(&token).send().await.json();
    assert_eq!(view["data"]["output_data"]["sections"][0]["heading"], "What you do well");
}

#[tokio::test]
async fn an_invalid_answer_is_retried_once() {
    let (app, fake) = app_with_model(vec!["link", "good"]).await;
    let (_, token) = member(&app, "ada@example.com", 80).await;
    let aira = aira_answered(&app, &token).await;
    let slug = step(&app, &token, aira, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
    assert_eq!(source_of(&app, &slug).await.0, "model");
    let seen = fake.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 2, "one retry");
    let retry = seen[1]["messages"].as_array().unwrap();
    let last = retry.last().unwrap()["content"].as_str().unwrap();
    assert!(last.contains("refused") && last.contains("link"), "{last}");
}

#[tokio::test]
async fn two_invalid_answers_fall_back_to_the_offline_report() {
    for script in [vec!["unknown_item"], vec!["prose"], vec!["link", "unknown_item"]] {
        let (app, fake) = app_with_model(script.clone()).await;
        let (_, token) = member(&app, "ada@example.com", 80).await;
        let aira = aira_answered(&app, &token).await;
        let slug = step(&app, &token, aira, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
        let (source, body) = source_of(&app, &slug).await;
        assert_eq!(source, "offline", "{script:?}");
        assert!(body["summary"].as_str().unwrap().contains("your AI readiness score is 60%"), "{body}");
        assert_eq!(fake.seen.lock().unwrap().len(), 2, "{script:?}: asked twice, then offline");
    }
}

#[tokio::test]
async fn an_error_or_a_timeout_falls_back_at_once() {
    for mode in ["fail", "slow"] {
        let (app, fake) = app_with_model(vec![mode]).await;
        let (_, token) = member(&app, "ada@example.com", 80).await;
        let aira = aira_answered(&app, &token).await;
        let slug = step(&app, &token, aira, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
        assert_eq!(source_of(&app, &slug).await.0, "offline", "{mode}");
        assert_eq!(fake.seen.lock().unwrap().len(), 1, "{mode}: no retry after an error");
    }
}

#[tokio::test]
async fn without_a_model_the_report_is_offline() {
    let app = TestApp::new().await;
    let (_, token) = member(&app, "ada@example.com", 80).await;
    let aira = aira_answered(&app, &token).await;
    let slug = step(&app, &token, aira, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
    assert_eq!(source_of(&app, &slug).await.0, "offline");
}

// --- the site's settings -------------------------------------------------------------------

#[tokio::test]
async fn the_sites_threshold_and_limit_come_from_its_configuration() {
    let app = TestApp::new().await;
    set_agents_config(&app, json!({"profile_completion_threshold": 80, "usage_limits": {"careergps": {"members": 1}}}))
        .await;
    let config = app.get("/api/v1/app-config-group/").send().await.json();
    assert_eq!(config["data"]["agents"]["profile_completion_threshold"], 80);
    assert_eq!(config["data"]["agents"]["usage_limits"]["careergps"]["members"], 1);
    assert_eq!(config["data"]["agents"]["usage_limits"]["career_assistant"]["members"], 5, "defaults stay");

    let aira = agent_id(&app, "aira").await;
    let (_, low) = member(&app, "low@example.com", 79).await;
    let body = app.post_json(&step_path(aira, 1), &low, &json!({})).await.error(403);
    assert_eq!(body["code"], "PROFILE_INCOMPLETE");
    assert_eq!(
        body["detail"],
        "Profile completion percent should be greater than 80%. Complete your profile or upload your resume to proceed."
    );

    let (_, ada) = member(&app, "ada@example.com", 80).await;
    aira_answered(&app, &ada).await;
    step(&app, &ada, aira, 3, Value::Null).await;
    let body = app.post_json(&step_path(aira, 1), &ada, &json!({})).await.error(403);
    assert_eq!(body["code"], "USAGE_LIMIT_REACHED");
    assert!(body["detail"].as_str().unwrap().contains("1 times"), "{body}");
    // The limit is per agent type: the other type has its own.
    let assistant = agent_id(&app, "career-assistant").await;
    let res = app.post_json(&step_path(assistant, 1), &ada, &json!({})).await;
    assert_ne!(res.json()["code"], "USAGE_LIMIT_REACHED");
}

#[tokio::test]
async fn bad_agent_settings_are_refused_on_their_field() {
    let app = TestApp::new().await;
    let admin = app.add_member("site-admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let body = app
        .post_json("/api/v1/app-config-group/", &token, &json!({"agents": {"profile_completion_threshold": 101}}))
        .await
        .error(400);
    assert!(body["field_errors"]["agents.profile_completion_threshold"].is_array(), "{body}");
    let body = app
        .post_json(
            "/api/v1/app-config-group/",
            &token,
            &json!({"agents": {"usage_limits": {"careergps": {"members": -1}}}}),
        )
        .await
        .error(400);
    assert!(body["field_errors"].as_object().unwrap().keys().any(|k| k.starts_with("agents.")), "{body}");
}

// --- races ---------------------------------------------------------------------------------

#[tokio::test]
async fn two_report_steps_on_one_run_make_one_report() {
    let app = TestApp::new().await;
    let (ada, token) = member(&app, "ada@example.com", 80).await;
    let aira = aira_answered(&app, &token).await;
    let path = step_path(aira, 3);
    let body = json!({"user_response": null});
    let (a, b) = tokio::join!(
        app.post(&path).token(&token).json(&body).send(),
        app.post(&path).token(&token).json(&body).send()
    );
    a.assert_status(200);
    b.assert_status(200);
    let (a, b) = (a.json()["data"].clone(), b.json()["data"].clone());
    assert_eq!(a["report_slug"], b["report_slug"], "the loser gets the winner's report");
    assert_eq!(a["status"], "completed");
    one_report_counted_once(&app, ada.id).await;
}

#[tokio::test]
async fn concurrent_runs_cannot_both_pass_the_limit() {
    let app = TestApp::new().await;
    set_agents_config(&app, json!({"usage_limits": {"careergps": {"members": 1}}})).await;
    let (ada, token) = member(&app, "ada@example.com", 80).await;
    let aira = aira_answered(&app, &token).await;
    let explorer = explorer_answered(&app, &token).await;
    let body = json!({"user_response": null});
    let (a, b) = tokio::join!(
        app.post(&step_path(aira, 3)).token(&token).json(&body).send(),
        app.post(&step_path(explorer, 3)).token(&token).json(&body).send()
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 403], "{} / {}", a.text(), b.text());
    let refused = if a.status.as_u16() == 403 { a } else { b };
    assert_eq!(refused.json()["code"], "USAGE_LIMIT_REACHED");
    one_report_counted_once(&app, ada.id).await;
}

/// The member owns one report, and one CareerGPS run is counted in this period.
async fn one_report_counted_once(app: &TestApp, owner: i64) {
    let tid = app.default_tenant.tenant.id;
    let mine = reports::page(&app.db, tid, reports::ReportFilter { owner_id: Some(owner), created_by: None }, 0, 10)
        .await
        .unwrap();
    assert_eq!(mine.count, 1);
    let period = domain::agents::access::usage_period(chrono::Utc::now());
    assert_eq!(usage::count_for_type(&app.db, tid, owner, "careergps", &period).await.unwrap(), 1, "counted once");
}

// --- the PDF -------------------------------------------------------------------------------

#[tokio::test]
async fn the_owner_downloads_the_report_as_a_pdf() {
    let app = TestApp::new().await;
    let (ada, token) = member(&app, "ada@example.com", 80).await;
    // A name outside Latin-1 prints as itself, not as '?'.
    let mut renamed: users::ActiveModel = ada.into();
    renamed.first_name = Set("Zoë Łukasz 李 ✓".into());
    renamed.update(&app.db).await.unwrap();
    let aira = aira_answered(&app, &token).await;
    let slug = step(&app, &token, aira, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
    let path = format!("/api/v1/agents/report/slug/{slug}/pdf/");

    let res = app.get(&path).token(&token).send().await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    assert!(res.header("content-disposition").unwrap().contains(&format!("{slug}.pdf")));
    assert!(res.bytes.starts_with(b"%PDF"));
    assert!(String::from_utf8_lossy(&res.bytes).contains("AI Readiness Assessment Report"));
    let pdf = lopdf::Document::load_mem(&res.bytes).unwrap();
    let text = pdf.extract_text(&pdf.get_pages().keys().copied().collect::<Vec<_>>()).unwrap();
    assert!(text.contains("Zoë Łukasz 李 ✓"), "{text}");

    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    let mut active: users::ActiveModel = staff.clone().into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
    app.get(&path).token(&app.token_for(staff.id)).send().await.assert_status(200);

    let (_, other) = member(&app, "bob@example.com", 80).await;
    assert_eq!(app.get(&path).token(&other).send().await.error(404)["detail"], "No report found");
    app.post_json(&format!("/api/v1/agents/report/slug/{slug}/share/"), &token, &json!({"is_public": true}))
        .await
        .assert_status(200);
    app.get(&path).token(&other).send().await.error(403);
    app.get(&path).send().await.error(401);
    app.get("/api/v1/agents/report/slug/nope/pdf/").token(&token).send().await.error(404);
}

// --- file questions ------------------------------------------------------------------------

#[tokio::test]
async fn a_file_question_takes_the_callers_uploaded_image_or_pdf() {
    use crate::uploads::{file, pdf, png, upload};
    let (app, _dir) = crate::uploads::app().await;
    agent_id(&app, "aira").await; // the site gets its built-in agents
    let mut definition = serde_json::to_value(domain::agents::builtin::interest_explorer()).unwrap();
    definition["slug"] = json!("cv-check");
    definition["name"] = json!("CV Check");
    let questions = definition["steps"][1]["extra_info"]["questions"].as_array_mut().unwrap();
    questions.clear();
    questions.push(json!({"id": "cv", "label": "Your CV", "type": "file", "required": true}));
    let definition = domain::agents::definition::parse(&definition).unwrap();
    let tid = app.default_tenant.tenant.id;
    let row = store::queries::agents::insert(&app.db, tid, store::queries::agents::NewAgent::Careergps(&definition), 9)
        .await
        .unwrap();

    let (_, token) = member(&app, "ada@example.com", 80).await;
    let (_, other) = member(&app, "bob@example.com", 80).await;
    let uploaded = |token: String, name: &'static str, bytes: Vec<u8>| {
        let app = &app;
        async move {
            let res = upload(app, "/api/v1/file-upload/", Some(&token), vec![file("files", name, bytes)]).await;
            res.assert_status(201);
            res.json()["data"]["data"][0]["id"].as_i64().unwrap()
        }
    };
    let mine = uploaded(token.clone(), "cv.pdf", pdf()).await;
    let picture = uploaded(token.clone(), "cv.png", png(8, 8)).await;
    let theirs = uploaded(other.clone(), "theirs.pdf", pdf()).await;

    step(&app, &token, row.id, 1, json!({})).await;
    for bad in [json!(theirs), json!(987654), json!("nope")] {
        let res = app.post_json(&step_path(row.id, 2), &token, &json!({"user_response": {"cv": bad}})).await;
        assert_eq!(res.error(400)["field_errors"]["answers.cv"][0], "Upload a file.", "{bad}");
    }
    for good in [mine, picture] {
        let done = step(&app, &token, row.id, 2, json!({"cv": good})).await;
        assert_eq!(done["next_step"], 3);
    }
    let slug = step(&app, &token, row.id, 3, Value::Null).await["report_slug"].as_str().unwrap().to_string();
    let view = app.get(&format!("/api/v1/agents/report/slug/{slug}/")).token(&token).send().await.json();
    assert_eq!(view["data"]["answers"]["2"]["cv"], picture, "the answer stores the upload id");
}
