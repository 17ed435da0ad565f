//! Connections (people followed, groups joined or followed) and circles of a person:
//! visibility, private groups, tenant scoping, type filter and paging.

use serde_json::{json, Value};
use store::queries::memberships;

use crate::{common::TestApp, follows::group};

fn ids_and_reasons(page: &Value) -> Vec<(String, i64, String)> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["type"].as_str().unwrap().to_string(),
                c["id"].as_i64().unwrap(),
                c["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

struct World {
    app: TestApp,
    person: i64,
    followed: i64,
    org: i64,
    public_circle: i64,
    private_circle: i64,
    followed_event: i64,
}

/// A person who follows someone of the site (and someone of another site), is a member of
/// the organization, a public and a private circle (and pending in a third), follows an
/// event, and belongs to a circle of another site.
async fn world() -> World {
    world_on(TestApp::new().await).await
}

async fn world_on(app: TestApp) -> World {
    let site = app.default_tenant.clone();
    let person = app.add_member("pat@example.com", &site, "member").await;
    let followed = app.add_member("fay@example.com", &site, "member").await;
    let other_site = app.add_tenant("other.example", "Other").await;
    let elsewhere = app.add_member("eve@example.com", &other_site, "member").await;
    let public_circle = group(&app, &site, "circle", "Open Circle", 0).await;
    let private_circle = group(&app, &site, "circle", "Private Circle", 20).await;
    let pending_circle = group(&app, &site, "circle", "Pending Circle", 0).await;
    let event = group(&app, &site, "event", "Meetup", 0).await;
    let far_circle = group(&app, &other_site, "circle", "Far Circle", 0).await;
    for (group_id, role, status) in [
        (public_circle.id, "leader", "accepted"),
        (private_circle.id, "member", "accepted"),
        (pending_circle.id, "member", "pending"),
        (far_circle.id, "member", "accepted"),
    ] {
        memberships::upsert(&app.db, group_id, person.id, role, status).await.unwrap();
    }
    let token = app.token_for(person.id);
    for (id, kind) in [(followed.id, "user"), (event.id, "event")] {
        app.post_json("/api/v1/follow/", &token, &json!({"id": id, "type": kind})).await.assert_status(200);
    }
    store::queries::follows::follow(&app.db, person.id, store::queries::follows::Target::User(elsewhere.id))
        .await
        .unwrap();
    // Named so its slug and institution show.
    app.patch_json(
        "/api/v1/users/profile/",
        &app.token_for(followed.id),
        &json!({"title": "Pilot", "institution": "Flight School"}),
    )
    .await
    .assert_status(200);
    World {
        person: person.id,
        followed: followed.id,
        org: site.organization.id,
        public_circle: public_circle.id,
        private_circle: private_circle.id,
        followed_event: event.id,
        app,
    }
}

#[tokio::test]
async fn connections_list_people_followed_and_groups_joined_or_followed() {
    let w = world().await;
    let app = &w.app;
    let own = app.get("/api/v1/connections/").token(&app.token_for(w.person)).send().await;
    own.assert_status(200);
    let own = own.json();
    assert_eq!(own["pagination"], json!({"count": 5, "next": null}));
    let listed = ids_and_reasons(&own);
    assert_eq!(listed[0], ("user".to_string(), w.followed, "Following".to_string()));
    let mut groups: Vec<_> = listed[1..4].to_vec();
    groups.sort();
    let mut expected = vec![
        ("circle".to_string(), w.public_circle, "Member".to_string()),
        ("circle".to_string(), w.private_circle, "Member".to_string()),
        ("organization".to_string(), w.org, "Member".to_string()),
    ];
    expected.sort();
    assert_eq!(groups, expected);
    assert_eq!(listed[4], ("event".to_string(), w.followed_event, "Following".to_string()));

    let person = &own["data"][0];
    assert_eq!(person["name"], "Test User");
    assert!(person["slug"].as_str().unwrap().starts_with("test-user"));
    assert_eq!(person["description"], "Pilot");
    assert_eq!(person["institution_name"], "Flight School");
    let event = &own["data"][4];
    assert_eq!((event["name"].clone(), event["slug"].clone()), (json!("Meetup"), json!("meetup")));
    assert_eq!(event["description"], "About Meetup");

    // The same through the person's id, for the person.
    let by_id =
        app.get(&format!("/api/v1/connections/user/{}/", w.person)).token(&app.token_for(w.person)).send().await;
    assert_eq!(ids(&by_id.json()), ids(&own));
    app.get("/api/v1/connections/").send().await.error(401);
}

#[tokio::test]
async fn private_groups_show_only_to_their_members() {
    let w = world().await;
    let app = &w.app;
    let path = format!("/api/v1/connections/user/{}/", w.person);
    let outsider = app.add_member("out@example.com", &app.default_tenant, "member").await;
    let insider = app.add_member("in@example.com", &app.default_tenant, "member").await;
    memberships::upsert(&app.db, w.private_circle, insider.id, "member", "accepted").await.unwrap();

    for token in [None, Some(app.token_for(outsider.id))] {
        let mut request = app.get(&path);
        if let Some(token) = &token {
            request = request.token(token);
        }
        let page = request.send().await.json();
        assert_eq!(page["pagination"]["count"], 4);
        assert!(!ids(&page).contains(&w.private_circle));
    }
    let page = app.get(&path).token(&app.token_for(insider.id)).send().await.json();
    assert_eq!(page["pagination"]["count"], 5);
    assert!(ids(&page).contains(&w.private_circle));

    let circles = app.get(&format!("/api/v1/users/{}/circles/", w.person)).send().await.json();
    assert_eq!(circles["pagination"]["count"], 1);
    assert_eq!(
        circles["data"][0],
        json!({"id": w.public_circle, "name": "Open Circle", "slug": "open-circle", "image": null,
               "description": "About Open Circle", "role": "leader"})
    );
    let circles =
        app.get(&format!("/api/v1/users/{}/circles/", w.person)).token(&app.token_for(insider.id)).send().await;
    let circles = circles.json();
    assert_eq!(circles["pagination"]["count"], 2);
    let circles = app.get(&format!("/api/v1/users/{}/circles/", w.person)).token(&app.token_for(w.person)).send().await;
    assert_eq!(circles.json()["pagination"]["count"], 2);
}

#[tokio::test]
async fn connections_filter_by_type_and_page_in_order() {
    let w = world().await;
    let app = &w.app;
    let token = app.token_for(w.person);
    let circles = app.get("/api/v1/connections/?type=circle").token(&token).send().await.json();
    let mut found = ids(&circles);
    found.sort();
    assert_eq!(found, {
        let mut v = vec![w.public_circle, w.private_circle];
        v.sort();
        v
    });
    let people = app.get("/api/v1/connections/?type=user").token(&token).send().await.json();
    assert_eq!(ids(&people), [w.followed]);
    let events = app.get("/api/v1/connections/?type=event").token(&token).send().await.json();
    assert_eq!(ids(&events), [w.followed_event]);
    let all = app.get("/api/v1/connections/?type=all").token(&token).send().await.json();
    assert_eq!(all["pagination"]["count"], 5);
    let body = app.get("/api/v1/connections/?type=job").token(&token).send().await.error(400);
    assert_eq!(body["field_errors"]["type"], json!(["\"job\" is not a valid choice."]));

    // Pages of two run across people and groups without gaps or repeats.
    let mut paged = Vec::new();
    for page in 1..=3 {
        let answer =
            app.get(&format!("/api/v1/connections/?page={page}&page_size=2")).token(&token).send().await.json();
        assert_eq!(answer["pagination"]["count"], 5);
        assert_eq!(answer["pagination"]["next"].is_string(), page < 3, "page {page}");
        paged.extend(ids(&answer));
    }
    assert_eq!(paged, ids(&all));
    let beyond = app.get("/api/v1/connections/?page=9&page_size=2").token(&token).send().await.json();
    assert_eq!(beyond["data"], json!([]));
}

#[tokio::test]
async fn connections_follow_the_profile_page_and_the_site() {
    let w = world().await;
    let app = &w.app;
    // On the other site, the person is not a member: their page and lists are not found.
    let path = format!("/api/v1/connections/user/{}/", w.person);
    let body = app.get(&path).host("other.example").send().await.error(404);
    assert_eq!(body["message"], "User not found.");
    app.get(&format!("/api/v1/users/{}/circles/", w.person)).host("other.example").send().await.error(404);
    app.get("/api/v1/connections/user/999999/").send().await.error(404);
    // Their own view there shows that site's groups only (the far circle), and only the
    // people who are members there.
    let own = app.get("/api/v1/connections/").host("other.example").token(&app.token_for(w.person)).send().await;
    let own = own.json();
    assert_eq!(own["pagination"]["count"], 2, "{own}");
    assert_eq!((own["data"][0]["type"].clone(), own["data"][0]["reason"].clone()), (json!("user"), json!("Following")));
    assert_ne!(own["data"][0]["id"], w.followed);
    assert_eq!(
        (own["data"][1]["name"].clone(), own["data"][1]["reason"].clone()),
        (json!("Far Circle"), json!("Member"))
    );
}

#[tokio::test]
async fn connection_items_carry_the_owners_membership_and_the_callers_follow() {
    let w = world().await;
    let app = &w.app;
    let site = app.default_tenant.clone();
    // The person also follows a circle they applied to and one that turned them down.
    let applied = group(app, &site, "circle", "Applied Circle", 0).await;
    let refused = group(app, &site, "circle", "Refused Circle", 0).await;
    memberships::upsert(&app.db, applied.id, w.person, "member", "pending").await.unwrap();
    memberships::upsert(&app.db, refused.id, w.person, "member", "rejected").await.unwrap();
    for circle in [&applied, &refused] {
        let target = store::queries::follows::Target::Group { id: circle.id, tenant_id: site.tenant.id };
        store::queries::follows::follow(&app.db, w.person, target).await.unwrap();
    }
    let by_id = |page: &Value, id: i64| -> Value {
        page["data"].as_array().unwrap().iter().find(|c| c["id"] == id).cloned().expect("listed")
    };
    let tie = |item: &Value| {
        (item["membership_type"].clone(), item["membership_status"].clone(), item["membership_role"].clone())
    };

    let own = app.get("/api/v1/connections/?page_size=50").token(&app.token_for(w.person)).send().await.json();
    assert_eq!(own["pagination"]["count"], 7);
    assert_eq!(tie(&by_id(&own, w.public_circle)), (json!("member"), json!("accepted"), json!("leader")));
    assert_eq!(tie(&by_id(&own, w.private_circle)), (json!("member"), json!("accepted"), json!("member")));
    assert_eq!(tie(&by_id(&own, w.org)), (json!("member"), json!("accepted"), json!("member")));
    assert_eq!(tie(&by_id(&own, applied.id)), (json!("member"), json!("pending"), json!("member")));
    assert_eq!(tie(&by_id(&own, refused.id)), (json!("follower"), json!("rejected"), Value::Null));
    assert_eq!(tie(&by_id(&own, w.followed_event)), (json!("follower"), Value::Null, Value::Null));
    for group in [w.public_circle, applied.id, w.followed_event] {
        assert_eq!(by_id(&own, group)["is_followed"], Value::Null, "groups carry no is_followed");
    }
    // People: whether the caller follows them; no membership fields.
    let fay = by_id(&own, w.followed);
    assert_eq!(fay["is_followed"], true);
    assert_eq!(tie(&fay), (Value::Null, Value::Null, Value::Null));

    // Someone else looking at the person's connections: the ties stay the person's, the
    // follow is the caller's.
    let path = format!("/api/v1/connections/user/{}/?page_size=50", w.person);
    let viewer = app.add_member("viewer@example.com", &site, "member").await;
    let seen = app.get(&path).token(&app.token_for(viewer.id)).send().await.json();
    assert_eq!(tie(&by_id(&seen, w.public_circle)), (json!("member"), json!("accepted"), json!("leader")));
    assert_eq!(tie(&by_id(&seen, applied.id)), (json!("member"), json!("pending"), json!("member")));
    assert_eq!(by_id(&seen, w.followed)["is_followed"], false);
    store::queries::follows::follow(&app.db, viewer.id, store::queries::follows::Target::User(w.followed))
        .await
        .unwrap();
    let seen = app.get(&path).token(&app.token_for(viewer.id)).send().await.json();
    assert_eq!(by_id(&seen, w.followed)["is_followed"], true);
    let guest = app.get(&path).send().await.json();
    assert_eq!(by_id(&guest, w.followed)["is_followed"], false);
    assert_eq!(tie(&by_id(&guest, w.followed_event)), (json!("follower"), Value::Null, Value::Null));
}

/// Connect shows 12 connections a page (spec 002 §2, §9): both lists default to 12, and a
/// page size may go up to 500 (more is capped).
#[tokio::test]
async fn connections_default_to_twelve_a_page() {
    use store::queries::follows::{follow, Target};
    let app = TestApp::new().await;
    let site = app.default_tenant.clone();
    let person = app.add_member("pat@example.com", &site, "member").await;
    for i in 0..13 {
        let other = app.add_member(&format!("p{i}@example.com"), &site, "member").await;
        follow(&app.db, person.id, Target::User(other.id)).await.unwrap();
    }
    let token = app.token_for(person.id);
    // 13 people followed and the organization joined: 14 connections.
    for path in ["/api/v1/connections/".to_string(), format!("/api/v1/connections/user/{}/", person.id)] {
        let page = app.get(&path).token(&token).send().await.json();
        assert_eq!(page["pagination"]["count"], 14, "{path}");
        assert_eq!(ids(&page).len(), 12, "{path}");
        assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"), "{path}");
        let second = app.get(&format!("{path}?page=2")).token(&token).send().await.json();
        assert_eq!(ids(&second).len(), 2, "{path}");
        let big = app.get(&format!("{path}?page_size=5000")).token(&token).send().await.json();
        assert_eq!(ids(&big).len(), 14, "{path}");
        assert_eq!(big["pagination"]["next"], Value::Null, "{path}");
    }
}

/// Listing connections only reads: people without a profile yet show defaults, and a page
/// of 12 people costs the same queries as a page of 2.
#[tokio::test]
async fn connections_write_nothing_and_read_a_fixed_number_of_times() {
    use store::queries::follows::{follow, Target};

    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let site = app.default_tenant.clone();
    // The site is looked up once and then cached: warm it up first.
    app.get("/api/v1/circles/").send().await.assert_status(200);
    let mut reads = Vec::new();
    for (round, count) in [2, 12].into_iter().enumerate() {
        let person = app.add_member(&format!("pat{round}@example.com"), &site, "member").await;
        let mut followed = Vec::new();
        for i in 0..count {
            let other = app.add_member(&format!("f{round}-{i}@example.com"), &site, "member").await;
            follow(&app.db, person.id, Target::User(other.id)).await.unwrap();
            followed.push(other.id);
        }
        let token = app.token_for(person.id);
        log.clear();
        let page = app.get("/api/v1/connections/?type=user").token(&token).send().await;
        page.assert_status(200);
        let statements = log.taken();
        assert_eq!(ids(&page.json()).len(), count);
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new(), "listing writes nothing");
        assert_eq!(page.json()["data"][0]["slug"], "");
        reads.push(StatementLog::reads(&statements));
        for id in followed {
            assert!(store::queries::profiles::find_by_user(&app.db, id).await.unwrap().is_none());
        }
    }
    assert_eq!(reads[0], reads[1], "no query per connection");
}

/// A guest's page of someone's connections is kept per their generation and the site's: a
/// second view reads only the generations; what the person follows or joins, a card's new
/// title, a group's new name and leaving the site show at once; a signed-in viewer's follow
/// is their own.
#[tokio::test]
async fn a_kept_page_of_connections_shows_every_write_at_once() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let w = world_on(app).await;
    let app = &w.app;
    let path = format!("/api/v1/connections/user/{}/", w.person);
    let first = app.get(&path).send().await.json();
    log.clear();
    assert_eq!(app.get(&path).send().await.json(), first);
    let statements = log.taken();
    assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
    assert!(StatementLog::reads(&statements) <= 2, "a kept page of connections read {statements:#?}");

    // Private circles stay hidden from a guest whose view was kept.
    assert!(!ids(&first).contains(&w.private_circle));
    let own = app.get("/api/v1/connections/").token(&app.token_for(w.person)).send().await.json();
    assert!(ids(&own).contains(&w.private_circle));
    assert!(!ids(&app.get(&path).send().await.json()).contains(&w.private_circle));

    // A new follow, a new title and a renamed group show at once.
    let newcomer = app.add_member("nia@example.com", &app.default_tenant, "member").await;
    store::queries::follows::follow(&app.db, w.person, store::queries::follows::Target::User(newcomer.id))
        .await
        .unwrap();
    assert!(ids(&app.get(&path).send().await.json()).contains(&newcomer.id));
    app.patch_json("/api/v1/users/profile/", &app.token_for(w.followed), &json!({"title": "Captain"}))
        .await
        .assert_status(200);
    let page = app.get(&path).send().await.json();
    let card = page["data"].as_array().unwrap().iter().find(|c| c["id"] == w.followed && c["type"] == "user").unwrap();
    assert_eq!(card["description"], "Captain");
    {
        use sea_orm::{ActiveModelTrait, EntityTrait, Set};
        let mut renamed: store::entities::groups::ActiveModel =
            store::entities::groups::Entity::find_by_id(w.public_circle).one(&app.db).await.unwrap().unwrap().into();
        renamed.name = Set("Renamed Circle".into());
        renamed.update(&app.db).await.unwrap();
    }
    let page = app.get(&path).send().await.json();
    let circle = page["data"].as_array().unwrap().iter().find(|c| c["id"] == w.public_circle).unwrap();
    assert_eq!(circle["name"], "Renamed Circle");

    // The follow flag is the viewer's.
    let viewer = app.add_member("val@example.com", &app.default_tenant, "member").await;
    let viewer_token = app.token_for(viewer.id);
    store::queries::follows::follow(&app.db, viewer.id, store::queries::follows::Target::User(w.followed))
        .await
        .unwrap();
    let seen = app.get(&path).token(&viewer_token).send().await.json();
    let card = seen["data"].as_array().unwrap().iter().find(|c| c["id"] == w.followed && c["type"] == "user").unwrap();
    assert_eq!(card["is_followed"], true);
    let guest = app.get(&path).send().await.json();
    let card = guest["data"].as_array().unwrap().iter().find(|c| c["id"] == w.followed && c["type"] == "user").unwrap();
    assert_eq!(card["is_followed"], false);

    // Leaving the site's organization hides the page from others, not from the person.
    let membership = memberships::find(&app.db, w.org, w.person).await.unwrap().expect("the membership");
    memberships::delete(&app.db, membership.id).await.unwrap();
    app.get(&path).send().await.error(404);
    app.get(&path).token(&viewer_token).send().await.error(404);
    app.get(&path).token(&app.token_for(w.person)).send().await.assert_status(200);
}
