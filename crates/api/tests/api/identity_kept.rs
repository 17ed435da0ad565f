//! The identity is kept per person generation (`api::areas::identity`, migration m0042):
//! a second request reads only the generations (its unread count is kept with it, m0050, and
//! the site's latest group post per the site's generation), and every write it shows (the
//! person's profile, name, entries, memberships, a topic's name, a notification) shows on the
//! next request.

use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::{json, Value};
use store::queries::memberships;

use crate::common::{StatementLog, TestApp};

async fn identity(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/identity/").token(token).send().await;
    answer.assert_status(200);
    answer.json()["data"].clone()
}

#[tokio::test]
async fn a_kept_identity_reads_only_the_generations_and_the_notifications() {
    let (app, log) = TestApp::with_statement_log().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    let first = identity(&app, &token).await;
    identity(&app, &token).await;
    log.clear();
    let again = identity(&app, &token).await;
    let statements = log.taken();
    assert_eq!(first, again);
    assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
    // The user (the token's), then the person's generations and the site's (for its latest
    // group post, kept per the site's generation) in one statement.
    assert!(StatementLog::reads(&statements) <= 2, "a kept identity read {statements:#?}");
    for table in ["\"profiles\"", "\"notifications\"", "\"group_post_notices\""] {
        assert!(!statements.iter().any(|sql| sql.contains(table)), "no {table} read: {statements:#?}");
    }
}

#[tokio::test]
async fn every_write_a_kept_identity_shows_shows_at_once() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ben = app.add_member("ben@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    let me = identity(&app, &token).await;
    assert_eq!(me["membership_status"], "accepted");
    assert_eq!(me["unread_notifications_count"], 0);

    // Her profile, through the API.
    app.patch_json("/api/v1/profiles/me/", &token, &json!({"location": "London"})).await.assert_status(200);
    assert_eq!(identity(&app, &token).await["profile"]["location"], "London");

    // Her name, written elsewhere.
    let mut user: store::entities::users::ActiveModel = ada.clone().into();
    user.first_name = Set("Augusta".into());
    user.update(&app.db).await.unwrap();
    assert_eq!(identity(&app, &token).await["first_name"], "Augusta");

    // Her membership of the site's organization.
    let org = app.default_tenant.organization.id;
    memberships::upsert(&app.db, org, ada.id, "member", memberships::STATUS_PENDING).await.unwrap();
    assert_eq!(identity(&app, &token).await["membership_status"], "pending");
    memberships::upsert(&app.db, org, ada.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    assert_eq!(identity(&app, &token).await["organization"]["membership_status"], "accepted");

    // A career entry.
    app.post_json(
        "/api/v1/career-entries/",
        &token,
        &json!({"type": "education", "title": "Mathematics", "description": "Tutored by De Morgan",
                      "group": "University of London", "skills": [{"name": "Algebra"}], "start_date": "1840-01-01",
                      "end_date": "1841-06-30"}),
    )
    .await
    .assert_status(201);
    assert_eq!(identity(&app, &token).await["education_background"][0]["title"], "Mathematics");

    // Her topics through the API, then the topic's new name (every identity may show it).
    let ai = crate::groups::topic(&app, &app.default_tenant, "Machine Learning").await;
    app.patch_json("/api/v1/profiles/me/", &token, &json!({"topics": [ai]})).await.assert_status(200);
    assert_eq!(identity(&app, &token).await["profile"]["topics_detailed"][0]["name"], "Machine Learning");
    let topic = store::entities::topics::Entity::find_by_id(ai).one(&app.db).await.unwrap().unwrap();
    let mut topic: store::entities::topics::ActiveModel = topic.into();
    topic.name = Set("Deep Learning".into());
    topic.update(&app.db).await.unwrap();
    assert_eq!(identity(&app, &token).await["profile"]["topics_detailed"][0]["name"], "Deep Learning");

    // A notification, written elsewhere: it moves her generation (m0050).
    app.write_notification(ada.id, ben.id, "Hello").await;
    assert_eq!(identity(&app, &token).await["unread_notifications_count"], 1);
}

/// A person's profile page is kept the same way, per kind of viewer (its owner and staff see
/// the private fields): a second view reads the profile by its link, the generations and
/// whether the viewer follows them; an edit or a follow shows at once.
#[tokio::test]
async fn a_kept_profile_page_shows_every_write_at_once_and_who_follows() {
    let (app, log) = TestApp::with_statement_log().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ben = app.add_member("ben@example.com", &app.default_tenant, "member").await;
    let outsider = app.add_user("out@example.com").await;
    let (ada_token, ben_token) = (app.token_for(ada.id), app.token_for(ben.id));
    let slug = identity(&app, &ada_token).await["profile"]["name_slug"].as_str().unwrap().to_string();
    let path = format!("/api/v1/users/profile/{slug}/");
    let page = |token: Option<String>| {
        let path = path.clone();
        let app = &app;
        async move {
            let mut request = app.get(&path);
            if let Some(token) = &token {
                request = request.token(token);
            }
            let answer = request.send().await;
            answer.assert_status(200);
            answer.json()["data"].clone()
        }
    };

    let first = page(Some(ben_token.clone())).await;
    assert_eq!((first["followed"].clone(), first["profile"]["email"].clone()), (json!(false), Value::Null));
    log.clear();
    assert_eq!(page(Some(ben_token.clone())).await, first);
    let statements = log.taken();
    // Ben (the token's user), the generations, his follow: the link is known, not read.
    assert!(StatementLog::reads(&statements) <= 3, "a kept profile page read {statements:#?}");
    for table in ["\"career_entries\"", "\"profiles\""] {
        assert!(!statements.iter().any(|sql| sql.contains(table)), "no {table} read: {statements:#?}");
    }

    // Her own view has her e-mail; Ben's does not, and follows once he does.
    assert_eq!(page(Some(ada_token.clone())).await["profile"]["email"], "ada@example.com");
    app.post_json("/api/v1/follow/", &ben_token, &json!({"id": ada.id, "type": "user"})).await;
    let followed = page(Some(ben_token.clone())).await;
    assert_eq!(followed["followed"], true);
    assert_eq!(followed["followers_count"], first["followers_count"].as_u64().unwrap() + 1);
    assert_eq!(page(None).await["followed"], false);

    // Her edit shows to every viewer.
    app.patch_json("/api/v1/profiles/me/", &ada_token, &json!({"location": "London"})).await.assert_status(200);
    assert_eq!(page(None).await["profile"]["location"], "London");
    assert_eq!(page(Some(ada_token.clone())).await["profile"]["location"], "London");

    // Not a member of the site's organization any more: hidden from others, not from her.
    let org = app.default_tenant.organization.id;
    let membership = memberships::find(&app.db, org, ada.id).await.unwrap().expect("her membership");
    memberships::delete(&app.db, membership.id).await.unwrap();
    app.get(&path).token(&app.token_for(outsider.id)).send().await.error(404);
    app.get(&path).token(&ben_token).send().await.error(404);
    assert_eq!(page(Some(ada_token)).await["profile"]["location"], "London");
}

/// A page of someone's career entries is kept the same way: a second guest view reads only
/// the generations; a new entry, an edited one, a renamed group and a deactivation show at
/// once, and leaving the site hides them from others but not from their owner.
#[tokio::test]
async fn a_kept_page_of_career_entries_shows_every_write_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ben = app.add_member("ben@example.com", &app.default_tenant, "member").await;
    let (ada_token, ben_token) = (app.token_for(ada.id), app.token_for(ben.id));
    let path = format!("/api/v1/career-entries/?user={}&type=work", ada.id);
    let skill = crate::jobs::skill(&app, "Python").await;
    let add = |title: &'static str, group: &'static str| {
        let app = &app;
        let token = ada_token.clone();
        async move {
            let answer = app
                .post_json(
                    "/api/v1/career-entries/",
                    &token,
                    &json!({"type": "work", "title": title, "description": "Notes", "group": group,
                              "skills": [skill], "is_currently_working": true, "start_date": "2020-01-01"}),
                )
                .await;
            answer.assert_status(201);
            answer.json()["data"].clone()
        }
    };
    let titles = |page: &Value| -> Vec<String> {
        page["data"].as_array().unwrap().iter().map(|e| e["title"].as_str().unwrap().to_string()).collect()
    };
    let entry = add("Analyst", "Analytical Engines Ltd").await;

    let first = app.get(&path).send().await.json();
    assert_eq!(titles(&first), ["Analyst"]);
    log.clear();
    assert_eq!(app.get(&path).send().await.json(), first);
    let statements = log.taken();
    assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
    assert!(StatementLog::reads(&statements) <= 1, "a kept page of entries read {statements:#?}");

    add("Engineer", "Difference Works").await;
    assert_eq!(app.get(&path).send().await.json()["pagination"]["count"], 2);
    let id = entry["id"].as_i64().unwrap();
    app.patch_json(&format!("/api/v1/career-entries/{id}/"), &ada_token, &json!({"title": "Lead analyst"}))
        .await
        .assert_status(200);
    assert!(titles(&app.get(&path).token(&ben_token).send().await.json()).contains(&"Lead analyst".to_string()));

    let group = entry["group"].as_i64().unwrap();
    let mut renamed: store::entities::groups::ActiveModel =
        store::entities::groups::Entity::find_by_id(group).one(&app.db).await.unwrap().unwrap().into();
    renamed.name = Set("Analytical Engines plc".into());
    renamed.update(&app.db).await.unwrap();
    let page = app.get(&path).send().await.json();
    let names: Vec<&str> =
        page["data"].as_array().unwrap().iter().filter_map(|e| e["group_detailed"]["name"].as_str()).collect();
    assert!(names.contains(&"Analytical Engines plc"), "{page:#?}");

    // Not a member of the site's organization any more: hidden from others, not from her.
    let org = app.default_tenant.organization.id;
    let membership = memberships::find(&app.db, org, ada.id).await.unwrap().expect("her membership");
    memberships::delete(&app.db, membership.id).await.unwrap();
    app.get(&path).send().await.error(404);
    app.get(&path).token(&ben_token).send().await.error(404);
    assert_eq!(app.get(&path).token(&ada_token).send().await.json()["pagination"]["count"], 2);

    // Deactivated: hidden from everyone.
    let mut inactive: store::entities::users::ActiveModel = ada.clone().into();
    inactive.is_active = Set(false);
    inactive.update(&app.db).await.unwrap();
    app.get(&path).token(&ben_token).send().await.error(404);
}

/// A profile's link is remembered with its kept page; a new link of the same person serves at
/// once, the old one answers 404, and a deactivated person's page is gone at once.
#[tokio::test]
async fn a_changed_profile_link_and_a_deactivation_show_at_once() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada_token = app.token_for(ada.id);
    let slug = identity(&app, &ada_token).await["profile"]["name_slug"].as_str().unwrap().to_string();
    let page = |slug: String| {
        let app = &app;
        async move { app.get(&format!("/api/v1/users/profile/{slug}/")).send().await }
    };
    page(slug.clone()).await.assert_status(200);
    page(slug.clone()).await.assert_status(200);

    let profile = store::queries::profiles::find_by_user(&app.db, ada.id).await.unwrap().expect("her profile");
    let mut profile: store::entities::profiles::ActiveModel = profile.into();
    profile.name_slug = Set("augusta-ada".into());
    profile.update(&app.db).await.unwrap();
    page(slug.clone()).await.error(404);
    let renamed = page("augusta-ada".into()).await;
    renamed.assert_status(200);
    assert_eq!(renamed.json()["data"]["profile"]["name_slug"], "augusta-ada");
    page("augusta-ada".into()).await.assert_status(200);

    let mut user: store::entities::users::ActiveModel = ada.into();
    user.is_active = Set(false);
    user.update(&app.db).await.unwrap();
    page("augusta-ada".into()).await.error(404);
}
