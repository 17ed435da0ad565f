//! Recommended applicants of a job (spec 001 §7 "Recommended applicants"):
//! `GET /jobs/{id}/recommended-applicants/` — who is recommended, in which order, the
//! `extra_info_filter`, and who may ask.

use serde_json::{json, Value};
use store::{
    entities::users,
    queries::{
        groups as group_q, memberships,
        profiles::{self as profile_q},
    },
};

use crate::{
    common::TestApp,
    groups::certify_group_profile,
    jobs::{applicant, board, job_body, skill, Board, JOBS},
};

fn path(id: &Value) -> String {
    format!("{JOBS}{id}/recommended-applicants/")
}

fn names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|p| p["first_name"].as_str().unwrap().to_string()).collect()
}

/// A member of the site's organization with a name, skills, a country and registration answers.
async fn person(
    app: &TestApp,
    email: &str,
    first_name: &str,
    skills: &[i64],
    country: Option<&str>,
    extra: Value,
) -> users::Model {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    let mut active: users::ActiveModel = user.clone().into();
    use sea_orm::{ActiveModelTrait, Set};
    active.first_name = Set(first_name.into());
    let user = active.update(&app.db).await.unwrap();
    let profile = profile_q::ensure(&app.db, &user).await.unwrap();
    profile_q::set_topics(&app.db, profile.id, "skill", skills).await.unwrap();
    let fields = domain::profiles::ProfileFields { country: country.map(str::to_string), ..Default::default() };
    profile_q::save_fields(&app.db, profile, fields, None).await.unwrap();
    let extra: domain::profiles::ExtraInfo = serde_json::from_value(extra).unwrap();
    let group_fields = domain::profiles::GroupFields { extra, ..Default::default() };
    profile_q::save_group_profile(&app.db, None, app.default_tenant.organization.id, user.id, group_fields)
        .await
        .unwrap();
    user
}

struct Setup {
    b: Board,
    job: Value,
}

async fn setup() -> Setup {
    let b = board().await;
    let python = skill(&b.app, "Python").await;
    let sql = skill(&b.app, "SQL").await;
    let excel = skill(&b.app, "Excel").await;
    let mut body = job_body(b.org_id, "Data Analyst");
    body["job_status"] = json!("approved");
    body["skills"] = json!([python, sql]);
    body["countries"] = json!(["Kenya"]);
    let job = b.create(body).await;
    person(
        &b.app,
        "ada@example.com",
        "Ada",
        &[python, sql],
        None,
        json!({"department": "economics", "uni_batch": "2020"}),
    )
    .await;
    person(
        &b.app,
        "bea@example.com",
        "Bea",
        &[python],
        Some("kenya"),
        json!({"department": "Economics", "affiliation": "Alumni"}),
    )
    .await;
    person(&b.app, "cam@example.com", "Cam", &[python], None, json!({"department": "history", "uni_batch": "2021"}))
        .await;
    person(&b.app, "dan@example.com", "Dan", &[excel], None, json!({})).await;
    // Eve applied already; Fay asked to join and is still pending.
    let eve = person(&b.app, "eve@example.com", "Eve", &[python, sql], None, json!({})).await;
    profile_q::set_media(&b.app.db, &eve, profile_q::ProfileMedia::Resume, Some("/media/resumes/cv.pdf".into()))
        .await
        .unwrap();
    b.app
        .post_json(&format!("{JOBS}{}/apply/", job["id"]), &b.app.token_for(eve.id), &json!({}))
        .await
        .assert_status(200);
    let fay = b.app.add_user("fay@example.com").await;
    memberships::upsert(&b.app.db, b.org_id, fay.id, "member", memberships::STATUS_PENDING).await.unwrap();
    Setup { b, job }
}

#[tokio::test]
async fn members_who_have_not_applied_come_best_fit_first() {
    let Setup { b, job } = setup().await;
    let res = b.app.get(&path(&job["id"])).token(&b.admin_token).send().await;
    res.assert_status(200);
    let page = res.json();
    // Both skills; one skill and the job's country; one skill; none. Not Eve (applied), not
    // Fay (pending), not the administrator asking.
    assert_eq!(names(&page), vec!["Ada", "Bea", "Cam", "Dan"]);
    assert_eq!(page["pagination"]["count"], 4);
    assert_eq!(page["data"][0]["matching_skills"], 2);
    assert_eq!(page["data"][1]["same_country"], true);
    assert_eq!(page["data"][1]["country"], "kenya");
    assert_eq!(page["data"][3]["matching_skills"], 0);
    assert!(page["data"][0]["name_slug"].is_string());

    // Paged in the database.
    let first = b.app.get(&format!("{}?page_size=3", path(&job["id"]))).token(&b.admin_token).send().await.json();
    assert_eq!(names(&first), vec!["Ada", "Bea", "Cam"]);
    assert!(first["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let second =
        b.app.get(&format!("{}?page_size=3&page=2", path(&job["id"]))).token(&b.admin_token).send().await.json();
    assert_eq!(names(&second), vec!["Dan"]);
}

#[tokio::test]
async fn the_extra_info_filter_keeps_people_with_those_answers() {
    let Setup { b, job } = setup().await;
    let ask = |filter: Value| {
        let query: String = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("extra_info_filter", &filter.to_string())
            .finish();
        format!("{}?{query}", path(&job["id"]))
    };
    // Compared ignoring case: "economics" and "Economics".
    let page = b.app.get(&ask(json!({"department": "ECONOMICS"}))).token(&b.admin_token).send().await.json();
    assert_eq!(names(&page), vec!["Ada", "Bea"]);
    let page = b
        .app
        .get(&ask(json!({"department": "economics", "uni_batch": 2020})))
        .token(&b.admin_token)
        .send()
        .await
        .json();
    assert_eq!(names(&page), vec!["Ada"]);
    let page = b.app.get(&ask(json!({"affiliation": "alumni"}))).token(&b.admin_token).send().await.json();
    assert_eq!(names(&page), vec!["Bea"]);
    // Blank answers filter nothing.
    let page = b.app.get(&ask(json!({"affiliation": ""}))).token(&b.admin_token).send().await.json();
    assert_eq!(page["pagination"]["count"], 4);

    // Bad filters are a 400 on the field.
    let err =
        b.app.get(&format!("{}?extra_info_filter=%7Bnot-json", path(&job["id"]))).token(&b.admin_token).send().await;
    assert_eq!(err.error(400)["field_errors"]["extra_info_filter"][0], domain::jobs::recommend::MSG_NOT_OBJECT);
    let err = b.app.get(&ask(json!(["department"]))).token(&b.admin_token).send().await.error(400);
    assert!(err["field_errors"]["extra_info_filter"][0].is_string());
    let err = b.app.get(&ask(json!({"salary": "high"}))).token(&b.admin_token).send().await.error(400);
    assert!(err["field_errors"]["extra_info_filter"][0].as_str().unwrap().contains("salary"));
    let err = b.app.get(&ask(json!({"department": {"$ne": 1}}))).token(&b.admin_token).send().await.error(400);
    assert_eq!(err["field_errors"]["extra_info_filter"][0], "\"department\" must be a string.");
    // A hostile value is only a value.
    let page = b.app.get(&ask(json!({"department": "x' OR 1=1 --"}))).token(&b.admin_token).send().await.json();
    assert_eq!(page["pagination"]["count"], 0);
}

#[tokio::test]
async fn people_come_from_the_chosen_group_the_caller_administers() {
    let Setup { b, job } = setup().await;
    // A circle under the organization that the administrator leads, with one member.
    let circle = b.circle("Analytics circle", 0).await;
    let gus = person(&b.app, "gus@example.com", "Gus", &[], None, json!({})).await;
    memberships::upsert(&b.app.db, circle.id, gus.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    let page = b
        .app
        .get(&format!("{}?group_from_user_to_be_included={}", path(&job["id"]), circle.id))
        .token(&b.admin_token)
        .send()
        .await
        .json();
    assert_eq!(names(&page), vec!["Gus"]);

    // Another site's group, a missing one, or one the caller does not administer: 400 on the field.
    let other = b.app.add_tenant("other.example.com", "Other").await;
    for group in [other.organization.id, 999_999] {
        let err = b
            .app
            .get(&format!("{}?group_from_user_to_be_included={group}", path(&job["id"])))
            .token(&b.admin_token)
            .send()
            .await
            .error(400);
        assert!(err["field_errors"]["group_from_user_to_be_included"][0].as_str().unwrap().contains("Invalid pk"));
    }
    let err = b
        .app
        .get(&format!("{}?group_from_user_to_be_included=abc", path(&job["id"])))
        .token(&b.admin_token)
        .send()
        .await
        .error(400);
    assert!(err["field_errors"]["group_from_user_to_be_included"][0].is_string());
    // A group of the site that the caller does not administer.
    let elsewhere = group_q::insert(
        &b.app.db,
        b.app.default_tenant.tenant.id,
        &domain::groups::form::GroupForm {
            name: "Another institution".into(),
            group_type: "institution".into(),
            description: Some("<p>x</p>".into()),
            country: Some("KE".into()),
            ..Default::default()
        },
        0,
        gus.id,
    )
    .await
    .unwrap();
    let err = b
        .app
        .get(&format!("{}?group_from_user_to_be_included={}", path(&job["id"]), elsewhere.id))
        .token(&b.admin_token)
        .send()
        .await
        .error(400);
    assert_eq!(
        err["field_errors"]["group_from_user_to_be_included"][0],
        "You can only recommend people from groups you administer."
    );
}

#[tokio::test]
async fn only_the_jobs_administrators_may_ask() {
    let Setup { b, job } = setup().await;
    // Guests sign in; a member sees the job but does not administer it.
    b.app.get(&path(&job["id"])).send().await.assert_status(401);
    let (_, member) = applicant(&b.app, "m@example.com").await;
    b.app.get(&path(&job["id"])).token(&member).send().await.error(403);
    // A draft is invisible to members: 404, as every job call.
    let draft = b.create(job_body(b.org_id, "Draft")).await;
    b.app.get(&path(&draft["id"])).token(&member).send().await.error(404);
    b.app.get(&path(&draft["id"])).token(&b.admin_token).send().await.assert_status(200);
    // Another site's administrator, here or on their own site.
    let other = b.app.add_tenant("other.example.com", "Other").await;
    let outsider = b.app.add_member("o@example.com", &other, "admin").await;
    certify_group_profile(&b.app, other.organization.id, &outsider).await;
    let token = b.app.token_for(outsider.id);
    b.app.get(&path(&job["id"])).host("other.example.com").token(&token).send().await.error(404);
    b.app.get(&path(&json!(999_999))).token(&b.admin_token).send().await.error(404);
}
