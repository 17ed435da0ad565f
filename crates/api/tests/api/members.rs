//! Member management: the members list and its tabs and filters, who may see what, the
//! administrators' actions with the spec's messages and mails, and the CSV export.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{entities::users, queries::memberships};

use crate::{
    common::{TestApp, TestResponse},
    membership::{circle, event, id_of, join, mails_to, person, respond, status_of, upload_of, world, World},
};

async fn members(app: &TestApp, token: Option<&str>, group: i64, query: &str) -> TestResponse {
    app.get(&format!("/api/v1/groups/{group}/members/{query}")).token_if(token).send().await
}

fn names(page: &Value) -> Vec<String> {
    let mut out: Vec<String> =
        page["data"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

async fn rename(app: &TestApp, user: &users::Model, first: &str, last: &str, verified: bool) -> users::Model {
    let mut active: users::ActiveModel = user.clone().into();
    active.first_name = Set(first.into());
    active.last_name = Set(last.into());
    active.is_verified = Set(verified);
    active.update(&app.db).await.unwrap()
}

async fn post(app: &TestApp, token: &str, group: i64, call: &str, body: Value) -> TestResponse {
    app.post_json(&format!("/api/v1/groups/{group}/{call}/"), token, &body).await
}

/// A circle with Ada and Bo accepted (Bo unverified), Cy pending and Di rejected.
struct Crowd {
    w: World,
    id: i64,
    ada: users::Model,
    ada_token: String,
    bo: users::Model,
    cy: users::Model,
    di: users::Model,
}

async fn crowd(app: &TestApp) -> Crowd {
    let w = world(app).await;
    let id = id_of(&circle(app, &w, "Crowd", |_| {}).await);
    let (ada, ada_token) = person(app, "ada@example.com").await;
    let ada = rename(app, &ada, "Ada", "Lovelace", true).await;
    let (bo, bo_token) = person(app, "bo@example.com").await;
    let bo = rename(app, &bo, "Bo", "Unverified", false).await;
    let (cy, cy_token) = person(app, "cy@example.com").await;
    let cy = rename(app, &cy, "Cy", "Pending", true).await;
    let (di, di_token) = person(app, "di@example.com").await;
    let di = rename(app, &di, "Di", "Rejected", true).await;
    for token in [&ada_token, &bo_token, &cy_token, &di_token] {
        join(app, token, id, json!({})).await.assert_status(200);
    }
    respond(app, &w.admin_token, id, json!({"users": [ada.id, bo.id], "action": "accept"})).await.assert_status(200);
    respond(app, &w.admin_token, id, json!({"users": [di.id], "action": "reject", "notes": "Not a fit"}))
        .await
        .assert_status(200);
    Crowd { w, id, ada, ada_token, bo, cy, di }
}

#[tokio::test]
async fn administrators_list_every_tab_with_filters_paged_in_sql() {
    let app = TestApp::new().await;
    let c = crowd(&app).await;
    let admin = Some(c.w.admin_token.as_str());
    let page = members(&app, admin, c.id, "").await;
    page.assert_status(200);
    let body = page.json();
    assert_eq!(body["pagination"]["count"], 3, "leader, Ada and Bo");
    assert_eq!(names(&body), vec!["Ada Lovelace", "Bo Unverified", "Test User"]);
    let ada = body["data"].as_array().unwrap().iter().find(|m| m["id"] == c.ada.id).unwrap().clone();
    assert_eq!(ada["email"], "ada@example.com");
    assert_eq!(ada["membership_role"], "member");
    assert_eq!(ada["membership_status"], "accepted");
    assert_eq!(ada["membership_type"], "member");
    assert_eq!(ada["is_verified"], true);
    assert_eq!(names(&members(&app, admin, c.id, "?status=pending").await.json()), vec!["Cy Pending"]);
    let rejected = members(&app, admin, c.id, "?status=rejected").await.json();
    assert_eq!(names(&rejected), vec!["Di Rejected"]);
    assert_eq!(rejected["data"][0]["notes"], "Not a fit");
    assert_eq!(names(&members(&app, admin, c.id, "?is_verified=false").await.json()), vec!["Bo Unverified"]);
    assert_eq!(names(&members(&app, admin, c.id, "?role=leader,admin").await.json()), vec!["Test User"]);
    assert_eq!(names(&members(&app, admin, c.id, "?search=love").await.json()), vec!["Ada Lovelace"]);
    assert_eq!(names(&members(&app, admin, c.id, "?search=ada%20love").await.json()), vec!["Ada Lovelace"]);
    assert_eq!(names(&members(&app, admin, c.id, "?search=bo%40example").await.json()), vec!["Bo Unverified"]);
    assert_eq!(
        members(&app, admin, c.id, "?search=a").await.json()["pagination"]["count"],
        3,
        "1 character: no search"
    );
    let profile = store::queries::profiles::ensure(&app.db, &c.ada).await.unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.country = Set(Some("KE".into()));
    active.update(&app.db).await.unwrap();
    assert_eq!(names(&members(&app, admin, c.id, "?country=KE,UG").await.json()), vec!["Ada Lovelace"]);
    let paged = members(&app, admin, c.id, "?page_size=2").await.json();
    assert_eq!(paged["data"].as_array().unwrap().len(), 2);
    assert!(paged["pagination"]["next"].as_str().unwrap().contains("page=2"));
    members(&app, admin, c.id, "?status=gone").await.error(400);
}

#[tokio::test]
async fn others_see_only_accepted_members_without_private_details() {
    let app = TestApp::new().await;
    let c = crowd(&app).await;
    let page = members(&app, Some(&c.ada_token), c.id, "").await;
    page.assert_status(200);
    let body = page.json();
    assert_eq!(body["pagination"]["count"], 3);
    for item in body["data"].as_array().unwrap() {
        assert!(item["email"].is_null() && item["notes"].is_null() && item["extra_info"].is_null(), "{item}");
    }
    // The People tab is for signed-in users: a guest learns nothing about who belongs.
    let guest = members(&app, None, c.id, "").await;
    guest.error(401);
    assert!(!guest.text().contains("Lovelace"), "no names for guests");
    assert_eq!(members(&app, Some(&c.ada_token), c.id, "?search=bo%40example").await.json()["pagination"]["count"], 0);
    for query in ["?status=pending", "?status=rejected", "?is_verified=false"] {
        let e = members(&app, Some(&c.ada_token), c.id, query).await.error(403);
        assert_eq!(e["detail"], "You do not have permission to manage members.");
    }
    // A private circle's members are invisible to outsiders.
    let private = circle(&app, &c.w, "Private", |b| b["privacy"] = json!(20)).await;
    let (_, outsider) = person(&app, "out@example.com").await;
    members(&app, Some(&outsider), id_of(&private), "").await.error(404);
    members(&app, None, id_of(&private), "").await.error(401);
    members(&app, Some(&c.w.admin_token), id_of(&private), "").await.assert_status(200);
}

#[tokio::test]
async fn responding_to_requests_with_the_specs_messages_and_mails() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Requests", |_| {}).await);
    let (a, a_token) = person(&app, "a@example.com").await;
    let (b, b_token) = person(&app, "b@example.com").await;
    let (c, c_token) = person(&app, "c@example.com").await;
    for token in [&a_token, &b_token, &c_token] {
        join(&app, token, id, json!({})).await.assert_status(200);
    }
    let e = respond(&app, &w.admin_token, id, json!({"users": [a.id]})).await.error(400);
    assert_eq!(e["field_errors"]["action"][0], "Please select an action to perform.");
    let e = respond(&app, &w.admin_token, id, json!({"users": [], "action": "accept"})).await.error(400);
    assert_eq!(e["field_errors"]["users"][0], "Please select at least one member to proceed.");
    let e = respond(&app, &a_token, id, json!({"users": [b.id], "action": "accept"})).await.error(403);
    assert_eq!(e["detail"], "You do not have permission to manage members.");
    let one = respond(&app, &w.admin_token, id, json!({"users": [a.id], "action": "accept"})).await;
    assert_eq!(one.json()["message"], "Successfully accepted");
    let mails = mails_to(&app, "a@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "Your request to join Requests was accepted");
    // All or nothing: Ada is no longer pending, so the whole call is refused.
    let e = respond(&app, &w.admin_token, id, json!({"users": [a.id, b.id], "action": "reject"})).await.error(400);
    assert_eq!(e["field_errors"]["users"][0], format!("User {} has no pending request.", a.id));
    assert_eq!(status_of(&app, id, b.id).await, Some(("pending".into(), false)));
    let bulk =
        respond(&app, &w.admin_token, id, json!({"users": [b.id, c.id], "action": "reject", "notes": "Full"})).await;
    assert_eq!(bulk.json()["message"], "Members rejected successfully");
    assert_eq!(memberships::find(&app.db, id, c.id).await.unwrap().unwrap().notes.as_deref(), Some("Full"));
    assert!(mails_to(&app, "c@example.com").await[0].text_body.contains("Full"));
    // Another tenant's administrator cannot reach the group.
    let other = app.add_tenant("other.test", "Other Org").await;
    let stranger = app.add_member("boss@other.test", &other, "admin").await;
    app.post(&format!("/api/v1/groups/{id}/respond-join-request/"))
        .host("other.test")
        .token(&app.token_for(stranger.id))
        .json(&json!({"users": [b.id], "action": "accept"}))
        .send()
        .await
        .error(404);
}

#[tokio::test]
async fn adding_and_removing_members() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Managed", |_| {}).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let answer = post(&app, &w.admin_token, id, "add-member", json!({"user": ada.id, "role": "facilitator"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully added as facilitator");
    assert_eq!(status_of(&app, id, ada.id).await, Some(("accepted".into(), false)));
    assert_eq!(mails_to(&app, "ada@example.com").await.len(), 1);
    let e = post(&app, &w.admin_token, id, "add-member", json!({"user": ada.id, "role": "member"})).await.error(400);
    assert_eq!(e["non_field_errors"][0], "This user is already a member of this circle.");
    let (bo, _) = person(&app, "bo@example.com").await;
    let e = post(&app, &w.admin_token, id, "add-member", json!({"user": bo.id, "role": "attendee"})).await.error(400);
    assert_eq!(e["field_errors"]["role"][0], "\"attendee\" is not a valid choice.");
    let e = post(&app, &w.admin_token, id, "add-member", json!({"user": bo.id})).await.error(400);
    assert_eq!(e["field_errors"]["role"][0], "This field is required.");
    let stranger = app.add_user("nobody@example.com").await;
    let e =
        post(&app, &w.admin_token, id, "add-member", json!({"user": stranger.id, "role": "member"})).await.error(400);
    assert!(e["field_errors"]["user"][0].as_str().unwrap().starts_with("Invalid pk"), "not of this site");
    post(&app, &ada_token, id, "add-member", json!({"user": bo.id, "role": "member"})).await.error(403);
    let gala = event(&app, &w, "Gala", |_| {}).await;
    let answer =
        post(&app, &w.admin_token, id_of(&gala), "add-member", json!({"user": bo.id, "role": "volunteer"})).await;
    assert_eq!(answer.json()["message"], "Successfully added as volunteer");

    let e = post(&app, &w.admin_token, id, "remove-member", json!({"user": ada.id})).await.error(400);
    assert_eq!(e["field_errors"]["reason"][0], "This field is required.");
    let e =
        post(&app, &w.admin_token, id, "remove-member", json!({"user": w.admin.id, "reason": "x"})).await.error(400);
    assert_eq!(e["non_field_errors"][0], "You cannot remove yourself.");
    post(&app, &ada_token, id, "remove-member", json!({"user": w.admin.id, "reason": "x"})).await.error(403);
    let answer = post(&app, &w.admin_token, id, "remove-member", json!({"user": ada.id, "reason": "Spam posts"})).await;
    assert_eq!(answer.json()["message"], "Member removed successfully");
    let removed = memberships::find(&app.db, id, ada.id).await.unwrap().unwrap();
    assert_eq!((removed.status.as_str(), removed.reason.as_deref()), ("rejected", Some("Spam posts")));
    let mail = mails_to(&app, "ada@example.com").await.pop().unwrap();
    assert_eq!(mail.subject, "You were removed from Managed");
    assert!(mail.text_body.contains("Reason: Spam posts"));
    // A removed (rejected) user can be added again.
    post(&app, &w.admin_token, id, "add-member", json!({"user": ada.id, "role": "member"})).await.assert_status(200);
    let e = post(&app, &w.admin_token, id, "remove-member", json!({"user": bo.id, "reason": "x"})).await.error(400);
    assert_eq!(e["non_field_errors"][0], "This user is not a member of this circle.");
}

#[tokio::test]
async fn payment_confirmation_on_paid_groups() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let paid = id_of(
        &circle(&app, &w, "Paid", |b| {
            b["is_paid"] = json!(true);
            b["price"] = json!("10");
        })
        .await,
    );
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    post(&app, &w.admin_token, paid, "add-member", json!({"user": ada.id, "role": "member"})).await.assert_status(200);
    let payment = || async { memberships::find(&app.db, paid, ada.id).await.unwrap().unwrap().payment_status };
    assert_eq!(payment().await.as_deref(), Some("pending"));
    let answer =
        post(&app, &w.admin_token, paid, "payment-confirmation", json!({"user": ada.id, "action": "accept"})).await;
    assert_eq!(answer.json()["message"], "Successfully accepted payment status");
    assert_eq!(payment().await.as_deref(), Some("confirmed"));
    let seen = app.get(&format!("/api/v1/groups/{paid}/")).token(&ada_token).send().await.json();
    assert_eq!(seen["data"]["payment_status"], "confirmed");
    post(&app, &w.admin_token, paid, "payment-confirmation", json!({"user": ada.id, "action": "reject"}))
        .await
        .assert_status(200);
    assert_eq!(payment().await.as_deref(), Some("pending"));
    let e = post(&app, &w.admin_token, paid, "payment-confirmation", json!({"user": ada.id})).await.error(400);
    assert_eq!(e["field_errors"]["action"][0], "Please select an action to perform.");
    post(&app, &ada_token, paid, "payment-confirmation", json!({"user": ada.id, "action": "accept"})).await.error(403);
    let free = id_of(&circle(&app, &w, "Free", |_| {}).await);
    let e = post(&app, &w.admin_token, free, "payment-confirmation", json!({"user": w.admin.id, "action": "accept"}))
        .await
        .error(400);
    assert_eq!(e["non_field_errors"][0], "This circle is free: there is no payment to confirm.");
}

#[tokio::test]
async fn unverified_members_get_a_follow_up_mail() {
    let app = TestApp::new().await;
    let c = crowd(&app).await;
    let call = |ids: Value| post(&app, &c.w.admin_token, c.id, "followup-email-unverified", json!({"user_ids": ids}));
    let e = call(json!([])).await.error(400);
    assert_eq!(e["field_errors"]["user_ids"][0], "No users selected for follow-up email.");
    let e = call(json!([c.ada.id])).await.error(400);
    assert_eq!(
        e["field_errors"]["user_ids"][0],
        format!("User {} is not an unverified member of this group.", c.ada.id)
    );
    let before = mails_to(&app, "bo@example.com").await.len();
    let answer = call(json!([c.bo.id])).await;
    assert_eq!(answer.json()["message"], "Verification follow-up email sent successfully");
    let mails = mails_to(&app, "bo@example.com").await;
    assert_eq!(mails.len(), before + 1);
    assert!(mails.last().unwrap().subject.starts_with("Please verify your email address"));
    post(&app, &c.ada_token, c.id, "followup-email-unverified", json!({"user_ids": [c.bo.id]})).await.error(403);
    let _ = (&c.cy, &c.di);
}

#[tokio::test]
async fn the_csv_export_quotes_cells_and_guards_formulas() {
    let app = TestApp::new().await;
    let c = crowd(&app).await;
    rename(&app, &c.ada, "=HYPERLINK(\"evil\")", "Doe, Jr", true).await;
    let answer =
        app.get(&format!("/api/v1/groups/{}/export-group-membership/", c.id)).token(&c.w.admin_token).send().await;
    answer.assert_status(200);
    assert!(answer.header("content-type").unwrap().starts_with("text/csv"));
    assert!(answer.header("content-disposition").unwrap().contains("crowd-accepted-members.csv"));
    let text = answer.text();
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[0], "name,email,institution,role,status,joined_at,payment_status");
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        text.contains("\"'=HYPERLINK(\"\"evil\"\") Doe, Jr\",ada@example.com,,member,accepted,"),
        "quoted and guarded: {text}"
    );
    let pending = app
        .get(&format!("/api/v1/groups/{}/export-group-membership/?status=pending", c.id))
        .token(&c.w.admin_token)
        .send()
        .await;
    assert!(pending.text().contains("cy@example.com"));
    assert!(!pending.text().contains("ada@example.com"));
    app.get(&format!("/api/v1/groups/{}/export-group-membership/", c.id)).token(&c.ada_token).send().await.error(403);
}

#[tokio::test]
async fn system_agent_filters_are_checked_and_match_no_member_yet() {
    let app = TestApp::new().await;
    let c = crowd(&app).await;
    let admin = Some(c.w.admin_token.as_str());
    let filter = url::form_urlencoded::byte_serialize(br#"{"action":"accepted"}"#).collect::<String>();
    let page = members(&app, admin, c.id, &format!("?agent_response={filter}")).await;
    page.assert_status(200);
    assert_eq!(page.json()["pagination"]["count"], 0, "no system agent has answered about anyone");
    let e = members(&app, admin, c.id, "?system_agent_id=999999").await.error(400);
    assert_eq!(e["field_errors"]["system_agent_id"][0], "Invalid pk \"999999\" - object does not exist.");
    let bad = url::form_urlencoded::byte_serialize(br#"{"action":"maybe"}"#).collect::<String>();
    let e = members(&app, admin, c.id, &format!("?agent_response={bad}")).await.error(400);
    assert!(e["field_errors"]["agent_response"][0].as_str().unwrap().contains("not a valid choice"));
    members(&app, admin, c.id, "?agent_response=nope").await.error(400);
}

#[tokio::test]
async fn administrators_see_the_files_applicants_uploaded() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let questions = json!({"questions": [
        {"id": "why", "label": "Why?", "type": "text", "required": true},
        {"id": "cv", "label": "CV", "type": "file", "required": false}
    ]});
    let id = id_of(&circle(&app, &w, "With files", |b| b["extra_info"] = questions).await);
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bo, bo_token) = person(&app, "bo@example.com").await;
    let cv = upload_of(&app, &ada, "uploads/ada-cv.pdf", "cv.pdf", "application/pdf").await;
    join(&app, &ada_token, id, json!({"extra_info": {"answers": {"why": "Learn", "cv": cv}}})).await.assert_status(200);
    join(&app, &bo_token, id, json!({"extra_info": {"answers": {"why": "Curious"}}})).await.assert_status(200);

    let page = members(&app, Some(&w.admin_token), id, "?status=pending").await.json();
    let item = |page: &Value, user: i64| {
        page["data"].as_array().unwrap().iter().find(|m| m["id"] == user).cloned().expect("listed")
    };
    assert_eq!(
        item(&page, ada.id)["files"],
        json!([{"id": cv, "file": "http://localhost:8080/media/uploads/ada-cv.pdf", "mime_type": "application/pdf",
            "name": "cv.pdf"}])
    );
    assert_eq!(item(&page, ada.id)["extra_info"]["answers"]["cv"], cv);
    assert_eq!(item(&page, bo.id)["files"], json!([]));

    // Only the member's own files are opened: an id of someone else's file shows nothing.
    let row = memberships::find(&app.db, id, bo.id).await.unwrap().unwrap();
    let mut active: store::entities::memberships::ActiveModel = row.into();
    active.extra_info = Set(Some(json!({"answers": {"why": "Curious", "cv": cv}})));
    active.update(&app.db).await.unwrap();
    let page = members(&app, Some(&w.admin_token), id, "?status=pending").await.json();
    assert_eq!(item(&page, bo.id)["files"], json!([]));

    // Accepted: administrators still see the files; others never get the key.
    respond(&app, &w.admin_token, id, json!({"users": [ada.id], "action": "accept"})).await.assert_status(200);
    let page = members(&app, Some(&w.admin_token), id, "").await.json();
    assert_eq!(item(&page, ada.id)["files"][0]["id"], cv);
    members(&app, None, id, "").await.error(401);
    for token in [Some(ada_token.as_str()), Some(bo_token.as_str())] {
        let page = members(&app, token, id, "").await;
        page.assert_status(200);
        let page = page.json();
        let listed = item(&page, ada.id);
        assert!(listed.get("files").is_none(), "no files for {token:?}: {listed}");
        assert_eq!(listed["extra_info"], Value::Null);
    }
}

#[tokio::test]
async fn administrators_open_a_conference_abstract() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&event(&app, &w, "AI Summit", |b| b["event_type"] = json!("conference")).await);
    let (cy, token) = person(&app, "cy@example.com").await;
    let pdf = upload_of(&app, &cy, "uploads/abstract.pdf", "abstract.pdf", "application/pdf").await;
    let body = json!({"role": "presenter", "extra_info": {
        "participant_type": "presenter", "submission_type": "Workshop", "program_type": "Online Conference",
        "title": "Teaching with AI", "publication": "Not interested at this time", "abstract_file": pdf
    }});
    join(&app, &token, id, body).await.assert_status(200);
    let page = members(&app, Some(&w.admin_token), id, "?status=pending").await.json();
    assert_eq!(page["data"][0]["id"], cy.id);
    assert_eq!(
        page["data"][0]["files"],
        json!([{"id": pdf, "file": "http://localhost:8080/media/uploads/abstract.pdf", "mime_type": "application/pdf",
            "name": "abstract.pdf"}])
    );
}

/// Like leaving, removing cannot take a group's last accepted admin or leader away (an
/// administrator of the organization above could otherwise orphan a circle).
#[tokio::test]
async fn the_last_administrator_cannot_be_removed() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let id = id_of(&circle(&app, &w, "Led", |_| {}).await);
    let boss = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let boss_token = app.token_for(boss.id);
    let e = post(&app, &boss_token, id, "remove-member", json!({"user": w.admin.id, "reason": "Reshuffle"}))
        .await
        .error(400);
    assert_eq!(
        e["non_field_errors"][0],
        "This user is the last administrator of this circle. Make someone else an administrator before removing them."
    );
    assert_eq!(status_of(&app, id, w.admin.id).await, Some(("accepted".into(), false)));
    // With a second leader, the first may go.
    let (ada, _) = person(&app, "ada@example.com").await;
    post(&app, &boss_token, id, "add-member", json!({"user": ada.id, "role": "leader"})).await.assert_status(200);
    post(&app, &boss_token, id, "remove-member", json!({"user": w.admin.id, "reason": "Reshuffle"}))
        .await
        .assert_status(200);
    assert_eq!(status_of(&app, id, w.admin.id).await.unwrap().0, "rejected");
}
