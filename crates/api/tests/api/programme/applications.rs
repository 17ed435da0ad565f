//! Circle requests and applications to lead circles, and their review.

use serde_json::{json, Value};
use store::{
    entities::users,
    queries::{memberships, profiles as profile_q, tenants::TenantRecord, topics},
};

use super::{answers, apply, mails, make_staff, month, request_body};
use crate::{
    common::TestApp,
    groups::{circle_body, topic},
};

#[tokio::test]
async fn a_circle_request_is_stored_and_mailed_to_the_sites_administrators() {
    let app = TestApp::new().await;
    let admin = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let other = app.add_tenant("star.example", "Star").await;
    app.add_member("star-boss@example.com", &other, "admin").await;

    let answer = app.post_json("/api/v1/request-circle/", &app.token_for(member.id), &request_body()).await;
    answer.assert_status(201);
    let json = answer.json();
    assert_eq!(json["message"], "Your circle request has been submitted.");
    assert!(json["data"]["id"].as_i64().unwrap() > 0);
    assert_eq!(json["data"]["location"], "Kenya");
    assert_eq!(json["data"]["urgency"], month(1));

    let mails = mails(&app).await;
    let to: Vec<&str> = mails.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert!(to.contains(&admin.email.as_str()), "{to:?}");
    assert!(!to.contains(&"star-boss@example.com"), "another site's admins are not told");

    // Remote requests need no location, and drop one that is sent.
    let mut remote = request_body();
    remote["learning_modality"] = json!("remote");
    remote["urgency"] = json!(month(0));
    let answer = app.post_json("/api/v1/request-circle/", &app.token_for(member.id), &remote).await;
    answer.assert_status(201);
    assert_eq!(answer.json()["data"]["location"], Value::Null);

    app.post("/api/v1/request-circle/").json(&request_body()).send().await.error(401);
}

#[tokio::test]
async fn the_circle_request_form_is_checked_with_the_specs_messages() {
    let app = TestApp::new().await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);
    let post = |body: Value| {
        let token = token.clone();
        let app = &app;
        async move { app.post_json("/api/v1/request-circle/", &token, &body).await.error(400) }
    };

    let e = post(json!({})).await["field_errors"].clone();
    assert_eq!(e["real_world_problems_to_solve"][0], "This field is required");
    assert_eq!(e["goal"][0], "This field is required");
    assert_eq!(e["hours_commitment"][0], "This field is required");
    assert_eq!(e["urgency"][0], "Please select a month");
    assert_eq!(e["learning_modality"][0], "Please select an option");

    let mut body = request_body();
    body["location"] = json!("");
    body["hours_commitment"] = json!(0);
    body["learning_modality"] = json!("in_person");
    body["goal"] = json!("x".repeat(4001));
    body["urgency"] = json!(month(-1));
    let e = post(body).await["field_errors"].clone();
    assert_eq!(e["location"][0], "Please select a country");
    assert_eq!(e["hours_commitment"][0], "Ensure this value is greater than or equal to 1.");
    assert_eq!(e["goal"][0], "Ensure this field has no more than 4000 characters.");
    assert_eq!(e["urgency"][0], "Please select a month that is not in the past.");
    assert!(e.get("real_world_problems_to_solve").is_none());

    let mut body = request_body();
    body["learning_modality"] = json!("no_preference");
    body["urgency"] = json!("next month");
    let e = post(body).await["field_errors"].clone();
    assert_eq!(e["learning_modality"][0], "Please select an option");
    assert_eq!(e["urgency"][0], "Enter a valid month (YYYY-MM).");
    // Nothing was stored, so nobody was mailed.
    assert!(mails(&app).await.is_empty());
}

/// Only accepted members of the site's organization may ask for a circle (another site's
/// people, or pending ones, are 403), and each at most 10 times an hour (429 after).
#[tokio::test]
async fn circle_requests_need_a_member_of_the_site_and_are_rate_limited() {
    let app = TestApp::with_settings(api::Settings { rate_limits: true, ..api::Settings::for_tests() }).await;
    app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let star = app.add_tenant("star.example", "Star").await;
    let outsider = app.add_member("star@example.com", &star, "member").await;
    let pending = app.add_user("pending@example.com").await;
    memberships::upsert(&app.db, app.default_tenant.organization.id, pending.id, "member", "pending").await.unwrap();
    for user in [&outsider, &pending] {
        let e = app.post_json("/api/v1/request-circle/", &app.token_for(user.id), &request_body()).await.error(403);
        assert_eq!(
            e["detail"],
            format!(
                "Only members of {} can request a circle. Join the organization first.",
                app.default_tenant.organization.name
            )
        );
    }
    assert!(mails(&app).await.is_empty(), "nothing stored, nobody mailed");

    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);
    // A form with mistakes does not count.
    app.post_json("/api/v1/request-circle/", &token, &json!({})).await.error(400);
    for _ in 0..10 {
        app.post_json("/api/v1/request-circle/", &token, &request_body()).await.assert_status(201);
    }
    let limited = app.post_json("/api/v1/request-circle/", &token, &request_body()).await;
    let e = limited.error(429);
    assert!(e["detail"].as_str().unwrap().starts_with("Too many attempts."), "{e}");
    assert!(limited.header("retry-after").is_some());
    // Someone else still may.
    let other = app.add_member("other@example.com", &app.default_tenant, "member").await;
    app.post_json("/api/v1/request-circle/", &app.token_for(other.id), &request_body()).await.assert_status(201);
}

// ------------------------------------------------------------ leader applications

#[tokio::test]
async fn the_certification_questions_come_from_the_sites_configuration() {
    let app = TestApp::new().await;
    let answer = app.get("/api/v1/leader-certification-questions/").send().await;
    answer.assert_status(200);
    let questions = answer.json()["data"].as_array().unwrap().clone();
    assert_eq!(questions.len(), 5);
    assert_eq!(questions[0]["id"], "motivation");
    assert_eq!(questions[0]["required"], true);
    assert_eq!(questions[3]["type"], "radio");
    assert!(!questions[3]["options"].as_array().unwrap().is_empty());

    // An administrator replaces them.
    let admin = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let update = json!({"leader_certification_questions": [
        {"id": "why", "label": "Why lead?", "type": "text", "required": true, "options": []}
    ]});
    app.post_json("/api/v1/app-config-group/", &app.token_for(admin.id), &update).await.assert_status(200);
    let questions = app.get("/api/v1/leader-certification-questions/").send().await.json()["data"].clone();
    assert_eq!(
        questions,
        json!([{"id": "why", "label": "Why lead?", "type": "text", "required": true, "options": []}])
    );

    let bad = json!({"leader_certification_questions": [
        {"id": "x", "label": "", "type": "radio", "required": true, "options": []}
    ]});
    let e = app.post_json("/api/v1/app-config-group/", &app.token_for(admin.id), &bad).await.error(400);
    assert_eq!(e["field_errors"]["leader_certification_questions.0.label"][0], "Please enter question");
    assert_eq!(
        e["field_errors"]["leader_certification_questions.0.options"][0],
        "Please enter at least one option, one per line"
    );
}

#[tokio::test]
async fn applying_to_lead_checks_the_answers_and_allows_one_pending_application() {
    let app = TestApp::new().await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);

    let list = app.get("/api/v1/leader-applications/").token(&token).send().await;
    list.assert_status(200);
    assert_eq!(list.json()["data"], json!([]));
    app.get("/api/v1/leader-applications/").send().await.error(401);

    // Required answers and choices are checked.
    let body = json!({"response": {"motivation": " ", "availability": "Always", "resume": "javascript:alert(1)"}});
    let e = app.post_json("/api/v1/leader-applications/", &token, &body).await.error(400);
    let e = &e["field_errors"];
    assert_eq!(e["answers.motivation"][0], "This field is required");
    assert_eq!(e["answers.experience"][0], "This field is required");
    assert_eq!(e["answers.availability"][0], "Please select one of the options");
    assert_eq!(e["answers.resume"][0], "Upload a file.");
    let e = app
        .post_json("/api/v1/leader-applications/", &token, &json!({"response": answers(), "group": 999_999}))
        .await
        .error(400);
    assert_eq!(e["field_errors"]["group"][0], "Invalid pk \"999999\" - object does not exist.");

    let json = apply(&app, &token).await;
    assert_eq!(json["message"], "Your application has been submitted successfully.");
    let data = &json["data"];
    assert_eq!(data["application_status"], "pending");
    assert_eq!(data["response"]["resume"], "/media/uploads/cv.pdf");
    assert_eq!(data["user"], member.id);

    // While it is pending another is refused.
    let again = app.post_json("/api/v1/leader-applications/", &token, &json!({"response": answers()})).await;
    let e = again.error(400);
    assert_eq!(e["non_field_errors"][0], "Your previous application is still under review.");
    assert_eq!(e["message"], "Your previous application is still under review.");

    for path in ["/api/v1/leader-applications/", "/api/v1/certification-application/"] {
        let list = app.get(path).token(&token).send().await;
        list.assert_status(200);
        let list = list.json();
        assert_eq!(list["pagination"]["count"], 1, "{path}");
        assert_eq!(list["data"][0]["id"], data["id"], "{path}");
        assert_eq!(list["data"][0]["application_status"], "pending");
    }
    // Another member sees only their own (none).
    let other = app.add_member("other@example.com", &app.default_tenant, "member").await;
    let list = app.get("/api/v1/leader-applications/").token(&app.token_for(other.id)).send().await.json();
    assert_eq!(list["data"], json!([]));
    // …and may not list everyone's.
    app.get("/api/v1/leader-applications/?all=true").token(&app.token_for(other.id)).send().await.error(403);
}

#[tokio::test]
async fn only_staff_and_the_sites_administrators_review_applications() {
    let app = TestApp::new().await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let star = app.add_tenant("star.example", "Star").await;
    let star_admin = app.add_member("star-boss@example.com", &star, "admin").await;
    let id = apply(&app, &app.token_for(applicant.id)).await["data"]["id"].as_i64().unwrap();
    let path = format!("/api/v1/leader-applications/{id}/review/");
    let accept = json!({"action": "accept", "certification_level": 2});

    app.post(&path).json(&accept).send().await.error(401);
    app.post_json(&path, &app.token_for(member.id), &accept).await.error(403);
    app.post_json(&path, &app.token_for(applicant.id), &accept).await.error(403);
    // Another site's administrator: not a reviewer here, and the application is not theirs to find.
    app.post_json(&path, &app.token_for(star_admin.id), &accept).await.error(403);
    app.post(&path).host("star.example").token(&app.token_for(star_admin.id)).json(&accept).send().await.error(404);
    let star_list = app
        .get("/api/v1/leader-applications/?all=true")
        .host("star.example")
        .token(&app.token_for(star_admin.id))
        .send()
        .await;
    star_list.assert_status(200);
    assert_eq!(star_list.json()["pagination"]["count"], 0);
    let certified =
        store::queries::programme::certification_of(&app.db, app.default_tenant.tenant.id, applicant.id).await.unwrap();
    assert_eq!(certified, None, "nothing changed");

    // Staff may.
    let staff = make_staff(&app, app.add_user("staff@example.com").await).await;
    let answer = app.post_json(&path, &app.token_for(staff.id), &accept).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["application_status"], "accepted");
}

#[tokio::test]
async fn an_accepted_leader_is_certified_and_can_create_circles() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let admin = app.add_member("boss@example.com", &tenant, "admin").await;
    let leader = app.add_member("leader@example.com", &tenant, "member").await;
    let admin_token = app.token_for(admin.id);
    let token = app.token_for(leader.id);
    let area = topics::create_area(&app.db, tenant.tenant.id, "Data Science").await.unwrap();
    let topic = topic(&app, &tenant, "Forecasting").await;

    // Not certified yet: no circle of one's own.
    let body = circle_body(tenant.organization.id, topic, "Forecasting for Farmers");
    app.post_json("/api/v1/groups/", &token, &body).await.error(403);
    assert_eq!(app.get("/api/v1/leader-certifications/").token(&token).send().await.json()["data"], Value::Null);

    let id = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    let pending = app.get("/api/v1/leader-applications/?status=pending&all=true").token(&admin_token).send().await;
    pending.assert_status(200);
    let pending = pending.json();
    assert_eq!(pending["pagination"]["count"], 1);
    assert_eq!(pending["data"][0]["user_detail"]["name"], "Test User");
    let path = format!("/api/v1/leader-applications/{id}/review/");

    // The review's own rules.
    let e = app.post_json(&path, &admin_token, &json!({"action": "promote"})).await.error(400);
    assert_eq!(e["field_errors"]["action"][0], "\"promote\" is not a valid choice.");
    let e = app.post_json(&path, &admin_token, &json!({"action": "accept"})).await.error(400);
    assert_eq!(e["field_errors"]["certification_level"][0], "This field is required");
    let body_bad = json!({"action": "accept", "certification_level": 4, "topic_areas": [999_999]});
    let e = app.post_json(&path, &admin_token, &body_bad).await.error(400);
    assert_eq!(e["field_errors"]["certification_level"][0], "\"4\" is not a valid choice.");
    assert_eq!(e["field_errors"]["topic_areas"][0], "Invalid pk \"999999\" - object does not exist.");

    let review = json!({"action": "accept", "certification_level": 3, "topic_areas": [area.id]});
    let answer = app.post_json(&path, &admin_token, &review).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Application accepted.");

    let own = app.get("/api/v1/leader-certifications/").token(&token).send().await.json()["data"].clone();
    assert_eq!(own["level"], 3);
    assert_eq!(own["level_name"], "Advanced");
    assert_eq!(own["topic_areas"], json!([area.id]));
    assert_eq!(own["application_id"], id);
    assert!(own["certified_at"].as_str().is_some());
    // The profile carries it.
    let profile = profile_q::find_by_user(&app.db, leader.id).await.unwrap().unwrap();
    let page = app.get(&format!("/api/v1/users/profile/{}/", profile.name_slug)).send().await.json();
    assert_eq!(page["data"]["profile"]["leadership_certification_details"]["level"], 3);
    // The applicant was told.
    let mails = mails(&app).await;
    assert!(mails
        .iter()
        .any(|m| m["to"] == "leader@example.com" && m["subject"].as_str().unwrap().contains("certified")));

    // Reviewed once only.
    let e = app.post_json(&path, &admin_token, &json!({"action": "reject"})).await.error(400);
    assert_eq!(e["non_field_errors"][0], "This application has already been reviewed.");

    // Now a circle of one's own, led by the new leader.
    let answer = app.post_json("/api/v1/groups/", &token, &body).await;
    answer.assert_status(201);
    assert_eq!(answer.json()["data"]["role"], "leader");

    // The list of leaders shows them with the level, area and one circle led.
    let leaders = app.get("/api/v1/circle-leaders/").send().await.json();
    assert_eq!(leaders["pagination"]["count"], 1);
    let item = &leaders["data"][0];
    assert_eq!(item["id"], leader.id);
    assert_eq!(item["certification_level"], 3);
    assert_eq!(item["topic_area_detailed"], json!([{"id": area.id, "name": "Data Science"}]));
    assert_eq!(item["no_of_circles_led"], 1);
    assert_eq!(item["name_slug"], profile.name_slug.as_str());
}

#[tokio::test]
async fn a_rejected_applicant_is_told_and_may_apply_again() {
    let app = TestApp::new().await;
    let admin = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(applicant.id);
    let first = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    let answer = app
        .post_json(
            &format!("/api/v1/leader-applications/{first}/review/"),
            &app.token_for(admin.id),
            &json!({"action": "reject"}),
        )
        .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["application_status"], "rejected");
    assert_eq!(app.get("/api/v1/leader-certifications/").token(&token).send().await.json()["data"], Value::Null);
    assert!(mails(&app).await.iter().any(|m| m["to"] == "applicant@example.com"));

    let second = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    let list = app.get("/api/v1/leader-applications/").token(&token).send().await.json();
    let ids: Vec<i64> = list["data"].as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![second, first], "newest first");
    let pending = app
        .get("/api/v1/leader-applications/?all=true&status=pending")
        .token(&app.token_for(admin.id))
        .send()
        .await
        .json();
    assert_eq!(pending["pagination"]["count"], 1);
    assert_eq!(pending["data"][0]["id"], second);
}

// ------------------------------------------------------------ circle leaders

/// Certifies the user as a circle leader on the tenant; gives their profile id.
pub(crate) async fn certify_on(
    app: &TestApp,
    tenant: &TenantRecord,
    user: &users::Model,
    level: i32,
    areas: &[i64],
) -> i64 {
    let profile = profile_q::ensure(&app.db, user).await.unwrap();
    let certification = store::queries::programme::NewCertification {
        level,
        level_name: "x",
        topic_areas: areas,
        application_id: None,
    };
    store::queries::programme::set_certification(&app.db, tenant.tenant.id, user.id, certification).await.unwrap();
    profile.id
}
