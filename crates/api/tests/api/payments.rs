//! Payments and memberships (spec 002 §3, §4, §7): plans as tenant configuration, the local
//! checkout with its test cards, subscription changes, the tier flags on identity, and the
//! provider events that every change travels through (applied once, never backwards).

use domain::payments::{
    events::{Applied, ProviderEvent, SubscriptionSnapshot, SUBSCRIPTION_UPDATED},
    status::SubscriptionStatus,
};
use serde_json::{json, Value};
use store::queries::tenants::TenantRecord;

use crate::common::{TestApp, TestResponse};

pub(crate) const CARD_OK: &str = "4242 4242 4242 4242";
pub(crate) const CARD_DECLINED: &str = "4000 0000 0000 0002";
pub(crate) const CARD_PENDING: &str = "4000 0027 6000 3184";

pub(crate) fn plan_body(name: &str, tier: i64, monthly: i64, yearly: i64, trial_days: i64) -> Value {
    json!({
        "name": name,
        "description": format!("The {name} plan"),
        "subscription_tier": tier,
        "trial_days": trial_days,
        "included_features": ["Circles"],
        "use_ama": tier >= 1,
        "one_to_one_chat": tier >= 1,
        "can_use_premium_agents": tier >= 2,
        "can_create_membership_card": tier >= 3,
        "can_view_premium_resources": tier >= 2,
        "circle_discount_percent": tier * 10,
        "prices": [{"unit_amount": monthly, "recurring": "month"}, {"unit_amount": yearly, "recurring": "year"}]
    })
}

/// The provider price ids of a site's plans: `ids["Pro"]["year"]`.
pub(crate) struct Plans(pub(crate) Value);

impl Plans {
    pub(crate) fn price(&self, plan: &str, recurring: &str) -> String {
        let plans = self.0.as_array().unwrap();
        let plan = plans.iter().find(|p| p["name"] == plan).unwrap();
        let price = plan["prices"].as_array().unwrap().iter().find(|p| p["recurring"] == recurring).unwrap();
        price["id"].as_str().unwrap().to_string()
    }
}

/// A free tier and three paid ones (Basic with a 7-day trial), made by the site's admin.
pub(crate) async fn setup_plans(app: &TestApp, tenant: &TenantRecord, admin_email: &str) -> Plans {
    let admin = app.add_member(admin_email, tenant, "admin").await;
    let token = app.token_for(admin.id);
    for body in [
        plan_body("Basic", 1, 900, 9000, 7),
        plan_body("Free", 0, 0, 0, 0),
        plan_body("Max", 3, 2900, 29000, 0),
        plan_body("Pro", 2, 1900, 19000, 0),
    ] {
        app.post("/api/v1/subscription-plans/")
            .host(&tenant.tenant.domain)
            .token(&token)
            .json(&body)
            .send()
            .await
            .assert_status(201);
    }
    let list = app.get("/api/v1/subscription-plans/").host(&tenant.tenant.domain).send().await;
    list.assert_status(200);
    Plans(list.json()["data"].clone())
}

async fn checkout(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post_json("/api/v1/payment/create-subscription/", token, &body).await
}

pub(crate) fn session_of(url: &str) -> String {
    url.rsplit('/').next().unwrap().to_string()
}

pub(crate) async fn pay(app: &TestApp, token: &str, session: &str, card: &str) -> TestResponse {
    app.post_json(&format!("/api/v1/payment/checkout/{session}/pay/"), token, &json!({"card_number": card})).await
}

/// Checks out `price` and pays with `card`; the session id.
pub(crate) async fn subscribe(app: &TestApp, token: &str, price: &str, card: &str) -> (String, TestResponse) {
    let started = checkout(app, token, json!({"price_id": price})).await;
    started.assert_status(200);
    let session = session_of(started.json()["data"].as_str().unwrap());
    let paid = pay(app, token, &session, card).await;
    (session, paid)
}

pub(crate) async fn detail(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/subscription-detail/").token(token).send().await;
    answer.assert_status(200);
    answer.json()["data"].clone()
}

pub(crate) async fn tier(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/identity/").token(token).send().await;
    answer.assert_status(200);
    answer.json()["data"]["user_subscription"].clone()
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

#[tokio::test]
async fn plans_are_listed_by_tier_and_cached_for_thirty_minutes() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let names: Vec<&str> = plans.0.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Free", "Basic", "Pro", "Max"]);
    let answer = app.get("/api/v1/subscription-plans/").send().await;
    assert_eq!(answer.header("cache-control"), Some("public, max-age=1800"));
    let pro = &answer.json()["data"][2];
    assert_eq!(pro["price"], 19000, "the yearly price in cents");
    assert_eq!(pro["recurring"], "year");
    assert_eq!(pro["prices"].as_array().unwrap().len(), 2);
    assert_eq!(pro["can_use_premium_agents"], true);

    // Another site has its own plans (none here).
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = app.get("/api/v1/subscription-plans/").host(&other.tenant.domain).send().await;
    assert_eq!(theirs.json()["data"], json!([]));
}

#[tokio::test]
async fn only_the_sites_admins_edit_plans_and_amounts_are_whole_cents() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let admin = app.token_for(app.add_member("admin2@example.com", &app.default_tenant, "admin").await.id);
    let member = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let body = plan_body("Extra", 2, 100, 1000, 0);
    app.post("/api/v1/subscription-plans/").json(&body).send().await.assert_status(401);
    app.post_json("/api/v1/subscription-plans/", &member, &body).await.assert_status(403);

    let bad = |amount: Value| json!({"name": "Odd", "subscription_tier": 1, "prices": [{"unit_amount": amount, "recurring": "year"}]});
    let pro_id = plans.0[2]["id"].as_i64().unwrap();
    for (amount, message) in [
        (json!(-100), "Ensure this value is greater than or equal to 0."),
        (json!(19.99), "A valid integer is required."),
        (json!("1999"), "A valid integer is required."),
    ] {
        let answer = app.post_json("/api/v1/subscription-plans/", &admin, &bad(amount.clone())).await;
        assert_eq!(answer.error(400)["field_errors"]["prices.0.unit_amount"][0], message);
        let answer = app.patch_json(&format!("/api/v1/subscription-plans/{pro_id}/"), &admin, &bad(amount)).await;
        assert_eq!(answer.error(400)["field_errors"]["prices.0.unit_amount"][0], message);
    }
    let taken = app.post_json("/api/v1/subscription-plans/", &admin, &body).await;
    assert_eq!(taken.error(400)["field_errors"]["subscription_tier"][0], "A plan with this tier already exists.");
    let after = app.get("/api/v1/subscription-plans/").send().await.json()["data"].clone();
    assert_eq!(after, plans.0, "nothing changed");

    // Editing keeps the price ids.
    let mut edit = plan_body("Pro Plus", 2, 2100, 21000, 0);
    edit["description"] = json!("Renamed");
    let answer = app.patch_json(&format!("/api/v1/subscription-plans/{pro_id}/"), &admin, &edit).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["name"], "Pro Plus");
    assert_eq!(answer.json()["data"]["price"], 21000);
    assert_eq!(answer.json()["data"]["prices"][1]["id"].as_str().unwrap(), plans.price("Pro", "year"));

    // Another site's admin cannot edit this site's plan.
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = app.token_for(app.add_member("boss@other.example.org", &other, "admin").await.id);
    app.patch(&format!("/api/v1/subscription-plans/{pro_id}/"))
        .host(&other.tenant.domain)
        .token(&theirs)
        .json(&edit)
        .send()
        .await
        .assert_status(404);
}

#[tokio::test]
async fn a_member_buys_a_yearly_plan_with_the_test_card() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);

    let free = tier(&app, &ada).await;
    assert_eq!(free["applied_membership_tier"], "Free");
    assert_eq!(free["payment_status"], Value::Null);
    assert_eq!(free["use_ama"], false);

    let started = checkout(&app, &ada, json!({"price_id": plans.price("Pro", "year")})).await;
    started.assert_status(200);
    let url = started.json()["data"].as_str().unwrap().to_string();
    assert!(url.starts_with("http://localhost:8080/checkout/cs_local_"), "{url}");
    let session = session_of(&url);
    let page = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&ada).send().await;
    page.assert_status(200);
    assert_eq!(page.json()["data"]["amount"], 19000);
    assert_eq!(page.json()["data"]["plan_name"], "Pro");
    assert_eq!(page.json()["data"]["status"], "open");

    let paid = pay(&app, &ada, &session, CARD_OK).await;
    paid.assert_status(200);
    assert_eq!(paid.json()["data"]["status"], "paid");
    assert_eq!(paid.json()["data"]["redirect_url"], "http://localhost:8080/payment/success?type=subscription");

    let flags = tier(&app, &ada).await;
    assert_eq!(flags["applied_membership_tier"], "Pro");
    assert_eq!(flags["subscription_tier"], 2);
    assert_eq!(flags["payment_status"], "confirmed");
    assert_eq!(flags["use_ama"], true);
    assert_eq!(flags["can_use_premium_agents"], true);
    assert_eq!(flags["can_view_premium_resources"], true);
    assert_eq!(flags["can_create_membership_card"], false);
    assert_eq!(flags["circle_discount_percent"], 20);
    assert_eq!(flags["stripe_membership_recurring_duration"], "year");

    let sub = detail(&app, &ada).await;
    assert_eq!(sub["status"], "active");
    assert_eq!(sub["items"]["data"][0]["price"]["unit_amount"], 19000);
    assert_eq!(sub["items"]["data"][0]["price"]["recurring"]["interval"], "year");
    assert_eq!(sub["items"]["data"][0]["price"]["metadata"]["subscription_tier"], "2");
    let end = sub["current_period_end"].as_i64().unwrap();
    assert!((end - now() - 365 * 86_400).abs() < 2 * 86_400, "a year from now in Unix seconds: {end}");
    assert_eq!(sub["cancel_at"], Value::Null);

    // Paying the same session again, or checking out a second membership, is refused.
    let again = pay(&app, &ada, &session, CARD_OK).await;
    assert_eq!(again.error(400)["non_field_errors"][0], "This checkout is already complete.");
    let second = checkout(&app, &ada, json!({"price_id": plans.price("Max", "year")})).await;
    assert!(second.error(400)["non_field_errors"][0].as_str().unwrap().starts_with("You already have"));
}

#[tokio::test]
async fn a_declined_card_leaves_nothing_paid() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let (session, declined) = subscribe(&app, &ada, &plans.price("Pro", "month"), CARD_DECLINED).await;
    assert_eq!(declined.error(400)["field_errors"]["card_number"][0], "Your card was declined.");
    assert_eq!(detail(&app, &ada).await, Value::Null);
    assert_eq!(tier(&app, &ada).await["use_ama"], false);
    let mistyped = pay(&app, &ada, &session, "4242 4242 4242 4241").await;
    assert_eq!(mistyped.error(400)["field_errors"]["card_number"][0], "Your card number is incorrect.");
    let page = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&ada).send().await.json();
    assert_eq!(page["data"]["status"], "open");
    assert_eq!(page["data"]["failed_attempts"], 1);

    // The session stays open: a good card then pays it.
    pay(&app, &ada, &session, CARD_OK).await.assert_status(200);
    assert_eq!(detail(&app, &ada).await["status"], "active");
}

#[tokio::test]
async fn a_pending_payment_waits_for_confirmation() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let (session, pending) = subscribe(&app, &ada, &plans.price("Max", "year"), CARD_PENDING).await;
    pending.assert_status(200);
    assert_eq!(pending.json()["data"]["status"], "pending");

    let flags = tier(&app, &ada).await;
    assert_eq!(flags["payment_status"], "pending");
    assert_eq!(flags["applied_membership_tier"], "Free", "nothing unlocked while pending");
    assert_eq!(flags["use_ama"], false);
    let sub = detail(&app, &ada).await;
    assert_eq!(sub["status"], "incomplete");
    assert_eq!(sub["client_secret"], session.as_str());
    let change = app
        .post_json("/api/v1/payment/update-subscription/", &ada, &json!({"price_id": plans.price("Pro", "year")}))
        .await;
    assert_eq!(change.error(400)["non_field_errors"][0], "Your payment status is pending");

    let confirmed = app.post(&format!("/api/v1/payment/checkout/{session}/confirm/")).token(&ada).send().await;
    confirmed.assert_status(200);
    let flags = tier(&app, &ada).await;
    assert_eq!(flags["payment_status"], "confirmed");
    assert_eq!(flags["can_create_membership_card"], true);
    assert_eq!(detail(&app, &ada).await["client_secret"], Value::Null);
    let twice = app.post(&format!("/api/v1/payment/checkout/{session}/confirm/")).token(&ada).send().await;
    assert_eq!(twice.error(400)["non_field_errors"][0], "There is no pending payment to confirm.");
}

#[tokio::test]
async fn the_trial_is_for_a_first_subscription_and_discounts_must_fit_the_tier() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let student = store::queries::payments::add_discount(
        &app.db,
        app.default_tenant.tenant.id,
        "Student",
        "<p>Students</p>",
        25,
        &[2, 3],
    )
    .await
    .unwrap();
    let veteran =
        store::queries::payments::add_discount(&app.db, app.default_tenant.tenant.id, "Veteran", "", 90, &[2])
            .await
            .unwrap();
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);

    // Basic has a 7-day trial: nothing due now, trialing until its end.
    let (_, paid) = subscribe(&app, &ada, &plans.price("Basic", "month"), CARD_OK).await;
    paid.assert_status(200);
    let sub = detail(&app, &ada).await;
    assert_eq!(sub["status"], "trialing");
    let trial_end = sub["trial_end"].as_i64().unwrap();
    assert!((trial_end - now() - 7 * 86_400).abs() < 60);
    assert_eq!(sub["current_period_end"], trial_end);

    // A discount of another tier, or of another site, is refused; two are capped at 100 %.
    let bob = app.token_for(app.add_member("bob@example.com", &app.default_tenant, "member").await.id);
    let other = app.add_tenant("other.example.org", "Other").await;
    let foreign =
        store::queries::payments::add_discount(&app.db, other.tenant.id, "Theirs", "", 50, &[2]).await.unwrap();
    let wrong_tier =
        checkout(&app, &bob, json!({"price_id": plans.price("Basic", "year"), "discount_ids": [student.id]})).await;
    assert_eq!(wrong_tier.error(400)["field_errors"]["discount_ids"][0], "Select a valid discount.");
    let other_site =
        checkout(&app, &bob, json!({"price_id": plans.price("Pro", "year"), "discount_ids": [foreign.id]})).await;
    assert_eq!(other_site.error(400)["field_errors"]["discount_ids"][0], "Select a valid discount.");
    let started =
        checkout(&app, &bob, json!({"price_id": plans.price("Pro", "year"), "discount_ids": [student.id]})).await;
    let session = session_of(started.json()["data"].as_str().unwrap());
    let page = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&bob).send().await.json();
    assert_eq!(page["data"]["amount"], 14250, "19000 less 25 %");
    let both =
        checkout(&app, &bob, json!({"price_id": plans.price("Pro", "year"), "discount_ids": [student.id, veteran.id]}))
            .await;
    let session = session_of(both.json()["data"].as_str().unwrap());
    let page = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&bob).send().await.json();
    assert_eq!(page["data"]["amount"], 0, "25 % + 90 % is capped at 100 %");
    assert_eq!(page["data"]["discount_percent"], 100);
    pay(&app, &bob, &session, CARD_OK).await.assert_status(200);
    let sub = detail(&app, &bob).await;
    assert_eq!(sub["discount"]["coupon"]["percent_off"], 100);
    assert_eq!(sub["discount"]["coupon"]["name"], "Student, Veteran");
}

#[tokio::test]
async fn bad_prices_and_foreign_sessions_are_refused_and_change_nothing() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = setup_plans(&app, &other, "boss@other.example.org").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    for (body, field, message) in [
        (json!({"price_id": "price_nope"}), "price_id", "Select a valid price."),
        (json!({"price_id": theirs.price("Pro", "year")}), "price_id", "Select a valid price."),
        (json!({"price_id": plans.price("Free", "year")}), "price_id", "The free plan needs no payment."),
        (json!({}), "price_id", "This field is required."),
        (json!({"price_id": 12}), "price_id", "This field is required."),
        (
            json!({"price_id": plans.price("Pro", "year"), "success_url": "https://evil.example/x"}),
            "success_url",
            "The address must be on this site.",
        ),
        (
            json!({"price_id": plans.price("Pro", "year"), "discount_ids": [-1]}),
            "discount_ids",
            "A valid integer is required.",
        ),
    ] {
        let answer = checkout(&app, &ada, body).await;
        assert_eq!(answer.error(400)["field_errors"][field][0], message);
    }
    app.post("/api/v1/payment/create-subscription/")
        .json(&json!({"price_id": plans.price("Pro", "year")}))
        .send()
        .await
        .assert_status(401);
    assert_eq!(detail(&app, &ada).await, Value::Null);

    // Another member's session, or this session on another site, is missing.
    let started =
        checkout(&app, &ada, json!({"price_id": plans.price("Pro", "year"), "success_url": "/membership"})).await;
    let url = started.json()["data"].as_str().unwrap().to_string();
    let session = session_of(&url);
    let bob = app.token_for(app.add_member("bob@example.com", &app.default_tenant, "member").await.id);
    app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&bob).send().await.assert_status(404);
    pay(&app, &bob, &session, CARD_OK).await.assert_status(404);
    app.get(&format!("/api/v1/payment/checkout/{session}/"))
        .host(&other.tenant.domain)
        .token(&ada)
        .send()
        .await
        .assert_status(404);
    assert_eq!(detail(&app, &bob).await, Value::Null);
    let paid = pay(&app, &ada, &session, CARD_OK).await;
    assert_eq!(paid.json()["data"]["redirect_url"], "http://localhost:8080/membership");
}

#[tokio::test]
async fn two_payments_of_one_session_at_once_pay_once() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let started = checkout(&app, &ada, json!({"price_id": plans.price("Pro", "year")})).await;
    let session = session_of(started.json()["data"].as_str().unwrap());
    let (a, b) = tokio::join!(pay(&app, &ada, &session, CARD_OK), pay(&app, &ada, &session, CARD_OK));
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400]);
    let payments = store::queries::payments::payments_of_session(&app.db, &session).await.unwrap();
    assert_eq!(payments.iter().filter(|p| p.status == "succeeded").count(), 1);
}

#[tokio::test]
async fn members_change_renew_and_cancel_with_a_reason() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.token_for(app.add_member("ada@example.com", &app.default_tenant, "member").await.id);
    let update = |body: Value| {
        let token = ada.clone();
        let app = &app;
        async move { app.post_json("/api/v1/payment/update-subscription/", &token, &body).await }
    };
    let cancel = |body: Value| {
        let token = ada.clone();
        let app = &app;
        async move { app.post_json("/api/v1/payment/cancel-subscription/", &token, &body).await }
    };
    let none = cancel(json!({"cancellation_reason": "Too expensive"})).await;
    assert_eq!(none.error(400)["non_field_errors"][0], "You have no membership to change.");
    subscribe(&app, &ada, &plans.price("Pro", "year"), CARD_OK).await.1.assert_status(200);

    // Upgrade, then a downgrade needs a reason.
    let up = update(json!({"price_id": plans.price("Max", "year")})).await;
    up.assert_status(200);
    assert_eq!(up.json()["data"]["items"]["data"][0]["price"]["metadata"]["subscription_tier"], "3");
    assert_eq!(tier(&app, &ada).await["can_create_membership_card"], true);
    let same = update(json!({"price_id": plans.price("Max", "year")})).await;
    assert_eq!(same.error(400)["field_errors"]["price_id"][0], "This is your current plan.");
    let down = update(json!({"price_id": plans.price("Basic", "year")})).await;
    assert_eq!(down.error(400)["field_errors"]["cancellation_reason"][0], "Specify the reason");
    let to_free = update(json!({"price_id": plans.price("Free", "year"), "cancellation_reason": "x"})).await;
    assert_eq!(to_free.error(400)["field_errors"]["price_id"][0], "Cancel your membership to move to the free plan.");
    update(json!({"price_id": plans.price("Pro", "year"), "cancellation_reason": "Fewer features needed"}))
        .await
        .assert_status(200);
    assert_eq!(tier(&app, &ada).await["applied_membership_tier"], "Pro");

    // Switch to monthly: a new, monthly period.
    let switched = update(json!({"price_id": plans.price("Pro", "month")})).await;
    let end = switched.json()["data"]["current_period_end"].as_i64().unwrap();
    assert!(end - now() < 32 * 86_400, "a month from now");

    // Cancel: a reason is required; the membership runs to the end of the period.
    let no_reason = cancel(json!({"cancellation_reason": ""})).await;
    assert_eq!(no_reason.error(400)["field_errors"]["cancellation_reason"][0], "Specify the reason");
    let cancelled = cancel(json!({"cancellation_reason": "Moving on", "cancel_at_period_end": true})).await;
    cancelled.assert_status(200);
    let sub = cancelled.json()["data"].clone();
    assert_eq!(sub["status"], "active");
    assert_eq!(sub["cancel_at"], sub["current_period_end"]);
    assert!(sub["canceled_at"].as_i64().unwrap() >= now() - 5);
    assert_eq!(sub["cancellation_reason"], "Moving on");
    assert_eq!(tier(&app, &ada).await["use_ama"], true, "still a member until the end");
    let twice = cancel(json!({"cancellation_reason": "Again"})).await;
    assert_eq!(twice.error(400)["non_field_errors"][0], "Your membership is already cancelled.");

    // Renew takes the cancellation back.
    let renewed = update(json!({"is_renew": true})).await;
    assert_eq!(renewed.json()["data"]["cancel_at"], Value::Null);
    assert_eq!(renewed.json()["data"]["canceled_at"], Value::Null);
    let not_cancelled = update(json!({"is_renew": true})).await;
    assert_eq!(not_cancelled.error(400)["non_field_errors"][0], "Your membership is not cancelled.");

    // Cancelling now ends it: back to the free tier, and a new checkout (without trial) may start.
    let ended = cancel(json!({"cancellation_reason": "Done", "cancel_at_period_end": false})).await;
    assert_eq!(ended.json()["data"]["status"], "canceled");
    let flags = tier(&app, &ada).await;
    assert_eq!(flags["applied_membership_tier"], "Free");
    assert_eq!(flags["use_ama"], false);
    let again = checkout(&app, &ada, json!({"price_id": plans.price("Basic", "year")})).await;
    let session = session_of(again.json()["data"].as_str().unwrap());
    let page = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&ada).send().await.json();
    assert_eq!(page["data"]["amount"], 9000, "no second trial");
}

fn snapshot(tenant_id: i64, user_id: i64, price: &str, status: SubscriptionStatus) -> SubscriptionSnapshot {
    SubscriptionSnapshot {
        provider_subscription_id: "sub_test_1".into(),
        tenant_id,
        user_id,
        provider_price_id: price.into(),
        status,
        trial_end: None,
        current_period_end: now() + 30 * 86_400,
        cancel_at: None,
        canceled_at: None,
        cancellation_reason: None,
        discount_name: None,
        discount_percent: 0,
        client_secret: None,
    }
}

fn event(id: &str, created: i64, subscription: SubscriptionSnapshot) -> ProviderEvent {
    ProviderEvent { id: id.into(), created, event_type: SUBSCRIPTION_UPDATED.into(), subscription }
}

#[tokio::test]
async fn every_membership_state_is_reached_through_provider_events() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let user = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada = app.token_for(user.id);
    let tenant_id = app.default_tenant.tenant.id;
    let price = plans.price("Pro", "year");
    let t = now();
    let apply = |e: ProviderEvent| {
        let db = app.db.clone();
        async move { services::payments::apply(&db, &e).await.unwrap() }
    };

    let mut s = snapshot(tenant_id, user.id, &price, SubscriptionStatus::Incomplete);
    s.client_secret = Some("secret_1".into());
    assert_eq!(apply(event("evt_1", t, s.clone())).await, Applied::Changed);
    assert_eq!(tier(&app, &ada).await["payment_status"], "pending");
    assert_eq!(detail(&app, &ada).await["client_secret"], "secret_1");

    s.status = SubscriptionStatus::Trialing;
    s.trial_end = Some(t + 14 * 86_400);
    s.client_secret = None;
    apply(event("evt_2", t + 1, s.clone())).await;
    let sub = detail(&app, &ada).await;
    assert_eq!((sub["status"].as_str(), sub["trial_end"].as_i64()), (Some("trialing"), Some(t + 14 * 86_400)));
    assert_eq!(tier(&app, &ada).await["use_ama"], true);

    s.status = SubscriptionStatus::Active;
    apply(event("evt_3", t + 2, s.clone())).await;
    assert_eq!(detail(&app, &ada).await["status"], "active");

    s.status = SubscriptionStatus::PastDue;
    apply(event("evt_4", t + 3, s.clone())).await;
    assert_eq!(detail(&app, &ada).await["status"], "past_due");
    assert_eq!(tier(&app, &ada).await["applied_membership_tier"], "Pro", "past due keeps the plan");

    s.status = SubscriptionStatus::Active;
    s.canceled_at = Some(t + 4);
    s.cancel_at = Some(s.current_period_end);
    apply(event("evt_5", t + 4, s.clone())).await;
    let sub = detail(&app, &ada).await;
    assert_eq!(sub["canceled_at"], t + 4);
    assert_eq!(sub["cancel_at"], s.current_period_end);
    assert_eq!(sub["cancel_at_period_end"], true);

    s.status = SubscriptionStatus::Canceled;
    apply(event("evt_6", t + 5, s.clone())).await;
    assert_eq!(detail(&app, &ada).await["status"], "canceled");
    assert_eq!(tier(&app, &ada).await["applied_membership_tier"], "Free");
}

#[tokio::test]
async fn replayed_and_reordered_events_never_move_a_subscription_backwards() {
    let app = TestApp::new().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let user = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada = app.token_for(user.id);
    let tenant_id = app.default_tenant.tenant.id;
    let t = now();
    let active = snapshot(tenant_id, user.id, &plans.price("Pro", "year"), SubscriptionStatus::Active);
    let mut past_due = active.clone();
    past_due.status = SubscriptionStatus::PastDue;

    // The later event arrives first; the earlier one is recorded but changes nothing.
    assert_eq!(
        services::payments::apply(&app.db, &event("evt_b", t + 10, past_due.clone())).await.unwrap(),
        Applied::Changed
    );
    assert_eq!(services::payments::apply(&app.db, &event("evt_a", t, active.clone())).await.unwrap(), Applied::Stale);
    assert_eq!(detail(&app, &ada).await["status"], "past_due");

    // A replay of an applied event changes nothing, even if its content differs.
    let before = detail(&app, &ada).await;
    let mut tampered = past_due.clone();
    tampered.status = SubscriptionStatus::Canceled;
    assert_eq!(services::payments::apply(&app.db, &event("evt_b", t + 20, tampered)).await.unwrap(), Applied::Replayed);
    assert_eq!(detail(&app, &ada).await, before);

    // In one second, the state only goes forward.
    let mut incomplete = active.clone();
    incomplete.status = SubscriptionStatus::Incomplete;
    let mut recovered = active.clone();
    recovered.current_period_end += 1;
    assert_eq!(services::payments::apply(&app.db, &event("evt_c", t + 30, recovered)).await.unwrap(), Applied::Changed);
    assert_eq!(services::payments::apply(&app.db, &event("evt_d", t + 30, incomplete)).await.unwrap(), Applied::Stale);
    assert_eq!(detail(&app, &ada).await["status"], "active");

    // An event naming a price this site does not have is refused and not recorded.
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = setup_plans(&app, &other, "boss@other.example.org").await;
    let foreign = snapshot(tenant_id, user.id, &theirs.price("Pro", "year"), SubscriptionStatus::Canceled);
    assert!(matches!(
        services::payments::apply(&app.db, &event("evt_e", t + 40, foreign)).await,
        Err(services::payments::PaymentError::NotFound)
    ));
    assert_eq!(detail(&app, &ada).await["status"], "active");
}

#[tokio::test]
async fn the_demo_seed_has_a_free_tier_three_paid_ones_a_trial_and_a_discount() {
    let app = TestApp::new().await;
    for _ in 0..2 {
        store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    }
    let answer = app.get("/api/v1/subscription-plans/").host(store::seed::DEMO_DOMAIN).send().await;
    let plans = answer.json()["data"].clone();
    let tiers: Vec<i64> = plans.as_array().unwrap().iter().map(|p| p["subscription_tier"].as_i64().unwrap()).collect();
    assert_eq!(tiers, [0, 1, 2, 3], "seeded once");
    for plan in plans.as_array().unwrap() {
        let periods: Vec<&str> =
            plan["prices"].as_array().unwrap().iter().map(|p| p["recurring"].as_str().unwrap()).collect();
        assert_eq!(periods, ["month", "year"]);
    }
    assert!(plans.as_array().unwrap().iter().any(|p| p["trial_days"].as_i64().unwrap() > 0));
    assert_eq!(plans[2]["discounts"][0]["name"], "Student");
}

/// The plans are kept per everyone's person generation: a second read reads only the
/// generation, and a changed plan or a new discount shows at once.
#[tokio::test]
async fn the_kept_plans_show_a_changed_plan_and_a_new_discount_at_once() {
    let (app, log) = TestApp::with_statement_log().await;
    crate::generations::listening(&app).await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let first = app.get("/api/v1/subscription-plans/").send().await.json();
    assert_eq!(first["data"], plans.0);
    // Read from memory, then from the database (as after any write of this instance): the
    // plans stay kept either way.
    for _ in 0..2 {
        log.clear();
        assert_eq!(app.get("/api/v1/subscription-plans/").send().await.json(), first);
        let statements = log.taken();
        assert!(crate::common::StatementLog::reads(&statements) <= 1, "kept plans read {statements:#?}");
        assert!(!statements.iter().any(|sql| sql.contains("\"subscription_plans\"")), "{statements:#?}");
        app.state.generations.forget();
    }

    store::queries::payments::add_discount(&app.db, app.default_tenant.tenant.id, "Student", "", 20, &[2])
        .await
        .unwrap();
    let with_discount = app.get("/api/v1/subscription-plans/").send().await.json();
    let pro = with_discount["data"].as_array().unwrap().iter().find(|p| p["name"] == "Pro").unwrap().clone();
    assert_eq!(pro["discounts"][0]["name"], "Student");

    let admin = store::queries::users::find_by_email(&app.db, "admin@example.com").await.unwrap().unwrap();
    let pro_id = pro["id"].as_i64().unwrap();
    app.patch_json(
        &format!("/api/v1/subscription-plans/{pro_id}/"),
        &app.token_for(admin.id),
        &plan_body("Pro Plus", 2, 1900, 19000, 0),
    )
    .await
    .assert_status(200);
    let renamed = app.get("/api/v1/subscription-plans/").send().await.json();
    assert!(renamed["data"].as_array().unwrap().iter().any(|p| p["name"] == "Pro Plus"), "{renamed}");
}
