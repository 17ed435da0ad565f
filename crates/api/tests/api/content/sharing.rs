//! Premium files, link previews, the newsletter, a post's notices, bookmarks and career tips.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use sea_orm::EntityTrait;
use serde_json::json;
use services::link_preview::{FetchError, FetchedPage, PageFetcher};
use store::{
    entities::users,
    queries::{mail as mail_q, memberships},
};

use super::{site, CONTENTS};
use crate::{
    groups::certify_group_profile,
    uploads::{file, pdf, upload},
};

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
        .post_json(&format!("{CONTENTS}{id}/approve-reject/"), &s.admin_token, &json!({"action": "approve"}))
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
        .post_json(
            CONTENTS,
            &ana_token,
            &json!({"types": ["newsletter"], "content": "Spam", "group": s.circle, "send_email": true}),
        )
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
async fn a_post_tells_the_groups_members_when_they_read_and_not_its_author() {
    use store::queries::{group_post_notices as notices, notifications as notification_q};
    let s = site().await;
    let tenant = s.app.default_tenant.tenant.id;
    let (ana, ana_token) = s.member("ana@example.com").await;
    let (ben, ben_token) = s.member("ben@example.com").await;
    let (cleo, _) = s.member("cleo@example.com").await;
    // A pending member is not told.
    let pending = s.app.add_member("pending@example.com", &s.app.default_tenant, "member").await;
    memberships::upsert(&s.app.db, s.circle, pending.id, "member", memberships::STATUS_PENDING).await.unwrap();

    let post = s
        .post(&ana_token, json!({"types": ["post"], "content": "<p>Study group on Friday</p>", "group": s.circle}))
        .await;
    // The post wrote one notice, no member's row; Ben's badge and list tell him of it.
    assert_eq!(notification_q::page(&s.app.db, tenant, ben.id, 0, 12).await.unwrap().count, 0);
    let identity = s.app.get("/api/v1/identity/").token(&ben_token).send().await.json();
    assert_eq!(identity["data"]["unread_notifications_count"], 1);
    let list = s.app.get("/api/v1/notification/").token(&ben_token).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    let n = &list["data"][0];
    assert_eq!((n["type"].as_str(), n["notification_type"].as_str()), (Some("circle"), Some("group_post")));
    assert_eq!(n["message"], "Test User posted in Data Circle: Study group on Friday");
    assert_eq!(n["data"]["path"], format!("/post/{}", post["slug"].as_str().unwrap()));
    assert_eq!(n["is_read"], false);
    // Read again, it is the same row; marked read, it stays read.
    let id = n["id"].as_i64().unwrap();
    s.app.post_json(&format!("/api/v1/notification/{id}/circle/"), &ben_token, &json!({})).await.assert_status(200);
    let again = s.app.get("/api/v1/notification/").token(&ben_token).send().await.json();
    assert_eq!(again["pagination"]["count"], 1);
    assert_eq!(again["data"][0]["is_read"], true);
    // A later post is told after the one he was told of, and Mark all as read covers it.
    s.post(&ana_token, json!({"types": ["post"], "content": "<p>Moved to Monday</p>", "group": s.circle})).await;
    let read_all = s.app.post_json("/api/v1/notification/read-all/", &ben_token, &json!({})).await.json();
    assert_eq!(read_all["data"]["marked"], 1);
    let both = s.app.get("/api/v1/notification/").token(&ben_token).send().await.json();
    assert_eq!(both["pagination"]["count"], 2);
    assert_eq!(both["data"][0]["message"], "Test User posted in Data Circle: Moved to Monday");

    // Two concurrent reads write each of Cleo's two rows once.
    let (first, second) =
        tokio::join!(notices::tell(&s.app.db, tenant, cleo.id), notices::tell(&s.app.db, tenant, cleo.id));
    assert_eq!(first.unwrap().len() + second.unwrap().len(), 2);
    let told = notification_q::page(&s.app.db, tenant, cleo.id, 0, 12).await.unwrap();
    assert_eq!(told.count, 2);
    assert!(told.items.iter().all(|n| n.actor_id == Some(ana.id)));

    // Neither the author, nor a pending member, nor someone who joined after the post.
    let late = s.app.add_member("late@example.com", &s.app.default_tenant, "member").await;
    memberships::upsert(&s.app.db, s.circle, late.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    for user in [ana.id, pending.id, late.id] {
        assert!(notices::tell(&s.app.db, tenant, user).await.unwrap().is_empty(), "user {user}");
        assert_eq!(notification_q::unread_count(&s.app.db, tenant, user).await.unwrap(), 0);
    }
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
        .post_json(&format!("{CONTENTS}{id}/approve-reject/"), &s.admin_token, &json!({"action": "approve"}))
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
        .post_json(
            "/api/v1/career-tips/",
            &token,
            &json!({"content": "<p>Network early <script>x</script></p>", "group": s.circle}),
        )
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
    s.app.post_json("/api/v1/career-tips/", &token, &json!({"content": "<p> </p>"})).await.error(400);
    // Someone else cannot approve, edit or delete it.
    let (_, other) = s.member("ben@example.com").await;
    let approve = format!("/api/v1/career-tips/{id}/approve-reject/");
    s.app.post_json(&approve, &other, &json!({"action": "approve"})).await.assert_status(404);
    let answer = s.app.post_json(&approve, &s.admin_token, &json!({"action": "approve"})).await;
    assert_eq!(answer.json()["message"], "Career tip approved successfully");
    s.app.patch_json(&format!("/api/v1/career-tips/{id}/"), &other, &json!({"content": "x"})).await.assert_status(403);
    s.app.delete(&format!("/api/v1/career-tips/{id}/")).token(&other).send().await.assert_status(403);
    // Approved: public, by slug, in the group's list, searchable.
    s.app.get(&format!("/api/v1/all-career-tips/slug/{slug}/")).send().await.assert_status(200);
    assert_eq!(
        s.app.get(&format!("/api/v1/career-tips/group/{}/", s.circle)).send().await.json()["pagination"]["count"],
        1
    );
    assert_eq!(s.app.get("/api/v1/all-career-tips/?search=network").send().await.json()["pagination"]["count"], 1);
    assert_eq!(s.app.get("/api/v1/all-career-tips/?search=zebra").send().await.json()["pagination"]["count"], 0);
    // The author's edit goes back to moderation; delete works.
    let edited =
        s.app.patch_json(&format!("/api/v1/career-tips/{id}/"), &token, &json!({"content": "Network a lot"})).await;
    assert_eq!(edited.json()["data"]["status"], "pending");
    s.app.delete(&format!("/api/v1/career-tips/{id}/")).token(&token).send().await.assert_status(200);
    s.app.get(&format!("/api/v1/career-tips/{id}/")).token(&token).send().await.assert_status(404);
}

#[tokio::test]
async fn a_post_writes_its_item_and_one_notice_in_a_fixed_number_of_statements() {
    let (app, log) = crate::common::TestApp::with_statement_log().await;
    let org = app.default_tenant.organization.id;
    let ana = app.add_member("ana@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ana.id);
    let body = json!({"types": ["post"], "content": "<p>Study group on Friday</p>", "group": org});
    app.post_json("/api/v1/contents/", &token, &body).await.assert_status(201);
    log.clear();
    app.post_json("/api/v1/contents/", &token, &body).await.assert_status(201);
    let statements = log.taken();
    // However many members the organization has: the item and the group's one notice.
    let writes = crate::common::StatementLog::writes(&statements);
    assert_eq!(writes.len(), 2, "a post wrote {writes:#?}");
    assert!(writes[0].contains("INSERT INTO \"contents\""), "{writes:#?}");
    assert!(writes[1].contains("INSERT INTO \"group_post_notices\""), "{writes:#?}");
    // The caller, the group, their membership, the free slug, and the author's profile for the
    // answer (the group and the author are read once).
    assert!(crate::common::StatementLog::reads(&statements) <= 5, "a post read {statements:#?}");
}
