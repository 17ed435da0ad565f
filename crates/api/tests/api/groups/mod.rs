//! Groups: creating and editing with the form's rules and messages, who may do what,
//! tenant and privacy scoping, the circles and events lists with their filters, the
//! lifecycle in SQL, images and questions.

use chrono::{Days, Utc};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{group_profiles, users},
    queries::tenants::TenantRecord,
};

use crate::common::{add_topic, TestApp};

pub(crate) fn day(offset: i64) -> String {
    let today = Utc::now().date_naive();
    let date = if offset >= 0 {
        today.checked_add_days(Days::new(offset as u64)).unwrap()
    } else {
        today.checked_sub_days(Days::new((-offset) as u64)).unwrap()
    };
    date.format("%Y-%m-%d").to_string()
}

pub(crate) async fn topic(app: &TestApp, tenant: &TenantRecord, name: &str) -> i64 {
    add_topic(app, tenant.tenant.id, name, "general", None).await
}

pub(crate) async fn make_staff(app: &TestApp, user: &users::Model) {
    let mut active: users::ActiveModel = user.clone().into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap();
}

/// Gives the user a leadership certification on the default site (needed to create circles).
pub(crate) async fn certify_leader(app: &TestApp, user: &users::Model) {
    crate::programme::certify_on(app, &app.default_tenant, user, 1, &[]).await;
}

/// Gives the user a certified group profile on the organization (needed to create events).
pub(crate) async fn certify_group_profile(app: &TestApp, org_id: i64, user: &users::Model) {
    add_group_profile(app, org_id, user.id, |p| p.is_certified = Set(true)).await;
}

/// Adds the user's group profile on the group: uncertified, no reasons, no extra answers, no
/// role, function, stage or field; `fill` sets what the test needs.
pub(crate) async fn add_group_profile(
    app: &TestApp,
    group_id: i64,
    user_id: i64,
    fill: impl FnOnce(&mut group_profiles::ActiveModel),
) {
    let at = Utc::now();
    let mut profile = group_profiles::ActiveModel {
        group_id: Set(group_id),
        user_id: Set(user_id),
        is_certified: Set(false),
        reason_to_join: Set(json!([])),
        extra_info: Set(json!({})),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    };
    fill(&mut profile);
    profile.insert(&app.db).await.unwrap();
}

/// A valid circle form under the tenant's organization, open for applications now.
pub(crate) fn circle_body(org_id: i64, topic_id: i64, name: &str) -> Value {
    json!({
        "name": name,
        "group_type": "circle",
        "parent_group": org_id,
        "description": "<p>Learn together</p>",
        "topics": [topic_id],
        "relevant_sdgs": [4],
        "career_stages": ["early_career"],
        "commitment_time": 4,
        "circle_type": 1,
        "publicity": "open",
        "application_open_date": day(-5),
        "application_close_date": day(10),
        "start_date": day(20),
        "end_date": day(60),
        "learning_modality": "online",
        "countries": ["US", "KE"],
    })
}

pub(crate) fn event_body(org_id: i64, topic_id: i64, name: &str) -> Value {
    let mut body = circle_body(org_id, topic_id, name);
    body["group_type"] = json!("event");
    body["event_type"] = json!("workshop");
    body.as_object_mut().unwrap().remove("circle_type");
    body.as_object_mut().unwrap().remove("relevant_sdgs");
    body
}

/// Creates a group as `token`; panics unless 201.
pub(crate) async fn create(app: &TestApp, token: &str, body: &Value) -> Value {
    let answer = app.post_json("/api/v1/groups/", token, body).await;
    answer.assert_status(201);
    answer.json()["data"].clone()
}

/// Edits a group as `token`; panics unless 200.
pub(crate) async fn edit(app: &TestApp, token: &str, id: i64, body: Value) {
    app.patch_json(&format!("/api/v1/groups/{id}/"), token, &body).await.assert_status(200);
}

/// The default site's admin, a "Machine Learning" topic and the site's organization.
pub(crate) struct Setup {
    pub(crate) admin: users::Model,
    pub(crate) admin_token: String,
    pub(crate) topic: i64,
    pub(crate) org: i64,
}

pub(crate) async fn setup(app: &TestApp) -> Setup {
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let topic = topic(app, &app.default_tenant, "Machine Learning").await;
    Setup { admin_token: app.token_for(admin.id), admin, topic, org: app.default_tenant.organization.id }
}

mod basics;
mod hierarchy;
