//! The AI tool and use case pages are kept per tenant write generation with their items'
//! base views (`api::page_cache`, migration m0041): every write a page shows must show on
//! the next request, and a kept page must not read its rows again.

use serde_json::{json, Value};

use crate::{
    catalogue::{names, site, tool_body, use_case_body, Site, TOOLS, USE_CASES},
    common::{StatementLog, TestApp},
};

async fn page(s: &Site, path: &str, token: Option<&str>) -> Value {
    s.app.get_json(path, token).await
}

fn titles(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|u| u["title"].as_str().unwrap().to_string()).collect()
}

/// An edit by the items' creator (the site's member).
async fn patch(s: &Site, path: &str, body: Value) {
    s.app.patch_json(path, &s.member, &body).await.assert_status(200);
}

#[tokio::test]
async fn every_write_a_kept_ai_tool_page_shows_shows_at_once() {
    let s = site().await;
    let writing = format!("{TOOLS}?categories=writing");
    let coding = format!("{TOOLS}?categories=coding");
    assert!(names(&page(&s, TOOLS, None).await).is_empty());
    assert!(names(&page(&s, &writing, None).await).is_empty());

    // Submitted: pending, so not listed; approved: listed at once, in its category.
    let tool = s.submit_tool("Draft Writer").await;
    let tool_path = format!("{TOOLS}{}/", tool["id"]);
    assert!(names(&page(&s, TOOLS, None).await).is_empty());
    s.app
        .post_json(&format!("{tool_path}approve-reject/"), &s.admin, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    assert_eq!(names(&page(&s, TOOLS, None).await), ["Draft Writer"]);
    assert_eq!(names(&page(&s, &writing, None).await), ["Draft Writer"]);

    // Edited: the new name, and the category filter follows the new categories.
    patch(&s, &tool_path, json!({"name": "Code Helper", "categories": ["coding"]})).await;
    assert_eq!(names(&page(&s, TOOLS, None).await), ["Code Helper"]);
    assert!(names(&page(&s, &writing, None).await).is_empty());
    assert_eq!(names(&page(&s, &coding, None).await), ["Code Helper"]);

    // A vote: the score for everyone, the vote for its voter only.
    s.vote(&s.member, "aitool", &tool["id"], "upvote").await.assert_status(200);
    assert_eq!(page(&s, TOOLS, None).await["data"][0]["vote_score"], 1);
    let mine = page(&s, TOOLS, Some(&s.member)).await;
    assert_eq!(
        (mine["data"][0]["user_vote_type"].clone(), mine["data"][0]["can_edit"].clone()),
        (json!("upvote"), json!(true))
    );
    let others = page(&s, TOOLS, Some(&s.other)).await;
    assert_eq!(
        (others["data"][0]["user_vote_type"].clone(), others["data"][0]["can_edit"].clone()),
        (json!("neutral"), json!(false))
    );

    // A use case naming the tool: on the tool's card once approved, renamed with it.
    let mut body = use_case_body(s.org, "Report summaries");
    body["ai_tools"] = json!([tool["id"]]);
    let created = s.app.post_json(USE_CASES, &s.member, &body).await;
    created.assert_status(201);
    let use_case_id = created.json()["data"]["id"].clone();
    assert_eq!(page(&s, TOOLS, None).await["data"][0]["use_cases"], json!([]), "not approved yet");
    s.app
        .post_json(&format!("{USE_CASES}{use_case_id}/approve-reject/"), &s.admin, &json!({"action": "approve"}))
        .await
        .assert_status(200);
    assert_eq!(page(&s, TOOLS, None).await["data"][0]["use_cases"][0]["title"], "Report summaries");
    patch(&s, &format!("{USE_CASES}{use_case_id}/"), json!({"title": "Weekly summaries"})).await;
    assert_eq!(page(&s, TOOLS, None).await["data"][0]["use_cases"][0]["title"], "Weekly summaries");

    // Another page size is its own page; a bookmark shows for its owner.
    s.app.post(&format!("/api/v1/bookmark/aitool/{}/", tool["id"])).token(&s.other).send().await.assert_status(200);
    let bookmarked = page(&s, &format!("{TOOLS}?page_size=3"), Some(&s.other)).await;
    assert_eq!(bookmarked["data"][0]["is_bookmarked"], true);
    assert_eq!(page(&s, TOOLS, Some(&s.member)).await["data"][0]["is_bookmarked"], false);
}

#[tokio::test]
async fn every_write_a_kept_use_case_page_shows_shows_at_once() {
    let s = site().await;
    let high = format!("{USE_CASES}?business_value=high");
    let coding_function = format!("{USE_CASES}?job_function=3");
    assert!(titles(&page(&s, USE_CASES, None).await).is_empty());
    assert!(titles(&page(&s, &high, None).await).is_empty());

    let first = s.approved_use_case("Report summaries").await;
    let first_path = format!("{USE_CASES}{}/", first["id"]);
    assert_eq!(titles(&page(&s, USE_CASES, None).await), ["Report summaries"]);
    assert_eq!(titles(&page(&s, &high, None).await), ["Report summaries"]);
    assert_eq!(titles(&page(&s, &coding_function, None).await), ["Report summaries"]);

    // The classification and tags it is filtered on follow an edit.
    patch(&s, &first_path, json!({"business_value": "low", "job_functions": ["2"]})).await;
    assert!(titles(&page(&s, &high, None).await).is_empty());
    assert!(titles(&page(&s, &coding_function, None).await).is_empty());
    assert_eq!(titles(&page(&s, &format!("{USE_CASES}?job_function=2"), None).await), ["Report summaries"]);

    // An AI tool named later: on the card once it is approved, with its new name.
    let tool = s.approved_tool("Draft Writer").await;
    patch(&s, &first_path, json!({"ai_tools": [tool["id"]]})).await;
    assert_eq!(page(&s, USE_CASES, None).await["data"][0]["ai_tools_detailed"][0]["name"], "Draft Writer");
    patch(&s, &format!("{TOOLS}{}/", tool["id"]), json!({"name": "Code Helper"})).await;
    assert_eq!(page(&s, USE_CASES, None).await["data"][0]["ai_tools_detailed"][0]["name"], "Code Helper");

    // A second one in title order, a vote on the first.
    s.approved_use_case("Automated invoices").await;
    assert_eq!(titles(&page(&s, USE_CASES, None).await), ["Automated invoices", "Report summaries"]);
    s.vote(&s.member, "usecase", &first["id"], "downvote").await.assert_status(200);
    let answer = page(&s, USE_CASES, Some(&s.member)).await;
    assert_eq!(
        (answer["data"][1]["vote_score"].clone(), answer["data"][1]["user_vote_type"].clone()),
        (json!(-1), json!("downvote"))
    );
    assert_eq!(page(&s, USE_CASES, None).await["data"][1]["user_vote_type"], "neutral");
}

#[tokio::test]
async fn a_kept_catalogue_page_reads_only_the_generation_and_the_callers_own_rows() {
    let (app, log) = TestApp::with_statement_log().await;
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let (admin, member) = (app.token_for(admin.id), app.token_for(member.id));
    for i in 0..4 {
        for (list, body) in
            [(TOOLS, tool_body(org, &format!("Tool {i}"))), (USE_CASES, use_case_body(org, &format!("Case {i}")))]
        {
            let created = app.post_json(list, &member, &body).await;
            created.assert_status(201);
            let id = created.json()["data"]["id"].clone();
            app.post_json(&format!("{list}{id}/approve-reject/"), &admin, &json!({"action": "approve"}))
                .await
                .assert_status(200);
        }
    }
    // The guest reads the generation; a member also their user and their votes and bookmarks
    // (which name the page's ids: no list of the table).
    for (token, most) in [(None, 1), (Some(member.as_str()), 3)] {
        for (path, table) in [(TOOLS, "FROM \"ai_tools\" WHERE"), (USE_CASES, "FROM \"use_cases\" WHERE")] {
            for path in [path.to_string(), format!("{path}?page_size=2&page=2")] {
                let first = app.get(&path).token_if(token).send().await.json();
                log.clear();
                let again = app.get(&path).token_if(token).send().await.json();
                let statements = log.taken();
                assert_eq!(first, again);
                assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
                assert!(StatementLog::reads(&statements) <= most, "a kept {path} read {statements:#?}");
                assert!(!statements.iter().any(|sql| sql.contains(table)), "no {table} read: {statements:#?}");
            }
        }
    }
}
