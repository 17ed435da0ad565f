//! The job board (issue 12): posting, visibility, the board's filters and search, the forms and
//! the invitations — the rules and the hostile cases (applying: `jobs_applications`).

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
    let (member_user, member) = applicant(&b.app, "m@example.com").await;
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

    // The caller's own ties are kept per their person generation, which their application
    // and their bookmarks move (m0046, m0049), through the API or straight to the database.
    b.app.post_json(&format!("{JOBS}{id}/apply/"), &member, &json!({})).await.assert_status(200);
    let seen = b.app.get(path).token(&member).send().await.json();
    assert_eq!(seen["data"]["status"], "pending");
    assert_eq!(seen["data"]["is_bookmarked"], false);
    assert_eq!(b.app.get(path).send().await.json()["data"]["status"], Value::Null);
    let tenant_id = b.app.default_tenant.tenant.id;
    store::queries::bookmarks::add(&b.app.db, tenant_id, member_user.id, "job", id).await.unwrap();
    assert_eq!(b.app.get(path).token(&member).send().await.json()["data"]["is_bookmarked"], true);
    let board = b.app.get_json(JOBS, Some(&member)).await;
    log.clear();
    assert_eq!(b.app.get_json(JOBS, Some(&member)).await, board);
    let statements = log.taken();
    assert!(
        !statements.iter().any(|sql| sql.contains("\"bookmarks\"") || sql.contains("\"job_applications\"")),
        "the kept ties read again: {statements:#?}"
    );
    assert_eq!(board["data"][0]["is_bookmarked"], true);

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
    // Each viewer's first page counts; later pages read the kept count. On PostgreSQL the
    // token's user is kept once the person's generation is known: a second page.
    for t in [&token, &b.admin_token, &token, &b.admin_token] {
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
