//! Posts in circles and resources: who may write, attachments, moderation.

use serde_json::json;
use store::queries::memberships;

use super::{site, CONTENTS};
use crate::{
    groups::certify_group_profile,
    uploads::{file, png, upload},
};

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
    let answer = s.app.post_json(CONTENTS, &token, &json!({"content": "hi", "group": s.circle})).await;
    assert_eq!(answer.error(403)["detail"], "Only accepted members of the group can post here.");
    // Pending in it.
    memberships::upsert(&s.app.db, s.circle, outsider.id, "member", "pending").await.unwrap();
    s.app.post_json(CONTENTS, &token, &json!({"content": "hi", "group": s.circle})).await.assert_status(403);
    // A private group the caller is not in does not exist for them.
    s.make_private(s.circle).await;
    memberships::upsert(&s.app.db, s.circle, outsider.id, "member", "rejected").await.unwrap();
    let answer = s.app.post_json(CONTENTS, &token, &json!({"content": "hi", "group": s.circle})).await;
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
    let answer = s.app.patch_json(&path, &other, &json!({"content": "Hacked"})).await;
    answer.error(403);
    let answer = s.app.delete(&path).token(&other).send().await;
    assert_eq!(answer.error(403)["detail"], "Could not delete at this moment.");
    // The group's administrator is not the author either.
    s.app.delete(&path).token(&s.admin_token).send().await.assert_status(403);
    let answer = s.app.patch_json(&path, &author, &json!({"content": "<p>Second</p>"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["title"], "Second");
    assert!(answer.json()["data"]["last_edited_at"].is_string());
    s.app.delete(&path).token(&author).send().await.assert_status(200);
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
        .post_json(CONTENTS, &token, &json!({"content": "x", "group": s.circle, "files": [1, 2, 3, 4, 5, 6, 7, 8]}))
        .await;
    assert_eq!(answer.error(400)["field_errors"]["files"][0], "Maximum 7 files");
    // Someone else's file cannot be attached.
    let (_, other) = s.member("ben@example.com").await;
    let answer = s.app.post_json(CONTENTS, &other, &json!({"content": "x", "group": s.circle, "files": [image]})).await;
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
        .post_json(CONTENTS, &token, &json!({"content": "x", "group": s.circle, "data": {"blocks": [{"type": "hyperlink", "url": "javascript:alert(1)"}]}})).await;
    assert!(answer.error(400)["field_errors"]["data.blocks.0"].is_array());
    // A thumbnail is one file id, alone or in a list.
    for (bad, message) in [
        (json!(1.5), "A thumbnail is a file id."),
        (json!(["x"]), "A thumbnail is a file id."),
        (json!([image, image]), "Only 1 thumbnail image"),
    ] {
        let answer = s
            .app
            .post_json(CONTENTS, &token, &json!({"content": "x", "group": s.circle, "thumbnail_image": bad}))
            .await;
        assert_eq!(answer.error(400)["field_errors"]["thumbnail_image"][0], message);
    }
}

#[tokio::test]
async fn resources_are_moderated_and_only_approved_ones_are_public() {
    let s = site().await;
    let area = s.topic_area().await;
    let (contributor, token) = s.member("ana@example.com").await;
    // Not certified: refused.
    let answer = s.app.post_json(CONTENTS, &token, &s.resource_body("Pandas guide", area)).await;
    assert_eq!(answer.error(403)["detail"], "Only certified members can contribute resources and prompts.");
    certify_group_profile(&s.app, s.org, &contributor).await;
    // The contribute form's required fields.
    let answer = s
        .app
        .post_json(CONTENTS, &token, &json!({"type": "resource", "contribute": true, "content": "x", "group": s.org}))
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
    s.app.post_json(&approve, &reader, &json!({"action": "approve"})).await.assert_status(404);
    // The moderation queue of the organization's certified admin.
    let queue = s
        .app
        .get(&format!("{CONTENTS}?types=resource&status=pending&sort_by=recent&sort_order=desc"))
        .token(&s.admin_token)
        .send()
        .await;
    assert_eq!(queue.json()["pagination"]["count"], 1);
    assert_eq!(queue.json()["data"][0]["can_moderate"], true);
    let answer = s.app.post_json(&approve, &s.admin_token, &json!({"action": "approve"})).await;
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
    let again = s.app.post_json(&approve, &s.admin_token, &json!({"action": "reject"})).await;
    again.error(400);
    // Posts are not searched.
    s.app.get(&format!("{CONTENTS}?types=post&search=hello")).send().await.error(400);
    // An edit by its author takes it back to moderation.
    let path = format!("{CONTENTS}{id}/");
    let edited = s.app.patch_json(&path, &token, &json!({"title": "Pandas guide 2"})).await;
    assert_eq!(edited.json()["data"]["status"], "pending");
    assert_eq!(s.app.get(&hub).send().await.json()["pagination"]["count"], 0);
    // A rejected resource stays out of the hub; it may still be approved later.
    let other = s.post(&token, s.resource_body("Numpy notes", area)).await;
    let reject = format!("{CONTENTS}{}/approve-reject/", other["id"]);
    let answer = s.app.post_json(&reject, &s.admin_token, &json!({"action": "reject"})).await;
    assert_eq!(answer.json()["message"], "Resource rejected successfully");
    assert_eq!(answer.json()["data"]["status"], "rejected");
    assert_eq!(s.app.get(&format!("{hub}&search=numpy")).send().await.json()["pagination"]["count"], 0);
    // Nobody approves their own resource, not even a certified member.
    let own = s.app.post_json(&approve, &token, &json!({"action": "approve"})).await;
    assert_eq!(own.error(403)["detail"], "You cannot approve or reject your own resource.");
    // Someone else cannot edit it.
    s.app.patch_json(&path, &s.admin_token, &json!({"title": "x"})).await.assert_status(403);
    // Whether someone moderates is kept per person: certified, a member moderates at once.
    let (newcomer, newcomer_token) = s.member("cy@example.com").await;
    let queue = format!("{CONTENTS}?types=resource&status=pending");
    assert_eq!(s.app.get(&queue).token(&newcomer_token).send().await.json()["pagination"]["count"], 0);
    certify_group_profile(&s.app, s.org, &newcomer).await;
    assert_eq!(s.app.get(&queue).token(&newcomer_token).send().await.json()["pagination"]["count"], 1);
}
