//! Uploads: file-upload, profile picture, video and resume; checks by content and size;
//! serving at /media/.

use std::io::Cursor;

use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use serde_json::{json, Value};

use crate::common::{TestApp, TestResponse};

pub(crate) const BOUNDARY: &str = "----waypoint-test-7d3a91";
pub(crate) const MB: usize = 1024 * 1024;

/// An app whose uploads go to a folder of its own; the folder lives as long as the app.
pub(crate) async fn app() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let settings = api::Settings {
        storage: services::storage::StorageConfig::Local { root: dir.path().join("uploads") },
        ..api::Settings::for_tests()
    };
    (TestApp::with_settings(settings).await, dir)
}

pub(crate) enum Part<'a> {
    File { field: &'a str, name: &'a str, content_type: &'a str, bytes: Vec<u8> },
    Text { field: &'a str, value: &'a str },
}

pub(crate) fn file<'a>(field: &'a str, name: &'a str, bytes: Vec<u8>) -> Part<'a> {
    // The client's claimed type is deliberately generic: the server must look at the bytes.
    Part::File { field, name, content_type: "application/octet-stream", bytes }
}

pub(crate) fn text<'a>(field: &'a str, value: &'a str) -> Part<'a> {
    Part::Text { field, value }
}

pub(crate) fn multipart(parts: Vec<Part<'_>>) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match part {
            Part::File { field, name, content_type, bytes } => {
                body.extend_from_slice(
                    format!(
                        "Content-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\n\
                         Content-Type: {content_type}\r\n\r\n"
                    )
                    .as_bytes(),
                );
                body.extend_from_slice(&bytes);
            }
            Part::Text { field, value } => {
                body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{field}\"\r\n\r\n").as_bytes());
                body.extend_from_slice(value.as_bytes());
            }
        }
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) async fn upload(app: &TestApp, path: &str, token: Option<&str>, parts: Vec<Part<'_>>) -> TestResponse {
    let request = app.post(path).raw(&format!("multipart/form-data; boundary={BOUNDARY}"), multipart(parts));
    request.token_if(token).send().await
}

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = Vec::new();
    picture.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

pub(crate) fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, _| image::Rgb([(x % 256) as u8, 40, 200]));
    let mut out = Vec::new();
    picture.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Jpeg).unwrap();
    out
}

/// A small but complete PDF: header, one object, cross-reference table and trailer.
pub(crate) fn pdf() -> Vec<u8> {
    pdf_padded(0)
}

pub(crate) fn pdf_padded(padding: usize) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".to_vec();
    if padding > 0 {
        out.extend_from_slice(b"% ");
        out.extend(std::iter::repeat_n(b'x', padding));
        out.push(b'\n');
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n")
            .as_bytes(),
    );
    out
}

/// The start of an MP4 file: an `ftyp` box followed by an empty `mdat` box.
pub(crate) fn mp4() -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&[0, 0, 0, 0x18]);
    out.extend_from_slice(b"ftypisom\0\0\x02\0isomiso2");
    out.extend_from_slice(&[0, 0, 0, 8]);
    out.extend_from_slice(b"mdat");
    out
}

/// The path of a file URL answered by the API (`http://localhost:8080/media/…`).
pub(crate) fn media_path(url: &Value) -> String {
    let url = url.as_str().expect("a file URL");
    let start = url.find("/media/").unwrap_or_else(|| panic!("not a media URL: {url}"));
    url[start..].to_string()
}

pub(crate) async fn make_staff(app: &TestApp, user_id: i64) {
    let user = store::entities::users::Entity::find_by_id(user_id).one(&app.db).await.unwrap().unwrap();
    let mut active = user.into_active_model();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
}

#[tokio::test]
async fn file_upload_stores_files_checked_by_content() {
    let (app, _dir) = app().await;
    let user = app.add_user("ada@example.com").await;
    let token = app.token_for(user.id);

    let answer = upload(
        &app,
        "/api/v1/file-upload/",
        Some(&token),
        vec![file("files", "notes.pdf", pdf()), text("descriptions", r#"["My notes"]"#)],
    )
    .await;
    answer.assert_status(201);
    let body = answer.json();
    let item = &body["data"]["data"][0];
    assert!(item["id"].as_i64().unwrap() > 0);
    assert_eq!(item["name"], "notes.pdf");
    assert_eq!(item["content_type"], "application/pdf");
    assert_eq!(item["mime_type"], "application/pdf");
    assert_eq!(item["size"], pdf().len());
    assert_eq!(item["kind"], "document");
    assert_eq!(item["description"], "My notes");
    assert!(item["file"].as_str().unwrap().starts_with("http://localhost:8080/media/"), "{item}");

    let served = app.get(&media_path(&item["file"])).send().await;
    served.assert_status(200);
    assert_eq!(served.bytes.as_slice(), pdf().as_slice());
    assert_eq!(served.header("content-type"), Some("application/pdf"));
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    assert!(served.header("cache-control").unwrap().contains("max-age=31536000"));

    // Several files at once, each typed by its bytes: a PNG named .pdf is an image named .png,
    // text and a JPEG pass too.
    let answer = upload(
        &app,
        "/api/v1/file-upload/",
        Some(&token),
        vec![
            file("files", "scan.pdf", png(4, 3)),
            file("files", "readme", b"Plain notes\nline two\n".to_vec()),
            file("files", "photo.jpg", jpeg(8, 8)),
            text("descriptions", r#"[null, "read me", ""]"#),
        ],
    )
    .await;
    answer.assert_status(201);
    let items = answer.json()["data"]["data"].as_array().unwrap().clone();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0]["name"], "scan.png");
    assert_eq!(items[0]["content_type"], "image/png");
    assert_eq!(items[0]["kind"], "image");
    assert_eq!(items[0]["thumbnail_image"], items[0]["file"]);
    assert_eq!(items[1]["name"], "readme.txt");
    assert_eq!(items[1]["content_type"], "text/plain; charset=utf-8");
    assert_eq!(items[1]["description"], "read me");
    assert_eq!(items[2]["content_type"], "image/jpeg");
    assert_eq!(items[2]["description"], Value::Null);
    let served = app.get(&media_path(&items[0]["file"])).send().await;
    assert_eq!(served.header("content-type"), Some("image/png"));
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
}

#[tokio::test]
async fn file_upload_refuses_unknown_types_missing_files_and_bad_descriptions() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);

    let executable = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00binary".to_vec();
    let body = upload(&app, "/api/v1/file-upload/", Some(&token), vec![file("files", "report.pdf", executable)])
        .await
        .error(400);
    assert!(body["field_errors"]["files"][0].as_str().unwrap().starts_with("Unsupported file format."), "{body}");
    // The client reads the message of a failed upload from `error`.
    assert_eq!(body["error"], body["message"]);

    let body = upload(&app, "/api/v1/file-upload/", Some(&token), vec![text("descriptions", "[]")]).await.error(400);
    assert_eq!(body["field_errors"]["files"][0], "Please choose a file to upload");

    let body = upload(
        &app,
        "/api/v1/file-upload/",
        Some(&token),
        vec![file("files", "a.pdf", pdf()), text("descriptions", "not json")],
    )
    .await
    .error(400);
    assert!(body["field_errors"]["descriptions"][0].is_string());

    let damaged = pdf()[..30].to_vec();
    let body =
        upload(&app, "/api/v1/file-upload/", Some(&token), vec![file("files", "a.pdf", damaged)]).await.error(400);
    assert_eq!(body["field_errors"]["files"][0], "The PDF file is damaged or incomplete. Please upload a valid PDF");

    // A JSON body is not an upload.
    app.post_json("/api/v1/file-upload/", &token, &json!({"files": []})).await.error(415);
    // Nothing was stored by any of these.
    let count = store::entities::files::Entity::find().all(&app.db).await.unwrap().len();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn uploads_need_a_signed_in_user() {
    let (app, _dir) = app().await;
    for path in
        ["/api/v1/file-upload/", "/api/v1/upload-profile_picture/", "/api/v1/upload-video/", "/api/v1/upload-resume/"]
    {
        upload(&app, path, None, vec![file("file", "a.pdf", pdf())]).await.error(401);
    }
    app.delete("/api/v1/file-upload/1/").send().await.error(401);
}

#[tokio::test]
async fn files_of_up_to_10_mb_pass_and_larger_ones_are_refused() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);

    // Well over the 1 MB JSON limit, just under 10 MB: accepted.
    let big = pdf_padded(10 * MB - 400);
    assert!(big.len() < 10 * MB);
    let answer = upload(&app, "/api/v1/upload-resume/", Some(&token), vec![file("file", "cv.pdf", big.clone())]).await;
    answer.assert_status(201);
    assert_eq!(answer.json()["data"]["size"], big.len());

    let too_big = pdf_padded(10 * MB + 10);
    let body = upload(&app, "/api/v1/upload-resume/", Some(&token), vec![file("file", "cv.pdf", too_big.clone())])
        .await
        .error(413);
    assert_eq!(body["message"], "File size exceeds the limit of 10MB");
    assert_eq!(body["error"], "File size exceeds the limit of 10MB");

    let body = upload(&app, "/api/v1/file-upload/", Some(&token), vec![file("files", "cv.pdf", too_big.clone())])
        .await
        .error(413);
    assert_eq!(body["message"], "Maximum size exceed (max 10MB allowed)");
    let body =
        upload(&app, "/api/v1/upload-video/", Some(&token), vec![file("file", "v.mp4", too_big)]).await.error(413);
    assert_eq!(body["message"], "Maximum size exceed (max 10MB allowed)");
}

#[tokio::test]
async fn profile_pictures_are_scaled_down_and_re_encoded() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);

    let answer =
        upload(&app, "/api/v1/upload-profile_picture/", Some(&token), vec![file("picture", "me.png", png(3000, 2000))])
            .await;
    answer.assert_status(201);
    let body = answer.json();
    assert_eq!(body["message"], "Successfully updated information");
    assert!(body["data"]["id"].as_i64().unwrap() > 0);
    let served = app.get(&media_path(&body["data"]["file"])).send().await;
    served.assert_status(200);
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    // No alpha channel: stored as JPEG.
    assert_eq!(served.header("content-type"), Some("image/jpeg"));
    let picture = image::load_from_memory(&served.bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (1024, 683));

    // A small JPEG keeps its size.
    let answer =
        upload(&app, "/api/v1/upload-profile_picture/", Some(&token), vec![file("file", "me.jpg", jpeg(64, 48))]).await;
    answer.assert_status(201);
    let served = app.get(&media_path(&answer.json()["data"]["file"])).send().await;
    let picture = image::load_from_memory(&served.bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (64, 48));

    // The newest picture is the profile's.
    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    assert_eq!(me["data"]["profile"]["picture"], media_path(&answer.json()["data"]["file"]));
}

#[tokio::test]
async fn profile_pictures_must_be_images() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let path = "/api/v1/upload-profile_picture/";

    let body = upload(&app, path, Some(&token), vec![file("file", "me.png", pdf())]).await.error(400);
    assert_eq!(
        body["field_errors"]["file"][0],
        "Unsupported file format. Please upload an image (JPEG, PNG, GIF or WebP)"
    );

    // PNG signature, then garbage.
    let mut broken = png(10, 10);
    broken.truncate(40);
    let body = upload(&app, path, Some(&token), vec![file("file", "me.png", broken)]).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "The image is damaged or incomplete. Please upload a valid image");

    let body = upload(&app, path, Some(&token), vec![]).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "Please upload an image");

    let body =
        upload(&app, path, Some(&token), vec![file("file", "a.png", png(2, 2)), file("file", "b.png", png(2, 2))])
            .await
            .error(400);
    assert_eq!(body["field_errors"]["file"][0], "Please upload one file at a time");
}

#[tokio::test]
async fn videos_are_checked_by_content() {
    let (app, _dir) = app().await;
    let token = app.token_for(app.add_user("ada@example.com").await.id);

    let answer = upload(&app, "/api/v1/upload-video/", Some(&token), vec![file("video", "intro.mp4", mp4())]).await;
    answer.assert_status(201);
    let body = answer.json();
    assert_eq!(body["message"], "Successfuly uploaded video");
    assert_eq!(body["data"]["content_type"], "video/mp4");
    let served = app.get(&media_path(&body["data"]["file"])).send().await;
    assert_eq!(served.header("content-type"), Some("video/mp4"));
    assert_eq!(served.bytes.as_slice(), mp4().as_slice());
    let me = app.get("/api/v1/identity/").token(&token).send().await.json();
    assert_eq!(me["data"]["profile"]["video"], media_path(&body["data"]["file"]));

    let body = upload(&app, "/api/v1/upload-video/", Some(&token), vec![file("file", "intro.mp4", png(2, 2))])
        .await
        .error(400);
    assert_eq!(body["field_errors"]["file"][0], "Unsupported file format. Please upload a video (MP4, MOV or WebM)");
}

#[tokio::test]
async fn resumes_must_be_complete_pdfs() {
    let (app, _dir) = app().await;
    let user = app.add_user("ada@example.com").await;
    let token = app.token_for(user.id);
    let path = "/api/v1/upload-resume/";

    let answer = upload(&app, path, Some(&token), vec![file("file", "cv.pdf", pdf())]).await;
    answer.assert_status(201);
    let body = answer.json();
    assert_eq!(body["message"], "Successfully uploaded resume");
    let id = body["data"]["id"].as_i64().unwrap();
    assert!(body["data"]["file"].as_str().unwrap().contains("/media/"));
    let row = store::entities::files::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!((row.user_id, row.purpose.as_str(), row.kind.as_str()), (user.id, "resume", "document"));
    assert_eq!(
        row.details.unwrap(),
        json!({"update_profile": false, "fields_to_update": "all", "uploaded_by": user.id})
    );

    // A PNG renamed to .pdf.
    let body = upload(&app, path, Some(&token), vec![file("file", "cv.pdf", png(5, 5))]).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "Unsupported file format. Please upload PDF");
    assert_eq!(body["error"], "Unsupported file format. Please upload PDF");

    // Cut short: no trailer, no %%EOF.
    let mut cut = pdf();
    cut.truncate(cut.len() - 25);
    let body = upload(&app, path, Some(&token), vec![file("file", "cv.pdf", cut)]).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "The PDF file is damaged or incomplete. Please upload a valid PDF");

    let body = upload(&app, path, Some(&token), vec![text("update_profile", "true")]).await.error(400);
    assert_eq!(body["field_errors"]["file"][0], "Please upload a resume");
}

#[tokio::test]
async fn resume_import_options_are_checked_and_recorded() {
    let (app, _dir) = app().await;
    let user = app.add_user("ada@example.com").await;
    let other = app.add_user("bob@example.com").await;
    let token = app.token_for(user.id);
    let path = "/api/v1/upload-resume/";

    let answer = upload(
        &app,
        path,
        Some(&token),
        vec![
            file("file", "cv.pdf", pdf()),
            text("update_profile", "true"),
            text("fields_to_update", r#"["skills","experiences"]"#),
        ],
    )
    .await;
    answer.assert_status(201);
    let row = store::entities::files::Entity::find_by_id(answer.json()["data"]["id"].as_i64().unwrap())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        row.details.unwrap(),
        json!({"update_profile": true, "fields_to_update": ["skills", "experiences"], "uploaded_by": user.id})
    );

    let body = upload(
        &app,
        path,
        Some(&token),
        vec![file("file", "cv.pdf", pdf()), text("fields_to_update", r#"["salary"]"#)],
    )
    .await
    .error(400);
    assert!(body["field_errors"]["fields_to_update"][0].as_str().unwrap().contains("short_bio"));

    // user_id is for staff only.
    let user_id = other.id.to_string();
    let body = upload(&app, path, Some(&token), vec![file("file", "cv.pdf", pdf()), text("user_id", &user_id)])
        .await
        .error(403);
    assert!(body["message"].is_string());

    make_staff(&app, user.id).await;
    let answer = upload(
        &app,
        path,
        Some(&token),
        vec![file("file", "cv.pdf", pdf()), text("user_id", &user_id), text("fields_to_update", "all")],
    )
    .await;
    answer.assert_status(201);
    let row = store::entities::files::Entity::find_by_id(answer.json()["data"]["id"].as_i64().unwrap())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.user_id, other.id, "the resume belongs to the named user");
    assert_eq!(row.details.unwrap()["uploaded_by"], user.id);

    let body = upload(&app, path, Some(&token), vec![file("file", "cv.pdf", pdf()), text("user_id", "999999")])
        .await
        .error(400);
    assert_eq!(body["field_errors"]["user_id"][0], "User not found.");
}

#[tokio::test]
async fn only_the_owner_deletes_a_file_on_its_tenant() {
    let (app, _dir) = app().await;
    let owner = app.add_user("ada@example.com").await;
    let other = app.add_user("bob@example.com").await;
    let owner_token = app.token_for(owner.id);
    let answer = upload(&app, "/api/v1/file-upload/", Some(&owner_token), vec![file("files", "a.pdf", pdf())]).await;
    answer.assert_status(201);
    let item = answer.json()["data"]["data"][0].clone();
    let path = format!("/api/v1/file-upload/{}/", item["id"]);

    app.delete(&path).token(&app.token_for(other.id)).send().await.error(404);
    // The same owner on another tenant does not see it either.
    app.add_tenant("acme.example", "Acme").await;
    app.delete(&path).host("acme.example").token(&owner_token).send().await.error(404);
    let id = item["id"].as_i64().unwrap();
    assert!(store::queries::files::find_owned(&app.db, app.default_tenant.tenant.id, other.id, id)
        .await
        .unwrap()
        .is_none());
    assert!(store::queries::files::find_owned(&app.db, app.default_tenant.tenant.id, owner.id, id)
        .await
        .unwrap()
        .is_some());

    app.delete(&path).token(&owner_token).send().await.assert_status(204);
    app.get(&media_path(&item["file"])).send().await.assert_status(404);
    app.delete(&path).token(&owner_token).send().await.error(404);
    app.delete("/api/v1/file-upload/abc/").token(&owner_token).send().await.error(404);
}

#[tokio::test]
async fn media_refuses_paths_outside_the_uploads() {
    let (app, dir) = app().await;
    std::fs::write(dir.path().join("secret.txt"), "top secret").unwrap();
    let token = app.token_for(app.add_user("ada@example.com").await.id);
    let answer =
        upload(&app, "/api/v1/file-upload/", Some(&token), vec![file("files", "a.txt", b"hello".to_vec())]).await;
    let served_path = media_path(&answer.json()["data"]["data"][0]["file"]);
    app.get(&served_path).send().await.assert_status(200);
    let folder = served_path.rsplit_once('/').unwrap().0.to_string();

    for path in [
        "/media/../secret.txt".to_string(),
        "/media/..%2fsecret.txt".to_string(),
        "/media/%2e%2e/secret.txt".to_string(),
        "/media/t1/../../secret.txt".to_string(),
        "/media/%2Fetc%2Fpasswd".to_string(),
        "/media//etc/passwd".to_string(),
        "/media/..%5Csecret.txt".to_string(),
        "/media/".to_string(),
        folder.clone(),
        format!("{folder}/"),
        "/media/t1/u1/missing.png".to_string(),
    ] {
        let response = app.get(&path).send().await;
        assert_eq!(response.status.as_u16(), 404, "{path}: {}", response.text());
        assert!(!response.text().contains("top secret"), "{path}");
    }
}
