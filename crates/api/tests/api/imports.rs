//! Profile import from a resume (upload-resume with update_profile) and from a LinkedIn URL
//! (against a local fake of a profile-data provider): only the chosen sections change, bad
//! sources fail the import with a clear message, and who may import for whom.

use std::sync::{Arc, Mutex};

use axum::{
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};
use std::collections::HashMap;
use store::entities::{jobs, profile_imports};

use crate::{
    common::{serve_fake, TestApp, TestResponse},
    resume_pdfs,
    uploads::{file, make_staff, png, text, upload, MB},
};

const KEY: &str = "provider-key";
const RESUME: &str = "/api/v1/upload-resume/";
const LINKEDIN: &str = "/api/v1/update-profile-linkedin/";

fn settings(dir: &tempfile::TempDir) -> api::Settings {
    api::Settings {
        storage: services::storage::StorageConfig::Local { root: dir.path().join("uploads") },
        ..api::Settings::for_tests()
    }
}

async fn app() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (TestApp::with_settings(settings(&dir)).await, dir)
}

async fn run_jobs(app: &TestApp) {
    services::jobs::run_due(&app.state.job_context()).await.expect("the worker never fails");
}

async fn identity(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/identity/").token(token).send().await;
    answer.assert_status(200);
    answer.json()["data"].clone()
}

async fn status(app: &TestApp, token: &str, id: i64) -> TestResponse {
    app.get(&format!("/api/v1/profile-imports/{id}/")).token(token).send().await
}

async fn patch_profile(app: &TestApp, token: &str, body: Value) {
    app.patch_json("/api/v1/users/profile/", token, &body).await.assert_status(200);
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

fn titles(entries: &Value) -> Vec<(String, String)> {
    entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (e["title"].as_str().unwrap().to_string(), e["group_detailed"]["name"].as_str().unwrap_or("").to_string())
        })
        .collect()
}

async fn import_rows(app: &TestApp) -> u64 {
    profile_imports::Entity::find().count(&app.db).await.unwrap()
}

async fn import_jobs(app: &TestApp) -> u64 {
    jobs::Entity::find().filter(jobs::Column::Kind.eq("profile_import")).count(&app.db).await.unwrap()
}

#[tokio::test]
async fn a_resume_import_writes_only_the_chosen_sections() {
    let (app, _dir) = app().await;
    let user = app.add_member("priya@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    patch_profile(
        &app,
        &token,
        json!({"country": "Kenya", "short_bio": "<p>Mine</p>", "skills": [{"name": "Leadership"}],
               "topics": [{"name": "Mentoring"}]}),
    )
    .await;

    let answer = upload(
        &app,
        RESUME,
        Some(&token),
        vec![
            file("file", "cv.pdf", resume_pdfs::ordinary_resume()),
            text("update_profile", "true"),
            text("fields_to_update", r#"["title","skills","experiences"]"#),
        ],
    )
    .await;
    answer.assert_status(201);
    let body = answer.json();
    assert_eq!(body["message"], "Successfully uploaded resume");
    assert_eq!(body["import"]["status"], "queued");
    let id = body["import"]["id"].as_i64().unwrap();

    let queued = status(&app, &token, id).await.json()["data"].clone();
    assert_eq!(queued["source"], "resume");
    assert_eq!(queued["status"], "queued");
    assert_eq!(queued["fields"], json!(["title", "skills", "experiences"]));
    assert_eq!(queued["error"], Value::Null);
    assert_eq!(queued["finished_at"], Value::Null);
    assert_eq!(queued["user"], user.id);
    assert_eq!(
        identity(&app, &token).await["profile"]["completion_percent"],
        50,
        "country, bio, skills, topics, resume"
    );

    run_jobs(&app).await;
    let done = status(&app, &token, id).await.json()["data"].clone();
    assert_eq!(done["status"], "done", "{done}");
    assert!(done["finished_at"].is_string());

    let me = identity(&app, &token).await;
    let profile = &me["profile"];
    assert_eq!(profile["title"], "Platform Engineer");
    assert_eq!(profile["country"], "Kenya", "country was not chosen");
    assert_eq!(profile["short_bio"], "<p>Mine</p>", "short_bio was not chosen");
    assert_eq!(profile["career_story"], Value::Null);
    assert_eq!(profile["languages"], json!([]), "languages were not chosen");
    assert_eq!(
        names(&profile["skills_detailed"]),
        ["Leadership", "Kubernetes", "Terraform", "Go", "PostgreSQL", "Ansible"],
        "the resume's skills are added after the profile's own"
    );
    assert_eq!(names(&profile["topics_detailed"]), ["Mentoring"]);
    assert_eq!(
        titles(&me["work_experiences"]),
        [
            ("Platform Engineer".to_string(), "Maple Payments".to_string()),
            ("Systems Administrator".to_string(), "Northern Telecom".to_string())
        ]
    );
    let current = &me["work_experiences"][0];
    assert_eq!(current["is_currently_working"], true);
    assert_eq!(current["start_date"], "2021-02-01");
    assert_eq!(current["end_date"], Value::Null);
    assert_eq!(current["description"], "<p>• Moved 40 services to Kubernetes with zero downtime.</p>");
    assert_eq!(current["skills"], json!([]));
    assert_eq!(current["group_detailed"]["group_type"], "institution");
    assert_eq!(me["work_experiences"][1]["end_date"], "2021-01-01");
    assert_eq!(me["education_background"], json!([]), "education was not chosen");
    assert_eq!(profile["completion_percent"], 70, "title and career history were added");

    // Importing the same resume again adds nothing twice.
    let again = upload(
        &app,
        RESUME,
        Some(&token),
        vec![
            file("file", "cv.pdf", resume_pdfs::ordinary_resume()),
            text("update_profile", "true"),
            text("fields_to_update", r#"["experiences","skills"]"#),
        ],
    )
    .await;
    again.assert_status(201);
    run_jobs(&app).await;
    let me = identity(&app, &token).await;
    assert_eq!(me["work_experiences"].as_array().unwrap().len(), 2);
    assert_eq!(me["profile"]["skills_detailed"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn a_linkedin_export_imports_every_section_and_keeps_what_is_there() {
    let (app, _dir) = app().await;
    let user = app.add_member("lars@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    let own_skills: Vec<Value> = ["Sketching", "Research", "Storytelling", "Prototyping", "Mentoring"]
        .iter()
        .map(|name| json!({ "name": name }))
        .collect();
    patch_profile(&app, &token, json!({ "skills": own_skills, "languages": ["english"] })).await;
    // The profile already has the current job: the import must not add it twice.
    app.post_json(
        "/api/v1/career-entries/",
        &token,
        &json!({"type": "work", "title": "Lead Service Designer", "description": "<p>Mine</p>",
                      "group": "Nordlys", "skills": [{"name": "Sketching"}], "start_date": "2021-03-01",
                      "is_currently_working": true}),
    )
    .await
    .assert_status(201);

    let answer = upload(
        &app,
        RESUME,
        Some(&token),
        vec![file("file", "Profile.pdf", resume_pdfs::linkedin_export()), text("update_profile", "true")],
    )
    .await;
    answer.assert_status(201);
    let id = answer.json()["import"]["id"].as_i64().unwrap();
    assert_eq!(status(&app, &token, id).await.json()["data"]["fields"].as_array().unwrap().len(), 9);
    run_jobs(&app).await;
    assert_eq!(status(&app, &token, id).await.json()["data"]["status"], "done");

    let me = identity(&app, &token).await;
    let profile = &me["profile"];
    assert_eq!(profile["title"], "Lead Service Designer at Nordlys | Designing public services people enjoy");
    assert_eq!(profile["country"], "Sweden");
    assert_eq!(profile["languages"], json!(["english", "Swedish"]), "merged, without repeating English");
    assert_eq!(
        profile["short_bio"],
        "<p>Service designer with twelve years in public-sector projects. I run research with citizens and turn \
         it into services that work.</p>"
    );
    assert_eq!(profile["career_story"], Value::Null, "the export has no career story");
    assert_eq!(
        names(&profile["skills_detailed"]),
        [
            "Sketching",
            "Research",
            "Storytelling",
            "Prototyping",
            "Mentoring",
            "Service Design",
            "Workshop Facilitation"
        ],
        "merged up to 7 skills"
    );
    assert_eq!(profile["topics_detailed"], json!([]));
    let work = titles(&me["work_experiences"]);
    assert_eq!(work.len(), 3, "{work:?}");
    assert!(work.contains(&("Service Designer".into(), "Nordlys".into())));
    assert!(work.contains(&("UX Designer".into(), "Volvo Cars".into())));
    let mine =
        me["work_experiences"].as_array().unwrap().iter().find(|e| e["title"] == "Lead Service Designer").unwrap();
    assert_eq!(mine["description"], "<p>Mine</p>", "the existing entry is untouched");
    assert_eq!(
        titles(&me["education_background"]),
        [
            ("Master of Science - MS, Interaction Design".to_string(), "Chalmers University of Technology".to_string()),
            ("Bachelor's degree, Cognitive Science".to_string(), "University of Gothenburg".to_string())
        ]
    );
    assert_eq!(me["education_background"][0]["start_date"], "2013-01-01");
    assert_eq!(me["education_background"][0]["end_date"], "2015-01-01");
    // Nordlys was made once, as an institution of this site.
    let nordlys = store::entities::groups::Entity::find()
        .filter(store::entities::groups::Column::Name.eq("Nordlys"))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(nordlys, 1);
}

#[tokio::test]
async fn unreadable_resumes_fail_the_import_with_a_clear_message() {
    let (app, _dir) = app().await;
    let user = app.add_user("ada@example.com").await;
    let token = app.token_for(user.id);
    let cases = [
        (resume_pdfs::garbage(), "The resume could not be read. Please upload a valid PDF file."),
        (resume_pdfs::textless(), "The resume could not be read. Please upload a PDF with selectable text."),
    ];
    for (pdf, message) in cases {
        let answer =
            upload(&app, RESUME, Some(&token), vec![file("file", "cv.pdf", pdf), text("update_profile", "true")]).await;
        answer.assert_status(201);
        let id = answer.json()["import"]["id"].as_i64().unwrap();
        run_jobs(&app).await;
        let failed = status(&app, &token, id).await.json()["data"].clone();
        assert_eq!(failed["status"], "failed");
        assert_eq!(failed["error"], message);
        assert!(failed["finished_at"].is_string());
    }
    let me = identity(&app, &token).await;
    assert_eq!(me["profile"]["title"], Value::Null);
    assert_eq!(me["work_experiences"], json!([]));
    // Failed for good: nothing is left to retry.
    let pending = jobs::Entity::find().filter(jobs::Column::Status.eq("pending")).count(&app.db).await.unwrap();
    assert_eq!(pending, 0);
}

#[tokio::test]
async fn refused_uploads_queue_no_import() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let import = |bytes: Vec<u8>| vec![file("file", "cv.pdf", bytes), text("update_profile", "true")];

    // Text and an image renamed .pdf: refused by their content.
    let body = upload(&app, RESUME, Some(&token), import(b"Jane Doe\nEngineer\n".to_vec())).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "Unsupported file format. Please upload PDF");
    let body = upload(&app, RESUME, Some(&token), import(png(8, 8))).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "Unsupported file format. Please upload PDF");
    // Over 10 MB.
    let mut big = resume_pdfs::ordinary_resume();
    big.splice(9..9, std::iter::repeat_n(b'%', 10 * MB));
    let body = upload(&app, RESUME, Some(&token), import(big)).await.error(413);
    assert_eq!(body["message"], "File size exceeds the limit of 10MB");
    // Cut short.
    let mut cut = resume_pdfs::ordinary_resume();
    cut.truncate(cut.len() / 2);
    let body = upload(&app, RESUME, Some(&token), import(cut)).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "The PDF file is damaged or incomplete. Please upload a valid PDF");
    assert_eq!((import_rows(&app).await, import_jobs(&app).await), (0, 0));

    // Without update_profile the resume is only stored.
    let answer = upload(&app, RESUME, Some(&token), vec![file("file", "cv.pdf", resume_pdfs::ordinary_resume())]).await;
    answer.assert_status(201);
    assert!(answer.json().get("import").is_none());
    assert_eq!((import_rows(&app).await, import_jobs(&app).await), (0, 0));
}

#[tokio::test]
async fn staff_import_for_another_user_who_may_follow_it() {
    let (app, _dir) = app().await;
    let staff = app.add_member("staff@example.com", &app.default_tenant, "member").await;
    make_staff(&app, staff.id).await;
    let owner = app.add_member("priya@example.com", &app.default_tenant, "member").await;
    let stranger = app.add_member("eve@example.com", &app.default_tenant, "member").await;
    let (staff_token, owner_token) = (app.token_for(staff.id), app.token_for(owner.id));

    // Not staff: no importing for others.
    let owner_id = owner.id.to_string();
    let body = upload(
        &app,
        RESUME,
        Some(&app.token_for(stranger.id)),
        vec![
            file("file", "cv.pdf", resume_pdfs::ordinary_resume()),
            text("update_profile", "true"),
            text("user_id", &owner_id),
        ],
    )
    .await
    .error(403);
    assert!(body["message"].is_string());

    let answer = upload(
        &app,
        RESUME,
        Some(&staff_token),
        vec![
            file("file", "cv.pdf", resume_pdfs::ordinary_resume()),
            text("update_profile", "true"),
            text("user_id", &owner_id),
            text("fields_to_update", r#"["title"]"#),
        ],
    )
    .await;
    answer.assert_status(201);
    let id = answer.json()["import"]["id"].as_i64().unwrap();
    run_jobs(&app).await;

    assert_eq!(identity(&app, &owner_token).await["profile"]["title"], "Platform Engineer");
    assert_eq!(identity(&app, &staff_token).await["profile"]["title"], Value::Null);
    let row = profile_imports::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!((row.user_id, row.requested_by), (owner.id, Some(staff.id)));

    // The user it is for and staff see it; nobody else does.
    assert_eq!(status(&app, &owner_token, id).await.json()["data"]["status"], "done");
    status(&app, &staff_token, id).await.assert_status(200);
    status(&app, &app.token_for(stranger.id), id).await.error(404);
    app.get(&format!("/api/v1/profile-imports/{id}/")).send().await.error(401);
    status(&app, &owner_token, id + 1000).await.error(404);
    app.get("/api/v1/profile-imports/abc/").token(&owner_token).send().await.error(404);
    // Another site does not show it.
    app.add_tenant("other.example", "Other").await;
    app.get(&format!("/api/v1/profile-imports/{id}/"))
        .host("other.example")
        .token(&owner_token)
        .send()
        .await
        .error(404);
}

// ---------------------------------------------------------------------------------------
// LinkedIn, through a fake profile-data provider

#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<String>>>);

async fn provider(State(seen): State<Seen>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let url = q.get("url").cloned().unwrap_or_default();
    seen.0.lock().unwrap().push(format!("{auth} {url}"));
    if auth != format!("Bearer {KEY}") {
        return (StatusCode::UNAUTHORIZED, Json(json!({"description": "bad key"}))).into_response();
    }
    match url.as_str() {
        "https://www.linkedin.com/in/lars-berg/" => Json(json!({
            "full_name": "Lars Berg",
            "headline": "Lead Service Designer at Nordlys",
            "summary": "Service designer with twelve years in public-sector projects.",
            "country_full_name": "Sweden",
            "languages": ["Swedish", {"name": "English"}],
            "skills": ["Service Design", "Figma"],
            "experiences": [
                {"title": "Lead Service Designer", "company": "Nordlys", "description": "Lead a team of four.",
                 "starts_at": {"day": 1, "month": 3, "year": 2021}, "ends_at": null},
                {"title": "UX Designer", "company": "Volvo Cars", "starts_at": {"month": 8, "year": 2015},
                 "ends_at": {"month": 3, "year": 2019}}
            ],
            "education": [
                {"school": "Chalmers University of Technology", "degree_name": "Master of Science",
                 "field_of_study": "Interaction Design", "starts_at": {"year": 2013}, "ends_at": {"year": 2015}}
            ]
        }))
        .into_response(),
        "https://www.linkedin.com/in/flaky/" => StatusCode::SERVICE_UNAVAILABLE.into_response(),
        _ => (StatusCode::NOT_FOUND, Json(json!({"description": "Person not found"}))).into_response(),
    }
}

async fn app_with_provider() -> (TestApp, tempfile::TempDir, Seen) {
    let seen = Seen::default();
    let router = Router::new().route("/v1/profile", get(provider)).with_state(seen.clone());
    let base = serve_fake(router).await;
    let dir = tempfile::tempdir().unwrap();
    let settings = api::Settings {
        linkedin_profile: Some(services::profile_data::LinkedInApiConfig {
            api_url: format!("{base}/v1/profile"),
            api_key: Some(KEY.into()),
        }),
        ..settings(&dir)
    };
    (TestApp::with_settings(settings).await, dir, seen)
}

async fn linkedin(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post_json(LINKEDIN, token, &body).await
}

#[tokio::test]
async fn a_linkedin_import_writes_the_chosen_sections() {
    let (app, _dir, seen) = app_with_provider().await;
    let user = app.add_member("lars@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    patch_profile(&app, &token, json!({"country": "Norway", "skills": [{"name": "Sketching"}]})).await;

    let answer = linkedin(
        &app,
        &token,
        json!({"url": "linkedin.com/in/lars-berg", "fields_to_update": ["title", "experiences", "education"]}),
    )
    .await;
    answer.assert_status(202);
    let body = answer.json();
    assert_eq!(body["message"], "The information will be updated in a few seconds.");
    assert_eq!(body["data"]["source"], "linkedin");
    assert_eq!(body["data"]["status"], "queued");
    assert_eq!(body["data"]["fields"], json!(["title", "experiences", "education"]));
    let id = body["data"]["id"].as_i64().unwrap();

    run_jobs(&app).await;
    assert_eq!(status(&app, &token, id).await.json()["data"]["status"], "done");
    assert_eq!(seen.0.lock().unwrap().clone(), [format!("Bearer {KEY} https://www.linkedin.com/in/lars-berg/")]);

    let me = identity(&app, &token).await;
    assert_eq!(me["profile"]["title"], "Lead Service Designer at Nordlys");
    assert_eq!(me["profile"]["country"], "Norway", "country was not chosen");
    assert_eq!(names(&me["profile"]["skills_detailed"]), ["Sketching"], "skills were not chosen");
    assert_eq!(me["profile"]["languages"], json!([]));
    assert_eq!(me["profile"]["short_bio"], Value::Null);
    assert_eq!(
        titles(&me["work_experiences"]),
        [
            ("Lead Service Designer".to_string(), "Nordlys".to_string()),
            ("UX Designer".to_string(), "Volvo Cars".to_string())
        ]
    );
    assert_eq!(me["work_experiences"][0]["description"], "<p>Lead a team of four.</p>");
    assert_eq!(me["work_experiences"][1]["end_date"], "2019-03-01");
    assert_eq!(
        titles(&me["education_background"]),
        [("Master of Science, Interaction Design".to_string(), "Chalmers University of Technology".to_string())]
    );
}

#[tokio::test]
async fn a_linkedin_import_checks_its_input() {
    let (app, _dir, seen) = app_with_provider().await;
    let user = app.add_user("ada@example.com").await;
    let other = app.add_user("bob@example.com").await;
    let token = app.token_for(user.id);

    let body = linkedin(&app, &token, json!({})).await.error(400);
    assert_eq!(body["field_errors"]["url"], json!(["Please enter linkedin url"]));
    let body = linkedin(&app, &token, json!({"url": "  "})).await.error(400);
    assert_eq!(body["field_errors"]["url"], json!(["Please enter linkedin url"]));
    for url in ["https://example.com/in/ada", "https://www.linkedin.com/company/acme", "not a url"] {
        let body = linkedin(&app, &token, json!({ "url": url })).await.error(400);
        assert_eq!(body["field_errors"]["url"], json!(["Enter a valid LinkedIn profile URL."]), "{url}");
    }
    let body =
        linkedin(&app, &token, json!({"url": "linkedin.com/in/ada", "fields_to_update": ["salary"]})).await.error(400);
    assert!(body["field_errors"]["fields_to_update"][0].as_str().unwrap().contains("career_story"));
    linkedin(&app, &token, json!({"url": "linkedin.com/in/ada", "user_id": other.id})).await.error(403);
    app.post(LINKEDIN).json(&json!({"url": "linkedin.com/in/ada"})).send().await.error(401);
    assert_eq!(import_rows(&app).await, 0);

    // Staff may name another user, who must exist.
    make_staff(&app, user.id).await;
    let body = linkedin(&app, &token, json!({"url": "linkedin.com/in/ada", "user_id": 999999})).await.error(400);
    assert_eq!(body["field_errors"]["user_id"], json!(["User not found."]));
    let answer = linkedin(
        &app,
        &token,
        json!({"url": "linkedin.com/in/ada", "user_id": other.id.to_string(),
                                                "fields_to_update": "all"}),
    )
    .await;
    answer.assert_status(202);
    assert_eq!(answer.json()["data"]["user"], other.id);
    assert!(seen.0.lock().unwrap().is_empty(), "nothing is fetched during the request");
}

#[tokio::test]
async fn without_a_provider_the_linkedin_import_says_so() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let body = linkedin(&app, &token, json!({"url": "https://www.linkedin.com/in/ada"})).await.error(400);
    assert_eq!(body["non_field_errors"], json!(["Could not fetch Info from Linkedin"]));
    assert_eq!(body["message"], "Could not fetch Info from Linkedin");
    assert_eq!((import_rows(&app).await, import_jobs(&app).await), (0, 0));
}

#[tokio::test]
async fn a_profile_the_provider_does_not_know_fails_the_import() {
    let (app, _dir, _seen) = app_with_provider().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let answer = linkedin(&app, &token, json!({"url": "https://www.linkedin.com/in/nobody"})).await;
    let id = answer.json()["data"]["id"].as_i64().unwrap();
    run_jobs(&app).await;
    let failed = status(&app, &token, id).await.json()["data"].clone();
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["error"], "Could not fetch Info from Linkedin");
}

#[tokio::test]
async fn a_provider_that_is_down_is_tried_again_before_the_import_fails() {
    let (app, _dir, seen) = app_with_provider().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let answer = linkedin(&app, &token, json!({"url": "https://www.linkedin.com/in/flaky"})).await;
    let id = answer.json()["data"]["id"].as_i64().unwrap();

    for attempt in 1..=3 {
        run_jobs(&app).await;
        let now = status(&app, &token, id).await.json()["data"].clone();
        if attempt < 3 {
            assert_eq!(now["status"], "running", "attempt {attempt}: {now}");
            assert_eq!(now["error"], Value::Null);
            // The retry is due later; make it due now.
            let job = jobs::Entity::find()
                .filter(jobs::Column::Kind.eq("profile_import"))
                .one(&app.db)
                .await
                .unwrap()
                .unwrap();
            let mut active = job.into_active_model();
            active.run_at = Set(chrono::Utc::now() - chrono::Duration::seconds(1));
            active.update(&app.db).await.unwrap();
        } else {
            assert_eq!(now["status"], "failed");
            assert_eq!(now["error"], "Could not fetch Info from Linkedin");
        }
    }
    assert_eq!(seen.0.lock().unwrap().len(), 3);
}
