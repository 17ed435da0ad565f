//! The members' Recommendations tab of a group (spec 001 §2, §5, §6, §7 "Recommendations:
//! group_id, entity_type (research_collaboration or cross_group),
//! group_from_user_to_be_included"): `GET /api/v1/recommendations/` — who is recommended, in
//! which order and why, who may ask, and bad input. Also bookmarks as a signal of a member's
//! own recommendations (issue 17: "what the person joined, followed and bookmarked").

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{groups, users},
    queries::{groups as group_q, memberships, profiles as profile_q},
};

use crate::{
    common::{TestApp, TestResponse},
    groups::{circle_body, create, topic},
    membership::{event, id_of, person, world, World},
};

const PATH: &str = "/api/v1/recommendations/";

fn first_names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|p| p["first_name"].as_str().unwrap().to_string()).collect()
}

/// A person of the site with a first name, topics and a country.
async fn member(app: &TestApp, first_name: &str, topics: &[i64], country: Option<&str>) -> users::Model {
    let (user, _) = person(app, &format!("{}@example.com", first_name.to_lowercase())).await;
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first_name.into());
    active.last_name = Set("Tester".into());
    let user = active.update(&app.db).await.unwrap();
    let profile = profile_q::ensure(&app.db, &user).await.unwrap();
    profile_q::set_topics(&app.db, profile.id, "general", topics).await.unwrap();
    let fields = domain::profiles::ProfileFields { country: country.map(str::to_string), ..Default::default() };
    profile_q::save_fields(&app.db, profile, fields, None).await.unwrap();
    user
}

async fn group(app: &TestApp, w: &World, name: &str, topics: Vec<i64>, countries: &[&str]) -> groups::Model {
    group_q::insert(
        &app.db,
        app.default_tenant.tenant.id,
        &domain::groups::form::GroupForm {
            name: name.into(),
            group_type: "circle".into(),
            parent_group: Some(w.org),
            description: Some("<p>x</p>".into()),
            topics,
            countries: countries.iter().map(|c| c.to_string()).collect(),
            ..Default::default()
        },
        0,
        w.admin.id,
    )
    .await
    .unwrap()
}

async fn enrol(app: &TestApp, group: i64, user: &users::Model, status: &str) {
    memberships::upsert(&app.db, group, user.id, "member", status).await.unwrap();
}

/// The Analytics circle (Data Science, Python, SQL; Kenya) and the Art circle whose members
/// are recommended to it:
/// - Ada: all three topics; Bea: Python and lives in Kenya; Hal: Data Science and SQL; Cam:
///   Python; Dan: nothing in common — all accepted members of the Art circle.
/// - Eve (pending) and Gus (rejected) already asked to join the Analytics circle; Ian's
///   membership of the Art circle is pending.
/// - Fay shares all three topics but is not in the Art circle.
struct Setup {
    app: TestApp,
    w: World,
    analytics: groups::Model,
    art: groups::Model,
    cam: users::Model,
}

async fn setup() -> Setup {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let data = topic(&app, &app.default_tenant, "Data Science").await;
    let python = topic(&app, &app.default_tenant, "Python").await;
    let sql = topic(&app, &app.default_tenant, "SQL").await;
    let painting = topic(&app, &app.default_tenant, "Painting").await;
    let analytics = group(&app, &w, "Analytics circle", vec![data, python, sql], &["Kenya"]).await;
    enrol(&app, analytics.id, &w.admin, memberships::STATUS_ACCEPTED).await;
    let art = group(&app, &w, "Art circle", vec![painting], &[]).await;
    let ada = member(&app, "Ada", &[data, python, sql], None).await;
    let bea = member(&app, "Bea", &[python], Some("kenya")).await;
    let hal = member(&app, "Hal", &[data, sql, painting], None).await;
    let cam = member(&app, "Cam", &[python], Some("Spain")).await;
    let dan = member(&app, "Dan", &[painting], None).await;
    let eve = member(&app, "Eve", &[data, python], None).await;
    let gus = member(&app, "Gus", &[data, python], None).await;
    let ian = member(&app, "Ian", &[data, python, sql], None).await;
    member(&app, "Fay", &[data, python, sql], None).await;
    for user in [&ada, &bea, &hal, &cam, &dan, &eve, &gus] {
        enrol(&app, art.id, user, memberships::STATUS_ACCEPTED).await;
    }
    enrol(&app, art.id, &ian, memberships::STATUS_PENDING).await;
    enrol(&app, analytics.id, &eve, memberships::STATUS_PENDING).await;
    enrol(&app, analytics.id, &gus, memberships::STATUS_REJECTED).await;
    Setup { app, w, analytics, art, cam }
}

async fn ask(s: &Setup, token: &str, query: &str) -> TestResponse {
    s.app.get(&format!("{PATH}?{query}")).token(token).send().await
}

#[tokio::test]
async fn members_of_the_chosen_group_come_best_fit_first_with_a_reason() {
    let s = setup().await;
    let query =
        format!("group_id={}&entity_type=cross_group&group_from_user_to_be_included={}", s.analytics.id, s.art.id);
    let res = ask(&s, &s.w.admin_token, &query).await;
    res.assert_status(200);
    let page = res.json();
    // The matching engine's rank without a model: three topics (1.5), one topic and the
    // country (1.0) before two topics (1.0, by age), one topic (0.5), nothing (0). Not Eve (pending) nor Gus (rejected) in the group already, not Ian (only
    // pending in the Art circle), not Fay (not in it), not the administrator asking.
    assert_eq!(first_names(&page), vec!["Ada", "Bea", "Hal", "Cam", "Dan"]);
    assert_eq!(page["pagination"]["count"], 5);
    let ada = &page["data"][0];
    assert_eq!(ada["reason"], "Shares Data Science, Python, SQL");
    assert_eq!(ada["shared_topics"], json!(["Data Science", "Python", "SQL"]));
    assert_eq!(ada["score"], 1.5);
    assert!(ada["name_slug"].is_string());
    assert_eq!(ada["name"], "Ada Tester");
    let bea = &page["data"][1];
    assert_eq!(bea["reason"], "Shares Python; in the group's country");
    assert_eq!(bea["same_country"], true);
    assert_eq!(page["data"][2]["reason"], "Shares Data Science, SQL");
    assert_eq!(page["data"][4]["reason"], "Member of Art circle");
    assert_eq!(page["data"][4]["shared_topics"], json!([]));

    // cross_group is the default; pages are cut in the database.
    let query = format!("group_id={}&group_from_user_to_be_included={}&page_size=2", s.analytics.id, s.art.id);
    let first = ask(&s, &s.w.admin_token, &query).await.json();
    assert_eq!(first_names(&first), vec!["Ada", "Bea"]);
    assert_eq!(first["pagination"]["count"], 5);
    assert!(first["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let third = ask(&s, &s.w.admin_token, &format!("{query}&page=3")).await.json();
    assert_eq!(first_names(&third), vec!["Dan"]);
    assert!(third["pagination"]["next"].is_null());

    // Once Cam is a member he is no longer recommended.
    enrol(&s.app, s.analytics.id, &s.cam, memberships::STATUS_ACCEPTED).await;
    let page =
        ask(&s, &s.w.admin_token, &format!("group_id={}&group_from_user_to_be_included={}", s.analytics.id, s.art.id))
            .await
            .json();
    assert_eq!(first_names(&page), vec!["Ada", "Bea", "Hal", "Dan"]);
}

#[tokio::test]
async fn research_collaboration_finds_the_sites_people_who_share_the_groups_topics() {
    let s = setup().await;
    let query = format!("group_id={}&entity_type=research_collaboration", s.analytics.id);
    let page = ask(&s, &s.w.admin_token, &query).await.json();
    // From the whole site, not only the Art circle: Fay and Ian too; Dan shares nothing and
    // is left out; equal fits by account age (Ada, then Ian, then Fay).
    assert_eq!(first_names(&page), vec!["Ada", "Ian", "Fay", "Bea", "Hal", "Cam"]);
    assert_eq!(page["data"][2]["reason"], "Shares Data Science, Python, SQL");
    // group_from_user_to_be_included is not needed (and ignored).
    let with_group = ask(&s, &s.w.admin_token, &format!("{query}&group_from_user_to_be_included={}", s.art.id)).await;
    assert_eq!(first_names(&with_group.json()), first_names(&page));

    // A group without topics has no one to recommend this way.
    let bare = group(&s.app, &s.w, "Bare circle", vec![], &[]).await;
    let page =
        ask(&s, &s.w.admin_token, &format!("group_id={}&entity_type=research_collaboration", bare.id)).await.json();
    assert_eq!(page["pagination"]["count"], 0);
}

#[tokio::test]
async fn only_the_groups_administrators_of_this_site_may_ask() {
    let s = setup().await;
    let query = format!("group_id={}&group_from_user_to_be_included={}", s.analytics.id, s.art.id);
    // Not signed in; a member of the site who does not run the group.
    s.app.get(&format!("{PATH}?{query}")).send().await.error(401);
    let cam = s.app.token_for(s.cam.id);
    ask(&s, &cam, &query).await.error(403);
    // Staff may.
    let staff = s.app.add_member("staff@example.com", &s.app.default_tenant, "member").await;
    crate::groups::make_staff(&s.app, &staff).await;
    ask(&s, &s.app.token_for(staff.id), &query).await.assert_status(200);

    // A group of another site does not exist here; nor does a missing one.
    let other = s.app.add_tenant("other.example.com", "Other").await;
    for id in [other.organization.id, 999_999] {
        ask(&s, &s.w.admin_token, &format!("group_id={id}&group_from_user_to_be_included={}", s.art.id))
            .await
            .error(404);
    }
    // People cannot be taken from another site's group, nor from a missing one.
    for id in [other.organization.id, 999_999] {
        let err =
            ask(&s, &s.w.admin_token, &format!("group_id={}&group_from_user_to_be_included={id}", s.analytics.id))
                .await
                .error(400);
        assert!(err["field_errors"]["group_from_user_to_be_included"][0].as_str().unwrap().contains("Invalid pk"));
    }
    // Nor from a private group the caller cannot see.
    let outsider = member(&s.app, "Olga", &[], None).await;
    let hidden = group_q::insert(
        &s.app.db,
        s.app.default_tenant.tenant.id,
        &domain::groups::form::GroupForm {
            name: "Hidden institution".into(),
            group_type: "institution".into(),
            description: Some("<p>x</p>".into()),
            ..Default::default()
        },
        20,
        outsider.id,
    )
    .await
    .unwrap();
    let err =
        ask(&s, &s.w.admin_token, &format!("group_id={}&group_from_user_to_be_included={}", s.analytics.id, hidden.id))
            .await
            .error(400);
    assert!(err["field_errors"]["group_from_user_to_be_included"][0].as_str().unwrap().contains("Invalid pk"));
}

#[tokio::test]
async fn bad_input_is_reported_on_its_field() {
    let s = setup().await;
    let field = |err: &Value, name: &str| err["field_errors"][name][0].as_str().unwrap_or_default().to_string();
    let token = s.w.admin_token.clone();
    let err = ask(
        &s,
        &token,
        &format!("group_id={}&entity_type=planet&group_from_user_to_be_included={}", s.analytics.id, s.art.id),
    )
    .await
    .error(400);
    assert_eq!(field(&err, "entity_type"), "\"planet\" is not a valid choice.");
    let err = ask(&s, &token, &format!("group_id={}&entity_type=cross_group", s.analytics.id)).await.error(400);
    assert_eq!(field(&err, "group_from_user_to_be_included"), "This field is required.");
    let err =
        ask(&s, &token, &format!("group_id={}&group_from_user_to_be_included=abc", s.analytics.id)).await.error(400);
    assert_eq!(field(&err, "group_from_user_to_be_included"), "A valid integer is required.");
    let err =
        ask(&s, &token, &format!("group_id={0}&group_from_user_to_be_included={0}", s.analytics.id)).await.error(400);
    assert_eq!(field(&err, "group_from_user_to_be_included"), domain::groups::recommend::MSG_SAME_GROUP);
    let err = ask(&s, &token, &format!("group_from_user_to_be_included={}", s.art.id)).await.error(400);
    assert_eq!(field(&err, "group_id"), "This field is required.");
    let err = ask(&s, &token, "group_id=x%27%20OR%201%3D1&group_from_user_to_be_included=1").await.error(400);
    assert_eq!(field(&err, "group_id"), "A valid integer is required.");
    ask(&s, &token, &format!("group_id={}&group_from_user_to_be_included={}&page=0", s.analytics.id, s.art.id))
        .await
        .error(400);
}

fn slugs(res: TestResponse) -> Vec<String> {
    res.assert_status(200);
    res.json()["data"].as_array().unwrap().iter().map(|i| i["slug"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn what_a_member_bookmarks_changes_what_is_recommended_to_them() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let quantum = topic(&app, &app.default_tenant, "Quantum Computing").await;
    let ceramics = topic(&app, &app.default_tenant, "Ceramics").await;
    let mut body = circle_body(w.org, quantum, "Quantum Computing Club");
    body["description"] = json!("<p>Qubits and algorithms.</p>");
    create(&app, &w.admin_token, &body).await;
    let mut body = circle_body(w.org, ceramics, "Ceramics Circle");
    body["description"] = json!("<p>Clay and kilns.</p>");
    create(&app, &w.admin_token, &body).await;
    let workshop = id_of(&event(&app, &w, "Friday workshop", |b| b["topics"] = json!([quantum])).await);
    // A use case about ceramics (its topics are a JSON list of ids).
    let use_case = store::queries::use_cases::insert(
        &app.db,
        store::queries::use_cases::NewUseCase {
            tenant_id: app.default_tenant.tenant.id,
            slug: "glazing-with-ai",
            title: "Glazing with AI",
            description: Some("<p>Pick glazes.</p>"),
            thumbnail_image: None,
            status: "approved",
            created_by: None,
        },
    )
    .await
    .unwrap();
    let mut active: store::entities::use_cases::ActiveModel = use_case.clone().into();
    active.topics = Set(Some(json!([ceramics])));
    active.update(&app.db).await.unwrap();

    // Zoe has no topics, skills or title: nothing to go on.
    let zoe = member(&app, "Zoe", &[], None).await;
    let token = app.token_for(zoe.id);
    let circles = "/api/v1/recommended-entities/?entity_type=circle";
    assert!(slugs(app.get(circles).token(&token).send().await).is_empty());

    // She bookmarks the workshop: its topic is now one of her interests.
    app.post(&format!("/api/v1/bookmark/group/{workshop}/")).token(&token).send().await.assert_status(200);
    let res = app.get(circles).token(&token).send().await;
    res.assert_status(200);
    let found = res.json()["data"].as_array().unwrap().clone();
    assert_eq!(found.iter().map(|i| i["slug"].as_str().unwrap()).collect::<Vec<_>>(), vec!["quantum-computing-club"]);
    assert!(found[0]["reason"].as_str().unwrap().contains("Quantum Computing"), "{found:?}");

    // And the use case's topic too.
    app.post(&format!("/api/v1/bookmark/usecase/{}/", use_case.id)).token(&token).send().await.assert_status(200);
    let mut found = slugs(app.get(circles).token(&token).send().await);
    found.sort();
    assert_eq!(found, vec!["ceramics-circle", "quantum-computing-club"]);

    // Bookmarks on another site lend nothing here.
    let names = store::queries::assistant::bookmarked_topic_names(&app.db, w.org, zoe.id).await.unwrap();
    assert_eq!(names, vec!["Ceramics", "Quantum Computing"]);
    let other = app.add_tenant("other.example.com", "Other").await;
    let elsewhere =
        store::queries::assistant::bookmarked_topic_names(&app.db, other.organization.id, zoe.id).await.unwrap();
    assert!(elsewhere.is_empty());
}
