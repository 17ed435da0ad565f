//! Community analytics (issue 33): who may read them, the roll-up's counts after writes (on a
//! site of its own, with backdated rows, so every number is known), the CSV, the period's
//! validation, and the worker's job that keeps the counts.

use chrono::{Duration, NaiveDate, Utc};
use domain::analytics::Metric;
use sea_orm::{ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};
use store::{
    entities::{
        agent_reports, agents, ama_chats, ama_feedback, analytics_daily, contents, groups, job_applications, job_posts,
        jobs, memberships as membership_rows, users as user_rows,
    },
    queries::{
        analytics as analytics_q, assistant, job_applications as applications_q, memberships, tenants::TenantRecord,
    },
};

use crate::common::TestApp;

const SITE: &str = "analytics.example";

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// Noon of the day `days` ago.
fn days_ago(days: i64) -> chrono::DateTime<Utc> {
    (today() - Duration::days(days)).and_hms_opt(12, 0, 0).unwrap().and_utc()
}

async fn make_staff(app: &TestApp, email: &str) -> i64 {
    let user = app.add_user(email).await;
    let mut active: user_rows::ActiveModel = user.clone().into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
    user.id
}

async fn backdate_membership(app: &TestApp, group_id: i64, user_id: i64, at: chrono::DateTime<Utc>) {
    membership_rows::Entity::update_many()
        .col_expr(membership_rows::Column::CreatedAt, sea_orm::sea_query::Expr::value(at))
        .col_expr(membership_rows::Column::UpdatedAt, sea_orm::sea_query::Expr::value(at))
        .filter(membership_rows::Column::GroupId.eq(group_id))
        .filter(membership_rows::Column::UserId.eq(user_id))
        .exec(&app.db)
        .await
        .unwrap();
}

/// A copy of one of the demo site's rows of `content_type`, on `site`, made `days` ago.
async fn add_content(app: &TestApp, site: &TenantRecord, author: i64, content_type: &str, days: i64, n: usize) {
    let slug = format!("analytics-{content_type}-{days}-{n}");
    add_content_at(app, site, author, content_type, days_ago(days), &slug).await;
}

async fn add_content_at(
    app: &TestApp,
    site: &TenantRecord,
    author: i64,
    content_type: &str,
    at: chrono::DateTime<Utc>,
    slug: &str,
) {
    let model = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(app.default_tenant.tenant.id))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo has content");
    let mut active: contents::ActiveModel = model.into();
    active.id = NotSet;
    active.content_type = Set(content_type.to_string());
    active.is_newsletter = Set(false);
    active.tenant_id = Set(site.tenant.id);
    active.group_id = Set(site.organization.id);
    active.created_by = Set(author);
    active.slug = Set(slug.to_string());
    active.created_at = Set(at);
    active.updated_at = Set(at);
    active.insert(&app.db).await.unwrap();
}

/// A copy of a demo job post on `site`.
async fn add_job(app: &TestApp, site: &TenantRecord, title: &str) -> i64 {
    let model = job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(app.default_tenant.tenant.id))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo has jobs");
    let mut active: job_posts::ActiveModel = model.into();
    active.id = NotSet;
    active.tenant_id = Set(site.tenant.id);
    active.group_id = Set(site.organization.id);
    active.slug = Set(domain::slug::slugify(title));
    active.title = Set(title.to_string());
    active.created_by = Set(None);
    active.insert(&app.db).await.unwrap().id
}

async fn apply(app: &TestApp, job: i64, user: i64, days: i64, outcome: Option<(&str, i64)>) {
    let row = applications_q::insert(&app.db, job, user, json!({}), None).await.unwrap();
    let mut active: job_applications::ActiveModel = row.into();
    active.created_at = Set(days_ago(days));
    if let Some((status, reviewed)) = outcome {
        active.status = Set(status.to_string());
        active.reviewed_at = Set(Some(days_ago(reviewed)));
    }
    active.update(&app.db).await.unwrap();
}

/// A circle of `site` with `maximum_size` seats, made `days` ago.
async fn add_circle(app: &TestApp, site: &TenantRecord, name: &str, maximum_size: i64, days: i64) -> i64 {
    let model = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(app.default_tenant.tenant.id))
        .filter(groups::Column::GroupType.eq("circle"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the demo has circles");
    let mut active: groups::ActiveModel = model.into();
    active.id = NotSet;
    active.tenant_id = Set(site.tenant.id);
    active.parent_id = Set(Some(site.organization.id));
    active.name = Set(name.to_string());
    active.slug = Set(domain::slug::slugify(name));
    active.maximum_size = Set(Some(maximum_size));
    active.is_tenant_root = Set(false);
    active.created_by = Set(None);
    active.created_at = Set(days_ago(days));
    active.insert(&app.db).await.unwrap().id
}

async fn add_aira_report(app: &TestApp, site: &TenantRecord, owner: i64, percent: i64, level: &str, days: i64) {
    store::queries::agents::ensure_builtin(&app.db, site.tenant.id).await.unwrap();
    let agent = agents::Entity::find()
        .filter(agents::Column::TenantId.eq(site.tenant.id))
        .filter(agents::Column::Slug.eq("aira"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("AIRA is built in");
    agent_reports::ActiveModel {
        tenant_id: Set(site.tenant.id),
        slug: Set(format!("aira-{owner}-{days}-{percent}")),
        agent_id: Set(agent.id),
        run_id: Set(None),
        owner_id: Set(owner),
        created_by: Set(Some(owner)),
        body: Set(json!({"title": "AIRA Report", "aira": {"readiness_percent": percent, "level": level}})),
        is_public: Set(false),
        source: Set("offline".into()),
        created_at: Set(days_ago(days)),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
}

async fn ask(app: &TestApp, site: &TenantRecord, user: i64, days: i64, rating: Option<i16>) {
    let chat = assistant::create_chat(
        &app.db,
        assistant::NewChat {
            tenant_id: site.tenant.id,
            user_id: user,
            parent_chat: None,
            question: "Which circle teaches prompts?",
            answer: json!({"text": "This one."}),
            source: "offline",
        },
    )
    .await
    .unwrap();
    let mut active: ama_chats::ActiveModel = chat.clone().into();
    active.created_at = Set(days_ago(days));
    active.update(&app.db).await.unwrap();
    if let Some(rating) = rating {
        let row = assistant::rate(&app.db, chat.id, user, rating, "").await.unwrap();
        let mut active: ama_feedback::ActiveModel = row.into();
        active.created_at = Set(days_ago(days));
        active.update(&app.db).await.unwrap();
    }
}

/// The week of the report holding `day`.
fn week_of(report: &Value, day: NaiveDate) -> &Value {
    let start = domain::analytics::week_start(day).format("%Y-%m-%d").to_string();
    report["weeks"].as_array().unwrap().iter().find(|w| w["week_start"] == start.as_str()).expect("the week is there")
}

fn total(report: &Value, field: &str) -> i64 {
    report["weeks"].as_array().unwrap().iter().map(|w| w[field].as_i64().unwrap_or(0)).sum()
}

struct Fixture {
    app: TestApp,
    site: TenantRecord,
    admin_id: i64,
    admin: String,
    member: String,
    staff: String,
}

/// A site of its own with known history; its counts rolled up once (the first run).
async fn fixture() -> Fixture {
    let app = TestApp::new().await;
    store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    let site = app.add_tenant(SITE, "Analytics Org").await;
    let org = site.organization.id;
    let admin = app.add_member("site-admin@analytics.example", &site, "admin").await;
    backdate_membership(&app, org, admin.id, days_ago(60)).await;
    let member = app.add_member("site-member@analytics.example", &site, "member").await;
    backdate_membership(&app, org, member.id, days_ago(10)).await;
    // Two more join 10 days ago (one still pending) and one 3 days ago.
    let mut joiners = Vec::new();
    for (i, (days, status)) in
        [(10, memberships::STATUS_ACCEPTED), (10, memberships::STATUS_PENDING), (3, memberships::STATUS_ACCEPTED)]
            .into_iter()
            .enumerate()
    {
        let user = app.add_user(&format!("joiner{i}@analytics.example")).await;
        memberships::upsert(&app.db, org, user.id, "member", status).await.unwrap();
        backdate_membership(&app, org, user.id, days_ago(days)).await;
        joiners.push(user.id);
    }
    // Signed in 5 days ago: the admin and the member (accepted); the pending joiner too (not counted).
    for id in [admin.id, member.id, joiners[1]] {
        user_rows::Entity::update_many()
            .col_expr(user_rows::Column::LastLoginAt, sea_orm::sea_query::Expr::value(Some(days_ago(5))))
            .filter(user_rows::Column::Id.eq(id))
            .exec(&app.db)
            .await
            .unwrap();
    }
    for n in 0..3 {
        add_content(&app, &site, admin.id, "post", 10, n).await;
    }
    add_content(&app, &site, admin.id, "post", 3, 9).await;
    add_content(&app, &site, admin.id, "resource", 3, 0).await;
    let analyst = add_job(&app, &site, "Data Analyst").await;
    let engineer = add_job(&app, &site, "ML Engineer").await;
    apply(&app, analyst, member.id, 10, Some(("accepted", 3))).await;
    apply(&app, analyst, joiners[0], 10, Some(("rejected", 3))).await;
    apply(&app, analyst, joiners[2], 3, None).await;
    apply(&app, engineer, member.id, 3, None).await;
    add_aira_report(&app, &site, member.id, 30, "Beginner", 10).await;
    add_aira_report(&app, &site, joiners[0], 70, "Advanced", 10).await;
    let circle = add_circle(&app, &site, "Prompt Circle", 2, 20).await;
    for (user, days) in [(member.id, 10), (joiners[0], 3)] {
        memberships::upsert(&app.db, circle, user, "member", memberships::STATUS_ACCEPTED).await.unwrap();
        backdate_membership(&app, circle, user, days_ago(days)).await;
    }
    ask(&app, &site, member.id, 10, Some(5)).await;
    ask(&app, &site, member.id, 10, Some(2)).await;
    ask(&app, &site, member.id, 3, None).await;
    // The default site's own history must never leak into this site's numbers.
    analytics_q::rollup(&app.db, app.default_tenant.tenant.id, today()).await.unwrap();
    let (from, to) = analytics_q::rollup(&app.db, site.tenant.id, today()).await.unwrap();
    assert_eq!((to - from).num_days() + 1, domain::analytics::BACKFILL_DAYS, "the first run fills the past");
    let staff = make_staff(&app, "staff@analytics.example").await;
    Fixture {
        admin_id: admin.id,
        admin: app.token_for(admin.id),
        member: app.token_for(member.id),
        staff: app.token_for(staff),
        app,
        site,
    }
}

#[tokio::test]
async fn the_rollup_counts_what_happened_on_each_day() {
    let f = fixture().await;
    let from = (today() - Duration::days(27)).format("%Y-%m-%d");
    let res = f.app.get(&format!("/api/v1/analytics/?from={from}")).host(SITE).token(&f.admin).send().await;
    res.assert_status(200);
    let report = res.json()["data"].clone();
    assert_eq!(report["site"], f.site.tenant.id);
    assert!(report["rolled_up_at"].is_string());
    assert_eq!(
        report["weeks"].as_array().unwrap().len(),
        domain::analytics::Period { from: today() - Duration::days(27), to: today() }.weeks().len()
    );
    // Members: 4 joined in the period (the admin joined 60 days ago), 3 of them accepted.
    assert_eq!(total(&report, "members_joined"), 4);
    assert_eq!(total(&report, "members_accepted"), 3);
    let ten = week_of(&report, today() - Duration::days(10));
    let three = week_of(&report, today() - Duration::days(3));
    assert_eq!(ten["members_joined"], 3);
    assert_eq!(three["members_joined"].as_i64().unwrap(), 1 + if three == ten { 3 } else { 0 });
    // Active: the two accepted members who signed in 5 days ago, at the end of this week.
    let last = report["weeks"].as_array().unwrap().last().unwrap();
    assert_eq!(last["active_members"], 2);
    // Content.
    assert_eq!(total(&report, "posts"), 4);
    assert_eq!(total(&report, "resources"), 1);
    // Applications and outcomes, per job and in all.
    assert_eq!(total(&report, "applications"), 4);
    assert_eq!(total(&report, "applications_accepted"), 1);
    assert_eq!(total(&report, "applications_rejected"), 1);
    let jobs = report["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    assert_eq!(jobs[0]["title"], "Data Analyst");
    assert_eq!(
        (jobs[0]["applications"].as_i64(), jobs[0]["accepted"].as_i64(), jobs[0]["rejected"].as_i64()),
        (Some(3), Some(1), Some(1))
    );
    assert_eq!((jobs[1]["title"].as_str(), jobs[1]["applications"].as_i64()), (Some("ML Engineer"), Some(1)));
    // AIRA: two reports, mean 50, one beginner and one advanced.
    assert_eq!(ten["aira_reports"], 2);
    assert_eq!(ten["aira_average_score"], 50.0);
    assert_eq!((ten["aira_beginner"].as_i64(), ten["aira_advanced"].as_i64()), (Some(1), Some(1)));
    // Circles: one seat of two taken 10 days ago, both (full) 3 days ago.
    assert_eq!(last["circle_seats_total"], 2);
    assert_eq!(last["circle_seats_taken"], 2);
    assert_eq!(last["circles_full"], 1);
    let circles = report["circles"].as_array().unwrap();
    assert_eq!(circles.len(), 1);
    assert_eq!((circles[0]["name"].as_str(), circles[0]["members"].as_i64()), (Some("Prompt Circle"), Some(2)));
    // The assistant: three questions, two ratings (5 and 2).
    assert_eq!(total(&report, "assistant_questions"), 3);
    assert_eq!(ten["assistant_ratings"], 2);
    assert_eq!(ten["assistant_average_rating"], 3.5);
    let ratings: Vec<(i64, i64)> = report["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["rating"].as_i64().unwrap(), r["count"].as_i64().unwrap()))
        .collect();
    assert_eq!(ratings, vec![(1, 0), (2, 1), (3, 0), (4, 0), (5, 1)]);

    // A post today is counted by the next (incremental) run, and a run is idempotent.
    add_content(&f.app, &f.site, f.admin_id, "post", 0, 0).await;
    for _ in 0..2 {
        let (from, to) = analytics_q::rollup(&f.app.db, f.site.tenant.id, today()).await.unwrap();
        assert_eq!((from, to), (today() - Duration::days(1), today()));
    }
    let res = f.app.get(&format!("/api/v1/analytics/?from={from}")).host(SITE).token(&f.admin).send().await;
    assert_eq!(total(&res.json()["data"], "posts"), 5);
}

#[tokio::test]
async fn the_database_counts_each_day_by_its_utc_date() {
    let f = fixture().await;
    // The fixture made nothing two days ago or yesterday; two posts a moment apart fall either
    // side of the midnight between them, and a resource joins the later one.
    let midnight = (today() - Duration::days(1)).and_hms_opt(0, 0, 0).unwrap().and_utc();
    for (at, kind, slug) in [
        (midnight - Duration::milliseconds(1), "post", "before-midnight"),
        (midnight, "post", "at-midnight"),
        (midnight + Duration::hours(23), "resource", "late-yesterday"),
    ] {
        add_content_at(&f.app, &f.site, f.admin_id, kind, at, slug).await;
    }
    let (from, to) = (today() - Duration::days(2), today() - Duration::days(1));
    analytics_q::rollup_range(&f.app.db, f.site.tenant.id, from, to).await.unwrap();
    let rows = analytics_q::daily(&f.app.db, &[f.site.tenant.id], from, to).await.unwrap();
    let value = |metric: Metric, day: NaiveDate| {
        rows.iter().find(|r| r.metric == metric && r.day == day && r.key.is_empty()).map(|r| r.value)
    };
    assert_eq!(value(Metric::Posts, from), Some(1));
    assert_eq!(value(Metric::Posts, to), Some(1));
    assert_eq!(value(Metric::Resources, from), None);
    assert_eq!(value(Metric::Resources, to), Some(1));
}

#[tokio::test]
async fn a_report_is_kept_until_the_sites_are_rolled_up_again() {
    let f = fixture().await;
    let path = "/api/v1/analytics/?weeks=8";
    let read = || async { f.app.get(path).host(SITE).token(&f.admin).send().await.json()["data"].clone() };
    let first = read().await;
    assert_eq!(total(&first, "posts"), 4);
    // Counts changed behind the roll-up's back are not read: the report is kept.
    analytics_daily::Entity::update_many()
        .col_expr(analytics_daily::Column::Value, sea_orm::sea_query::Expr::value(100))
        .filter(analytics_daily::Column::TenantId.eq(f.site.tenant.id))
        .filter(analytics_daily::Column::Metric.eq("posts"))
        .exec(&f.app.db)
        .await
        .unwrap();
    assert_eq!(read().await, first);
    let csv = f.app.get("/api/v1/analytics/export/?weeks=8").host(SITE).token(&f.admin).send().await;
    assert!(!csv.text().contains(",100,"), "the CSV is made from the kept report");
    // The next roll-up (of yesterday and today) makes the report read again: the older days
    // now show the changed counts.
    analytics_q::rollup(&f.app.db, f.site.tenant.id, today()).await.unwrap();
    let after = read().await;
    assert_ne!(after["rolled_up_at"], first["rolled_up_at"]);
    assert!(total(&after, "posts") >= 100, "read again after the roll-up");
}

/// How many analytics reports were read afresh (not served as kept).
fn reports_read(app: &TestApp) -> u64 {
    let text = app.state.metrics.render();
    let series = r#"waypoint_page_cache_total{event="rebuild",list="analytics"} "#;
    text.lines().find_map(|line| line.strip_prefix(series)?.parse().ok()).unwrap_or(0)
}

#[tokio::test]
async fn requests_arriving_together_after_a_roll_up_read_the_report_once() {
    let f = fixture().await;
    let path = "/api/v1/analytics/?weeks=8";
    let read = || async { f.app.get(path).host(SITE).token(&f.admin).send().await.json()["data"].clone() };
    read().await;
    let before = reports_read(&f.app);
    analytics_q::rollup(&f.app.db, f.site.tenant.id, today()).await.unwrap();
    let (a, b, c, d, e, g) = tokio::join!(read(), read(), read(), read(), read(), read());
    assert!([&b, &c, &d, &e, &g].iter().all(|other| **other == a), "every request got the same report");
    assert_eq!(reports_read(&f.app), before + 1, "one request read it; the others waited and found it kept");
}

#[tokio::test]
async fn only_the_sites_administrators_and_staff_read_its_analytics() {
    let f = fixture().await;
    f.app.get("/api/v1/analytics/").host(SITE).send().await.error(401);
    f.app.get("/api/v1/analytics/export/").host(SITE).send().await.error(401);
    f.app.get("/api/v1/analytics/").host(SITE).token(&f.member).send().await.error(403);
    f.app.get("/api/v1/analytics/export/").host(SITE).token(&f.member).send().await.error(403);
    // The site's admin is no admin of the demo site, and may not pick another site.
    f.app.get("/api/v1/analytics/").token(&f.admin).send().await.error(403);
    let other = format!("/api/v1/analytics/?site={}", f.app.default_tenant.tenant.id);
    f.app.get(&other).host(SITE).token(&f.admin).send().await.error(403);
    f.app.get("/api/v1/analytics/?all_sites=true").host(SITE).token(&f.admin).send().await.error(403);
    f.app.get("/api/v1/analytics/").host(SITE).token(&f.admin).send().await.assert_status(200);

    // Staff: any site from any host, or every site summed.
    let mine = format!("/api/v1/analytics/?weeks=8&site={}", f.site.tenant.id);
    let res = f.app.get(&mine).token(&f.staff).send().await;
    res.assert_status(200);
    let site_only = res.json()["data"].clone();
    assert_eq!(site_only["site"], f.site.tenant.id);
    assert_eq!(total(&site_only, "posts"), 4);
    let res = f.app.get("/api/v1/analytics/?weeks=8&all_sites=true").token(&f.staff).send().await;
    res.assert_status(200);
    let all = res.json()["data"].clone();
    assert!(all["site"].is_null());
    assert!(total(&all, "members_joined") > total(&site_only, "members_joined"), "the demo site's joins are summed in");
    let res = f.app.get("/api/v1/analytics/?site=999999").token(&f.staff).send().await;
    assert!(res.error(400)["field_errors"]["site"].is_array());
}

#[tokio::test]
async fn bad_periods_get_a_message_on_their_field() {
    let f = fixture().await;
    let tomorrow = (today() + Duration::days(1)).format("%Y-%m-%d").to_string();
    let cases = [
        ("from=2026-02-30".to_string(), "from"),
        ("from=last-week".to_string(), "from"),
        ("to=20261101".to_string(), "to"),
        ("from=2026-06-01&to=2026-05-01".to_string(), "from"),
        ("from=2020-01-01&to=2026-01-01".to_string(), "from"),
        (format!("to={tomorrow}"), "to"),
        ("weeks=0".to_string(), "weeks"),
        ("weeks=200".to_string(), "weeks"),
        ("weeks=4&from=2026-01-01".to_string(), "weeks"),
    ];
    for (query, field) in cases {
        for path in ["/api/v1/analytics/", "/api/v1/analytics/export/"] {
            let res = f.app.get(&format!("{path}?{query}")).host(SITE).token(&f.admin).send().await;
            let body = res.error(400);
            assert!(body["field_errors"][field].is_array(), "{query}: {body}");
        }
    }
    // A value of the wrong type is a 400 too, never a 500.
    let res = f.app.get("/api/v1/analytics/?weeks=many").host(SITE).token(&f.admin).send().await;
    res.error(400);
}

#[tokio::test]
async fn the_csv_has_a_row_per_week() {
    let f = fixture().await;
    let from = (today() - Duration::days(27)).format("%Y-%m-%d").to_string();
    let to = today().format("%Y-%m-%d").to_string();
    let res =
        f.app.get(&format!("/api/v1/analytics/export/?from={from}&to={to}")).host(SITE).token(&f.admin).send().await;
    res.assert_status(200);
    assert!(res.header("content-type").unwrap().starts_with("text/csv"));
    assert_eq!(
        res.header("content-disposition").unwrap(),
        format!("attachment; filename=\"analytics-{from}-{to}.csv\"")
    );
    let text = res.text();
    let text = text.strip_prefix('\u{feff}').expect("a byte order mark for spreadsheets");
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[0], api::areas::analytics::CSV_HEADER.join(","));
    let weeks = domain::analytics::Period { from: today() - Duration::days(27), to: today() }.weeks();
    assert_eq!(lines.len(), weeks.len() + 1);
    let col = |name: &str| api::areas::analytics::CSV_HEADER.iter().position(|h| *h == name).unwrap();
    let sum = |name: &str| -> i64 {
        lines[1..].iter().map(|l| l.split(',').nth(col(name)).unwrap().parse::<i64>().unwrap_or(0)).sum()
    };
    assert_eq!(sum("posts"), 4);
    assert_eq!(sum("applications"), 4);
    assert_eq!(sum("members_joined"), 4);
    let first: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(first[0], weeks[0].format("%Y-%m-%d").to_string());
}

#[tokio::test]
async fn the_worker_rolls_up_every_site_and_queues_its_next_run() {
    let app = TestApp::new().await;
    let site = app.add_tenant(SITE, "Analytics Org").await;
    let admin = app.add_member("site-admin@analytics.example", &site, "admin").await;
    assert!(services::analytics::ensure_scheduled(&app.db).await.unwrap());
    assert!(!services::analytics::ensure_scheduled(&app.db).await.unwrap(), "one run is pending at a time");
    services::jobs::run_due(&app.state.job_context()).await.unwrap();
    let pending: Vec<jobs::Model> = jobs::Entity::find()
        .filter(jobs::Column::Kind.eq(services::analytics::JOB_KIND))
        .filter(jobs::Column::Status.eq("pending"))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(pending.len(), 1, "the next run is queued");
    assert!(pending[0].run_at > Utc::now() + Duration::seconds(60), "after the interval");
    let res = app.get("/api/v1/analytics/?weeks=1").host(SITE).token(&app.token_for(admin.id)).send().await;
    res.assert_status(200);
    let report = res.json()["data"].clone();
    assert!(report["rolled_up_at"].is_string());
    assert_eq!(total(&report, "members_joined"), 1, "the admin joined today");
}
