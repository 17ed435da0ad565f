//! Content (issue 13): posts and newsletters in groups, resources and prompts with their
//! moderation and premium files, the Resource Hub, link previews, career tips — the rules
//! and the hostile cases.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use serde_json::{json, Value};
use services::link_preview::{FetchError, FetchedPage, PageFetcher};
use store::{
    entities::{groups, users},
    queries::{mail as mail_q, memberships},
};

use crate::{
    common::TestApp,
    groups::{certify_group_profile, circle_body, create as create_group, topic},
    uploads::{file, pdf, png, upload},
};

const CONTENTS: &str = "/api/v1/contents/";

struct Site {
    app: TestApp,
    admin: users::Model,
    admin_token: String,
    circle: i64,
    org: i64,
    topic: i64,
}

async fn site() -> Site {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    certify_group_profile(&app, org, &admin).await;
    let admin_token = app.token_for(admin.id);
    let topic = topic(&app, &app.default_tenant, "Data Science").await;
    let circle = create_group(&app, &admin_token, &circle_body(org, topic, "Data Circle")).await;
    let circle = circle["id"].as_i64().unwrap();
    Site { app, admin, admin_token, circle, org, topic }
}

impl Site {
    /// A member of the site, accepted in the circle.
    async fn member(&self, email: &str) -> (users::Model, String) {
        let user = self.app.add_member(email, &self.app.default_tenant, "member").await;
        memberships::upsert(&self.app.db, self.circle, user.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
        let token = self.app.token_for(user.id);
        (user, token)
    }

    async fn make_private(&self, group_id: i64) {
        let group = groups::Entity::find_by_id(group_id).one(&self.app.db).await.unwrap().unwrap();
        let mut active = group.into_active_model();
        active.privacy = Set(20);
        active.update(&self.app.db).await.unwrap();
    }

    async fn post(&self, token: &str, body: Value) -> Value {
        let answer = self.app.post(CONTENTS).token(token).json(&body).send().await;
        answer.assert_status(201);
        answer.json()["data"].clone()
    }

    async fn topic_area(&self) -> i64 {
        use store::entities::topic_areas;
        topic_areas::ActiveModel {
            tenant_id: Set(self.app.default_tenant.tenant.id),
            name: Set("Technology".into()),
            created_at: Set(chrono::Utc::now()),
            ..Default::default()
        }
        .insert(&self.app.db)
        .await
        .unwrap()
        .id
    }

    fn resource_body(&self, title: &str, area: i64) -> Value {
        json!({
            "type": "resource", "contribute": true, "title": title,
            "content": "<p>A guide to pandas dataframes</p>", "group": self.org,
            "topics": [self.topic], "topic_area": area, "career_stages": ["early_career"], "country": "Kenya",
        })
    }
}

#[tokio::test]
async fn a_member_posts_in_a_circle_and_the_post_is_clean_private_and_titled() {
    let s = site().await;
    let (_, token) = s.member("ana@example.com").await;
    let long = "word ".repeat(40);
    let post = s
        .post(&token, json!({"types": ["post"], "content": format!("<p>Hello <script>alert(1)</script>{long}</p>"), "group": s.circle}))
        .await;
    assert!(!post["content"].as_str().unwrap().contains("script"), "{}", post["content"]);
    assert_eq!(post["content"].as_str().unwrap(), format!("<p>Hello {long}</p>"));
    assert_eq!(post["title"].as_str().unwrap().chars().count(), 100);
    assert_eq!(post["security_level"], 20, "private by default");
    assert_eq!(post["status"], "approved");
    assert_eq!(post["can_share"], false);
    let slug = post["slug"].as_str().unwrap();

    // A private post: members of the circle see it, others and guests do not.
    let (_, other) = s.member("ben@example.com").await;
    s.app.get(&format!("{CONTENTS}slug/{slug}/")).token(&other).send().await.assert_status(200);
    s.app.get(&format!("{CONTENTS}slug/{slug}/")).send().await.assert_status(404);
    let outsider = s.app.add_member("out@example.com", &s.app.default_tenant, "member").await;
    let outsider = s.app.token_for(outsider.id);
    s.app.get(&format!("{CONTENTS}slug/{slug}/")).token(&outsider).send().await.assert_status(404);
    let list = s.app.get(&format!("{CONTENTS}?types=post&group_id={}", s.circle)).token(&outsider).send().await;
    assert_eq!(list.json()["pagination"]["count"], 0);
    let list = s.app.get(&format!("{CONTENTS}?types=post&group_id={}", s.circle)).token(&other).send().await;
    assert_eq!(list.json()["pagination"]["count"], 1);

    // A public post shows to guests, and may be shared.
    let public = s.post(&token, json!({"content": "Open to all", "group": s.circle, "security_level": 0})).await;
    assert_eq!(public["can_share"], true);
    let guest = s.app.get(&format!("{CONTENTS}?types=post&group_id={}", s.circle)).send().await;
    assert_eq!(guest.json()["pagination"]["count"], 1);
    assert_eq!(guest.json()["data"][0]["title"], "Open to all");
}

#[tokio::test]
async fn outsiders_and_pending_members_cannot_post() {
    let s = site().await;
    // Not a member of the (public) circle.
    let outsider = s.app.add_member("out@example.com", &s.app.default_tenant, "member").await;
    let token = s.app.token_for(outsider.id);
    let answer = s.app.post(CONTENTS).token(&token).json(&json!({"content": "hi", "group": s.circle})).send().await;
    assert_eq!(answer.error(403)["detail"], "Only accepted members of the group can post here.");
    // Pending in it.
    memberships::upsert(&s.app.db, s.circle, outsider.id, "member", "pending").await.unwrap();
    s.app
        .post(CONTENTS)
        .token(&token)
        .json(&json!({"content": "hi", "group": s.circle}))
        .send()
        .await
        .assert_status(403);
    // A private group the caller is not in does not exist for them.
    s.make_private(s.circle).await;
    memberships::upsert(&s.app.db, s.circle, outsider.id, "member", "rejected").await.unwrap();
    let answer = s.app.post(CONTENTS).token(&token).json(&json!({"content": "hi", "group": s.circle})).send().await;
    assert!(answer.error(400)["field_errors"]["group"].is_array());
    // Guests: 401.
    s.app.post(CONTENTS).json(&json!({"content": "hi", "group": s.circle})).send().await.assert_status(401);
    // Nothing was written.
    let list = s.app.get(&format!("{CONTENTS}?group_id={}", s.circle)).token(&s.admin_token).send().await;
    assert_eq!(list.json()["pagination"]["count"], 0);
    // In a private group a member's post is forced private.
    let (_, member) = s.member("ana@example.com").await;
    let post = s.post(&member, json!({"content": "inside", "group": s.circle, "security_level": 0})).await;
    assert_eq!(post["security_level"], 20);
}

#[tokio::test]
async fn only_the_author_edits_or_deletes_a_post() {
    let s = site().await;
    let (_, author) = s.member("ana@example.com").await;
    let (_, other) = s.member("ben@example.com").await;
    let post = s.post(&author, json!({"content": "First", "group": s.circle})).await;
    let path = format!("{CONTENTS}{}/", post["id"]);
    let answer =
        s.app.request(axum::http::Method::PATCH, &path).token(&other).json(&json!({"content": "Hacked"})).send().await;
    answer.error(403);
    let answer = s.app.request(axum::http::Method::DELETE, &path).token(&other).send().await;
    assert_eq!(answer.error(403)["detail"], "Could not delete at this moment.");
    // The group's administrator is not the author either.
    s.app.request(axum::http::Method::DELETE, &path).token(&s.admin_token).send().await.assert_status(403);
    let answer = s
        .app
        .request(axum::http::Method::PATCH, &path)
        .token(&author)
        .json(&json!({"content": "<p>Second</p>"}))
        .send()
        .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["title"], "Second");
    assert!(answer.json()["data"]["last_edited_at"].is_string());
    s.app.request(axum::http::Method::DELETE, &path).token(&author).send().await.assert_status(200);
    s.app.get(&path).token(&author).send().await.assert_status(404);
}

#[tokio::test]
async fn attachments_are_checked() {
    let s = site().await;
    let (ana, token) = s.member("ana@example.com").await;
    let uploaded = upload(&s.app, "/api/v1/file-upload/", Some(&token), vec![file("files", "a.png", png(4, 4))]).await;
    uploaded.assert_status(201);
    let image = uploaded.json()["data"]["data"][0]["id"].as_i64().unwrap();
    // An eighth file is refused with the spec's message, before anything is looked up.
    let answer = s
        .app
        .post(CONTENTS)
        .token(&token)
        .json(&json!({"content": "x", "group": s.circle, "files": [1, 2, 3, 4, 5, 6, 7, 8]}))
        .send()
        .await;
    assert_eq!(answer.error(400)["field_errors"]["files"][0], "Maximum 7 files");
    // Someone else's file cannot be attached.
    let (_, other) = s.member("ben@example.com").await;
    let answer = s
        .app
        .post(CONTENTS)
        .token(&other)
        .json(&json!({"content": "x", "group": s.circle, "files": [image]}))
        .send()
        .await;
    assert!(answer.error(400)["field_errors"]["files"].is_array());
    // The owner's image is attached, with its URL.
    let post = s.post(&token, json!({"content": "A picture", "group": s.circle, "files": [image]})).await;
    assert_eq!(post["files"][0]["id"], image);
    assert_eq!(post["files"][0]["kind"], "image");
    assert!(post["files"][0]["file"].as_str().unwrap().contains("/media/"));
    assert_eq!(post["created_by"]["id"], ana.id);
    // Bad blocks are refused on their index.
    let answer = s
        .app
        .post(CONTENTS)
        .token(&token)
        .json(&json!({"content": "x", "group": s.circle, "data": {"blocks": [{"type": "hyperlink", "url": "javascript:alert(1)"}]}}))
        .send()
        .await;
    assert!(answer.error(400)["field_errors"]["data.blocks.0"].is_array());
}

#[tokio::test]
async fn resources_are_moderated_and_only_approved_ones_are_public() {
    let s = site().await;
    let area = s.topic_area().await;
    let (contributor, token) = s.member("ana@example.com").await;
    // Not certified: refused.
    let answer = s.app.post(CONTENTS).token(&token).json(&s.resource_body("Pandas guide", area)).send().await;
    assert_eq!(answer.error(403)["detail"], "Only certified members can contribute resources and prompts.");
    certify_group_profile(&s.app, s.org, &contributor).await;
    // The contribute form's required fields.
    let answer = s
        .app
        .post(CONTENTS)
        .token(&token)
        .json(&json!({"type": "resource", "contribute": true, "content": "x", "group": s.org}))
        .send()
        .await;
    let errors = answer.error(400)["field_errors"].clone();
    for field in ["title", "topics", "topic_area", "career_stages"] {
        assert_eq!(errors[field][0], "Required", "{field}");
    }
    let resource = s.post(&token, s.resource_body("Pandas guide", area)).await;
    assert_eq!(resource["status"], "pending");
    assert_eq!(resource["publish_to_khub"], true);
    assert_eq!(resource["topic_area"]["name"], "Technology");
    let id = resource["id"].as_i64().unwrap();

    // Never in a public list while pending, whoever asks.
    let hub = format!("{CONTENTS}?types=resource&status=approved&publish_to_khub=true");
    let guest = s.app.get(&hub).send().await;
    assert_eq!(guest.json()["pagination"]["count"], 0);
    let (_, reader) = s.member("ben@example.com").await;
    assert_eq!(
        s.app.get(&format!("{CONTENTS}?types=resource")).token(&reader).send().await.json()["pagination"]["count"],
        0
    );
    s.app.get(&format!("{CONTENTS}{id}/")).token(&reader).send().await.assert_status(404);
    // Asking for pending ones shows a non-moderator nothing of others'.
    let pending = s.app.get(&format!("{CONTENTS}?types=resource&status=pending")).token(&reader).send().await;
    assert_eq!(pending.json()["pagination"]["count"], 0);
    // The author sees it in their own list.
    let mine = s.app.get(&format!("{CONTENTS}?types=resource&created_by=me")).token(&token).send().await;
    assert_eq!(mine.json()["pagination"]["count"], 1);
    // A reader cannot approve; the author is not a moderator by being the author.
    let approve = format!("{CONTENTS}{id}/approve-reject/");
    s.app.post(&approve).token(&reader).json(&json!({"action": "approve"})).send().await.assert_status(404);
    // The moderation queue of the organization's certified admin.
    let queue = s
        .app
        .get(&format!("{CONTENTS}?types=resource&status=pending&sort_by=recent&sort_order=desc"))
        .token(&s.admin_token)
        .send()
        .await;
    assert_eq!(queue.json()["pagination"]["count"], 1);
    assert_eq!(queue.json()["data"][0]["can_moderate"], true);
    let answer = s.app.post(&approve).token(&s.admin_token).json(&json!({"action": "approve"})).send().await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Resource approved successfully");
    // Approved: in the hub, found by search and by its filters, shareable.
    let guest = s.app.get(&hub).send().await.json();
    assert_eq!(guest["pagination"]["count"], 1);
    assert_eq!(guest["data"][0]["can_share"], true);
    let found = s.app.get(&format!("{hub}&search=pandas")).send().await.json();
    assert_eq!(found["pagination"]["count"], 1);
    let none = s.app.get(&format!("{hub}&search=tensorflow")).send().await.json();
    assert_eq!(none["pagination"]["count"], 0);
    let by_area = s.app.get(&format!("{hub}&topic_areas={area},999")).send().await.json();
    assert_eq!(by_area["pagination"]["count"], 1);
    let by_stage = s.app.get(&format!("{hub}&career_stages=senior")).send().await.json();
    assert_eq!(by_stage["pagination"]["count"], 0);
    let by_country = s.app.get(&format!("{hub}&countries=kenya")).send().await.json();
    assert_eq!(by_country["pagination"]["count"], 1);
    // Not offered again once approved.
    let again = s.app.post(&approve).token(&s.admin_token).json(&json!({"action": "reject"})).send().await;
    again.error(400);
    // Posts are not searched.
    s.app.get(&format!("{CONTENTS}?types=post&search=hello")).send().await.error(400);
    // An edit by its author takes it back to moderation.
    let path = format!("{CONTENTS}{id}/");
    let edited = s
        .app
        .request(axum::http::Method::PATCH, &path)
        .token(&token)
        .json(&json!({"title": "Pandas guide 2"}))
        .send()
        .await;
    assert_eq!(edited.json()["data"]["status"], "pending");
    assert_eq!(s.app.get(&hub).send().await.json()["pagination"]["count"], 0);
    // A rejected resource stays out of the hub; it may still be approved later.
    let other = s.post(&token, s.resource_body("Numpy notes", area)).await;
    let reject = format!("{CONTENTS}{}/approve-reject/", other["id"]);
    let answer = s.app.post(&reject).token(&s.admin_token).json(&json!({"action": "reject"})).send().await;
    assert_eq!(answer.json()["message"], "Resource rejected successfully");
    assert_eq!(answer.json()["data"]["status"], "rejected");
    assert_eq!(s.app.get(&format!("{hub}&search=numpy")).send().await.json()["pagination"]["count"], 0);
    // Nobody approves their own resource, not even a certified member.
    let own = s.app.post(&approve).token(&token).json(&json!({"action": "approve"})).send().await;
    assert_eq!(own.error(403)["detail"], "You cannot approve or reject your own resource.");
    // Someone else cannot edit it.
    s.app
        .request(axum::http::Method::PATCH, &path)
        .token(&s.admin_token)
        .json(&json!({"title": "x"}))
        .send()
        .await
        .assert_status(403);
}

#[tokio::test]
async fn a_premium_file_is_not_served_to_those_who_may_not_open_it() {
    let s = site().await;
    let area = s.topic_area().await;
    let (author, token) = s.member("ana@example.com").await;
    certify_group_profile(&s.app, s.org, &author).await;
    let uploaded = upload(&s.app, "/api/v1/file-upload/", Some(&token), vec![file("files", "guide.pdf", pdf())]).await;
    let file_json = uploaded.json()["data"]["data"][0].clone();
    let file_id = file_json["id"].as_i64().unwrap();
    let media = crate::uploads::media_path(&file_json["file"]);
    s.app.get(&media).send().await.assert_status(200);
    let mut body = s.resource_body("Premium guide", area);
    body["is_premium"] = json!(true);
    body["files"] = json!([file_id]);
    let resource = s.post(&token, body).await;
    let id = resource["id"].as_i64().unwrap();
    s.app
        .post(&format!("{CONTENTS}{id}/approve-reject/"))
        .token(&s.admin_token)
        .json(&json!({"action": "approve"}))
        .send()
        .await
        .assert_status(200);

    // Fetched directly by its URL: no longer served, to anyone.
    s.app.get(&media).send().await.assert_status(404);
    // A reader sees the resource, locked, without a file URL.
    let (_, reader) = s.member("ben@example.com").await;
    let seen = s.app.get(&format!("{CONTENTS}{id}/")).token(&reader).send().await.json()["data"].clone();
    assert_eq!(seen["is_locked"], true);
    assert!(seen["files"][0]["file"].is_null());
    assert_eq!(seen["files"][0]["locked"], true);
    let through_api = format!("{CONTENTS}{id}/files/{file_id}/");
    assert_eq!(s.app.get(&through_api).token(&reader).send().await.error(403)["detail"], "This is a premium resource.");
    s.app.get(&through_api).send().await.assert_status(401);
    // The author opens it through the API.
    let own = s.app.get(&format!("{CONTENTS}{id}/")).token(&token).send().await.json()["data"].clone();
    assert_eq!(own["is_locked"], false);
    assert_eq!(own["files"][0]["protected"], true);
    let bytes = s.app.get(&through_api).token(&token).send().await;
    bytes.assert_status(200);
    assert_eq!(bytes.header("content-type"), Some("application/pdf"));
    assert!(bytes.text().starts_with("%PDF"));
}

struct FakePages(Arc<AtomicUsize>);

#[services::link_preview::async_trait]
impl PageFetcher for FakePages {
    async fn fetch(&self, url: &services::link_preview::Url) -> Result<FetchedPage, FetchError> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Ok(FetchedPage {
            url: url.clone(),
            html: "<html><head><meta property=\"og:title\" content=\"Example page\">\
                   <meta property=\"og:description\" content=\"About things\"></head></html>"
                .into(),
        })
    }
}

#[tokio::test]
async fn link_previews_refuse_private_addresses_and_are_cached() {
    let mut s = site().await;
    let calls = Arc::new(AtomicUsize::new(0));
    let mut state = s.app.state.clone();
    state.page_fetcher = Arc::new(FakePages(calls.clone()));
    s.app.app = api::app(state);
    let (_, token) = s.member("ana@example.com").await;
    for url in [
        "http://127.0.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://10.0.0.8/",
        "http://[::ffff:169.254.169.254]/",
        "http://localhost/",
        "http://93.184.215.14:6379/",
        "file:///etc/passwd",
    ] {
        let path = format!("/api/v1/link-preview/?url={}", urlencode(url));
        let answer = s.app.get(&path).token(&token).send().await;
        assert!(answer.error(400)["field_errors"]["url"].is_array(), "{url}");
    }
    assert_eq!(calls.load(Ordering::SeqCst), 0, "nothing was fetched");
    // Guests may not use the server to fetch pages.
    s.app.get("/api/v1/link-preview/?url=http%3A%2F%2F93.184.215.14%2F").send().await.assert_status(401);
    let path = format!("/api/v1/link-preview/?url={}", urlencode("http://93.184.215.14/page"));
    let first = s.app.get(&path).token(&token).send().await;
    first.assert_status(200);
    assert_eq!(first.json()["data"]["title"], "Example page");
    assert_eq!(first.json()["data"]["kind"], "link");
    s.app.get(&path).token(&token).send().await.assert_status(200);
    assert_eq!(calls.load(Ordering::SeqCst), 1, "the second answer came from the cache");
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn a_newsletter_reaches_the_members_who_did_not_unsubscribe() {
    let s = site().await;
    let (ana, ana_token) = s.member("ana@example.com").await;
    let (_ben, _) = s.member("ben@example.com").await;
    memberships::upsert(&s.app.db, s.circle, s.admin.id, "admin", memberships::STATUS_ACCEPTED).await.unwrap();
    // Members may not mail the group.
    let answer = s
        .app
        .post(CONTENTS)
        .token(&ana_token)
        .json(&json!({"types": ["newsletter"], "content": "Spam", "group": s.circle, "send_email": true}))
        .send()
        .await;
    assert!(answer.error(400)["field_errors"]["send_email"].is_array());
    let letter = s
        .post(
            &s.admin_token,
            json!({"types": ["newsletter"], "content": "<p>Big news</p>", "title": "News", "group": s.circle, "send_email": true}),
        )
        .await;
    assert_eq!(letter["type"], "newsletter");
    services::jobs::run_due(&s.app.state.job_context()).await.unwrap();
    let mails = mail_q::latest(&s.app.db, 20).await.unwrap();
    let letters: Vec<_> = mails.iter().filter(|m| m.subject.starts_with("Data Circle")).collect();
    let mut to: Vec<&str> = letters.iter().map(|m| m.to_address.as_str()).collect();
    to.sort_unstable();
    assert_eq!(to, vec!["admin@example.com", "ana@example.com", "ben@example.com"]);
    assert!(letters.iter().all(|m| m.status == "sent"));
    let ana_mail = letters.iter().find(|m| m.to_address == "ana@example.com").unwrap();
    assert!(ana_mail.html_body.contains("<p>Big news</p>"));
    let start = ana_mail.text_body.find("token=").unwrap() + "token=".len();
    let token: String = ana_mail.text_body[start..].chars().take_while(|c| !c.is_whitespace()).collect();

    // The unsubscribe link works without signing in, and only with its signature.
    let forged = token.replacen(&format!("{}.", ana.id), &format!("{}.", ana.id + 1), 1);
    s.app.post("/api/v1/newsletter/unsubscribe/").json(&json!({"token": forged})).send().await.error(400);
    let answer = s.app.post("/api/v1/newsletter/unsubscribe/").json(&json!({"token": token})).send().await;
    answer.assert_status(200);
    let ana = users::Entity::find_by_id(ana.id).one(&s.app.db).await.unwrap().unwrap();
    assert!(!ana.subscribe_to_newsletter);
    s.post(
        &s.admin_token,
        json!({"types": ["newsletter"], "content": "Second", "title": "Again", "group": s.circle, "send_email": true}),
    )
    .await;
    services::jobs::run_due(&s.app.state.job_context()).await.unwrap();
    let mails = mail_q::latest(&s.app.db, 40).await.unwrap();
    let second: Vec<&str> =
        mails.iter().filter(|m| m.subject == "Data Circle: Again").map(|m| m.to_address.as_str()).collect();
    assert_eq!(second.len(), 2);
    assert!(!second.contains(&"ana@example.com"));
    // Newsletters list under types=newsletter.
    let list = s.app.get(&format!("{CONTENTS}?types=newsletter&group_id={}", s.circle)).token(&ana_token).send().await;
    assert_eq!(list.json()["pagination"]["count"], 2);
}

#[tokio::test]
async fn a_post_tells_the_groups_members_in_batches_and_not_its_author() {
    use store::queries::{notifications as notification_q, users as user_q};
    let s = site().await;
    let (ana, ana_token) = s.member("ana@example.com").await;
    let (ben, _) = s.member("ben@example.com").await;
    // More members than one batch of the fan-out, added without passwords (fast).
    let mut last = 0;
    for i in 0..services::group_post_notices::BATCH + 5 {
        let email = format!("m{i}@example.com");
        let user = user_q::create(
            &s.app.db,
            user_q::NewUser {
                email: &email,
                password_hash: None,
                first_name: "M",
                last_name: "Ember",
                is_verified: true,
                is_staff: false,
                subscribe_to_newsletter: false,
            },
        )
        .await
        .unwrap();
        memberships::upsert(&s.app.db, s.circle, user.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
        last = user.id;
    }
    // A pending member is not told.
    let pending = s.app.add_member("pending@example.com", &s.app.default_tenant, "member").await;
    memberships::upsert(&s.app.db, s.circle, pending.id, "member", memberships::STATUS_PENDING).await.unwrap();

    let post = s
        .post(&ana_token, json!({"types": ["post"], "content": "<p>Study group on Friday</p>", "group": s.circle}))
        .await;
    // Nothing is told before the fan-out runs; then every accepted member but the author is.
    assert_eq!(notification_q::unread_count(&s.app.db, s.app.default_tenant.tenant.id, ben.id).await.unwrap(), 0);
    services::jobs::run_due(&s.app.state.job_context()).await.unwrap();
    let tenant = s.app.default_tenant.tenant.id;
    for user in [ben.id, last] {
        let page = notification_q::page(&s.app.db, tenant, user, 0, 12).await.unwrap();
        assert_eq!(page.count, 1, "user {user}");
        let n = &page.items[0];
        assert_eq!((n.kind.as_str(), n.notification_type.as_str()), ("circle", "group_post"));
        assert_eq!(n.message, "Test User posted in Data Circle: Study group on Friday");
        assert_eq!(n.data.as_ref().unwrap()["path"], format!("/post/{}", post["slug"].as_str().unwrap()));
        assert_eq!(n.actor_id, Some(ana.id));
    }
    assert_eq!(notification_q::unread_count(&s.app.db, tenant, ana.id).await.unwrap(), 0);
    assert_eq!(notification_q::unread_count(&s.app.db, tenant, pending.id).await.unwrap(), 0);
}

#[tokio::test]
async fn resources_are_bookmarked_and_listed_as_favourites() {
    let s = site().await;
    let area = s.topic_area().await;
    let (author, token) = s.member("ana@example.com").await;
    certify_group_profile(&s.app, s.org, &author).await;
    let resource = s.post(&token, s.resource_body("Guide", area)).await;
    let id = resource["id"].as_i64().unwrap();
    let (_, reader) = s.member("ben@example.com").await;
    // Pending: not visible, so not bookmarkable.
    s.app.post(&format!("/api/v1/bookmark/resource/{id}/")).token(&reader).send().await.assert_status(404);
    s.app
        .post(&format!("{CONTENTS}{id}/approve-reject/"))
        .token(&s.admin_token)
        .json(&json!({"action": "approve"}))
        .send()
        .await
        .assert_status(200);
    let answer = s.app.post(&format!("/api/v1/bookmark/resource/{id}/")).token(&reader).send().await;
    assert_eq!(answer.json()["message"], "Added to favourites");
    let list = s.app.get("/api/v1/bookmark/resource/").token(&reader).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["is_bookmarked"], true);
    // A post is not a resource.
    let post = s.post(&token, json!({"content": "hi", "group": s.circle, "security_level": 0})).await;
    s.app.post(&format!("/api/v1/bookmark/resource/{}/", post["id"])).token(&reader).send().await.assert_status(404);
}

#[tokio::test]
async fn career_tips_are_moderated_and_show_their_author() {
    let s = site().await;
    let (ana, token) = s.member("ana@example.com").await;
    let answer = s
        .app
        .post("/api/v1/career-tips/")
        .token(&token)
        .json(&json!({"content": "<p>Network early <script>x</script></p>", "group": s.circle}))
        .send()
        .await;
    answer.assert_status(201);
    let tip = answer.json()["data"].clone();
    assert_eq!(tip["content"], "<p>Network early </p>");
    assert_eq!(tip["status"], "pending");
    assert_eq!(tip["created_by"]["id"], ana.id);
    assert!(
        tip["created_by"]["profile"]["name_slug"].is_string() || tip["created_by"]["profile"]["name_slug"].is_null()
    );
    let id = tip["id"].as_i64().unwrap();
    let slug = tip["slug"].as_str().unwrap().to_string();
    assert_eq!(s.app.get("/api/v1/all-career-tips/").send().await.json()["pagination"]["count"], 0);
    s.app.get(&format!("/api/v1/all-career-tips/slug/{slug}/")).send().await.assert_status(404);
    assert_eq!(s.app.get("/api/v1/career-tips/").token(&token).send().await.json()["pagination"]["count"], 1);
    // Required content.
    s.app.post("/api/v1/career-tips/").token(&token).json(&json!({"content": "<p> </p>"})).send().await.error(400);
    // Someone else cannot approve, edit or delete it.
    let (_, other) = s.member("ben@example.com").await;
    let approve = format!("/api/v1/career-tips/{id}/approve-reject/");
    s.app.post(&approve).token(&other).json(&json!({"action": "approve"})).send().await.assert_status(404);
    let answer = s.app.post(&approve).token(&s.admin_token).json(&json!({"action": "approve"})).send().await;
    assert_eq!(answer.json()["message"], "Career tip approved successfully");
    s.app
        .request(axum::http::Method::PATCH, &format!("/api/v1/career-tips/{id}/"))
        .token(&other)
        .json(&json!({"content": "x"}))
        .send()
        .await
        .assert_status(403);
    s.app
        .request(axum::http::Method::DELETE, &format!("/api/v1/career-tips/{id}/"))
        .token(&other)
        .send()
        .await
        .assert_status(403);
    // Approved: public, by slug, in the group's list, searchable.
    s.app.get(&format!("/api/v1/all-career-tips/slug/{slug}/")).send().await.assert_status(200);
    assert_eq!(
        s.app.get(&format!("/api/v1/career-tips/group/{}/", s.circle)).send().await.json()["pagination"]["count"],
        1
    );
    assert_eq!(s.app.get("/api/v1/all-career-tips/?search=network").send().await.json()["pagination"]["count"], 1);
    assert_eq!(s.app.get("/api/v1/all-career-tips/?search=zebra").send().await.json()["pagination"]["count"], 0);
    // The author's edit goes back to moderation; delete works.
    let edited = s
        .app
        .request(axum::http::Method::PATCH, &format!("/api/v1/career-tips/{id}/"))
        .token(&token)
        .json(&json!({"content": "Network a lot"}))
        .send()
        .await;
    assert_eq!(edited.json()["data"]["status"], "pending");
    s.app
        .request(axum::http::Method::DELETE, &format!("/api/v1/career-tips/{id}/"))
        .token(&token)
        .send()
        .await
        .assert_status(200);
    s.app.get(&format!("/api/v1/career-tips/{id}/")).token(&token).send().await.assert_status(404);
}

/// A contents page is kept per write generation (`api::page_cache`): a membership, an edit
/// or a new item shows on the next request, and the rows are always current.
#[tokio::test]
async fn a_kept_contents_page_shows_every_write_at_once() {
    let s = site().await;
    let (_, author) = s.member("ana@example.com").await;
    s.post(&author, json!({"content": "Members only", "group": s.circle})).await;
    let outsider = s.app.add_member("out@example.com", &s.app.default_tenant, "member").await;
    let outsider_token = s.app.token_for(outsider.id);
    let posts = format!("{CONTENTS}?types=post&group_id={}", s.circle);
    let count = |v: Value| v["pagination"]["count"].as_i64().unwrap();
    assert_eq!(count(s.app.get(&posts).token(&outsider_token).send().await.json()), 0);
    assert_eq!(count(s.app.get(&posts).token(&outsider_token).send().await.json()), 0);
    // Accepted into the circle: the private post shows at once.
    memberships::upsert(&s.app.db, s.circle, outsider.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    let page = s.app.get(&posts).token(&outsider_token).send().await.json();
    assert_eq!(count(page.clone()), 1);
    let id = page["data"][0]["id"].as_i64().unwrap();
    // An edit shows on the kept page.
    s.app
        .request(axum::http::Method::PATCH, &format!("{CONTENTS}{id}/"))
        .token(&author)
        .json(&json!({"content": "Members only, edited"}))
        .send()
        .await
        .assert_status(200);
    let page = s.app.get(&posts).token(&outsider_token).send().await.json();
    assert_eq!(page["data"][0]["raw_text"], "Members only, edited");
    // A new post joins the page, first.
    s.post(&author, json!({"content": "Second", "group": s.circle})).await;
    let page = s.app.get(&posts).token(&outsider_token).send().await.json();
    assert_eq!(count(page.clone()), 2);
    assert_eq!(page["data"][0]["raw_text"], "Second");
    // Deleted: gone from the page.
    s.app
        .request(axum::http::Method::DELETE, &format!("{CONTENTS}{id}/"))
        .token(&author)
        .send()
        .await
        .assert_status(200);
    assert_eq!(count(s.app.get(&posts).token(&outsider_token).send().await.json()), 1);
}

#[tokio::test]
async fn career_tips_take_votes_once_approved_and_only_on_their_site() {
    let s = site().await;
    let (_, token) = s.member("ana@example.com").await;
    let (_, voter) = s.member("ben@example.com").await;
    let tip = s
        .app
        .post("/api/v1/career-tips/")
        .token(&token)
        .json(&json!({"content": "<p>Ask for feedback</p>"}))
        .send()
        .await;
    tip.assert_status(201);
    let tip = tip.json()["data"].clone();
    assert_eq!(tip["vote_score"], 0);
    assert_eq!(tip["user_vote_type"], "neutral");
    let id = tip["id"].as_i64().unwrap();
    let vote = |token: String, vote_type: &'static str, host: Option<String>| {
        let app = &s.app;
        async move {
            let mut request = app
                .post("/api/v1/vote/")
                .token(&token)
                .json(&json!({"content_type": "careertip", "object_id": id, "vote_type": vote_type}));
            if let Some(host) = host {
                request = request.host(&host);
            }
            request.send().await
        }
    };
    // Pending: refused.
    vote(voter.clone(), "upvote", None).await.assert_status(404);
    s.app
        .post(&format!("/api/v1/career-tips/{id}/approve-reject/"))
        .token(&s.admin_token)
        .json(&json!({"action": "approve"}))
        .send()
        .await
        .assert_status(200);
    // Another site's voter cannot reach it.
    let other = s.app.add_tenant("other.example.com", "Other Site").await;
    vote(voter.clone(), "upvote", Some(other.tenant.domain.clone())).await.assert_status(404);

    // Up, then down: the score moves by −2, and the same vote twice counts once.
    let up = vote(voter.clone(), "upvote", None).await;
    assert_eq!(up.json(), json!({"total_score": 1, "user_vote": "upvote"}));
    let down = vote(voter.clone(), "downvote", None).await;
    assert_eq!(down.json(), json!({"total_score": -1, "user_vote": "downvote"}));
    assert_eq!(vote(voter.clone(), "downvote", None).await.json()["total_score"], -1);
    let (_, third) = s.member("cy@example.com").await;
    assert_eq!(vote(third.clone(), "downvote", None).await.json()["total_score"], -2);

    // The lists and the detail carry the score and the caller's vote.
    let page = s.app.get("/api/v1/all-career-tips/").token(&voter).send().await.json();
    assert_eq!(page["data"][0]["vote_score"], -2);
    assert_eq!(page["data"][0]["user_vote_type"], "downvote");
    assert_eq!(s.app.get("/api/v1/all-career-tips/").send().await.json()["data"][0]["user_vote_type"], "neutral");
    let slug = tip["slug"].as_str().unwrap();
    let detail = s.app.get(&format!("/api/v1/all-career-tips/slug/{slug}/")).token(&third).send().await.json();
    assert_eq!(detail["data"]["vote_score"], -2);
    assert_eq!(detail["data"]["user_vote_type"], "downvote");
    let mine = s.app.get("/api/v1/career-tips/").token(&token).send().await.json();
    assert_eq!(mine["data"][0]["user_vote_type"], "neutral");

    // Deleting the tip takes its votes with it.
    s.app
        .request(axum::http::Method::DELETE, &format!("/api/v1/career-tips/{id}/"))
        .token(&token)
        .send()
        .await
        .assert_status(200);
    vote(voter, "upvote", None).await.assert_status(404);
    use sea_orm::{ColumnTrait, PaginatorTrait, QueryFilter};
    let left = store::entities::votes::Entity::find()
        .filter(store::entities::votes::Column::ContentType.eq("careertip"))
        .count(&s.app.db)
        .await
        .unwrap();
    assert_eq!(left, 0);
}

/// A PDF of `pages` pages, each drawing "Page n secret".
fn pdf_of_pages(pages: u32) -> Vec<u8> {
    use lopdf::{dictionary, Document, Object, Stream};
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" });
    let resources_id = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font_id } });
    let mut kids = Vec::new();
    for n in 1..=pages {
        let text = format!("BT /F1 24 Tf 72 700 Td (Page {n} secret) Tj ET");
        let content_id = doc.add_object(Stream::new(dictionary! {}, text.into_bytes()));
        kids.push(Object::from(doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
        })));
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => kids, "Count" => pages as i64, "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog_id);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn page_count(bytes: &[u8]) -> usize {
    lopdf::Document::load_mem(bytes).expect("a PDF").get_pages().len()
}

impl Site {
    /// An approved premium resource by `token` with the files `parts`; (resource, file ids).
    async fn premium_resource(&self, token: &str, area: i64, parts: Vec<(&str, Vec<u8>)>) -> (i64, Vec<i64>) {
        let mut ids = Vec::new();
        for (name, bytes) in parts {
            let uploaded =
                upload(&self.app, "/api/v1/file-upload/", Some(token), vec![file("files", name, bytes)]).await;
            uploaded.assert_status(201);
            ids.push(uploaded.json()["data"]["data"][0]["id"].as_i64().unwrap());
        }
        let mut body = self.resource_body("Premium guide", area);
        body["is_premium"] = json!(true);
        body["files"] = json!(ids);
        let id = self.post(token, body).await["id"].as_i64().unwrap();
        self.app
            .post(&format!("{CONTENTS}{id}/approve-reject/"))
            .token(&self.admin_token)
            .json(&json!({"action": "approve"}))
            .send()
            .await
            .assert_status(200);
        (id, ids)
    }
}

#[tokio::test]
async fn a_locked_premium_pdf_shows_its_first_page_only() {
    let s = site().await;
    let area = s.topic_area().await;
    let (author, token) = s.member("ana@example.com").await;
    certify_group_profile(&s.app, s.org, &author).await;
    let (id, files) =
        s.premium_resource(&token, area, vec![("guide.pdf", pdf_of_pages(3)), ("cover.png", png(8, 8))]).await;
    let (pdf_id, png_id) = (files[0], files[1]);
    let (_, reader) = s.member("ben@example.com").await;

    // The reader sees a preview link for the PDF only, and no file.
    let seen = s.app.get(&format!("{CONTENTS}{id}/")).token(&reader).send().await.json()["data"].clone();
    let pdf_view = seen["files"].as_array().unwrap().iter().find(|f| f["id"] == pdf_id).unwrap().clone();
    let png_view = seen["files"].as_array().unwrap().iter().find(|f| f["id"] == png_id).unwrap().clone();
    assert!(pdf_view["file"].is_null());
    let preview_url = pdf_view["preview"].as_str().expect("a preview URL");
    assert!(preview_url.ends_with(&format!("/api/v1/contents/{id}/files/{pdf_id}/preview/")), "{preview_url}");
    assert!(png_view["preview"].is_null(), "no preview of a picture");

    // The preview: one page, the first.
    let preview = format!("{CONTENTS}{id}/files/{pdf_id}/preview/");
    let answer = s.app.get(&preview).token(&reader).send().await;
    answer.assert_status(200);
    assert_eq!(answer.header("content-type"), Some("application/pdf"));
    assert_eq!(page_count(&answer.bytes), 1);
    let text = answer.text();
    assert!(text.contains("Page 1 secret") && !text.contains("Page 2 secret") && !text.contains("Page 3 secret"));
    // Made once: kept in the storage service, and served again from there.
    let stored = store::queries::contents::files_of(&s.app.db, &[id]).await.unwrap().remove(&id).unwrap();
    let key = &stored.iter().find(|f| f.id == pdf_id).unwrap().storage_key;
    let cached = s.app.state.storage.get(&format!("{key}.first-page.pdf")).await.unwrap().expect("cached");
    assert_eq!(page_count(&cached.bytes), 1);
    assert_eq!(s.app.get(&preview).token(&reader).send().await.bytes, answer.bytes);
    // The whole file stays refused to the reader; the author gets every page.
    s.app.get(&format!("{CONTENTS}{id}/files/{pdf_id}/")).token(&reader).send().await.assert_status(403);
    let whole = s.app.get(&format!("{CONTENTS}{id}/files/{pdf_id}/")).token(&token).send().await;
    whole.assert_status(200);
    assert_eq!(page_count(&whole.bytes), 3);
    let own = s.app.get(&format!("{CONTENTS}{id}/")).token(&token).send().await.json()["data"].clone();
    assert!(own["files"][0]["preview"].is_null(), "the author gets the file itself");

    // A premium file that is not a PDF has no preview.
    let answer = s.app.get(&format!("{CONTENTS}{id}/files/{png_id}/preview/")).token(&reader).send().await;
    assert_eq!(answer.error(404)["detail"], "This file has no preview.");
    // Someone who does not see the resource gets nothing.
    let other = s.app.add_tenant("other.example.com", "Other Site").await;
    s.app.get(&preview).host(&other.tenant.domain).token(&reader).send().await.assert_status(404);

    // A PDF without pages, and one damaged in storage after its upload: 422, never 500.
    let (broken, files) =
        s.premium_resource(&token, area, vec![("empty.pdf", pdf()), ("damaged.pdf", pdf_of_pages(2))]).await;
    let stored = store::queries::contents::files_of(&s.app.db, &[broken]).await.unwrap().remove(&broken).unwrap();
    let damaged = stored.iter().find(|f| f.id == files[1]).unwrap();
    let mut cut_short = pdf_of_pages(2);
    cut_short.truncate(cut_short.len() / 3);
    s.app.state.storage.put(&damaged.storage_key, "application/pdf", cut_short).await.unwrap();
    for file_id in files {
        let answer = s.app.get(&format!("{CONTENTS}{broken}/files/{file_id}/preview/")).token(&reader).send().await;
        assert_eq!(answer.error(422)["detail"], "The PDF file could not be read.");
    }
}

#[tokio::test]
async fn my_contents_narrow_by_type_as_the_document_says() {
    let s = site().await;
    // The site's certified administrator: members may post, certified members contribute.
    let token = s.admin_token.clone();
    let area = s.topic_area().await;
    let post = s.post(&token, json!({"types": ["post"], "content": "<p>My first post</p>", "group": s.circle})).await;
    let resource = s.post(&token, s.resource_body("Pandas guide", area)).await;
    let ids = |page: Value| -> Vec<i64> {
        page["data"].as_array().unwrap().iter().map(|item| item["id"].as_i64().unwrap()).collect()
    };
    let mine = |types: &str| s.app.get(&format!("/api/v1/contents/me/?types={types}")).token(&token).send();
    assert_eq!(ids(mine("post").await.json()), vec![post["id"].as_i64().unwrap()]);
    assert_eq!(ids(mine("resource").await.json()), vec![resource["id"].as_i64().unwrap()]);
    let both = s.app.get("/api/v1/contents/me/").token(&token).send().await.json();
    assert_eq!(both["pagination"]["count"], 2);
    assert_eq!(mine("poem").await.error(400)["field_errors"]["types"][0], "\"poem\" is not a valid choice.");
}
