//! Group endpoints no other suite covers: the lists filtered, SDGs, circle types, images, wait lists and invitations.

use axum::http::Method;
use serde_json::{json, Value};
use store::queries::memberships;

use super::{client_error, on_field, send_json};
use crate::{
    common::{add_topic, TestApp},
    groups::{certify_group_profile, circle_body, create, event_body, make_staff},
    membership::{circle, id_of, join, leave, mails_to, person, respond, status_of, world},
    uploads::{file, png, upload},
};

fn names_of(page: &Value) -> Vec<String> {
    let mut out: Vec<String> =
        page["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

#[tokio::test]
async fn the_groups_list_filters_by_type_search_and_parent_and_pages() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let alpha = id_of(&circle(&app, &w, "Alpha Circle", |_| {}).await);
    circle(&app, &w, "Beta Circle", |_| {}).await;
    circle(&app, &w, "Epsilon Circle", |b| b["parent_group"] = json!(alpha)).await;
    circle(&app, &w, "Hidden Circle", |b| b["privacy"] = json!(20)).await;
    create(&app, &w.admin_token, &event_body(w.org, w.topic, "Gamma Talk")).await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, &staff).await;
    let partner = json!({"name": "Delta Org", "group_type": "organization", "description": "x", "country": "KE"});
    create(&app, &app.token_for(staff.id), &partner).await;
    // Another site's groups never show.
    let other = app.add_tenant("other.example.com", "Other Org").await;
    let _ = other;
    let site_org = app.default_tenant.organization.name.clone();

    let list = |query: &str, token: Option<&str>| {
        let request = app.get(&format!("/api/v1/groups/{query}")).token_if(token);
        async move {
            let answer = request.send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    let all = list("", None).await;
    let mut expected = vec!["Alpha Circle", "Beta Circle", "Delta Org", "Epsilon Circle", "Gamma Talk", &site_org];
    expected.sort();
    assert_eq!(names_of(&all), expected, "guests see every public group of the site");
    assert_eq!(all["pagination"]["count"], 6);
    assert_eq!(
        list("", Some(&w.admin_token)).await["pagination"]["count"],
        7,
        "the administrator sees the private one"
    );
    assert_eq!(
        names_of(&list("?group_type=circle", None).await),
        vec!["Alpha Circle", "Beta Circle", "Epsilon Circle"]
    );
    let mut orgs = vec!["Delta Org".to_string(), site_org.clone()];
    orgs.sort();
    assert_eq!(names_of(&list("?group_type=organization", None).await), orgs);
    assert_eq!(names_of(&list("?group_type=event", None).await), vec!["Gamma Talk"]);
    assert_eq!(list("?group_type=circle,event", None).await["pagination"]["count"], 4);
    assert_eq!(names_of(&list("?search=alpha", None).await), vec!["Alpha Circle"]);
    assert_eq!(names_of(&list("?q=ALPHA%20circle", None).await), vec!["Alpha Circle"]);
    assert_eq!(list("?search=a", None).await["pagination"]["count"], 6, "one letter is no search");
    assert_eq!(list("?search=nothing-like-it", None).await["pagination"]["count"], 0);
    assert_eq!(names_of(&list(&format!("?parent_group={alpha}"), None).await), vec!["Epsilon Circle"]);
    assert_eq!(list(&format!("?parent_group={}&group_type=event", w.org), None).await["data"][0]["name"], "Gamma Talk");
    let page = list("?page_size=4", None).await;
    assert_eq!(page["data"].as_array().unwrap().len(), 4);
    assert_eq!(page["pagination"]["count"], 6);
    assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let second = list("?page_size=4&page=2", None).await;
    assert_eq!(second["data"].as_array().unwrap().len(), 2);
    assert!(second["pagination"]["next"].is_null());
    let mut both: Vec<String> = names_of(&page).into_iter().chain(names_of(&second)).collect();
    both.sort();
    assert_eq!(both, expected, "two pages hold every group once");
    assert_eq!(list("", None).await["data"].as_array().unwrap().len(), 6, "15 a page by default");
    let there = app.get("/api/v1/groups/").host("other.example.com").send().await.json();
    assert_eq!(names_of(&there), vec!["Other Org"]);
}

#[tokio::test]
async fn a_groups_sdgs_are_listed() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Goals", |b| b["relevant_sdgs"] = json!([13, 4])).await);
    let answer = app.get(&format!("/api/v1/groups/{id}/sdgs/")).send().await;
    answer.assert_status(200);
    let goals = answer.json()["data"].clone();
    let mut found: Vec<(i64, String)> = goals
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["number"].as_i64().unwrap(), s["name"].as_str().unwrap().to_string()))
        .collect();
    found.sort();
    assert_eq!(found, vec![(4, "Quality Education".to_string()), (13, "Climate Action".to_string())]);
    // The site's organization has none; a private circle is unknown to outsiders.
    let none = app.get(&format!("/api/v1/groups/{}/sdgs/", w.org)).send().await.json();
    assert_eq!(none["data"], json!([]));
    let hidden = id_of(&circle(&app, &w, "Hidden", |b| b["privacy"] = json!(20)).await);
    client_error("private", &app.get(&format!("/api/v1/groups/{hidden}/sdgs/")).send().await);
    app.get(&format!("/api/v1/groups/{hidden}/sdgs/")).token(&w.admin_token).send().await.assert_status(200);
    assert_eq!(app.get("/api/v1/groups/999999/sdgs/").send().await.error(404)["detail"], "Group not found.");
    app.get("/api/v1/groups/abc/sdgs/").send().await.error(400);
}

#[tokio::test]
async fn the_events_list_filters_by_search_career_stage_field_topic_area_and_country() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let tenant = app.default_tenant.tenant.id;
    let ai = store::queries::topics::create_area(&app.db, tenant, "AI and Data").await.unwrap().id;
    let lead = store::queries::topics::create_area(&app.db, tenant, "Leadership").await.unwrap().id;
    let topic_in = |name: &'static str, area: i64| add_topic(&app, tenant, name, "general", Some(area));
    let prompting = topic_in("Prompting", ai).await;
    let mentoring = topic_in("Mentoring", lead).await;
    let event = |name: &str, topic: i64, stage: &str, field: &str, country: &str| {
        let mut body = event_body(w.org, topic, name);
        body["career_stages"] = json!([stage]);
        body["professional_fields"] = json!([field]);
        body["countries"] = json!([country]);
        body
    };
    create(&app, &w.admin_token, &event("Prompting Workshop", prompting, "early_career", "3", "KE")).await;
    create(&app, &w.admin_token, &event("Leadership Talk", mentoring, "senior", "5", "FR")).await;
    // A circle just like the workshop is not an event.
    let mut twin = circle_body(w.org, prompting, "Prompting Circle");
    twin["professional_fields"] = json!(["3"]);
    twin["countries"] = json!(["KE"]);
    create(&app, &w.admin_token, &twin).await;

    let events = |query: String| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/events/?{query}")).send().await;
            answer.assert_status(200);
            names_of(&answer.json())
        }
    };
    let both = vec!["Leadership Talk".to_string(), "Prompting Workshop".to_string()];
    let workshop = vec!["Prompting Workshop".to_string()];
    let talk = vec!["Leadership Talk".to_string()];
    assert_eq!(events(String::new()).await, both);
    assert_eq!(events("search=prompting".into()).await, workshop);
    assert_eq!(events("q=leadership%20talk".into()).await, talk);
    assert_eq!(events("search=circle".into()).await, Vec::<String>::new());
    assert_eq!(events("career_stages=senior".into()).await, talk);
    assert_eq!(events("career_stage=early_career".into()).await, workshop);
    assert_eq!(events("career_stages=early_career,senior".into()).await, both);
    assert_eq!(events("career_stages=student".into()).await, Vec::<String>::new());
    assert_eq!(events("professional_fields=5".into()).await, talk);
    assert_eq!(events("professional_field=3".into()).await, workshop);
    assert_eq!(events("professional_fields=3,5".into()).await, both);
    assert_eq!(events(format!("topic_areas={ai}")).await, workshop);
    assert_eq!(events(format!("topic_area={lead}")).await, talk);
    assert_eq!(events(format!("topic_areas={ai},{lead}")).await, both);
    assert_eq!(events("topic_areas=999999".into()).await, Vec::<String>::new());
    assert_eq!(events("countries=FR".into()).await, talk);
    assert_eq!(events("country=KE".into()).await, workshop);
    assert_eq!(events("countries=KE,FR".into()).await, both);
    assert_eq!(events("countries=US".into()).await, Vec::<String>::new());
    assert_eq!(events("countries=all&career_stages=all".into()).await, both, "'all' is no filter");
    // Filters add up.
    assert_eq!(events(format!("career_stages=early_career&countries=KE&topic_areas={ai}")).await, workshop);
    assert_eq!(events("career_stages=early_career&countries=FR".into()).await, Vec::<String>::new());
    assert_eq!(events("search=talk&professional_fields=3".into()).await, Vec::<String>::new());
    let e = app.get("/api/v1/events/?topic_areas=abc").send().await.error(400);
    assert_eq!(e["field_errors"]["topic_areas"][0], "A valid integer is required.");
}

#[tokio::test]
async fn circle_types_are_the_sites_named_types() {
    let app = TestApp::new().await;
    let answer = app.get("/api/v1/circle-types/").send().await;
    answer.assert_status(200);
    let names: Vec<String> =
        answer.json()["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, vec!["Leadership Circle", "Learning Circle", "Research Circle", "Use Case Circle"]);
    assert!(answer.json()["data"].as_array().unwrap().iter().all(|t| t["id"].as_i64().is_some_and(|id| id > 0)));
    app.add_tenant("other.example.com", "Other Org").await;
    let there = app.get("/api/v1/circle-types/").host("other.example.com").send().await.json();
    let there: Vec<&str> = there["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(there, names, "every site starts with the same types");
}

#[tokio::test]
async fn cover_and_logo_uploads_need_an_administrator() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Pictured", |_| {}).await);
    let (member, member_token) = person(&app, "member@example.com").await;
    memberships::upsert(&app.db, id, member.id, "member", "accepted").await.unwrap();
    let cover = format!("/api/v1/groups/{id}/cover-image/");
    let logo = format!("/api/v1/groups/{id}/logo/");
    let e = upload(&app, &cover, Some(&member_token), vec![file("cover_image", "c.png", png(80, 40))]).await.error(403);
    assert_eq!(e["detail"], "You do not have permission to edit this group.");
    upload(&app, &logo, Some(&member_token), vec![file("logo", "l.png", png(40, 40))]).await.error(403);
    let e = upload(&app, &cover, None, vec![file("cover_image", "c.png", png(80, 40))]).await.error(401);
    assert_eq!(e["detail"], "Authentication credentials were not provided.");
    upload(&app, &logo, None, vec![file("logo", "l.png", png(40, 40))]).await.error(401);
    let group = app.get(&format!("/api/v1/groups/{id}/")).send().await.json();
    assert!(group["data"]["cover_image"].is_null() && group["data"]["logo"].is_null(), "nothing was stored");
    // A leader of the circle may.
    memberships::upsert(&app.db, id, member.id, "leader", "accepted").await.unwrap();
    let answer = upload(&app, &cover, Some(&member_token), vec![file("cover_image", "c.png", png(80, 40))]).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully updated cover image");
}

#[tokio::test]
async fn a_full_event_wait_lists_and_a_leaving_attendee_promotes_the_longest_waiting() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    certify_group_profile(&app, w.org, &w.admin).await;
    let mut body = event_body(w.org, w.topic, "Small Workshop");
    // The creator (admin) takes one of the two seats.
    body["maximum_size"] = json!(2);
    let event = create(&app, &w.admin_token, &body).await;
    let id = id_of(&event);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    let (c, c_token) = person(&app, "c@example.com").await;
    let first = join(&app, &a_token, id, json!({})).await;
    first.assert_status(200);
    assert_eq!(first.json()["data"], json!({"membership_status": "pending", "role": "attendee", "waitlisted": false}));
    assert_eq!(first.json()["message"], "Successfully registered to Small Workshop");
    respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await.assert_status(200);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&b_token).send().await.json();
    assert_eq!(seen["data"]["is_full"], true);

    let answer = join(&app, &b_token, id, json!({"role": "presenter"})).await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["data"], json!({"membership_status": "pending", "role": "presenter", "waitlisted": true}));
    assert_eq!(
        body["warning"],
        "Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list."
    );
    let answer = join(&app, &c_token, id, json!({})).await;
    assert_eq!(answer.json()["data"]["waitlisted"], true);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&c_token).send().await.json();
    assert_eq!(
        (seen["data"]["membership_status"].clone(), seen["data"]["waitlisted"].clone()),
        (json!("pending"), json!(true))
    );
    let pending = app.get(&format!("/api/v1/groups/{id}/members/?status=pending")).token(&w.admin_token).send().await;
    let waiting: Vec<(i64, bool)> = pending.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["id"].as_i64().unwrap(), m["waitlisted"].as_bool().unwrap()))
        .collect();
    assert_eq!(waiting.len(), 2);
    assert!(waiting.iter().all(|(_, w)| *w), "{waiting:?}");
    assert!(mails_to(&app, "b@example.com").await.is_empty());

    // The attendee leaves: the longest-waiting registrant gets the seat, keeps their role
    // and is mailed a link to the event.
    assert_eq!(leave(&app, &a_token, id).await.json()["message"], "You successfully left");
    assert_eq!(status_of(&app, id, b.id).await, Some(("accepted".into(), false)));
    assert_eq!(memberships::find(&app.db, id, b.id).await.unwrap().unwrap().role, "presenter");
    assert_eq!(status_of(&app, id, c.id).await, Some(("pending".into(), true)), "C still waits");
    let mails = mails_to(&app, "b@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "A seat is free in Small Workshop");
    assert!(mails[0].text_body.contains("accepted"), "{}", mails[0].text_body);
    assert!(mails[0].text_body.contains("/event/small-workshop"), "{}", mails[0].text_body);
    assert!(mails_to(&app, "c@example.com").await.is_empty());
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&b_token).send().await.json();
    assert_eq!(seen["data"]["membership_status"], "accepted");
    assert_eq!(seen["data"]["is_full"], true);
}

#[tokio::test]
async fn invite_emails_are_checked_with_the_dialogs_messages() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Invites", |_| {}).await);
    let (ada, _) = person(&app, "ada@example.com").await;
    let invite = |body: Value| {
        let app = &app;
        let token = w.admin_token.clone();
        async move { send_json(app, Method::POST, "/api/v1/invite-users/", &token, &body).await }
    };
    for emails in [
        json!("not-an-email"),
        json!("a@b"),
        json!("@example.com"),
        json!("a@@example.com"),
        json!("a b@example.com"),
        json!("good@example.com, bad"),
        json!(["good@example.com", "bad"]),
        json!(format!("{}@example.com", "x".repeat(300))),
        json!(true),
    ] {
        let e = invite(json!({"object_id": id, "emails": emails})).await;
        let body = on_field(&format!("{emails}"), &e, "emails");
        assert_eq!(body["field_errors"]["emails"][0], "Please enter a valid email address", "{emails}");
    }
    for emails in [json!("a@x.io, A@X.IO"), json!(["a@x.io", " a@x.io "]), json!("a@x.io;a@x.io")] {
        let e = invite(json!({"object_id": id, "emails": emails})).await;
        let body = on_field(&format!("{emails}"), &e, "emails");
        assert_eq!(body["field_errors"]["emails"][0], "Email already added", "{emails}");
    }
    for body in [
        json!({"object_id": id}),
        json!({"object_id": id, "emails": ""}),
        json!({"object_id": id, "emails": " , ; "}),
        json!({"object_id": id, "emails": null, "users": []}),
        json!({"object_id": id, "emails": []}),
    ] {
        let e = invite(body.clone()).await;
        let answer = on_field(&body.to_string(), &e, "non_field_errors");
        assert_eq!(answer["non_field_errors"][0], "Please add at least one email address or select a user", "{body}");
    }
    assert!(mails_to(&app, "a@x.io").await.is_empty(), "nothing was sent");
    // A user chosen twice is invited once.
    invite(json!({"object_id": id, "users": [ada.id, ada.id]})).await.assert_status(200);
    assert_eq!(mails_to(&app, "ada@example.com").await.len(), 1);
}
