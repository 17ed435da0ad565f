//! Influencers (spec 002 §2 "Influencer pages", §3 "Influential person", §7): staff mark a
//! member of the site as an influencer; `GET /influencers/` lists them for everyone, 16 a
//! page; identity and profiles say `is_influencer`; influential organizations are groups
//! listed with `is_influencer=true`. Hostile cases: a non-staff caller, a person of another
//! site, a wrong type.

use serde_json::{json, Value};

use crate::{common::TestApp, groups::make_staff, membership::person};

const LIST: &str = "/api/v1/influencers/";

fn mark(id: i64) -> String {
    format!("/api/v1/influencers/{id}/")
}

fn names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn staff_mark_influencers_and_everyone_sees_them_listed() {
    let app = TestApp::new().await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;

    // Nobody yet: an empty page, for guests too.
    let empty = app.get(LIST).send().await;
    empty.assert_status(200);
    assert_eq!(empty.json()["pagination"]["count"], 0);

    let answer = app.patch_json(&mark(ada.id), &staff_token, &json!({"is_influencer": true})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["is_influencer"], true);
    // Twice changes nothing.
    app.patch_json(&mark(ada.id), &staff_token, &json!({"is_influencer": true})).await.assert_status(200);

    // Her profile is made on her first visit; until then the list has no slug to link to.
    assert_eq!(app.get(LIST).send().await.json()["data"][0]["name_slug"], Value::Null);
    app.get("/api/v1/identity/").token(&ada_token).send().await.assert_status(200);
    let page = app.get(LIST).send().await.json();
    assert_eq!(page["pagination"]["count"], 1);
    assert_eq!(names(&page), vec![format!("{} {}", ada.first_name, ada.last_name)]);
    assert_eq!(page["data"][0]["id"], ada.id);
    assert!(page["data"][0]["name_slug"].is_string());

    // The identity and the profile say so; Bob is not one.
    assert_eq!(app.get("/api/v1/identity/").token(&ada_token).send().await.json()["data"]["is_influencer"], true);
    assert_eq!(app.get("/api/v1/identity/").token(&bob_token).send().await.json()["data"]["is_influencer"], false);
    let slug = page["data"][0]["name_slug"].as_str().unwrap().to_string();
    let profile = app.get(&format!("/api/v1/users/profile/{slug}/")).token(&bob_token).send().await.json();
    assert_eq!(profile["data"]["is_influencer"], true);

    // 16 a page by default; page_size and page work.
    for i in 0..17 {
        let (someone, _) = person(&app, &format!("p{i}@example.com")).await;
        app.patch_json(&mark(someone.id), &staff_token, &json!({"is_influencer": true})).await.assert_status(200);
    }
    let first = app.get(LIST).send().await.json();
    assert_eq!(first["pagination"]["count"], 18);
    assert_eq!(first["data"].as_array().unwrap().len(), 16);
    assert!(first["pagination"]["next"].as_str().unwrap().contains("page=2"));
    assert_eq!(app.get(&format!("{LIST}?page=2")).send().await.json()["data"].as_array().unwrap().len(), 2);
    app.get(&format!("{LIST}?page=0")).send().await.error(400);

    // Unmarked: gone from the list.
    app.patch_json(&mark(ada.id), &staff_token, &json!({"is_influencer": false})).await.assert_status(200);
    let after = app.get(LIST).send().await.json();
    assert_eq!(after["pagination"]["count"], 17);
    assert!(after["data"].as_array().unwrap().iter().all(|p| p["id"] != ada.id));
    let _ = bob;
}

#[tokio::test]
async fn only_staff_mark_influencers_of_their_own_site() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let admin_token = app.token_for(admin.id);
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let (ada, ada_token) = person(&app, "ada@example.com").await;

    // Guests, members and the organization's own admin may not.
    app.patch(&mark(ada.id)).json(&json!({"is_influencer": true})).send().await.assert_status(401);
    for token in [&ada_token, &admin_token] {
        app.patch_json(&mark(ada.id), token, &json!({"is_influencer": true})).await.error(403);
    }
    // A wrong type or a missing field is reported on the field.
    for body in [json!({"is_influencer": "yes"}), json!({})] {
        let e = app.patch_json(&mark(ada.id), &staff_token, &body).await.error(400);
        assert!(e["field_errors"]["is_influencer"][0].is_string(), "{e}");
    }
    // Someone of another site only: not a member here.
    let other = app.add_tenant("other.example.com", "Other Org").await;
    let stranger = app.add_member("stranger@other.example.com", &other, "member").await;
    app.patch_json(&mark(stranger.id), &staff_token, &json!({"is_influencer": true})).await.error(404);
    app.patch_json(&mark(i64::MAX), &staff_token, &json!({"is_influencer": true})).await.error(404);
    assert_eq!(app.get(LIST).send().await.json()["pagination"]["count"], 0);

    // Marked on this site, the other site does not list them.
    app.patch_json(&mark(ada.id), &staff_token, &json!({"is_influencer": true})).await.assert_status(200);
    assert_eq!(app.get(LIST).host("other.example.com").send().await.json()["pagination"]["count"], 0);
    assert_eq!(app.get(LIST).send().await.json()["pagination"]["count"], 1);
}

#[tokio::test]
async fn influential_organizations_are_listed_for_guests() {
    let app = TestApp::new().await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let org = app.default_tenant.organization.id;
    let path = "/api/v1/groups/?group_type=organization&is_influencer=true&page_size=16";
    assert_eq!(app.get(path).send().await.json()["pagination"]["count"], 0);
    app.patch_json(&format!("/api/v1/groups/{org}/"), &app.token_for(staff.id), &json!({"is_influencer": true}))
        .await
        .assert_status(200);
    let page = app.get(path).send().await.json();
    assert_eq!(page["pagination"]["count"], 1);
    assert_eq!(page["data"][0]["id"], org);
    assert_eq!(page["data"][0]["is_influencer"], true);
}

/// A page of influencers is kept per site generation: a second read reads only the generation,
/// and a newly marked person, a new name and a new picture show at once.
#[tokio::test]
async fn a_kept_page_of_influencers_shows_every_write_at_once() {
    let (app, log) = crate::common::TestApp::with_statement_log().await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bob, _) = person(&app, "bob@example.com").await;
    app.get("/api/v1/identity/").token(&ada_token).send().await.assert_status(200);
    app.patch_json(&mark(ada.id), &staff_token, &json!({"is_influencer": true})).await.assert_status(200);
    let first = app.get(LIST).send().await.json();
    assert_eq!(first["pagination"]["count"], 1);
    log.clear();
    assert_eq!(app.get(LIST).send().await.json(), first);
    let statements = log.taken();
    assert!(crate::common::StatementLog::reads(&statements) <= 1, "a kept page read {statements:#?}");
    assert!(!statements.iter().any(|sql| sql.contains("\"memberships\"")), "{statements:#?}");

    app.patch_json(&mark(bob.id), &staff_token, &json!({"is_influencer": true})).await.assert_status(200);
    assert_eq!(app.get(LIST).send().await.json()["pagination"]["count"], 2);
    app.patch_json("/api/v1/profiles/me/", &ada_token, &json!({"first_name": "Augusta"})).await.assert_status(200);
    let page = app.get(LIST).send().await.json();
    assert!(names(&page).iter().any(|name| name.starts_with("Augusta")), "{page}");
    let mut profile: store::entities::profiles::ActiveModel =
        store::queries::profiles::find_by_user(&app.db, ada.id).await.unwrap().expect("her profile").into();
    profile.picture = sea_orm::Set(Some("pictures/ada.png".into()));
    sea_orm::ActiveModelTrait::update(profile, &app.db).await.unwrap();
    let page = app.get(LIST).send().await.json();
    let her = page["data"].as_array().unwrap().iter().find(|p| p["id"] == ada.id).unwrap().clone();
    assert!(her["image"].as_str().is_some_and(|image| image.contains("ada.png")), "{her}");
}
