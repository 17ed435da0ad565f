//! Bookmarks of circles and events (spec 002 §7 "Favourites fetch … group with group_type
//! circle or event"): `POST /bookmark/group/{id}/`, `DELETE /unbookmark/group/{id}/`,
//! `GET /bookmark/group/?group_type=…`, and `is_bookmarked` on the circle and event lists
//! and details — the rules and the hostile cases (twice, another site's circle, a private
//! circle, an organization).

use serde_json::{json, Value};

use crate::{
    common::TestApp,
    groups::{circle_body, topic},
    membership::{circle, event, id_of, person, world},
};

fn bookmark(id: i64) -> String {
    format!("/api/v1/bookmark/group/{id}/")
}

fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect()
}

fn flag(page: &Value, id: i64) -> bool {
    page["data"].as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["is_bookmarked"].as_bool().unwrap()
}

#[tokio::test]
async fn circles_and_events_are_bookmarked_once_and_listed_by_type() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let first = id_of(&circle(&app, &w, "First Circle", |_| {}).await);
    let second = id_of(&circle(&app, &w, "Second Circle", |_| {}).await);
    let meetup = id_of(&event(&app, &w, "Meetup", |_| {}).await);
    let (_, ada) = person(&app, "ada@example.com").await;
    let (_, bob) = person(&app, "bob@example.com").await;

    let answer = app.post(&bookmark(first)).token(&ada).send().await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Added to favourites");
    // Twice: still one bookmark.
    app.post(&bookmark(first)).token(&ada).send().await.assert_status(200);
    app.post(&bookmark(second)).token(&ada).send().await.assert_status(200);
    app.post(&bookmark(meetup)).token(&ada).send().await.assert_status(200);

    let circles = app.get("/api/v1/bookmark/group/?group_type=circle").token(&ada).send().await.json();
    assert_eq!(circles["pagination"]["count"], 2);
    assert_eq!(ids(&circles), vec![second, first], "most recently bookmarked first");
    assert!(circles["data"].as_array().unwrap().iter().all(|g| g["is_bookmarked"] == true));
    let events = app.get("/api/v1/bookmark/group/?group_type=event").token(&ada).send().await.json();
    assert_eq!(ids(&events), vec![meetup]);
    let one = app.get("/api/v1/bookmark/group/?group_type=circle&page_size=1&page=2").token(&ada).send().await.json();
    assert_eq!(ids(&one), vec![first]);
    // The type is required, and only circles and events are listed.
    for bad in ["", "?group_type=organization", "?group_type=nonsense"] {
        let e = app.get(&format!("/api/v1/bookmark/group/{bad}")).token(&ada).send().await.error(400);
        assert_eq!(e["field_errors"]["group_type"][0], "Choose circle or event.");
    }

    // The lists and details say who bookmarked what; others and guests see false.
    let list = app.get("/api/v1/circles/").token(&ada).send().await.json();
    assert!(flag(&list, first) && flag(&list, second));
    assert!(!flag(&app.get("/api/v1/circles/").token(&bob).send().await.json(), first));
    assert!(!flag(&app.get("/api/v1/circles/").send().await.json(), first));
    assert!(flag(&app.get("/api/v1/events/").token(&ada).send().await.json(), meetup));
    let detail = app.get(&format!("/api/v1/groups/{first}/")).token(&ada).send().await.json();
    assert_eq!(detail["data"]["is_bookmarked"], true);

    // Favourites are the caller's own.
    assert_eq!(
        app.get("/api/v1/bookmark/group/?group_type=circle").token(&bob).send().await.json()["pagination"]["count"],
        0
    );

    // Removing, twice.
    for _ in 0..2 {
        let answer = app.delete(&format!("/api/v1/unbookmark/group/{first}/")).token(&ada).send().await;
        answer.assert_status(200);
        assert_eq!(answer.json()["message"], "Removed from favourites");
    }
    let circles = app.get("/api/v1/bookmark/group/?group_type=circle").token(&ada).send().await.json();
    assert_eq!(ids(&circles), vec![second]);

    // Guests must sign in.
    app.post(&bookmark(second)).send().await.assert_status(401);
    app.get("/api/v1/bookmark/group/?group_type=circle").send().await.assert_status(401);
}

#[tokio::test]
async fn organizations_private_circles_and_other_sites_circles_cannot_be_bookmarked() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (_, ada) = person(&app, "ada@example.com").await;

    // An organization is followed, not bookmarked.
    let e = app.post(&bookmark(w.org)).token(&ada).send().await.error(404);
    assert_eq!(e["detail"], "Only circles and events can be bookmarked.");

    // A private circle Ada is not a member of: unknown to her.
    let private = id_of(&circle(&app, &w, "Private Circle", |b| b["privacy"] = json!(20)).await);
    app.post(&bookmark(private)).token(&ada).send().await.error(404);

    // Bookmarked while public, then made private: it leaves her favourites and lists.
    let hidden = id_of(&circle(&app, &w, "Soon Hidden", |_| {}).await);
    app.post(&bookmark(hidden)).token(&ada).send().await.assert_status(200);
    app.patch_json(&format!("/api/v1/groups/{hidden}/"), &w.admin_token, &json!({"privacy": 20}))
        .await
        .assert_status(200);
    let circles = app.get("/api/v1/bookmark/group/?group_type=circle").token(&ada).send().await.json();
    assert_eq!(circles["pagination"]["count"], 0, "a private group's bookmark does not leak");
    // She may still remove the bookmark she made.
    app.delete(&format!("/api/v1/unbookmark/group/{hidden}/")).token(&ada).send().await.assert_status(200);

    // Another site's circle, named on this site: 404, and nothing is stored.
    let site = app.add_tenant("other.example.com", "Other Org").await;
    let admin = app.add_member("admin@other.example.com", &site, "admin").await;
    let other_topic = topic(&app, &site, "Robotics").await;
    let answer = app
        .post("/api/v1/groups/")
        .host("other.example.com")
        .token(&app.token_for(admin.id))
        .json(&circle_body(site.organization.id, other_topic, "Other Site Circle"))
        .send()
        .await;
    answer.assert_status(201);
    let foreign = id_of(&answer.json()["data"]);
    app.post(&bookmark(foreign)).token(&ada).send().await.error(404);
    app.delete(&format!("/api/v1/unbookmark/group/{foreign}/")).token(&ada).send().await.error(404);
    assert_eq!(
        app.get("/api/v1/bookmark/group/?group_type=circle").token(&ada).send().await.json()["pagination"]["count"],
        0
    );
}
