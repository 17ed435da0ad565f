//! Institutional memberships (spec 002 §1, §3 "User subscription", §4): an institution of the
//! site holds a plan for its members; its accepted members get its tier when it is above
//! their own, and identity says where their tier comes from.

use serde_json::{json, Value};
use store::{
    entities::{groups, institutional_subscriptions},
    queries::{groups as group_q, memberships, tenants::TenantRecord},
    sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set},
};

use crate::common::{StatementLog, TestApp};
use crate::payments::{setup_plans, subscribe, tier, Plans, CARD_OK};

const PATH: &str = "/api/v1/institutional-subscriptions/";

/// A group of `kind` of the site, with the given publicity (open or closed).
async fn group(app: &TestApp, tenant: &TenantRecord, kind: &str, name: &str, publicity: &str) -> groups::Model {
    let creator = app.add_user(&format!("creator-{}@example.com", domain::slug::slugify(name))).await;
    group_q::insert(
        &app.db,
        tenant.tenant.id,
        &domain::groups::form::GroupForm {
            name: name.into(),
            group_type: kind.into(),
            description: Some("<p>A place of learning</p>".into()),
            country: Some("NG".into()),
            publicity: Some(publicity.into()),
            ..Default::default()
        },
        0,
        creator.id,
    )
    .await
    .unwrap()
}

async fn institution(app: &TestApp, tenant: &TenantRecord, name: &str) -> groups::Model {
    group(app, tenant, "institution", name, "closed").await
}

async fn join(app: &TestApp, group: &groups::Model, user_id: i64, status: &str) {
    memberships::upsert(&app.db, group.id, user_id, "member", status).await.unwrap();
}

async fn give_plan(app: &TestApp, admin: &str, body: Value) -> Value {
    let answer = app.post_json(PATH, admin, &body).await;
    answer.assert_status(201);
    answer.json()["data"].clone()
}

fn tomorrow() -> String {
    (chrono::Utc::now().date_naive() + chrono::Days::new(1)).format("%Y-%m-%d").to_string()
}

fn yesterday() -> chrono::NaiveDate {
    chrono::Utc::now().date_naive() - chrono::Days::new(1)
}

struct Site {
    app: TestApp,
    plans: Plans,
    admin: String,
}

async fn site() -> Site {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let admin = app.token_for(app.add_member("admin2@example.com", &app.default_tenant, "admin").await.id);
    Site { app, plans, admin }
}

#[tokio::test]
async fn an_accepted_member_of_the_institution_gets_its_tier_and_flags() {
    let Site { app, plans, admin } = site().await;
    let lagos = institution(&app, &app.default_tenant, "University of Lagos").await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bob = app.add_member("bob@example.com", &app.default_tenant, "member").await;
    let cy = app.add_member("cy@example.com", &app.default_tenant, "member").await;
    join(&app, &lagos, ada.id, memberships::STATUS_ACCEPTED).await;
    join(&app, &lagos, bob.id, memberships::STATUS_PENDING).await;
    let (ada, bob, cy) = (app.token_for(ada.id), app.token_for(bob.id), app.token_for(cy.id));

    let end = tomorrow();
    let given =
        give_plan(&app, &admin, json!({"group": lagos.id, "price_id": plans.price("Pro", "year"), "end_date": end}))
            .await;
    assert_eq!(given["group"], lagos.id);
    assert_eq!(given["group_name"], "University of Lagos");
    assert_eq!(given["plan_name"], "Pro");
    assert_eq!(given["subscription_tier"], 2);
    assert_eq!(given["recurring"], "year");
    assert_eq!(given["unit_amount"], 19000);
    assert_eq!(given["status"], "active");
    assert_eq!(given["end_date"], end.as_str());
    assert_eq!(given["covers_members"], true);

    let covered = tier(&app, &ada).await;
    assert_eq!(covered["applied_membership_tier"], "Pro");
    assert_eq!(covered["subscription_tier"], 2);
    assert_eq!(covered["institutional_subscription"], true);
    assert_eq!(covered["is_institutional_membership"], true);
    assert_eq!(covered["individual_subscription"], false);
    assert_eq!(covered["institutional_subscription_tier"], 2);
    assert_eq!(covered["institution_name"], "University of Lagos");
    assert_eq!(covered["payment_status"], Value::Null, "nothing of their own to pay");
    assert_eq!(covered["stripe_subscription_id"], Value::Null);
    for flag in ["use_ama", "one_to_one_chat", "can_use_premium_agents", "can_view_premium_resources"] {
        assert_eq!(covered[flag], true, "{flag}");
    }
    assert_eq!(covered["can_create_membership_card"], false, "Pro has no card");
    assert_eq!(covered["circle_discount_percent"], 20);

    // A pending request to join the institution covers nothing; neither does no membership.
    for token in [&bob, &cy] {
        let flags = tier(&app, token).await;
        assert_eq!(flags["applied_membership_tier"], "Free");
        assert_eq!(flags["institutional_subscription"], false);
        assert_eq!(flags["is_institutional_membership"], false);
        assert_eq!(flags["institutional_subscription_tier"], Value::Null);
        assert_eq!(flags["use_ama"], false);
    }

    // The administrators end the plan: the member is back on the free tier at once.
    let id = given["id"].as_i64().unwrap();
    let ended = app.patch_json(&format!("{PATH}{id}/"), &admin, &json!({"status": "canceled"})).await;
    ended.assert_status(200);
    assert_eq!(ended.json()["data"]["covers_members"], false);
    assert_eq!(ended.json()["data"]["end_date"], end.as_str(), "the last day is kept");
    let after = tier(&app, &ada).await;
    assert_eq!(after["applied_membership_tier"], "Free");
    assert_eq!(after["institutional_subscription"], false);

    // Taken up again, then past its last day: it covers nobody.
    app.patch_json(&format!("{PATH}{id}/"), &admin, &json!({"status": "active"})).await.assert_status(200);
    assert_eq!(tier(&app, &ada).await["applied_membership_tier"], "Pro");
    let row = institutional_subscriptions::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    let mut row = row.into_active_model();
    row.ends_on = Set(Some(yesterday()));
    row.update(&app.db).await.unwrap();
    assert_eq!(tier(&app, &ada).await["applied_membership_tier"], "Free");
    let read = app.get(&format!("{PATH}{id}/")).token(&admin).send().await;
    assert_eq!(read.json()["data"]["covers_members"], false);
}

#[tokio::test]
async fn an_own_tier_as_high_or_higher_stays_in_force() {
    let Site { app, plans, admin } = site().await;
    let lagos = institution(&app, &app.default_tenant, "University of Lagos").await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let bea = app.add_member("bea@example.com", &app.default_tenant, "member").await;
    join(&app, &lagos, ada.id, memberships::STATUS_ACCEPTED).await;
    join(&app, &lagos, bea.id, memberships::STATUS_ACCEPTED).await;
    let (ada, bea) = (app.token_for(ada.id), app.token_for(bea.id));
    give_plan(&app, &admin, json!({"group": lagos.id, "price_id": plans.price("Pro", "year")})).await;

    // Ada pays for Max herself: her own plan stays in force, the institution's still shows.
    let (_, paid) = subscribe(&app, &ada, &plans.price("Max", "month"), CARD_OK).await;
    paid.assert_status(200);
    let own = tier(&app, &ada).await;
    assert_eq!(own["applied_membership_tier"], "Max");
    assert_eq!(own["subscription_tier"], 3);
    assert_eq!(own["individual_subscription"], true);
    assert_eq!(own["institutional_subscription"], true);
    assert_eq!(own["institutional_subscription_tier"], 2);
    assert_eq!(own["is_institutional_membership"], false);
    assert_eq!(own["can_create_membership_card"], true);
    assert_eq!(own["circle_discount_percent"], 30);
    assert_eq!(own["stripe_membership_recurring_duration"], "month");

    // Bea's own Basic is below the institution's Pro: Pro applies, her subscription is still hers.
    let (_, paid) = subscribe(&app, &bea, &plans.price("Basic", "year"), CARD_OK).await;
    paid.assert_status(200);
    let lower = tier(&app, &bea).await;
    assert_eq!(lower["applied_membership_tier"], "Pro");
    assert_eq!(lower["is_institutional_membership"], true);
    assert_eq!(lower["individual_subscription"], true);
    assert_eq!(lower["can_use_premium_agents"], true);
    assert_eq!(lower["circle_discount_percent"], 20);
    assert!(lower["stripe_subscription_id"].is_string(), "her own subscription is still reported");
}

#[tokio::test]
async fn other_sites_and_open_institutions_cover_nobody_here() {
    let Site { app, plans, admin } = site().await;
    let other = app.add_tenant("other.example.org", "Other").await;
    let other_plans = setup_plans(&app, &other, "boss@other.example.org").await;
    let other_admin = app.token_for(app.add_member("boss2@other.example.org", &other, "admin").await.id);
    let theirs = institution(&app, &other, "Other University").await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    memberships::upsert(&app.db, other.organization.id, ada.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    join(&app, &theirs, ada.id, memberships::STATUS_ACCEPTED).await;
    let ada_token = app.token_for(ada.id);
    let given = app
        .post(PATH)
        .host(&other.tenant.domain)
        .token(&other_admin)
        .json(&json!({"group": theirs.id, "price_id": other_plans.price("Max", "year")}))
        .send()
        .await;
    given.assert_status(201);

    // Covered on the other site, not on this one.
    let there = app.get("/api/v1/identity/").host(&other.tenant.domain).token(&ada_token).send().await;
    assert_eq!(there.json()["data"]["user_subscription"]["applied_membership_tier"], "Max");
    let here = tier(&app, &ada_token).await;
    assert_eq!(here["applied_membership_tier"], "Free");
    assert_eq!(here["institutional_subscription"], false);

    // This site's administrators cannot give a plan to the other site's institution, nor to
    // a group that is not an institution.
    let circle = group(&app, &app.default_tenant, "circle", "Reading Circle", "closed").await;
    for id in [theirs.id, circle.id, app.default_tenant.organization.id, 999_999] {
        let refused =
            app.post_json(PATH, &admin, &json!({"group": id, "price_id": plans.price("Pro", "year")})).await.error(400);
        assert_eq!(refused["field_errors"]["group"][0], format!("Invalid pk \"{id}\" - object does not exist."));
    }
    // Nor see or change the other site's plans.
    let other_id = given.json()["data"]["id"].as_i64().unwrap();
    app.get(&format!("{PATH}{other_id}/")).token(&admin).send().await.error(404);
    app.patch_json(&format!("{PATH}{other_id}/"), &admin, &json!({"status": "canceled"})).await.error(404);
    let list = app.get(PATH).token(&admin).send().await;
    assert_eq!(list.json()["pagination"]["count"], 0);

    // An open institution lets anyone in: it may not hold a plan, and one that opens later
    // stops covering its members.
    let open = group(&app, &app.default_tenant, "institution", "Open College", "open").await;
    let refused = app
        .post_json(PATH, &admin, &json!({"group": open.id, "price_id": plans.price("Pro", "year")}))
        .await
        .error(400);
    assert_eq!(
        refused["field_errors"]["group"][0],
        "Anyone may join this institution. Make its publicity closed before it holds a plan."
    );
    let lagos = institution(&app, &app.default_tenant, "University of Lagos").await;
    join(&app, &lagos, ada.id, memberships::STATUS_ACCEPTED).await;
    let held = give_plan(&app, &admin, json!({"group": lagos.id, "price_id": plans.price("Pro", "year")})).await;
    assert_eq!(tier(&app, &ada_token).await["applied_membership_tier"], "Pro");
    let mut opened = lagos.clone().into_active_model();
    opened.join_mode = Set("open".into());
    opened.update(&app.db).await.unwrap();
    assert_eq!(tier(&app, &ada_token).await["applied_membership_tier"], "Free");
    let read = app.get(&format!("{PATH}{}/", held["id"])).token(&admin).send().await;
    assert_eq!(read.json()["data"]["covers_members"], false);
}

#[tokio::test]
async fn only_the_sites_admins_set_plans_and_bad_input_changes_nothing() {
    let Site { app, plans, admin } = site().await;
    let lagos = institution(&app, &app.default_tenant, "University of Lagos").await;
    let member = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let body = json!({"group": lagos.id, "price_id": plans.price("Pro", "year")});
    app.post(PATH).json(&body).send().await.error(401);
    app.get(PATH).send().await.error(401);
    app.post_json(PATH, &member, &body).await.error(403);
    app.get(PATH).token(&member).send().await.error(403);
    // Another site's admin is no admin here.
    let other = app.add_tenant("other.example.org", "Other").await;
    let boss = app.token_for(app.add_member("boss@other.example.org", &other, "admin").await.id);
    app.post_json(PATH, &boss, &body).await.error(403);

    let other_plans = setup_plans(&app, &other, "boss2@other.example.org").await;
    let field = |answer: &Value, name: &str| answer["field_errors"][name][0].as_str().unwrap_or("").to_string();
    for (sent, name, message) in [
        (json!({}), "group", "This field is required."),
        (json!({"group": lagos.id}), "price_id", "This field is required."),
        (json!({"group": "x", "price_id": "p"}), "group", "A valid integer is required."),
        (json!({"group": lagos.id, "price_id": "price_nope"}), "price_id", "Select a valid price."),
        (json!({"group": lagos.id, "price_id": other_plans.price("Pro", "year")}), "price_id", "Select a valid price."),
        (
            json!({"group": lagos.id, "price_id": plans.price("Pro", "month")}),
            "price_id",
            "An institution's plan runs by the year: choose a yearly price.",
        ),
        (
            json!({"group": lagos.id, "price_id": plans.price("Free", "year")}),
            "price_id",
            "Choose a price of a paid plan.",
        ),
        (
            json!({"group": lagos.id, "price_id": plans.price("Pro", "year"), "status": "paused"}),
            "status",
            "\"paused\" is not a valid choice.",
        ),
        (
            json!({"group": lagos.id, "price_id": plans.price("Pro", "year"), "end_date": "2020-01-01"}),
            "end_date",
            "The end date cannot be in the past.",
        ),
        (
            json!({"group": lagos.id, "price_id": plans.price("Pro", "year"), "end_date": "31/12/2030"}),
            "end_date",
            "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
        ),
    ] {
        let answer = app.post_json(PATH, &admin, &sent).await.error(400);
        assert_eq!(field(&answer, name), message, "{sent}");
    }
    assert_eq!(app.get(PATH).token(&admin).send().await.json()["pagination"]["count"], 0, "nothing was stored");

    let given = give_plan(&app, &admin, body.clone()).await;
    let again = app.post_json(PATH, &admin, &body).await.error(400);
    assert_eq!(field(&again, "group"), "This institution already has a plan.");

    // Changes: the price must still fit, the institution stays, members may not.
    let path = format!("{PATH}{}/", given["id"]);
    for (sent, name, message) in [
        (
            json!({"price_id": plans.price("Max", "month")}),
            "price_id",
            "An institution's plan runs by the year: choose a yearly price.",
        ),
        (json!({"group": lagos.id}), "group", "The institution of a plan cannot be changed."),
        (json!({"end_date": "2020-01-01"}), "end_date", "The end date cannot be in the past."),
    ] {
        let answer = app.patch_json(&path, &admin, &sent).await.error(400);
        assert_eq!(field(&answer, name), message, "{sent}");
    }
    app.patch_json(&path, &member, &json!({"status": "canceled"})).await.error(403);
    app.patch_json(&format!("{PATH}999999/"), &admin, &json!({})).await.error(404);
    let unchanged = app.get(&path).token(&admin).send().await.json()["data"].clone();
    assert_eq!(unchanged, given);

    let moved =
        app.patch_json(&path, &admin, &json!({"price_id": plans.price("Max", "year"), "end_date": tomorrow()})).await;
    moved.assert_status(200);
    assert_eq!(moved.json()["data"]["plan_name"], "Max");
    assert_eq!(moved.json()["data"]["end_date"], tomorrow().as_str());
    assert_eq!(moved.json()["data"]["group"], lagos.id);

    // The list pages in the database, newest first.
    let oxford = institution(&app, &app.default_tenant, "Oxford").await;
    give_plan(&app, &admin, json!({"group": oxford.id, "price_id": plans.price("Basic", "year")})).await;
    let first = app.get(&format!("{PATH}?page_size=1")).token(&admin).send().await;
    first.assert_status(200);
    assert_eq!(first.json()["pagination"]["count"], 2);
    assert_eq!(first.json()["data"][0]["group_name"], "Oxford");
    let next = first.json()["pagination"]["next"].as_str().unwrap().to_string();
    assert!(next.ends_with("page=2"), "{next}");
    let second = app.get(&format!("{PATH}?page_size=1&page=2")).token(&admin).send().await;
    assert_eq!(second.json()["data"][0]["group_name"], "University of Lagos");
    assert_eq!(second.json()["pagination"]["next"], Value::Null);
}

/// Identity reads the same number of rows whether one institution of the member holds a plan
/// or five do, and the admin list reads the same for one plan or six.
#[tokio::test]
async fn the_tier_and_the_list_cost_the_same_for_one_institution_or_many() {
    let (app, log) = TestApp::with_statement_log().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let admin = app.token_for(app.add_member("admin2@example.com", &app.default_tenant, "admin").await.id);
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada_token = app.token_for(ada.id);
    // The first identity call makes the profile: out of the measured calls.
    tier(&app, &ada_token).await;
    let prices = ["Basic", "Pro", "Max", "Pro", "Basic", "Max"];
    let mut reads = Vec::new();
    for (n, plan) in prices.iter().enumerate() {
        let school = institution(&app, &app.default_tenant, &format!("School {n}")).await;
        join(&app, &school, ada.id, memberships::STATUS_ACCEPTED).await;
        give_plan(&app, &admin, json!({"group": school.id, "price_id": plans.price(plan, "year")})).await;
        if n == 0 || n == prices.len() - 1 {
            log.clear();
            let flags = tier(&app, &ada_token).await;
            let identity = StatementLog::reads(&log.taken());
            log.clear();
            app.get(PATH).token(&admin).send().await.assert_status(200);
            let list = StatementLog::reads(&log.taken());
            reads.push((flags["applied_membership_tier"].clone(), identity, list));
        }
    }
    assert_eq!(reads[0].0, "Basic");
    assert_eq!(reads[1].0, "Max", "the highest of the institutions' tiers applies");
    assert_eq!(reads[0].1, reads[1].1, "identity: {reads:?}");
    assert_eq!(reads[0].2, reads[1].2, "list: {reads:?}");
}
