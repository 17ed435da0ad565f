//! Bookmarks of jobs, shown as favourites (spec 002 §3 "Bookmark", §4, §7 "Bookmarks", §8):
//! `POST /bookmark/job/{id}/`, `DELETE /unbookmark/job/{id}/`, `GET /bookmark/job/`, and
//! `is_bookmarked` on every job — the rules and the hostile cases.

use serde_json::{json, Value};

use crate::{
    groups::certify_group_profile,
    jobs::{applicant, board, ids, job_body, JOBS},
};

const FAVOURITES: &str = "/api/v1/bookmark/job/";

fn bookmark_path(id: &Value) -> String {
    format!("/api/v1/bookmark/job/{id}/")
}

fn unbookmark_path(id: &Value) -> String {
    format!("/api/v1/unbookmark/job/{id}/")
}

fn flag(page: &Value, id: &Value) -> bool {
    page["data"].as_array().unwrap().iter().find(|j| &j["id"] == id).unwrap()["is_bookmarked"].as_bool().unwrap()
}

#[tokio::test]
async fn a_member_bookmarks_jobs_and_sees_them_in_favourites_newest_first() {
    let b = board().await;
    let first = b.published("Data Analyst").await;
    let second = b.published("Data Engineer").await;
    let (_, member) = applicant(&b.app, "m@example.com").await;

    let res = b.app.post(&bookmark_path(&first["id"])).token(&member).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Added to favourites");
    assert_eq!(res.json()["data"]["is_bookmarked"], true);
    // Bookmarking twice keeps one bookmark.
    b.app.post(&bookmark_path(&first["id"])).token(&member).send().await.assert_status(200);
    let favourites = b.app.get(FAVOURITES).token(&member).send().await;
    favourites.assert_status(200);
    assert_eq!(favourites.json()["pagination"]["count"], 1);
    assert_eq!(ids(&favourites.json()), vec![first["id"].as_i64().unwrap()]);
    assert_eq!(favourites.json()["data"][0]["is_bookmarked"], true);

    // The board says which jobs the caller bookmarked; guests and others see false.
    let page = b.app.get(JOBS).token(&member).send().await.json();
    assert!(flag(&page, &first["id"]));
    assert!(!flag(&page, &second["id"]));
    assert!(!flag(&b.app.get(JOBS).send().await.json(), &first["id"]));
    assert!(!flag(&b.app.get(JOBS).token(&b.admin_token).send().await.json(), &first["id"]));
    let detail =
        b.app.get(&format!("/api/v1/jobs/slug/{}/", first["slug"].as_str().unwrap())).token(&member).send().await;
    assert_eq!(detail.json()["data"]["is_bookmarked"], true);

    // Most recently bookmarked first, 10 a page by default, paged with `next`.
    b.app.post(&bookmark_path(&second["id"])).token(&member).send().await.assert_status(200);
    let both = b.app.get(FAVOURITES).token(&member).send().await.json();
    assert_eq!(ids(&both), vec![second["id"].as_i64().unwrap(), first["id"].as_i64().unwrap()]);
    let one = b.app.get(&format!("{FAVOURITES}?page_size=1")).token(&member).send().await.json();
    assert_eq!(one["pagination"]["count"], 2);
    assert!(one["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let last = b.app.get(&format!("{FAVOURITES}?page_size=1&page=2")).token(&member).send().await.json();
    assert_eq!(ids(&last), vec![first["id"].as_i64().unwrap()]);
    assert_eq!(last["pagination"]["next"], Value::Null);
    b.app.get(&format!("{FAVOURITES}?page=0")).token(&member).send().await.error(400);

    // Another person's favourites are their own.
    assert_eq!(b.app.get(FAVOURITES).token(&b.admin_token).send().await.json()["pagination"]["count"], 0);

    // Removing, and removing again.
    let res = b.app.delete(&unbookmark_path(&first["id"])).token(&member).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Removed from favourites");
    assert_eq!(res.json()["data"]["is_bookmarked"], false);
    b.app.delete(&unbookmark_path(&first["id"])).token(&member).send().await.assert_status(200);
    assert_eq!(ids(&b.app.get(FAVOURITES).token(&member).send().await.json()), vec![second["id"].as_i64().unwrap()]);
}

#[tokio::test]
async fn guests_and_unknown_kinds_are_refused() {
    let b = board().await;
    let job = b.published("Open role").await;
    b.app.post(&bookmark_path(&job["id"])).send().await.assert_status(401);
    b.app.delete(&unbookmark_path(&job["id"])).send().await.assert_status(401);
    b.app.get(FAVOURITES).send().await.assert_status(401);
    let (_, member) = applicant(&b.app, "m@example.com").await;
    b.app.post(&format!("/api/v1/bookmark/spaceship/{}/", job["id"])).token(&member).send().await.error(404);
    b.app.get("/api/v1/bookmark/spaceship/").token(&member).send().await.error(404);
    b.app.post("/api/v1/bookmark/job/999999/").token(&member).send().await.error(404);
}

#[tokio::test]
async fn a_job_the_caller_cannot_see_cannot_be_bookmarked() {
    let b = board().await;
    let (_, member) = applicant(&b.app, "m@example.com").await;
    // A draft.
    let draft = b.create(job_body(b.org_id, "Draft")).await;
    let err = b.app.post(&bookmark_path(&draft["id"])).token(&member).send().await.error(404);
    assert_eq!(err["detail"], "Job not found.");
    // Its administrators may bookmark it.
    b.app.post(&bookmark_path(&draft["id"])).token(&b.admin_token).send().await.assert_status(200);

    // A job of a private circle.
    let hidden = b.hidden_job().await;
    b.app.post(&bookmark_path(&hidden["id"])).token(&member).send().await.error(404);
    b.app.delete(&unbookmark_path(&hidden["id"])).token(&member).send().await.error(404);

    // Another site's job, asked for here; and our job, asked for on the other site.
    let other = b.app.add_tenant("other.example.com", "Other").await;
    let outsider = b.app.add_member("o@example.com", &other, "admin").await;
    certify_group_profile(&b.app, other.organization.id, &outsider).await;
    let outsider_token = b.app.token_for(outsider.id);
    let theirs = b
        .app
        .post(JOBS)
        .host("other.example.com")
        .token(&outsider_token)
        .json(&json!({"group": other.organization.id, "title": "Theirs", "description": "<p>x</p>", "job_status": "approved"}))
        .send()
        .await;
    theirs.assert_status(201);
    let their_id = theirs.json()["data"]["id"].clone();
    b.app.post(&bookmark_path(&their_id)).token(&member).send().await.error(404);
    let ours = b.published("Ours").await;
    b.app.post(&bookmark_path(&ours["id"])).host("other.example.com").token(&outsider_token).send().await.error(404);
    // Bookmarks are kept per site: ours do not show on the other site.
    b.app.post(&bookmark_path(&ours["id"])).token(&outsider_token).send().await.assert_status(200);
    let there = b.app.get(FAVOURITES).host("other.example.com").token(&outsider_token).send().await.json();
    assert_eq!(there["pagination"]["count"], 0);
    assert_eq!(b.app.get(FAVOURITES).token(&outsider_token).send().await.json()["pagination"]["count"], 1);
}

#[tokio::test]
async fn a_bookmarked_job_that_becomes_invisible_leaves_the_favourites() {
    let b = board().await;
    let (_, member) = applicant(&b.app, "m@example.com").await;
    let job = b.published("Short lived").await;
    let gone = b.published("Deleted").await;
    for j in [&job, &gone] {
        b.app.post(&bookmark_path(&j["id"])).token(&member).send().await.assert_status(200);
    }
    assert_eq!(b.app.get(FAVOURITES).token(&member).send().await.json()["pagination"]["count"], 2);
    // Back to draft, and deleted.
    b.patch(job["id"].as_i64().unwrap(), &b.admin_token, json!({"job_status": "pending"})).await.assert_status(200);
    b.app.delete(&format!("{JOBS}{}/", gone["id"])).token(&b.admin_token).send().await.assert_status(200);
    let page = b.app.get(FAVOURITES).token(&member).send().await.json();
    assert_eq!(page["pagination"]["count"], 0);
    assert!(ids(&page).is_empty());
    // The member can still remove the bookmark they made.
    b.app.delete(&unbookmark_path(&job["id"])).token(&member).send().await.assert_status(200);
    // Published again, it is no longer bookmarked.
    b.patch(job["id"].as_i64().unwrap(), &b.admin_token, json!({"job_status": "approved"})).await.assert_status(200);
    assert!(!flag(&b.app.get(JOBS).token(&member).send().await.json(), &job["id"]));
}
