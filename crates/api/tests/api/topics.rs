//! Topics and topic areas.

use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::json;

use crate::common::{add_topic, StatementLog, TestApp};

async fn seed_topics(app: &TestApp, tenant_id: i64) -> i64 {
    let area = store::queries::topics::create_area(&app.db, tenant_id, "AI and Data").await.unwrap();
    store::queries::topics::create_area(&app.db, tenant_id, "Leadership").await.unwrap();
    for (name, kind, with_area) in [
        ("Python", "skill", true),
        ("Prompt Engineering", "skill", true),
        ("Negotiation", "skill", false),
        ("Generative AI", "general", true),
        ("Remote Work", "general", false),
    ] {
        add_topic(app, tenant_id, name, kind, with_area.then_some(area.id)).await;
    }
    area.id
}

fn names(body: &serde_json::Value) -> Vec<String> {
    body["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn topics_filter_by_type_area_and_search() {
    let app = TestApp::new().await;
    let area = seed_topics(&app, app.default_tenant.tenant.id).await;
    let all = app.get("/api/v1/topics/").send().await.json();
    assert_eq!(names(&all), ["Generative AI", "Negotiation", "Prompt Engineering", "Python", "Remote Work"]);
    assert_eq!(all["pagination"]["count"], 5);
    let skills = app.get("/api/v1/topics/?topic_type=skill").send().await.json();
    assert_eq!(names(&skills), ["Negotiation", "Prompt Engineering", "Python"]);
    assert_eq!(skills["data"][0]["topic_type"], "skill");
    let in_area = app.get(&format!("/api/v1/topics/?topic_area={area}")).send().await.json();
    assert_eq!(names(&in_area), ["Generative AI", "Prompt Engineering", "Python"]);
    let search = app.get("/api/v1/topics/?search=%20PR%20").send().await.json();
    assert_eq!(names(&search), ["Prompt Engineering"]);
    // LIKE wildcards in the search are literal.
    let wildcard = app.get("/api/v1/topics/?search=%25").send().await.json();
    assert_eq!(names(&wildcard), Vec::<String>::new());
    let all_type = app.get("/api/v1/topics/?topic_type=all").send().await.json();
    assert_eq!(all_type["pagination"]["count"], 5, "'all' is no filter");
    let body = app.get("/api/v1/topics/?topic_type=skills&topic_area=x").send().await.error(400);
    assert_eq!(body["field_errors"]["topic_type"][0], "\"skills\" is not a valid choice.");
    assert_eq!(body["field_errors"]["topic_area"][0], "A valid integer is required.");
}

#[tokio::test]
async fn topics_and_areas_belong_to_their_tenant() {
    let app = TestApp::new().await;
    let other = app.add_tenant("other.example.org", "Other").await;
    seed_topics(&app, other.tenant.id).await;
    let here = app.get("/api/v1/topics/").send().await.json();
    assert_eq!(here["pagination"]["count"], 0);
    let areas = app.get("/api/v1/topic-areas/").send().await.json();
    assert_eq!(areas["data"], json!([]));
    let there = app.get("/api/v1/topic-areas/").host("other.example.org").send().await.json();
    assert_eq!(
        there["data"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect::<Vec<_>>(),
        ["AI and Data", "Leadership"]
    );
    assert_eq!(there["pagination"], json!({"count": 2, "next": null}));
}

#[tokio::test]
async fn signed_in_users_create_topics_once() {
    let app = TestApp::new().await;
    let area = seed_topics(&app, app.default_tenant.tenant.id).await;
    let user = app.add_member("maria@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);

    let res = app
        .post_json(
            "/api/v1/topics/",
            &token,
            &json!({"name": "  Rust   Programming ", "topic_type": "skill", "topic_area": area}),
        )
        .await;
    res.assert_status(201);
    let created = res.json()["data"].clone();
    assert_eq!(created["name"], "Rust Programming");
    assert_eq!(created["topic_type"], "skill");
    assert_eq!(created["topic_area"], area);

    let again =
        app.post_json("/api/v1/topics/", &token, &json!({"name": "rust programming", "topic_type": "skill"})).await;
    again.assert_status(200);
    assert_eq!(again.json()["data"]["id"], created["id"]);

    let general = app.post_json("/api/v1/topics/", &token, &json!({"name": "Rust Programming"})).await;
    general.assert_status(201);
    assert_eq!(general.json()["data"]["topic_type"], "general", "a general topic of the same name is another topic");

    let body =
        app.post_json("/api/v1/topics/", &token, &json!({"name": "   ", "topic_type": "hobby"})).await.error(400);
    assert_eq!(body["field_errors"]["name"][0], "This field may not be blank.");
    assert_eq!(body["field_errors"]["topic_type"][0], "\"hobby\" is not a valid choice.");
    let body = app.post_json("/api/v1/topics/", &token, &json!({"name": "x".repeat(101)})).await.error(400);
    assert_eq!(body["field_errors"]["name"][0], "Ensure this field has no more than 100 characters.");

    let other = app.add_tenant("other.example.org", "Other").await;
    let foreign_area = store::queries::topics::create_area(&app.db, other.tenant.id, "Elsewhere").await.unwrap();
    let body = app
        .post_json("/api/v1/topics/", &token, &json!({"name": "Sneaky", "topic_area": foreign_area.id}))
        .await
        .error(400);
    assert_eq!(
        body["field_errors"]["topic_area"][0],
        format!("Invalid pk \"{}\" - object does not exist.", foreign_area.id)
    );
}

/// A topic page is kept per tenant write generation: asked again it reads the generation
/// only, and a new, retyped, renamed or deleted topic shows on the next request.
#[tokio::test]
async fn a_kept_topic_page_reads_only_the_generation_and_shows_every_write() {
    use crate::common::StatementLog;
    use sea_orm::{ActiveModelTrait, EntityTrait, Set};
    let (app, log) = TestApp::with_statement_log().await;
    let tenant_id = app.default_tenant.tenant.id;
    seed_topics(&app, tenant_id).await;
    let page = |query: &'static str| {
        let app = &app;
        async move { app.get(&format!("/api/v1/topics/?{query}")).send().await.json() }
    };
    for query in ["page_size=40", "topic_type=skill&search=pro", "page=2&page_size=2"] {
        let first = page(query).await;
        log.clear();
        let again = page(query).await;
        let statements = log.taken();
        assert_eq!(first, again);
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
        assert!(StatementLog::reads(&statements) <= 1, "a kept {query} read {statements:#?}");
    }

    let (added, _) = store::queries::topics::get_or_create(
        &app.db,
        store::queries::topics::NewTopic {
            tenant_id,
            name: "Product Strategy",
            name_key: "product strategy",
            topic_type: "general",
            topic_area_id: None,
            group_id: None,
            created_by: None,
        },
    )
    .await
    .unwrap();
    assert!(names(&page("page_size=40").await).contains(&"Product Strategy".to_string()));
    assert!(!names(&page("topic_type=skill&search=pro").await).contains(&"Product Strategy".to_string()));
    let mut retyped: store::entities::topics::ActiveModel = added.into();
    retyped.topic_type = Set("skill".into());
    let retyped = retyped.update(&app.db).await.unwrap();
    assert!(names(&page("topic_type=skill&search=pro").await).contains(&"Product Strategy".to_string()));
    store::entities::topics::Entity::delete_by_id(retyped.id).exec(&app.db).await.unwrap();
    assert!(!names(&page("page_size=40").await).contains(&"Product Strategy".to_string()));
}

/// The topic areas are kept per site generation: a second read reads only the generation, and
/// a new area or a renamed one shows at once.
#[tokio::test]
async fn kept_topic_areas_read_only_the_generation_and_show_every_write_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    let tenant = app.default_tenant.tenant.id;
    let area = seed_topics(&app, tenant).await;
    let first = app.get("/api/v1/topic-areas/").send().await.json();
    assert_eq!(names(&first), ["AI and Data", "Leadership"]);
    log.clear();
    assert_eq!(app.get("/api/v1/topic-areas/").send().await.json(), first);
    let statements = log.taken();
    assert!(StatementLog::reads(&statements) <= 1, "kept topic areas read {statements:#?}");
    assert!(!statements.iter().any(|sql| sql.contains("\"topic_areas\"")), "{statements:#?}");

    store::queries::topics::create_area(&app.db, tenant, "Careers").await.unwrap();
    assert_eq!(names(&app.get("/api/v1/topic-areas/").send().await.json()), ["AI and Data", "Careers", "Leadership"]);
    let row = store::entities::topic_areas::Entity::find_by_id(area).one(&app.db).await.unwrap().unwrap();
    let mut row: store::entities::topic_areas::ActiveModel = row.into();
    row.name = Set("Data and AI".into());
    row.update(&app.db).await.unwrap();
    let page = app.get("/api/v1/topic-areas/?page_size=2").send().await.json();
    assert_eq!(names(&page), ["Careers", "Data and AI"]);
    assert_eq!(page["pagination"]["count"], 3);
}
