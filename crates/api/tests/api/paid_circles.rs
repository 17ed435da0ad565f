//! Paid circles and events (spec 001 §4 "Payment status on a paid group", §6, §7; spec 002
//! §4, §7 "Create group payment"): the tier's circle discount, the local checkout's cards,
//! the one event path (applied once), the seat rules (two payments for the last seat: one
//! wins), vouchers and the administrators' payment confirmation.

use domain::payments::{
    events::Applied,
    one_time::{PaymentEvent, Purpose},
};
use serde_json::{json, Value};
use store::queries::{groups as group_q, memberships, one_time_payments, payments as pay_q};

use crate::{
    common::{TestApp, TestResponse},
    membership::{circle, file_of, id_of, person, respond, world, World},
    payments::{pay, session_of, setup_plans, subscribe, CARD_DECLINED, CARD_OK, CARD_PENDING},
};

async fn start(app: &TestApp, token: &str, group: i64) -> TestResponse {
    app.post_json(
        "/api/v1/payment/create-one-time-payment/",
        token,
        &json!({"entity_type": "group", "group_id": group}),
    )
    .await
}

async fn started_session(app: &TestApp, token: &str, group: i64) -> String {
    let answer = start(app, token, group).await;
    answer.assert_status(200);
    session_of(answer.json()["data"].as_str().unwrap())
}

/// A paid circle of 49.00 USD with its own 10 % discount, changed by `tweak` first.
async fn paid_circle(app: &TestApp, w: &World, name: &str, tweak: impl FnOnce(&mut Value)) -> Value {
    circle(app, w, name, |b| {
        b["is_paid"] = json!(true);
        b["price"] = json!("49");
        b["discount"] = json!(10);
        tweak(b);
    })
    .await
}

async fn membership_of(app: &TestApp, group: i64, user: i64) -> Option<store::entities::memberships::Model> {
    memberships::find(&app.db, group, user).await.unwrap()
}

fn non_field(answer: &TestResponse) -> String {
    answer.error(400)["non_field_errors"][0].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_member_pays_for_a_paid_circle_with_the_tier_discount_and_is_confirmed() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let plans = setup_plans(&app, &app.default_tenant, "plans@example.com").await;
    let (ada, token) = person(&app, "ada@example.com").await;
    // Pro: circle_discount_percent 20 (tier 2 × 10), with the circle's own 10 %: 30 % off.
    let (_, paid) = subscribe(&app, &token, &plans.price("Pro", "year"), CARD_OK).await;
    paid.assert_status(200);
    let group = paid_circle(&app, &w, "Prompt Craft", |_| {}).await;
    let started = start(&app, &token, id_of(&group)).await;
    started.assert_status(200);
    let url = started.json()["data"].as_str().unwrap().to_string();
    assert!(url.contains("/checkout/cs_local_"), "{url}");
    let session = session_of(&url);
    let view = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&token).send().await;
    view.assert_status(200);
    assert_eq!(view.json()["data"]["kind"], "payment");
    assert_eq!(view.json()["data"]["amount"], 3430, "4900 less 30 %, in cents");
    assert_eq!(view.json()["data"]["description"], "Prompt Craft");
    assert_eq!(view.json()["data"]["discount_percent"], 30);

    let done = pay(&app, &token, &session, CARD_OK).await;
    done.assert_status(200);
    let slug = group["name_slug"].as_str().unwrap();
    assert_eq!(
        done.json()["data"]["redirect_url"],
        format!("http://localhost:8080/payment/success?type=payment&group={slug}")
    );
    let mine = membership_of(&app, id_of(&group), ada.id).await.unwrap();
    assert_eq!((mine.status.as_str(), mine.payment_status.as_deref()), ("accepted", Some("confirmed")));
    assert_eq!(mine.payment_mode.as_deref(), Some("online"));
    let seen = app.get(&format!("/api/v1/groups/{}/", id_of(&group))).token(&token).send().await;
    assert_eq!(seen.json()["data"]["membership_status"], "accepted");
    assert_eq!(seen.json()["data"]["payment_status"], "confirmed");
    assert_eq!(non_field(&start(&app, &token, id_of(&group)).await), "You have already paid for this circle.");
}

#[tokio::test]
async fn a_declined_card_leaves_nothing_paid_and_a_pending_one_waits_for_confirmation() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (ada, token) = person(&app, "ada@example.com").await;
    let group = paid_circle(&app, &w, "Paid", |_| {}).await;
    let session = started_session(&app, &token, id_of(&group)).await;
    let declined = pay(&app, &token, &session, CARD_DECLINED).await;
    assert_eq!(declined.error(400)["field_errors"]["card_number"][0], "Your card was declined.");
    assert!(membership_of(&app, id_of(&group), ada.id).await.is_none(), "nothing paid, no seat");

    let pending = pay(&app, &token, &session, CARD_PENDING).await;
    pending.assert_status(200);
    assert_eq!(pending.json()["data"]["status"], "pending");
    assert!(membership_of(&app, id_of(&group), ada.id).await.is_none(), "not paid until confirmed");
    let confirmed = app.post(&format!("/api/v1/payment/checkout/{session}/confirm/")).token(&token).send().await;
    confirmed.assert_status(200);
    let mine = membership_of(&app, id_of(&group), ada.id).await.unwrap();
    assert_eq!((mine.status.as_str(), mine.payment_status.as_deref()), ("accepted", Some("confirmed")));
    let again = app.post(&format!("/api/v1/payment/checkout/{session}/confirm/")).token(&token).send().await;
    again.assert_status(400);
    let payments = pay_q::payments_of_session(&app.db, &session).await.unwrap();
    let statuses: Vec<&str> = payments.iter().map(|p| p.status.as_str()).collect();
    assert_eq!(statuses, ["failed", "succeeded"]);
}

#[tokio::test]
async fn two_payments_for_the_last_seat_one_wins_and_the_loser_is_not_charged() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = paid_circle(&app, &w, "Small", |_| {}).await;
    let taken = group_q::accepted_count(&app.db, id_of(&group)).await.unwrap() as i64;
    // One seat left.
    crate::membership::alter_group(&app, id_of(&group), |g| {
        g.maximum_size = store::sea_orm::Set(Some(taken + 1));
    })
    .await;
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    let a = started_session(&app, &ada_token, id_of(&group)).await;
    let b = started_session(&app, &bob_token, id_of(&group)).await;
    let (paid_a, paid_b) = tokio::join!(pay(&app, &ada_token, &a, CARD_OK), pay(&app, &bob_token, &b, CARD_OK));
    let mut statuses = [paid_a.status.as_u16(), paid_b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400]);
    let loser = if paid_a.status.as_u16() == 400 { &paid_a } else { &paid_b };
    assert_eq!(non_field(loser), "Sorry, maximum members limit already reached.");
    assert_eq!(group_q::accepted_count(&app.db, id_of(&group)).await.unwrap() as i64, taken + 1);
    let (loser_id, loser_session) = if paid_a.status.as_u16() == 400 { (ada.id, a) } else { (bob.id, b) };
    assert!(membership_of(&app, id_of(&group), loser_id).await.is_none());
    assert!(pay_q::payments_of_session(&app.db, &loser_session).await.unwrap().is_empty(), "no card charged");
    // A new checkout for a full circle is refused before any card is asked for.
    let (_, cy) = person(&app, "cy@example.com").await;
    assert_eq!(non_field(&start(&app, &cy, id_of(&group)).await), "Sorry, maximum members limit already reached.");
}

#[tokio::test]
async fn a_payment_event_applies_once_and_a_late_one_for_a_full_circle_waits() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = paid_circle(&app, &w, "Events", |_| {}).await;
    let (ada, _) = person(&app, "ada@example.com").await;
    let tenant_id = app.default_tenant.tenant.id;
    let event = |id: &str, user_id: i64| PaymentEvent {
        id: id.into(),
        created: chrono::Utc::now().timestamp(),
        tenant_id,
        user_id,
        session_id: format!("cs_{id}"),
        amount: 4410,
        purpose: Purpose::Group { group_id: id_of(&group) },
    };
    let applied = one_time_payments::apply_payment_event_now(&app.db, &event("evt_1", ada.id)).await.unwrap();
    assert_eq!(applied, Applied::Changed);
    // The administrators mark the payment unpaid; the replayed event changes nothing.
    let answer = app
        .post_json(
            &format!("/api/v1/groups/{}/payment-confirmation/", id_of(&group)),
            &w.admin_token,
            &json!({"user": ada.id, "action": "reject"}),
        )
        .await;
    answer.assert_status(200);
    let replay = one_time_payments::apply_payment_event_now(&app.db, &event("evt_1", ada.id)).await.unwrap();
    assert_eq!(replay, Applied::Replayed);
    let mine = membership_of(&app, id_of(&group), ada.id).await.unwrap();
    assert_eq!((mine.status.as_str(), mine.payment_status.as_deref()), ("accepted", Some("pending")));

    // A payment the provider took after the last seat went: on the wait list, paid.
    let accepted = group_q::accepted_count(&app.db, id_of(&group)).await.unwrap() as i64;
    crate::membership::alter_group(&app, id_of(&group), |g| g.maximum_size = store::sea_orm::Set(Some(accepted))).await;
    let (bob, _) = person(&app, "bob@example.com").await;
    one_time_payments::apply_payment_event_now(&app.db, &event("evt_2", bob.id)).await.unwrap();
    let waiting = membership_of(&app, id_of(&group), bob.id).await.unwrap();
    assert_eq!((waiting.status.as_str(), waiting.waitlisted), ("pending", true));
    assert_eq!(waiting.payment_status.as_deref(), Some("confirmed"));
    // An event for a group of another site is refused and not recorded.
    let mut foreign = event("evt_3", bob.id);
    foreign.tenant_id = app.add_tenant("other.example", "Other").await.tenant.id;
    assert!(one_time_payments::apply_payment_event_now(&app.db, &foreign).await.is_err());
    foreign.tenant_id = tenant_id;
    assert_eq!(one_time_payments::apply_payment_event_now(&app.db, &foreign).await.unwrap(), Applied::Changed);
}

#[tokio::test]
async fn vouchers_wait_for_the_groups_administrators_to_confirm_them() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let group = paid_circle(&app, &w, "Offline", |_| {}).await;
    let gid = id_of(&group);
    let (ada, token) = person(&app, "ada@example.com").await;
    let (bob, bob_token) = person(&app, "bob@example.com").await;
    let receipt = file_of(&app, &ada, "image/png").await;
    let bobs = file_of(&app, &bob, "application/pdf").await;
    let voucher = |token: String, body: Value| {
        let app = &app;
        async move { app.post_json(&format!("/api/v1/groups/{gid}/payment-voucher/"), &token, &body).await }
    };
    let foreign_file = voucher(token.clone(), json!({"voucher": bobs})).await;
    assert_eq!(foreign_file.error(400)["field_errors"]["voucher"][0], "Upload the receipt as an image or a PDF.");
    assert_eq!(
        voucher(token.clone(), json!({})).await.error(400)["field_errors"]["voucher"][0],
        "This field is required."
    );
    let sent = voucher(token.clone(), json!({"voucher": receipt, "reference": "TX-42"})).await;
    sent.assert_status(200);
    assert_eq!(sent.json()["membership_status"], "pending");
    let mine = membership_of(&app, gid, ada.id).await.unwrap();
    assert_eq!(mine.payment_status.as_deref(), Some("pending"));
    assert_eq!(mine.payment_mode.as_deref(), Some("voucher"));
    assert_eq!(mine.extra_info.as_ref().unwrap()["voucher"], receipt);

    // The administrators see the voucher's file and mode.
    let list = app.get(&format!("/api/v1/groups/{gid}/members/?status=pending")).token(&w.admin_token).send().await;
    list.assert_status(200);
    let row = list.json()["data"].as_array().unwrap().iter().find(|m| m["id"] == ada.id).cloned().unwrap();
    assert_eq!(row["payment_mode"], "voucher");
    assert_eq!(row["files"].as_array().unwrap().len(), 1);

    // Only the group's administrators confirm; others get 403.
    respond(&app, &w.admin_token, gid, json!({"users": [ada.id], "action": "accept"})).await.assert_status(200);
    let by_member = app
        .post_json(
            &format!("/api/v1/groups/{gid}/payment-confirmation/"),
            &bob_token,
            &json!({"user": ada.id, "action": "accept"}),
        )
        .await;
    by_member.assert_status(403);
    assert_eq!(membership_of(&app, gid, ada.id).await.unwrap().payment_status.as_deref(), Some("pending"));
    let by_admin = app
        .post_json(
            &format!("/api/v1/groups/{gid}/payment-confirmation/"),
            &w.admin_token,
            &json!({"user": ada.id, "action": "accept"}),
        )
        .await;
    by_admin.assert_status(200);
    let mine = membership_of(&app, gid, ada.id).await.unwrap();
    assert_eq!((mine.status.as_str(), mine.payment_status.as_deref()), ("accepted", Some("confirmed")));
    assert_eq!(mine.payment_mode.as_deref(), Some("voucher"));
    assert_eq!(
        non_field(&voucher(token.clone(), json!({"voucher": receipt})).await),
        "You have already paid for this circle."
    );
    // An accepted member marked paid offline keeps the offline mode.
    let added = app
        .post_json(
            &format!("/api/v1/groups/{gid}/add-member/"),
            &w.admin_token,
            &json!({"user": bob.id, "role": "member"}),
        )
        .await;
    added.assert_status(200);
    app.post_json(
        &format!("/api/v1/groups/{gid}/payment-confirmation/"),
        &w.admin_token,
        &json!({"user": bob.id, "action": "accept"}),
    )
    .await
    .assert_status(200);
    assert_eq!(membership_of(&app, gid, bob.id).await.unwrap().payment_mode.as_deref(), Some("offline"));
}

#[tokio::test]
async fn bad_input_free_groups_and_other_sites_groups_are_refused() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (ada, token) = person(&app, "ada@example.com").await;
    let group = paid_circle(&app, &w, "Paid", |_| {}).await;
    let free = circle(&app, &w, "Free", |_| {}).await;
    let bad = app
        .post_json("/api/v1/payment/create-one-time-payment/", &token, &json!({"entity_type": "plan", "group_id": "x"}))
        .await
        .error(400);
    assert_eq!(bad["field_errors"]["group_id"][0], "A valid integer is required.");
    assert_eq!(bad["field_errors"]["entity_type"][0], "\"plan\" is not a valid choice.");
    assert_eq!(non_field(&start(&app, &token, id_of(&free)).await), "This circle is free: there is nothing to pay.");
    let foreign_return = app
        .post_json(
            "/api/v1/payment/create-one-time-payment/",
            &token,
            &json!({"group_id": id_of(&group), "success_url": "https://evil.example/"}),
        )
        .await
        .error(400);
    assert_eq!(foreign_return["field_errors"]["success_url"][0], "The address must be on this site.");
    start(&app, &token, 999_999).await.assert_status(404);
    let anonymous =
        app.post("/api/v1/payment/create-one-time-payment/").json(&json!({"group_id": id_of(&group)})).send().await;
    anonymous.assert_status(401);

    // Another site's member cannot reach this site's group.
    let other = app.add_tenant("other.example", "Other").await;
    let stranger = app.add_member("stranger@example.com", &other, "member").await;
    let stranger_token = app.token_for(stranger.id);
    app.post("/api/v1/payment/create-one-time-payment/")
        .host("other.example")
        .token(&stranger_token)
        .json(&json!({"group_id": id_of(&group)}))
        .send()
        .await
        .assert_status(404);
    let receipt = file_of(&app, &ada, "image/png").await;
    app.post(&format!("/api/v1/groups/{}/payment-voucher/", id_of(&group)))
        .host("other.example")
        .token(&stranger_token)
        .json(&json!({"voucher": receipt}))
        .send()
        .await
        .assert_status(404);
    app.post(&format!("/api/v1/groups/{}/payment-confirmation/", id_of(&group)))
        .host("other.example")
        .token(&stranger_token)
        .json(&json!({"user": ada.id, "action": "accept"}))
        .send()
        .await
        .assert_status(404);
    assert!(membership_of(&app, id_of(&group), ada.id).await.is_none());
}

#[tokio::test]
async fn a_seat_that_costs_nothing_after_discounts_is_given_at_once() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let (ada, token) = person(&app, "ada@example.com").await;
    let group = paid_circle(&app, &w, "Sponsored", |b| b["discount"] = json!(100)).await;
    let answer = start(&app, &token, id_of(&group)).await;
    answer.assert_status(200);
    assert!(answer.json()["data"].as_str().unwrap().contains("/payment/success?type=payment"));
    let mine = membership_of(&app, id_of(&group), ada.id).await.unwrap();
    assert_eq!((mine.status.as_str(), mine.payment_status.as_deref()), ("accepted", Some("confirmed")));
}

async fn donate(app: &TestApp, token: &str, path: &str, body: Value) -> TestResponse {
    app.post_json(path, token, &body).await
}

async fn donations_of(app: &TestApp, group: i64) -> Vec<store::entities::donations::Model> {
    one_time_payments::donations_of(&app.db, group, 100).await.unwrap()
}

async fn with_donations(app: &TestApp, group: i64) {
    crate::membership::alter_group(app, group, |g| {
        g.donation_details = store::sea_orm::Set(Some(json!([
            {"name": "Scholarship fund", "description": "Seats for those who cannot pay.", "stripe_price_id": null},
            {"name": "General support", "description": null, "stripe_price_id": "price_general"}
        ])));
    })
    .await;
}

#[tokio::test]
async fn a_donation_through_the_checkout_is_recorded_once() {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.id;
    with_donations(&app, org).await;
    let (ada, token) = person(&app, "ada@example.com").await;
    let started = donate(
        &app,
        &token,
        "/api/v1/payment/donate/",
        json!({"group_id": org, "name": "Scholarship fund", "amount": 2500}),
    )
    .await;
    started.assert_status(200);
    let url = started.json()["url"].as_str().unwrap().to_string();
    assert_eq!(started.json()["data"], url);
    let session = session_of(&url);
    let view = app.get(&format!("/api/v1/payment/checkout/{session}/")).token(&token).send().await;
    assert_eq!(view.json()["data"]["kind"], "donation");
    assert_eq!(view.json()["data"]["amount"], 2500);
    let declined = pay(&app, &token, &session, CARD_DECLINED).await;
    declined.assert_status(400);
    assert!(donations_of(&app, org).await.is_empty(), "a declined card gives nothing");
    let paid = pay(&app, &token, &session, CARD_OK).await;
    paid.assert_status(200);
    assert_eq!(paid.json()["data"]["redirect_url"], "http://localhost:8080/payment/success?type=donation");
    let given = donations_of(&app, org).await;
    assert_eq!(given.len(), 1);
    assert_eq!((given[0].user_id, given[0].amount, given[0].name.as_str()), (ada.id, 2500, "Scholarship fund"));
    // The same completed checkout told twice (a replayed webhook) is one donation.
    let replay = PaymentEvent {
        id: "evt_other".into(),
        created: chrono::Utc::now().timestamp(),
        tenant_id: app.default_tenant.tenant.id,
        user_id: ada.id,
        session_id: session.clone(),
        amount: 2500,
        purpose: Purpose::Donation { group_id: org, name: "Scholarship fund".into() },
    };
    assert_eq!(one_time_payments::apply_payment_event_now(&app.db, &replay).await.unwrap(), Applied::Replayed);
    assert_eq!(donations_of(&app, org).await.len(), 1);

    // POST /donate/ without a group gives to the site's organization, by the option's price id.
    let general = donate(&app, &token, "/api/v1/donate/", json!({"price_id": "price_general", "amount": 1000})).await;
    general.assert_status(200);
    let session = session_of(general.json()["url"].as_str().unwrap());
    pay(&app, &token, &session, CARD_OK).await.assert_status(200);
    assert_eq!(donations_of(&app, org).await.len(), 2);
}

#[tokio::test]
async fn bad_donations_are_refused_and_start_nothing() {
    let app = TestApp::new().await;
    let w = world(&app).await;
    let org = app.default_tenant.organization.id;
    let (_, token) = person(&app, "ada@example.com").await;
    let no_options = donate(&app, &token, "/api/v1/donate/", json!({"amount": 1000})).await;
    assert_eq!(non_field(&no_options), "This group does not take donations.");
    with_donations(&app, org).await;
    for (amount, message) in [
        (json!(-5), "Ensure this value is greater than or equal to 100."),
        (json!(0), "Ensure this value is greater than or equal to 100."),
        (json!(25.5), "A valid integer is required."),
        (json!("2500"), "A valid integer is required."),
        (json!(2_000_000), "Ensure this value is less than or equal to 1000000."),
        (Value::Null, "This field is required."),
    ] {
        let answer = donate(&app, &token, "/api/v1/payment/donate/", json!({"group_id": org, "amount": amount})).await;
        assert_eq!(answer.error(400)["field_errors"]["amount"][0], message, "{amount}");
    }
    let unknown =
        donate(&app, &token, "/api/v1/donate/", json!({"price_id": "price_nope", "amount": 1000})).await.error(400);
    assert_eq!(unknown["field_errors"]["price_id"][0], "Select a valid donation.");
    let circle = circle(&app, &w, "No donations", |_| {}).await;
    let answer =
        donate(&app, &token, "/api/v1/payment/donate/", json!({"group_id": id_of(&circle), "amount": 1000})).await;
    assert_eq!(non_field(&answer), "This group does not take donations.");
    donate(&app, &token, "/api/v1/payment/donate/", json!({"group_id": 999_999, "amount": 1000}))
        .await
        .assert_status(404);
    app.post("/api/v1/donate/").json(&json!({"amount": 1000})).send().await.assert_status(401);
    // Another site's member cannot give to this site's organization by its id.
    let other = app.add_tenant("other.example", "Other").await;
    let stranger = app.add_member("stranger@example.com", &other, "member").await;
    app.post("/api/v1/payment/donate/")
        .host("other.example")
        .token(&app.token_for(stranger.id))
        .json(&json!({"group_id": org, "amount": 1000}))
        .send()
        .await
        .assert_status(404);
    assert!(donations_of(&app, org).await.is_empty());
}
