//! Invitations: who may invite, the Invite dialog's checks, the invitation page and its
//! answers, and an invitation to an address that signs up later.

use sea_orm::Set;
use serde_json::{json, Value};
use store::queries::memberships;

use crate::{
    common::{TestApp, TestResponse},
    membership::{alter_group, circle, date, id_of, mails_to, person, world},
};

async fn invite(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post_json("/api/v1/invite-users/", token, &body).await
}

/// The invitation id from the last mail to `to`.
async fn invitation_id(app: &TestApp, to: &str) -> String {
    let mail = mails_to(app, to).await.pop().expect("an invitation mail");
    let start = mail.text_body.find("/invitation/").expect("a link") + "/invitation/".len();
    let id: String = mail.text_body[start..].chars().take_while(char::is_ascii_alphanumeric).collect();
    assert!(mail.text_body.contains("http://localhost:8080/invitation/"), "the site's own link: {}", mail.text_body);
    assert_eq!(id.len(), 32);
    id
}

#[tokio::test]
async fn invites_are_checked_and_sent_by_members_and_administrators() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Invites", |_| {}).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bo, _) = person(&app, "bo@example.com").await;
    let base = |emails: Value| json!({"object_id": id, "content_type": "group", "users": [], "emails": emails});
    let e = invite(&app, &w.admin_token, base(json!("good@x.io, not-an-email"))).await.error(400);
    assert_eq!(e["field_errors"]["emails"][0], "Please enter a valid email address");
    let e = invite(&app, &w.admin_token, base(json!("a@x.io,A@x.io"))).await.error(400);
    assert_eq!(e["field_errors"]["emails"][0], "Email already added");
    let e = invite(&app, &w.admin_token, base(json!(""))).await.error(400);
    assert_eq!(e["non_field_errors"][0], "Please add at least one email address or select a user");
    let e = invite(&app, &w.admin_token, json!({"object_id": id, "content_type": "post", "emails": "a@x.io"}))
        .await
        .error(400);
    assert_eq!(e["field_errors"]["content_type"][0], "\"post\" is not a valid choice.");
    // Not yet a member: no right to invite.
    let e =
        invite(&app, &ada_token, json!({"object_id": id, "content_type": "group", "users": [bo.id]})).await.error(403);
    assert_eq!(e["detail"], "You do not have permission to invite people to this group.");
    memberships::upsert(&app.db, id, ada.id, "member", "accepted").await.unwrap();
    let answer = invite(
        &app,
        &ada_token,
        json!({"object_id": id, "content_type": "group", "users": [bo.id], "emails": ["x@y.org"]}),
    )
    .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Invitation sent successfully.");
    invitation_id(&app, "bo@example.com").await;
    invitation_id(&app, "x@y.org").await;
    // People of other sites are not offered.
    let stranger = app.add_user("stranger@example.com").await;
    let e = invite(&app, &w.admin_token, json!({"object_id": id, "users": [stranger.id]})).await.error(400);
    assert!(e["field_errors"]["users"][0].as_str().unwrap().starts_with("Invalid pk"));
    let e = invite(&app, &w.admin_token, json!({"object_id": id, "users": [ada.id]})).await.error(400);
    assert_eq!(e["field_errors"]["users"][0], "Test User is already a member of this circle.");
    // Once the circle has ended, members may no longer invite; administrators still may.
    alter_group(&app, id, |g| {
        g.application_open_date = Set(Some(date(-60)));
        g.application_close_date = Set(Some(date(-50)));
        g.start_date = Set(Some(date(-40)));
        g.end_date = Set(Some(date(-1)));
    })
    .await;
    invite(&app, &ada_token, json!({"object_id": id, "emails": "late@x.io"})).await.error(403);
    invite(&app, &w.admin_token, json!({"object_id": id, "emails": "late@x.io"})).await.assert_status(200);
}

/// A person chosen in the user search and also typed as an address gets one invitation.
#[tokio::test]
async fn a_person_chosen_and_typed_is_invited_once() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Once", |_| {}).await);
    let (bo, _) = person(&app, "bo@example.com").await;
    let body = json!({"object_id": id, "users": [bo.id], "emails": "BO@example.com, new@x.io"});
    invite(&app, &w.admin_token, body).await.assert_status(200);
    assert_eq!(mails_to(&app, "bo@example.com").await.len(), 1);
    assert_eq!(mails_to(&app, "new@x.io").await.len(), 1);
}

#[tokio::test]
async fn the_invitee_sees_and_accepts_even_a_full_invitation_only_circle() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = circle(&app, &w, "Inner Circle", |b| {
        b["publicity"] = json!("closed");
        b["maximum_size"] = json!(1);
    })
    .await;
    let id = id_of(&group);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bo, bo_token) = person(&app, "bo@example.com").await;
    invite(&app, &w.admin_token, json!({"object_id": id, "users": [ada.id, bo.id]})).await.assert_status(200);
    let ada_inv = invitation_id(&app, "ada@example.com").await;
    let bo_inv = invitation_id(&app, "bo@example.com").await;
    let page = app.get(&format!("/api/v1/invitation/{ada_inv}/")).token(&ada_token).send().await;
    page.assert_status(200);
    let data = page.json()["data"].clone();
    assert_eq!(data["type"], "group");
    assert_eq!(data["status"], "pending");
    assert_eq!(data["results"]["name"], "Inner Circle");
    assert_eq!(data["invited_by"], "Test User");
    app.get(&format!("/api/v1/invitation/{ada_inv}/")).token(&bo_token).send().await.error(404);
    app.get(&format!("/api/v1/invitation/{ada_inv}/")).token(&w.admin_token).send().await.assert_status(200);
    app.get(&format!("/api/v1/invitation/{ada_inv}/")).send().await.error(401);
    app.get("/api/v1/invitation/nope/").token(&ada_token).send().await.error(404);
    app.post(&format!("/api/v1/invitation/{ada_inv}/accept/")).token(&bo_token).send().await.error(403);
    app.post(&format!("/api/v1/invitation/{ada_inv}/maybe/")).token(&ada_token).send().await.error(400);
    let answer = app.post(&format!("/api/v1/invitation/{ada_inv}/accept/")).token(&ada_token).send().await;
    answer.assert_status(200);
    assert_eq!(answer.json()["redirect"], "/circle/inner-circle");
    assert_eq!(answer.json()["message"], "Successfully accepted invitation");
    let m = memberships::find(&app.db, id, ada.id).await.unwrap().unwrap();
    assert_eq!((m.status.as_str(), m.role.as_str(), m.waitlisted), ("accepted", "member", false));
    let e = app.post(&format!("/api/v1/invitation/{ada_inv}/accept/")).token(&ada_token).send().await.error(400);
    assert_eq!(e["non_field_errors"][0], "This invitation has already been answered.");
    let answer = app.post(&format!("/api/v1/invitation/{bo_inv}/reject/")).token(&bo_token).send().await;
    assert_eq!(answer.json()["message"], "Successfully rejected invitation");
    assert_eq!(memberships::find(&app.db, id, bo.id).await.unwrap(), None);
    // Another site does not know the invitation.
    let other = app.add_tenant("other.test", "Other Org").await;
    let _ = other;
    app.get(&format!("/api/v1/invitation/{bo_inv}/")).host("other.test").token(&bo_token).send().await.error(404);
}

#[tokio::test]
async fn an_invitation_to_an_address_survives_the_sign_up() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Newcomers", |_| {}).await);
    invite(&app, &w.admin_token, json!({"object_id": id, "emails": "Later@Example.com"})).await.assert_status(200);
    let inv = invitation_id(&app, "later@example.com").await;
    // They sign up afterwards with that address.
    let later = app.add_user("later@example.com").await;
    let token = app.token_for(later.id);
    let page = app.get(&format!("/api/v1/invitation/{inv}/")).token(&token).send().await;
    page.assert_status(200);
    let stored = store::queries::invitations::find(&app.db, app.default_tenant.tenant.id, &inv).await.unwrap().unwrap();
    assert_eq!(stored.user_id, Some(later.id), "the account now holds the invitation");
    let answer = app.post(&format!("/api/v1/invitation/{inv}/accept/")).token(&token).send().await;
    answer.assert_status(200);
    assert_eq!(memberships::find(&app.db, id, later.id).await.unwrap().unwrap().status, "accepted");
}

/// Accepting and rejecting one invitation at once: the answer is written only while the
/// invitation is pending, so one answer takes effect (with its membership) and the other
/// is told the invitation was answered.
#[tokio::test]
async fn two_answers_at_once_take_effect_once() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Raced", |_| {}).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    invite(&app, &w.admin_token, json!({"object_id": id, "users": [ada.id]})).await.assert_status(200);
    let inv = invitation_id(&app, "ada@example.com").await;
    let accept_path = format!("/api/v1/invitation/{inv}/accept/");
    let reject_path = format!("/api/v1/invitation/{inv}/reject/");
    let (accepted, rejected) =
        tokio::join!(app.post(&accept_path).token(&ada_token).send(), app.post(&reject_path).token(&ada_token).send(),);
    let mut statuses = [accepted.status.as_u16(), rejected.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400], "{} / {}", accepted.text(), rejected.text());
    let (winner, loser) = if accepted.status.as_u16() == 200 { (&accepted, &rejected) } else { (&rejected, &accepted) };
    assert_eq!(loser.error(400)["non_field_errors"][0], "This invitation has already been answered.");
    let stored = store::queries::invitations::find(&app.db, app.default_tenant.tenant.id, &inv).await.unwrap().unwrap();
    assert_eq!(stored.status, winner.json()["status"].as_str().unwrap());
    let member = memberships::find(&app.db, id, ada.id).await.unwrap();
    assert_eq!(member.is_some(), stored.status == "accepted", "a membership only with an acceptance");
}

/// Inviting reads a fixed number of times, however many people are invited (it used to
/// look up each user's memberships and each address's account one by one).
#[tokio::test]
async fn inviting_many_costs_the_reads_of_inviting_one() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let w = world(&app).await;
    let mut reads = Vec::new();
    for (round, count) in [1usize, 20].into_iter().enumerate() {
        let id = id_of(&circle(&app, &w, &format!("Round {round}"), |_| {}).await);
        let mut users = Vec::new();
        for i in 0..count {
            users.push(person(&app, &format!("u{round}-{i}@example.com")).await.0.id);
        }
        let emails: Vec<String> = (0..count).map(|i| format!("e{round}-{i}@example.org")).collect();
        // Half of the addresses have accounts.
        for email in emails.iter().step_by(2) {
            app.add_user(email).await;
        }
        log.clear();
        invite(&app, &w.admin_token, json!({"object_id": id, "users": users, "emails": emails.join(",")}))
            .await
            .assert_status(200);
        reads.push(StatementLog::reads(&log.taken()));
        assert_eq!(mails_to(&app, &format!("e{round}-0@example.org")).await.len(), 1);
    }
    assert_eq!(reads[0], reads[1], "no query per recipient");
}
