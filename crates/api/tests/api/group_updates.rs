//! A partial `PATCH /groups/{id}/` answers for the fields it sends (and the cross-field rules
//! that read them), not for what the stored group already lacks.

use serde_json::{json, Value};

use crate::common::TestApp;

async fn patch(app: &TestApp, token: &str, id: i64, body: Value) -> crate::common::TestResponse {
    app.patch_json(&format!("/api/v1/groups/{id}/"), token, &body).await
}

#[tokio::test]
async fn an_admin_renames_an_organization_stored_without_a_country() {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.clone();
    assert_eq!(org.country, None, "the site's organization is created without a country");
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);

    let answer = patch(&app, &token, org.id, json!({"name": "Renamed Organization"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["name"], "Renamed Organization");

    // A field that is sent is still checked, and a refused update changes nothing.
    let e = patch(&app, &token, org.id, json!({"name": "Again", "country": ""})).await.error(400);
    assert_eq!(e["field_errors"]["country"][0], domain::groups::form::MSG_REQUIRED);
    let e = patch(&app, &token, org.id, json!({"name": " "})).await.error(400);
    assert_eq!(e["field_errors"]["name"][0], domain::groups::form::MSG_REQUIRED);
    let stored = app.get(&format!("/api/v1/groups/{}/", org.id)).token(&token).send().await.json();
    assert_eq!(stored["data"]["name"], "Renamed Organization");
}

#[tokio::test]
async fn the_demo_organizations_pass_their_own_form_and_dates_stay_in_order() {
    let app = TestApp::new().await;
    let records = store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    for record in &records {
        assert!(record.organization.country.is_some(), "{} has a country", record.tenant.domain);
    }
    let admin = store::queries::users::find_by_email(&app.db, "admin@example.com").await.unwrap().unwrap();
    let token = app.token_for(admin.id);
    let org = records[0].organization.id;
    // The whole stored form is valid: sending every field back as read is accepted.
    let read = app.get(&format!("/api/v1/groups/{org}/")).token(&token).send().await.json()["data"].clone();
    assert!(read["country"].as_str().is_some_and(|c| !c.is_empty()));
    patch(&app, &token, org, json!({"name": "Waypoint Demo", "country": read["country"]})).await.assert_status(200);

    // A cross-field rule that reads a changed field still answers, on the field it concerns.
    let circle = app.get("/api/v1/groups/slug/generative-ai-for-career-changers/").send().await.json()["data"].clone();
    let start: chrono::NaiveDate = circle["start_date"].as_str().unwrap().parse().unwrap();
    let late_close = (start + chrono::Days::new(2)).to_string();
    let id = circle["id"].as_i64().unwrap();
    let e = patch(&app, &token, id, json!({"application_close_date": late_close})).await.error(400);
    assert_eq!(e["field_errors"]["start_date"][0], domain::groups::form::MSG_START_BEFORE_CLOSE);
    patch(&app, &token, id, json!({"name": "Generative AI for career changers"})).await.assert_status(200);
}
