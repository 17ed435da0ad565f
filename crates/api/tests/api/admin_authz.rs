//! Every admin endpoint of the dashboard (issue 19), table-driven: a member of the site, an
//! administrator of another organization of the site, and an administrator of another site
//! each get 403 or 404 on every one of them, and nothing they sent changed anything; then
//! the site's administrator is let through each (so no row of the table passes only because
//! its path is wrong).
//!
//! Not in the table: `invite-users`, which the site's accepted members may use too (spec 001
//! §6 "Invites are offered to accepted members unless the circle has ended").

use axum::http::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use store::{
    entities::{ai_tools, contents, groups, job_posts, use_cases},
    queries::{memberships, users},
};

use crate::common::TestApp;

async fn user_id(app: &TestApp, email: &str) -> i64 {
    users::find_by_email(&app.db, email).await.unwrap().unwrap().id
}

/// One row of the table: what is called, and with what.
struct Call {
    method: Method,
    path: String,
    body: Value,
}

fn call(method: Method, path: impl Into<String>, body: Value) -> Call {
    Call { method, path: path.into(), body }
}

#[tokio::test]
async fn only_the_sites_administrators_reach_any_admin_endpoint() {
    let app = TestApp::new().await;
    store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    let tenant = app.default_tenant.clone();
    let org = tenant.organization.id;
    let tenant_id = tenant.tenant.id;
    let admin_id = user_id(&app, "admin@example.com").await;
    let admin = app.token_for(admin_id);

    // Someone waiting for the site's answer: the object of the member actions.
    let pending = app.add_user("waiting@example.com").await;
    memberships::upsert(&app.db, org, pending.id, "member", memberships::STATUS_PENDING).await.unwrap();
    let target = pending.id;
    // The site's items the moderation rows act on.
    let tool = ai_tools::Entity::find().filter(ai_tools::Column::TenantId.eq(tenant_id)).one(&app.db).await;
    let tool = tool.unwrap().expect("the demo has AI tools");
    let use_case = use_cases::Entity::find().filter(use_cases::Column::TenantId.eq(tenant_id)).one(&app.db).await;
    let use_case = use_case.unwrap().expect("the demo has use cases");
    let resource = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(tenant_id))
        .filter(contents::Column::ContentType.eq("resource"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo has resources");
    // Nobody moderates their own resource: this one is Sam's.
    let resource = {
        use sea_orm::{ActiveModelTrait, Set};
        let mut active: contents::ActiveModel = resource.into();
        active.created_by = Set(user_id(&app, "sam@example.com").await);
        active.update(&app.db).await.unwrap()
    };
    let job = job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(tenant_id))
        .filter(job_posts::Column::GroupId.eq(org))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo organization has a job");
    let classroom_circle = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::Slug.eq("generative-ai-for-career-changers"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let system_agents =
        app.get(&format!("/api/v1/agents/system-agents/?group_id={org}&entity=user")).token(&admin).send().await.json();
    let system_agent = system_agents["data"][0]["id"].as_i64().expect("the site has system agents");

    let base = format!("/api/v1/groups/{org}");
    let calls = [
        call(Method::GET, format!("{base}/members/?status=pending"), Value::Null),
        call(Method::POST, format!("{base}/respond-join-request/"), json!({"users": [target], "action": "accept"})),
        call(Method::POST, format!("{base}/remove-member/"), json!({"user": target, "reason": "Spam"})),
        call(Method::POST, format!("{base}/payment-confirmation/"), json!({"user": target, "action": "accept"})),
        call(Method::POST, format!("{base}/followup-email-unverified/"), json!({"user_ids": [target]})),
        call(Method::GET, format!("{base}/export-group-membership/"), Value::Null),
        call(Method::GET, format!("/api/v1/groups/metrics/?group_id={org}"), Value::Null),
        call(Method::GET, format!("/api/v1/agents/system-agents/?group_id={org}&entity=user"), Value::Null),
        call(
            Method::POST,
            "/api/v1/rerun-system-agent/",
            json!({"system_agent_id": system_agent, "content_ids": [target]}),
        ),
        call(Method::POST, format!("/api/v1/ai-tools/{}/approve-reject/", tool.id), json!({"action": "reject"})),
        call(Method::POST, format!("/api/v1/use-cases/{}/approve-reject/", use_case.id), json!({"action": "reject"})),
        call(Method::POST, format!("/api/v1/contents/{}/approve-reject/", resource.id), json!({"action": "reject"})),
        call(Method::PATCH, format!("/api/v1/jobs/{}/", job.id), json!({"job_status": "pending"})),
        call(Method::GET, format!("/api/v1/groups/{}/classroom-materials/", classroom_circle.id), Value::Null),
        call(Method::POST, format!("/api/v1/groups/{}/sync-users/", classroom_circle.id), json!({"role": "student"})),
        call(Method::POST, format!("/api/v1/groups/{}/classroom-materials/sync/", classroom_circle.id), json!({})),
        call(Method::DELETE, format!("/api/v1/jobs/{}/", job.id), Value::Null),
    ];
    // Reads of the site's own lists: another site's administrator on their own host reads
    // their own (empty) lists, so these are checked on this site's host only.
    let site_lists = [
        call(Method::GET, "/api/v1/feedback/", Value::Null),
        call(Method::GET, format!("/api/v1/audit-log/?entity_type=user&entity_id={target}"), Value::Null),
        call(Method::GET, "/api/v1/contact-starleaders/", Value::Null),
        // (agents/metrics/ is every registered user's: system_agents.rs checks what they see.)
        call(Method::GET, "/api/v1/agents/system-agents/", Value::Null),
        call(Method::POST, "/api/v1/app-config-group/", json!({"agents": {"profile_completion_threshold": 10}})),
    ];

    // A member of the site.
    let member = app.token_for(user_id(&app, "maria@example.com").await);
    // An administrator of another organization of the site.
    let other_org = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::GroupType.eq("organization"))
        .filter(groups::Column::Id.ne(org))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo has another organization");
    let other_org_admin = app.add_member("other-org-admin@example.com", &tenant, "member").await;
    memberships::upsert(&app.db, other_org.id, other_org_admin.id, "admin", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    let other_org_admin = app.token_for(other_org_admin.id);
    // An administrator of another site.
    let other_site = app.add_tenant("other.example.com", "Other Site").await;
    let stranger = app.add_member("stranger@example.com", &other_site, "admin").await;
    let stranger = app.token_for(stranger.id);

    let outsiders = [
        ("a member", &member, "localhost:8080", true),
        ("an administrator of another organization", &other_org_admin, "localhost:8080", true),
        ("another site's administrator on this site", &stranger, "localhost:8080", true),
        ("another site's administrator on their site", &stranger, "other.example.com", false),
    ];
    let mut checked = 0;
    for (who, token, host, with_site_lists) in outsiders {
        let rows = calls.iter().chain(site_lists.iter().filter(|_| with_site_lists));
        for Call { method, path, body } in rows {
            let mut request = app.request(method.clone(), path).host(host).token(token);
            if !body.is_null() {
                request = request.json(body);
            }
            let answer = request.send().await;
            let status = answer.status.as_u16();
            assert!([403, 404].contains(&status), "{who}: {method} {path}: {status} {}", answer.text());
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * calls.len() + 3 * site_lists.len());

    // Nothing they sent changed anything.
    assert_eq!(memberships::find(&app.db, org, target).await.unwrap().unwrap().status, "pending");
    let unchanged_tool = ai_tools::Entity::find_by_id(tool.id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(unchanged_tool.status, tool.status);
    let unchanged_job = job_posts::Entity::find_by_id(job.id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(unchanged_job.job_status, job.job_status);
    assert!(unchanged_job.deleted_at.is_none());
    {
        use sea_orm::{EntityTrait, PaginatorTrait};
        assert_eq!(store::entities::audit_log::Entity::find().count(&app.db).await.unwrap(), 0);
    }

    // The site's administrator is let through every row (reads first, then the writes, the
    // job's deletion last); only the free organization's payment is a 400.
    for Call { method, path, body } in site_lists.iter().chain(calls.iter()) {
        let mut request = app.request(method.clone(), path).token(&admin);
        if !body.is_null() {
            request = request.json(body);
        }
        let answer = request.send().await;
        let status = answer.status.as_u16();
        // Past the permission check: done, or refused by the action's own rules (a free
        // organization has no payment to confirm).
        assert!(
            (200..300).contains(&status) || status == 400,
            "the site's administrator: {method} {path}: {status} {}",
            answer.text()
        );
    }
}
