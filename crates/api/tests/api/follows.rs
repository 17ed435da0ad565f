//! Following people and groups: POST /follow/, and what the profile page shows of it.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{entities::groups, queries::tenants::TenantRecord};

use crate::common::{TestApp, TestResponse};

/// A group of the tenant; `privacy` 20 is private.
pub(crate) async fn group(app: &TestApp, tenant: &TenantRecord, kind: &str, name: &str, privacy: i16) -> groups::Model {
    let at = chrono::Utc::now();
    groups::ActiveModel {
        tenant_id: Set(tenant.tenant.id),
        parent_id: Set(None),
        group_type: Set(kind.into()),
        name: Set(name.into()),
        slug: Set(domain::slug::slugify(name)),
        description: Set(Some(format!("About {name}"))),
        logo: Set(None),
        cover_image: Set(None),
        privacy: Set(privacy),
        join_mode: Set("open".into()),
        membership_type: Set(None),
        is_tenant_root: Set(false),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap()
}

async fn follow(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post_json("/api/v1/follow/", token, &body).await
}

async fn page_of(app: &TestApp, viewer: Option<&str>, user_id: i64) -> Value {
    let me = app.get("/api/v1/identity/").token(&app.token_for(user_id)).send().await.json();
    let slug = me["data"]["profile"]["name_slug"].as_str().unwrap().to_string();
    let mut request = app.get(&format!("/api/v1/users/profile/{slug}/"));
    if let Some(token) = viewer {
        request = request.token(token);
    }
    let answer = request.send().await;
    answer.assert_status(200);
    answer.json()["data"].clone()
}

#[tokio::test]
async fn following_a_person_is_idempotent_and_counted() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bob = app.add_member("bob@example.com", &app.default_tenant, "member").await;
    let cy = app.add_member("cy@example.com", &app.default_tenant, "member").await;
    let (ada_token, cy_token) = (app.token_for(ada.id), app.token_for(cy.id));

    let answer = follow(&app, &ada_token, json!({"id": bob.id, "type": "user", "action": "follow"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"], json!({"followed": true, "followers_count": 1}));
    // Twice changes nothing; the action defaults to follow.
    let again = follow(&app, &ada_token, json!({"id": bob.id.to_string(), "type": "user"})).await;
    assert_eq!(again.json()["data"], json!({"followed": true, "followers_count": 1}));
    let third = follow(&app, &cy_token, json!({"id": bob.id, "type": "user", "action": "follow"})).await;
    assert_eq!(third.json()["data"]["followers_count"], 2);

    let seen_by_ada = page_of(&app, Some(&ada_token), bob.id).await;
    assert_eq!((seen_by_ada["followed"].clone(), seen_by_ada["followers_count"].clone()), (json!(true), json!(2)));
    assert_eq!(seen_by_ada["following_count"], 0);
    let seen_by_guest = page_of(&app, None, bob.id).await;
    assert_eq!(seen_by_guest["followed"], false);
    let own = page_of(&app, Some(&app.token_for(bob.id)), bob.id).await;
    assert_eq!(own["followed"], false);
    assert_eq!(page_of(&app, None, ada.id).await["following_count"], 1);

    let answer = follow(&app, &ada_token, json!({"id": bob.id, "type": "user", "action": "unfollow"})).await;
    assert_eq!(answer.json()["data"], json!({"followed": false, "followers_count": 1}));
    let again = follow(&app, &ada_token, json!({"id": bob.id, "type": "user", "action": "unfollow"})).await;
    assert_eq!(again.json()["data"], json!({"followed": false, "followers_count": 1}));
    assert_eq!(page_of(&app, Some(&ada_token), bob.id).await["followed"], false);
    assert_eq!(page_of(&app, None, ada.id).await["following_count"], 0);
}

#[tokio::test]
async fn who_and_what_may_be_followed() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    let other_site = app.add_tenant("other.example", "Other").await;
    let elsewhere = app.add_member("eve@example.com", &other_site, "member").await;

    let body = follow(&app, &token, json!({"id": ada.id, "type": "user", "action": "follow"})).await.error(400);
    assert_eq!(body["non_field_errors"], json!(["You cannot follow yourself."]));
    assert_eq!(body["message"], "You cannot follow yourself.");
    app.post("/api/v1/follow/").json(&json!({"id": ada.id, "type": "user"})).send().await.error(401);
    let body = follow(&app, &token, json!({"id": 999999, "type": "user"})).await.error(404);
    assert_eq!(body["message"], "User not found.");
    // A person who is not a member of this site is not found here, but is on their own site.
    follow(&app, &token, json!({"id": elsewhere.id, "type": "user"})).await.error(404);
    app.post("/api/v1/follow/")
        .host("other.example")
        .token(&token)
        .json(&json!({"id": elsewhere.id, "type": "user"}))
        .send()
        .await
        .assert_status(200);

    let body = follow(&app, &token, json!({"type": "job", "action": "like"})).await.error(400);
    assert_eq!(body["field_errors"]["id"], json!(["This field is required."]));
    assert_eq!(body["field_errors"]["type"], json!(["\"job\" is not a valid choice."]));
    assert_eq!(body["field_errors"]["action"], json!(["\"like\" is not a valid choice."]));
}

#[tokio::test]
async fn an_influencer_of_the_site_cannot_be_followed_as_their_page_shows() {
    let app = TestApp::new().await;
    let site = app.default_tenant.clone();
    let ada = app.add_member("ada@example.com", &site, "member").await;
    let guru = app.add_member("guru@example.com", &site, "member").await;
    let token = app.token_for(ada.id);
    // Followed before they became an influencer.
    follow(&app, &token, json!({"id": guru.id, "type": "user"})).await.assert_status(200);
    assert!(store::queries::influencers::set(&app.db, site.organization.id, guru.id, true).await.unwrap());
    assert_eq!(page_of(&app, Some(&token), guru.id).await["is_influencer"], true);

    let body = follow(&app, &token, json!({"id": guru.id, "type": "user", "action": "follow"})).await.error(400);
    assert_eq!(body["non_field_errors"], json!(["Influencers cannot be followed."]));
    assert_eq!(body["message"], "Influencers cannot be followed.");
    // The earlier follow can still be undone, and then not made again.
    let undone = follow(&app, &token, json!({"id": guru.id, "type": "user", "action": "unfollow"})).await;
    undone.assert_status(200);
    assert_eq!(undone.json()["data"], json!({"followed": false, "followers_count": 0}));
    follow(&app, &token, json!({"id": guru.id, "type": "user"})).await.error(400);

    // An influencer of another site only: followed here as anyone else.
    let other = app.add_tenant("other.example", "Other").await;
    store::queries::memberships::upsert(&app.db, other.organization.id, guru.id, "member", "accepted").await.unwrap();
    store::queries::influencers::set(&app.db, site.organization.id, guru.id, false).await.unwrap();
    assert!(store::queries::influencers::set(&app.db, other.organization.id, guru.id, true).await.unwrap());
    follow(&app, &token, json!({"id": guru.id, "type": "user"})).await.assert_status(200);
}

#[tokio::test]
async fn groups_are_followed_on_their_own_site_and_private_ones_by_members() {
    let app = TestApp::new().await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bob = app.add_member("bob@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    let circle = group(&app, &app.default_tenant, "circle", "Rust Circle", 0).await;
    let secret = group(&app, &app.default_tenant, "circle", "Secret Circle", 20).await;
    let other_site = app.add_tenant("other.example", "Other").await;
    let far = group(&app, &other_site, "event", "Far Event", 0).await;

    let answer = follow(&app, &token, json!({"id": circle.id, "type": "circle", "action": "follow"})).await;
    assert_eq!(answer.json()["data"], json!({"followed": true, "followers_count": 1}));
    let answer = follow(&app, &app.token_for(bob.id), json!({"id": circle.id, "type": "circle"})).await;
    assert_eq!(answer.json()["data"]["followers_count"], 2);
    // Named with the wrong type, of another site, or private to others: not found.
    follow(&app, &token, json!({"id": circle.id, "type": "event"})).await.error(404);
    follow(&app, &token, json!({"id": far.id, "type": "event"})).await.error(404);
    follow(&app, &token, json!({"id": secret.id, "type": "circle"})).await.error(404);
    store::queries::memberships::upsert(&app.db, secret.id, ada.id, "member", "accepted").await.unwrap();
    follow(&app, &token, json!({"id": secret.id, "type": "circle"})).await.assert_status(200);
    // The site's own organization can be followed too.
    let org = app.default_tenant.organization.id;
    follow(&app, &token, json!({"id": org, "type": "organization"})).await.assert_status(200);

    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    let slug = me["data"]["profile"]["name_slug"].as_str().unwrap().to_string();
    let page = app.get(&format!("/api/v1/users/profile/{slug}/")).send().await.json();
    assert_eq!(page["data"]["following_count"], 3, "three groups of this site");

    let answer = follow(&app, &token, json!({"id": circle.id, "type": "circle", "action": "unfollow"})).await;
    assert_eq!(answer.json()["data"], json!({"followed": false, "followers_count": 1}));
}
