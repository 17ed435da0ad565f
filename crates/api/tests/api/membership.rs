//! Joining and leaving groups: the rules of spec 001 §4, questions and the conference
//! registration, the messages of §8, and the wait list with seat promotion.

use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{emails, groups, users},
    queries::{files, memberships},
};

use crate::{
    common::{TestApp, TestResponse},
    groups::{certify_group_profile, circle_body, create, day, event_body, topic},
};

pub(crate) struct World {
    pub admin: users::Model,
    pub admin_token: String,
    pub org: i64,
    pub topic: i64,
}

pub(crate) async fn world(app: &TestApp) -> World {
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let topic = topic(app, &app.default_tenant, "Machine Learning").await;
    World { admin_token: app.token_for(admin.id), admin, org: app.default_tenant.organization.id, topic }
}

/// A circle created by the organization's admin, changed by `tweak` first.
pub(crate) async fn circle(app: &TestApp, w: &World, name: &str, tweak: impl FnOnce(&mut Value)) -> Value {
    let mut body = circle_body(w.org, w.topic, name);
    tweak(&mut body);
    create(app, &w.admin_token, &body).await
}

pub(crate) async fn event(app: &TestApp, w: &World, name: &str, tweak: impl FnOnce(&mut Value)) -> Value {
    certify_group_profile(app, w.org, &w.admin).await;
    let mut body = event_body(w.org, w.topic, name);
    tweak(&mut body);
    create(app, &w.admin_token, &body).await
}

/// A person of the site (an accepted member of its organization) and their token.
pub(crate) async fn person(app: &TestApp, email: &str) -> (users::Model, String) {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    (user, token)
}

pub(crate) fn id_of(group: &Value) -> i64 {
    group["id"].as_i64().unwrap()
}

pub(crate) async fn join(app: &TestApp, token: &str, group: i64, body: Value) -> TestResponse {
    app.post_json(&format!("/api/v1/groups/{group}/join/"), token, &body).await
}

pub(crate) async fn leave(app: &TestApp, token: &str, group: i64) -> TestResponse {
    app.post_json(&format!("/api/v1/groups/{group}/leave/"), token, &json!({})).await
}

pub(crate) async fn respond(app: &TestApp, token: &str, group: i64, body: Value) -> TestResponse {
    app.post_json(&format!("/api/v1/groups/{group}/respond-join-request/"), token, &body).await
}

pub(crate) async fn status_of(app: &TestApp, group: i64, user: i64) -> Option<(String, bool)> {
    memberships::find(&app.db, group, user).await.unwrap().map(|m| (m.status, m.waitlisted))
}

/// Every mail queued to `to`, oldest first.
pub(crate) async fn mails_to(app: &TestApp, to: &str) -> Vec<emails::Model> {
    let mut all = store::queries::mail::latest(&app.db, 500).await.unwrap();
    all.reverse();
    all.into_iter().filter(|m| m.to_address == to).collect()
}

/// Changes a group's row directly (dates in the past cannot be entered through the form).
pub(crate) async fn alter_group(app: &TestApp, id: i64, change: impl FnOnce(&mut groups::ActiveModel)) {
    let model = groups::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    let mut active: groups::ActiveModel = model.into();
    change(&mut active);
    active.update(&app.db).await.unwrap();
}

pub(crate) fn date(offset: i64) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(&day(offset), "%Y-%m-%d").unwrap()
}

pub(crate) async fn file_of(app: &TestApp, user: &users::Model, content_type: &str) -> i64 {
    upload_of(app, user, &format!("test/{}-{content_type}", user.id), "upload", content_type).await
}

/// A stored upload of `user` on the default site.
pub(crate) async fn upload_of(app: &TestApp, user: &users::Model, key: &str, name: &str, content_type: &str) -> i64 {
    let new = files::NewFile {
        tenant_id: app.default_tenant.tenant.id,
        user_id: user.id,
        storage_key: key,
        name,
        content_type,
        size: 10,
        kind: files::KIND_DOCUMENT,
        purpose: "file",
        description: None,
        details: None,
    };
    files::insert(&app.db, new).await.unwrap().id
}

fn non_field(answer: &TestResponse) -> String {
    answer.error(400)["non_field_errors"][0].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn joining_a_circle_goes_pending_and_shows_on_the_group() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "AI Circle", |_| {}).await;
    let (ada, token) = person(&app, "ada@example.com").await;
    let answer = join(&app, &token, id_of(&group), json!({})).await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["data"], json!({"membership_status": "pending", "role": "member", "waitlisted": false}));
    assert_eq!(body["message"], "Successfully applied to joined circle");
    assert!(body["warning"].is_null());
    let seen = app.get(&format!("/api/v1/groups/{}/", id_of(&group))).token(&token).send().await.json();
    assert_eq!(seen["data"]["membership_status"], "pending");
    assert_eq!(seen["data"]["role"], "member");
    assert_eq!(
        non_field(&join(&app, &token, id_of(&group), json!({})).await),
        "You have already applied to join this circle."
    );
    // A circle's join takes no other role.
    let (_, other) = person(&app, "bo@example.com").await;
    let e = join(&app, &other, id_of(&group), json!({"role": "leader"})).await.error(400);
    assert_eq!(e["field_errors"]["role"][0], "\"leader\" is not a valid choice.");
    // Rejected users may apply again.
    respond(&app, &w.admin_token, id_of(&group), json!({"users": [ada.id], "action": "reject"}))
        .await
        .assert_status(200);
    join(&app, &token, id_of(&group), json!({})).await.assert_status(200);
    assert_eq!(status_of(&app, id_of(&group), ada.id).await, Some(("pending".into(), false)));
    app.post(&format!("/api/v1/groups/{}/join/", id_of(&group))).json(&json!({})).send().await.error(401);
}

#[tokio::test]
async fn joining_is_refused_when_ended_closed_paid_or_not_open() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (_, token) = person(&app, "ada@example.com").await;
    let closed = circle(&app, &w, "Closed", |b| b["publicity"] = json!("closed")).await;
    assert_eq!(non_field(&join(&app, &token, id_of(&closed), json!({})).await), "This circle is invitation only.");
    let paid = circle(&app, &w, "Paid", |b| {
        b["is_paid"] = json!(true);
        b["price"] = json!("20");
    })
    .await;
    assert_eq!(
        non_field(&join(&app, &token, id_of(&paid), json!({})).await),
        "This circle is paid: join it through the pay flow."
    );
    let soon = circle(&app, &w, "Soon", |b| {
        b["application_open_date"] = json!(day(3));
        b["application_close_date"] = json!(day(10));
    })
    .await;
    assert_eq!(
        non_field(&join(&app, &token, id_of(&soon), json!({})).await),
        "Applications are not open for this circle."
    );
    let ended = circle(&app, &w, "Ended", |_| {}).await;
    alter_group(&app, id_of(&ended), |g| {
        g.application_open_date = Set(Some(date(-60)));
        g.application_close_date = Set(Some(date(-50)));
        g.start_date = Set(Some(date(-40)));
        g.end_date = Set(Some(date(-2)));
    })
    .await;
    assert_eq!(non_field(&join(&app, &token, id_of(&ended), json!({})).await), "This circle has ended.");
    let e = app.post_json("/api/v1/groups/999999/join/", &token, &json!({})).await.error(404);
    assert_eq!(e["detail"], "Group not found.");
}

#[tokio::test]
async fn an_open_organization_accepts_at_once_and_events_register_roles() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let outsider = app.add_user("new@example.com").await;
    let token = app.token_for(outsider.id);
    let answer = join(&app, &token, w.org, json!({})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["membership_status"], "accepted");
    assert_eq!(answer.json()["message"], "Successfully joined organization");
    assert_eq!(
        non_field(&join(&app, &token, w.org, json!({})).await),
        "You are already a member of this organization."
    );

    let workshop = event(&app, &w, "Prompting Workshop", |_| {}).await;
    let (_, ada) = person(&app, "ada@example.com").await;
    let answer = join(&app, &ada, id_of(&workshop), json!({})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully registered to Prompting Workshop");
    assert_eq!(answer.json()["data"]["role"], "attendee");
    let (_, bo) = person(&app, "bo@example.com").await;
    let answer = join(&app, &bo, id_of(&workshop), json!({"role": "presenter"})).await;
    assert_eq!(answer.json()["data"]["role"], "presenter");
    let (_, cy) = person(&app, "cy@example.com").await;
    let e = join(&app, &cy, id_of(&workshop), json!({"role": "admin"})).await.error(400);
    assert_eq!(e["field_errors"]["role"][0], "\"admin\" is not a valid choice.");
}

#[tokio::test]
async fn answers_are_checked_against_the_groups_questions() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "Questions", |_| {}).await;
    let id = id_of(&group);
    app.post_json(
        &format!("/api/v1/groups/{id}/questions/"),
        &w.admin_token,
        &json!({"questions": [
            {"id": "why", "label": "Why?", "type": "text", "required": true},
            {"id": "cv", "label": "CV", "type": "file", "required": false},
            {"id": "level", "label": "Level", "type": "radio", "options": ["New", "Expert"]}
        ]}),
    )
    .await
    .assert_status(200);
    let (ada, token) = person(&app, "ada@example.com").await;
    let (bo, _) = person(&app, "bo@example.com").await;
    let e = join(&app, &token, id, json!({"extra_info": {"answers": {"level": "Guru"}}})).await.error(400);
    assert_eq!(e["field_errors"]["answers.why"][0], "This field is required");
    assert_eq!(e["field_errors"]["answers.level"][0], "Please select one of the options");
    let theirs = file_of(&app, &bo, "application/pdf").await;
    let e = join(&app, &token, id, json!({"extra_info": {"answers": {"why": "Learn", "cv": theirs}}})).await.error(400);
    assert_eq!(e["field_errors"]["answers.cv"][0], "Upload a file.", "another user's file is refused");
    assert_eq!(status_of(&app, id, ada.id).await, None, "nothing was written");
    let mine = file_of(&app, &ada, "application/pdf").await;
    join(&app, &token, id, json!({"extra_info": {"answers": {"why": " Learn ", "cv": mine, "level": "New", "x": 1}}}))
        .await
        .assert_status(200);
    let stored = memberships::find(&app.db, id, ada.id).await.unwrap().unwrap().extra_info.unwrap();
    assert_eq!(stored, json!({"answers": {"why": "Learn", "cv": mine, "level": "New"}}));
    // Asking again is refused for what it is, not for the missing answers.
    assert_eq!(non_field(&join(&app, &token, id, json!({})).await), "You have already applied to join this circle.");
}

#[tokio::test]
async fn conference_registrations_are_checked() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let conf = event(&app, &w, "AI Summit", |b| b["event_type"] = json!("conference")).await;
    let id = id_of(&conf);
    let (ada, token) = person(&app, "ada@example.com").await;
    let e = join(&app, &token, id, json!({"extra_info": {}})).await.error(400);
    assert_eq!(e["field_errors"]["participant_type"][0], "Please select a participant type");
    let e = join(&app, &token, id, json!({"role": "presenter", "extra_info": {"participant_type": "presenter"}}))
        .await
        .error(400);
    let fields = &e["field_errors"];
    assert_eq!(fields["submission_type"][0], "Please select a submission type");
    assert_eq!(fields["program_type"][0], "Please select a program type");
    assert_eq!(fields["title"][0], "Please enter a title");
    assert_eq!(fields["publication"][0], "Please select a publication");
    assert_eq!(fields["abstract_file"][0], "Please submit an abstract text above or upload an pdf file here");
    let presenter = |file: i64| {
        json!({"role": "presenter", "extra_info": {
            "participant_type": "presenter", "submission_type": "Workshop", "program_type": "Online Conference",
            "title": "Teaching with AI", "publication": "Not interested at this time", "abstract_file": file,
            "dietary": "Vegetarian", "phone_number": "+254 700 000000"
        }})
    };
    let picture = file_of(&app, &ada, "image/png").await;
    let e = join(&app, &token, id, presenter(picture)).await.error(400);
    assert_eq!(e["field_errors"]["abstract_file"][0], "Please upload a pdf file.");
    let long = json!({"role": "presenter", "extra_info": {
        "participant_type": "presenter", "submission_type": "Workshop", "program_type": "Online Conference",
        "title": "T", "publication": "Not interested at this time", "abstract": vec!["word"; 251].join(" ")
    }});
    assert_eq!(join(&app, &token, id, long).await.error(400)["field_errors"]["abstract"][0], "Maximum 250 words");
    let pdf = file_of(&app, &ada, "application/pdf").await;
    let answer = join(&app, &token, id, presenter(pdf)).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["role"], "presenter");
    assert_eq!(answer.json()["message"], "Successfully registered to AI Summit");
    let stored = memberships::find(&app.db, id, ada.id).await.unwrap().unwrap().extra_info.unwrap();
    assert_eq!(stored["abstract_file"], pdf);
    assert_eq!(stored["dietary"], "Vegetarian");
    // An attendee needs nothing more; the participant type is the role.
    let (_, bo) = person(&app, "bo@example.com").await;
    let answer = join(&app, &bo, id, json!({"extra_info": {"participant_type": "attendee"}})).await;
    assert_eq!(answer.json()["data"]["role"], "attendee");
}

#[tokio::test]
async fn leaving_cancels_a_request_or_leaves_but_not_for_the_last_admin() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "Leavers", |_| {}).await;
    let id = id_of(&group);
    let (ada, token) = person(&app, "ada@example.com").await;
    assert_eq!(non_field(&leave(&app, &token, id).await), "You are not a member of this circle.");
    join(&app, &token, id, json!({})).await.assert_status(200);
    let answer = leave(&app, &token, id).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "You successfully canceled a request");
    assert_eq!(status_of(&app, id, ada.id).await, None);
    join(&app, &token, id, json!({})).await.assert_status(200);
    respond(&app, &w.admin_token, id, json!({"users": [ada.id], "action": "accept"})).await.assert_status(200);
    // Someone else cannot be made to leave.
    let other = app.post_json(&format!("/api/v1/groups/{id}/leave/"), &token, &json!({"user": w.admin.id})).await;
    other.error(403);
    let answer = leave(&app, &token, id).await;
    assert_eq!(answer.json()["message"], "You successfully left");
    assert_eq!(status_of(&app, id, ada.id).await, None);
    // The creator is the circle's only leader.
    assert_eq!(
        non_field(&leave(&app, &w.admin_token, id).await),
        "You are the last administrator of this circle. Make someone else an administrator before leaving."
    );
    assert_eq!(status_of(&app, id, w.admin.id).await, Some(("accepted".into(), false)));
}

#[tokio::test]
async fn a_full_circle_wait_lists_and_a_freed_seat_promotes_the_longest_waiting() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    // The creator (leader) counts as a member: one seat more for one participant.
    let group = circle(&app, &w, "Tiny", |b| b["maximum_size"] = json!(2)).await;
    let id = id_of(&group);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    let (c, c_token) = person(&app, "c@example.com").await;
    join(&app, &a_token, id, json!({})).await.assert_status(200);
    respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await.assert_status(200);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&b_token).send().await.json();
    assert_eq!(seen["data"]["is_full"], true);
    let answer = join(&app, &b_token, id, json!({})).await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["data"]["waitlisted"], true);
    assert_eq!(body["data"]["membership_status"], "pending");
    assert_eq!(
        body["warning"],
        "Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list."
    );
    join(&app, &c_token, id, json!({})).await.assert_status(200);
    let seen = app.get(&format!("/api/v1/groups/{id}/")).token(&c_token).send().await.json();
    assert_eq!(seen["data"]["waitlisted"], true);
    assert!(mails_to(&app, "b@example.com").await.is_empty());

    leave(&app, &a_token, id).await.assert_status(200);
    assert_eq!(status_of(&app, id, b.id).await, Some(("accepted".into(), false)), "B waited longest");
    assert_eq!(status_of(&app, id, c.id).await, Some(("pending".into(), true)), "C still waits");
    let mails = mails_to(&app, "b@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "A seat is free in Tiny");
    assert!(mails[0].text_body.contains("accepted"), "{}", mails[0].text_body);
    assert!(mails[0].text_body.contains("/circle/tiny"));

    // Removing an accepted member frees a seat too.
    app.post_json(
        &format!("/api/v1/groups/{id}/remove-member/"),
        &w.admin_token,
        &json!({"user": b.id, "reason": "Inactive"}),
    )
    .await
    .assert_status(200);
    assert_eq!(status_of(&app, id, c.id).await, Some(("accepted".into(), false)));
    assert_eq!(mails_to(&app, "c@example.com").await.len(), 1);
}

#[tokio::test]
async fn a_freed_seat_of_an_invitation_only_circle_goes_to_the_administrators() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "Quiet", |b| b["maximum_size"] = json!(2)).await;
    let id = id_of(&group);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    join(&app, &a_token, id, json!({})).await.assert_status(200);
    respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await.assert_status(200);
    join(&app, &b_token, id, json!({})).await.assert_status(200);
    alter_group(&app, id, |g| g.join_mode = Set("closed".into())).await;
    leave(&app, &a_token, id).await.assert_status(200);
    assert_eq!(status_of(&app, id, b.id).await, Some(("pending".into(), false)), "off the wait list, still pending");
    let mails = mails_to(&app, "b@example.com").await;
    assert!(mails[0].text_body.contains("awaits the administrators"), "{}", mails[0].text_body);
}

#[tokio::test]
async fn administrators_may_accept_beyond_the_maximum_size_with_a_warning() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Squeeze", |b| b["maximum_size"] = json!(2)).await);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    join(&app, &a_token, id, json!({})).await.assert_status(200);
    let answer = respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await;
    assert!(answer.json()["warning"].is_null(), "exactly full is not over");
    join(&app, &b_token, id, json!({})).await.assert_status(200);
    let answer = respond(&app, &w.admin_token, id, json!({"users": [b.id], "action": "accept"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully accepted");
    assert_eq!(answer.json()["warning"], "Sorry, maximum members limit already reached. The group now has 3 members.");
    assert_eq!(status_of(&app, id, b.id).await, Some(("accepted".into(), false)), "off the wait list");
}

/// A maximum size of 0 means none was set (the default 1000 seats of spec 001 §9): it
/// used to put every request on the wait list forever.
#[tokio::test]
async fn a_maximum_size_of_zero_wait_lists_no_one() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "Roomy", |b| b["maximum_size"] = json!(0)).await;
    assert_eq!(group["is_full"], false);
    let (_, token) = person(&app, "a@example.com").await;
    let answer = join(&app, &token, id_of(&group), json!({})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["waitlisted"], false);
    assert_eq!(answer.json()["warning"], Value::Null);
}

/// Raising the maximum size lets the longest-waiting requests into the new seats, in the
/// same transaction, with the same mails as a freed seat; setting it to 0 (none) lets the
/// rest in.
#[tokio::test]
async fn raising_the_maximum_size_promotes_the_wait_list() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    // The leader fills the only seat.
    let id = id_of(&circle(&app, &w, "Growing", |b| b["maximum_size"] = json!(1)).await);
    let mut waiting = Vec::new();
    for name in ["a", "b", "c"] {
        let (user, token) = person(&app, &format!("{name}@example.com")).await;
        let answer = join(&app, &token, id, json!({})).await;
        assert_eq!(answer.json()["data"]["waitlisted"], true);
        waiting.push(user);
    }
    let patch = |size: i64| {
        app.patch(&format!("/api/v1/groups/{id}/")).token(&w.admin_token).json(&json!({"maximum_size": size})).send()
    };
    let answer = patch(3).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["total_members"], 3);
    assert_eq!(status_of(&app, id, waiting[0].id).await, Some(("accepted".into(), false)));
    assert_eq!(status_of(&app, id, waiting[1].id).await, Some(("accepted".into(), false)));
    assert_eq!(status_of(&app, id, waiting[2].id).await, Some(("pending".into(), true)), "no seat for C yet");
    let mails = mails_to(&app, "a@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "A seat is free in Growing");
    assert!(mails_to(&app, "c@example.com").await.is_empty());
    // Lowering frees nothing; 0 means no maximum set.
    patch(2).await.assert_status(200);
    assert_eq!(status_of(&app, id, waiting[2].id).await, Some(("pending".into(), true)));
    patch(0).await.assert_status(200);
    assert_eq!(status_of(&app, id, waiting[2].id).await, Some(("accepted".into(), false)));
    assert_eq!(mails_to(&app, "c@example.com").await.len(), 1);
}
