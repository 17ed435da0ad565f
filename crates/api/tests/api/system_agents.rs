//! System agents (issue 18): applying to the site's organization and submitting a use case
//! queue their judgements (run by the job worker), a rerun judges again and moves
//! `last_run_at`, the model decides when configured (a fake OpenAI-compatible server) and
//! the rules when it fails; the agents list, metrics, staff prompt editing and the agent log,
//! and who may use them.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{extract::State, routing::post, Json, Router};
use serde_json::{json, Value};
use store::{
    entities::{agent_responses, profiles, users},
    queries::{agents as agent_q, memberships, tenants::TenantRecord},
    sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set},
};

use crate::common::{settings_with_fake_model, TestApp};

const RERUN: &str = "/api/v1/rerun-system-agent/";
const SYSTEM_AGENTS: &str = "/api/v1/agents/system-agents/";
const METRICS: &str = "/api/v1/agents/metrics/";

async fn run_jobs(app: &TestApp) {
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
}

/// A user without a password (cheap to make), with no membership.
async fn person(app: &TestApp, email: &str, first: &str, last: &str) -> users::Model {
    store::queries::users::create(
        &app.db,
        store::queries::users::NewUser {
            email,
            password_hash: None,
            first_name: first,
            last_name: last,
            is_verified: true,
            is_staff: false,
            subscribe_to_newsletter: false,
        },
    )
    .await
    .unwrap()
}

async fn staff(app: &TestApp, email: &str) -> (users::Model, String) {
    let user = person(app, email, "Stef", "Staff").await;
    let mut active: users::ActiveModel = user.clone().into();
    active.is_staff = Set(true);
    let user = active.update(&app.db).await.unwrap();
    let token = app.token_for(user.id);
    (user, token)
}

async fn admin_of(app: &TestApp, tenant: &TenantRecord, email: &str) -> String {
    let user = person(app, email, "Alex", "Admin").await;
    memberships::upsert(&app.db, tenant.organization.id, user.id, "admin", memberships::STATUS_ACCEPTED).await.unwrap();
    app.token_for(user.id)
}

async fn member_of(app: &TestApp, tenant: &TenantRecord, email: &str) -> (users::Model, String) {
    let user = person(app, email, "Mia", "Member").await;
    memberships::upsert(&app.db, tenant.organization.id, user.id, "member", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    let token = app.token_for(user.id);
    (user, token)
}

/// The site's system agents by type, through the list (as an administrator).
async fn agent_ids(app: &TestApp, token: &str, host: &str) -> std::collections::HashMap<String, i64> {
    let res = app.get(SYSTEM_AGENTS).host(host).token(token).send().await;
    res.assert_status(200);
    res.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["agent_type"].as_str().unwrap().to_string(), a["id"].as_i64().unwrap()))
        .collect()
}

async fn responses_about(app: &TestApp, content_type: &str, id: i64) -> Vec<agent_responses::Model> {
    agent_q::responses::for_objects(&app.db, app.default_tenant.tenant.id, content_type, &[id]).await.unwrap()
}

fn use_case_body(org: i64, title: &str, description: &str) -> Value {
    json!({
        "title": title,
        "description": description,
        "reason": "<p>Saves hours every week for the whole team and the managers who read the reports.</p>",
        "group": org,
        "business_value": "high",
        "complexity": "low",
        "innovation_category": "incremental",
        "categories": ["productivity"],
    })
}

fn words(n: usize) -> String {
    format!("<p>{}</p>", vec!["summarise"; n].join(" "))
}

#[tokio::test]
async fn applying_to_the_organization_is_judged_by_both_member_agents() {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.id;
    let ada = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let token = app.token_for(ada.id);
    app.post(&format!("/api/v1/groups/{org}/join-default/")).token(&token).send().await.assert_status(200);
    assert!(responses_about(&app, "user", ada.id).await.is_empty(), "judged in the background, not in the request");
    run_jobs(&app).await;
    let answers = responses_about(&app, "user", ada.id).await;
    let mut types: Vec<&str> = answers.iter().map(|r| r.agent_type.as_str()).collect();
    types.sort();
    assert_eq!(types, ["ai_enthusiasm_ranking", "registration_approval"]);
    let approval = answers.iter().find(|r| r.agent_type == "registration_approval").unwrap();
    // A verified e-mail and nothing else: 1 point of 4, left for an administrator.
    assert_eq!(approval.action, "review");
    assert!(approval.response["reason"].as_str().unwrap().contains("1 of 4 points"), "{:?}", approval.response);
    let enthusiasm = answers.iter().find(|r| r.agent_type == "ai_enthusiasm_ranking").unwrap();
    assert_eq!(enthusiasm.level.as_deref(), Some("low"));
    assert_eq!(enthusiasm.response["ai_enthusiasm_level"], "low");

    // Joining again changes nothing and queues nothing.
    app.post(&format!("/api/v1/groups/{org}/join-default/")).token(&token).send().await.assert_status(200);
    let pending = store::entities::jobs::Entity::find()
        .filter(store::entities::jobs::Column::Status.eq("pending"))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(pending, 0);

    // Signing up is applying too.
    crate::auth::register(&app, "bob@example.com").await;
    run_jobs(&app).await;
    let bob = store::queries::users::find_by_email(&app.db, "bob@example.com").await.unwrap().unwrap();
    assert_eq!(responses_about(&app, "user", bob.id).await.len(), 2);
}

#[tokio::test]
async fn a_submitted_use_case_is_curated() {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.id;
    let (_, token) = member_of(&app, &app.default_tenant.clone(), "mia@example.com").await;
    let res =
        app.post_json("/api/v1/use-cases/", &token, &use_case_body(org, "Weekly report summaries", &words(60))).await;
    res.assert_status(201);
    let id = res.json()["data"]["id"].as_i64().unwrap();
    run_jobs(&app).await;
    let answers = responses_about(&app, "aiusecase", id).await;
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].agent_type, "usecase_curation");
    // Description of 60 words 1, reason of 15 words 1, classified 1, a category 1: medium.
    assert_eq!(answers[0].response["quality_level"], "medium", "{:?}", answers[0].response);
    assert_eq!(answers[0].action, "review");

    let thin = app
        .post_json("/api/v1/use-cases/", &token, &use_case_body(org, "Weekly report summaries", "<p>Too short.</p>"))
        .await;
    thin.assert_status(201);
    let thin = thin.json()["data"]["id"].as_i64().unwrap();
    run_jobs(&app).await;
    let answers = responses_about(&app, "aiusecase", thin).await;
    assert_eq!((answers[0].action.as_str(), answers[0].level.as_deref()), ("reject", Some("reject")));
}

#[tokio::test]
async fn moderators_read_the_curation_agents_verdict_on_the_use_case_and_in_the_pending_list() {
    let app = TestApp::new().await;
    let site = app.default_tenant.clone();
    let org = site.organization.id;
    let admin = admin_of(&app, &site, "alex@example.com").await;
    let (_, member) = member_of(&app, &site, "mia@example.com").await;
    let res = app.post_json("/api/v1/use-cases/", &member, &use_case_body(org, "Too thin", "<p>Hi</p>")).await;
    res.assert_status(201);
    let id = res.json()["data"]["id"].as_i64().unwrap();
    run_jobs(&app).await;

    let pending =
        app.get(&format!("/api/v1/use-cases/?group_id={org}&status=pending")).token(&admin).send().await.json();
    let row = pending["data"].as_array().unwrap().iter().find(|u| u["id"] == id).unwrap().clone();
    let verdict = &row["agent_responses"][0];
    assert_eq!(verdict["agent_type"], "usecase_curation");
    assert_eq!(verdict["response"]["action"], "reject");
    assert_eq!(verdict["response"]["quality_level"], "reject");
    assert!(!verdict["response"]["reason"].as_str().unwrap().is_empty());
    let one = app.get(&format!("/api/v1/use-cases/{id}/")).token(&admin).send().await.json();
    assert_eq!(one["data"]["agent_responses"][0]["agent_type"], "usecase_curation");

    // The author and other members never see what the agent said.
    let own = app.get(&format!("/api/v1/use-cases/{id}/")).token(&member).send().await.json();
    assert!(own["data"].get("agent_responses").is_none(), "{own}");
    let mine = app.get("/api/v1/use-cases/?created=true&status=pending").token(&member).send().await.json();
    let mine = mine["data"].as_array().unwrap().iter().find(|u| u["id"] == id).unwrap().clone();
    assert!(mine.get("agent_responses").is_none(), "{mine}");
}

#[tokio::test]
async fn a_rerun_judges_again_and_moves_last_run_at() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let admin = admin_of(&app, &tenant, "admin@example.com").await;
    let agents = agent_ids(&app, &admin, "localhost:8080").await;
    let approval = agents["registration_approval"];
    let (mia, _) = member_of(&app, &tenant, "mia@example.com").await;

    let first = app
        .post_json(
            RERUN,
            &admin,
            &json!({"system_agent_id": approval, "content_type": "user", "content_ids": [mia.id]}),
        )
        .await;
    first.assert_status(200);
    let first = first.json();
    assert_eq!(first["message"], "Agent rerun successfully.");
    assert_eq!(first["data"]["queued"], 0);
    let answer = &first["data"]["responses"][0];
    assert_eq!((answer["agent_id"].as_i64(), answer["object_id"].as_i64()), (Some(approval), Some(mia.id)));
    assert_eq!(answer["response"]["action"], "review");
    let before = answer["response"]["last_run_at"].as_str().unwrap().to_string();

    // She completes her profile: the rerun accepts her, and the answer is replaced.
    let profile = store::queries::profiles::ensure(&app.db, &mia).await.unwrap();
    let mut active: profiles::ActiveModel = profile.into();
    active.completion_percent = Set(85);
    active.social_linkedin = Set(Some("https://www.linkedin.com/in/mia".into()));
    active.update(&app.db).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let second = app.post_json(RERUN, &admin, &json!({"agent_id": approval, "object_ids": [mia.id]})).await;
    second.assert_status(200);
    let answer = second.json()["data"]["responses"][0].clone();
    assert_eq!(answer["response"]["action"], "accept");
    assert!(answer["response"]["last_run_at"].as_str().unwrap() > before.as_str());
    let stored = responses_about(&app, "user", mia.id).await;
    assert_eq!(stored.len(), 1, "one answer per agent and person");
    assert_eq!(stored[0].action, "accept");

    // Many at once go to the job queue.
    let mut ids = Vec::new();
    for i in 0..30 {
        let (user, _) = member_of(&app, &tenant, &format!("m{i}@example.com")).await;
        ids.push(user.id);
    }
    let enthusiasm = agents["ai_enthusiasm_ranking"];
    let big = app.post_json(RERUN, &admin, &json!({"system_agent_id": enthusiasm, "content_ids": ids})).await;
    big.assert_status(200);
    assert_eq!(big.json()["data"]["queued"], 30);
    run_jobs(&app).await;
    let stored = agent_q::responses::for_objects(&app.db, tenant.tenant.id, "user", &ids).await.unwrap();
    assert_eq!(stored.iter().filter(|r| r.agent_id == enthusiasm).count(), 30);

    // Bad input.
    let body = app.post_json(RERUN, &admin, &json!({"system_agent_id": approval, "content_ids": []})).await.error(400);
    assert_eq!(body["field_errors"]["content_ids"][0], "Choose at least one.");
    let many: Vec<i64> = (1..=501).collect();
    app.post_json(RERUN, &admin, &json!({"system_agent_id": approval, "content_ids": many})).await.error(400);
    let body = app.post_json(RERUN, &admin, &json!({"content_ids": [mia.id]})).await.error(400);
    assert!(body["field_errors"]["system_agent_id"].is_array());
    let body = app
        .post_json(
            RERUN,
            &admin,
            &json!({"system_agent_id": approval, "content_type": "aiusecase", "content_ids": [mia.id]}),
        )
        .await
        .error(400);
    assert!(body["field_errors"]["content_type"].is_array());
    let aira = agent_q::find_by_slug(&app.db, tenant.tenant.id, "aira").await.unwrap().unwrap();
    let body =
        app.post_json(RERUN, &admin, &json!({"system_agent_id": aira.id, "content_ids": [mia.id]})).await.error(404);
    assert_eq!(body["detail"], "No agent found");
}

#[tokio::test]
async fn only_staff_and_the_organizations_administrators_use_them_on_their_own_site() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let other = app.add_tenant("other.example.com", "Other Site").await;
    let admin = admin_of(&app, &tenant, "admin@example.com").await;
    let other_admin = admin_of(&app, &other, "boss@other.example.com").await;
    let (mia, member) = member_of(&app, &tenant, "mia@example.com").await;
    let (stranger, _) = member_of(&app, &other, "sam@other.example.com").await;
    let (_, staff_token) = staff(&app, "staff@example.com").await;
    let ours = agent_ids(&app, &admin, "localhost:8080").await;
    let theirs = agent_ids(&app, &other_admin, "other.example.com").await;
    let approval = ours["registration_approval"];

    // Lists: by entity, staff too; a member and a guest may not.
    let users =
        app.get(&format!("{SYSTEM_AGENTS}?entity=user&group_id={}", tenant.organization.id)).token(&admin).send().await;
    users.assert_status(200);
    let users = users.json();
    assert_eq!(users["pagination"]["count"], 2);
    let cases = app.get(&format!("{SYSTEM_AGENTS}?entity=use_case")).token(&staff_token).send().await.json();
    assert_eq!(cases["data"][0]["agent_type"], "usecase_curation");
    assert_eq!(cases["data"][0]["content_type"], "aiusecase");
    app.get(&format!("{SYSTEM_AGENTS}?entity=planet")).token(&admin).send().await.error(400);
    app.get(&format!("{SYSTEM_AGENTS}?group_id={}", other.organization.id)).token(&admin).send().await.error(404);
    app.get(SYSTEM_AGENTS).token(&member).send().await.error(403);
    app.get(SYSTEM_AGENTS).send().await.error(401);
    // Another site's administrator is nobody here.
    app.get(SYSTEM_AGENTS).token(&other_admin).send().await.error(403);
    // The metrics are for every registered user, who sees the agents they can use.
    app.get(METRICS).send().await.error(401);
    for token in [&member, &other_admin] {
        let res = app.get(METRICS).token(token).send().await;
        res.assert_status(200);
        let agents = res.json()["data"]["agents"].as_array().unwrap().clone();
        assert!(!agents.is_empty(), "the CareerGPS agents");
        assert!(agents.iter().all(|a| a["is_system"] == false && a["is_active"] == true), "{agents:?}");
    }
    let all = app.get(METRICS).token(&admin).send().await.json()["data"]["agents"].clone();
    assert!(all.as_array().unwrap().iter().any(|a| a["is_system"] == true), "administrators see the system agents");
    app.post_json(RERUN, &member, &json!({"system_agent_id": approval, "content_ids": [mia.id]})).await.error(403);
    app.post(RERUN).json(&json!({"system_agent_id": approval, "content_ids": [mia.id]})).send().await.error(401);

    // Another site's agent or person is not found here.
    let body = app
        .post_json(RERUN, &admin, &json!({"system_agent_id": theirs["registration_approval"], "content_ids": [mia.id]}))
        .await
        .error(404);
    assert_eq!(body["detail"], "No agent found");
    let body = app
        .post_json(RERUN, &admin, &json!({"system_agent_id": approval, "content_ids": [mia.id, stranger.id]}))
        .await
        .error(404);
    assert_eq!(body["detail"], "No user found");
    assert!(responses_about(&app, "user", mia.id).await.is_empty(), "nothing judged on a refused rerun");
    // Staff may rerun.
    app.post_json(RERUN, &staff_token, &json!({"system_agent_id": approval, "content_ids": [mia.id]}))
        .await
        .assert_status(200);
}

// --- The model path -------------------------------------------------------------------------

#[derive(Clone, Default)]
struct Fake {
    seen: Arc<Mutex<Vec<Value>>>,
    mode: Arc<Mutex<&'static str>>,
}

async fn completions(State(fake): State<Fake>, Json(body): Json<Value>) -> axum::response::Response {
    use axum::response::IntoResponse;
    let system = body["messages"][0]["content"].as_str().unwrap_or("").to_string();
    fake.seen.lock().unwrap().push(body);
    let mode = *fake.mode.lock().unwrap();
    let content = match mode {
        "fail" => return (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response(),
        "invalid" => json!("I would accept this one.").as_str().unwrap().to_string(),
        _ if system.contains("ai_enthusiasm_level") => {
            json!({"action": "accept", "ai_enthusiasm_level": "high", "reason": "Model: keen on AI."}).to_string()
        }
        _ if system.contains("quality_level") => {
            format!(
                "```json\n{}\n```",
                json!({"action": "accept", "quality_level": "high", "reason": "Model: a clear use case."})
            )
        }
        _ => json!({"action": "accept", "reason": "Model: looks authentic."}).to_string(),
    };
    Json(json!({"choices": [{"message": {"role": "assistant", "content": content}}]})).into_response()
}

async fn app_with_model() -> (TestApp, Fake) {
    let fake = Fake::default();
    *fake.mode.lock().unwrap() = "ok";
    let router = Router::new().route("/v1/chat/completions", post(completions)).with_state(fake.clone());
    let settings = settings_with_fake_model(router).await;
    (TestApp::with_settings(settings).await, fake)
}

#[tokio::test]
async fn with_a_model_the_model_decides_and_the_rules_stand_in_when_it_fails() {
    let (app, fake) = app_with_model().await;
    let tenant = app.default_tenant.clone();
    let org = tenant.organization.id;
    let ada = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    app.post(&format!("/api/v1/groups/{org}/join-default/"))
        .token(&app.token_for(ada.id))
        .send()
        .await
        .assert_status(200);
    run_jobs(&app).await;
    let answers = responses_about(&app, "user", ada.id).await;
    let approval = answers.iter().find(|r| r.agent_type == "registration_approval").unwrap();
    assert_eq!(approval.action, "accept");
    assert_eq!(approval.response["reason"], "Model: looks authentic.");
    let enthusiasm = answers.iter().find(|r| r.agent_type == "ai_enthusiasm_ranking").unwrap();
    assert_eq!(enthusiasm.level.as_deref(), Some("high"));
    {
        let seen = fake.seen.lock().unwrap();
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0]["model"], "test-model");
        assert_eq!(seen[0]["response_format"]["type"], "json_object");
        let facts = seen[0]["messages"][1]["content"].as_str().unwrap();
        assert!(facts.contains("\"email_domain\": \"example.com\"") && !facts.contains("ada@example.com"), "{facts}");
    }

    // A use case, curated by the model (its answer in a code fence).
    let (_, member) = member_of(&app, &tenant, "mia@example.com").await;
    let res = app.post_json("/api/v1/use-cases/", &member, &use_case_body(org, "Too", "<p>Hi</p>")).await;
    res.assert_status(201);
    let case = res.json()["data"]["id"].as_i64().unwrap();
    run_jobs(&app).await;
    let curated = responses_about(&app, "aiusecase", case).await;
    assert_eq!((curated[0].action.as_str(), curated[0].level.as_deref()), ("accept", Some("high")));

    // Staff add instructions to the agent: the model gets them.
    let (_, staff_token) = staff(&app, "staff@example.com").await;
    let agents = agent_ids(&app, &staff_token, "localhost:8080").await;
    let approval_id = agents["registration_approval"];
    app.patch_json(
        &format!("/api/v1/agents/{approval_id}/"),
        &staff_token,
        &json!({"user_prompt": "Members must work in healthcare."}),
    )
    .await
    .assert_status(200);

    // An invalid answer is asked for again, then the rules decide; so on a failure.
    for (mode, calls) in [("invalid", 2), ("fail", 1)] {
        *fake.mode.lock().unwrap() = mode;
        fake.seen.lock().unwrap().clear();
        let res =
            app.post_json(RERUN, &staff_token, &json!({"system_agent_id": approval_id, "content_ids": [ada.id]})).await;
        res.assert_status(200);
        let answer = &res.json()["data"]["responses"][0]["response"];
        assert_eq!(answer["action"], "review", "{mode}: the rules' answer");
        assert!(answer["reason"].as_str().unwrap().contains("points"), "{mode}: {answer}");
        let seen = fake.seen.lock().unwrap();
        assert_eq!(seen.len(), calls, "{mode}");
        assert!(seen[0]["messages"][0]["content"].as_str().unwrap().ends_with("Members must work in healthcare."));
    }

    // The log tells which decided.
    let log = app.get(&format!("/api/v1/agents/{approval_id}/log/")).token(&staff_token).send().await;
    log.assert_status(200);
    let log = log.json();
    let sources: Vec<&str> = log["data"].as_array().unwrap().iter().map(|r| r["source"].as_str().unwrap()).collect();
    assert_eq!(sources, ["offline", "offline", "model"], "newest first");
    let fallback = &log["data"][0]["messages"][2]["response_metadata"];
    assert!(fallback["fallback_reason"].as_str().unwrap().contains("status 500"), "{fallback}");
}

// --- Metrics, prompts, the log ---------------------------------------------------------------

#[tokio::test]
async fn metrics_count_runs_reports_usage_answers_and_feedback() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let tid = tenant.tenant.id;
    let admin = admin_of(&app, &tenant, "admin@example.com").await;
    let agents = agent_ids(&app, &admin, "localhost:8080").await;
    let (mia, _) = member_of(&app, &tenant, "mia@example.com").await;
    let (sam, _) = member_of(&app, &tenant, "sam@example.com").await;
    app.post_json(
        RERUN,
        &admin,
        &json!({"system_agent_id": agents["registration_approval"], "content_ids": [mia.id, sam.id]}),
    )
    .await
    .assert_status(200);

    let aira = agent_q::find_by_slug(&app.db, tid, "aira").await.unwrap().unwrap();
    let period = domain::agents::access::usage_period(chrono::Utc::now());
    for (i, (user, rating)) in [(&mia, 5i16), (&sam, 2)].into_iter().enumerate() {
        let run = agent_q::runs::start(
            &app.db,
            agent_q::runs::NewRun { tenant_id: tid, agent_id: aira.id, user_id: user.id, beneficiary_id: None },
        )
        .await
        .unwrap();
        let report = agent_q::reports::insert(
            &app.db,
            agent_q::reports::NewReport {
                tenant_id: tid,
                slug: &format!("aira-{i:08x}"),
                agent_id: aira.id,
                run_id: Some(run.id),
                owner_id: user.id,
                created_by: Some(user.id),
                body: json!({}),
                is_public: false,
                source: "offline",
            },
        )
        .await
        .unwrap();
        agent_q::reports::rate(&app.db, tid, report.id, user.id, rating, "").await.unwrap();
        agent_q::usage::record(&app.db, tid, user.id, aira.id, &period).await.unwrap();
    }
    agent_q::usage::record(&app.db, tid, mia.id, aira.id, "2001-01").await.unwrap();

    let res = app.get(METRICS).token(&admin).send().await;
    res.assert_status(200);
    let data = res.json()["data"].clone();
    assert_eq!(data["period"], period);
    let of = |slug: &str| data["agents"].as_array().unwrap().iter().find(|a| a["slug"] == slug).unwrap().clone();
    let aira = of("aira");
    assert_eq!(
        (&aira["runs"], &aira["completed_runs"], &aira["reports"], &aira["usage_this_month"], &aira["feedback_count"]),
        (&json!(2), &json!(0), &json!(2), &json!(2), &json!(2))
    );
    assert_eq!(aira["feedback_average"], 3.5);
    let approval = of("registration-approval");
    assert_eq!(
        (&approval["runs"], &approval["responses"], &approval["is_system"]),
        (&json!(2), &json!(2), &json!(true))
    );
    assert_eq!(approval["feedback_average"], Value::Null);
    assert_eq!(of("interest-explorer")["runs"], 0);
}

async fn aira_of(app: &TestApp) -> Value {
    let res = app.get("/api/v1/agents/slug/aira/").send().await;
    res.assert_status(200);
    res.json()["data"].clone()
}

#[tokio::test]
async fn staff_edit_an_agents_prompts_and_read_its_log() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let (_, staff_token) = staff(&app, "staff@example.com").await;
    let admin = admin_of(&app, &tenant, "admin@example.com").await;
    let (_, member) = member_of(&app, &tenant, "mia@example.com").await;
    let aira = aira_of(&app).await;
    let id = aira["id"].as_i64().unwrap();
    let steps = aira["steps"].as_array().unwrap();
    let position = steps.iter().position(|s| s["extra_info"]["type"] == "aira_report_generation").unwrap();
    let report_step = steps[position]["order"].as_u64().unwrap();
    let long_prompt_field = format!("steps.{position}.extra_info.user_prompt");
    let path = format!("/api/v1/agents/{id}/");
    let body = json!({
        "extra_info": {"prompts": [{"id": "warm", "name": "Warm", "prompt": "Be warm and concrete."}]},
        "steps": [{"order": report_step, "user_prompt": "Write the readiness report for {name}."}],
    });
    for token in [&member, &admin] {
        app.patch_json(&path, token, &body).await.error(403);
    }
    let res = app.patch_json(&path, &staff_token, &body).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Agent prompts updated successfully.");
    let after = aira_of(&app).await;
    assert_eq!(after["extra_info"]["prompts"][0]["prompt"], "Be warm and concrete.");
    let step = after["steps"].as_array().unwrap().iter().find(|s| s["order"] == report_step).unwrap().clone();
    assert_eq!(step["extra_info"]["user_prompt"], "Write the readiness report for {name}.");
    assert_eq!(after["name"], aira["name"], "nothing else changed");

    // Prompts only, checked.
    let refused = [
        (json!({"name": "Renamed"}), "non_field_errors"),
        (json!({"extra_info": {"prompts": [{"id": "a", "name": "A", "prompt": " "}]}}), "extra_info.prompts.0.prompt"),
        (
            json!({"extra_info": {"prompts": [{"id": "a", "name": "A", "prompt": "x"}, {"id": "a", "name": "B", "prompt": "y"}]}}),
            "extra_info.prompts.1.id",
        ),
        (json!({"extra_info": {"show_stepper": false}}), "extra_info"),
        (json!({"steps": [{"order": 99, "user_prompt": "x"}]}), "steps.0.order"),
        (json!({"steps": [{"order": report_step, "user_prompt": "x".repeat(8001)}]}), long_prompt_field.as_str()),
    ];
    for (bad, field) in refused {
        let body = app.patch_json(&path, &staff_token, &bad).await.error(400);
        let errors = if field == "non_field_errors" {
            body["non_field_errors"].clone()
        } else {
            body["field_errors"][field].clone()
        };
        assert!(errors.is_array(), "{bad}: {body}");
    }
    let other = app.add_tenant("other.example.com", "Other Site").await;
    let theirs = app.get("/api/v1/agents/slug/aira/").host("other.example.com").send().await.json()["data"]["id"]
        .as_i64()
        .unwrap();
    let _ = other;
    app.patch_json(&format!("/api/v1/agents/{theirs}/"), &staff_token, &body).await.error(404);

    // The log of a system agent's runs, paged, and as a download.
    let org = tenant.organization.id;
    for email in ["ada@example.com", "bob@example.com"] {
        let user = person(&app, email, "New", "Person").await;
        app.post(&format!("/api/v1/groups/{org}/join-default/"))
            .token(&app.token_for(user.id))
            .send()
            .await
            .assert_status(200);
    }
    run_jobs(&app).await;
    let approval = agent_ids(&app, &staff_token, "localhost:8080").await["registration_approval"];
    let log_path = format!("/api/v1/agents/{approval}/log/");
    app.get(&log_path).token(&admin).send().await.error(403);
    let page = app.get(&format!("{log_path}?page_size=1")).token(&staff_token).send().await;
    page.assert_status(200);
    let page = page.json();
    assert_eq!(page["pagination"]["count"], 2);
    assert!(page["pagination"]["next"].is_string());
    let run = &page["data"][0];
    assert_eq!(run["status"], "completed");
    assert_eq!(run["source"], "offline");
    let types: Vec<&str> = run["messages"].as_array().unwrap().iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["system", "human", "ai"]);
    assert_eq!(run["answers"]["facts"]["first_name"], "New");
    let file = app.get(&format!("{log_path}?download=1")).token(&staff_token).send().await;
    file.assert_status(200);
    assert_eq!(file.header("content-disposition"), Some("attachment; filename=\"registration-approval-log.json\""));
    let file = file.json();
    assert_eq!(file["agent"]["slug"], "registration-approval");
    assert_eq!(file["runs"].as_array().unwrap().len(), 2);
    app.get(&format!("/api/v1/agents/{theirs}/log/")).token(&staff_token).send().await.error(404);
}
