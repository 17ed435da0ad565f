//! The catalogue (issue 14): AI tools and use cases submitted, edited, moderated, listed
//! with the caller's vote and bookmark; votes (50 parallel voters lose no count); and the
//! hostile cases: another site's item, an unapproved item, a 4th category, a 501-word
//! description, bookmarking twice, a PATCH by someone who is neither staff nor creator.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::{
    common::TestApp,
    uploads::{file, make_staff, pdf, png, text, upload},
};

pub(crate) const TOOLS: &str = "/api/v1/ai-tools/";
pub(crate) const USE_CASES: &str = "/api/v1/use-cases/";
const VOTE: &str = "/api/v1/vote/";

pub(crate) struct Site {
    pub app: TestApp,
    _dir: tempfile::TempDir,
    pub org: i64,
    /// An administrator of the site's organization.
    pub admin: String,
    pub member: String,
    pub member_id: i64,
    pub other: String,
}

pub(crate) async fn site() -> Site {
    let (app, dir) = crate::uploads::app().await;
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant.clone(), "admin").await;
    let member = app.add_member("member@example.com", &app.default_tenant.clone(), "member").await;
    let other = app.add_member("other@example.com", &app.default_tenant.clone(), "member").await;
    Site {
        admin: app.token_for(admin.id),
        member: app.token_for(member.id),
        member_id: member.id,
        other: app.token_for(other.id),
        app,
        _dir: dir,
        org,
    }
}

pub(crate) fn tool_body(org: i64, name: &str) -> Value {
    json!({
        "name": name,
        "description": "<p>Writes drafts for you.</p>",
        "group": org,
        "categories": ["writing", "productivity"],
        "website": "https://tool.example.com",
        "roles": [1, 2],
    })
}

pub(crate) fn use_case_body(org: i64, title: &str) -> Value {
    json!({
        "title": title,
        "description": "<p>Summarise long reports.</p>",
        "reason": "<p>Saves hours every week.</p>",
        "group": org,
        "business_value": "high",
        "complexity": "low",
        "innovation_category": "incremental",
        "job_functions": ["1", "3"],
        "categories": ["productivity"],
    })
}

impl Site {
    pub(crate) async fn submit_tool(&self, name: &str) -> Value {
        let res = self.app.post_json(TOOLS, &self.member, &tool_body(self.org, name)).await;
        res.assert_status(201);
        assert_eq!(res.json()["message"], "AI tool submitted successfully");
        res.json()["data"].clone()
    }

    pub(crate) async fn approved_tool(&self, name: &str) -> Value {
        let tool = self.submit_tool(name).await;
        let res = self
            .app
            .post_json(&format!("{TOOLS}{}/approve-reject/", tool["id"]), &self.admin, &json!({"action": "approve"}))
            .await;
        res.assert_status(200);
        tool
    }

    pub(crate) async fn approved_use_case(&self, title: &str) -> Value {
        let res = self.app.post_json(USE_CASES, &self.member, &use_case_body(self.org, title)).await;
        res.assert_status(201);
        let data = res.json()["data"].clone();
        self.app
            .post_json(
                &format!("{USE_CASES}{}/approve-reject/", data["id"]),
                &self.admin,
                &json!({"action": "approve"}),
            )
            .await
            .assert_status(200);
        data
    }

    pub(crate) async fn vote(
        &self,
        token: &str,
        kind: &str,
        id: &Value,
        vote_type: &str,
    ) -> crate::common::TestResponse {
        self.app.post_json(VOTE, token, &json!({"content_type": kind, "object_id": id, "vote_type": vote_type})).await
    }

    /// An upvote sent to another site (made here), which does not offer this site's items.
    pub(crate) async fn upvote_on_another_site(
        &self,
        token: &str,
        kind: &str,
        id: &Value,
    ) -> crate::common::TestResponse {
        let other = self.app.add_tenant("other.example.com", "Other Site").await;
        let body = json!({"content_type": kind, "object_id": id, "vote_type": "upvote"});
        self.app.post(VOTE).host(&other.tenant.domain).token(token).json(&body).send().await
    }
}

pub(crate) fn names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn ai_tools_are_submitted_pending_approved_by_the_admin_and_then_listed() {
    let s = site().await;
    let tool = s.submit_tool("Draft Writer").await;
    assert_eq!(tool["status"], "pending");
    assert_eq!(tool["slug"], "draft-writer");
    assert_eq!(tool["categories"], json!(["writing", "productivity"]));
    assert_eq!(tool["vote_score"], 0);
    assert_eq!(tool["user_vote_type"], "neutral");
    assert_eq!(tool["can_edit"], true);

    // Pending: not listed, not found by others, seen by its creator and in "my" list.
    assert_eq!(s.app.get(TOOLS).send().await.json()["pagination"]["count"], 0);
    let slug_path = format!("{TOOLS}slug/draft-writer/");
    let missing = s.app.get(&slug_path).token(&s.other).send().await.error(404);
    assert_eq!(missing["detail"], "Sorry, the page you are looking for does not exist.");
    s.app.get(&slug_path).token(&s.member).send().await.assert_status(200);
    let mine = s.app.get(&format!("{TOOLS}?created=true")).token(&s.member).send().await.json();
    assert_eq!(names(&mine), vec!["Draft Writer"]);
    assert_eq!(
        s.app.get(&format!("{TOOLS}?created=true")).token(&s.other).send().await.json()["pagination"]["count"],
        0
    );
    // The admin sees the organization's pending tools; a member asking for them gets none.
    let pending = format!("{TOOLS}?status=pending&group_id={}", s.org);
    assert_eq!(names(&s.app.get(&pending).token(&s.admin).send().await.json()), vec!["Draft Writer"]);
    assert_eq!(s.app.get(&pending).token(&s.other).send().await.json()["pagination"]["count"], 0);

    // Only an administrator of its organization moderates; reject only pending ones.
    let moderate = format!("{TOOLS}{}/approve-reject/", tool["id"]);
    let refused = s.app.post_json(&moderate, &s.other, &json!({"action": "approve"})).await;
    assert_eq!(refused.status, 404, "an outsider does not see a pending tool");
    let refused = s.app.post_json(&moderate, &s.member, &json!({"action": "approve"})).await.error(403);
    assert_eq!(refused["detail"], "Failed to approve AI Tool");
    let res = s.app.post_json(&moderate, &s.admin, &json!({"action": "reject"})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully rejected AI tool");
    let again = s.app.post_json(&moderate, &s.admin, &json!({"action": "reject"})).await.error(400);
    assert_eq!(again["detail"], "Failed to reject AI Tool");
    let res = s.app.post_json(&moderate, &s.admin, &json!({"action": "approve"})).await;
    assert_eq!(res.json()["message"], "Successfully approved AI tool");
    s.app.post_json(&moderate, &s.admin, &json!({"action": "maybe"})).await.error(400);

    // Approved: listed for everyone, found by slug.
    let page = s.app.get(TOOLS).send().await.json();
    assert_eq!(names(&page), vec!["Draft Writer"]);
    s.app.get(&slug_path).send().await.assert_status(200);
}

#[tokio::test]
async fn ai_tool_lists_filter_by_text_and_category_nine_a_page() {
    let s = site().await;
    for n in 0..10 {
        s.approved_tool(&format!("Helper {n}")).await;
    }
    let mut coder = tool_body(s.org, "Code Pilot");
    coder["categories"] = json!(["coding"]);
    let coder = s.app.post_json(TOOLS, &s.member, &coder).await.json()["data"].clone();
    s.app
        .post_json(&format!("{TOOLS}{}/approve-reject/", coder["id"]), &s.admin, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    let page = s.app.get(TOOLS).send().await.json();
    assert_eq!(page["data"].as_array().unwrap().len(), 9);
    assert_eq!(page["pagination"]["count"], 11);
    assert_eq!(names(&s.app.get(&format!("{TOOLS}?ai_category=coding")).send().await.json()), vec!["Code Pilot"]);
    assert_eq!(
        names(&s.app.get(&format!("{TOOLS}?categories=coding,research")).send().await.json()),
        vec!["Code Pilot"]
    );
    assert_eq!(names(&s.app.get(&format!("{TOOLS}?search=pilot")).send().await.json()), vec!["Code Pilot"]);
    assert_eq!(s.app.get(&format!("{TOOLS}?search=helper")).send().await.json()["pagination"]["count"], 10);
}

#[tokio::test]
async fn the_ai_tool_form_checks_every_rule_and_only_staff_or_the_creator_edit() {
    let s = site().await;
    let res = s.app.post_json(TOOLS, &s.member, &json!({})).await.error(400);
    for field in ["name", "description", "group"] {
        assert_eq!(res["field_errors"][field][0], "Required", "{field}");
    }
    let mut four = tool_body(s.org, "Four");
    four["categories"] = json!(["writing", "coding", "research", "design"]);
    let res = s.app.post_json(TOOLS, &s.member, &four).await.error(400);
    assert_eq!(res["field_errors"]["categories"][0], "Maximum 3 categories");
    let mut unknown = tool_body(s.org, "Unknown");
    unknown["categories"] = json!(["astrology"]);
    s.app.post_json(TOOLS, &s.member, &unknown).await.error(400);
    let mut bad_site = tool_body(s.org, "Bad");
    bad_site["website"] = json!("javascript:alert(1)");
    let res = s.app.post_json(TOOLS, &s.member, &bad_site).await.error(400);
    assert!(res["field_errors"]["website"].is_array());
    // Another site's organization is not a choice.
    let other = s.app.add_tenant("other.example.com", "Other Site").await;
    let res = s.app.post_json(TOOLS, &s.member, &tool_body(other.organization.id, "X")).await.error(400);
    assert!(res["field_errors"]["group"][0].as_str().unwrap().contains("does not exist"));
    // Guests cannot submit.
    s.app.post(TOOLS).json(&tool_body(s.org, "Guest")).send().await.error(401);

    // The logo: one image, under 5 MB; a PDF is refused.
    let picture =
        upload(&s.app, "/api/v1/file-upload/", Some(&s.member), vec![file("files", "logo.png", png(8, 8))]).await;
    picture.assert_status(201);
    let picture_id = picture.json()["data"]["data"][0]["id"].clone();
    let document = upload(&s.app, "/api/v1/file-upload/", Some(&s.member), vec![file("files", "a.pdf", pdf())]).await;
    let document_id = document.json()["data"]["data"][0]["id"].clone();
    let mut with_pdf = tool_body(s.org, "Logo");
    with_pdf["logo"] = document_id;
    s.app.post_json(TOOLS, &s.member, &with_pdf).await.error(400);
    let mut two = tool_body(s.org, "Logo");
    two["logo"] = json!([picture_id, picture_id]);
    assert_eq!(s.app.post_json(TOOLS, &s.member, &two).await.error(400)["field_errors"]["logo"][0], "Maximum 1 image");
    let mut with_logo = tool_body(s.org, "Logo");
    with_logo["logo"] = picture_id.clone();
    let tool = s.app.post_json(TOOLS, &s.member, &with_logo).await.json()["data"].clone();
    assert!(tool["logo"].as_str().unwrap().contains("/media/"));
    assert_eq!(tool["logo_file_id"], picture_id);
    // Someone else's upload is not theirs to use.
    let mut stolen = tool_body(s.org, "Stolen");
    stolen["logo"] = picture_id;
    s.app.post_json(TOOLS, &s.other, &stolen).await.error(400);

    // Editing: the creator and staff; others are refused (after approval they see it).
    let path = format!("{TOOLS}{}/", tool["id"]);
    let res = s.app.patch_json(&path, &s.member, &json!({"name": "Logo Pro"})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "AI tool updated successfully");
    assert_eq!(res.json()["data"]["name"], "Logo Pro");
    assert_eq!(res.json()["data"]["logo_file_id"], tool["logo_file_id"], "an absent logo is kept");
    s.app
        .post_json(&format!("{TOOLS}{}/approve-reject/", tool["id"]), &s.admin, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    s.app.patch_json(&path, &s.other, &json!({"name": "Mine now"})).await.error(403);
    let res = s.app.patch_json(&path, &s.member, &json!({"categories": ["a", "b", "c", "d"]})).await;
    assert_eq!(res.error(400)["field_errors"]["categories"][0], "Maximum 3 categories");
    let staff = s.app.add_user("staff@example.com").await;
    make_staff(&s.app, staff.id).await;
    let res = s.app.patch_json(&path, &s.app.token_for(staff.id), &json!({"logo": null})).await;
    res.assert_status(200);
    assert_eq!(res.json()["data"]["logo"], Value::Null);
    assert_eq!(res.json()["data"]["name"], "Logo Pro");
}

#[tokio::test]
async fn votes_follow_the_button_and_are_refused_on_unapproved_or_foreign_items() {
    let s = site().await;
    let tool = s.approved_tool("Voted").await;
    let id = &tool["id"];
    let res = s.vote(&s.member, "aitool", id, "upvote").await;
    res.assert_status(200);
    assert_eq!(res.json(), json!({"total_score": 1, "user_vote": "upvote"}));
    // Switching direction moves the score by two.
    assert_eq!(s.vote(&s.member, "aitool", id, "downvote").await.json()["total_score"], -1);
    assert_eq!(s.vote(&s.other, "aitool", id, "downvote").await.json()["total_score"], -2);
    // Back to neutral moves it by one; the same vote twice changes nothing.
    assert_eq!(
        s.vote(&s.member, "aitool", id, "neutral").await.json(),
        json!({"total_score": -1, "user_vote": "neutral"})
    );
    assert_eq!(s.vote(&s.other, "aitool", id, "downvote").await.json()["total_score"], -1);
    // Lists and pages carry the score and the caller's vote.
    let page = s.app.get(TOOLS).token(&s.other).send().await.json();
    assert_eq!(page["data"][0]["vote_score"], -1);
    assert_eq!(page["data"][0]["user_vote_type"], "downvote");
    assert_eq!(s.app.get(TOOLS).token(&s.member).send().await.json()["data"][0]["user_vote_type"], "neutral");
    assert_eq!(s.app.get(TOOLS).send().await.json()["data"][0]["user_vote_type"], "neutral");

    // Use cases take votes too.
    let use_case = s.approved_use_case("Summaries").await;
    assert_eq!(s.vote(&s.member, "usecase", &use_case["id"], "upvote").await.json()["total_score"], 1);

    // Guests, unknown types, unapproved and foreign items.
    s.app
        .post(VOTE)
        .json(&json!({"content_type": "aitool", "object_id": id, "vote_type": "upvote"}))
        .send()
        .await
        .error(401);
    s.vote(&s.member, "spaceship", id, "upvote").await.error(400);
    s.vote(&s.member, "aitool", id, "sideways").await.error(400);
    let pending = s.submit_tool("Pending").await;
    s.vote(&s.other, "aitool", &pending["id"], "upvote").await.error(404);
    s.vote(&s.member, "aitool", &json!(999_999), "upvote").await.error(404);
    let res = s.upvote_on_another_site(&s.member, "aitool", id).await;
    assert_eq!(res.status, 404, "another site's tool cannot be voted on");
    assert_eq!(s.app.get(TOOLS).send().await.json()["data"][0]["vote_score"], -1);
}

#[tokio::test]
async fn members_vote_on_the_careergps_agents_the_site_offers() {
    let s = site().await;
    let agents = s.app.get("/api/v1/agents/").token(&s.member).send().await.json();
    let agent = agents["data"][0].clone();
    assert_eq!((&agent["vote_score"], &agent["user_vote_type"]), (&json!(0), &json!("neutral")));
    let id = &agent["id"];
    assert_eq!(
        s.vote(&s.member, "agentbuilder", id, "upvote").await.json(),
        json!({"total_score": 1, "user_vote": "upvote"})
    );
    assert_eq!(s.vote(&s.other, "agentbuilder", id, "downvote").await.json()["total_score"], 0);
    assert_eq!(s.vote(&s.other, "agentbuilder", id, "upvote").await.json()["total_score"], 2);
    // The list and the agent's page carry the score and the caller's own vote.
    let mine = s.app.get("/api/v1/agents/").token(&s.member).send().await.json();
    let mine = mine["data"].as_array().unwrap().iter().find(|a| &a["id"] == id).unwrap().clone();
    assert_eq!((&mine["vote_score"], &mine["user_vote_type"]), (&json!(2), &json!("upvote")));
    let slug = agent["slug"].as_str().unwrap();
    let page = s.app.get(&format!("/api/v1/agents/slug/{slug}/")).send().await.json();
    assert_eq!((&page["data"]["vote_score"], &page["data"]["user_vote_type"]), (&json!(2), &json!("neutral")));

    // A system agent, an unknown one and another site's are not offered.
    let system = store::queries::agents::system::all_agents(&s.app.db, s.app.default_tenant.tenant.id)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.is_system)
        .unwrap();
    s.vote(&s.member, "agentbuilder", &json!(system.id), "upvote").await.error(404);
    s.vote(&s.member, "agentbuilder", &json!(999_999), "upvote").await.error(404);
    let res = s.upvote_on_another_site(&s.member, "agentbuilder", id).await;
    assert_eq!(res.status, 404, "another site's agent cannot be voted on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_parallel_voters_lose_no_count() {
    let s = Arc::new(site().await);
    let tool = s.approved_tool("Popular").await;
    let mut tokens = Vec::new();
    for n in 0..50 {
        let user = s.app.add_user(&format!("voter{n}@example.com")).await;
        tokens.push(s.app.token_for(user.id));
    }
    let mut tasks = Vec::new();
    for token in tokens.clone() {
        let s = s.clone();
        let id = tool["id"].clone();
        tasks.push(tokio::spawn(async move { s.vote(&token, "aitool", &id, "upvote").await.status }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), 200);
    }
    let page = s.app.get(TOOLS).send().await.json();
    assert_eq!(page["data"][0]["vote_score"], 50);
    // And 50 switching to downvote at once: −50.
    let mut tasks = Vec::new();
    for token in tokens {
        let s = s.clone();
        let id = tool["id"].clone();
        tasks.push(tokio::spawn(async move { s.vote(&token, "aitool", &id, "downvote").await.status }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), 200);
    }
    assert_eq!(s.app.get(TOOLS).send().await.json()["data"][0]["vote_score"], -50);
}

#[tokio::test]
async fn ai_tools_and_use_cases_are_bookmarked_once_and_listed_in_favourites() {
    let s = site().await;
    let tool = s.approved_tool("Saved").await;
    let path = format!("/api/v1/bookmark/aitool/{}/", tool["id"]);
    let res = s.app.post(&path).token(&s.member).send().await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Added to favourites");
    // Twice: still one bookmark.
    s.app.post(&path).token(&s.member).send().await.assert_status(200);
    let favourites = s.app.get("/api/v1/bookmark/ai_tool/").token(&s.member).send().await.json();
    assert_eq!(favourites["pagination"]["count"], 1);
    assert_eq!(favourites["data"][0]["name"], "Saved");
    assert_eq!(favourites["data"][0]["is_bookmarked"], true);
    assert_eq!(s.app.get(TOOLS).token(&s.member).send().await.json()["data"][0]["is_bookmarked"], true);
    assert_eq!(s.app.get(TOOLS).token(&s.other).send().await.json()["data"][0]["is_bookmarked"], false);

    let use_case = s.approved_use_case("Bookmarked case").await;
    s.app
        .post(&format!("/api/v1/bookmark/usecase/{}/", use_case["id"]))
        .token(&s.member)
        .send()
        .await
        .assert_status(200);
    let favourites = s.app.get("/api/v1/bookmark/use_case/").token(&s.member).send().await.json();
    assert_eq!(favourites["data"][0]["title"], "Bookmarked case");

    // Pending items and guests.
    let pending = s.submit_tool("Hidden").await;
    s.app.post(&format!("/api/v1/bookmark/aitool/{}/", pending["id"])).token(&s.other).send().await.error(404);
    s.app.post(&path).send().await.error(401);
    let res = s.app.delete(&format!("/api/v1/unbookmark/aitool/{}/", tool["id"])).token(&s.member).send().await;
    assert_eq!(res.json()["message"], "Removed from favourites");
    assert_eq!(s.app.get("/api/v1/bookmark/aitool/").token(&s.member).send().await.json()["pagination"]["count"], 0);
    let _ = s.member_id;
}

#[tokio::test]
async fn use_cases_are_submitted_with_a_pdf_checked_edited_and_filtered() {
    let s = site().await;
    let res = s.app.post_json(USE_CASES, &s.member, &json!({})).await.error(400);
    for field in ["title", "description", "group", "business_value", "complexity", "innovation_category"] {
        assert_eq!(res["field_errors"][field][0], "Required", "{field}");
    }
    let mut long = use_case_body(s.org, "Long");
    long["description"] = json!(format!("<p>{}</p>", vec!["word"; 501].join(" ")));
    long["reason"] = json!(format!("<p>{}</p>", vec!["word"; 501].join(" ")));
    let res = s.app.post_json(USE_CASES, &s.member, &long).await.error(400);
    assert_eq!(res["field_errors"]["description"][0], "Maximum 500 words");
    assert_eq!(res["field_errors"]["reason"][0], "Maximum 500 words");
    let mut many = use_case_body(s.org, "Many");
    many["job_functions"] = json!(["1", "2", "3", "4"]);
    many["categories"] = json!(["learning", "research", "productivity", "communication"]);
    let res = s.app.post_json(USE_CASES, &s.member, &many).await.error(400);
    assert_eq!(res["field_errors"]["job_functions"][0], "Maximum 3 job functions");
    assert_eq!(res["field_errors"]["categories"][0], "Maximum 3 categories");
    // Topic fields are for staff.
    let mut topics = use_case_body(s.org, "Topics");
    topics["topics"] = json!([1]);
    s.app.post_json(USE_CASES, &s.member, &topics).await.error(400);

    // A PDF document and an image thumbnail; a picture is not a document.
    let document =
        upload(&s.app, "/api/v1/file-upload/", Some(&s.member), vec![file("files", "guide.pdf", pdf())]).await;
    let document_id = document.json()["data"]["data"][0]["id"].clone();
    let picture = upload(
        &s.app,
        "/api/v1/file-upload/",
        Some(&s.member),
        vec![file("files", "t.png", png(8, 8)), text("descriptions", "[\"x\"]")],
    )
    .await;
    let picture_id = picture.json()["data"]["data"][0]["id"].clone();
    let mut wrong = use_case_body(s.org, "Wrong");
    wrong["document"] = picture_id.clone();
    assert!(s.app.post_json(USE_CASES, &s.member, &wrong).await.error(400)["field_errors"]["document"].is_array());
    let mut two = use_case_body(s.org, "Two");
    two["document"] = json!([document_id, document_id]);
    assert_eq!(
        s.app.post_json(USE_CASES, &s.member, &two).await.error(400)["field_errors"]["document"][0],
        "Maximum 1 document"
    );
    let mut body = use_case_body(s.org, "Report summaries");
    body["document"] = document_id;
    body["thumbnail_image"] = picture_id;
    let res = s.app.post_json(USE_CASES, &s.member, &body).await;
    res.assert_status(201);
    assert_eq!(res.json()["message"], "Thank you for submitting a use case");
    let created = res.json()["data"].clone();
    assert_eq!(created["status"], "pending");
    assert_eq!(created["document"]["name"], "guide.pdf");
    assert!(created["thumbnail_image"].as_str().unwrap().contains("/media/"));

    // Editing: the creator yes, someone else no; default_group alone.
    let path = format!("{USE_CASES}{}/", created["id"]);
    s.app
        .post_json(&format!("{USE_CASES}{}/approve-reject/", created["id"]), &s.admin, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    s.app.patch_json(&path, &s.other, &json!({"title": "Taken"})).await.error(403);
    let res = s.app.patch_json(&path, &s.member, &json!({"complexity": "high"})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Use case updated successfully");
    assert_eq!(res.json()["data"]["document"]["name"], "guide.pdf", "absent files are kept");
    s.app.patch_json(&path, &s.member, &json!({"default_group": s.org})).await.error(400);

    // The filters.
    s.approved_use_case("Other case").await;
    let titles = |page: Value| -> Vec<String> {
        page["data"].as_array().unwrap().iter().map(|u| u["title"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(
        titles(s.app.get(&format!("{USE_CASES}?complexity=high")).send().await.json()),
        vec!["Report summaries"]
    );
    assert_eq!(s.app.get(&format!("{USE_CASES}?job_function=3")).send().await.json()["pagination"]["count"], 2);
    assert_eq!(s.app.get(&format!("{USE_CASES}?category=learning")).send().await.json()["pagination"]["count"], 0);
    assert_eq!(
        titles(s.app.get(&format!("{USE_CASES}?search=summaries")).send().await.json()),
        vec!["Report summaries"]
    );
    s.app.get(&format!("{USE_CASES}?business_value=enormous")).send().await.error(400);
}

#[tokio::test]
async fn a_list_page_reads_a_fixed_number_of_queries_whatever_its_size() {
    let (app, log) = TestApp::with_statement_log().await;
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant.clone(), "admin").await;
    let member = app.add_member("member@example.com", &app.default_tenant.clone(), "member").await;
    let (admin, member) = (app.token_for(admin.id), app.token_for(member.id));
    let mut reads = Vec::new();
    for size in [1usize, 9] {
        while reads.len() < size {
            let n = reads.len();
            let res = app.post_json(TOOLS, &member, &tool_body(org, &format!("Tool {size} {n}"))).await;
            let id = res.json()["data"]["id"].clone();
            app.post_json(&format!("{TOOLS}{id}/approve-reject/"), &admin, &json!({"action": "approve"})).await;
            app.post_json(VOTE, &member, &json!({"content_type": "aitool", "object_id": id, "vote_type": "upvote"}))
                .await;
            app.post(&format!("/api/v1/bookmark/aitool/{id}/")).token(&member).send().await;
            reads.push(0);
        }
        log.clear();
        let page = app.get(TOOLS).token(&member).send().await.json();
        assert_eq!(page["data"].as_array().unwrap().len(), size);
        assert!(page["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["is_bookmarked"] == true && t["user_vote_type"] == "upvote"));
        let statements = log.taken();
        reads[size - 1] = crate::common::StatementLog::reads(&statements);
    }
    // The caller, the page, its count, the flags (votes and bookmarks in one query), the use cases.
    assert_eq!(reads[0], reads[8], "one page of 1 and one of 9 read the same number of queries");
    assert!(reads[8] <= 6, "{} reads", reads[8]);
}

#[tokio::test]
async fn a_use_case_is_moderated_with_its_own_words_and_each_move_is_audited() {
    use sea_orm::{EntityTrait, QueryOrder};
    use store::entities::audit_log;

    let s = site().await;
    let res = s.app.post_json(USE_CASES, &s.member, &use_case_body(s.org, "Report Digest")).await;
    res.assert_status(201);
    let id = res.json()["data"]["id"].as_i64().unwrap();
    let moderate = format!("{USE_CASES}{id}/approve-reject/");

    let bad = s.app.post_json(&moderate, &s.admin, &json!({"action": "maybe"})).await.error(400);
    assert_eq!(bad["field_errors"]["action"][0], "\"action\" must be approve or reject.");
    let refused = s.app.post_json(&moderate, &s.member, &json!({"action": "approve"})).await.error(403);
    assert_eq!(refused["detail"], "Failed to approve use case");
    let res = s.app.post_json(&moderate, &s.admin, &json!({"action": " Reject "})).await;
    res.assert_status(200);
    assert_eq!(res.json()["message"], "Successfully rejected use case");
    assert_eq!(res.json()["status"], "rejected");
    let again = s.app.post_json(&moderate, &s.admin, &json!({"action": "reject"})).await.error(400);
    assert_eq!(again["detail"], "Failed to reject use case");
    let res = s.app.post_json(&moderate, &s.admin, &json!({"action": "approve"})).await;
    assert_eq!(res.json()["message"], "Successfully approved use case");

    let rows = audit_log::Entity::find().order_by_asc(audit_log::Column::Id).all(&s.app.db).await.unwrap();
    let moves: Vec<(String, String, i64)> =
        rows.iter().map(|r| (r.action.clone(), r.entity_type.clone(), r.entity_id)).collect();
    assert_eq!(
        moves,
        vec![("reject".to_string(), "use_case".to_string(), id), ("approve".to_string(), "use_case".to_string(), id)],
        "the refused and the repeated moves leave no row; the action is written as parsed"
    );
    assert_eq!(rows[1].details["from"], "rejected");
    assert_eq!(rows[1].details["status"], "approved");

    // The status write is scoped to the site: another site's id for it moves nothing.
    let site = s.app.default_tenant.tenant.id;
    let kind = store::queries::catalogue::USE_CASE;
    assert!(!store::queries::catalogue::set_status(&s.app.db, site + 1, kind, id, "approved", "rejected")
        .await
        .unwrap());
    let page = s.app.get(&format!("{USE_CASES}?created=true")).token(&s.member).send().await.json();
    assert_eq!(page["data"][0]["status"], "approved");
    assert!(store::queries::catalogue::set_status(&s.app.db, site, kind, id, "approved", "approved").await.unwrap());
}
