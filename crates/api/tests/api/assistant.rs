//! The AMA assistant: POST /ask-me-anything/, its history, /ama-feedback/ (spec 002 §4, §7).
//! Retrieval quality on the demo corpus, tenant isolation, the model path against a fake
//! OpenAI-compatible server and its fallback, the use_ama gate and the rate limit.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{extract::State, routing::post, Json, Router};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};
use store::{entities::subscription_plans, queries::tenants::TenantRecord};

use crate::common::{settings_with_fake_model, TestApp, TestResponse};

const ASK: &str = "/api/v1/ask-me-anything/";
const FEEDBACK: &str = "/api/v1/ama-feedback/";

/// The site's free plan includes the assistant.
async fn free_plan_with_ama(app: &TestApp, tenant: &TenantRecord) {
    let now = chrono::Utc::now();
    let existing = subscription_plans::Entity::find()
        .filter(subscription_plans::Column::TenantId.eq(tenant.tenant.id))
        .filter(subscription_plans::Column::SubscriptionTier.eq(0))
        .one(&app.db)
        .await
        .unwrap();
    match existing {
        Some(plan) => {
            let mut active: subscription_plans::ActiveModel = plan.into();
            active.use_ama = Set(true);
            active.update(&app.db).await.unwrap();
        }
        None => {
            subscription_plans::ActiveModel {
                tenant_id: Set(tenant.tenant.id),
                name: Set("Free".into()),
                description: Set("Free".into()),
                subscription_tier: Set(0),
                trial_days: Set(0),
                included_features: Set(String::new()),
                excluded_features: Set(String::new()),
                use_ama: Set(true),
                one_to_one_chat: Set(false),
                can_use_premium_agents: Set(false),
                can_create_membership_card: Set(false),
                can_view_premium_resources: Set(false),
                circle_discount_percent: Set(0),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&app.db)
            .await
            .unwrap();
        }
    }
}

async fn ask(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post_json(ASK, token, &body).await
}

fn items(answer: &Value) -> Vec<Value> {
    answer["data"]["answer"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "recommendations")
        .map(|p| p["value"]["items"].as_array().unwrap().clone())
        .unwrap()
}

fn part<'a>(answer: &'a Value, kind: &str) -> &'a Value {
    answer["data"]["answer"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == kind)
        .map(|p| &p["value"])
        .unwrap()
}

async fn demo_app() -> TestApp {
    let app = TestApp::new().await;
    store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    free_plan_with_ama(&app, &app.default_tenant).await;
    app
}

async fn token_of(app: &TestApp, email: &str) -> String {
    let user = store::queries::users::find_by_email(&app.db, email).await.unwrap().unwrap();
    app.token_for(user.id)
}

#[tokio::test]
async fn the_demo_questions_find_the_matching_items_first() {
    let app = demo_app().await;
    let maria = token_of(&app, "maria@example.com").await;
    // (question, expected first type, expected first slug)
    let table = [
        ("Which circles can teach me prompt engineering?", "circle", "prompt-engineering-practice-circle"),
        // Both data analyst jobs are open in Kenya; the one sharing more of maria's skills leads.
        ("jobs for a data analyst in Kenya", "job", "data-analyst-ai-adoption"),
        ("Who could mentor me in product management?", "user", ""),
        ("Are there any prompt engineering workshops or events?", "event", "prompt-engineering-workshop"),
    ];
    let sam_slug = {
        let sam = store::queries::users::find_by_email(&app.db, "sam@example.com").await.unwrap().unwrap();
        store::queries::profiles::find_by_user(&app.db, sam.id).await.unwrap().unwrap().name_slug
    };
    for (question, kind, slug) in table {
        let answer = ask(&app, &maria, json!({"question": question})).await;
        answer.assert_status(200);
        let answer = answer.json();
        let found = items(&answer);
        assert!(!found.is_empty(), "{question}: nothing found");
        let first = &found[0];
        let slug = if slug.is_empty() { sam_slug.as_str() } else { slug };
        assert_eq!(
            (first["type"].as_str().unwrap(), first["slug"].as_str().unwrap()),
            (kind, slug),
            "{question}: {found:?}"
        );
        let reason = first["reason"].as_str().unwrap();
        assert!(
            !reason.is_empty() && !reason.starts_with("Matches"),
            "{question}: a reason a person understands: {reason}"
        );
        let text = part(&answer, "text").as_str().unwrap();
        assert!(text.contains(first["name"].as_str().unwrap()), "{question}: the text names the first item: {text}");
        let questions = part(&answer, "relevant_questions").as_array().unwrap();
        assert!(!questions.is_empty() && questions.len() <= 4);
        // The parts come in the spec's order: recommendations, text, relevant_questions.
        let kinds: Vec<&str> = answer["data"]["answer"]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["type"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["recommendations", "text", "relevant_questions"]);
    }
    // The asker is never recommended to themself.
    let sam = token_of(&app, "sam@example.com").await;
    let answer = ask(&app, &sam, json!({"question": "Who could mentor me in product management?"})).await.json();
    assert!(items(&answer).iter().all(|i| i["slug"] != sam_slug.as_str()));
}

#[tokio::test]
async fn nothing_of_another_site_or_a_hidden_group_is_recommended() {
    let app = TestApp::new().await;
    let other = app.add_tenant("other.localhost", "Other Site").await;
    free_plan_with_ama(&app, &app.default_tenant).await;
    free_plan_with_ama(&app, &other).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bo = app.add_member("bo@example.com", &other, "member").await;
    let mine = crate::follows::group(&app, &app.default_tenant, "circle", "Prompt Engineering Circle", 0).await;
    crate::follows::group(&app, &app.default_tenant, "circle", "Prompt Engineering Secret Circle", 20).await;
    let theirs = crate::follows::group(&app, &other, "circle", "Prompt Engineering Elsewhere", 0).await;

    let answer = ask(&app, &app.token_for(ada.id), json!({"question": "prompt engineering circles"})).await.json();
    let slugs: Vec<String> = items(&answer).iter().map(|i| i["slug"].as_str().unwrap().to_string()).collect();
    assert_eq!(slugs, vec![mine.slug.clone()]);

    let answer = app
        .post(ASK)
        .host("other.localhost")
        .token(&app.token_for(bo.id))
        .json(&json!({"question": "prompt engineering circles"}))
        .send()
        .await
        .json();
    let slugs: Vec<String> = items(&answer).iter().map(|i| i["slug"].as_str().unwrap().to_string()).collect();
    assert_eq!(slugs, vec![theirs.slug.clone()]);
}

#[tokio::test]
async fn questions_are_checked_and_gated_by_use_ama() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    assert_eq!(app.post(ASK).json(&json!({"question": "hi"})).send().await.status, 401);
    // No plan gives the assistant: the web shows the upgrade dialog on this code.
    let e = ask(&app, &token, json!({"question": "data jobs"})).await.error(403);
    assert_eq!(e["code"], "NO_AMA_SUBSCRIPTION");
    // Staff always may.
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    let mut active: store::entities::users::ActiveModel = staff.clone().into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
    ask(&app, &app.token_for(staff.id), json!({"question": "data jobs"})).await.assert_status(200);

    free_plan_with_ama(&app, &app.default_tenant).await;
    for (body, field) in [
        (json!({}), "question"),
        (json!({"question": "   "}), "question"),
        (json!({"question": 5}), "question"),
        (json!({"question": "x".repeat(2001)}), "question"),
        (json!({"question": "ok", "parent_chat": "abc"}), "parent_chat"),
        (json!({"question": "ok", "parent_chat": -1}), "parent_chat"),
    ] {
        let e = ask(&app, &token, body.clone()).await.error(400);
        assert!(e["field_errors"][field].is_array(), "{body}: {e}");
    }
    // Question text that looks like query syntax is only words.
    for hostile in ["\"*-:&(", "a:* | !b", "NEAR(a b)", "' OR 1=1 --", "%_\\"] {
        ask(&app, &token, json!({"question": hostile})).await.assert_status(200);
    }
    let answer = ask(&app, &token, json!({"question": "zzqx circles"})).await.json();
    assert!(items(&answer).is_empty());
    assert!(part(&answer, "text").as_str().unwrap().starts_with("I could not find circles"));
}

#[tokio::test]
async fn conversations_are_threaded_paged_and_private() {
    let app = TestApp::new().await;
    free_plan_with_ama(&app, &app.default_tenant).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bo = app.add_member("bo@example.com", &app.default_tenant, "member").await;
    let (ada_t, bo_t) = (app.token_for(ada.id), app.token_for(bo.id));
    let first = ask(&app, &ada_t, json!({"question": "question 0"})).await.json();
    let root = first["data"]["id"].as_i64().unwrap();
    assert_eq!(first["data"]["parent_chat"], Value::Null);
    assert_eq!(first["data"]["question_message"]["sender"], "user");
    assert_eq!(first["data"]["answer"]["sender"], "assistant");
    let mut last = root;
    for i in 1..13 {
        // Continuing from any chat of the thread keeps its first chat as the parent.
        let next = ask(&app, &ada_t, json!({"question": format!("question {i}"), "parent_chat": last})).await.json();
        assert_eq!(next["data"]["parent_chat"], root);
        last = next["data"]["id"].as_i64().unwrap();
    }
    ask(&app, &ada_t, json!({"question": "another thread"})).await.assert_status(200);

    let page = app.get(ASK).token(&ada_t).send().await.json();
    assert_eq!(page["pagination"]["count"], 14);
    assert_eq!(page["data"].as_array().unwrap().len(), 12);
    assert_eq!(page["data"][0]["question"], "another thread", "newest first");
    assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let thread = app.get(&format!("{ASK}?parent_chat={last}")).token(&ada_t).send().await.json();
    assert_eq!(thread["pagination"]["count"], 13);
    let page2 = app.get(&format!("{ASK}?page=2")).token(&ada_t).send().await.json();
    assert_eq!(page2["data"].as_array().unwrap().len(), 2);

    // Someone else's chats are not theirs to read, continue or rate.
    assert_eq!(app.get(ASK).token(&bo_t).send().await.json()["pagination"]["count"], 0);
    app.get(&format!("{ASK}?parent_chat={root}")).token(&bo_t).send().await.error(404);
    ask(&app, &bo_t, json!({"question": "hi", "parent_chat": root})).await.error(404);
    let rate = json!({"chat": root, "rating": 4, "feedback": "Useful"});
    app.post_json(FEEDBACK, &bo_t, &rate).await.error(404);
    app.get(&format!("{ASK}?parent_chat=x")).token(&ada_t).send().await.error(400);
}

#[tokio::test]
async fn answers_are_rated_one_to_five_with_a_reason() {
    let app = TestApp::new().await;
    free_plan_with_ama(&app, &app.default_tenant).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    let chat = ask(&app, &token, json!({"question": "hello"})).await.json()["data"]["id"].as_i64().unwrap();
    for (body, field) in [
        (json!({"chat": chat, "rating": 0, "feedback": "x"}), "rating"),
        (json!({"chat": chat, "rating": 6, "feedback": "x"}), "rating"),
        (json!({"chat": chat, "feedback": "x"}), "rating"),
        (json!({"chat": chat, "rating": 3, "feedback": "  "}), "feedback"),
        (json!({"rating": 3, "feedback": "x"}), "chat"),
    ] {
        let e = app.post_json(FEEDBACK, &token, &body).await.error(400);
        assert!(e["field_errors"][field].is_array(), "{body}: {e}");
    }
    let answer = app.post_json(FEEDBACK, &token, &json!({"chat": chat, "rating": 2, "feedback": "Vague"})).await;
    answer.assert_status(200);
    assert_eq!(
        answer.json()["message"],
        "Thank you for your feedback! Your input is invaluable to us and will help us improve."
    );
    let again = json!({"chat": chat, "rating": "5", "feedback": "Better on reflection"});
    app.post_json(FEEDBACK, &token, &again).await.assert_status(200);
    let page = app.get(ASK).token(&token).send().await.json();
    assert_eq!(page["data"][0]["rating"], 5);
}

#[tokio::test]
async fn each_member_has_an_hourly_question_limit() {
    let mut settings = api::Settings::for_tests();
    settings.ama_per_hour = 2;
    settings.rate_limits = true;
    let app = TestApp::with_settings(settings).await;
    free_plan_with_ama(&app, &app.default_tenant).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bo = app.add_member("bo@example.com", &app.default_tenant, "member").await;
    for _ in 0..2 {
        ask(&app, &app.token_for(ada.id), json!({"question": "hi"})).await.assert_status(200);
    }
    ask(&app, &app.token_for(ada.id), json!({"question": "hi"})).await.error(429);
    ask(&app, &app.token_for(bo.id), json!({"question": "hi"})).await.assert_status(200);
}

/// What the fake model server saw, and how it answers.
#[derive(Clone, Default)]
struct Fake {
    seen: Arc<Mutex<Vec<Value>>>,
    mode: Arc<Mutex<&'static str>>,
}

async fn completions(State(fake): State<Fake>, Json(body): Json<Value>) -> axum::response::Response {
    use axum::response::IntoResponse;
    fake.seen.lock().unwrap().push(body);
    let mode = *fake.mode.lock().unwrap();
    match mode {
        "fail" => (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response(),
        "slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            Json(json!({"choices": [{"message": {"role": "assistant", "content": "too late"}}]})).into_response()
        }
        _ => Json(json!({"choices": [{"message": {"role": "assistant",
            "content": "Join [the practice circle](/circle/prompt-engineering-practice-circle), not \
            [Data Lab](/circle/invented-data-lab) or https://invented.example/ ."}}]}))
        .into_response(),
    }
}

async fn app_with_model() -> (TestApp, Fake) {
    let fake = Fake::default();
    *fake.mode.lock().unwrap() = "ok";
    let router = Router::new().route("/v1/chat/completions", post(completions)).with_state(fake.clone());
    let settings = settings_with_fake_model(router).await;
    let app = TestApp::with_settings(settings).await;
    store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    free_plan_with_ama(&app, &app.default_tenant).await;
    (app, fake)
}

#[tokio::test]
async fn a_model_writes_the_text_and_the_recommendations_stay_retrievals() {
    let (app, fake) = app_with_model().await;
    let maria = token_of(&app, "maria@example.com").await;
    let question = "Which circles can teach me prompt engineering?";
    let answer = ask(&app, &maria, json!({"question": question})).await;
    answer.assert_status(200);
    let answer = answer.json();
    // Links to what retrieval returned stay; invented ones go, their words kept.
    assert_eq!(
        part(&answer, "text"),
        "Join [the practice circle](/circle/prompt-engineering-practice-circle), not Data Lab or ."
    );
    let found = items(&answer);
    assert_eq!(found[0]["slug"], "prompt-engineering-practice-circle");
    assert!(found.iter().all(|i| i["type"] == "circle"), "only what retrieval found: {found:?}");

    let seen = fake.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["model"], "test-model");
    let last = seen[0]["messages"].as_array().unwrap().last().unwrap()["content"].as_str().unwrap().to_string();
    assert!(last.contains(question) && last.contains("Prompt Engineering Practice Circle"), "{last}");
    assert!(last.contains("country: Spain"), "the asker's profile is given: {last}");

    // A follow-up carries the conversation.
    let root = answer["data"]["id"].as_i64().unwrap();
    ask(&app, &maria, json!({"question": "And events?", "parent_chat": root})).await.assert_status(200);
    let seen = fake.seen.lock().unwrap().clone();
    let messages = seen[1]["messages"].as_array().unwrap();
    assert_eq!(messages[1]["content"], question);
    assert_eq!(messages[2]["role"], "assistant");
}

#[tokio::test]
async fn a_failing_or_slow_model_falls_back_to_the_built_in_answer() {
    let (app, fake) = app_with_model().await;
    let maria = token_of(&app, "maria@example.com").await;
    for mode in ["fail", "slow"] {
        *fake.mode.lock().unwrap() = mode;
        let answer = ask(&app, &maria, json!({"question": "Which circles can teach me prompt engineering?"})).await;
        answer.assert_status(200);
        let answer = answer.json();
        let text = part(&answer, "text").as_str().unwrap();
        assert!(text.contains("**Prompt Engineering Practice Circle**"), "{mode}: the built-in text: {text}");
        assert_eq!(items(&answer)[0]["slug"], "prompt-engineering-practice-circle");
    }
    // Both are counted for /metrics: one error, one time-out, two fallbacks.
    let series = app.state.metrics.render();
    for line in [
        r#"waypoint_model_calls_total{outcome="error"} 1"#,
        r#"waypoint_model_calls_total{outcome="timeout"} 1"#,
        r#"waypoint_model_calls_total{outcome="ok"} 0"#,
        "waypoint_model_fallbacks_total 2",
    ] {
        assert!(series.lines().any(|l| l == line), "{line} in {series}");
    }
}

#[tokio::test]
async fn recommendations_share_the_members_interests_and_skip_what_they_joined_or_follow() {
    let app = demo_app().await;
    let maria = token_of(&app, "maria@example.com").await;
    let all = app.get("/api/v1/recommended-entities/").token(&maria).send().await;
    all.assert_status(200);
    let all = all.json()["data"].as_array().unwrap().clone();
    assert!(!all.is_empty());
    assert!(all.iter().all(|i| !i["reason"].as_str().unwrap().is_empty()));
    // Maria applied to the Generative AI circle (pending) and follows Sam.
    let sam = store::queries::users::find_by_email(&app.db, "sam@example.com").await.unwrap().unwrap();
    assert!(all.iter().all(|i| i["slug"] != "generative-ai-for-career-changers"), "{all:?}");
    assert!(all.iter().all(|i| !(i["type"] == "user" && i["id"] == sam.id)), "{all:?}");
    for kind in ["circle", "event", "user", "ai_tool", "use_case"] {
        assert!(all.iter().filter(|i| i["type"] == kind).count() <= 5);
    }
    let circles = app.get("/api/v1/recommended-entities/?entity_type=circle").token(&maria).send().await.json();
    assert!(circles["data"].as_array().unwrap().iter().all(|i| i["type"] == "circle"));
    assert!(!circles["data"].as_array().unwrap().is_empty(), "the data analysis circle shares her title's words");
    app.get("/api/v1/recommended-entities/?entity_type=planet").token(&maria).send().await.error(400);
    app.get("/api/v1/recommended-entities/").send().await.error(401);
    for path in ["/api/v1/user-recommendations/", "/api/v1/group-recommendations/", "/api/v1/job-recommendations/"] {
        app.get(path).token(&maria).send().await.assert_status(200);
    }
    let jobs = app.get("/api/v1/job-recommendations/").token(&maria).send().await.json();
    assert!(jobs["data"].as_array().unwrap().iter().any(|i| i["slug"] == "data-analyst-ai-adoption"), "{jobs}");
}

#[tokio::test]
async fn staff_mail_a_recommendation_package_within_its_limits() {
    use store::entities::{contents, emails, groups};
    let app = demo_app().await;
    let operator = token_of(&app, "operator@example.com").await;
    let maria_user = store::queries::users::find_by_email(&app.db, "maria@example.com").await.unwrap().unwrap();
    let sam = store::queries::users::find_by_email(&app.db, "sam@example.com").await.unwrap().unwrap();
    let circle = groups::Entity::find()
        .filter(groups::Column::Slug.eq("prompt-engineering-practice-circle"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let resource = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(app.default_tenant.tenant.id))
        .filter(contents::Column::ContentType.eq("resource"))
        .filter(contents::Column::Status.eq("approved"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let path = format!("/api/v1/recommendation-package/{}/", maria_user.id);
    let package = json!({
        "subject": "Your Personalized Recommendations",
        "body": "Hi Maria,\n\nHere are a few picks for you.",
        "footer": "The Waypoint team",
        "users": [sam.id],
        "groups": [circle.id],
        "internal_resources": [resource.id],
        "external_resources": [{"title": "Prompting guide", "url": "https://guide.example/prompting"}],
        "agent_reports": []
    });

    // Members are not staff.
    let maria = token_of(&app, "maria@example.com").await;
    let e = app.post_json(&path, &maria, &package).await.error(403);
    assert_eq!(e["detail"], "Sorry, You do not have access to use this feature");

    let answer = app.post_json(&path, &operator, &package).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Email sent successfully");
    let mail =
        emails::Entity::find().filter(emails::Column::ToAddress.eq("maria@example.com")).one(&app.db).await.unwrap();
    let mail = mail.expect("the package is in the outbox");
    assert_eq!(mail.subject, "Your Personalized Recommendations");
    for needle in [
        "/circle/prompt-engineering-practice-circle",
        "https://guide.example/prompting",
        "Sam Okafor",
        "The Waypoint team",
    ] {
        assert!(mail.html_body.contains(needle), "{needle} in {}", mail.html_body);
    }
    assert!(mail.html_body.contains(&format!("/resource/{}", resource.slug)));

    // The limits, with the spec's messages.
    let mut six = package.clone();
    six["users"] = json!([1, 2, 3, 4, 5, 6]);
    let e = app.post_json(&path, &operator, &six).await.error(400);
    assert_eq!(e["field_errors"]["users"][0], "You can only select up to 5 users");
    let mut reports = package.clone();
    reports["agent_reports"] = json!([1, 2, 3, 4, 5, 6]);
    let e = app.post_json(&path, &operator, &reports).await.error(400);
    assert_eq!(e["field_errors"]["agent_reports"][0], "You cannot select more than 5 agent reports");
    // Items of another site, or that the member may not see, are refused.
    let other = app.add_tenant("other.localhost", "Other").await;
    let elsewhere = crate::follows::group(&app, &other, "circle", "Elsewhere Circle", 0).await;
    let hidden = crate::follows::group(&app, &app.default_tenant, "circle", "Hidden Circle", 20).await;
    for group in [elsewhere.id, hidden.id] {
        let mut bad = package.clone();
        bad["groups"] = json!([group]);
        app.post_json(&path, &operator, &bad).await.error(400);
    }
    // Only members of the site receive packages.
    let outsider = app.add_member("out@example.com", &other, "member").await;
    app.post_json(&format!("/api/v1/recommendation-package/{}/", outsider.id), &operator, &package).await.error(404);
    app.post_json("/api/v1/recommendation-package/abc/", &operator, &package).await.error(404);

    // Agent reports: the member's own go in with links; someone else's are refused.
    use store::queries::agents::{self as agent_q, reports as report_q};
    let tenant_id = app.default_tenant.tenant.id;
    agent_q::ensure_builtin(&app.db, tenant_id).await.unwrap();
    let aira = agent_q::find_by_slug(&app.db, tenant_id, "aira").await.unwrap().unwrap();
    let report_of = |owner: i64, slug: &'static str| report_q::NewReport {
        tenant_id,
        slug,
        agent_id: aira.id,
        run_id: None,
        owner_id: owner,
        created_by: Some(owner),
        body: json!({}),
        is_public: false,
        source: "offline",
    };
    let marias = report_q::insert(&app.db, report_of(maria_user.id, "aira-maria01")).await.unwrap();
    let sams = report_q::insert(&app.db, report_of(sam.id, "aira-sam00001")).await.unwrap();
    let mut not_hers = package.clone();
    not_hers["agent_reports"] = json!([marias.id, sams.id]);
    let e = app.post_json(&path, &operator, &not_hers).await.error(400);
    assert_eq!(e["field_errors"]["agent_reports"][0], "Some of the chosen items are not available to this member.");
    let mut hers = package.clone();
    hers["agent_reports"] = json!([marias.id]);
    hers["subject"] = json!("Your CareerGPS report");
    app.post_json(&path, &operator, &hers).await.assert_status(200);
    let mail = emails::Entity::find()
        .filter(emails::Column::Subject.eq("Your CareerGPS report"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the package with the report is in the outbox");
    assert!(mail.html_body.contains("/careergps-report/aira-maria01"), "{}", mail.html_body);
    assert!(mail.html_body.contains("AI Readiness Assessment Report"));
}

#[tokio::test]
async fn staff_fetch_mentors_mentees_and_members_of_a_group_for_a_package() {
    let app = demo_app().await;
    let operator = token_of(&app, "operator@example.com").await;
    let user = |email: &'static str| {
        let db = app.db.clone();
        async move { store::queries::users::find_by_email(&db, email).await.unwrap().unwrap() }
    };
    let (maria, sam, admin) =
        (user("maria@example.com").await, user("sam@example.com").await, user("admin@example.com").await);
    let organization = app.default_tenant.organization.id;
    let path = |kind: &str, group: Option<i64>| {
        let mut path = format!("/api/v1/recommendation-package/people/?user_id={}&entity_type={kind}", maria.id);
        if let Some(group) = group {
            path.push_str(&format!("&group_from_user_to_be_included={group}"));
        }
        path
    };
    let ids = |page: &serde_json::Value| -> Vec<i64> {
        page["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
    };

    // Maria is mid-career (stage 4): the site's admin (stage 5) can mentor her, Sam (stage 3)
    // is someone she can mentor; nobody is offered to her twice, and never herself.
    let mentors = app.get(&path("mentor", Some(organization))).token(&operator).send().await.json();
    assert!(ids(&mentors).contains(&admin.id), "{mentors}");
    assert!(!ids(&mentors).contains(&sam.id) && !ids(&mentors).contains(&maria.id), "{mentors}");
    let first = &mentors["data"][0];
    assert_eq!(first["type"], "mentor");
    assert!(first["reason"].as_str().unwrap().starts_with("Could mentor"), "{first}");
    let mentees = app.get(&path("mentee", Some(organization))).token(&operator).send().await.json();
    assert!(ids(&mentees).contains(&sam.id) && !ids(&mentees).contains(&admin.id), "{mentees}");
    assert_eq!(mentees["data"][0]["type"], "mentee");
    let members = app.get(&path("cross_group", Some(organization))).token(&operator).send().await.json();
    assert!(ids(&members).contains(&sam.id) && ids(&members).contains(&admin.id), "{members}");
    assert!(!ids(&members).contains(&maria.id));
    assert_eq!(members["data"][0]["type"], "user");

    // A group first, with the spec's words; only staff; only groups and members of the site.
    let e = app.get(&path("mentor", None)).token(&operator).send().await.error(400);
    assert_eq!(
        e["field_errors"]["group_from_user_to_be_included"][0],
        "Recommendation types mentor, mentee and cross_group require choosing a group first"
    );
    let e = app.get(&path("boss", Some(organization))).token(&operator).send().await.error(400);
    assert!(e["field_errors"]["entity_type"].is_array());
    let maria_token = token_of(&app, "maria@example.com").await;
    let e = app.get(&path("mentor", Some(organization))).token(&maria_token).send().await.error(403);
    assert_eq!(e["detail"], "Sorry, You do not have access to use this feature");
    app.get(&path("mentor", Some(organization))).send().await.error(401);
    let other = app.add_tenant("other.localhost", "Other").await;
    let e = app.get(&path("cross_group", Some(other.organization.id))).token(&operator).send().await.error(400);
    assert!(e["field_errors"]["group_from_user_to_be_included"].is_array());
    let outsider = app.add_member("out@example.com", &other, "member").await;
    let e = app
        .get(&format!(
            "/api/v1/recommendation-package/people/?user_id={}&entity_type=mentor&group_from_user_to_be_included={organization}",
            outsider.id
        ))
        .token(&operator)
        .send()
        .await
        .error(400);
    assert!(e["field_errors"]["user_id"].is_array());
}
