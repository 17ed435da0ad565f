//! The matching engine through the API (issue 29): what it never offers (another site's
//! items, private, draft, pending, rejected, past or closed ones, what the member already
//! joined, applied to or follows), recommendations from the profile's signals alone, the
//! intent of a question (kinds, time, place), the lexical path without a model, the cache
//! following the member's and the site's changes, and, with the model, a question answered
//! by meaning.

pub(crate) mod fixtures;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, DbBackend, EntityTrait, QueryFilter, Set};
use serde_json::json;
use store::{
    entities::{ai_tools, contents, groups, job_applications, profiles, use_cases, users},
    queries::memberships,
};

use crate::common::{require_embedding_model, TestApp};
use fixtures::*;

#[tokio::test]
async fn a_profile_that_fits_is_recommended_without_a_shared_word() {
    let app = TestApp::new().await;
    let t = &app.default_tenant;
    let (python, statistics) = (topic(&app, t, "Python").await, topic(&app, t, "Statistics").await);
    let cohort = group(
        &app,
        t,
        GroupSpec {
            name: "Evening Cohort Seven",
            description: "Weekly sessions with a mentor.",
            topics: vec![python, statistics],
            countries: &["KE"],
            stages: &["3"],
            fields: &["2"],
            ..Default::default()
        },
    )
    .await;
    group(
        &app,
        t,
        GroupSpec { name: "Pottery Together", description: "Clay.", countries: &["BR"], ..Default::default() },
    )
    .await;
    let opening = job(&app, t, "Junior Analyst Role", &[python], domain::jobs::form::STATUS_PUBLISHED, Some(20)).await;
    let amani = member(&app, t, "amani@example.com", "Teacher", &[python, statistics], "Kenya", 3).await;
    let token = app.token_for(amani.id);

    let circles = app.get("/api/v1/recommended-entities/?entity_type=circle").token(&token).send().await;
    circles.assert_status(200);
    let circles = circles.json()["data"].clone();
    assert_eq!(slugs(&circles).first(), Some(&cohort.slug), "{circles}");
    let reason = circles[0]["reason"].as_str().unwrap();
    assert!(reason.contains("Python") && reason.contains("your country"), "{reason}");
    assert!(!reason.contains("Matches"), "{reason}");

    let jobs = app.get("/api/v1/job-recommendations/").token(&token).send().await.json()["data"].clone();
    assert_eq!(slugs(&jobs), vec![opening.slug.clone()], "{jobs}");
    assert!(jobs[0]["reason"].as_str().unwrap().contains("Python"), "{jobs}");
}

#[tokio::test]
async fn nothing_of_another_site_hidden_over_or_already_held_is_offered() {
    let app = TestApp::new().await;
    let t = app.default_tenant.clone();
    let other = app.add_tenant("other.localhost", "Other Site").await;
    let data = topic(&app, &t, "Data Science").await;
    let theirs_topic = topic(&app, &other, "Data Science").await;
    let open =
        group(&app, &t, GroupSpec { name: "Data Science Open Circle", topics: vec![data], ..Default::default() }).await;
    group(
        &app,
        &t,
        GroupSpec { name: "Data Science Secret Circle", topics: vec![data], privacy: 20, ..Default::default() },
    )
    .await;
    group(
        &app,
        &t,
        GroupSpec {
            kind: "event",
            name: "Data Science Day Gone By",
            topics: vec![data],
            days: Some((-30, -29)),
            ..Default::default()
        },
    )
    .await;
    let joined =
        group(&app, &t, GroupSpec { name: "Data Science Joined Circle", topics: vec![data], ..Default::default() })
            .await;
    group(&app, &other, GroupSpec { name: "Data Science Elsewhere", topics: vec![theirs_topic], ..Default::default() })
        .await;
    let published = job(&app, &t, "Data Scientist Open", &[data], domain::jobs::form::STATUS_PUBLISHED, Some(10)).await;
    job(&app, &t, "Data Scientist Pending", &[data], "pending", Some(10)).await;
    job(&app, &t, "Data Scientist Closed", &[data], domain::jobs::form::STATUS_PUBLISHED, Some(-1)).await;
    let applied =
        job(&app, &t, "Data Scientist Applied", &[data], domain::jobs::form::STATUS_PUBLISHED, Some(10)).await;
    let now = Utc::now();
    let author = app.add_member("author@example.com", &t, "admin").await;
    for (slug, status, security) in [
        ("data-guide-ok", "approved", 0),
        ("data-guide-rejected", "rejected", 0),
        ("data-guide-private", "approved", 20),
    ] {
        contents::ActiveModel {
            tenant_id: Set(t.tenant.id),
            group_id: Set(t.organization.id),
            created_by: Set(author.id),
            content_type: Set("resource".into()),
            is_newsletter: Set(false),
            title: Set(format!("Data Science guide {slug}")),
            slug: Set(slug.into()),
            content: Set("<p>Data science for everyone.</p>".into()),
            raw_text: Set("Data science for everyone.".into()),
            topics: Set(Some(json!([data]))),
            security_level: Set(security),
            publish_to_khub: Set(true),
            is_premium: Set(false),
            is_trending: Set(false),
            is_pinned: Set(false),
            status: Set(status.into()),
            send_email: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    for (slug, status) in [("data-science-use-case", "approved"), ("data-science-pending-use-case", "pending")] {
        use_cases::ActiveModel {
            tenant_id: Set(t.tenant.id),
            slug: Set(slug.into()),
            title: Set(format!("Data Science {slug}")),
            description: Set(Some("Data science at work.".into())),
            status: Set(status.into()),
            topics: Set(Some(json!([data]))),
            vote_score: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    ai_tools::ActiveModel {
        tenant_id: Set(other.tenant.id),
        group_id: Set(other.organization.id),
        slug: Set("data-science-tool-elsewhere".into()),
        name: Set("Data Science Tool".into()),
        description: Set("Data science.".into()),
        status: Set("approved".into()),
        vote_score: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    let ada = member(&app, &t, "ada@example.com", "Analyst", &[data], "Kenya", 3).await;
    let peer = member(&app, &t, "peer@example.com", "Data Scientist", &[data], "Kenya", 4).await;
    let followed = member(&app, &t, "followed@example.com", "Data Engineer", &[data], "Kenya", 4).await;
    memberships::upsert(&app.db, joined.id, ada.id, "member", "pending").await.unwrap();
    job_applications::ActiveModel {
        job_post_id: Set(applied.id),
        user_id: Set(ada.id),
        status: Set("pending".into()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    store::queries::follows::follow(&app.db, ada.id, store::queries::follows::Target::User(followed.id)).await.unwrap();
    staff(&app, &ada).await;
    let token = app.token_for(ada.id);

    let all = app.get("/api/v1/recommended-entities/").token(&token).send().await.json()["data"].clone();
    let found = slugs(&all);
    assert!(found.contains(&open.slug), "{found:?}");
    assert!(found.contains(&"peer".to_string()), "{found:?}");
    assert!(found.contains(&"data-science-use-case".to_string()), "{found:?}");
    for never in [
        "data-science-secret-circle",
        "data-science-day-gone-by",
        "data-science-joined-circle",
        "data-science-elsewhere",
        "data-science-pending-use-case",
        "data-science-tool-elsewhere",
        "followed",
        "ada",
    ] {
        assert!(!found.contains(&never.to_string()), "{never} offered: {found:?}");
    }
    let jobs = slugs(&app.get("/api/v1/job-recommendations/").token(&token).send().await.json()["data"]);
    assert_eq!(jobs, vec![published.slug.clone()]);

    let answer = app.post_json("/api/v1/ask-me-anything/", &token, &json!({"question": "data science"})).await;
    answer.assert_status(200);
    let answered = slugs(&answer_items(&answer.json()));
    assert!(answered.contains(&open.slug) && answered.contains(&"data-guide-ok".to_string()), "{answered:?}");
    for never in [
        "data-science-secret-circle",
        "data-science-day-gone-by",
        "data-science-elsewhere",
        "data-scientist-pending",
        "data-scientist-closed",
        "data-guide-rejected",
        "data-guide-private",
        "data-science-pending-use-case",
        "data-science-tool-elsewhere",
        "ada",
    ] {
        assert!(!answered.contains(&never.to_string()), "{never} answered: {answered:?}");
    }
    // The other site's member sees only their site's items.
    let bo = member(&app, &other, "bo@example.com", "Analyst", &[theirs_topic], "Kenya", 3).await;
    staff(&app, &bo).await;
    let theirs = app
        .post("/api/v1/ask-me-anything/")
        .host("other.localhost")
        .token(&app.token_for(bo.id))
        .json(&json!({"question": "data science"}))
        .send()
        .await
        .json();
    let theirs = slugs(&answer_items(&theirs));
    assert!(theirs.contains(&"data-science-elsewhere".to_string()), "{theirs:?}");
    assert!(theirs.iter().all(|s| s == "data-science-elsewhere" || s == "data-science-tool-elsewhere"), "{theirs:?}");
    // An item taken back after it was indexed is not offered: the final check reads every
    // kind's rows by their keys.
    let ask_use_cases = || async {
        let answer = app
            .post_json("/api/v1/ask-me-anything/", &token, &json!({"question": "data science use cases"}))
            .await
            .json();
        slugs(&answer_items(&answer))
    };
    let before = ask_use_cases().await;
    assert!(before.contains(&"data-science-use-case".to_string()), "{before:?}");
    let use_case = use_cases::Entity::find()
        .filter(use_cases::Column::Slug.eq("data-science-use-case"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let mut pending: use_cases::ActiveModel = use_case.into();
    pending.status = Set("pending".into());
    pending.update(&app.db).await.unwrap();
    let after = ask_use_cases().await;
    assert!(!after.contains(&"data-science-use-case".to_string()), "{after:?}");
    let _ = peer;
}

#[tokio::test]
async fn upcoming_events_near_the_asker_answer_the_suggested_question() {
    let app = TestApp::new().await;
    let t = app.default_tenant.clone();
    let here = group(
        &app,
        &t,
        GroupSpec {
            kind: "event",
            name: "Nairobi Careers Fair",
            countries: &["KE"],
            days: Some((12, 12)),
            ..Default::default()
        },
    )
    .await;
    let away = group(
        &app,
        &t,
        GroupSpec {
            kind: "event",
            name: "Austin Hiring Night",
            countries: &["US"],
            days: Some((5, 5)),
            ..Default::default()
        },
    )
    .await;
    group(
        &app,
        &t,
        GroupSpec {
            kind: "event",
            name: "Nairobi Fair Last Year",
            countries: &["KE"],
            days: Some((-300, -300)),
            ..Default::default()
        },
    )
    .await;
    group(&app, &t, GroupSpec { name: "Kenya Analysts Circle", countries: &["KE"], ..Default::default() }).await;
    let wanjiru = member(&app, &t, "wanjiru@example.com", "Accountant", &[], "Kenya", 3).await;
    staff(&app, &wanjiru).await;
    let answer = app
        .post_json(
            "/api/v1/ask-me-anything/",
            &app.token_for(wanjiru.id),
            &json!({"question": "What career events are coming up near me?"}),
        )
        .await
        .json();
    let found = answer_items(&answer);
    assert_eq!(slugs(&found), vec![here.slug.clone(), away.slug.clone()], "events only, upcoming, hers first: {found}");
    let text = answer_text(&answer);
    assert!(text.starts_with("Here are the events coming up near you in Kenya"), "{text}");
    assert!(text.contains("Nairobi Careers Fair"), "{text}");
    assert!(!text.contains("could not find"), "{text}");
}

#[tokio::test]
async fn recommendations_follow_what_the_member_joins_and_what_the_site_adds() {
    let app = TestApp::new().await;
    let t = app.default_tenant.clone();
    let ux = topic(&app, &t, "UX Research").await;
    let first = group(&app, &t, GroupSpec { name: "UX Research Circle", topics: vec![ux], ..Default::default() }).await;
    let lee = member(&app, &t, "lee@example.com", "Designer", &[ux], "Kenya", 3).await;
    let token = app.token_for(lee.id);
    let path = "/api/v1/recommended-entities/?entity_type=circle";
    assert_eq!(slugs(&app.get(path).token(&token).send().await.json()["data"]), vec![first.slug.clone()]);
    // Kept: asked again, the same answer.
    assert_eq!(slugs(&app.get(path).token(&token).send().await.json()["data"]), vec![first.slug.clone()]);
    // Joining it takes it away; a new circle of the site comes in.
    memberships::upsert(&app.db, first.id, lee.id, "member", "accepted").await.unwrap();
    let second =
        group(&app, &t, GroupSpec { name: "UX Research Next Steps", topics: vec![ux], ..Default::default() }).await;
    assert_eq!(slugs(&app.get(path).token(&token).send().await.json()["data"]), vec![second.slug.clone()]);
    // A private circle is never offered, even once indexed.
    let hidden =
        group(&app, &t, GroupSpec { name: "UX Research Hidden", topics: vec![ux], ..Default::default() }).await;
    let mut active: groups::ActiveModel = hidden.into();
    active.privacy = Set(20);
    active.update(&app.db).await.unwrap();
    assert_eq!(slugs(&app.get(path).token(&token).send().await.json()["data"]), vec![second.slug.clone()]);
}

#[tokio::test]
async fn without_a_model_questions_are_answered_on_their_words() {
    let app = TestApp::new().await;
    assert!(!app.state.matching.has_model());
    let t = app.default_tenant.clone();
    let k8s = group(
        &app,
        &t,
        GroupSpec { name: "Kubernetes Operators Circle", description: "Run clusters.", ..Default::default() },
    )
    .await;
    group(&app, &t, GroupSpec { name: "Watercolour Basics", description: "Paint.", ..Default::default() }).await;
    let kim = member(&app, &t, "kim@example.com", "Engineer", &[], "Kenya", 3).await;
    staff(&app, &kim).await;
    let answer = app
        .post_json(
            "/api/v1/ask-me-anything/",
            &app.token_for(kim.id),
            &json!({"question": "Is there anything on kubernetes?"}),
        )
        .await
        .json();
    assert_eq!(slugs(&answer_items(&answer)), vec![k8s.slug.clone()]);
}

#[tokio::test]
async fn with_the_model_a_question_finds_what_it_means_without_its_words() {
    let Some(model) = require_embedding_model("with_the_model_a_question_finds_what_it_means_without_its_words") else {
        return;
    };
    let app = TestApp::with_model(model).await;
    let t = app.default_tenant.clone();
    let lab = group(
        &app,
        &t,
        GroupSpec {
            name: "Predictive Modelling Lab",
            description: "Eight weeks of Python notebooks, regression and classification models on real data.",
            ..Default::default()
        },
    )
    .await;
    for (name, description) in [
        ("Public Speaking Club", "Practise talks in front of a friendly audience."),
        ("Salary Negotiation Workshop", "Ask for the pay you deserve."),
        ("Watercolour Basics", "Paint landscapes with friends."),
    ] {
        group(&app, &t, GroupSpec { name, description, ..Default::default() }).await;
    }
    let noor = member(&app, &t, "noor@example.com", "Analyst", &[], "Kenya", 3).await;
    staff(&app, &noor).await;
    let answer = app
        .post_json(
            "/api/v1/ask-me-anything/",
            &app.token_for(noor.id),
            &json!({"question": "How do I learn machine learning?"}),
        )
        .await
        .json();
    let found = slugs(&answer_items(&answer));
    assert_eq!(found.first(), Some(&lab.slug), "{found:?}");
    assert!(!found.contains(&"watercolour-basics".to_string()), "nothing unrelated: {found:?}");
}

/// How many times PostgreSQL has gathered `match_items`' statistics in this test's schema.
async fn items_analyzed(app: &TestApp) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'match_items' AND schemaname = \
             current_schema()",
        ))
        .await
        .unwrap()
        .expect("match_items is a table of this schema");
    row.try_get("", "analyze_count").unwrap()
}

#[tokio::test]
async fn a_backfill_leaves_postgresql_planner_statistics_behind_and_a_trickle_does_not() {
    let app = TestApp::new().await;
    let t = &app.default_tenant;
    let python = topic(&app, t, "Python").await;
    member(&app, t, "amani@example.com", "Teacher", &[python], "Kenya", 3).await;
    app.index_matching().await;
    let indexer = app.state.matching_indexer();
    if app.db.get_database_backend() != DbBackend::Postgres {
        // SQLite reads the engine's tables by primary key: nothing to gather, nothing fails.
        indexer.after_burst(services::matching::indexer::GATHER_STATISTICS_AFTER).await;
        return;
    }
    let before = items_analyzed(&app).await;
    indexer.after_burst(3).await;
    assert_eq!(items_analyzed(&app).await, before, "a few edits are not a backfill");
    indexer.after_burst(services::matching::indexer::GATHER_STATISTICS_AFTER).await;
    assert_eq!(items_analyzed(&app).await, before + 1);
}

/// Whether the member waits in the matching engine's queue.
async fn queued(app: &TestApp, user_id: i64) -> bool {
    store::entities::match_pending::Entity::find()
        .filter(store::entities::match_pending::Column::Kind.eq("user"))
        .filter(store::entities::match_pending::Column::ItemId.eq(user_id))
        .one(&app.db)
        .await
        .unwrap()
        .is_some()
}

async fn unqueue(app: &TestApp, user_id: i64) {
    store::entities::match_pending::Entity::delete_many()
        .filter(store::entities::match_pending::Column::ItemId.eq(user_id))
        .exec(&app.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_member_is_read_again_only_when_what_their_documents_hold_changes() {
    let app = TestApp::new().await;
    let t = app.default_tenant.clone();
    let ada = member(&app, &t, "ada@example.com", "Data Analyst", &[], "Kenya", 2).await;
    assert!(queued(&app, ada.id).await, "a new member is read");
    let profile =
        profiles::Entity::find().filter(profiles::Column::UserId.eq(ada.id)).one(&app.db).await.unwrap().unwrap();

    // A résumé, a picture or a social link is not in what the engine reads.
    unqueue(&app, ada.id).await;
    let mut unread: profiles::ActiveModel = profile.clone().into();
    unread.resume = Set(Some("/media/resumes/ada.pdf".into()));
    unread.picture = Set(Some("/media/pictures/ada.png".into()));
    unread.social_linkedin = Set(Some("https://www.linkedin.com/in/ada".into()));
    unread.update(&app.db).await.unwrap();
    assert!(!queued(&app, ada.id).await);

    // Her title, story and country are.
    for change in [
        |p: &mut profiles::ActiveModel| p.title = Set(Some("Machine Learning Engineer".into())),
        |p: &mut profiles::ActiveModel| p.career_story = Set(Some("From analysis to models".into())),
        |p: &mut profiles::ActiveModel| p.country = Set(Some("Uganda".into())),
    ] {
        unqueue(&app, ada.id).await;
        let mut read: profiles::ActiveModel = profile.clone().into();
        change(&mut read);
        read.update(&app.db).await.unwrap();
        assert!(queued(&app, ada.id).await);
    }

    // So is her name (the meta the engine keeps of her holds it); her last sign-in is not.
    unqueue(&app, ada.id).await;
    users::Entity::update(users::ActiveModel {
        id: Set(ada.id),
        last_login_at: Set(Some(Utc::now())),
        ..Default::default()
    })
    .exec(&app.db)
    .await
    .unwrap();
    assert!(!queued(&app, ada.id).await);
    users::Entity::update(users::ActiveModel {
        id: Set(ada.id),
        first_name: Set("Adaeze".into()),
        ..Default::default()
    })
    .exec(&app.db)
    .await
    .unwrap();
    assert!(queued(&app, ada.id).await);
}
