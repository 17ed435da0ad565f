//! CareerGPS agents over HTTP: the site's agents, running AIRA step by step to its report,
//! who may read a report, access codes, bad answers and report feedback.

use serde_json::{json, Value};
use store::{
    entities::{profiles, users},
    queries::agents::usage,
    sea_orm::{ActiveModelTrait, Set},
};

use crate::common::TestApp;

const THANKS: &str = "Thank you for your feedback! Your input is invaluable to us and will help us improve.";

/// A member whose profile is complete enough to run agents (the default threshold is 60 %).
async fn member(app: &TestApp, email: &str) -> (users::Model, String) {
    member_of(app, email, &app.default_tenant).await
}

async fn member_of(
    app: &TestApp,
    email: &str,
    tenant: &store::queries::tenants::TenantRecord,
) -> (users::Model, String) {
    let user = app.add_member(email, tenant, "member").await;
    set_completion(app, &user, 80).await;
    let token = app.token_for(user.id);
    (user, token)
}

async fn set_completion(app: &TestApp, user: &users::Model, percent: i16) {
    let profile = store::queries::profiles::ensure(&app.db, user).await.unwrap();
    let mut active: profiles::ActiveModel = profile.into();
    active.completion_percent = Set(percent);
    active.update(&app.db).await.unwrap();
}

async fn agents(app: &TestApp, host: &str) -> Vec<Value> {
    let res = app.get("/api/v1/agents/").host(host).send().await;
    res.assert_status(200);
    res.json()["data"].as_array().unwrap().clone()
}

pub(crate) async fn agent_id(app: &TestApp, slug: &str) -> i64 {
    let res = app.get(&format!("/api/v1/agents/slug/{slug}/")).send().await;
    res.assert_status(200);
    res.json()["data"]["id"].as_i64().unwrap()
}

pub(crate) fn step_path(agent: i64, step: u32) -> String {
    format!("/api/v1/agents/process/{agent}/{step}/")
}

/// The AIRA form with every readiness slider at `readiness` (10 sliders: the sum is the
/// percentage), attitudes at 5.
pub(crate) fn aira_form(readiness: i64) -> Value {
    aira_form_with_goal(readiness, "Use AI to automate my weekly reporting")
}

/// The AIRA form as [`aira_form`], with `goal` as the free-text answer.
pub(crate) fn aira_form_with_goal(readiness: i64, goal: &str) -> Value {
    let mut answers = serde_json::Map::new();
    for id in [
        "aw_familiar",
        "aw_follow",
        "aw_curious",
        "aw_field",
        "ex_frequency",
        "ex_prompts",
        "ex_variety",
        "bu_automate",
        "bu_connect",
        "bu_shipped",
    ] {
        answers.insert(id.into(), json!(readiness));
    }
    for id in ["co_jobs", "co_risks", "op_career", "op_society"] {
        answers.insert(id.into(), json!(5));
    }
    answers.insert("goal".into(), json!(goal));
    Value::Object(answers)
}

pub(crate) async fn step(app: &TestApp, token: &str, agent: i64, order: u32, answers: Value) -> Value {
    let res = app.post_json(&step_path(agent, order), token, &json!({ "user_response": answers })).await;
    res.assert_status(200);
    res.json()["data"].clone()
}

/// Runs AIRA to its report; returns the report's slug.
async fn run_aira(app: &TestApp, token: &str, readiness: i64) -> String {
    let aira = agent_id(app, "aira").await;
    let first = step(app, token, aira, 1, json!({})).await;
    assert_eq!(first["next_step"], 2);
    assert_eq!(first["status"], "in_progress");
    let second = step(app, token, aira, 2, aira_form(readiness)).await;
    assert_eq!(second["run_id"], first["run_id"], "the same run continues");
    assert_eq!(second["next_step"], 3);
    let done = step(app, token, aira, 3, Value::Null).await;
    assert_eq!(done["status"], "completed");
    assert_eq!(done["next_step"], Value::Null);
    done["report_slug"].as_str().expect("a report slug").to_string()
}

fn report_path(slug: &str) -> String {
    format!("/api/v1/agents/report/slug/{slug}/")
}

#[tokio::test]
async fn a_site_lists_its_built_in_agents() {
    let app = TestApp::new().await;
    let list = agents(&app, "localhost:8080").await;
    let slugs: Vec<&str> = list.iter().map(|a| a["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, vec!["aira", "interest-explorer", "career-assistant"], "no system agents");
    let aira = &list[0];
    assert_eq!(aira["is_premium"], false);
    assert_eq!(aira["usage_count"], Value::Null, "a visitor has no usage");
    let flow: Vec<&str> = aira["flow"].as_array().unwrap().iter().map(|f| f["type"].as_str().unwrap()).collect();
    assert_eq!(flow[0], "registration", "a visitor's flow starts with registration");
    assert_eq!(list[2]["is_premium"], true);

    let (_, token) = member(&app, "ada@example.com").await;
    let res = app.get("/api/v1/agents/slug/aira/").token(&token).send().await;
    res.assert_status(200);
    let data = res.json()["data"].clone();
    assert_eq!(data["usage_count"], 0);
    assert_eq!(data["flow"][0]["type"], "auth_profile_source");
    assert_eq!(app.get("/api/v1/agents/slug/nope/").send().await.error(404)["detail"], "No agent found");
    app.get("/api/v1/agents/?agent_type=nope").send().await.error(400);
}

#[tokio::test]
async fn a_new_site_has_its_agents_and_the_agent_calls_only_read() {
    let (app, log) = TestApp::with_statement_log().await;
    // A site created after start has the built-in agents at once.
    let other = app.add_tenant("other.example", "Other").await;
    let stored = store::queries::agents::page(
        &app.db,
        other.tenant.id,
        &store::queries::agents::AgentFilter { include_inactive: true, ..Default::default() },
        0,
        10,
    )
    .await
    .unwrap();
    assert_eq!(stored.count, 3);
    let (_, token) = member(&app, "ada@example.com").await;
    // The site is looked up once and then cached: warm it up first.
    agents(&app, "localhost:8080").await;
    log.clear();
    assert_eq!(agents(&app, "other.example").await.len(), 3);
    assert_eq!(agents(&app, "localhost:8080").await.len(), 3);
    app.get("/api/v1/agents/slug/aira/").token(&token).send().await.assert_status(200);
    let writes: Vec<String> = log
        .taken()
        .into_iter()
        .filter(|sql| {
            let sql = sql.trim_start().to_ascii_uppercase();
            sql.starts_with("INSERT") || sql.starts_with("UPDATE") || sql.starts_with("DELETE")
        })
        .collect();
    assert!(writes.is_empty(), "the agents calls wrote: {writes:?}");
}

#[tokio::test]
async fn a_member_runs_aira_and_gets_the_level_of_a_boundary_score() {
    let app = TestApp::new().await;
    let (ada, token) = member(&app, "ada@example.com").await;
    // 40 % is the first Intermediate score; 39 % would be Beginner.
    let slug = run_aira(&app, &token, 4).await;
    assert!(slug.starts_with("aira-"));

    let res = app.get(&report_path(&slug)).token(&token).send().await;
    res.assert_status(200);
    let report = res.json()["data"].clone();
    assert_eq!(report["is_owner"], true);
    assert_eq!(report["agent_name"], "AI Readiness Assessment");
    assert_eq!(report["output_data"]["aira"]["readiness_percent"], 40);
    assert_eq!(report["output_data"]["aira"]["level"], "Intermediate");
    assert_eq!(report["user"]["id"], ada.id);
    assert_eq!(report["answers"]["2"]["goal"], "Use AI to automate my weekly reporting");

    let list = app.get("/api/v1/agents/reports/").token(&token).send().await;
    list.assert_status(200);
    let list = list.json();
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["slug"], slug.as_str());
    assert_eq!(list["data"][0]["level"], "Intermediate");

    // The use is counted.
    let res = app.get("/api/v1/agents/slug/aira/").token(&token).send().await;
    assert_eq!(res.json()["data"]["usage_count"], 1);

    // Just below the boundary: Beginner; the newest report is listed first.
    let (_, bo) = member(&app, "bo@example.com").await;
    let aira = agent_id(&app, "aira").await;
    step(&app, &bo, aira, 1, json!({})).await;
    let mut form = aira_form(4);
    form["bu_shipped"] = json!(3);
    step(&app, &bo, aira, 2, form).await;
    let done = step(&app, &bo, aira, 3, Value::Null).await;
    let report = app.get(&report_path(done["report_slug"].as_str().unwrap())).token(&bo).send().await.json();
    assert_eq!(report["data"]["output_data"]["aira"]["readiness_percent"], 39);
    assert_eq!(report["data"]["output_data"]["aira"]["level"], "Beginner");
}

#[tokio::test]
async fn the_report_step_needs_the_form_answered_first() {
    let app = TestApp::new().await;
    let (_, token) = member(&app, "ada@example.com").await;
    let aira = agent_id(&app, "aira").await;
    step(&app, &token, aira, 1, json!({})).await;
    let res = app.post_json(&step_path(aira, 3), &token, &json!({})).await;
    assert_eq!(res.error(400)["field_errors"]["step"][0], "Answer step 2 first.");
    let res = app.get("/api/v1/agents/reports/").token(&token).send().await;
    assert_eq!(res.json()["pagination"]["count"], 0, "nothing was stored");
}

#[tokio::test]
async fn a_private_report_is_only_its_owners_and_a_shared_one_shows_no_private_data() {
    let app = TestApp::new().await;
    let (_, ada) = member(&app, "ada@example.com").await;
    let (_, bo) = member(&app, "bo@example.com").await;
    let slug = run_aira(&app, &ada, 7).await;

    assert_eq!(app.get(&report_path(&slug)).token(&bo).send().await.error(404)["detail"], "No report found");
    app.get(&report_path(&slug)).send().await.error(404);
    app.get(&report_path("aira-00000000")).token(&ada).send().await.error(404);
    // Only the owner shares it.
    app.post_json(&format!("{}share/", report_path(&slug)), &bo, &json!({"is_public": true})).await.error(404);
    let res = app.post_json(&format!("{}share/", report_path(&slug)), &ada, &json!({"is_public": true})).await;
    res.assert_status(200);

    for viewer in [Some(bo.as_str()), None] {
        let mut req = app.get(&report_path(&slug));
        if let Some(token) = viewer {
            req = req.token(token);
        }
        let res = req.send().await;
        res.assert_status(200);
        let data = res.json()["data"].clone();
        assert_eq!(data["is_owner"], false);
        assert_eq!(data["output_data"]["aira"]["level"], "Advanced");
        for private in ["user", "answers", "created_by", "my_feedback"] {
            assert!(data.get(private).is_none(), "the public view shows {private}: {data}");
        }
        let text = data.to_string();
        assert!(!text.contains("ada@example.com") && !text.contains("weekly reporting"), "{text}");
    }
    // Bo's list holds none of Ada's reports.
    let list = app.get("/api/v1/agents/reports/").token(&bo).send().await.json();
    assert_eq!(list["pagination"]["count"], 0);
    let list = app.get(&format!("/api/v1/agents/reports/?user_id={}", 1)).token(&bo).send().await.json();
    assert_eq!(list["pagination"]["count"], 0, "a member cannot list someone else's reports");
}

#[tokio::test]
async fn another_sites_agents_and_reports_are_not_found() {
    let app = TestApp::new().await;
    let other = app.add_tenant("other.localhost", "Other Site").await;
    let (_, ada) = member(&app, "ada@example.com").await;
    let slug = run_aira(&app, &ada, 5).await;
    let aira = agent_id(&app, "aira").await;

    let theirs = agents(&app, "other.localhost").await;
    assert_eq!(theirs.len(), 3, "the other site gets its own built-in agents");
    assert!(theirs.iter().all(|a| a["id"] != aira));

    let (_, bo) = member_of(&app, "bo@example.com", &other).await;
    let res = app.post(&step_path(aira, 1)).host("other.localhost").token(&bo).json(&json!({})).send().await;
    assert_eq!(res.error(404)["detail"], "No agent found");
    app.get(&report_path(&slug)).host("other.localhost").token(&ada).send().await.error(404);
    // Ada shares it: still not on the other site.
    app.post_json(&format!("{}share/", report_path(&slug)), &ada, &json!({"is_public": true})).await;
    app.get(&report_path(&slug)).host("other.localhost").send().await.error(404);
}

#[tokio::test]
async fn premium_agents_need_the_premium_flag_and_guests_sign_in() {
    let app = TestApp::new().await;
    let (_, token) = member(&app, "ada@example.com").await;
    let premium = agent_id(&app, "career-assistant").await;
    let res = app.post_json(&step_path(premium, 1), &token, &json!({})).await;
    let body = res.error(403);
    assert_eq!(body["code"], "NO_PREMIUM_SUBSCRIPTION");

    let aira = agent_id(&app, "aira").await;
    app.post(&step_path(aira, 1)).json(&json!({})).send().await.error(401);
}

#[tokio::test]
async fn the_monthly_usage_limit_stops_a_new_run() {
    let app = TestApp::new().await;
    let (ada, token) = member(&app, "ada@example.com").await;
    let aira = agent_id(&app, "aira").await;
    let period = domain::agents::access::usage_period(chrono::Utc::now());
    for _ in 0..4 {
        usage::record(&app.db, app.default_tenant.tenant.id, ada.id, aira, &period).await.unwrap();
    }
    // The fifth use is allowed, and then the limit (5) is reached.
    run_aira(&app, &token, 5).await;
    let res = app.post_json(&step_path(aira, 1), &token, &json!({})).await;
    let body = res.error(403);
    assert_eq!(body["code"], "USAGE_LIMIT_REACHED");
    assert!(body["detail"].as_str().unwrap().contains("5 times"), "{body}");
}

#[tokio::test]
async fn an_incomplete_profile_is_refused() {
    let app = TestApp::new().await;
    let (ada, token) = member(&app, "ada@example.com").await;
    set_completion(&app, &ada, 59).await;
    let aira = agent_id(&app, "aira").await;
    let body = app.post_json(&step_path(aira, 1), &token, &json!({})).await.error(403);
    assert_eq!(body["code"], "PROFILE_INCOMPLETE");
    assert!(body["detail"].as_str().unwrap().contains("greater than 60%"));
}

#[tokio::test]
async fn bad_answers_are_refused_on_their_field() {
    let app = TestApp::new().await;
    let (_, token) = member(&app, "ada@example.com").await;
    let aira = agent_id(&app, "aira").await;
    let mut form = aira_form(5);
    form["aw_familiar"] = json!(11);
    form.as_object_mut().unwrap().remove("ex_prompts");
    let res = app.post_json(&step_path(aira, 2), &token, &json!({"user_response": form})).await;
    let body = res.error(400);
    assert_eq!(body["field_errors"]["answers.aw_familiar"][0], "Choose a value from 0 to 10.");
    assert!(body["field_errors"]["answers.ex_prompts"][0].as_str().unwrap().starts_with("This field is required"));
    let res = app.post_json(&step_path(aira, 2), &token, &json!({"user_response": [1, 2]})).await;
    assert!(res.error(400)["field_errors"]["answers"][0].is_string());
    app.post_json(&step_path(aira, 9), &token, &json!({})).await.error(404);
    app.post_json("/api/v1/agents/process/abc/1/", &token, &json!({})).await.error(404);
}

#[tokio::test]
async fn report_feedback_is_checked_and_thanked() {
    let app = TestApp::new().await;
    let (_, ada) = member(&app, "ada@example.com").await;
    let (_, bo) = member(&app, "bo@example.com").await;
    let slug = run_aira(&app, &ada, 6).await;
    let report = app.get(&report_path(&slug)).token(&ada).send().await.json()["data"].clone();
    let id = report["id"].as_i64().unwrap();

    let body = app.post_json("/api/v1/agents/feedback/", &ada, &json!({"rating": 6})).await.error(400);
    assert_eq!(body["field_errors"]["rating"][0], "Choose a rating from 1 to 5 stars.");
    assert_eq!(body["field_errors"]["response_id"][0], "This field is required.");
    let long = "x".repeat(2001);
    let body = app
        .post_json("/api/v1/agents/feedback/", &ada, &json!({"response_id": id, "rating": 4, "feedback": long}))
        .await
        .error(400);
    assert!(body["field_errors"]["feedback"][0].is_string());
    // Someone else's report: not found.
    app.post_json("/api/v1/agents/feedback/", &bo, &json!({"response_id": id, "rating": 4})).await.error(404);

    let res = app
        .post_json("/api/v1/agents/feedback/", &ada, &json!({"response_id": id, "rating": 4, "feedback": " Useful "}))
        .await;
    res.assert_status(200);
    let body = res.json();
    assert_eq!(body["message"], THANKS);
    assert_eq!(body["data"]["feedback"], "Useful");
    // Rating again replaces it.
    app.post_json("/api/v1/agents/feedback/", &ada, &json!({"response_id": id, "rating": 2})).await;
    let report = app.get(&report_path(&slug)).token(&ada).send().await.json()["data"].clone();
    assert_eq!(report["my_feedback"]["rating"], 2);
}

#[tokio::test]
async fn the_report_recommends_what_retrieval_finds_for_the_weakest_area() {
    let app = TestApp::new().await;
    let circle =
        crate::follows::group(&app, &app.default_tenant, "circle", "Generative AI Fundamentals Circle", 0).await;
    let (_, token) = member(&app, "ada@example.com").await;
    let aira = agent_id(&app, "aira").await;
    step(&app, &token, aira, 1, json!({})).await;
    let mut form = aira_form(8);
    // Awareness is the weakest area: its words are looked up.
    for id in ["aw_familiar", "aw_follow", "aw_curious", "aw_field"] {
        form[id] = json!(2);
    }
    step(&app, &token, aira, 2, form).await;
    let done = step(&app, &token, aira, 3, Value::Null).await;
    let report = app.get(&report_path(done["report_slug"].as_str().unwrap())).token(&token).send().await.json();
    let sections = report["data"]["output_data"]["sections"].as_array().unwrap().clone();
    let recommended = sections.iter().find(|s| s["id"] == "recommendations").expect("a recommendations section");
    let slugs: Vec<&str> =
        recommended["items"].as_array().unwrap().iter().map(|i| i["slug"].as_str().unwrap()).collect();
    assert!(slugs.contains(&circle.slug.as_str()), "{recommended}");
}

#[tokio::test]
async fn staff_run_a_premium_agent_for_a_member_who_then_owns_the_report() {
    let app = TestApp::new().await;
    let (ada, ada_token) = member(&app, "ada@example.com").await;
    let (_, bo_token) = member(&app, "bo@example.com").await;
    let staff = app.add_user("staff@example.com").await;
    let mut active: users::ActiveModel = staff.clone().into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
    let staff_token = app.token_for(staff.id);
    let premium = agent_id(&app, "career-assistant").await;

    // A member cannot run an agent for someone else.
    let res = app.post_json(&step_path(premium, 1), &bo_token, &json!({"user_id": ada.id})).await;
    res.error(403);
    // Staff may, for a member of the site only.
    let res = app.post_json(&step_path(premium, 1), &staff_token, &json!({"user_id": 999_999})).await;
    assert_eq!(res.error(404)["detail"], "No user found");

    let form = json!({
        "next_move": "Move to a new role",
        "target_role": "Data analyst",
        "obstacles": ["Skills"],
        "timeline": "Within a year"
    });
    for (order, answers) in [(1, json!({})), (2, form), (3, Value::Null)] {
        let res = app
            .post_json(&step_path(premium, order), &staff_token, &json!({"user_response": answers, "user_id": ada.id}))
            .await;
        res.assert_status(200);
        if order == 3 {
            let slug = res.json()["data"]["report_slug"].as_str().unwrap().to_string();
            let report = app.get(&report_path(&slug)).token(&ada_token).send().await.json()["data"].clone();
            assert_eq!(report["is_owner"], true);
            assert_eq!(report["user"]["id"], ada.id);
            assert_eq!(report["created_by"], staff.id);
            assert_eq!(report["output_data"]["template"], "general");
        }
    }
    let mine = app.get("/api/v1/agents/reports/").token(&ada_token).send().await.json();
    assert_eq!(mine["pagination"]["count"], 1);
    let made = app.get(&format!("/api/v1/agents/reports/?created_by={}", staff.id)).token(&staff_token).send().await;
    assert_eq!(made.json()["pagination"]["count"], 1);
}

#[tokio::test]
async fn a_group_checklist_takes_circles_the_member_may_see() {
    let app = TestApp::new().await;
    let tenant_id = app.default_tenant.tenant.id;
    store::queries::agents::ensure_builtin(&app.db, tenant_id).await.unwrap();
    let definition = domain::agents::definition::parse(&json!({
        "name": "Circle Finder", "slug": "circle-finder", "agent_type": "careergps",
        "steps": [
            {"order": 1, "extra_info": {"type": "group_checklist", "header_text": "Pick circles to join"}},
            {"order": 2, "extra_info": {"type": "report_generation"}}
        ]
    }))
    .unwrap();
    let new = store::queries::agents::NewAgent::Careergps(&definition);
    store::queries::agents::insert(&app.db, tenant_id, new, 50).await.unwrap();
    let agent = agent_id(&app, "circle-finder").await;
    let (_, token) = member(&app, "picker@example.com").await;
    let admin = app.add_member("circle-admin@example.com", &app.default_tenant, "admin").await;
    let admin = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let topic = crate::groups::topic(&app, &app.default_tenant, "AI").await;
    let open = crate::groups::create(&app, &admin, &crate::groups::circle_body(org, topic, "Open circle")).await;
    let open = open["id"].as_i64().unwrap();
    let other = app.add_tenant("other.example.com", "Other Site").await;
    let elsewhere = crate::follows::group(&app, &other, "circle", "Elsewhere Circle", 0).await;
    let hidden = crate::follows::group(&app, &app.default_tenant, "circle", "Hidden Circle", 20).await;

    let chosen = step(&app, &token, agent, 1, json!([open, open])).await;
    assert_eq!(chosen["next_step"], 2, "{chosen}");
    for bad in [json!([elsewhere.id]), json!([hidden.id]), json!([org]), json!(["x"])] {
        let res = app.post_json(&step_path(agent, 1), &token, &json!({ "user_response": bad })).await;
        let e = res.error(400);
        assert!(e["field_errors"]["answers"].is_array(), "{bad}: {e}");
    }
}
