//! Kept contents pages, votes on career tips, the locked premium PDF and my contents.

use sea_orm::EntityTrait;
use serde_json::{json, Value};
use store::queries::memberships;

use super::{site, Site, CONTENTS};
use crate::{
    groups::certify_group_profile,
    uploads::{file, pdf, png, upload},
};

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
        .patch_json(&format!("{CONTENTS}{id}/"), &author, &json!({"content": "Members only, edited"}))
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
    s.app.delete(&format!("{CONTENTS}{id}/")).token(&author).send().await.assert_status(200);
    assert_eq!(count(s.app.get(&posts).token(&outsider_token).send().await.json()), 1);
}

#[tokio::test]
async fn career_tips_take_votes_once_approved_and_only_on_their_site() {
    let s = site().await;
    let (_, token) = s.member("ana@example.com").await;
    let (_, voter) = s.member("ben@example.com").await;
    let tip = s.app.post_json("/api/v1/career-tips/", &token, &json!({"content": "<p>Ask for feedback</p>"})).await;
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
        .post_json(&format!("/api/v1/career-tips/{id}/approve-reject/"), &s.admin_token, &json!({"action": "approve"}))
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
    s.app.delete(&format!("/api/v1/career-tips/{id}/")).token(&token).send().await.assert_status(200);
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
            .post_json(&format!("{CONTENTS}{id}/approve-reject/"), &self.admin_token, &json!({"action": "approve"}))
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

/// The site's career tips page is kept per write generation with its tips' base views
/// (`api::page_cache`, m0041): approval, an edit, a vote, the author's new name and picture
/// show on the next request, and the reader's own vote and right to edit stay theirs.
#[tokio::test]
async fn a_kept_career_tips_page_shows_every_write_at_once() {
    use sea_orm::{ActiveModelTrait, ColumnTrait, QueryFilter, Set};
    let s = site().await;
    let tips = "/api/v1/all-career-tips/";
    let (ana, token) = s.member("ana@example.com").await;
    // Her profile is made on first use.
    s.app.get("/api/v1/identity/").token(&token).send().await.assert_status(200);
    let (_, ben) = s.member("ben@example.com").await;
    let count = |v: &Value| v["pagination"]["count"].as_i64().unwrap();
    assert_eq!(count(&s.app.get(tips).send().await.json()), 0);
    let tip = s.app.post_json("/api/v1/career-tips/", &token, &json!({"content": "<p>Network early</p>"})).await;
    tip.assert_status(201);
    let id = tip.json()["data"]["id"].as_i64().unwrap();
    assert_eq!(count(&s.app.get(tips).token(&token).send().await.json()), 0, "pending: not on the site's list");
    s.app
        .post_json(&format!("/api/v1/career-tips/{id}/approve-reject/"), &s.admin_token, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    let page = s.app.get(tips).send().await.json();
    assert_eq!(count(&page), 1);
    assert_eq!(page["data"][0]["content"], "<p>Network early</p>");

    // Edited by its author: back to review, so off the list until approved again.
    s.app
        .patch_json(
            &format!("/api/v1/career-tips/{id}/"),
            &token,
            &json!({"content": "<p>Network early and often</p>"}),
        )
        .await
        .assert_status(200);
    assert_eq!(count(&s.app.get(tips).send().await.json()), 0);
    s.app
        .post_json(&format!("/api/v1/career-tips/{id}/approve-reject/"), &s.admin_token, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    assert_eq!(s.app.get(tips).send().await.json()["data"][0]["content"], "<p>Network early and often</p>");

    let vote = json!({"content_type": "careertip", "object_id": id, "vote_type": "upvote"});
    s.app.post_json("/api/v1/vote/", &ben, &vote).await.assert_status(200);
    let bens = s.app.get(tips).token(&ben).send().await.json();
    assert_eq!(
        (bens["data"][0]["vote_score"].clone(), bens["data"][0]["user_vote_type"].clone()),
        (json!(1), json!("upvote"))
    );
    assert_eq!(bens["data"][0]["can_edit"], false);
    let anas = s.app.get(tips).token(&token).send().await.json();
    assert_eq!(
        (anas["data"][0]["user_vote_type"].clone(), anas["data"][0]["can_edit"].clone()),
        (json!("neutral"), json!(true))
    );

    // The author's name and picture, written elsewhere, show on the kept page.
    let mut user: store::entities::users::ActiveModel = ana.clone().into();
    user.first_name = Set("Anabel".into());
    user.update(&s.app.db).await.unwrap();
    let author = &s.app.get(tips).send().await.json()["data"][0]["created_by"];
    assert_eq!(author["profile"]["first_name"], "Anabel");
    let profile = store::entities::profiles::Entity::find()
        .filter(store::entities::profiles::Column::UserId.eq(ana.id))
        .one(&s.app.db)
        .await
        .unwrap()
        .expect("her profile");
    let mut profile: store::entities::profiles::ActiveModel = profile.into();
    profile.picture = Set(Some("/media/ana.png".into()));
    profile.update(&s.app.db).await.unwrap();
    assert_eq!(s.app.get(tips).send().await.json()["data"][0]["created_by"]["image"], "/media/ana.png");
}
