//! The circle programme: circle requests, leader applications and their review, the leader
//! certification, the circle leaders list, and the default organizations.

use chrono::{Datelike, Months, Utc};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{group_profiles, users},
    queries::{memberships, profiles as profile_q, tenants::TenantRecord, topics},
};

use crate::{
    common::TestApp,
    groups::{circle_body, topic},
};

fn month(offset: i32) -> String {
    let today = Utc::now().date_naive().with_day(1).unwrap();
    let date = if offset >= 0 {
        today.checked_add_months(Months::new(offset as u32)).unwrap()
    } else {
        today.checked_sub_months(Months::new((-offset) as u32)).unwrap()
    };
    date.format("%Y-%m").to_string()
}

fn request_body() -> Value {
    json!({
        "real_world_problems_to_solve": "Small farms cannot forecast demand",
        "goal": "Build a forecasting notebook together",
        "urgency": month(1),
        "hours_commitment": 2,
        "learning_modality": "in_person",
        "location": "Kenya",
    })
}

async fn mails(app: &TestApp) -> Vec<Value> {
    app.get("/dev/mailbox.json").send().await.json().as_array().unwrap().clone()
}

async fn make_staff(app: &TestApp, user: users::Model) -> users::Model {
    let mut active: users::ActiveModel = user.into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap()
}

fn answers() -> Value {
    json!({
        "motivation": "I love helping people learn",
        "experience": "Five years of mentoring",
        "topic": "Data science for farmers",
        "availability": "3-4 hours",
        "resume": "/media/uploads/cv.pdf",
    })
}

async fn apply(app: &TestApp, token: &str) -> Value {
    let answer =
        app.post("/api/v1/leader-applications/").token(token).json(&json!({"response": answers()})).send().await;
    answer.assert_status(201);
    answer.json()
}

// ------------------------------------------------------------ circle request

#[tokio::test]
async fn a_circle_request_is_stored_and_mailed_to_the_sites_administrators() {
    let app = TestApp::new().await;
    let admin = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let other = app.add_tenant("star.example", "Star").await;
    app.add_member("star-boss@example.com", &other, "admin").await;

    let answer =
        app.post("/api/v1/request-circle/").token(&app.token_for(member.id)).json(&request_body()).send().await;
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
    let answer = app.post("/api/v1/request-circle/").token(&app.token_for(member.id)).json(&remote).send().await;
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
        async move { app.post("/api/v1/request-circle/").token(&token).json(&body).send().await.error(400) }
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
        let e = app
            .post("/api/v1/request-circle/")
            .token(&app.token_for(user.id))
            .json(&request_body())
            .send()
            .await
            .error(403);
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
    app.post("/api/v1/request-circle/").token(&token).json(&json!({})).send().await.error(400);
    for _ in 0..10 {
        app.post("/api/v1/request-circle/").token(&token).json(&request_body()).send().await.assert_status(201);
    }
    let limited = app.post("/api/v1/request-circle/").token(&token).json(&request_body()).send().await;
    let e = limited.error(429);
    assert!(e["detail"].as_str().unwrap().starts_with("Too many attempts."), "{e}");
    assert!(limited.header("retry-after").is_some());
    // Someone else still may.
    let other = app.add_member("other@example.com", &app.default_tenant, "member").await;
    app.post("/api/v1/request-circle/")
        .token(&app.token_for(other.id))
        .json(&request_body())
        .send()
        .await
        .assert_status(201);
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
    app.post("/api/v1/app-config-group/").token(&app.token_for(admin.id)).json(&update).send().await.assert_status(200);
    let questions = app.get("/api/v1/leader-certification-questions/").send().await.json()["data"].clone();
    assert_eq!(
        questions,
        json!([{"id": "why", "label": "Why lead?", "type": "text", "required": true, "options": []}])
    );

    let bad = json!({"leader_certification_questions": [
        {"id": "x", "label": "", "type": "radio", "required": true, "options": []}
    ]});
    let e = app.post("/api/v1/app-config-group/").token(&app.token_for(admin.id)).json(&bad).send().await.error(400);
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
    let e = app.post("/api/v1/leader-applications/").token(&token).json(&body).send().await.error(400);
    let e = &e["field_errors"];
    assert_eq!(e["answers.motivation"][0], "This field is required");
    assert_eq!(e["answers.experience"][0], "This field is required");
    assert_eq!(e["answers.availability"][0], "Please select one of the options");
    assert_eq!(e["answers.resume"][0], "Upload a file.");
    let e = app
        .post("/api/v1/leader-applications/")
        .token(&token)
        .json(&json!({"response": answers(), "group": 999_999}))
        .send()
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
    let again =
        app.post("/api/v1/leader-applications/").token(&token).json(&json!({"response": answers()})).send().await;
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
    app.post(&path).token(&app.token_for(member.id)).json(&accept).send().await.error(403);
    app.post(&path).token(&app.token_for(applicant.id)).json(&accept).send().await.error(403);
    // Another site's administrator: not a reviewer here, and the application is not theirs to find.
    app.post(&path).token(&app.token_for(star_admin.id)).json(&accept).send().await.error(403);
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
    let answer = app.post(&path).token(&app.token_for(staff.id)).json(&accept).send().await;
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
    app.post("/api/v1/groups/").token(&token).json(&body).send().await.error(403);
    assert_eq!(app.get("/api/v1/leader-certifications/").token(&token).send().await.json()["data"], Value::Null);

    let id = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    let pending = app.get("/api/v1/leader-applications/?status=pending&all=true").token(&admin_token).send().await;
    pending.assert_status(200);
    let pending = pending.json();
    assert_eq!(pending["pagination"]["count"], 1);
    assert_eq!(pending["data"][0]["user_detail"]["name"], "Test User");
    let path = format!("/api/v1/leader-applications/{id}/review/");

    // The review's own rules.
    let e = app.post(&path).token(&admin_token).json(&json!({"action": "promote"})).send().await.error(400);
    assert_eq!(e["field_errors"]["action"][0], "\"promote\" is not a valid choice.");
    let e = app.post(&path).token(&admin_token).json(&json!({"action": "accept"})).send().await.error(400);
    assert_eq!(e["field_errors"]["certification_level"][0], "This field is required");
    let body_bad = json!({"action": "accept", "certification_level": 4, "topic_areas": [999_999]});
    let e = app.post(&path).token(&admin_token).json(&body_bad).send().await.error(400);
    assert_eq!(e["field_errors"]["certification_level"][0], "\"4\" is not a valid choice.");
    assert_eq!(e["field_errors"]["topic_areas"][0], "Invalid pk \"999999\" - object does not exist.");

    let review = json!({"action": "accept", "certification_level": 3, "topic_areas": [area.id]});
    let answer = app.post(&path).token(&admin_token).json(&review).send().await;
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
    let e = app.post(&path).token(&admin_token).json(&json!({"action": "reject"})).send().await.error(400);
    assert_eq!(e["non_field_errors"][0], "This application has already been reviewed.");

    // Now a circle of one's own, led by the new leader.
    let answer = app.post("/api/v1/groups/").token(&token).json(&body).send().await;
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
        .post(&format!("/api/v1/leader-applications/{first}/review/"))
        .token(&app.token_for(admin.id))
        .json(&json!({"action": "reject"}))
        .send()
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

async fn certify(app: &TestApp, user: &users::Model, level: i32, areas: &[i64]) -> i64 {
    certify_on(app, &app.default_tenant, user, level, areas).await
}

async fn group_profile(app: &TestApp, tenant: &TenantRecord, user: &users::Model, field: i64, function: i64) {
    let at = Utc::now();
    group_profiles::ActiveModel {
        group_id: Set(tenant.organization.id),
        user_id: Set(user.id),
        current_role: Set(None),
        job_function: Set(Some(function)),
        career_stage: Set(None),
        professional_field: Set(Some(field)),
        reason_to_join: Set(json!([])),
        is_certified: Set(false),
        extra_info: Set(json!({})),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
}

async fn named(app: &TestApp, email: &str, first: &str, last: &str, tenant: &TenantRecord) -> users::Model {
    let user = app.add_member(email, tenant, "member").await;
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first.into());
    active.last_name = Set(last.into());
    active.update(&app.db).await.unwrap()
}

#[tokio::test]
async fn circle_leaders_are_the_sites_certified_members_with_every_filter() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let data = topics::create_area(&app.db, tenant.tenant.id, "Data").await.unwrap().id;
    let health = topics::create_area(&app.db, tenant.tenant.id, "Health").await.unwrap().id;

    let ada = named(&app, "ada@example.com", "Ada", "Lovelace", &tenant).await;
    let grace = named(&app, "grace@example.com", "Grace", "Hopper", &tenant).await;
    let plain = named(&app, "plain@example.com", "Plain", "Member", &tenant).await;
    let outsider = app.add_user("outsider@example.com").await;
    let stella = named(&app, "stella@example.com", "Stella", "Star", &star).await;
    certify(&app, &ada, 2, &[data]).await;
    let grace_profile = certify(&app, &grace, 1, &[]).await;
    profile_q::ensure(&app.db, &plain).await.unwrap();
    certify(&app, &outsider, 3, &[data]).await; // certified, but not a member of this site
    certify_on(&app, &star, &stella, 3, &[]).await; // another site's leader
    group_profile(&app, &tenant, &ada, 7, 11).await;
    group_profile(&app, &tenant, &grace, 8, 12).await;
    // Grace's profile topic sits in the Health area.
    let new = topics::NewTopic {
        tenant_id: tenant.tenant.id,
        name: "Nursing",
        name_key: "nursing",
        topic_type: "general",
        topic_area_id: Some(health),
        group_id: None,
        created_by: None,
    };
    let nursing = topics::get_or_create(&app.db, new).await.unwrap().0.id;
    profile_q::set_topics(&app.db, grace_profile, "general", &[nursing]).await.unwrap();
    // Ada leads one circle and is a plain member of another.
    for (name, role) in [("Led", "leader"), ("Joined", "member")] {
        let circle = crate::groups::create(
            &app,
            &app.token_for(app.add_member(&format!("{name}@example.com"), &tenant, "admin").await.id),
            &circle_body(tenant.organization.id, topic(&app, &tenant, "AI").await, name),
        )
        .await;
        memberships::upsert(&app.db, circle["id"].as_i64().unwrap(), ada.id, role, memberships::STATUS_ACCEPTED)
            .await
            .unwrap();
    }

    let names = |json: Value| -> Vec<String> {
        json["data"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_string()).collect()
    };
    let all = app.get("/api/v1/circle-leaders/").send().await;
    all.assert_status(200);
    let all = all.json();
    assert_eq!(names(all.clone()), vec!["Ada Lovelace", "Grace Hopper"]);
    assert_eq!(all["data"][0]["no_of_circles_led"], 1);
    assert_eq!(all["data"][0]["certification_level"], 2);
    assert_eq!(all["data"][1]["no_of_circles_led"], 0);
    assert_eq!(all["data"][1]["topic_area_detailed"], json!([{"id": health, "name": "Health"}]));

    let get = |query: &'static str| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/circle-leaders/?{query}")).send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    assert_eq!(names(get("search=hopp").await), vec!["Grace Hopper"]);
    assert_eq!(names(get("search=ada%20love").await), vec!["Ada Lovelace"]);
    assert_eq!(names(get("search=a").await).len(), 2, "one character does not filter");
    assert_eq!(names(get("search=nobody").await), Vec::<String>::new());
    // A topic area from the certification or from the profile's topics.
    assert_eq!(names(get(Box::leak(format!("topic_area={data}").into_boxed_str())).await), vec!["Ada Lovelace"]);
    assert_eq!(names(get(Box::leak(format!("topic_area={health}").into_boxed_str())).await), vec!["Grace Hopper"]);
    assert_eq!(names(get("professional_field=8").await), vec!["Grace Hopper"]);
    assert_eq!(names(get("job_function=11").await), vec!["Ada Lovelace"]);
    assert_eq!(names(get("job_function=11,12&professional_field=all").await).len(), 2);
    let paged = get("page_size=1").await;
    assert_eq!(paged["pagination"]["count"], 2);
    assert!(paged["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let e = app.get("/api/v1/circle-leaders/?topic_area=abc").send().await.error(400);
    assert_eq!(e["field_errors"]["topic_area"][0], "A valid integer is required.");

    // The other site lists its own leader only.
    let theirs = app.get("/api/v1/circle-leaders/").host("star.example").send().await.json();
    assert_eq!(names(theirs), vec!["Stella Star"]);
}

// ------------------------------------------------------------ default organizations

async fn set_org(app: &TestApp, id: i64, change: impl FnOnce(&mut store::entities::groups::ActiveModel)) {
    use sea_orm::EntityTrait;
    let org = store::entities::groups::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    let mut active: store::entities::groups::ActiveModel = org.into();
    change(&mut active);
    active.update(&app.db).await.unwrap();
}

#[tokio::test]
async fn default_organizations_can_be_listed_and_joined_once() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    let secret = app.add_tenant("secret.example", "Secret").await;
    set_org(&app, secret.organization.id, |g| g.privacy = Set(20)).await;
    let user = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);

    app.get("/api/v1/groups/default-org/").send().await.error(401);
    let list = app.get("/api/v1/groups/default-org/").token(&token).send().await;
    list.assert_status(200);
    let list = list.json()["data"].as_array().unwrap().clone();
    let ids: Vec<i64> = list.iter().map(|o| o["id"].as_i64().unwrap()).collect();
    assert!(ids.contains(&app.default_tenant.organization.id) && ids.contains(&star.organization.id));
    assert!(!ids.contains(&secret.organization.id), "private organizations are not offered");
    let own = list.iter().find(|o| o["id"] == app.default_tenant.organization.id).unwrap();
    assert_eq!((own["is_default"].clone(), own["membership_status"].clone()), (json!(true), json!("accepted")));
    let theirs = list.iter().find(|o| o["id"] == star.organization.id).unwrap();
    assert_eq!((theirs["is_default"].clone(), theirs["membership_status"].clone()), (json!(false), Value::Null));
    assert_eq!(theirs["domain"], "star.example");
    assert_eq!(theirs["name_slug"], star.organization.slug.as_str());

    for _ in 0..2 {
        let answer = app
            .post("/api/v1/groups/default-org/")
            .token(&token)
            .header("x-forwarded-proto", "https")
            .json(&json!({"id": star.organization.id}))
            .send()
            .await;
        answer.assert_status(200);
        let data = answer.json()["data"].clone();
        assert_eq!(data["membership_status"], "accepted");
        assert_eq!(data["domain"], "star.example");
        assert_eq!(data["redirect"], "https://star.example/");
    }
    let rows = memberships::of_user_in(&app.db, user.id, &[star.organization.id]).await.unwrap();
    assert_eq!(rows.len(), 1, "joined once");
    // From the star site, the list now shows it as the default and joined.
    let list = app.get("/api/v1/groups/default-org/").host("star.example").token(&token).send().await.json();
    let theirs = list["data"].as_array().unwrap().iter().find(|o| o["id"] == star.organization.id).unwrap().clone();
    assert_eq!((theirs["is_default"].clone(), theirs["membership_status"].clone()), (json!(true), json!("accepted")));

    for body in [json!({"id": 999_999}), json!({"id": secret.organization.id}), json!({})] {
        let e = app.post("/api/v1/groups/default-org/").token(&token).json(&body).send().await.error(400);
        assert_eq!(e["non_field_errors"][0], "Could not join organization");
    }
}

#[tokio::test]
async fn a_closed_organization_takes_a_join_request() {
    let app = TestApp::new().await;
    let closed = app.add_tenant("closed.example", "Closed").await;
    set_org(&app, closed.organization.id, |g| g.join_mode = Set("closed".into())).await;
    let user = app.add_user("someone@example.com").await;
    let answer = app
        .post("/api/v1/groups/default-org/")
        .token(&app.token_for(user.id))
        .json(&json!({"id": closed.organization.id}))
        .send()
        .await;
    answer.assert_status(200);
    let json = answer.json();
    assert_eq!(json["data"]["membership_status"], "pending");
    assert_eq!(json["data"]["redirect"], "http://closed.example/");
    assert!(json["message"].as_str().unwrap().contains("waiting for approval"));
}

// ------------------------------------------------------------ certification per site

#[tokio::test]
async fn a_certification_counts_only_on_the_site_that_gave_it() {
    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let reviewer = app.add_member("boss@example.com", &home, "admin").await;
    let leader = app.add_member("leader@example.com", &home, "member").await;
    // The leader belongs to the other site too.
    memberships::upsert(&app.db, star.organization.id, leader.id, "member", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    let token = app.token_for(leader.id);
    let id = apply(&app, &token).await["data"]["id"].as_i64().unwrap();
    app.post(&format!("/api/v1/leader-applications/{id}/review/"))
        .token(&app.token_for(reviewer.id))
        .json(&json!({"action": "accept", "certification_level": 2}))
        .send()
        .await
        .assert_status(200);

    // Certified here: the own certification, the profile and the leaders list say so.
    let own = app.get("/api/v1/leader-certifications/").token(&token).send().await.json();
    assert_eq!(own["data"]["level_name"], "Intermediate");
    let slug = profile_q::find_by_user(&app.db, leader.id).await.unwrap().unwrap().name_slug;
    let page = app.get(&format!("/api/v1/users/profile/{slug}/")).send().await.json();
    assert_eq!(page["data"]["profile"]["leadership_certification_details"]["level"], 2);
    let leaders = app.get("/api/v1/circle-leaders/").send().await.json();
    assert_eq!(leaders["pagination"]["count"], 1);
    assert_eq!(leaders["data"][0]["id"], leader.id);
    let star_topic = topic(&app, &star, "Astronomy").await;
    let home_topic = topic(&app, &home, "Forecasting").await;
    app.post("/api/v1/groups/")
        .token(&token)
        .json(&circle_body(home.organization.id, home_topic, "Home circle"))
        .send()
        .await
        .assert_status(201);

    // Not on the other site: no circle there, not among its leaders, nothing on the profile.
    let e = app
        .post("/api/v1/groups/")
        .host("star.example")
        .token(&token)
        .json(&circle_body(star.organization.id, star_topic, "Star circle"))
        .send()
        .await
        .error(403);
    assert_eq!(
        e["detail"],
        "Creating a circle needs leadership certification on your profile or administrator rights on the parent group."
    );
    let theirs = app.get("/api/v1/circle-leaders/").host("star.example").send().await.json();
    assert_eq!(theirs["pagination"]["count"], 0);
    assert_eq!(theirs["data"], json!([]));
    let own = app.get("/api/v1/leader-certifications/").host("star.example").token(&token).send().await.json();
    assert_eq!(own["data"], Value::Null);
    let page = app.get(&format!("/api/v1/users/profile/{slug}/")).host("star.example").send().await.json();
    assert_eq!(page["data"]["profile"]["leadership_certification_details"], Value::Null);
    let me = app.get("/api/v1/identity/").host("star.example").token(&token).send().await;
    me.assert_status(200);
    assert_eq!(me.json()["data"]["profile"]["leadership_certification_details"], Value::Null, "{}", me.text());
    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    assert_eq!(me["data"]["profile"]["leadership_certification_details"]["level"], 2);
}

/// The migration moves a certification from the profile to the site that gave it.
#[tokio::test]
async fn legacy_profile_certifications_move_to_their_site() {
    use sea_orm::{
        sea_query::{Alias, Expr, ExprTrait, Query},
        ConnectionTrait,
    };
    use store::sea_orm_migration::MigratorTrait;

    let app = TestApp::new().await;
    let home = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let applied = app.add_member("applied@example.com", &home, "member").await;
    memberships::upsert(&app.db, star.organization.id, applied.id, "member", "accepted").await.unwrap();
    let star_only = app.add_member("star-only@example.com", &star, "member").await;
    let both = app.add_member("both@example.com", &home, "member").await;
    memberships::upsert(&app.db, star.organization.id, both.id, "member", "accepted").await.unwrap();
    let application = apply(&app, &app.token_for(applied.id)).await["data"]["id"].as_i64().unwrap();
    for user in [&applied, &star_only, &both] {
        profile_q::ensure(&app.db, user).await.unwrap();
    }

    // Back to before the table: the certification sat on the profile. Later migrations go
    // back first.
    let migrations = store::migrations::Migrator::migrations();
    let since = migrations.iter().rev().position(|m| m.name() == "m0010_leader_certifications").unwrap() + 1;
    store::migrations::Migrator::down(&app.db, Some(since as u32)).await.unwrap();
    let legacy = |user: &users::Model, details: Value| {
        Query::update()
            .table(Alias::new("profiles"))
            .value(Alias::new("leadership_certification_details"), details)
            .and_where(Expr::col(Alias::new("user_id")).eq(user.id))
            .to_owned()
    };
    let areas = json!({"level": 3, "level_name": "Advanced", "topic_areas": [5, 6],
        "certified_at": "2026-01-02T03:04:05+00:00", "application_id": application});
    app.db.execute(&legacy(&applied, areas)).await.unwrap();
    app.db.execute(&legacy(&star_only, json!({"level": 1, "application_id": null}))).await.unwrap();
    app.db.execute(&legacy(&both, json!({"level": 2}))).await.unwrap();
    store::migrations::Migrator::up(&app.db, None).await.unwrap();

    let on = |tenant: &TenantRecord, user: &users::Model| {
        let (db, tenant, user) = (app.db.clone(), tenant.tenant.id, user.id);
        async move { store::queries::programme::certification_of(&db, tenant, user).await.unwrap() }
    };
    // The application's site, with everything it said.
    let moved = on(&home, &applied).await.expect("moved to the application's site");
    assert_eq!((moved.level, moved.level_name.as_str()), (3, "Advanced"));
    assert_eq!(moved.topic_areas, json!([5, 6]));
    assert_eq!(moved.application_id, Some(application));
    assert_eq!(moved.certified_at.to_rfc3339(), "2026-01-02T03:04:05+00:00");
    assert_eq!(on(&star, &applied).await, None, "not on the other site the person belongs to");
    // Without an application: the only site the person belongs to…
    let star_cert = on(&star, &star_only).await.expect("the only site");
    assert_eq!((star_cert.level, star_cert.level_name.as_str(), star_cert.application_id), (1, "Basic", None));
    // …and nowhere when that is ambiguous.
    assert_eq!(on(&home, &both).await, None);
    assert_eq!(on(&star, &both).await, None);
}

#[tokio::test]
async fn reviewers_open_the_files_an_application_gives_by_id() {
    let app = TestApp::new().await;
    let reviewer = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let new = store::queries::files::NewFile {
        tenant_id: app.default_tenant.tenant.id,
        user_id: applicant.id,
        storage_key: "uploads/work-sample.pdf",
        name: "work-sample.pdf",
        content_type: "application/pdf",
        size: 10,
        kind: store::queries::files::KIND_DOCUMENT,
        purpose: "file",
        description: None,
        details: None,
    };
    let file = store::queries::files::insert(&app.db, new).await.unwrap().id;
    let mut response = answers();
    response["resume"] = json!(file);
    let token = app.token_for(applicant.id);
    let answer =
        app.post("/api/v1/leader-applications/").token(&token).json(&json!({"response": response})).send().await;
    answer.assert_status(201);
    assert!(answer.json()["data"].get("files").is_none(), "the applicant's own answer has no files");
    let id = answer.json()["data"]["id"].as_i64().unwrap();
    let expected = json!([{"id": file, "file": "http://localhost:8080/media/uploads/work-sample.pdf",
        "mime_type": "application/pdf", "name": "work-sample.pdf"}]);

    let all = app.get("/api/v1/leader-applications/?all=true").token(&app.token_for(reviewer.id)).send().await.json();
    assert_eq!(all["data"][0]["files"], expected);
    let own = app.get("/api/v1/leader-applications/").token(&token).send().await.json();
    assert!(own["data"][0].get("files").is_none());
    let reviewed = app
        .post(&format!("/api/v1/leader-applications/{id}/review/"))
        .token(&app.token_for(reviewer.id))
        .json(&json!({"action": "reject"}))
        .send()
        .await;
    reviewed.assert_status(200);
    assert_eq!(reviewed.json()["data"]["files"], expected);
}

/// Default-organization items carry spec 000 §3 Organization's fields: description and
/// membership_type, and membership_role beside role.
#[tokio::test]
async fn default_organization_items_carry_the_organization_fields() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    set_org(&app, star.organization.id, |g| {
        g.description = Set(Some("<p>Stars and such</p>".into()));
        g.membership_type = Set(Some("institutional".into()));
    })
    .await;
    let user = app.add_member("lead@example.com", &app.default_tenant, "leader").await;
    let list = app.get("/api/v1/groups/default-org/").token(&app.token_for(user.id)).send().await.json();
    let items = list["data"].as_array().unwrap();
    let own = items.iter().find(|o| o["id"] == app.default_tenant.organization.id).unwrap();
    assert_eq!((own["membership_role"].clone(), own["role"].clone()), (json!("leader"), json!("leader")));
    assert_eq!(own["membership_status"], "accepted");
    assert_eq!(own["membership_type"], Value::Null);
    let theirs = items.iter().find(|o| o["id"] == star.organization.id).unwrap();
    assert_eq!(theirs["description"], "<p>Stars and such</p>");
    assert_eq!(theirs["membership_type"], "institutional");
    assert_eq!((theirs["membership_role"].clone(), theirs["membership_status"].clone()), (Value::Null, Value::Null));
}

/// `POST /groups/{id}/join-default/` (spec 001 §7) is the body call with the id in the path:
/// the same answer, the same single membership and the same refusals.
#[tokio::test]
async fn join_default_takes_the_organization_from_the_path() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    let secret = app.add_tenant("secret.example", "Secret").await;
    set_org(&app, secret.organization.id, |g| g.privacy = Set(20)).await;
    let user = app.add_user("someone@example.com").await;
    let token = app.token_for(user.id);
    let path = format!("/api/v1/groups/{}/join-default/", star.organization.id);
    app.post(&path).send().await.error(401);
    let by_path = app.post(&path).token(&token).header("x-forwarded-proto", "https").send().await;
    by_path.assert_status(200);
    let by_body = app
        .post("/api/v1/groups/default-org/")
        .token(&token)
        .header("x-forwarded-proto", "https")
        .json(&json!({"id": star.organization.id}))
        .send()
        .await;
    by_body.assert_status(200);
    assert_eq!(by_path.json(), by_body.json(), "the same answer either way");
    assert_eq!(by_path.json()["data"]["redirect"], "https://star.example/");
    assert_eq!(by_path.json()["message"], "You are a member of Star.");
    let rows = memberships::of_user_in(&app.db, user.id, &[star.organization.id]).await.unwrap();
    assert_eq!(rows.len(), 1, "joined once");
    for id in ["999999".to_string(), secret.organization.id.to_string(), "abc".to_string()] {
        let e = app.post(&format!("/api/v1/groups/{id}/join-default/")).token(&token).send().await.error(400);
        assert_eq!(e["non_field_errors"][0], "Could not join organization", "{id}");
    }
}

// ------------------------------------------------------------ races

/// Two submissions at once: the "still under review" check and the insert run under one
/// lock, so exactly one application is created and the other is refused.
#[tokio::test]
async fn two_applications_at_once_leave_one_pending() {
    let app = TestApp::new().await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(applicant.id);
    let submit = || app.post("/api/v1/leader-applications/").token(&token).json(&json!({"response": answers()})).send();
    let (first, second) = tokio::join!(submit(), submit());
    let mut statuses = [first.status.as_u16(), second.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 400], "{} / {}", first.text(), second.text());
    let refused = if first.status.as_u16() == 400 { &first } else { &second };
    assert_eq!(refused.error(400)["non_field_errors"][0], "Your previous application is still under review.");
    let mine = app.get("/api/v1/leader-applications/").token(&token).send().await.json();
    assert_eq!(mine["pagination"]["count"], 1);
}

/// Two reviews of one application at once: the decision is written only while the
/// application is pending, so one review wins and the other is told it was reviewed.
#[tokio::test]
async fn two_reviews_at_once_decide_once() {
    let app = TestApp::new().await;
    let applicant = app.add_member("applicant@example.com", &app.default_tenant, "member").await;
    let first_reviewer = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let second_reviewer = app.add_member("boss2@example.com", &app.default_tenant, "admin").await;
    let id = apply(&app, &app.token_for(applicant.id)).await["data"]["id"].as_i64().unwrap();
    let path = format!("/api/v1/leader-applications/{id}/review/");
    let (a, b) = (app.token_for(first_reviewer.id), app.token_for(second_reviewer.id));
    let (accepted, rejected) = tokio::join!(
        app.post(&path).token(&a).json(&json!({"action": "accept", "certification_level": 2})).send(),
        app.post(&path).token(&b).json(&json!({"action": "reject"})).send(),
    );
    let mut statuses = [accepted.status.as_u16(), rejected.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400], "{} / {}", accepted.text(), rejected.text());
    let (winner, loser) = if accepted.status.as_u16() == 200 { (&accepted, &rejected) } else { (&rejected, &accepted) };
    assert_eq!(loser.error(400)["non_field_errors"][0], "This application has already been reviewed.");
    let decided = winner.json()["data"]["application_status"].as_str().unwrap().to_string();
    let certified =
        store::queries::programme::certification_of(&app.db, app.default_tenant.tenant.id, applicant.id).await.unwrap();
    assert_eq!(certified.is_some(), decided == "accepted", "the certification follows the one decision");
    // Exactly one decision mail went to the applicant.
    let to_applicant = mails(&app).await.into_iter().filter(|m| m["to"] == "applicant@example.com").count();
    assert_eq!(to_applicant, 1);
}
