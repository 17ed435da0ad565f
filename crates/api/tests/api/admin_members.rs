//! The admin dashboard's members (issue 19): a bulk accept of 500 pending members in one
//! request and one transaction, the audit log it writes and who may read it, the system
//! agents' filters and answers on the members list, the overview's to-do counts, and the
//! refusals: a member, an administrator of another group and an administrator of another
//! site get 403 or 404 on every admin endpoint.

use serde_json::{json, Value};
use store::queries::{memberships, users};

use crate::{
    common::{TestApp, TestResponse},
    jobs::job_body,
};

/// The site's organization with its administrator.
struct Admin {
    org: i64,
    admin: store::entities::users::Model,
    token: String,
}

async fn admin(app: &TestApp) -> Admin {
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    Admin { org: app.default_tenant.organization.id, token: app.token_for(admin.id), admin }
}

/// `n` people with a pending request to join the organization, created in one transaction.
async fn pending_people(app: &TestApp, org: i64, n: usize) -> Vec<i64> {
    let txn = store::begin_write(&app.db).await.unwrap();
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        let email = format!("applicant{i}@example.com");
        let user = users::create(
            &txn,
            users::NewUser {
                email: &email,
                password_hash: None,
                first_name: "Applicant",
                last_name: &format!("N{i}"),
                is_verified: true,
                is_staff: false,
                subscribe_to_newsletter: false,
            },
        )
        .await
        .unwrap();
        memberships::upsert(&txn, org, user.id, "member", memberships::STATUS_PENDING).await.unwrap();
        ids.push(user.id);
    }
    txn.commit().await.unwrap();
    ids
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> TestResponse {
    app.post_json(path, token, &body).await
}

async fn history(app: &TestApp, token: &str, entity_type: &str, id: i64) -> TestResponse {
    app.get(&format!("/api/v1/audit-log/?entity_type={entity_type}&entity_id={id}")).token(token).send().await
}

fn encoded(json: &str) -> String {
    url::form_urlencoded::byte_serialize(json.as_bytes()).collect()
}

#[tokio::test]
async fn five_hundred_pending_members_are_accepted_in_one_request_with_their_audit_rows() {
    let app = TestApp::new().await;
    let a = admin(&app).await;
    let ids = pending_people(&app, a.org, 501).await;
    let respond = format!("/api/v1/groups/{}/respond-join-request/", a.org);

    // 501 at once is refused on the field, and nothing changes.
    let e = post(&app, &a.token, &respond, json!({"users": ids, "action": "accept"})).await.error(400);
    assert_eq!(e["field_errors"]["users"][0], "Select at most 500 members at once.");

    let (batch, rest) = ids.split_at(500);
    let answer = post(&app, &a.token, &respond, json!({"users": batch, "action": "accept", "notes": "Welcome"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Members accepted successfully");
    let accepted = app
        .get(&format!("/api/v1/groups/{}/members/?status=accepted&page_size=500", a.org))
        .token(&a.token)
        .send()
        .await;
    assert_eq!(accepted.json()["pagination"]["count"], 501, "500 applicants and the administrator");
    let pending =
        app.get(&format!("/api/v1/groups/{}/members/?status=pending", a.org)).token(&a.token).send().await.json();
    assert_eq!(pending["pagination"]["count"], 1);
    assert_eq!(pending["data"][0]["id"], rest[0]);

    // One audit row per member, with who, what and the note.
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(store::entities::audit_log::Entity::find().count(&app.db).await.unwrap(), 500);
    let rows = history(&app, &a.token, "user", batch[499]).await;
    rows.assert_status(200);
    let rows = rows.json();
    assert_eq!(rows["pagination"]["count"], 1);
    let row = &rows["data"][0];
    assert_eq!(row["action"], "accept");
    assert_eq!(row["reason"], "Welcome");
    assert_eq!(row["actor_id"], a.admin.id);
    assert_eq!(row["actor_name"], "Test User");
    assert_eq!(row["details"]["group_id"], a.org);
    assert_eq!(row["details"]["status"], "accepted");

    // A failed bulk action (one id without a pending request) writes nothing.
    let e = post(&app, &a.token, &respond, json!({"users": [rest[0], batch[0]], "action": "reject"})).await.error(400);
    assert!(e["field_errors"]["users"][0].as_str().unwrap().contains("has no pending request"));
    assert_eq!(store::entities::audit_log::Entity::find().count(&app.db).await.unwrap(), 500);
}

#[tokio::test]
async fn a_members_history_lists_every_admin_action_newest_first_ten_a_page() {
    let app = TestApp::new().await;
    let a = admin(&app).await;
    let ids = pending_people(&app, a.org, 2).await;
    let (ada, bo) = (ids[0], ids[1]);
    let base = format!("/api/v1/groups/{}", a.org);
    post(&app, &a.token, &format!("{base}/respond-join-request/"), json!({"users": [ada], "action": "accept"}))
        .await
        .assert_status(200);
    post(
        &app,
        &a.token,
        &format!("{base}/respond-join-request/"),
        json!({"users": [bo], "action": "reject", "notes": "Spam"}),
    )
    .await
    .assert_status(200);
    let e = post(&app, &a.token, &format!("{base}/remove-member/"), json!({"user": ada})).await.error(400);
    assert_eq!(e["field_errors"]["reason"][0], "This field is required.");
    let removed =
        post(&app, &a.token, &format!("{base}/remove-member/"), json!({"user": ada, "reason": "Left the company"}))
            .await;
    assert_eq!(removed.json()["message"], "Member removed successfully");

    let ada_history = history(&app, &a.token, "user", ada).await.json();
    let actions: Vec<&str> =
        ada_history["data"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["remove", "accept"]);
    assert_eq!(ada_history["data"][0]["reason"], "Left the company");
    let bo_history = history(&app, &a.token, "user", bo).await.json();
    assert_eq!(bo_history["data"][0]["action"], "reject");
    assert_eq!(bo_history["data"][0]["reason"], "Spam");

    // Twelve rows page by ten.
    for _ in 0..10 {
        store::queries::audit_log::record(
            &app.db,
            app.default_tenant.tenant.id,
            Some(a.admin.id),
            "accept",
            "user",
            ada,
            None,
            json!({}),
        )
        .await
        .unwrap();
    }
    let page = history(&app, &a.token, "user", ada).await.json();
    assert_eq!(page["pagination"]["count"], 12);
    assert_eq!(page["data"].as_array().unwrap().len(), 10);
    assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"));

    // The query is checked.
    let e = app.get("/api/v1/audit-log/?entity_type=planet&entity_id=x").token(&a.token).send().await.error(400);
    assert_eq!(e["field_errors"]["entity_type"][0], "\"planet\" is not a valid choice.");
    assert_eq!(e["field_errors"]["entity_id"][0], "A valid integer is required.");
    let e = app.get("/api/v1/audit-log/").token(&a.token).send().await.error(400);
    assert_eq!(e["field_errors"]["entity_type"][0], "This field is required.");
}

#[tokio::test]
async fn the_members_list_filters_on_the_system_agents_answers_and_shows_them() {
    use domain::agents::system::{Action, Level, SystemAgentType, SystemResponse};
    use store::queries::agents::{self as agent_q, responses};
    let app = TestApp::new().await;
    let a = admin(&app).await;
    let tenant = app.default_tenant.tenant.id;
    let ids = pending_people(&app, a.org, 3).await;
    agent_q::ensure_builtin(&app.db, tenant).await.unwrap();
    let approval = agent_q::find_system(&app.db, tenant, SystemAgentType::RegistrationApproval).await.unwrap().unwrap();
    let ranking = agent_q::find_system(&app.db, tenant, SystemAgentType::AiEnthusiasmRanking).await.unwrap().unwrap();
    let answer = |agent: &store::entities::agents::Model, object_id: i64, action: Action, level: Option<Level>| {
        let response = SystemResponse {
            action,
            reason: format!("Reason for {object_id}"),
            ai_enthusiasm_level: level,
            quality_level: None,
        };
        let agent = agent.clone();
        let db = app.db.clone();
        async move {
            responses::save(
                &db,
                responses::NewResponse {
                    tenant_id: tenant,
                    agent_id: agent.id,
                    agent_type: &agent.agent_type,
                    content_type: "user",
                    object_id,
                    response: &response,
                },
            )
            .await
            .unwrap();
        }
    };
    answer(&approval, ids[0], Action::Accept, None).await;
    answer(&approval, ids[1], Action::Reject, None).await;
    answer(&ranking, ids[0], Action::Accept, Some(Level::High)).await;
    answer(&ranking, ids[2], Action::Review, Some(Level::Low)).await;

    let list = |query: String| {
        let url = format!("/api/v1/groups/{}/members/?status=pending{query}", a.org);
        let token = a.token.clone();
        let app = &app;
        async move { app.get(&url).token(&token).send().await }
    };
    let ids_of = |page: &Value| -> Vec<i64> {
        let mut out: Vec<i64> = page["data"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect();
        out.sort();
        out
    };
    // Every row carries its answers, read for the page at once.
    let all = list(String::new()).await.json();
    let first = all["data"].as_array().unwrap().iter().find(|m| m["id"] == ids[0]).unwrap();
    let answers = first["agent_responses"].as_array().unwrap();
    assert_eq!(answers.len(), 2);
    let ranked = answers.iter().find(|r| r["agent_id"] == ranking.id).unwrap();
    assert_eq!(ranked["response"]["action"], "accept");
    assert_eq!(ranked["response"]["ai_enthusiasm_level"], "high");
    assert_eq!(ranked["response"]["reason"], format!("Reason for {}", ids[0]));
    assert!(ranked["response"]["last_run_at"].is_string());

    let page =
        list(format!("&system_agent_id={}&agent_response={}", approval.id, encoded(r#"{"action":"accept"}"#))).await;
    assert_eq!(ids_of(&page.json()), vec![ids[0]]);
    let page =
        list(format!("&system_agent_id={}&agent_response={}", approval.id, encoded(r#"{"action":"reject"}"#))).await;
    assert_eq!(ids_of(&page.json()), vec![ids[1]]);
    let page = list(format!("&agent_response={}", encoded(r#"{"ai_enthusiasm_level":"low"}"#))).await;
    assert_eq!(ids_of(&page.json()), vec![ids[2]]);
    let page = list(format!("&system_agent_id={}", ranking.id)).await;
    assert_eq!(ids_of(&page.json()), vec![ids[0], ids[2]]);
    let page = list(format!(
        "&system_agent_id={}&agent_response={}",
        ranking.id,
        encoded(r#"{"action":"accept","ai_enthusiasm_level":"high"}"#)
    ))
    .await;
    assert_eq!(page.json()["pagination"]["count"], 1);

    // A CareerGPS agent or another site's agent is no system agent of this site.
    let aira = agent_q::find_by_slug(&app.db, tenant, "aira").await.unwrap();
    if let Some(aira) = aira {
        let e = list(format!("&system_agent_id={}", aira.id)).await.error(400);
        assert!(e["field_errors"]["system_agent_id"][0].as_str().unwrap().starts_with("Invalid pk"));
    }
    let other = app.add_tenant("other.example.com", "Other Site").await;
    agent_q::ensure_builtin(&app.db, other.tenant.id).await.unwrap();
    let foreign =
        agent_q::find_system(&app.db, other.tenant.id, SystemAgentType::RegistrationApproval).await.unwrap().unwrap();
    list(format!("&system_agent_id={}", foreign.id)).await.error(400);
    let e = list(format!("&agent_response={}", encoded(r#"{"action":"maybe"}"#))).await.error(400);
    assert!(e["field_errors"]["agent_response"][0].as_str().unwrap().contains("not a valid choice"));
}

#[tokio::test]
async fn the_overview_counts_what_waits_for_the_administrators() {
    let app = TestApp::new().await;
    let a = admin(&app).await;
    let tenant = app.default_tenant.tenant.id;
    pending_people(&app, a.org, 2).await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);
    // A tool submitted by a member, two use cases, a resource and a draft job wait.
    let tool = post(
        &app,
        &member_token,
        "/api/v1/ai-tools/",
        json!({"name": "Drafter", "description": "<p>Writes.</p>", "group": a.org, "categories": ["writing"]}),
    )
    .await;
    tool.assert_status(201);
    for title in ["Summaries", "Forecasts"] {
        store::queries::use_cases::insert(
            &app.db,
            store::queries::use_cases::NewUseCase {
                tenant_id: tenant,
                slug: &domain::slug::slugify(title),
                title,
                description: None,
                thumbnail_image: None,
                status: "pending",
                created_by: None,
            },
        )
        .await
        .unwrap();
    }
    store::queries::contents::insert(
        &app.db,
        tenant,
        a.org,
        member.id,
        &domain::content::form::ContentForm::blank("resource", false),
        0,
        "pending",
    )
    .await
    .unwrap();
    crate::groups::certify_group_profile(&app, a.org, &a.admin).await;
    let job = post(&app, &a.token, "/api/v1/jobs/", job_body(a.org, "Data analyst")).await;
    job.assert_status(201);
    let job_id = job.json()["data"]["id"].as_i64().unwrap();

    let metrics = |token: String| {
        let app = &app;
        async move { app.get("/api/v1/groups/metrics/").token(&token).send().await }
    };
    let m = metrics(a.token.clone()).await;
    m.assert_status(200);
    let m = m.json()["data"].clone();
    assert_eq!(m["total_members"], 2, "the administrator and the member");
    assert_eq!(m["total_pending_members"], 2);
    assert_eq!(m["pending_members_count"], 2, "the organization's own requests");
    assert_eq!(m["total_jobs"], 1);
    assert_eq!(m["total_pending_jobs"], 1);
    assert_eq!(m["total_pending_resources"], 1);
    assert_eq!(m["total_pending_ai_tools"], 1);
    assert_eq!(m["total_pending_use_cases"], 2);

    // Approving the tool and publishing the job take them off the list, with audit rows.
    let tool_id = tool.json()["data"]["id"].as_i64().unwrap();
    post(&app, &a.token, &format!("/api/v1/ai-tools/{tool_id}/approve-reject/"), json!({"action": "approve"}))
        .await
        .assert_status(200);
    app.patch_json(&format!("/api/v1/jobs/{job_id}/"), &a.token, &json!({"job_status": "approved"}))
        .await
        .assert_status(200);
    let m = metrics(a.token.clone()).await.json()["data"].clone();
    assert_eq!(m["total_pending_ai_tools"], 0);
    assert_eq!(m["total_pending_jobs"], 0);
    assert_eq!(history(&app, &a.token, "ai_tool", tool_id).await.json()["data"][0]["action"], "approve");
    assert_eq!(history(&app, &a.token, "job", job_id).await.json()["data"][0]["action"], "publish");
}

#[tokio::test]
async fn only_the_sites_administrators_use_the_admin_endpoints() {
    let app = TestApp::new().await;
    let a = admin(&app).await;
    let ids = pending_people(&app, a.org, 1).await;
    let target = ids[0];
    // A member of the site.
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    // An administrator of another group of the site (a circle).
    let topic = crate::groups::topic(&app, &app.default_tenant, "AI").await;
    let circle = crate::groups::create(&app, &a.token, &crate::groups::circle_body(a.org, topic, "Side circle")).await;
    let circle_id = circle["id"].as_i64().unwrap();
    let circle_admin = app.add_member("circle-admin@example.com", &app.default_tenant, "member").await;
    memberships::upsert(&app.db, circle_id, circle_admin.id, "admin", memberships::STATUS_ACCEPTED).await.unwrap();
    // An administrator of another site.
    let other = app.add_tenant("other.example.com", "Other Site").await;
    let stranger = app.add_member("stranger@example.com", &other, "admin").await;

    let base = format!("/api/v1/groups/{}", a.org);
    let calls: Vec<(axum::http::Method, String, Value)> = vec![
        (axum::http::Method::GET, format!("{base}/members/?status=pending"), Value::Null),
        (
            axum::http::Method::GET,
            format!("{base}/members/?agent_response={}", encoded(r#"{"action":"accept"}"#)),
            Value::Null,
        ),
        (
            axum::http::Method::POST,
            format!("{base}/respond-join-request/"),
            json!({"users": [target], "action": "accept"}),
        ),
        (axum::http::Method::POST, format!("{base}/remove-member/"), json!({"user": a.admin.id, "reason": "x"})),
        (
            axum::http::Method::POST,
            format!("{base}/payment-confirmation/"),
            json!({"user": target, "action": "accept"}),
        ),
        (axum::http::Method::POST, format!("{base}/followup-email-unverified/"), json!({"user_ids": [target]})),
        (axum::http::Method::GET, format!("/api/v1/groups/metrics/?group_id={}", a.org), Value::Null),
        (axum::http::Method::GET, format!("/api/v1/audit-log/?entity_type=user&entity_id={target}"), Value::Null),
    ];
    for (who, user, host) in [
        ("a member", member.id, "localhost:8080"),
        ("an administrator of a circle", circle_admin.id, "localhost:8080"),
        ("another site's administrator on this site", stranger.id, "localhost:8080"),
        ("another site's administrator on their site", stranger.id, "other.example.com"),
    ] {
        let token = app.token_for(user);
        for (method, path, body) in &calls {
            let mut request = app.request(method.clone(), path).host(host).token(&token);
            if !body.is_null() {
                request = request.json(body);
            }
            let answer = request.send().await;
            let status = answer.status.as_u16();
            if host == "other.example.com" && path.starts_with("/api/v1/audit-log/") {
                // Their own site's log, which holds nothing of this site.
                assert_eq!(status, 200, "{who}: {path}");
                assert_eq!(answer.json()["pagination"]["count"], 0, "{who}: {path}");
            } else {
                assert!([403, 404].contains(&status), "{who}: {method} {path}: {status} {}", answer.text());
            }
        }
    }
    // The site's administrator is let through.
    app.get(&format!("/api/v1/audit-log/?entity_type=user&entity_id={target}"))
        .token(&a.token)
        .send()
        .await
        .assert_status(200);
    // Nothing changed, nothing was recorded.
    assert_eq!(memberships::find(&app.db, a.org, target).await.unwrap().unwrap().status, "pending");
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(store::entities::audit_log::Entity::find().count(&app.db).await.unwrap(), 0);
}
