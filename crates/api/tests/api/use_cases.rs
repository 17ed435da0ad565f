//! Use cases, read side: the site's catalogue (approved only outside staff), one by slug,
//! and the groups' links to them (the form's check, `use_cases_detailed`, the circles
//! list's filter).

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::use_cases as use_case_entity,
    queries::{tenants::TenantRecord, use_cases as q},
};

use crate::{
    common::TestApp,
    groups::{circle_body, create, make_staff, topic},
};

async fn add(app: &TestApp, tenant: &TenantRecord, title: &str, status: &str) -> use_case_entity::Model {
    let slug = domain::slug::slugify(title);
    let description = format!("<p>How to use AI for {}.</p>", title.to_lowercase());
    q::insert(
        &app.db,
        q::NewUseCase {
            tenant_id: tenant.tenant.id,
            slug: &slug,
            title,
            description: Some(&description),
            thumbnail_image: Some("/media/uploads/thumb.png"),
            status,
            created_by: None,
        },
    )
    .await
    .unwrap()
}

fn titles(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|u| u["title"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_catalogue_lists_the_sites_approved_use_cases() {
    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let other = app.add_tenant("other.example.com", "Other").await;
    let drafting = add(&app, &home, "Drafting job descriptions", "approved").await;
    let summaries = add(&app, &home, "Summarising research papers", "approved").await;
    add(&app, &home, "Cleaning spreadsheets", "approved").await;
    let pending = add(&app, &home, "Pending idea", "pending").await;
    add(&app, &home, "Rejected idea", "rejected").await;
    add(&app, &other, "Another site's use case", "approved").await;

    let page = app.get("/api/v1/use-cases/").send().await;
    page.assert_status(200);
    let page = page.json();
    assert_eq!(page["pagination"], json!({"count": 3, "next": null}));
    assert_eq!(
        titles(&page),
        vec!["Cleaning spreadsheets", "Drafting job descriptions", "Summarising research papers"]
    );
    // The list items are whole use cases (issue 14); the reference fields are these.
    let item = &page["data"][1];
    let reference: serde_json::Map<String, serde_json::Value> =
        ["id", "slug", "title", "description", "thumbnail_image"]
            .iter()
            .map(|k| (k.to_string(), item[*k].clone()))
            .collect();
    assert_eq!(
        serde_json::Value::Object(reference),
        json!({"id": drafting.id, "slug": "drafting-job-descriptions", "title": "Drafting job descriptions",
            "description": "<p>How to use AI for drafting job descriptions.</p>",
            "thumbnail_image": "/media/uploads/thumb.png"})
    );
    let get = |query: &'static str| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/use-cases/?{query}")).send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    // Search: 2 characters at least; every word in the title or the description.
    assert_eq!(titles(&get("search=research").await), vec!["Summarising research papers"]);
    assert_eq!(titles(&get("search=ai%20JOB").await), vec!["Drafting job descriptions"]);
    assert_eq!(get("search=r").await["pagination"]["count"], 3, "one character does not filter");
    assert_eq!(get("search=idea").await["pagination"]["count"], 0, "pending and rejected stay hidden");
    // ids, and the status filter for others than staff.
    let ids = format!("ids={},{},{}", drafting.id, summaries.id, pending.id);
    let answer = app.get(&format!("/api/v1/use-cases/?{ids}")).send().await.json();
    assert_eq!(titles(&answer), vec!["Drafting job descriptions", "Summarising research papers"]);
    assert_eq!(get("status=approved").await["pagination"]["count"], 3);
    assert_eq!(get("status=pending").await["pagination"]["count"], 0);
    let e = app.get("/api/v1/use-cases/?ids=1,x&status=maybe").send().await.error(400);
    assert_eq!(e["field_errors"]["ids"][0], "A valid integer is required.");
    assert_eq!(e["field_errors"]["status"][0], "\"maybe\" is not a valid choice.");
    // The other site sees its own.
    let theirs = app.get("/api/v1/use-cases/").host("other.example.com").send().await.json();
    assert_eq!(titles(&theirs), vec!["Another site's use case"]);

    // Staff see every status, and filter by it.
    let staff = app.add_member("staff@example.com", &home, "member").await;
    make_staff(&app, &staff).await;
    let token = app.token_for(staff.id);
    let all = app.get("/api/v1/use-cases/").token(&token).send().await.json();
    assert_eq!(all["pagination"]["count"], 5);
    let pending_list = app.get("/api/v1/use-cases/?status=pending").token(&token).send().await.json();
    assert_eq!(titles(&pending_list), vec!["Pending idea"]);

    // By slug: approved ones for everyone, others for staff only, never another site's.
    let one = app.get("/api/v1/use-cases/slug/summarising-research-papers/").send().await;
    one.assert_status(200);
    assert_eq!(one.json()["data"]["id"], summaries.id);
    assert_eq!(one.json()["data"]["slug"], "summarising-research-papers");
    let e = app.get("/api/v1/use-cases/slug/pending-idea/").send().await.error(404);
    assert_eq!(e["detail"], "Use case not found.");
    app.get("/api/v1/use-cases/slug/pending-idea/").token(&token).send().await.assert_status(200);
    app.get("/api/v1/use-cases/slug/another-site-s-use-case/").send().await.error(404);
    app.get("/api/v1/use-cases/slug/nothing/").send().await.error(404);
}

#[tokio::test]
async fn use_case_lists_page_by_fifteen_up_to_five_hundred() {
    let app = TestApp::new().await;
    for i in 0..17 {
        add(&app, &app.default_tenant, &format!("Use case {i:02}"), "approved").await;
    }
    let page = app.get("/api/v1/use-cases/").send().await.json();
    assert_eq!(page["data"].as_array().unwrap().len(), 15);
    assert_eq!(page["pagination"]["count"], 17);
    assert!(page["pagination"]["next"].as_str().unwrap().ends_with("/api/v1/use-cases/?page=2"));
    let second = app.get("/api/v1/use-cases/?page=2").send().await.json();
    assert_eq!(titles(&second), vec!["Use case 15", "Use case 16"]);
    assert_eq!(second["pagination"]["next"], Value::Null);
    let big = app.get("/api/v1/use-cases/?page_size=1000").send().await.json();
    assert_eq!(big["data"].as_array().unwrap().len(), 17, "capped at 500, not refused");
    app.get("/api/v1/use-cases/?page_size=0").send().await.error(400);
}

#[tokio::test]
async fn groups_link_approved_use_cases_of_their_site() {
    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let other = app.add_tenant("other.example.com", "Other").await;
    let admin = app.add_member("admin@example.com", &home, "admin").await;
    let token = app.token_for(admin.id);
    let topic = topic(&app, &home, "Machine Learning").await;
    let org = home.organization.id;
    let drafting = add(&app, &home, "Drafting job descriptions", "approved").await;
    let summaries = add(&app, &home, "Summarising research papers", "approved").await;
    let pending = add(&app, &home, "Pending idea", "pending").await;
    let foreign = add(&app, &other, "Foreign", "approved").await;

    // Only approved use cases of this site may be linked.
    for (id, what) in [(pending.id, "pending"), (foreign.id, "another site's"), (999_999, "unknown")] {
        let mut body = circle_body(org, topic, "Refused");
        body["use_cases"] = json!([id]);
        let e = app.post_json("/api/v1/groups/", &token, &body).await.error(400);
        assert_eq!(
            e["field_errors"]["use_cases"],
            json!([format!("Invalid pk \"{id}\" - object does not exist.")]),
            "{what}"
        );
    }
    let mut body = circle_body(org, topic, "Hiring with AI");
    body["use_cases"] = json!([drafting.id.to_string()]);
    let circle = create(&app, &token, &body).await;
    assert_eq!(circle["use_cases"], json!([drafting.id.to_string()]));
    assert_eq!(
        circle["use_cases_detailed"],
        json!([{"id": drafting.id, "slug": "drafting-job-descriptions", "title": "Drafting job descriptions",
            "description": "<p>How to use AI for drafting job descriptions.</p>",
            "thumbnail_image": "/media/uploads/thumb.png"}])
    );
    let mut body = circle_body(org, topic, "Reading papers");
    body["use_cases"] = json!([summaries.id, drafting.id]);
    let second = create(&app, &token, &body).await;
    let detailed: Vec<i64> =
        second["use_cases_detailed"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    assert_eq!(detailed, vec![summaries.id, drafting.id], "in the order sent");
    create(&app, &token, &circle_body(org, topic, "No use case")).await;

    // The circles list filters by use case and shows the links.
    let count = |query: String| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/circles/?{query}")).send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    assert_eq!(count(format!("use_cases={}", drafting.id)).await["pagination"]["count"], 2);
    let only = count(format!("usecase_id={}", summaries.id)).await;
    assert_eq!(only["pagination"]["count"], 1);
    assert_eq!(only["data"][0]["name"], "Reading papers");
    assert_eq!(only["data"][0]["use_cases_detailed"].as_array().unwrap().len(), 2);
    assert_eq!(count(format!("use_cases={},{}", summaries.id, drafting.id)).await["pagination"]["count"], 2);
    assert_eq!(count("use_cases=abc".into()).await["pagination"]["count"], 0, "names nothing");
    assert_eq!(count("use_cases=999999".into()).await["pagination"]["count"], 0);
    assert_eq!(count(String::new()).await["pagination"]["count"], 3);

    // Editing: a use case no longer approved may stay linked, but not be added.
    let id = circle["id"].as_i64().unwrap();
    let mut active: use_case_entity::ActiveModel = drafting.clone().into();
    active.status = Set("rejected".into());
    active.update(&app.db).await.unwrap();
    let path = format!("/api/v1/groups/{id}/");
    let patch = |body: Value| {
        let (app, path, token) = (&app, path.clone(), token.clone());
        async move { app.patch_json(&path, &token, &body).await }
    };
    let kept = patch(json!({"name": "Hiring with AI, again"})).await;
    kept.assert_status(200);
    assert_eq!(kept.json()["data"]["use_cases"], json!([drafting.id.to_string()]));
    let e = patch(json!({"use_cases": [pending.id]})).await.error(400);
    assert_eq!(e["field_errors"]["use_cases"][0], format!("Invalid pk \"{}\" - object does not exist.", pending.id));
    let changed = patch(json!({"use_cases": [summaries.id]})).await;
    changed.assert_status(200);
    assert_eq!(changed.json()["data"]["use_cases_detailed"][0]["id"], summaries.id);
    let cleared = patch(json!({"use_cases": []})).await;
    assert_eq!(cleared.json()["data"]["use_cases_detailed"], json!([]));
    let e = patch(json!({"use_cases": ["x"]})).await.error(400);
    assert_eq!(e["field_errors"]["use_cases"][0], "Expected a list of ids.");
}
