//! The job board (issue 12): posting, visibility, the board's filters and search, applying,
//! reviewing, the applicants list and the CSV — the rules and the hostile cases.

use serde_json::{json, Value};
use store::{
    entities::{groups, users},
    queries::{
        groups as group_q, memberships,
        profiles::{self as profile_q, ProfileMedia},
    },
};

use crate::{
    common::{add_topic, StatementLog, TestApp},
    groups::{certify_group_profile, make_staff},
};

pub(crate) const JOBS: &str = "/api/v1/jobs/";

pub(crate) struct Board {
    pub app: TestApp,
    pub admin: users::Model,
    pub admin_token: String,
    pub org_id: i64,
}

pub(crate) async fn board_on(app: TestApp) -> Board {
    let site = app.default_tenant.clone();
    let admin = app.add_member("admin@example.com", &site, "admin").await;
    certify_group_profile(&app, site.organization.id, &admin).await;
    let admin_token = app.token_for(admin.id);
    Board { org_id: site.organization.id, admin, admin_token, app }
}

pub(crate) async fn board() -> Board {
    board_on(TestApp::new().await).await
}

pub(crate) async fn skill(app: &TestApp, name: &str) -> i64 {
    add_topic(app, app.default_tenant.tenant.id, name, "skill", None).await
}

pub(crate) fn job_body(group: i64, title: &str) -> Value {
    json!({
        "group": group,
        "title": title,
        "description": "<p>Help us build things.</p>",
        "job_location": "remote",
        "job_type": "full_time",
        "countries": ["Kenya"],
        "career_stages": ["early_career"],
    })
}

/// A member of the site with a resume on their profile.
pub(crate) async fn applicant(app: &TestApp, email: &str) -> (users::Model, String) {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    profile_q::set_media(&app.db, &user, ProfileMedia::Resume, Some("/media/resumes/cv.pdf".into())).await.unwrap();
    let token = app.token_for(user.id);
    (user, token)
}

impl Board {
    pub(crate) async fn create(&self, body: Value) -> Value {
        let res = self.app.post_json(JOBS, &self.admin_token, &body).await;
        res.assert_status(201);
        res.json()["data"].clone()
    }

    pub(crate) async fn published(&self, title: &str) -> Value {
        let mut body = job_body(self.org_id, title);
        body["job_status"] = json!("approved");
        self.create(body).await
    }

    /// A circle below the organization, made by the board's administrator, with this privacy.
    pub(crate) async fn circle(&self, name: &str, privacy: i16) -> groups::Model {
        let form = domain::groups::form::GroupForm {
            name: name.into(),
            group_type: "circle".into(),
            parent_group: Some(self.org_id),
            description: Some("<p>x</p>".into()),
            ..Default::default()
        };
        group_q::insert(&self.app.db, self.app.default_tenant.tenant.id, &form, privacy, self.admin.id).await.unwrap()
    }

    /// An approved "Hidden job" of a private circle that the board's administrator leads.
    pub(crate) async fn hidden_job(&self) -> Value {
        let private = self.circle("Secret circle", store::queries::visibility::PRIVACY_PRIVATE).await;
        memberships::upsert(&self.app.db, private.id, self.admin.id, "leader", memberships::STATUS_ACCEPTED)
            .await
            .unwrap();
        let mut body = job_body(private.id, "Hidden job");
        body["job_status"] = json!("approved");
        self.create(body).await
    }

    pub(crate) async fn patch(&self, id: i64, token: &str, body: Value) -> crate::common::TestResponse {
        self.app.patch_json(&format!("{JOBS}{id}/"), token, &body).await
    }
}

pub(crate) fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn an_administrator_posts_a_draft_publishes_it_and_members_then_see_it() {
    let b = board().await;
    let python = skill(&b.app, "Python").await;
    let mut body = job_body(b.org_id, "Data Analyst");
    body["skills"] = json!([python]);
    body["requirements"] = json!("<p>SQL</p><script>alert(1)</script>");
    body["extra_info"] = json!({"questions": [{"label": "Why us?", "type": "text", "required": true}]});
    let job = b.create(body).await;
    assert_eq!(job["job_status"], "pending");
    assert_eq!(job["slug"], "data-analyst");
    assert_eq!(job["is_administrator"], true);
    assert_eq!(job["requirements"], "<p>SQL</p>");
    assert_eq!(job["skills"], json!([python]));
    assert_eq!(job["skills_detailed"][0]["name"], "Python");
    assert_eq!(job["group"]["id"], b.org_id);
    assert_eq!(job["pending_members_count"], 0);
    assert_eq!(job["extra_info"]["questions"][0]["label"], "Why us?");
    let id = job["id"].as_i64().unwrap();

    // A draft is invisible to members and guests.
    let (_, member) = applicant(&b.app, "m@example.com").await;
    b.app.get("/api/v1/jobs/slug/data-analyst/").token(&member).send().await.error(404);
    b.app.get(&format!("{JOBS}{id}/")).send().await.error(404);
    assert!(ids(&b.app.get(JOBS).token(&member).send().await.json()).is_empty());
    assert_eq!(ids(&b.app.get(&format!("{JOBS}?view_all=true")).token(&b.admin_token).send().await.json()), vec![id]);
    assert!(ids(&b.app.get(JOBS).token(&b.admin_token).send().await.json()).is_empty(), "the board shows published");

    let res = b.patch(id, &b.admin_token, json!({"job_status": "approved"})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully edited job");
    let seen = b.app.get("/api/v1/jobs/slug/data-analyst/").token(&member).send().await;
    seen.assert_status(200);
    assert_eq!(seen.json()["data"]["is_administrator"], false);
    assert_eq!(seen.json()["data"]["pending_members_count"], Value::Null, "counts are for administrators");
    assert_eq!(ids(&b.app.get(JOBS).send().await.json()), vec![id], "guests browse");

    let metrics = b.app.get("/api/v1/groups/metrics/").token(&b.admin_token).send().await;
    assert_eq!(metrics.json()["data"]["total_jobs"], 1);

    // Back to draft.
    b.patch(id, &b.admin_token, json!({"job_status": "pending"})).await.assert_status(200);
    b.app.get(&format!("{JOBS}{id}/")).token(&member).send().await.error(404);
}

#[tokio::test]
async fn a_job_page_by_slug_is_kept_and_shows_every_write_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    let b = board_on(app).await;
    let job = b.published("Data Analyst").await;
    let id = job["id"].as_i64().unwrap();
    let path = "/api/v1/jobs/slug/data-analyst/";
    let (_, member) = applicant(&b.app, "m@example.com").await;
    for (token, most) in [(None, 1), (Some(member.as_str()), 3)] {
        let read = || async {
            let req = b.app.get(path);
            let req = match token {
                Some(token) => req.token(token),
                None => req,
            };
            let res = req.send().await;
            res.assert_status(200);
            res.json()
        };
        let first = read().await;
        log.clear();
        let again = read().await;
        let statements = log.taken();
        assert_eq!(first, again);
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
        assert!(StatementLog::reads(&statements) <= most, "a kept job page read {statements:#?}");
        assert!(!statements.iter().any(|sql| sql.contains("\"job_posts\"")), "no job read: {statements:#?}");
    }

    // The caller's own tie is read per request.
    b.app.post_json(&format!("{JOBS}{id}/apply/"), &member, &json!({})).await.assert_status(200);
    let seen = b.app.get(path).token(&member).send().await.json();
    assert_eq!(seen["data"]["status"], "pending");
    assert_eq!(b.app.get(path).send().await.json()["data"]["status"], Value::Null);

    // An edit shows at once; a job taken back to draft is for its administrators only.
    b.patch(id, &b.admin_token, json!({"address": "Nairobi"})).await.assert_status(200);
    assert_eq!(b.app.get(path).send().await.json()["data"]["address"], "Nairobi");
    b.patch(id, &b.admin_token, json!({"job_status": "pending"})).await.assert_status(200);
    b.app.get(path).send().await.error(404);
    b.app.get(path).token(&member).send().await.error(404);
    let admin = b.app.get(path).token(&b.admin_token).send().await;
    admin.assert_status(200);
    assert_eq!(admin.json()["data"]["is_administrator"], true);

    // A deleted job is gone; a slug that names nothing stays not found.
    b.patch(id, &b.admin_token, json!({"job_status": "approved"})).await.assert_status(200);
    b.app.get(path).send().await.assert_status(200);
    b.app.delete(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await.assert_status(200);
    b.app.get(path).send().await.error(404);
    b.app.get("/api/v1/jobs/slug/no-such-job/").send().await.error(404);

    // A slug that names nothing is not kept: asking again looks it up again, so unknown
    // slugs take none of the slots the board's pages use.
    log.clear();
    b.app.get("/api/v1/jobs/slug/no-such-job/").send().await.error(404);
    let statements = log.taken();
    assert!(statements.iter().any(|sql| sql.contains("\"job_posts\"")), "looked up again: {statements:#?}");
}

#[tokio::test]
async fn the_form_rules_have_the_spec_messages() {
    let b = board().await;
    let mut body = job_body(b.org_id, "");
    body["description"] = json!("a".repeat(4001));
    body["job_location"] = json!("hybrid");
    let mut skills = Vec::new();
    for i in 0..8 {
        skills.push(skill(&b.app, &format!("Skill {i}")).await);
    }
    body["skills"] = json!(skills);
    body["application_open_date"] = json!("2026-05-02");
    body["application_close_date"] = json!("2026-05-01");
    let err = b.app.post_json(JOBS, &b.admin_token, &body).await.error(400);
    let fields = &err["field_errors"];
    assert_eq!(fields["title"][0], "Required");
    assert_eq!(fields["description"][0], "Maximum of 4000 characters");
    assert_eq!(fields["skills"][0], "Maximum 7 skills");
    assert_eq!(fields["address"][0], "Required");
    assert!(fields["application_close_date"][0].as_str().unwrap().contains("cannot be before"));

    let mut no_group = job_body(b.org_id, "No group");
    no_group.as_object_mut().unwrap().remove("group");
    let err = b.app.post_json(JOBS, &b.admin_token, &no_group).await.error(400);
    assert_eq!(err["field_errors"]["group"][0], "Required");

    // Exactly 4000 characters of text pass; 7 skills pass.
    let mut ok = job_body(b.org_id, "Limits");
    ok["description"] = json!(format!("<p>{}</p>", "a".repeat(4000)));
    ok["skills"] = json!(skills[..7]);
    b.create(ok).await;

    // A topic that is not a skill of this site is refused on its field.
    let mut wrong = job_body(b.org_id, "Wrong skill");
    wrong["skills"] = json!([999_999]);
    let err = b.app.post_json(JOBS, &b.admin_token, &wrong).await.error(400);
    assert!(err["field_errors"]["skills"][0].as_str().unwrap().contains("999999"));
}

#[tokio::test]
async fn career_stages_and_fields_are_taken_as_numbers_or_text_as_groups_take_them() {
    let b = board().await;
    let mut body = job_body(b.org_id, "Numbered Stages");
    body["career_stages"] = json!([3, "4"]);
    body["professional_fields"] = json!([2]);
    let job = b.create(body).await;
    assert_eq!(job["career_stages"], json!(["3", "4"]));
    let id = job["id"].as_i64().unwrap();
    let res = b.patch(id, &b.admin_token, json!({"career_stages": [1]})).await;
    res.assert_status(200);
    assert_eq!(res.json()["data"]["career_stages"], json!(["1"]));
    // Anything but a number or a text gets a message on the item.
    let res = b.patch(id, &b.admin_token, json!({"career_stages": [1, true]})).await;
    let errors = res.error(400);
    let message = errors["field_errors"]["career_stages[1]"][0].as_str().unwrap_or_default().to_string();
    assert!(message.contains("expected a string or an integer"), "{errors}");
}

#[tokio::test]
async fn only_certified_administrators_of_the_group_post_and_manage() {
    let b = board().await;
    let (member, member_token) = applicant(&b.app, "m@example.com").await;
    let err = b.app.post_json(JOBS, &member_token, &job_body(b.org_id, "Nope")).await.error(403);
    assert!(err["detail"].as_str().unwrap().contains("administrators"));
    // An administrator of the organization without a certified profile.
    let uncertified = b.app.add_member("admin2@example.com", &b.app.default_tenant, "admin").await;
    let token = b.app.token_for(uncertified.id);
    let err = b.app.post_json(JOBS, &token, &job_body(b.org_id, "Nope")).await.error(403);
    assert_eq!(err["detail"], "Only certified organizations can post jobs.");
    // Guests are asked to sign in.
    b.app.post(JOBS).json(&job_body(b.org_id, "Nope")).send().await.assert_status(401);

    let job = b.published("Editor").await;
    let id = job["id"].as_i64().unwrap();
    b.patch(id, &member_token, json!({"title": "Hijacked"})).await.error(403);
    b.app.delete(&format!("{JOBS}{id}/")).token(&member_token).send().await.error(403);
    b.app.get(&format!("{JOBS}{id}/applications/")).token(&member_token).send().await.error(403);
    b.app.get(&format!("{JOBS}{id}/export-job-membership/")).token(&member_token).send().await.error(403);
    let review = json!({"user_id": member.id, "status": "accepted"});
    b.app.post_json(&format!("{JOBS}{id}/status/"), &member_token, &review).await.error(403);

    // Staff may.
    make_staff(&b.app, &member).await;
    b.patch(id, &member_token, json!({"title": "Edited by staff"})).await.assert_status(200);

    // Delete (soft): gone from the page and the board.
    let res = b.app.delete(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await;
    res.assert_status(200);
    b.app.get(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await.error(404);
    assert!(ids(&b.app.get(JOBS).send().await.json()).is_empty());
}

#[tokio::test]
async fn applying_answering_reviewing_and_the_mail() {
    let b = board().await;
    let mut body = job_body(b.org_id, "Researcher");
    body["job_status"] = json!("approved");
    body["extra_info"] = json!({"questions": [{"id": "why", "label": "Why?", "type": "text", "required": true},
                              {"id": "pick", "label": "Level", "type": "radio", "options": ["A", "B"]}]});
    let job = b.create(body).await;
    let id = job["id"].as_i64().unwrap();
    let apply = format!("{JOBS}{id}/apply/");

    // No resume on the profile: a field error the UI turns into an upload.
    let bare = b.app.add_member("bare@example.com", &b.app.default_tenant, "member").await;
    let err = b.app.post_json(&apply, &b.app.token_for(bare.id), &json!({"answers": {"why": "x"}})).await;
    assert_eq!(err.error(400)["field_errors"]["resume"][0], "Please upload your resume before applying.");

    let (person, token) = applicant(&b.app, "p@example.com").await;
    // The required answer is missing; a choice must be one of the options.
    let err = b.app.post_json(&apply, &token, &json!({"answers": {"pick": "C"}})).await.error(400);
    assert_eq!(err["field_errors"]["answers.why"][0], "This field is required");
    assert_eq!(err["field_errors"]["answers.pick"][0], "Please select one of the options");

    let res = b.app.post_json(&apply, &token, &json!({"answers": {"why": "Because", "pick": "B"}})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "You have successfully applied to the job");
    // Twice: refused, one application kept.
    let err = b.app.post_json(&apply, &token, &json!({"answers": {"why": "Again"}})).await.error(400);
    assert_eq!(err["non_field_errors"][0], "You have already applied to this job.");
    let list = b.app.get(&format!("{JOBS}{id}/applications/")).token(&b.admin_token).send().await;
    list.assert_status(200);
    let list = list.json();
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["id"], person.id);
    assert_eq!(list["data"][0]["answers"], json!({"why": "Because", "pick": "B"}));
    assert_eq!(list["data"][0]["resume"], "/media/resumes/cv.pdf");
    let seen = b.app.get(&format!("{JOBS}{id}/")).token(&token).send().await.json();
    assert_eq!(seen["data"]["status"], "pending");
    let mine = b.app.get(&format!("{JOBS}?applied=true")).token(&token).send().await.json();
    assert_eq!(ids(&mine), vec![id]);

    // Review: accept; the applicant is mailed.
    let before = store::queries::mail::latest(&b.app.db, 100).await.unwrap().len();
    let res = b
        .app
        .post_json(&format!("{JOBS}{id}/status/"), &b.admin_token, &json!({"user_id": person.id, "status": "accepted"}))
        .await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully accepted");
    let mails = store::queries::mail::latest(&b.app.db, 100).await.unwrap();
    assert_eq!(mails.len(), before + 1);
    assert_eq!(mails[0].to_address, "p@example.com");
    assert!(mails[0].subject.contains("Researcher") && mails[0].subject.contains("accepted"), "{}", mails[0].subject);
    let seen = b.app.get(&format!("{JOBS}{id}/")).token(&token).send().await.json();
    assert_eq!(seen["data"]["status"], "accepted");
    let admin_view = b.app.get(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await.json();
    assert_eq!(admin_view["data"]["accepted_members_count"], 1);
    assert_eq!(admin_view["data"]["pending_members_count"], 0);

    // An accepted application cannot be withdrawn, nor reviewed again.
    let err = b.app.post(&format!("{JOBS}{id}/unapply/")).token(&token).send().await.error(400);
    assert_eq!(err["non_field_errors"][0], "Only a pending application can be withdrawn.");
    let again = json!({"user_id": person.id, "status": "rejected"});
    b.app.post_json(&format!("{JOBS}{id}/status/"), &b.admin_token, &again).await.error(400);

    // Many at once, then unapply while pending.
    let (second, second_token) = applicant(&b.app, "s@example.com").await;
    let (third, _) = applicant(&b.app, "t@example.com").await;
    for (who, t) in [(second.id, second_token.clone()), (third.id, b.app.token_for(third.id))] {
        let _ = who;
        b.app.post_json(&apply, &t, &json!({"answers": {"why": "Me"}})).await.assert_status(200);
    }
    let res = b
        .app
        .post_json(
            &format!("{JOBS}{id}/status/"),
            &b.admin_token,
            &json!({"user_ids": [second.id, third.id], "status": "rejected"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Applicants rejected successfully");
    let rejected = b.app.get(&format!("{JOBS}{id}/applications/?status=rejected")).token(&b.admin_token).send().await;
    assert_eq!(rejected.json()["pagination"]["count"], 2);
    let (fourth, fourth_token) = applicant(&b.app, "f@example.com").await;
    b.app.post_json(&apply, &fourth_token, &json!({"answers": {"why": "Me"}})).await.assert_status(200);
    let res = b.app.post(&format!("{JOBS}{id}/unapply/")).token(&fourth_token).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "You have successfully unapplied from the job");
    let pending = b.app.get(&format!("{JOBS}{id}/applications/?status=pending")).token(&b.admin_token).send().await;
    assert_eq!(pending.json()["pagination"]["count"], 0);
    let _ = fourth;
}

#[tokio::test]
async fn applying_to_a_draft_an_expired_a_future_or_another_sites_job_is_refused() {
    let b = board().await;
    let (_, token) = applicant(&b.app, "p@example.com").await;
    let draft = b.create(job_body(b.org_id, "Draft")).await;
    b.app.post_json(&format!("{JOBS}{}/apply/", draft["id"]), &token, &json!({})).await.error(404);

    let mut expired = job_body(b.org_id, "Expired");
    expired["job_status"] = json!("approved");
    expired["application_close_date"] = json!("2020-01-01");
    let expired = b.create(expired).await;
    assert_eq!(expired["is_expired"], true);
    let err = b.app.post_json(&format!("{JOBS}{}/apply/", expired["id"]), &token, &json!({})).await;
    assert_eq!(err.error(400)["non_field_errors"][0], "Applications for this job are closed.");

    let mut future = job_body(b.org_id, "Future");
    future["job_status"] = json!("approved");
    future["application_open_date"] = json!("2999-01-01");
    let future = b.create(future).await;
    let err = b.app.post_json(&format!("{JOBS}{}/apply/", future["id"]), &token, &json!({})).await;
    assert!(err.error(400)["non_field_errors"][0].as_str().unwrap().starts_with("Applications for this job open on"));

    // Another site's job does not exist here.
    let other = b.app.add_tenant("other.example.com", "Other").await;
    let outsider = b.app.add_member("o@example.com", &other, "admin").await;
    certify_group_profile(&b.app, other.organization.id, &outsider).await;
    let theirs = b
        .app
        .post(JOBS)
        .host("other.example.com")
        .token(&b.app.token_for(outsider.id))
        .json(&json!({"group": other.organization.id, "title": "Theirs", "description": "<p>x</p>", "job_status": "approved"}))
        .send()
        .await;
    theirs.assert_status(201);
    let their_id = theirs.json()["data"]["id"].as_i64().unwrap();
    b.app.post_json(&format!("{JOBS}{their_id}/apply/"), &token, &json!({})).await.error(404);
    b.app.get(&format!("{JOBS}{their_id}/")).token(&token).send().await.error(404);
    // Our administrator cannot review or post into the other site's job and group.
    let review = json!({"user_id": outsider.id, "status": "accepted"});
    b.app.post_json(&format!("{JOBS}{their_id}/status/"), &b.admin_token, &review).await.error(404);
    let err = b.app.post_json(JOBS, &b.admin_token, &job_body(other.organization.id, "X")).await;
    err.error(400);
}

#[tokio::test]
async fn a_job_in_a_private_group_is_invisible_to_outsiders() {
    let b = board().await;
    let (_, outsider) = applicant(&b.app, "p@example.com").await;
    let job = b.hidden_job().await;
    let id = job["id"].as_i64().unwrap();
    b.app.get(&format!("{JOBS}{id}/")).token(&outsider).send().await.error(404);
    b.app.get("/api/v1/jobs/slug/hidden-job/").send().await.error(404);
    b.app.post_json(&format!("{JOBS}{id}/apply/"), &outsider, &json!({})).await.error(404);
    assert!(ids(&b.app.get(JOBS).token(&outsider).send().await.json()).is_empty());
    assert_eq!(ids(&b.app.get(JOBS).token(&b.admin_token).send().await.json()), vec![id]);
}

#[tokio::test]
async fn the_csv_opens_in_a_spreadsheet_without_running_formulas() {
    let b = board().await;
    let mut body = job_body(b.org_id, "Export");
    body["job_status"] = json!("approved");
    body["extra_info"] = json!({"questions": [{"id": "why", "label": "Why?", "type": "text"}]});
    let id = b.create(body).await["id"].as_i64().unwrap();
    let (person, token) = applicant(&b.app, "csv@example.com").await;
    let mut active: users::ActiveModel = person.clone().into();
    use sea_orm::{ActiveModelTrait, Set};
    active.first_name = Set("=HYPERLINK(\"http://evil\")".into());
    active.update(&b.app.db).await.unwrap();
    b.app
        .post_json(&format!("{JOBS}{id}/apply/"), &token, &json!({"answers": {"why": "@SUM(1)"}}))
        .await
        .assert_status(200);
    let res = b.app.get(&format!("{JOBS}{id}/export-job-membership/")).token(&b.admin_token).send().await;
    res.assert_status(200);
    assert!(res.header("content-type").unwrap().starts_with("text/csv"));
    let text = res.text();
    assert!(text.starts_with('\u{feff}'), "UTF-8 BOM");
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next().unwrap(), "name,email,status,applied_at,resume,Why?");
    let row = lines.next().unwrap();
    assert!(row.starts_with("\"'=HYPERLINK("), "{row}");
    assert!(row.ends_with(",'@SUM(1)"), "{row}");
}

#[tokio::test]
async fn board_filters_search_and_my_area() {
    let b = board().await;
    let rust = skill(&b.app, "Rust").await;
    let mut a = job_body(b.org_id, "Rust Engineer");
    a["job_status"] = json!("approved");
    a["skills"] = json!([rust]);
    a["job_location"] = json!("on_site");
    a["address"] = json!("Nairobi Garage");
    let a = b.create(a).await["id"].as_i64().unwrap();
    let mut c = job_body(b.org_id, "Community Manager");
    c["job_status"] = json!("approved");
    c["job_type"] = json!("internship");
    c["countries"] = json!(["Ghana"]);
    c["career_stages"] = json!(["senior"]);
    let c = b.create(c).await["id"].as_i64().unwrap();
    // Searchable at once, the title ranked above the address.
    let mut d = job_body(b.org_id, "Nairobi Office Lead");
    d["job_status"] = json!("approved");
    let d = b.create(d).await["id"].as_i64().unwrap();
    let get = |q: &str| b.app.get(&format!("{JOBS}?{q}")).send();
    assert_eq!(ids(&get("search=nairobi").await.json()), vec![d, a], "title first, then address");
    assert_eq!(ids(&get("search=engin").await.json()), vec![a], "prefixes match");
    assert_eq!(ids(&get("search=Rust%20E").await.json()), vec![a], "the last letter typed does not hide the job");
    assert_eq!(ids(&get("search=Rust%20En").await.json()), vec![a]);
    assert!(ids(&get("search=Rust%20Ex").await.json()).is_empty(), "two letters narrow the search");
    assert_eq!(ids(&get("search=r").await.json()).len(), 3, "one character is not a search");
    assert_eq!(ids(&get(&format!("skills={rust}")).await.json()), vec![a]);
    assert_eq!(ids(&get("job_type=internship").await.json()), vec![c]);
    assert_eq!(ids(&get("job_location=on_site").await.json()), vec![a]);
    assert_eq!(ids(&get("countries=ghana").await.json()), vec![c]);
    assert_eq!(ids(&get("career_stages=senior").await.json()), vec![c]);
    assert_eq!(ids(&get("sort_order=asc").await.json()), vec![a, c, d]);
    assert_eq!(ids(&get("").await.json()), vec![d, c, a]);
    assert_eq!(ids(&get(&format!("group_id={}", b.org_id)).await.json()), vec![d, c, a]);
    get("job_type=gig").await.error(400);
    get("sort_by=title").await.error(400);
    // Renamed: the index follows.
    b.patch(c, &b.admin_token, json!({"title": "Nairobi Community Manager"})).await.assert_status(200);
    assert_eq!(ids(&get("search=community%20nairobi").await.json()), vec![c]);
    // My area: created jobs (drafts too) for their creator; nothing for guests.
    let draft = b.create(job_body(b.org_id, "Draft")).await["id"].as_i64().unwrap();
    let mine = b.app.get(&format!("{JOBS}?created=true")).token(&b.admin_token).send().await.json();
    assert_eq!(ids(&mine), vec![draft, d, c, a]);
    assert!(ids(&get("created=true").await.json()).is_empty());
    assert!(ids(&get("applied=true").await.json()).is_empty());
}

#[tokio::test]
async fn a_page_of_jobs_costs_the_same_queries_whatever_its_size() {
    let (app, log) = TestApp::with_statement_log().await;
    let b = board_on(app).await;
    let (_, token) = applicant(&b.app, "p@example.com").await;
    let rust = skill(&b.app, "Rust").await;
    for i in 0..12 {
        let mut body = job_body(b.org_id, &format!("Job {i}"));
        body["job_status"] = json!("approved");
        body["skills"] = json!([rust]);
        b.create(body).await;
    }
    // Each viewer's first page counts; later pages read the kept count.
    for t in [&token, &b.admin_token] {
        b.app.get(JOBS).token(t).send().await.assert_status(200);
    }
    let mut reads = Vec::new();
    for size in [2, 12] {
        for t in [&token, &b.admin_token] {
            // A page read afresh (kept pages, `api::page_cache`, read none of these).
            b.app.forget_kept_pages().await;
            log.clear();
            let page = b.app.get(&format!("{JOBS}?page_size={size}")).token(t).send().await;
            page.assert_status(200);
            assert_eq!(ids(&page.json()).len(), size);
            let statements = log.taken();
            assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
            reads.push(StatementLog::reads(&statements));
        }
    }
    assert_eq!(reads[0], reads[2], "member: no query per job");
    assert_eq!(reads[1], reads[3], "administrator: no query per job");
}

#[tokio::test]
async fn administrators_invite_people_to_a_published_job() {
    let b = board().await;
    let draft = b.create(job_body(b.org_id, "Draft role")).await;
    let (person, token) = applicant(&b.app, "inv@example.com").await;
    let invite = |id: &Value| json!({"object_id": id, "content_type": "job", "users": [person.id]});
    let err = b.app.post_json("/api/v1/invite-users/", &b.admin_token, &invite(&draft["id"])).await;
    assert_eq!(err.error(400)["non_field_errors"][0], "Only a published job can be shared.");
    let job = b.published("Open role").await;
    // A member may not invite to a job they do not administer.
    let err = b.app.post_json("/api/v1/invite-users/", &token, &invite(&job["id"])).await;
    err.error(403);
    let res = b.app.post_json("/api/v1/invite-users/", &b.admin_token, &invite(&job["id"])).await;
    res.assert_status(200);
    let mails = store::queries::mail::latest(&b.app.db, 5).await.unwrap();
    assert!(mails[0].subject.contains("apply to Open role"), "{}", mails[0].subject);
    let link = mails[0].text_body.split("/invitation/").nth(1).unwrap();
    let id: String = link.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let seen = b.app.get(&format!("/api/v1/invitation/{id}/")).token(&token).send().await;
    seen.assert_status(200);
    assert_eq!(seen.json()["data"]["type"], "job");
    assert_eq!(seen.json()["data"]["job"]["slug"], "open-role");
    let res = b.app.post(&format!("/api/v1/invitation/{id}/accept/")).token(&token).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["redirect"], "/job/open-role");
}

/// The board keeps its page counts while the site does not write (as the group lists do):
/// every write a count reads must show at once.
#[tokio::test]
async fn the_board_counts_stay_exact_after_every_kind_of_write() {
    let b = board().await;
    let count = |q: String, token: Option<String>| {
        let app = &b.app;
        async move {
            let mut request = app.get(&format!("{JOBS}?{q}"));
            if let Some(token) = &token {
                request = request.token(token);
            }
            let res = request.send().await;
            res.assert_status(200);
            res.json()["pagination"]["count"].as_u64().unwrap()
        }
    };
    let rust = skill(&b.app, "Rust").await;
    let by_skill = format!("skills={rust}");
    assert_eq!(count(String::new(), None).await, 0);

    let first = b.published("First").await["id"].as_i64().unwrap();
    assert_eq!(count(String::new(), None).await, 1);
    assert_eq!(count(String::new(), None).await, 1, "asked again, from the kept count");
    let draft = b.create(job_body(b.org_id, "Second")).await["id"].as_i64().unwrap();
    assert_eq!(count(String::new(), None).await, 1, "drafts are not on the board");
    b.patch(draft, &b.admin_token, json!({"job_status": "approved"})).await.assert_status(200);
    assert_eq!(count(String::new(), None).await, 2, "published");

    // Skills: the skill filter follows an edit.
    assert_eq!(count(by_skill.clone(), None).await, 0);
    b.patch(first, &b.admin_token, json!({"skills": [rust]})).await.assert_status(200);
    assert_eq!(count(by_skill.clone(), None).await, 1);

    // Applications: my area's "applied" count follows apply and unapply.
    let (_, token) = applicant(&b.app, "p@example.com").await;
    assert_eq!(count("applied=true".into(), Some(token.clone())).await, 0);
    b.app.post_json(&format!("{JOBS}{first}/apply/"), &token, &json!({})).await.assert_status(200);
    assert_eq!(count("applied=true".into(), Some(token.clone())).await, 1);
    b.app.post(&format!("{JOBS}{first}/unapply/")).token(&token).send().await.assert_status(200);
    assert_eq!(count("applied=true".into(), Some(token.clone())).await, 0);

    // Back to draft, then deleted: the board follows both.
    b.patch(draft, &b.admin_token, json!({"job_status": "pending"})).await.assert_status(200);
    assert_eq!(count(String::new(), None).await, 1);
    b.app.delete(&format!("{JOBS}{first}/")).token(&b.admin_token).send().await.assert_status(200);
    assert_eq!(count(String::new(), None).await, 0);
    assert_eq!(count(by_skill, None).await, 0);
}

#[tokio::test]
async fn applying_writes_one_row_in_a_fixed_number_of_statements() {
    let (app, log) = TestApp::with_statement_log().await;
    let b = board_on(app).await;
    let job = b.published("Analyst").await;
    let apply = format!("{JOBS}{}/apply/", job["id"]);
    let (_, first) = applicant(&b.app, "p@example.com").await;
    let (_, second) = applicant(&b.app, "q@example.com").await;
    b.app.post_json(&apply, &first, &json!({})).await.assert_status(200);
    log.clear();
    b.app.post_json(&apply, &second, &json!({})).await.assert_status(200);
    let statements = log.taken();
    let writes = StatementLog::writes(&statements);
    assert_eq!(writes.len(), 1, "an application wrote {writes:#?}");
    assert!(writes[0].contains("INSERT INTO \"job_applications\""), "{writes:#?}");
    // The caller, the job, its group, the caller's membership, an earlier application, the
    // résumé on their profile.
    assert!(StatementLog::reads(&statements) <= 6, "an application read {statements:#?}");
}

/// An application is its applicant's (m0046): it leaves the site's list generation, so the
/// board's kept pages stay, while the applicant's own lists and the administrators' counts
/// show it, and its review, at once.
#[tokio::test]
async fn an_application_shows_at_once_to_its_applicant_and_the_administrators_and_keeps_the_board() {
    use sea_orm::ConnectionTrait;
    let b = board().await;
    let job = b.published("Analyst").await;
    let id = job["id"].as_i64().unwrap();
    let (person, token) = applicant(&b.app, "p@example.com").await;
    let generation = || async {
        let row = b.app.db.query_one_raw(sea_orm::Statement::from_string(
            b.app.db.get_database_backend(),
            "SELECT generation FROM list_generations",
        ));
        row.await.unwrap().map(|row| row.try_get_by_index::<i64>(0).unwrap())
    };
    let count = |query: &'static str, token: String| {
        let app = &b.app;
        async move { app.get(&format!("{JOBS}?{query}")).token(&token).send().await.json()["pagination"]["count"].clone() }
    };
    let admin_count = || async {
        b.app.get(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await.json()["data"]["pending_members_count"]
            .clone()
    };
    // Each list read once, so that what follows is read from what they keep.
    assert_eq!(count("applied=true", token.clone()).await, 0);
    assert_eq!(count("mine=true", token.clone()).await, 0);
    assert_eq!(admin_count().await, 0);
    let before = generation().await;

    b.app.post_json(&format!("{JOBS}{id}/apply/"), &token, &json!({})).await.assert_status(200);
    assert_eq!(generation().await, before, "an application leaves the site's generation");
    assert_eq!(count("applied=true", token.clone()).await, 1);
    assert_eq!(count("mine=true", token.clone()).await, 1);
    assert_eq!(admin_count().await, 1);

    let review = json!({"user_id": person.id, "status": "accepted"});
    b.app.post_json(&format!("{JOBS}{id}/status/"), &b.admin_token, &review).await.assert_status(200);
    assert_eq!(count("applied=true&application_status=accepted", token.clone()).await, 1);
    assert_eq!(count("applied=true&application_status=pending", token.clone()).await, 0);
    let admin_view = b.app.get(&format!("{JOBS}{id}/")).token(&b.admin_token).send().await.json();
    assert_eq!(
        (admin_view["data"]["pending_members_count"].clone(), admin_view["data"]["accepted_members_count"].clone()),
        (json!(0), json!(1))
    );
}
