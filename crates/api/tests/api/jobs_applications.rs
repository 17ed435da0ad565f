//! Applying to a job: the rules, the answers and mail, the CSV of applicants, and what an
//! application costs and changes (spec 001 §4).

use serde_json::json;
use store::entities::users;

use crate::{
    common::{StatementLog, TestApp},
    groups::certify_group_profile,
};

use super::jobs::{applicant, board, board_on, ids, job_body, JOBS};

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
