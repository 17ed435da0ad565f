//! The membership card (spec 002 §2 "Membership card", §6 `can_create_membership_card`, §7
//! `POST /membership-card/`, §8): a PNG drawn on the server on first open, stored through the
//! storage service, named on identity, and reused while what it shows is unchanged.

use serde_json::{json, Value};
use store::{
    entities::membership_cards,
    queries::{groups as group_q, memberships},
    sea_orm::{EntityTrait, PaginatorTrait},
};

use crate::common::TestApp;
use crate::payments::{setup_plans, subscribe, CARD_OK};
use crate::uploads::app as app_with_files;

const PATH: &str = "/api/v1/membership-card/";
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Makes the default site a "star" site, where the card is offered.
async fn star_site(app: &TestApp) {
    let mut config = domain::config::AppConfig::default();
    config.ui.host_variant = domain::config::HostVariant::Star;
    app.set_site_config(&config).await;
}

async fn identity_card(app: &TestApp, token: &str) -> Value {
    let answer = app.get("/api/v1/identity/").token(token).send().await;
    answer.assert_status(200);
    answer.json()["data"]["membership_card"].clone()
}

async fn cards(app: &TestApp) -> u64 {
    membership_cards::Entity::find().count(&app.db).await.unwrap()
}

#[tokio::test]
async fn a_member_whose_tier_has_the_card_gets_a_png_made_once() {
    let (app, _files) = app_with_files().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    star_site(&app).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let ada = app.token_for(ada.id);
    let (_, paid) = subscribe(&app, &ada, &plans.price("Max", "year"), CARD_OK).await;
    paid.assert_status(200);
    assert_eq!(identity_card(&app, &ada).await, Value::Null, "no card before the first open");

    let answer = app.post(PATH).token(&ada).send().await;
    answer.assert_status(200);
    let link = answer.json()["data"]["membership_card"].as_str().unwrap().to_string();
    let key = link.strip_prefix("/media/").unwrap_or_else(|| panic!("a stored file's link: {link}"));
    assert!(key.starts_with(&format!("membership-cards/{}/", app.default_tenant.tenant.id)), "{key}");
    assert!(key.ends_with(".png"), "{key}");

    // Stored through the storage service, as a PNG, and served at its link.
    let stored = app.state.storage.get(key).await.unwrap().expect("the card is stored");
    assert_eq!(stored.content_type, "image/png");
    assert_eq!(stored.bytes[..8], PNG_SIGNATURE);
    let served = app.get(&link).send().await;
    served.assert_status(200);
    assert_eq!(served.bytes[..8], PNG_SIGNATURE);
    let (width, height) = (
        u32::from_be_bytes(stored.bytes[16..20].try_into().unwrap()),
        u32::from_be_bytes(stored.bytes[20..24].try_into().unwrap()),
    );
    assert_eq!((width, height), (services::membership_card::WIDTH, services::membership_card::HEIGHT));

    // Identity names it; a second open reuses it (same file, one card).
    assert_eq!(identity_card(&app, &ada).await, json!(link));
    let again = app.post(PATH).token(&ada).send().await;
    again.assert_status(200);
    assert_eq!(again.json()["data"]["membership_card"], json!(link));
    assert_eq!(cards(&app).await, 1);
    let row = membership_cards::Entity::find().one(&app.db).await.unwrap().unwrap();
    assert_eq!(row.storage_key, key);
}

#[tokio::test]
async fn without_the_tiers_flag_the_card_is_refused_and_guests_sign_in() {
    let (app, _files) = app_with_files().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    star_site(&app).await;
    let free = app.token_for(app.add_member("free@example.com", &app.default_tenant, "member").await.id);
    let pro = app.token_for(app.add_member("pro@example.com", &app.default_tenant, "member").await.id);
    let (_, paid) = subscribe(&app, &pro, &plans.price("Pro", "year"), CARD_OK).await;
    paid.assert_status(200);

    for token in [&free, &pro] {
        let refused = app.post(PATH).token(token).send().await.error(403);
        assert_eq!(refused["detail"], "Your membership does not include a membership card.");
        assert_eq!(identity_card(&app, token).await, Value::Null);
    }
    let guest = app.post(PATH).send().await.error(401);
    assert_eq!(guest["detail"], "Authentication credentials were not provided.");
    assert_eq!(cards(&app).await, 0, "nothing was drawn");

    // A site that is not of the star variant offers no card at all.
    let other = app.add_tenant("other.example.org", "Other").await;
    let other_plans = setup_plans(&app, &other, "boss@other.example.org").await;
    let max = app.add_member("max@other.example.org", &other, "member").await;
    let max = app.token_for(max.id);
    let started = app
        .post("/api/v1/payment/create-subscription/")
        .host(&other.tenant.domain)
        .token(&max)
        .json(&json!({"price_id": other_plans.price("Max", "year")}))
        .send()
        .await;
    started.assert_status(200);
    app.post(PATH).host(&other.tenant.domain).token(&max).send().await.error(404);
}

#[tokio::test]
async fn an_institutions_plan_with_the_card_unlocks_it() {
    let (app, _files) = app_with_files().await;
    let plans = setup_plans(&app, &app.default_tenant, "admin@example.com").await;
    star_site(&app).await;
    let admin = app.token_for(app.add_member("admin2@example.com", &app.default_tenant, "admin").await.id);
    let staff = app.add_user("staff@example.com").await;
    let lagos = group_q::insert(
        &app.db,
        app.default_tenant.tenant.id,
        &domain::groups::form::GroupForm {
            name: "University of Lagos".into(),
            group_type: "institution".into(),
            publicity: Some("closed".into()),
            ..Default::default()
        },
        0,
        staff.id,
    )
    .await
    .unwrap();
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    memberships::upsert(&app.db, lagos.id, ada.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
    let ada = app.token_for(ada.id);
    app.post(PATH).token(&ada).send().await.error(403);

    app.post_json(
        "/api/v1/institutional-subscriptions/",
        &admin,
        &json!({"group": lagos.id, "price_id": plans.price("Max", "year")}),
    )
    .await
    .assert_status(201);
    let answer = app.post(PATH).token(&ada).send().await;
    answer.assert_status(200);
    let link = answer.json()["data"]["membership_card"].as_str().unwrap().to_string();
    assert_eq!(identity_card(&app, &ada).await, json!(link));
}
