//! GET /search/: people and groups, relevance, minimum length, tenant and privacy scoping,
//! the organization-hierarchy widening, group member search and the filters.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{entities::users, queries::memberships};

use crate::{
    common::TestApp,
    groups::{add_group_profile, circle_body, create, topic},
};

async fn named(app: &TestApp, email: &str, first: &str, last: &str, org_member: bool) -> users::Model {
    let user =
        if org_member { app.add_member(email, &app.default_tenant, "member").await } else { app.add_user(email).await };
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first.into());
    active.last_name = Set(last.into());
    active.update(&app.db).await.unwrap()
}

async fn names(app: &TestApp, token: Option<&str>, query: &str) -> Vec<String> {
    let answer = app.get_json(&format!("/api/v1/search/?{query}"), token).await;
    answer["data"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn people_are_ranked_and_scoped_to_the_site() {
    let app = TestApp::new().await;
    named(&app, "adam@example.com", "Adam", "Smith", true).await;
    named(&app, "grace@example.com", "Grace", "Adalind", true).await;
    named(&app, "ada@example.com", "Ada", "Lovelace", true).await;
    named(&app, "outsider@example.com", "Ada", "Outside", false).await;
    let other = app.add_tenant("other.example.com", "Other").await;
    app.add_member("elsewhere@example.com", &other, "member").await;

    let found = names(&app, None, "type=user&search=ada").await;
    assert_eq!(found[0], "Ada Lovelace", "the whole name first: {found:?}");
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(!found.contains(&"Ada Outside".to_string()), "not a member of the site's organization");
    assert_eq!(names(&app, None, "type=user&search=ada%20love").await, vec!["Ada Lovelace"]);
    // One letter is no search: every member is listed.
    let all = app.get("/api/v1/search/?type=user&search=a").send().await.json();
    assert_eq!(all["pagination"]["count"], 3);
    // Another site's people are not found from here.
    let there = app.get("/api/v1/search/?type=user&search=test").host("other.example.com").send().await.json();
    assert_eq!(there["pagination"]["count"], 1);
    let e = app.get("/api/v1/search/?type=person").send().await.error(400);
    assert_eq!(e["field_errors"]["type"][0], "\"person\" is not a valid choice.");
}

#[tokio::test]
async fn groups_respect_privacy_and_type() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let topic = topic(&app, &app.default_tenant, "Data").await;
    create(&app, &token, &circle_body(org, topic, "Data Science Circle")).await;
    let mut hidden = circle_body(org, topic, "Data Secret Circle");
    hidden["privacy"] = json!(20);
    create(&app, &token, &hidden).await;
    named(&app, "dana@example.com", "Data", "Person", true).await;
    let member = app.add_member("m@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);

    assert_eq!(names(&app, Some(&member_token), "type=circle&search=data").await, vec!["Data Science Circle"]);
    let mut seen = names(&app, Some(&token), "type=circle&search=data").await;
    seen.sort();
    assert_eq!(seen, vec!["Data Science Circle", "Data Secret Circle"]);
    // All: people and groups together, counted together.
    let all = app.get("/api/v1/search/?search=data").token(&member_token).send().await.json();
    assert_eq!(all["pagination"]["count"], 2);
    let kinds: Vec<&str> = all["data"].as_array().unwrap().iter().map(|i| i["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, vec!["user", "circle"]);
    assert_eq!(all["data"][1]["institution_name"], app.default_tenant.organization.name.as_str());
    let groups = app.get("/api/v1/search/?type=all_group").send().await.json();
    let kinds: Vec<&str> = groups["data"].as_array().unwrap().iter().map(|i| i["type"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"organization") && kinds.contains(&"circle") && !kinds.contains(&"user"));
    // Paging through "all" keeps the ranking.
    let first = app.get("/api/v1/search/?search=data&page_size=1").token(&token).send().await.json();
    let second = app.get("/api/v1/search/?search=data&page_size=1&page=2").token(&token).send().await.json();
    assert_eq!(first["pagination"]["count"], 3);
    assert_ne!(first["data"][0]["name"], second["data"][0]["name"]);
}

#[tokio::test]
async fn global_search_widens_to_the_hierarchy_for_members_only() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let topic = topic(&app, &app.default_tenant, "Data").await;
    let circle = create(&app, &token, &circle_body(app.default_tenant.organization.id, topic, "Partners")).await;
    let partner = named(&app, "partner@example.com", "Petra", "Partner", false).await;
    memberships::upsert(&app.db, circle["id"].as_i64().unwrap(), partner.id, "member", "accepted").await.unwrap();

    assert!(names(&app, Some(&token), "type=user&search=petra").await.is_empty());
    assert_eq!(names(&app, Some(&token), "type=user&search=petra&global_search=true").await, vec!["Petra Partner"]);
    let outsider = app.add_user("out@example.com").await;
    assert!(names(&app, Some(&app.token_for(outsider.id)), "type=user&search=petra&global_search=true")
        .await
        .is_empty());
    assert!(names(&app, None, "type=user&search=petra&global_search=true").await.is_empty());
    // Members of one group.
    let id = circle["id"].as_i64().unwrap();
    let found = names(&app, None, &format!("type=user&group_id={id}&is_group_search=true")).await;
    assert_eq!(found.len(), 2, "the leader and Petra: {found:?}");
}

#[tokio::test]
async fn filters_country_fields_and_group_profile_values() {
    let app = TestApp::new().await;
    let kenyan = named(&app, "k@example.com", "Kofi", "Field", true).await;
    named(&app, "f@example.com", "Fatou", "Field", true).await;
    let profile = store::queries::profiles::ensure(&app.db, &kenyan).await.unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.country = Set(Some("KE".into()));
    active.update(&app.db).await.unwrap();
    add_group_profile(&app, app.default_tenant.organization.id, kenyan.id, |p| {
        p.professional_field = Set(Some(3));
        p.extra_info = Set(json!({"department": "Physics"}));
    })
    .await;
    assert_eq!(names(&app, None, "type=user&search=field&country=ke,us").await, vec!["Kofi Field"]);
    assert_eq!(names(&app, None, "type=user&professional_fields=3").await, vec!["Kofi Field"]);
    let extra = urlencoding(&json!({"department": "Physics"}));
    assert_eq!(names(&app, None, &format!("type=user&extra_info={extra}")).await, vec!["Kofi Field"]);
    let e = app.get("/api/v1/search/?extra_info=nope&professional_fields=x").send().await.error(400);
    assert_eq!(e["field_errors"]["extra_info"][0], "Expected a JSON object.");
    assert_eq!(e["field_errors"]["professional_fields"][0], "A valid integer is required.");
}

fn urlencoding(value: &Value) -> String {
    url::form_urlencoded::byte_serialize(value.to_string().as_bytes()).collect()
}

async fn set_country(app: &TestApp, user: &users::Model, country: &str) {
    let profile = store::queries::profiles::ensure(&app.db, user).await.unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.country = Set(Some(country.into()));
    active.update(&app.db).await.unwrap();
}

/// Profiles and the web client store country names ("Kenya"); every country filter matches
/// the stored value ignoring case, and known aliases ("us") too: Connect's filter, You May
/// Know (`country=Kenya,us`), the members list and the circles and group search.
#[tokio::test]
async fn country_filters_match_names_ignoring_case_everywhere() {
    let app = TestApp::new().await;
    let ada = named(&app, "ada@example.com", "Ada", "Kenyan", true).await;
    let bo = named(&app, "bo@example.com", "Bo", "American", true).await;
    let cy = named(&app, "cy@example.com", "Cy", "Ghanaian", true).await;
    set_country(&app, &ada, "Kenya").await;
    set_country(&app, &bo, "United States").await;
    set_country(&app, &cy, "ghana").await;
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(sorted(names(&app, None, "type=user&country=kENYA,us").await), vec!["Ada Kenyan", "Bo American"]);
    assert_eq!(names(&app, None, "type=user&country=GHANA").await, vec!["Cy Ghanaian"]);
    assert_eq!(names(&app, None, "type=user&country=usa").await, vec!["Bo American"]);

    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let members = app.get(&format!("/api/v1/groups/{org}/members/?country=KENYA,Ghana")).token(&token).send().await;
    let mut found: Vec<String> =
        members.json()["data"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_string()).collect();
    found.sort();
    assert_eq!(found, vec!["Ada Kenyan", "Cy Ghanaian"]);

    let topic = topic(&app, &app.default_tenant, "Data").await;
    let mut kenyan = circle_body(org, topic, "Nairobi Circle");
    kenyan["countries"] = json!(["Kenya"]);
    create(&app, &token, &kenyan).await;
    let mut american = circle_body(org, topic, "Coded Circle");
    american["countries"] = json!(["US"]);
    create(&app, &token, &american).await;
    let circles = |query: &str| {
        let app = &app;
        let query = query.to_string();
        async move {
            let page = app.get(&format!("/api/v1/circles/?{query}")).send().await.json();
            sorted(page["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect())
        }
    };
    assert_eq!(circles("countries=kenya").await, vec!["Nairobi Circle"]);
    assert_eq!(circles("country=United%20States").await, vec!["Coded Circle"]);
    assert_eq!(circles("countries=KENYA,us").await, vec!["Coded Circle", "Nairobi Circle"]);
    assert_eq!(names(&app, None, "type=circle&country=KENYA").await, vec!["Nairobi Circle"]);
}

/// Migration m0008 indexes `LOWER(profiles.country)`, the expression the country filters
/// compare, on both databases; SQLite's planner uses it for the members filter's subquery.
#[tokio::test]
async fn the_country_filter_is_indexed() {
    use sea_orm::{ConnectionTrait, DbBackend, Statement};
    let app = TestApp::new().await;
    let backend = app.db.get_database_backend();
    let sql = match backend {
        DbBackend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'ix_profiles_country_lower'"
        }
        _ => "SELECT indexname AS name FROM pg_indexes WHERE indexname = 'ix_profiles_country_lower' AND schemaname = current_schema()",
    };
    let rows = app.db.query_all_raw(Statement::from_string(backend, sql)).await.unwrap();
    assert_eq!(rows.len(), 1, "the index exists");
    if backend == DbBackend::Sqlite {
        use sea_orm::TransactionTrait;
        // On one connection, whose schema a real statement has brought up to date (EXPLAIN
        // alone may plan with a schema read before the migrations ran).
        let txn = app.db.begin().await.unwrap();
        let query = r#"SELECT "user_id" FROM "profiles" WHERE LOWER("profiles"."country") IN ('kenya', 'ghana')"#;
        txn.query_all_raw(Statement::from_string(backend, query)).await.unwrap();
        let plan =
            txn.query_all_raw(Statement::from_string(backend, format!("EXPLAIN QUERY PLAN {query}"))).await.unwrap();
        let detail: Vec<String> = plan.iter().map(|r| r.try_get::<String>("", "detail").unwrap()).collect();
        assert!(detail.iter().any(|d| d.contains("ix_profiles_country_lower")), "{detail:?}");
    }
}

/// Searching people only reads: a person without a profile yet is shown with defaults
/// (no profile is created), and a page costs the same queries for 2 people as for 12.
#[tokio::test]
async fn searching_people_writes_nothing_and_reads_a_fixed_number_of_times() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let viewer = app.add_member("viewer@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(viewer.id);
    // The site is looked up once and then cached: warm it up first.
    app.get("/api/v1/search/?type=user").token(&token).send().await.assert_status(200);
    let mut reads = Vec::new();
    for round in 0..2 {
        let count = if round == 0 { 2 } else { 12 };
        for i in 0..count {
            named(&app, &format!("r{round}-{i}@example.com"), "Quinn", &format!("Round{round}"), true).await;
        }
        log.clear();
        let answer = app.get(&format!("/api/v1/search/?type=user&search=round{round}")).token(&token).send().await;
        answer.assert_status(200);
        let statements = log.taken();
        assert_eq!(answer.json()["data"].as_array().unwrap().len(), count);
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new(), "a search writes nothing");
        let first = &answer.json()["data"][0];
        assert_eq!((first["name_slug"].clone(), first["profile_completion_percent"].clone()), (json!(""), json!(0)));
        reads.push(StatementLog::reads(&statements));
    }
    assert_eq!(reads[0], reads[1], "no query per person");
    let id = answer_ids(&app, &token).await;
    assert!(store::queries::profiles::find_by_user(&app.db, id).await.unwrap().is_none(), "no profile was made");
}

async fn answer_ids(app: &TestApp, token: &str) -> i64 {
    let page = app.get("/api/v1/search/?type=user&search=round0").token(token).send().await.json();
    page["data"][0]["id"].as_i64().unwrap()
}

async fn set_title(app: &TestApp, user: &users::Model, title: &str) {
    let profile = store::queries::profiles::ensure(&app.db, user).await.unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.title = Set(Some(title.into()));
    active.update(&app.db).await.unwrap();
}

fn scores(page: &Value) -> Vec<(String, i64)> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["name"].as_str().unwrap().to_string(), i["score"].as_i64().unwrap()))
        .collect()
}

/// The index ranks a whole-name match first, then a name starting with the text, then a
/// match elsewhere (the title); the one-page answer is also the count.
#[tokio::test]
async fn ranking_puts_exact_names_before_prefixes_before_other_text() {
    let app = TestApp::new().await;
    let other = named(&app, "z@example.com", "Zed", "Body", true).await;
    set_title(&app, &other, "Anatomy researcher").await;
    named(&app, "anastasia@example.com", "Anastasia", "Kim", true).await;
    named(&app, "ana@example.com", "Ana", "Lopez", true).await;
    named(&app, "briana@example.com", "Briana", "Cole", true).await;

    let page = app.get("/api/v1/search/?type=user&search=ana").send().await.json();
    assert_eq!(
        scores(&page),
        vec![("Ana Lopez".into(), 3), ("Anastasia Kim".into(), 2), ("Zed Body".into(), 1)],
        "a word inside another word (Briana) is not a match"
    );
    assert_eq!(page["pagination"]["count"], 3);
    // The whole name is an exact match too; diacritics and case do not matter to finding.
    named(&app, "jose@example.com", "José", "Núñez", true).await;
    let page = app.get("/api/v1/search/?type=user&search=jos%C3%A9%20n%C3%BA%C3%B1ez").send().await.json();
    assert_eq!(scores(&page), vec![("José Núñez".into(), 3)]);
    assert_eq!(names(&app, None, "type=user&search=JOSE%20nunez").await, vec!["José Núñez"]);

    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let org = app.default_tenant.organization.id;
    let topic = topic(&app, &app.default_tenant, "Data").await;
    for name in ["Robotics Lab", "Robo", "Advanced Robotics"] {
        create(&app, &token, &circle_body(org, topic, name)).await;
    }
    let page = app.get("/api/v1/search/?type=circle&search=robo").send().await.json();
    assert_eq!(scores(&page), vec![("Robo".into(), 3), ("Robotics Lab".into(), 2), ("Advanced Robotics".into(), 1)]);
}

/// Every write that changes what is found is searchable at once: a new person, a new
/// title, a renamed, hidden or deleted group, a deactivated account.
#[tokio::test]
async fn writes_are_searchable_at_once() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let member = app.add_member("m@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);

    assert!(names(&app, None, "type=user&search=grace").await.is_empty());
    let grace = named(&app, "grace@example.com", "Grace", "Hopper", true).await;
    assert_eq!(names(&app, None, "type=user&search=grace").await, vec!["Grace Hopper"]);
    set_title(&app, &grace, "Compiler pioneer").await;
    assert_eq!(names(&app, None, "type=user&search=compiler").await, vec!["Grace Hopper"]);
    set_title(&app, &grace, "Admiral").await;
    assert!(names(&app, None, "type=user&search=compiler").await.is_empty());
    let mut active: users::ActiveModel = grace.into();
    active.is_active = Set(false);
    let grace = active.update(&app.db).await.unwrap();
    assert!(names(&app, None, "type=user&search=grace").await.is_empty(), "an inactive account is not found");
    let mut active: users::ActiveModel = grace.into();
    active.is_active = Set(true);
    active.update(&app.db).await.unwrap();
    assert_eq!(names(&app, None, "type=user&search=admiral").await, vec!["Grace Hopper"]);

    let org = app.default_tenant.organization.id;
    let topic = topic(&app, &app.default_tenant, "Data").await;
    let circle = create(&app, &token, &circle_body(org, topic, "Quantum Club")).await;
    let id = circle["id"].as_i64().unwrap();
    assert_eq!(names(&app, Some(&member_token), "type=circle&search=quantum").await, vec!["Quantum Club"]);
    let path = format!("/api/v1/groups/{id}/");
    let patch = |body: Value| {
        let (app, path, token) = (&app, path.clone(), token.clone());
        async move {
            app.patch_json(&path, &token, &body).await.assert_status(200);
        }
    };
    patch(json!({"name": "Photon Club"})).await;
    assert!(names(&app, Some(&member_token), "type=circle&search=quantum").await.is_empty());
    assert_eq!(names(&app, Some(&member_token), "search=photon").await, vec!["Photon Club"]);
    patch(json!({"privacy": 20})).await;
    assert!(names(&app, Some(&member_token), "search=photon").await.is_empty(), "private: members only");
    assert_eq!(names(&app, Some(&token), "search=photon").await, vec!["Photon Club"], "the leader still sees it");
    use sea_orm::EntityTrait;
    store::entities::groups::Entity::delete_by_id(id).exec(&app.db).await.unwrap();
    assert!(names(&app, Some(&token), "search=photon").await.is_empty());
}

/// Query syntax of either index typed into the search box is only text: 200 or 400, never
/// a server error, on every list that searches.
#[tokio::test]
async fn hostile_search_text_never_fails() {
    let app = TestApp::new().await;
    let member = app.add_member("m@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);
    named(&app, "ana@example.com", "Ana", "O'Brien", true).await;
    let texts = [
        "\"",
        "\"\"",
        "**",
        "--",
        "::",
        "&&",
        "((",
        "a*",
        "ana\"",
        "\"ana",
        "ana:*",
        "ana & !b",
        "ana | b",
        "NEAR(ana b)",
        "name:ana",
        "ana OR b",
        "'; DROP TABLE users; --",
        "%_\\",
        "a\u{0301}\u{0345}",
        "²³",
        "ana\u{0}b",
        "ｱﾅ",
        "o'brien",
    ];
    for text in texts {
        let encoded: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
        for path in [
            format!("/api/v1/search/?search={encoded}"),
            format!("/api/v1/search/?type=user&search={encoded}"),
            format!("/api/v1/search/?type=all_group&search={encoded}"),
            format!("/api/v1/circles/?search={encoded}"),
            format!("/api/v1/events/?search={encoded}"),
        ] {
            let status = app.get(&path).token(&token).send().await.status.as_u16();
            assert!(status == 200 || status == 400, "{text:?} on {path}: {status}");
        }
    }
    assert_eq!(names(&app, None, "type=user&search=o%27brien").await, vec!["Ana O'Brien"]);
}

/// A search page is kept per tenant write generation with its people's cards: asked again,
/// it reads the generation (and a signed-in caller's user and follows), not the index.
#[tokio::test]
async fn a_kept_search_page_reads_only_the_generation_and_the_callers_follows() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    for (i, last) in ["Lovelace", "Byron", "King"].iter().enumerate() {
        named(&app, &format!("ada{i}@example.com"), "Ada", last, true).await;
    }
    let viewer = app.add_member("viewer@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(viewer.id);
    for (token, most) in [(None, 1), (Some(token.as_str()), 3)] {
        for query in ["type=user&search=ada", "type=user&search=ada&page_size=2&page=2", "search=ada"] {
            let ask = || app.get(&format!("/api/v1/search/?{query}")).token_if(token).send();
            let first = ask().await.json();
            log.clear();
            let again = ask().await.json();
            let statements = log.taken();
            assert_eq!(first, again);
            assert_eq!(StatementLog::writes(&statements), Vec::<String>::new());
            assert!(StatementLog::reads(&statements) <= most, "a kept {query} read {statements:#?}");
            assert!(!statements.iter().any(|sql| sql.contains("search_")), "no index read: {statements:#?}");
        }
    }
}

/// What a kept card shows (country, completion, institution) and what a kept page filters on
/// (a group profile's values) change with the next search.
#[tokio::test]
async fn what_a_kept_search_page_shows_changes_at_once() {
    let app = TestApp::new().await;
    let ada = named(&app, "ada@example.com", "Ada", "Lovelace", true).await;
    let card = || async {
        let page = app.get("/api/v1/search/?type=user&search=ada").send().await.json();
        page["data"][0].clone()
    };
    assert_eq!(card().await["country"], Value::Null);
    let profile = store::queries::profiles::ensure(&app.db, &ada).await.unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.country = Set(Some("Kenya".into()));
    active.completion_percent = Set(80);
    let profile = active.update(&app.db).await.unwrap();
    let shown = card().await;
    assert_eq!((shown["country"].clone(), shown["profile_completion_percent"].clone()), (json!("Kenya"), json!(80)));

    let reference = domain::profiles::GroupRef::New("Old University".into());
    let institution = store::queries::profiles::resolve_institution(&app.db, app.default_tenant.tenant.id, &reference)
        .await
        .unwrap()
        .unwrap();
    let mut active: store::entities::profiles::ActiveModel = profile.into();
    active.institution_id = Set(Some(institution.id));
    active.update(&app.db).await.unwrap();
    assert_eq!(card().await["institution_name"], "Old University");
    let mut renamed: store::entities::groups::ActiveModel = institution.into();
    renamed.name = Set("New University".into());
    renamed.update(&app.db).await.unwrap();
    assert_eq!(card().await["institution_name"], "New University");

    let department = "type=user&search=ada&extra_info=%7B%22department%22%3A%22Physics%22%7D";
    assert!(names(&app, None, department).await.is_empty());
    add_group_profile(&app, app.default_tenant.organization.id, ada.id, |p| {
        p.extra_info = Set(json!({"department": "Physics"}));
    })
    .await;
    assert_eq!(names(&app, None, department).await, vec!["Ada Lovelace"]);
}
