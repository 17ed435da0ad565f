//! Payments through Stripe (issue 15): the site's calls reach a fake Stripe server (axum, on
//! 127.0.0.1:0) that records every request and answers as Stripe does; subscriptions change
//! only through signed webhooks, applied once and never backwards.

use std::sync::{Arc, Mutex};

use api::Settings;
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, Method, StatusCode, Uri},
    response::IntoResponse,
    Json,
};
use serde_json::{json, Value};
use services::payments::stripe::{signature, StripeConfig};
use store::entities::users;

use crate::{
    common::{serve_fake, TestApp, TestResponse},
    payments::{detail, plan_body, setup_plans, tier, Plans},
};

const WEBHOOK_SECRET: &str = "whsec_test_waypoint";
const SECRET_KEY: &str = "sk_test_waypoint_fake";

/// One request the fake Stripe received.
#[derive(Debug, Clone)]
struct Call {
    method: String,
    path: String,
    authorization: Option<String>,
    form: Vec<(String, String)>,
}

impl Call {
    fn get(&self, key: &str) -> Option<&str> {
        self.form.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Default)]
struct Fake {
    calls: Arc<Mutex<Vec<Call>>>,
    /// The status the fake reports for any subscription read.
    status: Arc<Mutex<String>>,
}

impl Fake {
    fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }

    fn set_status(&self, status: &str) {
        *self.status.lock().unwrap() = status.to_string();
    }
}

async fn answer(
    State(fake): State<Fake>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    let raw = if method == Method::POST { body.to_vec() } else { uri.query().unwrap_or_default().as_bytes().to_vec() };
    let form: Vec<(String, String)> = url::form_urlencoded::parse(&raw).into_owned().collect();
    let path = uri.path().to_string();
    fake.calls.lock().unwrap().push(Call {
        method: method.to_string(),
        path: path.clone(),
        authorization: headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_string),
        form,
    });
    let status = fake.status.lock().unwrap().clone();
    let subscription = path.strip_prefix("/v1/subscriptions/").map(str::to_string);
    match (method.as_str(), path.as_str(), subscription) {
        ("POST", "/v1/coupons", _) => (StatusCode::OK, Json(json!({"id": "coupon_test_1", "object": "coupon"}))),
        ("POST", "/v1/checkout/sessions", _) => (
            StatusCode::OK,
            Json(
                json!({"id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.test/c/pay/cs_test_1"}),
            ),
        ),
        ("POST", "/v1/billing_portal/sessions", _) => (
            StatusCode::OK,
            Json(
                json!({"id": "bps_1", "object": "billing_portal.session", "url": "https://billing.stripe.test/p/session/bps_1"}),
            ),
        ),
        ("GET", _, Some(id)) => (
            StatusCode::OK,
            Json(json!({
                "id": id, "object": "subscription", "customer": "cus_test_1", "status": status,
                "items": {"data": [{"id": "si_test_1", "price": {"id": "price_whatever"}}]},
                "latest_invoice": {"id": "in_test_1", "hosted_invoice_url": "https://invoice.stripe.test/i/in_test_1"}
            })),
        ),
        ("POST" | "DELETE", _, Some(id)) => (StatusCode::OK, Json(json!({"id": id, "object": "subscription"}))),
        _ => (
            StatusCode::NOT_FOUND,
            Json(json!({"error": {"type": "invalid_request_error", "message": "Unrecognized request URL"}})),
        ),
    }
}

/// The fake Stripe server and an app configured to use it.
async fn stripe_app() -> (TestApp, Fake) {
    let fake = Fake::default();
    fake.set_status("active");
    let router = axum::Router::new().fallback(answer).with_state(fake.clone());
    let base = serve_fake(router).await;
    let settings = Settings {
        stripe: Some(StripeConfig {
            secret_key: SECRET_KEY.into(),
            webhook_secret: WEBHOOK_SECRET.into(),
            api_base: base,
        }),
        ..Settings::for_tests()
    };
    (TestApp::with_settings(settings).await, fake)
}

/// The fake Stripe and its app, with the default site's plans and Ada, a member, signed in.
struct Shop {
    app: TestApp,
    fake: Fake,
    plans: Plans,
    ada: users::Model,
    token: String,
}

async fn shop() -> Shop {
    let (app, fake) = stripe_app().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    Shop { app, fake, plans, ada, token }
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

struct Sub<'a> {
    id: &'a str,
    price: &'a str,
    status: &'a str,
    tenant_id: i64,
    user_id: i64,
}

/// A `customer.subscription.*` event as Stripe sends it (API version 2025: the period on the item).
fn event(id: &str, created: i64, event_type: &str, sub: &Sub<'_>, extra: Value) -> Value {
    let mut object = json!({
        "id": sub.id, "object": "subscription", "customer": "cus_test_1", "status": sub.status,
        "items": {"object": "list", "data": [{"id": "si_test_1", "price": {"id": sub.price, "object": "price"}, "current_period_end": created + 365 * 86_400}]},
        "trial_end": null, "cancel_at": null, "canceled_at": null, "cancel_at_period_end": false,
        "metadata": {"tenant_id": sub.tenant_id.to_string(), "user_id": sub.user_id.to_string()}
    });
    for (key, value) in extra.as_object().cloned().unwrap_or_default() {
        object[key] = value;
    }
    json!({"id": id, "object": "event", "api_version": "2025-03-31.basil", "created": created, "type": event_type, "data": {"object": object}})
}

async fn deliver_signed(app: &TestApp, host: &str, body: &[u8], header: &str) -> TestResponse {
    app.post("/api/v1/payment/webhook/")
        .host(host)
        .header("Stripe-Signature", header)
        .raw("application/json", body.to_vec())
        .send()
        .await
}

/// Delivers an event signed with the webhook secret, now.
async fn deliver(app: &TestApp, host: &str, event: &Value) -> TestResponse {
    let body = serde_json::to_vec(event).unwrap();
    deliver_signed(app, host, &body, &signature::sign(WEBHOOK_SECRET, now(), &body)).await
}

const HOST: &str = "localhost:8080";

#[tokio::test]
async fn checkout_asks_stripe_for_a_subscription_session_with_the_right_fields() {
    let Shop { app, fake, plans, ada, token } = shop().await;
    let tenant = &app.default_tenant;
    let discounts = app.get("/api/v1/subscription-plans/").send().await.json()["data"][1]["discounts"].clone();
    assert_eq!(discounts, json!([]), "no discounts yet");
    store::queries::payments::add_discount(&app.db, tenant.tenant.id, "Student", "<p>Students</p>", 20, &[1, 2])
        .await
        .unwrap();
    let student = store::queries::payments::discounts(&app.db, tenant.tenant.id).await.unwrap()[0].id;

    let basic = plans.price("Basic", "year");
    let started = app
        .post_json(
            "/api/v1/payment/create-subscription/",
            &token,
            &json!({"price_id": basic, "discount_ids": [student]}),
        )
        .await;
    started.assert_status(200);
    assert_eq!(started.json()["data"], "https://checkout.stripe.test/c/pay/cs_test_1");

    let calls = fake.calls();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert!(calls.iter().all(|c| c.authorization.as_deref() == Some(&format!("Bearer {SECRET_KEY}") as &str)));
    let coupon = &calls[0];
    assert_eq!((coupon.method.as_str(), coupon.path.as_str()), ("POST", "/v1/coupons"));
    assert_eq!(coupon.get("percent_off"), Some("20"));
    assert_eq!(coupon.get("duration"), Some("forever"));
    assert_eq!(coupon.get("name"), Some("Student"));
    let session = &calls[1];
    assert_eq!((session.method.as_str(), session.path.as_str()), ("POST", "/v1/checkout/sessions"));
    let expect = [
        ("mode", "subscription".to_string()),
        ("line_items[0][price]", basic.clone()),
        ("line_items[0][quantity]", "1".into()),
        ("customer_email", "ada@example.com".into()),
        ("client_reference_id", ada.id.to_string()),
        ("success_url", "http://localhost:8080/payment/success?type=subscription".into()),
        ("cancel_url", "http://localhost:8080/payment/cancel".into()),
        ("subscription_data[trial_period_days]", "7".into()),
        ("subscription_data[metadata][tenant_id]", tenant.tenant.id.to_string()),
        ("subscription_data[metadata][user_id]", ada.id.to_string()),
        ("subscription_data[metadata][discount_name]", "Student".into()),
        ("subscription_data[metadata][discount_percent]", "20".into()),
        ("metadata[tenant_id]", tenant.tenant.id.to_string()),
        ("discounts[0][coupon]", "coupon_test_1".into()),
    ];
    for (key, value) in expect {
        assert_eq!(session.get(key), Some(value.as_str()), "{key}");
    }

    // Nothing is bought until Stripe says so: no subscription, no local session page.
    assert_eq!(detail(&app, &token).await, Value::Null);
    app.get("/api/v1/payment/checkout/cs_test_1/").token(&token).send().await.assert_status(404);

    // Without a discount no coupon is made; a plan of another site is refused before Stripe is asked.
    fake.take();
    let pro = plans.price("Pro", "month");
    app.post_json("/api/v1/payment/create-subscription/", &token, &json!({"price_id": pro})).await.assert_status(200);
    let calls = fake.take();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].get("discounts[0][coupon]"), None);
    assert_eq!(calls[0].get("subscription_data[metadata][discount_name]"), None);
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = setup_plans(&app, &other, "admin@other.example.org").await;
    let refused = app
        .post_json("/api/v1/payment/create-subscription/", &token, &json!({"price_id": theirs.price("Pro", "year")}))
        .await;
    assert_eq!(refused.error(400)["field_errors"]["price_id"][0], "Select a valid price.");
    assert!(fake.calls().is_empty(), "Stripe was not asked");
}

#[tokio::test]
async fn a_signed_subscription_event_applies_once() {
    let Shop { app, plans, ada, token, .. } = shop().await;
    let tenant = &app.default_tenant;
    let pro = plans.price("Pro", "year");
    let sub = Sub { id: "sub_test_1", price: &pro, status: "active", tenant_id: tenant.tenant.id, user_id: ada.id };
    let created = event("evt_1", now(), "customer.subscription.created", &sub, json!({}));
    let applied = deliver(&app, HOST, &created).await;
    applied.assert_status(200);
    assert_eq!(applied.json(), json!({"received": true, "result": "applied"}));
    let shown = detail(&app, &token).await;
    assert_eq!(shown["id"], "sub_test_1");
    assert_eq!(shown["status"], "active");
    assert_eq!(shown["provider"], "stripe");
    assert_eq!(shown["items"]["data"][0]["price"]["id"], pro);
    let flags = tier(&app, &token).await;
    assert_eq!(flags["can_use_premium_agents"], true);
    assert_eq!(flags["payment_status"], "confirmed");

    // The same event id again, even with another body, changes nothing.
    let replay = event("evt_1", now(), "customer.subscription.updated", &Sub { status: "canceled", ..sub }, json!({}));
    let answer = deliver(&app, HOST, &replay).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["result"], "replayed");
    assert_eq!(detail(&app, &token).await, shown);

    // Other types (and checkout.session.completed of a subscription) are acknowledged and ignored.
    let invoice = json!({"id": "evt_2", "object": "event", "created": now(), "type": "invoice.paid", "data": {"object": {"id": "in_1"}}});
    let answer = deliver(&app, HOST, &invoice).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["result"], "ignored");
    assert_eq!(detail(&app, &token).await, shown);
}

#[tokio::test]
async fn events_out_of_order_never_move_a_subscription_backwards() {
    let Shop { app, plans, ada, token, .. } = shop().await;
    let tenant = &app.default_tenant;
    let max = plans.price("Max", "month");
    let sub = |status| Sub { id: "sub_test_2", price: &max, status, tenant_id: tenant.tenant.id, user_id: ada.id };
    let t = now();
    // The renewal failed (past_due at t+20) before the news of the first payment (active at t+10) arrives.
    let late =
        deliver(&app, HOST, &event("evt_b", t + 20, "customer.subscription.updated", &sub("past_due"), json!({})))
            .await;
    assert_eq!(late.json()["result"], "applied");
    let early =
        deliver(&app, HOST, &event("evt_a", t + 10, "customer.subscription.created", &sub("active"), json!({}))).await;
    early.assert_status(200);
    assert_eq!(early.json()["result"], "stale");
    assert_eq!(detail(&app, &token).await["status"], "past_due");

    // Cancelled at the period's end with a reason, then deleted; an older update after it changes nothing.
    let end = t + 30 * 86_400;
    let scheduled = json!({"cancel_at": end, "canceled_at": t + 30, "cancel_at_period_end": true,
        "cancellation_details": {"comment": "Too expensive"}});
    deliver(&app, HOST, &event("evt_c", t + 30, "customer.subscription.updated", &sub("active"), scheduled))
        .await
        .assert_status(200);
    let shown = detail(&app, &token).await;
    assert_eq!(shown["status"], "active");
    assert_eq!(shown["cancel_at"], end);
    assert_eq!(shown["cancel_at_period_end"], true);
    assert_eq!(shown["cancellation_reason"], "Too expensive");
    let ended = json!({"cancel_at": end, "canceled_at": t + 30, "cancellation_details": {"comment": "Too expensive"}});
    deliver(&app, HOST, &event("evt_d", t + 40, "customer.subscription.deleted", &sub("canceled"), ended))
        .await
        .assert_status(200);
    let stale =
        deliver(&app, HOST, &event("evt_e", t + 35, "customer.subscription.updated", &sub("active"), json!({}))).await;
    assert_eq!(stale.json()["result"], "stale");
    assert_eq!(detail(&app, &token).await["status"], "canceled");
    assert_eq!(tier(&app, &token).await["can_use_premium_agents"], false);
}

#[tokio::test]
async fn wrong_signatures_old_timestamps_and_malformed_bodies_are_refused_and_change_nothing() {
    let Shop { app, plans, ada, token, .. } = shop().await;
    let tenant = &app.default_tenant;
    let pro = plans.price("Pro", "year");
    let sub = Sub { id: "sub_test_3", price: &pro, status: "active", tenant_id: tenant.tenant.id, user_id: ada.id };
    let body = serde_json::to_vec(&event("evt_x", now(), "customer.subscription.created", &sub, json!({}))).unwrap();

    let cases = [
        (signature::sign("whsec_someone_else", now(), &body), "The webhook signature does not match."),
        (
            signature::sign(WEBHOOK_SECRET, now() - 6 * 60, &body),
            "The webhook timestamp is outside the 5-minute tolerance.",
        ),
        ("t=abc,v1=00".to_string(), "The Stripe-Signature header is malformed."),
    ];
    for (header, message) in cases {
        let refused = deliver_signed(&app, HOST, &body, &header).await;
        assert_eq!(refused.error(400)["detail"], message, "{header}");
    }
    let unsigned = app.post("/api/v1/payment/webhook/").raw("application/json", body.clone()).send().await;
    assert_eq!(unsigned.error(400)["detail"], "The Stripe-Signature header is missing.");
    // A signed body that is not an event, or whose subscription is broken.
    let garbage = b"{\"hello\": 1}".to_vec();
    let refused = deliver_signed(&app, HOST, &garbage, &signature::sign(WEBHOOK_SECRET, now(), &garbage)).await;
    assert_eq!(refused.error(400)["detail"], "The webhook body is not a Stripe event.");
    let broken = event("evt_y", now(), "customer.subscription.updated", &Sub { status: "exploded", ..sub }, json!({}));
    assert_eq!(deliver(&app, HOST, &broken).await.error(400)["detail"], "The event's subscription is malformed.");

    assert_eq!(detail(&app, &token).await, Value::Null, "nothing changed");
    // None of them was recorded: the genuine event still applies.
    let genuine = deliver_signed(&app, HOST, &body, &signature::sign(WEBHOOK_SECRET, now(), &body)).await;
    assert_eq!(genuine.json()["result"], "applied");
    assert_eq!(detail(&app, &token).await["status"], "active");
}

#[tokio::test]
async fn an_event_naming_a_price_of_another_site_is_refused() {
    let (app, _fake) = stripe_app().await;
    let tenant = &app.default_tenant;
    setup_plans(&app, tenant, "admin@example.com").await;
    let other = app.add_tenant("other.example.org", "Other").await;
    let theirs = setup_plans(&app, &other, "admin@other.example.org").await;
    let ada = app.add_member("ada@example.com", tenant, "member").await;
    let token = app.token_for(ada.id);
    let foreign = theirs.price("Max", "year");
    let sub = Sub { id: "sub_test_4", price: &foreign, status: "active", tenant_id: tenant.tenant.id, user_id: ada.id };
    let refused = deliver(&app, HOST, &event("evt_f", now(), "customer.subscription.created", &sub, json!({}))).await;
    assert_eq!(refused.error(400)["detail"], "The event names a price this site does not have.");
    assert_eq!(detail(&app, &token).await, Value::Null);

    // An event of the other site delivered to this one is acknowledged and not applied here.
    let bob = app.add_member("bob@other.example.org", &other, "member").await;
    let theirs_sub = Sub { tenant_id: other.tenant.id, user_id: bob.id, ..sub };
    let answer =
        deliver(&app, HOST, &event("evt_g", now(), "customer.subscription.created", &theirs_sub, json!({}))).await;
    assert_eq!(answer.json()["result"], "ignored");
    // Delivered to its own site, it applies.
    let answer = deliver(
        &app,
        "other.example.org",
        &event("evt_h", now(), "customer.subscription.created", &theirs_sub, json!({})),
    )
    .await;
    assert_eq!(answer.json()["result"], "applied");
    let bob_token = app.token_for(bob.id);
    let shown = app.get("/api/v1/subscription-detail/").host("other.example.org").token(&bob_token).send().await;
    assert_eq!(shown.json()["data"]["status"], "active");
}

#[tokio::test]
async fn changes_are_asked_of_stripe_and_show_when_the_webhook_arrives() {
    let Shop { app, fake, plans, ada, token } = shop().await;
    let tenant = &app.default_tenant;
    let (basic, pro) = (plans.price("Basic", "year"), plans.price("Pro", "year"));
    let sub = Sub { id: "sub_test_5", price: &basic, status: "active", tenant_id: tenant.tenant.id, user_id: ada.id };
    let t = now();
    deliver(&app, HOST, &event("evt_1", t, "customer.subscription.created", &sub, json!({}))).await.assert_status(200);

    // Upgrade: Stripe is asked to move the subscription's item to the new price.
    let answer = app.post_json("/api/v1/payment/update-subscription/", &token, &json!({"price_id": pro})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["items"]["data"][0]["price"]["id"], basic, "unchanged until the webhook");
    let calls = fake.take();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert_eq!((calls[0].method.as_str(), calls[0].path.as_str()), ("GET", "/v1/subscriptions/sub_test_5"));
    assert_eq!((calls[1].method.as_str(), calls[1].path.as_str()), ("POST", "/v1/subscriptions/sub_test_5"));
    assert_eq!(calls[1].get("items[0][id]"), Some("si_test_1"));
    assert_eq!(calls[1].get("items[0][price]"), Some(pro.as_str()));
    assert_eq!(calls[1].get("cancel_at_period_end"), Some("false"));
    deliver(
        &app,
        HOST,
        &event("evt_2", t + 1, "customer.subscription.updated", &Sub { price: &pro, ..sub }, json!({})),
    )
    .await
    .assert_status(200);
    assert_eq!(detail(&app, &token).await["items"]["data"][0]["price"]["id"], pro);

    // Cancel at the period's end with a reason, then renew, then cancel at once.
    let answer = app
        .post_json("/api/v1/payment/cancel-subscription/", &token, &json!({"cancellation_reason": "Moving abroad"}))
        .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["canceled_at"], Value::Null);
    let calls = fake.take();
    assert_eq!((calls[0].method.as_str(), calls[0].path.as_str()), ("POST", "/v1/subscriptions/sub_test_5"));
    assert_eq!(calls[0].get("cancel_at_period_end"), Some("true"));
    assert_eq!(calls[0].get("cancellation_details[comment]"), Some("Moving abroad"));
    let scheduled =
        json!({"cancel_at": t + 1000, "canceled_at": t + 2, "cancellation_details": {"comment": "Moving abroad"}});
    deliver(
        &app,
        HOST,
        &event("evt_3", t + 2, "customer.subscription.updated", &Sub { price: &pro, ..sub }, scheduled),
    )
    .await
    .assert_status(200);
    app.post_json("/api/v1/payment/update-subscription/", &token, &json!({"is_renew": true})).await.assert_status(200);
    let calls = fake.take();
    assert_eq!(calls[0].get("cancel_at_period_end"), Some("false"));
    app.post_json(
        "/api/v1/payment/cancel-subscription/",
        &token,
        &json!({"cancellation_reason": "Now", "cancel_at_period_end": false}),
    )
    .await
    .assert_status(200);
    let calls = fake.take();
    assert_eq!((calls[0].method.as_str(), calls[0].path.as_str()), ("DELETE", "/v1/subscriptions/sub_test_5"));
    assert_eq!(calls[0].get("cancellation_details[comment]"), Some("Now"));
    assert_eq!(detail(&app, &token).await["status"], "active", "still active until Stripe's event");
}

#[tokio::test]
async fn stripe_failures_are_a_clear_502_and_change_nothing() {
    let Shop { app, fake, plans, ada, token } = shop().await;
    let tenant = &app.default_tenant;
    let sub = Sub {
        id: "sub_test_6",
        price: &plans.price("Pro", "year"),
        status: "active",
        tenant_id: tenant.tenant.id,
        user_id: ada.id,
    };
    deliver(&app, HOST, &event("evt_1", now(), "customer.subscription.created", &sub, json!({})))
        .await
        .assert_status(200);
    let before = detail(&app, &token).await;
    // The fake answers 404 to an unknown address: here, a portal call made impossible by a bad base.
    fake.set_status("active");
    let failing = {
        let mut settings = (*app.state.settings).clone();
        settings.stripe = Some(StripeConfig {
            secret_key: SECRET_KEY.into(),
            webhook_secret: WEBHOOK_SECRET.into(),
            api_base: "http://127.0.0.1:9".into(),
        });
        api::app(api::AppState::new(app.db.clone(), settings).unwrap())
    };
    let request = axum::http::Request::post("/api/v1/payment/cancel-subscription/")
        .header("host", HOST)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .body(axum::body::Body::from(r#"{"cancellation_reason": "Bye"}"#))
        .unwrap();
    let mut request = request;
    request.extensions_mut().insert(axum::extract::ConnectInfo(std::net::SocketAddr::from(([127, 0, 0, 1], 50_000))));
    let response = tower::ServiceExt::oneshot(failing, request).await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(body["detail"], "Could not proceed your request");
    assert!(!String::from_utf8_lossy(&bytes).contains(SECRET_KEY), "the key is never answered");
    assert_eq!(detail(&app, &token).await, before);
}

#[tokio::test]
async fn the_customer_portal_or_the_unpaid_invoice_for_resolve_now() {
    let Shop { app, fake, plans, ada, token } = shop().await;
    let tenant = &app.default_tenant;
    let portal = "/api/v1/payment/create-customer-portal-session/";
    app.post(portal).send().await.assert_status(401);
    let none = app.post(portal).token(&token).send().await;
    assert_eq!(none.error(400)["non_field_errors"][0], "You have no membership to manage.");

    let pro = plans.price("Pro", "year");
    let sub = Sub { id: "sub_test_7", price: &pro, status: "incomplete", tenant_id: tenant.tenant.id, user_id: ada.id };
    deliver(&app, HOST, &event("evt_1", now(), "customer.subscription.created", &sub, json!({})))
        .await
        .assert_status(200);
    assert_eq!(tier(&app, &token).await["payment_status"], "pending");
    // Pending: the hosted page of the unpaid invoice, where the card is confirmed.
    fake.set_status("incomplete");
    let answer = app.post(portal).token(&token).send().await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"], "https://invoice.stripe.test/i/in_test_1");
    let calls = fake.take();
    assert_eq!(calls[0].get("expand[]"), Some("latest_invoice"));

    // Running: Stripe's customer portal for the subscription's customer, back to the plans page.
    fake.set_status("active");
    let answer = app.post(portal).token(&token).send().await;
    assert_eq!(answer.json()["data"], "https://billing.stripe.test/p/session/bps_1");
    let calls = fake.take();
    let session = calls.iter().find(|c| c.path == "/v1/billing_portal/sessions").unwrap();
    assert_eq!(session.get("customer"), Some("cus_test_1"));
    assert_eq!(session.get("return_url"), Some("http://localhost:8080/membership"));
}

#[tokio::test]
async fn plans_take_their_stripe_price_ids() {
    let (app, _fake) = stripe_app().await;
    let tenant = &app.default_tenant;
    let admin = app.add_member("admin@example.com", tenant, "admin").await;
    let token = app.token_for(admin.id);
    let mut body = plan_body("Pro", 2, 1900, 19000, 0);
    body["prices"][0]["stripe_price_id"] = json!("price_1ProMonthly");
    let created = app.post_json("/api/v1/subscription-plans/", &token, &body).await;
    created.assert_status(201);
    let plans = Plans(json!([created.json()["data"].clone()]));
    assert_eq!(plans.price("Pro", "month"), "price_1ProMonthly");
    let generated = plans.price("Pro", "year");
    assert_ne!(generated, "");

    // The yearly price is linked to its Stripe price later; the monthly one keeps its id.
    let id = created.json()["data"]["id"].as_i64().unwrap();
    let mut body = plan_body("Pro", 2, 1900, 19000, 0);
    body["prices"][1]["stripe_price_id"] = json!("price_1ProYearly");
    let saved = app.patch_json(&format!("/api/v1/subscription-plans/{id}/"), &token, &body).await;
    saved.assert_status(200);
    let plans = Plans(json!([saved.json()["data"].clone()]));
    assert_eq!(plans.price("Pro", "month"), "price_1ProMonthly");
    assert_eq!(plans.price("Pro", "year"), "price_1ProYearly");

    // A malformed id, and one that another plan uses, are refused on the right field.
    body["prices"][1]["stripe_price_id"] = json!("price with spaces");
    let refused = app.patch_json(&format!("/api/v1/subscription-plans/{id}/"), &token, &body).await;
    assert_eq!(refused.error(400)["field_errors"]["prices.1.stripe_price_id"][0], "Enter a valid Stripe price id.");
    let mut basic = plan_body("Basic", 1, 900, 9000, 0);
    basic["prices"][0]["stripe_price_id"] = json!("price_1ProMonthly");
    let taken = app.post_json("/api/v1/subscription-plans/", &token, &basic).await;
    assert_eq!(taken.error(400)["field_errors"]["prices"][0], "This Stripe price is used by another plan.");
}

#[tokio::test]
async fn without_stripe_the_webhook_is_missing_and_the_portal_is_the_plans_page() {
    let app = TestApp::new().await;
    let body = b"{}".to_vec();
    let answer = deliver_signed(&app, HOST, &body, &signature::sign(WEBHOOK_SECRET, now(), &body)).await;
    answer.assert_status(404);
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let answer = app.post("/api/v1/payment/create-customer-portal-session/").token(&app.token_for(ada.id)).send().await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"], "http://localhost:8080/membership");
}

/// A paid circle through Stripe: a Checkout Session in payment mode for our own amount, the
/// purpose in its metadata; nothing is paid until the signed `checkout.session.completed`
/// arrives, which confirms the seat once (a replay changes nothing).
#[tokio::test]
async fn a_paid_circle_through_stripe_is_confirmed_by_its_completed_session_once() {
    let (app, fake) = stripe_app().await;
    let w = crate::membership::world(&app).await;
    let (ada, token) = crate::membership::person(&app, "ada@example.com").await;
    let group = crate::membership::circle(&app, &w, "Prompt Craft", |b| {
        b["is_paid"] = json!(true);
        b["price"] = json!("49");
        b["discount"] = json!(10);
    })
    .await;
    let group_id = crate::membership::id_of(&group);
    fake.take();
    let started = app
        .post_json(
            "/api/v1/payment/create-one-time-payment/",
            &token,
            &json!({"entity_type": "group", "group_id": group_id}),
        )
        .await;
    started.assert_status(200);
    assert_eq!(started.json()["data"], "https://checkout.stripe.test/c/pay/cs_test_1");
    let calls = fake.take();
    let session = calls.iter().find(|c| c.path == "/v1/checkout/sessions").expect("a checkout session");
    assert_eq!(session.get("mode"), Some("payment"));
    assert_eq!(session.get("line_items[0][price_data][unit_amount]"), Some("4410"), "49.00 less the circle's 10 %");
    assert_eq!(session.get("line_items[0][price_data][currency]"), Some("usd"));
    assert_eq!(session.get("line_items[0][price_data][product_data][name]"), Some("Prompt Craft"));
    let metadata: serde_json::Map<String, Value> = session
        .form
        .iter()
        .filter_map(|(k, v)| {
            let key = k.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((key.to_string(), json!(v)))
        })
        .collect();
    assert_eq!(metadata["group_id"], json!(group_id.to_string()));
    assert_eq!(metadata["user_id"], json!(ada.id.to_string()));
    let paid = |m: Option<store::entities::memberships::Model>| {
        m.map(|m| (m.status, m.payment_status)).filter(|(_, p)| p.as_deref() == Some("confirmed"))
    };
    let mine = store::queries::memberships::find(&app.db, group_id, ada.id).await.unwrap();
    assert_eq!(paid(mine), None, "nothing is paid before Stripe's event");

    let completed = json!({
        "id": "evt_pay_1", "object": "event", "created": now(), "type": "checkout.session.completed",
        "data": {"object": {
            "id": "cs_test_1", "object": "checkout.session", "mode": "payment", "payment_status": "paid",
            "amount_total": 4410, "metadata": metadata
        }}
    });
    let applied = deliver(&app, HOST, &completed).await;
    applied.assert_status(200);
    assert_eq!(applied.json()["result"], "applied");
    let mine = store::queries::memberships::find(&app.db, group_id, ada.id).await.unwrap();
    assert_eq!(paid(mine), Some(("accepted".to_string(), Some("confirmed".to_string()))));
    let replayed = deliver(&app, HOST, &completed).await;
    assert_eq!(replayed.json()["result"], "replayed");

    // A session still settling (an asynchronous method) pays nothing yet.
    let mut unpaid = completed.clone();
    unpaid["id"] = json!("evt_pay_2");
    unpaid["data"]["object"]["payment_status"] = json!("unpaid");
    assert_eq!(deliver(&app, HOST, &unpaid).await.json()["result"], "ignored");
}
