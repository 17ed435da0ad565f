//! My area and favourites endpoints (spec 002 §7): `GET /{type}/me/` lists only what the
//! caller created or applied to; `GET /my-items/` and `GET /my-favourites/` give the first
//! page of every section. Hostile cases: another person's items, another site's items,
//! guests.

use serde_json::{json, Value};

use crate::{
    common::TestApp,
    membership::{circle, id_of, join, person, world},
};

fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect()
}

async fn submit_tool(app: &TestApp, token: &str, org: i64, name: &str) -> i64 {
    let body = json!({"name": name, "description": "<p>Writes drafts.</p>", "group": org, "categories": ["writing"]});
    let answer = app.post_json("/api/v1/ai-tools/", token, &body).await;
    answer.assert_status(201);
    answer.json()["data"]["id"].as_i64().unwrap()
}

async fn submit_use_case(app: &TestApp, token: &str, org: i64, title: &str) -> i64 {
    let body = json!({
        "title": title, "description": "<p>Summarise reports.</p>", "group": org,
        "business_value": "high", "complexity": "low", "innovation_category": "incremental",
    });
    let answer = app.post_json("/api/v1/use-cases/", token, &body).await;
    answer.assert_status(201);
    answer.json()["data"]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn my_lists_hold_only_what_the_caller_created_or_applied_to() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (_, ada) = person(&app, "ada@example.com").await;
    let (_, bob) = person(&app, "bob@example.com").await;
    let applied = id_of(&circle(&app, &w, "Applied Circle", |_| {}).await);
    let _other = id_of(&circle(&app, &w, "Other Circle", |_| {}).await);
    join(&app, &ada, applied, json!({})).await.assert_status(200);
    let tool = submit_tool(&app, &ada, w.org, "Ada's Tool").await;
    let use_case = submit_use_case(&app, &ada, w.org, "Ada's Use Case").await;
    submit_tool(&app, &bob, w.org, "Bob's Tool").await;

    // Ada's: her pending application, her pending submissions.
    let circles = app.get("/api/v1/circles/me/").token(&ada).send().await.json();
    assert_eq!(ids(&circles), vec![applied]);
    assert_eq!(circles["data"][0]["membership_status"], "pending");
    let tools = app.get("/api/v1/ai_tools/me/").token(&ada).send().await.json();
    assert_eq!(ids(&tools), vec![tool]);
    assert_eq!(tools["data"][0]["status"], "pending");
    assert_eq!(ids(&app.get("/api/v1/use_cases/me/").token(&ada).send().await.json()), vec![use_case]);
    // Bob's: none of Ada's.
    assert_eq!(app.get("/api/v1/circles/me/").token(&bob).send().await.json()["pagination"]["count"], 0);
    let bobs = app.get("/api/v1/ai_tools/me/").token(&bob).send().await.json();
    assert!(!ids(&bobs).contains(&tool));
    assert_eq!(bobs["pagination"]["count"], 1);
    assert_eq!(app.get("/api/v1/use_cases/me/").token(&bob).send().await.json()["pagination"]["count"], 0);
    // The circles' creator finds the ones they created.
    assert_eq!(app.get("/api/v1/circles/me/").token(&w.admin_token).send().await.json()["pagination"]["count"], 2);
    // The other lists answer, empty here.
    for path in ["/api/v1/jobs/me/", "/api/v1/career-tips/me/", "/api/v1/contents/me/"] {
        let page = app.get(path).token(&ada).send().await;
        page.assert_status(200);
        assert_eq!(page.json()["pagination"]["count"], 0, "{path}");
    }
    // 10 a page by default, paged.
    for i in 0..10 {
        submit_tool(&app, &ada, w.org, &format!("Tool {i}")).await;
    }
    let first = app.get("/api/v1/ai_tools/me/").token(&ada).send().await.json();
    assert_eq!(first["data"].as_array().unwrap().len(), 10);
    assert!(first["pagination"]["next"].as_str().unwrap().contains("/api/v1/ai_tools/me/"));
    app.get("/api/v1/ai_tools/me/?page=0").token(&ada).send().await.error(400);

    // Another site sees none of them, even for the same person.
    app.add_tenant("other.example.com", "Other Org").await;
    let elsewhere = app.get("/api/v1/ai_tools/me/").host("other.example.com").token(&ada).send().await.json();
    assert_eq!(elsewhere["pagination"]["count"], 0);
    let elsewhere = app.get("/api/v1/circles/me/").host("other.example.com").token(&ada).send().await.json();
    assert_eq!(elsewhere["pagination"]["count"], 0);

    // Guests must sign in.
    for path in ["/api/v1/circles/me/", "/api/v1/ai_tools/me/", "/api/v1/my-items/", "/api/v1/my-favourites/"] {
        app.get(path).send().await.assert_status(401);
    }
}

#[tokio::test]
async fn overviews_give_the_first_page_of_every_section() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (_, ada) = person(&app, "ada@example.com").await;
    let (_, bob) = person(&app, "bob@example.com").await;
    let mut circles = Vec::new();
    for i in 0..4 {
        let id = id_of(&circle(&app, &w, &format!("Circle {i}"), |_| {}).await);
        join(&app, &ada, id, json!({})).await.assert_status(200);
        app.post(&format!("/api/v1/bookmark/group/{id}/")).token(&ada).send().await.assert_status(200);
        circles.push(id);
    }
    submit_tool(&app, &ada, w.org, "Ada's Tool").await;

    let items = app.get("/api/v1/my-items/").token(&ada).send().await;
    items.assert_status(200);
    let items = items.json();
    assert_eq!(items["data"]["circles"]["pagination"]["count"], 4);
    assert_eq!(items["data"]["circles"]["data"].as_array().unwrap().len(), 3, "3 cards");
    assert!(items["data"]["circles"]["pagination"]["next"].as_str().unwrap().contains("/api/v1/circles/me/"));
    assert_eq!(items["data"]["ai_tools"]["pagination"]["count"], 1);
    for empty in ["resources", "jobs", "use_cases", "posts"] {
        assert_eq!(items["data"][empty]["pagination"]["count"], 0, "{empty}");
    }
    let one = app.get("/api/v1/my-items/?page_size=1").token(&ada).send().await.json();
    assert_eq!(one["data"]["circles"]["data"].as_array().unwrap().len(), 1);
    app.get("/api/v1/my-items/?page_size=x").token(&ada).send().await.error(400);

    let favourites = app.get("/api/v1/my-favourites/").token(&ada).send().await.json();
    assert_eq!(favourites["data"]["circles"]["pagination"]["count"], 4);
    let newest: Vec<i64> = circles.iter().rev().take(3).copied().collect();
    assert_eq!(ids(&favourites["data"]["circles"]), newest, "most recently bookmarked first");
    assert!(favourites["data"]["circles"]["pagination"]["next"].as_str().unwrap().contains("group_type=circle"));
    for empty in ["events", "use_cases", "resources", "ai_tools", "jobs"] {
        assert_eq!(favourites["data"][empty]["pagination"]["count"], 0, "{empty}");
    }
    // Bob's overviews hold nothing of Ada's.
    let bobs = app.get("/api/v1/my-favourites/").token(&bob).send().await.json();
    assert_eq!(bobs["data"]["circles"]["pagination"]["count"], 0);
    let bobs = app.get("/api/v1/my-items/").token(&bob).send().await.json();
    assert_eq!(bobs["data"]["circles"]["pagination"]["count"], 0);
    assert_eq!(bobs["data"]["ai_tools"]["pagination"]["count"], 0);

    // Removing a favourite shows at once.
    app.delete(&format!("/api/v1/unbookmark/group/{}/", circles[3])).token(&ada).send().await.assert_status(200);
    let favourites = app.get("/api/v1/my-favourites/").token(&ada).send().await.json();
    assert_eq!(favourites["data"]["circles"]["pagination"]["count"], 3);
}

#[tokio::test]
async fn my_jobs_are_those_created_or_applied_to() {
    use crate::jobs::{applicant, board, ids, JOBS};
    let b = board().await;
    let applied = b.published("Data Analyst").await;
    let other = b.published("Data Engineer").await;
    let (_, ada) = applicant(&b.app, "ada@example.com").await;
    let (_, bob) = applicant(&b.app, "bob@example.com").await;
    b.app.post_json(&format!("{JOBS}{}/apply/", applied["id"]), &ada, &json!({})).await.assert_status(200);

    let mine = b.app.get("/api/v1/jobs/me/").token(&ada).send().await.json();
    assert_eq!(ids(&mine), vec![applied["id"].as_i64().unwrap()]);
    assert_eq!(b.app.get("/api/v1/jobs/me/").token(&bob).send().await.json()["pagination"]["count"], 0);
    // The administrator who created both finds both (drafts included).
    let created = b.app.get("/api/v1/jobs/me/").token(&b.admin_token).send().await.json();
    let mut found = ids(&created);
    found.sort_unstable();
    let mut both = vec![applied["id"].as_i64().unwrap(), other["id"].as_i64().unwrap()];
    both.sort_unstable();
    assert_eq!(found, both);
}

/// My circles' page is kept per member and write generation: a new application shows at
/// once, and one member's kept page is never another's.
#[tokio::test]
async fn my_circles_show_a_new_application_at_once() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (_, ada) = person(&app, "ada@example.com").await;
    let (_, bob) = person(&app, "bob@example.com").await;
    let first = id_of(&circle(&app, &w, "First Circle", |_| {}).await);
    let second = id_of(&circle(&app, &w, "Second Circle", |_| {}).await);
    join(&app, &ada, first, json!({})).await.assert_status(200);
    assert_eq!(ids(&app.get("/api/v1/circles/me/").token(&ada).send().await.json()), vec![first]);
    assert_eq!(app.get("/api/v1/circles/me/").token(&bob).send().await.json()["pagination"]["count"], 0);

    join(&app, &ada, second, json!({})).await.assert_status(200);
    let mine = app.get("/api/v1/circles/me/").token(&ada).send().await.json();
    assert_eq!(mine["pagination"]["count"], 2);
    let mut found = ids(&mine);
    found.sort_unstable();
    assert_eq!(found, vec![first, second]);
    let overview = app.get("/api/v1/my-items/").token(&ada).send().await.json();
    assert_eq!(overview["data"]["circles"]["pagination"]["count"], 2);
    assert_eq!(app.get("/api/v1/circles/me/").token(&bob).send().await.json()["pagination"]["count"], 0);
}

/// The overviews show the base views the circles, events and jobs lists keep per write
/// generation: a second look reads each section's page and the caller's ties, never the
/// groups' topics, goals, counts or types again.
#[tokio::test]
async fn the_overviews_read_the_views_their_lists_keep() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let w = world(&app).await;
    let (_, ada) = person(&app, "ada@example.com").await;
    for i in 0..4 {
        let id = id_of(&circle(&app, &w, &format!("Circle {i}"), |_| {}).await);
        join(&app, &ada, id, json!({})).await.assert_status(200);
        app.post(&format!("/api/v1/bookmark/group/{id}/")).token(&ada).send().await.assert_status(200);
    }
    // My items: the generation, the caller, their person generation (what they may moderate),
    // the circles' ties, and the person generation again for my jobs' page (applications
    // bump the applicant's, m0046).
    for (path, most) in [("/api/v1/my-items/", 5), ("/api/v1/my-favourites/", 20)] {
        let first = app.get(path).token(&ada).send().await.json();
        log.clear();
        assert_eq!(app.get(path).token(&ada).send().await.json(), first);
        let statements = log.taken();
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
        assert!(StatementLog::reads(&statements) <= most, "{path} read {statements:#?}");
        if path == "/api/v1/my-items/" {
            // One generation for every section (none on PostgreSQL, where the instance keeps
            // it in memory), and my circles' page as kept.
            let generations = statements.iter().filter(|sql| sql.contains("\"list_generations\"")).count();
            assert!(generations <= 1, "{statements:#?}");
            assert!(!statements.iter().any(|sql| sql.contains("COUNT(")), "{statements:#?}");
        }
        for table in ["\"group_topics\"", "\"group_sdgs\"", "\"circle_types\""] {
            assert!(!statements.iter().any(|sql| sql.contains(table)), "{path} read {table}: {statements:#?}");
        }
    }
    // Someone who bookmarked nothing: no section joins its kind's table.
    let (_, bob) = person(&app, "bob@example.com").await;
    app.get("/api/v1/my-favourites/").token(&bob).send().await.assert_status(200);
    log.clear();
    let empty = app.get("/api/v1/my-favourites/").token(&bob).send().await.json();
    let statements = log.taken();
    assert_eq!(empty["data"]["circles"]["pagination"]["count"], 0);
    for table in ["\"job_posts\"", "\"ai_tools\"", "\"use_cases\"", "\"contents\"", "\"groups\""] {
        assert!(!statements.iter().any(|sql| sql.contains(table)), "an empty overview read {table}: {statements:#?}");
    }
}
