//! The admin dashboard's item tables, feedback and contact (issue 19): the site's
//! administrators list pending, approved and rejected jobs, resources, AI tools and use
//! cases newest first; a member, an administrator of another group and another site's
//! administrator see only approved items (and cannot moderate); feedback and contact
//! messages are checked, stored, mailed to the site's administrators through the outbox,
//! and read by them alone.

use axum::http::Method;
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{topic_areas, users},
    queries::memberships,
};

use crate::{
    common::{TestApp, TestResponse},
    groups::{certify_group_profile, circle_body, create as create_group, topic},
    jobs::{job_body, JOBS},
};

const TOOLS: &str = "/api/v1/ai-tools/";
const USE_CASES: &str = "/api/v1/use-cases/";
const CONTENTS: &str = "/api/v1/contents/";
const FEEDBACK: &str = "/api/v1/feedback/";
const CONTACT: &str = "/api/v1/contact-starleaders/";
const OTHER_HOST: &str = "other.example.com";

struct Site {
    app: TestApp,
    org: i64,
    admin: users::Model,
    admin_token: String,
    /// A certified member who contributes resources, AI tools and use cases.
    member: users::Model,
    member_token: String,
    /// An administrator of a circle of the site, not of its organization.
    circle_admin: String,
    /// An administrator of another site's organization.
    foreign_admin: String,
    topic: i64,
    area: i64,
}

async fn site() -> Site {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let org = tenant.organization.id;
    let admin = app.add_member("admin@example.com", &tenant, "admin").await;
    certify_group_profile(&app, org, &admin).await;
    let admin_token = app.token_for(admin.id);
    let member = app.add_member("member@example.com", &tenant, "member").await;
    certify_group_profile(&app, org, &member).await;
    let member_token = app.token_for(member.id);
    let topic = topic(&app, &tenant, "Data Science").await;
    let area = topic_areas::ActiveModel {
        tenant_id: Set(tenant.tenant.id),
        name: Set("Technology".into()),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id;
    let circle = create_group(&app, &admin_token, &circle_body(org, topic, "Data Circle")).await;
    let lead = app.add_member("lead@example.com", &tenant, "member").await;
    memberships::upsert(&app.db, circle["id"].as_i64().unwrap(), lead.id, "admin", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    let other = app.add_tenant(OTHER_HOST, "Other Site").await;
    let foreign = app.add_member("foreign@example.com", &other, "admin").await;
    Site {
        circle_admin: app.token_for(lead.id),
        foreign_admin: app.token_for(foreign.id),
        app,
        org,
        admin,
        admin_token,
        member,
        member_token,
        topic,
        area,
    }
}

impl Site {
    async fn created(&self, path: &str, token: &str, body: Value) -> Value {
        let res = self.app.post_json(path, token, &body).await;
        res.assert_status(201);
        res.json()["data"].clone()
    }

    async fn moderate(&self, path: &str, id: &Value, token: &str, action: &str) -> TestResponse {
        self.app.post_json(&format!("{path}{id}/approve-reject/"), token, &json!({"action": action})).await
    }

    async fn tool(&self, name: &str) -> Value {
        let body = json!({"name": name, "description": "<p>Drafts for you.</p>", "group": self.org,
            "categories": ["writing"]});
        self.created(TOOLS, &self.member_token, body).await
    }

    async fn use_case(&self, title: &str) -> Value {
        let body = json!({"title": title, "description": "<p>Summarise reports.</p>", "group": self.org,
            "business_value": "high", "complexity": "low", "innovation_category": "incremental"});
        self.created(USE_CASES, &self.member_token, body).await
    }

    async fn resource(&self, title: &str) -> Value {
        let body = json!({"type": "resource", "contribute": true, "title": title,
            "content": "<p>A guide</p>", "group": self.org, "topics": [self.topic], "topic_area": self.area,
            "career_stages": ["early_career"]});
        self.created(CONTENTS, &self.member_token, body).await
    }

    async fn list(&self, path: &str, token: &str) -> Value {
        let res = self.app.get(path).token(token).send().await;
        res.assert_status(200);
        res.json()
    }
}

fn field(page: &Value, key: &str) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|item| item[key].as_str().unwrap().to_string()).collect()
}

async fn mails(app: &TestApp) -> Vec<Value> {
    app.get("/dev/mailbox.json").send().await.json().as_array().unwrap().clone()
}

#[tokio::test]
async fn administrators_list_every_kind_by_status_newest_first() {
    let s = site().await;
    // AI tools: one of each status.
    let pending = s.tool("Pending Tool").await;
    let rejected = s.tool("Rejected Tool").await;
    let approved = s.tool("Approved Tool").await;
    s.moderate(TOOLS, &rejected["id"], &s.admin_token, "reject").await.assert_status(200);
    s.moderate(TOOLS, &approved["id"], &s.admin_token, "approve").await.assert_status(200);
    let newer = s.tool("Newer Pending Tool").await;
    let tools = |status: &str| format!("{TOOLS}?group_id={}&status={status}&sort_by=recent&sort_order=desc", s.org);
    assert_eq!(field(&s.list(&tools("pending"), &s.admin_token).await, "name"), ["Newer Pending Tool", "Pending Tool"]);
    assert_eq!(field(&s.list(&tools("rejected"), &s.admin_token).await, "name"), ["Rejected Tool"]);
    assert_eq!(field(&s.list(&tools("approved"), &s.admin_token).await, "name"), ["Approved Tool"]);
    let oldest = format!("{TOOLS}?group_id={}&status=pending&sort_by=recent&sort_order=asc", s.org);
    assert_eq!(field(&s.list(&oldest, &s.admin_token).await, "name"), ["Pending Tool", "Newer Pending Tool"]);
    let page = s.list(&format!("{}&page_size=1&page=2", tools("pending")), &s.admin_token).await;
    assert_eq!(page["pagination"]["count"], 2);
    assert_eq!(field(&page, "name"), ["Pending Tool"]);
    // A rejected tool may still be approved; an approved one is not rejected again.
    s.moderate(TOOLS, &rejected["id"], &s.admin_token, "approve").await.assert_status(200);
    s.moderate(TOOLS, &approved["id"], &s.admin_token, "reject").await.error(400);
    assert_eq!(pending["status"], "pending");
    assert_eq!(newer["status"], "pending");

    // Use cases: newest first with sort_by=recent (by title otherwise).
    let first = s.use_case("Beta case").await;
    s.use_case("Alpha case").await;
    let cases = |extra: &str| format!("{USE_CASES}?group_id={}&status=pending{extra}", s.org);
    let recent = s.list(&cases("&sort_by=recent&sort_order=desc"), &s.admin_token).await;
    assert_eq!(field(&recent, "title"), ["Alpha case", "Beta case"]);
    assert!(recent["data"][0]["created_at"].is_string());
    assert_eq!(field(&s.list(&cases(""), &s.admin_token).await, "title"), ["Alpha case", "Beta case"]);
    assert_eq!(
        field(&s.list(&cases("&sort_by=recent&sort_order=asc"), &s.admin_token).await, "title"),
        ["Beta case", "Alpha case"]
    );
    s.moderate(USE_CASES, &first["id"], &s.admin_token, "reject").await.assert_status(200);
    assert_eq!(
        field(&s.list(&cases("&sort_by=recent").replace("pending", "rejected"), &s.admin_token).await, "title"),
        ["Beta case"]
    );
    let bad = s.app.get(&cases("&sort_by=title&sort_order=sideways")).token(&s.admin_token).send().await.error(400);
    assert_eq!(bad["field_errors"]["sort_by"][0], "\"title\" is not a valid choice.");
    assert_eq!(bad["field_errors"]["sort_order"][0], "\"sideways\" is not a valid choice.");
    let bad = s.app.get(&tools("pending").replace("recent", "votes")).token(&s.admin_token).send().await.error(400);
    assert!(bad["field_errors"]["sort_by"].is_array());

    // Resources: the moderation queue.
    s.resource("Old guide").await;
    let guide = s.resource("New guide").await;
    let resources = |status: &str| format!("{CONTENTS}?types=resource&status={status}&sort_by=recent&sort_order=desc");
    let queue = s.list(&resources("pending"), &s.admin_token).await;
    assert_eq!(field(&queue, "title"), ["New guide", "Old guide"]);
    assert_eq!(queue["data"][0]["can_moderate"], true);
    s.moderate(CONTENTS, &guide["id"], &s.admin_token, "reject").await.assert_status(200);
    assert_eq!(field(&s.list(&resources("rejected"), &s.admin_token).await, "title"), ["New guide"]);

    // Jobs: drafts and published ones of the groups the administrator runs.
    let board = |status: &str| format!("{JOBS}?view_all=true&job_status={status}&sort_by=recent&sort_order=desc");
    s.created(JOBS, &s.admin_token, job_body(s.org, "Draft job")).await;
    let mut body = job_body(s.org, "Live job");
    body["job_status"] = json!("approved");
    s.created(JOBS, &s.admin_token, body).await;
    assert_eq!(field(&s.list(&board("pending"), &s.admin_token).await, "title"), ["Draft job"]);
    assert_eq!(field(&s.list(&board("approved"), &s.admin_token).await, "title"), ["Live job"]);
}

#[tokio::test]
async fn others_see_only_approved_items_and_moderate_nothing() {
    let s = site().await;
    let pending = s.tool("Pending Tool").await;
    let approved = s.tool("Approved Tool").await;
    s.moderate(TOOLS, &approved["id"], &s.admin_token, "approve").await.assert_status(200);
    let case = s.use_case("Pending case").await;
    let resource = s.resource("Pending guide").await;
    s.created(JOBS, &s.admin_token, job_body(s.org, "Draft job")).await;
    let outsider = s.app.add_member("plain@example.com", &s.app.default_tenant, "member").await;
    let plain = s.app.token_for(outsider.id);

    for (who, token) in
        [("member", plain.as_str()), ("circle admin", &s.circle_admin), ("foreign admin", &s.foreign_admin)]
    {
        let tools = s.list(&format!("{TOOLS}?group_id={}&status=pending&sort_by=recent", s.org), token).await;
        assert_eq!(tools["pagination"]["count"], 0, "{who}");
        let tools = s.list(&format!("{TOOLS}?group_id={}&status=pending,approved", s.org), token).await;
        assert_eq!(field(&tools, "name"), ["Approved Tool"], "{who}");
        let cases = s.list(&format!("{USE_CASES}?group_id={}&status=pending&sort_by=recent", s.org), token).await;
        assert_eq!(cases["pagination"]["count"], 0, "{who}");
        let queue = s.list(&format!("{CONTENTS}?types=resource&status=pending&sort_by=recent"), token).await;
        assert_eq!(queue["pagination"]["count"], 0, "{who}");
        let drafts = s.list(&format!("{JOBS}?view_all=true&job_status=pending"), token).await;
        assert_eq!(drafts["pagination"]["count"], 0, "{who}");
        for (path, id) in [(TOOLS, &pending["id"]), (USE_CASES, &case["id"]), (CONTENTS, &resource["id"])] {
            let status = s.moderate(path, id, token, "approve").await.status.as_u16();
            assert!(status == 403 || status == 404, "{who} on {path}: {status}");
        }
        for path in [FEEDBACK, CONTACT] {
            s.app.get(path).token(token).send().await.error(403);
        }
    }
    // Another site's administrator on their own site sees nothing of this one.
    let res = s.app.get(&format!("{TOOLS}?status=pending")).host(OTHER_HOST).token(&s.foreign_admin).send().await;
    assert_eq!(res.json()["pagination"]["count"], 0);
    let res = s.app.get(&format!("{CONTENTS}?types=resource&status=pending")).host(OTHER_HOST).token(&s.foreign_admin);
    assert_eq!(res.send().await.json()["pagination"]["count"], 0);
    // Nothing changed.
    let tools = s.list(&format!("{TOOLS}?group_id={}&status=pending", s.org), &s.admin_token).await;
    assert_eq!(field(&tools, "name"), ["Pending Tool"]);
    for path in [FEEDBACK, CONTACT] {
        s.app.get(path).send().await.error(401);
    }
}

#[tokio::test]
async fn feedback_is_checked_stored_mailed_to_the_administrators_and_read_by_them() {
    let s = site().await;
    let second = s.app.add_member("second@example.com", &s.app.default_tenant, "leader").await;
    let post = |token: String, body: Value| {
        let app = &s.app;
        async move { app.post_json(FEEDBACK, &token, &body).await }
    };

    let errors = post(s.member_token.clone(), json!({})).await.error(400)["field_errors"].clone();
    assert_eq!(errors["title"][0], "Please fill up both title and description");
    assert_eq!(errors["content"][0], "Please fill up both title and description");
    let errors = post(s.member_token.clone(), json!({"title": "x".repeat(201), "content": "ok"})).await.error(400)
        ["field_errors"]
        .clone();
    assert_eq!(errors["title"][0], "Ensure this field has no more than 200 characters.");
    let errors =
        post(s.member_token.clone(), json!({"title": "ok", "content": 5})).await.error(400)["field_errors"].clone();
    assert_eq!(errors["content"][0], "Not a valid string.");
    s.app.post(FEEDBACK).json(&json!({"title": "t", "content": "c"})).send().await.error(401);
    assert!(mails(&s.app).await.is_empty(), "nothing stored, nobody mailed");

    let res =
        post(s.member_token.clone(), json!({"title": " Love the circles ", "content": "More <b>events</b>"})).await;
    res.assert_status(201);
    let json = res.json();
    assert_eq!(json["message"], "Thank you for your feedback.");
    assert_eq!(json["data"]["title"], "Love the circles");
    // The description is accepted under its form name too.
    post(s.member_token.clone(), json!({"title": "Second", "description": "From the form"})).await.assert_status(201);

    let mails = mails(&s.app).await;
    let to: Vec<&str> = mails.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert!(to.contains(&s.admin.email.as_str()), "{to:?}");
    assert!(to.contains(&second.email.as_str()), "leaders manage the site too: {to:?}");
    assert!(!to.contains(&"foreign@example.com"), "another site's administrators are not told");
    assert!(!to.contains(&s.member.email.as_str()));
    let mail =
        mails.iter().find(|m| m["to"] == s.admin.email.as_str() && m["subject"] == "New feedback: Love the circles");
    assert!(mail.is_some(), "{mails:?}");

    // Another site's feedback stays there.
    s.app
        .post(FEEDBACK)
        .host(OTHER_HOST)
        .token(&s.foreign_admin)
        .json(&json!({"title": "Elsewhere", "content": "Other site"}))
        .send()
        .await
        .assert_status(201);

    let page = s.list(FEEDBACK, &s.admin_token).await;
    assert_eq!(page["pagination"]["count"], 2);
    assert_eq!(field(&page, "title"), ["Second", "Love the circles"]);
    assert_eq!(page["data"][1]["content"], "More <b>events</b>");
    assert_eq!(page["data"][1]["user"]["email"], s.member.email.as_str());
    let page = s.list(&format!("{FEEDBACK}?page_size=1&page=2"), &s.admin_token).await;
    assert_eq!(field(&page, "title"), ["Love the circles"]);
    s.app.get(FEEDBACK).token(&s.member_token).send().await.error(403);
    let theirs = s.app.get(FEEDBACK).host(OTHER_HOST).token(&s.foreign_admin).send().await;
    assert_eq!(field(&theirs.json(), "title"), ["Elsewhere"]);
}

#[tokio::test]
async fn a_pending_member_writes_to_the_administrators_from_the_pending_page() {
    let s = site().await;
    let waiting = s.app.add_user("waiting@example.com").await;
    memberships::upsert(&s.app.db, s.org, waiting.id, "member", memberships::STATUS_PENDING).await.unwrap();
    let token = s.app.token_for(waiting.id);

    let errors = s.app.post_json(CONTACT, &token, &json!({"subject": " "})).await.error(400);
    assert_eq!(errors["field_errors"]["subject"][0], "This field is required.");
    assert_eq!(errors["field_errors"]["message"][0], "This field is required.");
    let long = json!({"subject": "Hello", "message": "x".repeat(5001)});
    let errors = s.app.post_json(CONTACT, &token, &long).await.error(400);
    assert_eq!(errors["field_errors"]["message"][0], "Ensure this field has no more than 5000 characters.");

    let body = json!({"subject": "My membership", "message": "I applied last week.\nCould you look?"});
    let res = s.app.post_json(CONTACT, &token, &body).await;
    res.assert_status(201);
    assert_eq!(res.json()["data"]["membership_status"], "pending");

    let mails = mails(&s.app).await;
    let mail = mails.iter().find(|m| m["to"] == s.admin.email.as_str()).expect("the administrator is mailed");
    assert_eq!(mail["subject"], "Message from Test User: My membership");
    let text = mail["text_body"].as_str().unwrap();
    assert!(text.contains("waiting@example.com") && text.contains("Could you look?"), "{text}");
    assert!(text.contains("membership of") && text.contains("is pending"), "{text}");

    let page = s.list(CONTACT, &s.admin_token).await;
    assert_eq!(page["pagination"]["count"], 1);
    assert_eq!(page["data"][0]["email"], "waiting@example.com");
    assert_eq!(page["data"][0]["message"], "I applied last week.\nCould you look?");
    s.app.get(CONTACT).token(&token).send().await.error(403);
    s.app.post(CONTACT).json(&body).send().await.error(401);
}

#[tokio::test]
async fn feedback_and_contact_are_limited_per_sender() {
    let mut settings = api::Settings::for_tests();
    settings.rate_limits = true;
    let app = TestApp::with_settings(settings).await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);
    for _ in 0..10 {
        app.post_json(FEEDBACK, &token, &json!({"title": "t", "content": "c"})).await.assert_status(201);
    }
    app.post_json(FEEDBACK, &token, &json!({"title": "t", "content": "c"})).await.error(429);
    for _ in 0..5 {
        app.post_json(CONTACT, &token, &json!({"subject": "s", "message": "m"})).await.assert_status(201);
    }
    app.post_json(CONTACT, &token, &json!({"subject": "s", "message": "m"})).await.error(429);
    // Another sender is not held back.
    let other = app.add_member("other@example.com", &app.default_tenant, "member").await;
    let res = app.request(Method::POST, FEEDBACK).token(&app.token_for(other.id));
    res.json(&json!({"title": "t", "content": "c"})).send().await.assert_status(201);
}
