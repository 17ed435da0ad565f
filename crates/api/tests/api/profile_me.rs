//! PATCH /profiles/me/ (multipart with a picture, or JSON) and DELETE
//! /profiles/me/delete-picture/.

use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{json, Value};

use crate::{
    common::{TestApp, TestResponse},
    uploads::{app, file, jpeg, media_path, multipart, pdf, png, text, Part, BOUNDARY},
};

async fn patch_form(app: &TestApp, token: &str, parts: Vec<Part<'_>>) -> TestResponse {
    app.patch("/api/v1/profiles/me/")
        .token(token)
        .raw(&format!("multipart/form-data; boundary={BOUNDARY}"), multipart(parts))
        .send()
        .await
}

async fn stored_files(app: &TestApp) -> u64 {
    store::entities::files::Entity::find().count(&app.db).await.unwrap()
}

fn files_on_disk(dir: &tempfile::TempDir) -> usize {
    fn walk(path: &std::path::Path) -> usize {
        std::fs::read_dir(path)
            .map(|entries| entries.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum())
            .unwrap_or(0)
    }
    walk(&dir.path().join("uploads"))
}

#[tokio::test]
async fn a_form_updates_the_profile_and_its_picture_at_once() {
    let (app, dir) = app().await;
    let user = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);

    let answer = patch_form(
        &app,
        &token,
        vec![
            file("picture", "me.jpg", jpeg(2000, 1000)),
            text("title", "Mathematician"),
            text("skills", r#"[{"name": "Analysis"}]"#),
            text("languages", r#"["English", "French"]"#),
            text("institution", "Analytical Society"),
        ],
    )
    .await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["message"], "Successfully updated information");
    let page = &body["data"];
    assert_eq!(page["id"], user.id);
    assert_eq!(page["profile"]["title"], "Mathematician");
    assert_eq!(page["profile"]["languages"], json!(["English", "French"]));
    assert_eq!(page["profile"]["institution_name"], "Analytical Society");
    assert_eq!(page["profile"]["skills_detailed"][0]["name"], "Analysis");
    assert!(page.get("followers_count").is_some() && page.get("work_experiences").is_some());
    let picture = page["profile"]["picture"].as_str().unwrap().to_string();
    assert!(picture.starts_with("/media/"), "{picture}");
    // The stored picture went through the picture pipeline: scaled down to 1024 px.
    let served = app.get(&media_path(&Value::String(picture.clone()))).send().await;
    served.assert_status(200);
    let stored = image::load_from_memory(&served.bytes).unwrap();
    assert_eq!((stored.width(), stored.height()), (1024, 512));
    assert_eq!(stored_files(&app).await, 1);
    assert_eq!(files_on_disk(&dir), 1);

    // Text alone is fine too.
    let answer = patch_form(&app, &token, vec![text("country", "England")]).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["profile"]["picture"], picture.as_str());

    // So is JSON, as for PATCH /users/profile/.
    let answer =
        app.patch_json("/api/v1/profiles/me/", &token, &json!({"location": "London", "languages": null})).await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["message"], "Successfully updated information");
    assert_eq!(body["data"]["profile"]["location"], "London");
    assert_eq!(body["data"]["profile"]["languages"], json!([]));
}

#[tokio::test]
async fn a_refused_update_stores_no_picture() {
    let (app, dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);

    // A required field sent empty: the picture that came with it is not kept.
    let body =
        patch_form(&app, &token, vec![file("picture", "me.png", png(40, 40)), text("title", "")]).await.error(400);
    assert_eq!(body["field_errors"]["title"], json!(["Required"]));
    let body =
        patch_form(&app, &token, vec![file("picture", "me.png", png(40, 40)), text("skills", "1,2")]).await.error(400);
    assert_eq!(body["field_errors"]["skills"], json!(["Enter a valid JSON list."]));
    let body = patch_form(&app, &token, vec![text("email", "new@example.com")]).await.error(400);
    assert_eq!(body["field_errors"]["email"], json!(["Unknown field."]));
    // Not a picture.
    let body = patch_form(&app, &token, vec![file("picture", "me.png", pdf())]).await.error(400);
    assert_eq!(
        body["field_errors"]["picture"],
        json!(["Unsupported file format. Please upload an image (JPEG, PNG, GIF or WebP)"])
    );
    let body = patch_form(&app, &token, vec![file("picture", "a.png", png(4, 4)), file("picture", "b.png", png(4, 4))])
        .await
        .error(400);
    assert_eq!(body["field_errors"]["picture"], json!(["Please upload one file at a time"]));
    assert_eq!(stored_files(&app).await, 0);
    assert_eq!(files_on_disk(&dir), 0);

    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    assert_eq!(me["data"]["profile"]["picture"], Value::Null);
    app.patch("/api/v1/profiles/me/").token(&token).raw("text/plain", "title=x").send().await.error(415);
    app.patch("/api/v1/profiles/me/").json(&json!({"title": "x"})).send().await.error(401);
}

#[tokio::test]
async fn deleting_the_picture_removes_the_stored_file() {
    let (app, dir) = app().await;
    let user = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);
    let answer = patch_form(&app, &token, vec![file("picture", "me.png", png(64, 64))]).await;
    let picture = answer.json()["data"]["profile"]["picture"].as_str().unwrap().to_string();
    let percent = answer.json()["data"]["profile"]["completion_percent"].as_i64().unwrap();
    assert_eq!(files_on_disk(&dir), 1);

    let answer = app.delete("/api/v1/profiles/me/delete-picture/").token(&token).send().await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["message"], "Profile picture removed");
    assert_eq!(body["data"]["profile"]["picture"], Value::Null);
    assert_eq!(body["data"]["profile"]["completion_percent"], percent - 10);
    assert_eq!(stored_files(&app).await, 0);
    assert_eq!(files_on_disk(&dir), 0);
    app.get(&picture).send().await.assert_status(404);

    // Nothing left to remove: still fine.
    app.delete("/api/v1/profiles/me/delete-picture/").token(&token).send().await.assert_status(200);
    // A picture that is a link elsewhere is only unlinked.
    app.patch_json("/api/v1/profiles/me/", &token, &json!({"picture": "https://example.com/ada.png"}))
        .await
        .assert_status(200);
    let answer = app.delete("/api/v1/profiles/me/delete-picture/").token(&token).send().await;
    assert_eq!(answer.json()["data"]["profile"]["picture"], Value::Null);
    app.delete("/api/v1/profiles/me/delete-picture/").send().await.error(401);
}
