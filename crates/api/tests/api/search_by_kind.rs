//! The search index by kind (m0016): a kind's search sees only its own documents, every
//! kind's write is searchable at once, the migration rebuilds the index from existing
//! documents, and the list searches moved onto the index (members, use cases, topics)
//! still find people and things by name, prefix and accents without leaking private groups
//! or other sites' rows.

use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{job_posts, topics as topic_entity, use_cases as use_case_entity, users},
    queries::{memberships, use_cases as use_case_q},
};

use crate::{
    common::TestApp,
    groups::{circle_body, create, topic},
};

async fn named(app: &TestApp, email: &str, first: &str, last: &str) -> users::Model {
    let user = app.add_member(email, &app.default_tenant, "member").await;
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first.into());
    active.last_name = Set(last.into());
    active.update(&app.db).await.unwrap()
}

async fn job(app: &TestApp, tenant_id: i64, group_id: i64, title: &str) -> job_posts::Model {
    let at = chrono::Utc::now();
    job_posts::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        slug: Set(domain::slug::slugify(title)),
        title: Set(title.into()),
        description: Set("<p>A job.</p>".into()),
        job_location: Set("remote".into()),
        job_status: Set("approved".into()),
        is_featured: Set(false),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap()
}

async fn use_case(app: &TestApp, tenant_id: i64, title: &str) -> use_case_entity::Model {
    use_case_q::insert(
        &app.db,
        use_case_q::NewUseCase {
            tenant_id,
            slug: &domain::slug::slugify(title),
            title,
            description: Some("<p>A use of AI.</p>"),
            thumbnail_image: None,
            status: "approved",
            created_by: None,
        },
    )
    .await
    .unwrap()
}

async fn get(app: &TestApp, token: Option<&str>, path: &str) -> Value {
    app.get_json(path, token).await
}

fn field(page: &Value, key: &str) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|i| i[key].as_str().unwrap().to_string()).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Many jobs, topics and use cases whose titles start like a person's name do not appear in
/// (nor count towards) people search, and each kind's own search still finds all of its own.
#[tokio::test]
async fn a_kinds_search_is_not_crowded_by_other_kinds() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.tenant.id;
    let org = app.default_tenant.organization.id;
    named(&app, "ana@example.com", "Ana", "Lopez").await;
    for i in 0..30 {
        job(&app, tenant, org, &format!("Analyst {i}")).await;
    }
    for i in 0..5 {
        topic(&app, &app.default_tenant, &format!("Analytics {i}")).await;
        use_case(&app, tenant, &format!("Analysing data {i}")).await;
    }
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let data = topic(&app, &app.default_tenant, "Data").await;
    create(&app, &token, &circle_body(org, data, "Anatomy Circle")).await;

    let people = get(&app, None, "/api/v1/search/?type=user&search=ana").await;
    assert_eq!(field(&people, "name"), vec!["Ana Lopez"]);
    assert_eq!(people["pagination"]["count"], 1);
    let all = get(&app, Some(&token), "/api/v1/search/?search=ana").await;
    assert_eq!(field(&all, "name"), vec!["Ana Lopez", "Anatomy Circle"]);
    assert_eq!(all["pagination"]["count"], 2, "no job, topic or use case in people and group search");

    let jobs = get(&app, None, "/api/v1/jobs/?search=ana").await;
    assert_eq!(jobs["pagination"]["count"], 30);
    assert!(field(&jobs, "title").iter().all(|t| t.starts_with("Analyst ")));
    let topics = get(&app, None, "/api/v1/topics/?search=ana").await;
    assert_eq!(field(&topics, "name"), (0..5).map(|i| format!("Analytics {i}")).collect::<Vec<_>>());
    let cases = get(&app, None, "/api/v1/use-cases/?search=ana").await;
    assert_eq!(cases["pagination"]["count"], 5);
}

/// Creating, renaming and deleting a topic, a use case and a job post changes what their
/// searches find in the same request that made the change (people and groups: search.rs).
#[tokio::test]
async fn every_kinds_writes_are_searchable_at_once() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.tenant.id;
    let org = app.default_tenant.organization.id;
    let count = |path: String| {
        let app = &app;
        async move { get(app, None, &path).await["pagination"]["count"].as_u64().unwrap() }
    };

    let t = topic(&app, &app.default_tenant, "Quantum Computing").await;
    assert_eq!(count("/api/v1/topics/?search=quantum".into()).await, 1);
    let mut active: topic_entity::ActiveModel =
        topic_entity::Entity::find_by_id(t).one(&app.db).await.unwrap().unwrap().into();
    active.name = Set("Photonics".into());
    active.update(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/topics/?search=quantum".into()).await, 0);
    assert_eq!(count("/api/v1/topics/?search=photon".into()).await, 1);
    topic_entity::Entity::delete_by_id(t).exec(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/topics/?search=photon".into()).await, 0);

    let u = use_case(&app, tenant, "Drafting grant proposals").await;
    assert_eq!(count("/api/v1/use-cases/?search=grant".into()).await, 1);
    let mut active: use_case_entity::ActiveModel = u.into();
    active.title = Set("Writing lesson plans".into());
    let u = active.update(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/use-cases/?search=grant".into()).await, 0);
    assert_eq!(count("/api/v1/use-cases/?search=lesson".into()).await, 1);
    use_case_entity::Entity::delete_by_id(u.id).exec(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/use-cases/?search=lesson".into()).await, 0);

    let j = job(&app, tenant, org, "Robotics Engineer").await;
    assert_eq!(count("/api/v1/jobs/?search=robot".into()).await, 1);
    let mut active: job_posts::ActiveModel = j.into();
    active.title = Set("Welding Engineer".into());
    let j = active.update(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/jobs/?search=robot".into()).await, 0);
    assert_eq!(count("/api/v1/jobs/?search=weld".into()).await, 1);
    let mut active: job_posts::ActiveModel = j.into();
    active.deleted_at = Set(Some(chrono::Utc::now()));
    active.update(&app.db).await.unwrap();
    assert_eq!(count("/api/v1/jobs/?search=weld".into()).await, 0, "a deleted post is not found");
}

/// The job board's search ranks by relevance, then newest, and its count and pages agree
/// (the hits drive the query; nothing is lost or repeated across pages).
#[tokio::test]
async fn job_search_pages_by_relevance_then_newest() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.tenant.id;
    let org = app.default_tenant.organization.id;
    let mut made = Vec::new();
    for i in 0..15 {
        made.push(job(&app, tenant, org, &format!("Data Analyst {i}")).await.id);
    }
    let exact = job(&app, tenant, org, "Data").await.id;
    let first = get(&app, None, "/api/v1/jobs/?search=data").await;
    assert_eq!(first["pagination"]["count"], 16);
    let second = get(&app, None, "/api/v1/jobs/?search=data&page=2").await;
    let ids = |page: &Value| -> Vec<i64> {
        page["data"].as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect()
    };
    let mut seen = ids(&first);
    assert_eq!(seen[0], exact, "the shortest title matches best");
    seen.extend(ids(&second));
    made.reverse();
    assert_eq!(seen[1..].to_vec(), made, "then newest first, across pages");
}

/// m0016 builds the per-kind index from the documents that exist when it runs; undoing it
/// brings back the single index, and doing it again finds everything written in between.
#[tokio::test]
async fn the_migration_indexes_existing_documents_by_kind() {
    use store::sea_orm_migration::MigratorTrait;
    let app = TestApp::new().await;
    // The people and jobs are written with today's entities, so before the newest migration
    // is rolled back (it may drop a column they read); rolling back and re-applying it keeps
    // them indexed.
    named(&app, "ana@example.com", "Ana", "Lopez").await;
    job(&app, app.default_tenant.tenant.id, app.default_tenant.organization.id, "Analyst").await;
    store::migrations::Migrator::down(&app.db, Some(1)).await.unwrap();
    store::migrations::Migrator::up(&app.db, None).await.unwrap();
    let people = get(&app, None, "/api/v1/search/?type=user&search=ana").await;
    assert_eq!(field(&people, "name"), vec!["Ana Lopez"]);
    assert_eq!(get(&app, None, "/api/v1/jobs/?search=ana").await["pagination"]["count"], 1);
    named(&app, "anabel@example.com", "Anabel", "Ruiz").await;
    assert_eq!(get(&app, None, "/api/v1/search/?type=user&search=ana").await["pagination"]["count"], 2);
}

/// The members list searches names through the index: first name, last name, prefixes and
/// accents; administrators also find a member by the start of their e-mail address, others
/// never. A private group's members stay hidden from outsiders whatever the search.
#[tokio::test]
async fn member_search_uses_the_index_and_keeps_emails_to_administrators() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let data = topic(&app, &app.default_tenant, "Data").await;
    let mut body = circle_body(org, data, "Quiet Circle");
    body["privacy"] = json!(20);
    let circle = create(&app, &token, &body).await["id"].as_i64().unwrap();
    let jose = named(&app, "jose.nunez@example.com", "José", "Núñez").await;
    let grace = named(&app, "grace@example.com", "Grace", "Hopper").await;
    for user in [&jose, &grace] {
        memberships::upsert(&app.db, circle, user.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    }
    let member_token = app.token_for(grace.id);
    let outsider = app.add_member("out@example.com", &app.default_tenant, "member").await;
    let outsider_token = app.token_for(outsider.id);
    let members = |token: String, search: &str| {
        let app = &app;
        let path = format!("/api/v1/groups/{circle}/members/?search={search}");
        async move {
            let answer = app.get(&path).token(&token).send().await;
            (
                answer.status.as_u16(),
                if answer.status.as_u16() == 200 { sorted(field(&answer.json(), "name")) } else { vec![] },
            )
        }
    };
    let found = |names: &[&str]| (200u16, names.iter().map(|n| n.to_string()).collect::<Vec<_>>());
    assert_eq!(members(token.clone(), "jose").await, found(&["José Núñez"]), "accents folded");
    assert_eq!(members(token.clone(), "N%C3%BA%C3%B1").await, found(&["José Núñez"]), "a last-name prefix");
    assert_eq!(members(token.clone(), "gra%20hop").await, found(&["Grace Hopper"]));
    assert_eq!(members(token.clone(), "race").await, found(&[]), "words are matched from their start");
    assert_eq!(members(token.clone(), "jose.nunez%40ex").await, found(&["José Núñez"]), "e-mail prefix, admin");
    assert_eq!(members(member_token.clone(), "jose.nunez%40ex").await, found(&[]), "members never by e-mail");
    assert_eq!(members(member_token.clone(), "example").await, found(&[]));
    assert_eq!(members(member_token, "jose").await, found(&["José Núñez"]));
    assert_eq!(members(outsider_token, "jose").await.0, 404, "a private group stays hidden");
    // E-mail addresses never reach the index: people search cannot find anyone by one.
    assert!(field(&get(&app, Some(&token), "/api/v1/search/?type=user&search=example").await, "name").is_empty());
}

/// Use cases and topics are searched through the index within their own site only.
#[tokio::test]
async fn use_case_and_topic_search_stay_on_their_site() {
    let app = TestApp::new().await;
    let other = app.add_tenant("other.example.com", "Other").await;
    use_case(&app, app.default_tenant.tenant.id, "Résumé screening").await;
    use_case(&app, other.tenant.id, "Resume writing").await;
    topic(&app, &app.default_tenant, "Machine Learning").await;
    topic(&app, &other, "Machine Vision").await;
    assert_eq!(field(&get(&app, None, "/api/v1/use-cases/?search=resume").await, "title"), vec!["Résumé screening"]);
    assert_eq!(field(&get(&app, None, "/api/v1/topics/?search=mach").await, "name"), vec!["Machine Learning"]);
    let there = app.get("/api/v1/topics/?search=machine").host("other.example.com").send().await.json();
    assert_eq!(field(&there, "name"), vec!["Machine Vision"]);
}

/// PostgreSQL: each kind's GIN index takes writes directly (m0021), so no pending list of
/// new documents is read in full by every search until a vacuum merges it.
#[tokio::test]
async fn postgres_kind_indexes_have_no_pending_list() {
    use sea_orm::{ConnectionTrait, DbBackend, Statement};
    let app = TestApp::new().await;
    if app.db.get_database_backend() != DbBackend::Postgres {
        return;
    }
    for kind in store::search_index::Kind::ALL.map(|kind| kind.as_str()) {
        let sql = format!(
            "SELECT coalesce(array_to_string(reloptions, ','), '') AS options FROM pg_class \
             WHERE oid = 'ix_search_documents_{kind}'::regclass"
        );
        let row = app.db.query_one_raw(Statement::from_string(DbBackend::Postgres, sql)).await.unwrap().unwrap();
        let options: String = row.try_get("", "options").unwrap();
        assert!(options.contains("fastupdate=off"), "{kind}: {options}");
    }
}
