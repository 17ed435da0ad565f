//! The circles and events pages are kept per tenant write generation with their groups'
//! base views (`api::page_cache`, migration m0017): every write a page shows must show on
//! the next request, and a kept page must not read the page's rows again.

use sea_orm::{ActiveModelTrait, EntityTrait, ModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{groups, topics as topic_entity, use_cases as use_case_entity, users},
    queries::{follows, memberships, use_cases},
};

use crate::{
    common::{StatementLog, TestApp},
    groups::{circle_body, create, day, edit, setup, Setup},
};

/// The page's one circle named `name`.
async fn card(app: &TestApp, path: &str, token: Option<&str>, name: &str) -> Value {
    let answer = app.get_json(path, token).await;
    let found = answer["data"].as_array().unwrap().iter().find(|g| g["name"] == name).cloned();
    found.unwrap_or_else(|| panic!("{name} not on {path}: {answer}"))
}

fn names(answer: &Value) -> Vec<String> {
    answer["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn every_write_a_kept_page_shows_shows_at_once() {
    let app = TestApp::new().await;
    let Setup { admin_token: token, topic: ml, org, .. } = setup(&app).await;
    let list = "/api/v1/circles/";
    let kenya = "/api/v1/circles/?countries=ke";
    let open = "/api/v1/circles/?circle_status=2";

    // Created: on the (already kept) empty page at once.
    assert!(names(&app.get_json(list, None).await).is_empty());
    let id = create(&app, &token, &circle_body(org, ml, "First")).await["id"].as_i64().unwrap();
    assert_eq!(names(&app.get_json(list, None).await), ["First"]);
    assert_eq!(names(&app.get_json(kenya, None).await), ["First"], "matched ignoring case");
    assert_eq!(names(&app.get_json(open, None).await), ["First"]);

    // Edited: the new name, and the country filter follows the new countries.
    edit(&app, &token, id, json!({"name": "Renamed", "countries": ["FR"]})).await;
    assert_eq!(names(&app.get_json(list, None).await), ["Renamed"]);
    assert!(names(&app.get_json(kenya, None).await).is_empty());
    assert_eq!(names(&app.get_json("/api/v1/circles/?countries=fr", None).await), ["Renamed"]);

    // A lifecycle date change: the status and the status filters follow.
    edit(
        &app,
        &token,
        id,
        json!({"application_open_date": day(-30), "application_close_date": day(-20), "start_date": day(-10)}),
    )
    .await;
    assert_eq!(card(&app, list, None, "Renamed").await["lifecycle"]["key"], 4);
    assert!(names(&app.get_json(open, None).await).is_empty());
    assert_eq!(names(&app.get_json("/api/v1/circles/?circle_status=4", None).await), ["Renamed"]);

    // A membership: the member count, and the member's own status on their page.
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let mut unverify: users::ActiveModel = member.clone().into();
    unverify.is_verified = Set(false);
    let member = unverify.update(&app.db).await.unwrap();
    let member_token = app.token_for(member.id);
    let before = card(&app, list, Some(&member_token), "Renamed").await;
    let members = before["total_members"].as_u64().unwrap();
    assert_eq!(before["membership_status"], Value::Null);
    let unverified = card(&app, list, Some(&token), "Renamed").await["unverified_members_count"].as_u64().unwrap();
    memberships::upsert(&app.db, id, member.id, "member", "accepted").await.unwrap();
    assert_eq!(card(&app, list, None, "Renamed").await["total_members"], members + 1);
    let after = card(&app, list, Some(&member_token), "Renamed").await;
    assert_eq!(
        (after["total_members"].clone(), after["membership_status"].clone()),
        (json!(members + 1), json!("accepted"))
    );
    // The administrator sees the member among the unverified, until they verify.
    assert_eq!(card(&app, list, Some(&token), "Renamed").await["unverified_members_count"], unverified + 1);
    let mut verified: users::ActiveModel = member.clone().into();
    verified.is_verified = Set(true);
    verified.update(&app.db).await.unwrap();
    assert_eq!(card(&app, list, Some(&token), "Renamed").await["unverified_members_count"], unverified);

    // A follow: the count for everyone, the flag for the follower.
    follows::follow(&app.db, member.id, follows::Target::Group { id, tenant_id: app.default_tenant.tenant.id })
        .await
        .unwrap();
    assert_eq!(card(&app, list, None, "Renamed").await["followers_count"], 1);
    assert_eq!(card(&app, list, Some(&member_token), "Renamed").await["is_followed"], true);

    // A topic renamed, a linked use case edited.
    let kept = topic_entity::Entity::find_by_id(ml).one(&app.db).await.unwrap().unwrap();
    let mut renamed: topic_entity::ActiveModel = kept.into();
    renamed.name = Set("Deep Learning".into());
    renamed.update(&app.db).await.unwrap();
    assert_eq!(card(&app, list, None, "Renamed").await["topics_detailed"][0]["name"], "Deep Learning");
    let use_case = use_cases::insert(
        &app.db,
        use_cases::NewUseCase {
            tenant_id: app.default_tenant.tenant.id,
            slug: "hiring",
            title: "Hiring",
            description: None,
            thumbnail_image: None,
            status: "approved",
            created_by: None,
        },
    )
    .await
    .unwrap();
    edit(&app, &token, id, json!({"use_cases": [use_case.id]})).await;
    assert_eq!(card(&app, list, None, "Renamed").await["use_cases_detailed"][0]["title"], "Hiring");
    let mut edited: use_case_entity::ActiveModel = use_case.into();
    edited.title = Set("Hiring with AI".into());
    edited.update(&app.db).await.unwrap();
    assert_eq!(card(&app, list, None, "Renamed").await["use_cases_detailed"][0]["title"], "Hiring with AI");

    // Deleted: gone from every page.
    let gone = groups::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    gone.delete(&app.db).await.unwrap();
    assert!(names(&app.get_json(list, None).await).is_empty());
    assert!(names(&app.get_json(list, Some(&member_token)).await).is_empty());
    assert_eq!(app.get_json(list, None).await["pagination"]["count"], 0);
}

#[tokio::test]
async fn a_kept_page_reads_only_the_generation_and_the_callers_own_rows() {
    let (app, log) = TestApp::with_statement_log().await;
    let Setup { admin_token: token, topic: ml, .. } = setup(&app).await;
    for i in 0..12 {
        create(&app, &token, &circle_body(app.default_tenant.organization.id, ml, &format!("Circle {i}"))).await;
    }
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);
    for (token, most) in [(None, 1), (Some(member_token.as_str()), 4)] {
        for path in ["/api/v1/circles/", "/api/v1/circles/?page=2&circle_status_priority=true"] {
            let first = app.get_json(path, token).await;
            log.clear();
            let again = app.get_json(path, token).await;
            let statements = log.taken();
            assert_eq!(first, again);
            assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
            assert!(
                StatementLog::reads(&statements) <= most,
                "a kept page for {:?} read {statements:#?}",
                token.is_some()
            );
            assert!(!statements.iter().any(|sql| sql.contains("\"groups\"")), "no group read: {statements:#?}");
        }
    }
}

#[tokio::test]
async fn a_callers_ties_to_a_page_are_kept_and_their_own_writes_show_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    let Setup { admin_token: token, topic: ml, .. } = setup(&app).await;
    let org = app.default_tenant.organization.id;
    let circle = create(&app, &token, &circle_body(org, ml, "Kept Ties")).await["id"].as_i64().unwrap();
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);
    let list = "/api/v1/circles/";
    let ties_read = |statements: &[String]| {
        statements.iter().any(|sql| sql.contains("\"memberships\"") || sql.contains("\"bookmarks\""))
    };

    let first = card(&app, list, Some(&member_token), "Kept Ties").await;
    assert_eq!(first["is_bookmarked"], false);
    assert_eq!(first["membership_status"], Value::Null);
    log.clear();
    assert_eq!(card(&app, list, Some(&member_token), "Kept Ties").await, first);
    let statements = log.taken();
    assert!(!ties_read(&statements), "the kept ties read again: {statements:#?}");

    // Written straight to the database, around the API: the triggers move the person's generation.
    store::queries::bookmarks::add(&app.db, app.default_tenant.tenant.id, member.id, "group", circle).await.unwrap();
    assert_eq!(card(&app, list, Some(&member_token), "Kept Ties").await["is_bookmarked"], true);
    memberships::upsert(&app.db, circle, member.id, "member", "pending").await.unwrap();
    assert_eq!(card(&app, list, Some(&member_token), "Kept Ties").await["membership_status"], "pending");
    store::queries::bookmarks::remove(&app.db, app.default_tenant.tenant.id, member.id, "group", circle).await.unwrap();
    let after = card(&app, list, Some(&member_token), "Kept Ties").await;
    assert_eq!(after["is_bookmarked"], false);
    assert_eq!(after["membership_status"], "pending");

    // Another member's ties are their own.
    let other = app.add_member("other@example.com", &app.default_tenant, "member").await;
    let other_view = card(&app, list, Some(&app.token_for(other.id)), "Kept Ties").await;
    assert_eq!(other_view["membership_status"], Value::Null);
    assert_eq!(other_view["is_bookmarked"], false);
}
