//! Certification per site, reviewers opening an application's files, the default organization's items, and races.

use sea_orm::Set;
use serde_json::{json, Value};
use store::{
    entities::users,
    queries::{memberships, profiles as profile_q, tenants::TenantRecord},
};

use super::leaders::set_org;
use super::{answers, apply, mails};
use crate::{
    common::TestApp,
    groups::{circle_body, topic},
};

#[tokio::test]
async fn a_certification_counts_only_on_the_site_that_gave_it() {
    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let reviewer = app.add_member("boss@example.com", &home, "admin").await;
    let leader = app.add_member("leader@example.com", &home, "member").await;
    // The leader belongs to the other site too.
    memberships::upsert(&app.db, star.organization.id, leader.id, "member", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    let token = app.token_for(leader.id);
    let id = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    app.post_json(
        &format!("/api/v1/leader-applications/{id}/review/"),
        &app.token_for(reviewer.id),
        &json!({"action": "accept", "certification_level": 2}),
    )
    .await
    .assert_status(200);

    // Certified here: the own certification, the profile and the leaders list say so.
    let own = app.get("/api/v1/leader-certifications/").token(&token).send().await.json();
    assert_eq!(own["data"]["level_name"], "Intermediate");
    let slug = profile_q::find_by_user(&app.db, leader.id).await.unwrap().unwrap().name_slug;
    let page = app.get(&format!("/api/v1/users/profile/{slug}/")).send().await.json();
    assert_eq!(page["data"]["profile"]["leadership_certification_details"]["level"], 2);
    let leaders = app.get("/api/v1/circle-leaders/").send().await.json();
    assert_eq!(leaders["pagination"]["count"], 1);
    assert_eq!(leaders["data"][0]["id"], leader.id);
    let star_topic = topic(&app, &star, "Astronomy").await;
    let home_topic = topic(&app, &home, "Forecasting").await;
    app.post_json("/api/v1/groups/", &token, &circle_body(home.organization.id, home_topic, "Home circle"))
        .await
        .assert_status(201);

    // Not on the other site: no circle there, not among its leaders, nothing on the profile.
    let e = app
        .post("/api/v1/groups/")
        .host("star.example")
        .token(&token)
        .json(&circle_body(star.organization.id, star_topic, "Star circle"))
        .send()
        .await
        .error(403);
    assert_eq!(
        e["detail"],
        "Creating a circle needs leadership certification on your profile or administrator rights on the parent group."
    );
    let theirs = app.get("/api/v1/circle-leaders/").host("star.example").send().await.json();
    assert_eq!(theirs["pagination"]["count"], 0);
    assert_eq!(theirs["data"], json!([]));
    let own = app.get("/api/v1/leader-certifications/").host("star.example").token(&token).send().await.json();
    assert_eq!(own["data"], Value::Null);
    let page = app.get(&format!("/api/v1/users/profile/{slug}/")).host("star.example").send().await.json();
    assert_eq!(page["data"]["profile"]["leadership_certification_details"], Value::Null);
    let me = app.get("/api/v1/identity/").host("star.example").token(&token).send().await;
    me.assert_status(200);
    assert_eq!(me.json()["data"]["profile"]["leadership_certification_details"], Value::Null, "{}", me.text());
    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    assert_eq!(me["data"]["profile"]["leadership_certification_details"]["level"], 2);
}

/// The migration moves a certification from the profile to the site that gave it.
#[tokio::test]
async fn legacy_profile_certifications_move_to_their_site() {
    use sea_orm::{
        sea_query::{Alias, Expr, ExprTrait, Query},
        ConnectionTrait,
    };
    use store::sea_orm_migration::MigratorTrait;

    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let applied = app.add_member("applied@example.com", &home, "member").await;
    memberships::upsert(&app.db, star.organization.id, applied.id, "member", "accepted").await.unwrap();
    let star_only = app.add_member("star-only@example.com", &star, "member").await;
    let both = app.add_member("both@example.com", &home, "member").await;
    memberships::upsert(&app.db, star.organization.id, both.id, "member", "accepted").await.unwrap();
    let application = apply(&app, &app.token_for(applied.id)).await["data"]["id"].as_i64().unwrap();
    for user in [&applied, &star_only, &both] {
        profile_q::ensure(&app.db, user).await.unwrap();
    }

    // Back to before the table: the certification sat on the profile. Later migrations go
    // back first.
    let migrations = store::migrations::Migrator::migrations();
    let since = migrations.iter().rev().position(|m| m.name() == "m0010_leader_certifications").unwrap() + 1;
    store::migrations::Migrator::down(&app.db, Some(since as u32)).await.unwrap();
    let legacy = |user: &users::Model, details: Value| {
        Query::update()
            .table(Alias::new("profiles"))
            .value(Alias::new("leadership_certification_details"), details)
            .and_where(Expr::col(Alias::new("user_id")).eq(user.id))
            .to_owned()
    };
    let areas = json!({"level": 3, "level_name": "Advanced", "topic_areas": [5, 6],
        "certified_at": "2026-01-02T03:04:05+00:00", "application_id": application});
    app.db.execute(&legacy(&applied, areas)).await.unwrap();
    app.db.execute(&legacy(&star_only, json!({"level": 1, "application_id": null}))).await.unwrap();
    app.db.execute(&legacy(&both, json!({"level": 2}))).await.unwrap();
    store::migrations::Migrator::up(&app.db, None).await.unwrap();

    let on = |tenant: &TenantRecord, user: &users::Model| {
        let (db, tenant, user) = (app.db.clone(), tenant.tenant.id, user.id);
        async move { store::queries::programme::certification_of(&db, tenant, user).await.unwrap() }
    };
    // The application's site, with everything it said.
    let moved = on(&home, &applied).await.expect("moved to the application's site");
    assert_eq!((moved.level, moved.level_name.as_str()), (3, "Advanced"));
    assert_eq!(moved.topic_areas, json!([5, 6]));
    assert_eq!(moved.application_id, Some(application));
    assert_eq!(moved.certified_at.to_rfc3339(), "2026-01-02T03:04:05+00:00");
    assert_eq!(on(&star, &applied).await, None, "not on the other site the person belongs to");
    // Without an application: the only site the person belongs to…
    let star_cert = on(&star, &star_only).await.expect("the only site");
    assert_eq!((star_cert.level, star_cert.level_name.as_str(), star_cert.application_id), (1, "Basic", None));
    // …and nowhere when that is ambiguous.
    assert_eq!(on(&home, &both).await, None);
    assert_eq!(on(&star, &both).await, None);
}

#[tokio::test]
async fn reviewers_open_the_files_an_application_gives_by_id() {
    let app = TestApp::new().await;
    let reviewer = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let new = store::queries::files::NewFile {
        tenant_id: app.default_tenant.tenant.id,
        user_id: applicant.id,
        storage_key: "uploads/work-sample.pdf",
        name: "work-sample.pdf",
        content_type: "application/pdf",
        size: 10,
        kind: store::queries::files::KIND_DOCUMENT,
        purpose: "file",
        description: None,
        details: None,
    };
    let file = store::queries::files::insert(&app.db, new).await.unwrap().id;
    let mut response = answers();
    response["resume"] = json!(file);
    let token = app.token_for(applicant.id);
    let answer = app.post_json("/api/v1/leader-applications/", &token, &json!({"response": response})).await;
    answer.assert_status(201);
    assert!(answer.json()["data"].get("files").is_none(), "the applicant's own answer has no files");
    let id = answer.json()["data"]["id"].as_i64().unwrap();
    let expected = json!([{"id": file, "file": "http://localhost:8080/media/uploads/work-sample.pdf",
        "mime_type": "application/pdf", "name": "work-sample.pdf"}]);

    let all = app.get("/api/v1/leader-applications/?all=true").token(&app.token_for(reviewer.id)).send().await.json();
    assert_eq!(all["data"][0]["files"], expected);
    let own = app.get("/api/v1/leader-applications/").token(&token).send().await.json();
    assert!(own["data"][0].get("files").is_none());
    let reviewed = app
        .post_json(
            &format!("/api/v1/leader-applications/{id}/review/"),
            &app.token_for(reviewer.id),
            &json!({"action": "reject"}),
        )
        .await;
    reviewed.assert_status(200);
    assert_eq!(reviewed.json()["data"]["files"], expected);
}

/// Default-organization items carry spec 000 §3 Organization's fields: description and
/// membership_type, and membership_role beside role.
#[tokio::test]
async fn default_organization_items_carry_the_organization_fields() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    set_org(&app, star.organization.id, |g| {
        g.description = Set(Some("<p>Stars and such</p>".into()));
        g.membership_type = Set(Some("institutional".into()));
    })
    .await;
    let user = app.add_member("lead@example.com", &app.default_tenant, "leader").await;
    let list = app.get("/api/v1/groups/default-org/").token(&app.token_for(user.id)).send().await.json();
    let items = list["data"].as_array().unwrap();
    let own = items.iter().find(|o| o["id"] == app.default_tenant.organization.id).unwrap();
    assert_eq!((own["membership_role"].clone(), own["role"].clone()), (json!("leader"), json!("leader")));
    assert_eq!(own["membership_status"], "accepted");
    assert_eq!(own["membership_type"], Value::Null);
    let theirs = items.iter().find(|o| o["id"] == star.organization.id).unwrap();
    assert_eq!(theirs["description"], "<p>Stars and such</p>");
    assert_eq!(theirs["membership_type"], "institutional");
    assert_eq!((theirs["membership_role"].clone(), theirs["membership_status"].clone()), (Value::Null, Value::Null));
}

/// `POST /groups/{id}/join-default/` (spec 001 §7) is the body call with the id in the path:
/// the same answer, the same single membership and the same refusals.
#[tokio::test]
async fn join_default_takes_the_organization_from_the_path() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    let secret = app.add_tenant("secret.example", "Secret").await;
    set_org(&app, secret.organization.id, |g| g.privacy = Set(20)).await;
    let user = app.add_user("someone@example.com").await;
    let token = app.token_for(user.id);
    let path = format!("/api/v1/groups/{}/join-default/", star.organization.id);
    app.post(&path).send().await.error(401);
    let by_path = app.post(&path).token(&token).header("x-forwarded-proto", "https").send().await;
    by_path.assert_status(200);
    let by_body = app
        .post("/api/v1/groups/default-org/")
        .token(&token)
        .header("x-forwarded-proto", "https")
        .json(&json!({"id": star.organization.id}))
        .send()
        .await;
    by_body.assert_status(200);
    assert_eq!(by_path.json(), by_body.json(), "the same answer either way");
    assert_eq!(by_path.json()["data"]["redirect"], "https://star.example/");
    assert_eq!(by_path.json()["message"], "You are a member of Star.");
    let rows = memberships::of_user_in(&app.db, user.id, &[star.organization.id]).await.unwrap();
    assert_eq!(rows.len(), 1, "joined once");
    for id in ["999999".to_string(), secret.organization.id.to_string(), "abc".to_string()] {
        let e = app.post(&format!("/api/v1/groups/{id}/join-default/")).token(&token).send().await.error(400);
        assert_eq!(e["non_field_errors"][0], "Could not join organization", "{id}");
    }
}

// ------------------------------------------------------------ races

/// Two submissions at once: the "still under review" check and the insert run under one
/// lock, so exactly one application is created and the other is refused.
#[tokio::test]
async fn two_applications_at_once_leave_one_pending() {
    let app = TestApp::new().await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(applicant.id);
    let submit = || app.post("/api/v1/leader-applications/").token(&token).json(&json!({"response": answers()})).send();
    let (first, second) = tokio::join!(submit(), submit());
    let mut statuses = [first.status.as_u16(), second.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 400], "{} / {}", first.text(), second.text());
    let refused = if first.status.as_u16() == 400 { &first } else { &second };
    assert_eq!(refused.error(400)["non_field_errors"][0], "Your previous application is still under review.");
    let mine = app.get("/api/v1/leader-applications/").token(&token).send().await.json();
    assert_eq!(mine["pagination"]["count"], 1);
}

/// Two reviews of one application at once: the decision is written only while the
/// application is pending, so one review wins and the other is told it was reviewed.
#[tokio::test]
async fn two_reviews_at_once_decide_once() {
    let app = TestApp::new().await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let first_reviewer = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let second_reviewer = app.add_member("boss2@example.com", &app.default_tenant, "admin").await;
    let id = apply(&app, &app.token_for(applicant.id)).await["data"]["id"].as_i64().unwrap();
    let path = format!("/api/v1/leader-applications/{id}/review/");
    let (a, b) = (app.token_for(first_reviewer.id), app.token_for(second_reviewer.id));
    let (accepted, rejected) = tokio::join!(
        app.post(&path).token(&a).json(&json!({"action": "accept", "certification_level": 2})).send(),
        app.post(&path).token(&b).json(&json!({"action": "reject"})).send(),
    );
    let mut statuses = [accepted.status.as_u16(), rejected.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400], "{} / {}", accepted.text(), rejected.text());
    let (winner, loser) = if accepted.status.as_u16() == 200 { (&accepted, &rejected) } else { (&rejected, &accepted) };
    assert_eq!(loser.error(400)["non_field_errors"][0], "This application has already been reviewed.");
    let decided = winner.json()["data"]["application_status"].as_str().unwrap().to_string();
    let certified =
        store::queries::programme::certification_of(&app.db, app.default_tenant.tenant.id, applicant.id).await.unwrap();
    assert_eq!(certified.is_some(), decided == "accepted", "the certification follows the one decision");
    // Exactly one decision mail went to the applicant.
    let to_applicant = mails(&app).await.into_iter().filter(|m| m["to"] == "applicant@example.com").count();
    assert_eq!(to_applicant, 1);
}
