//! Profiles: the profile and its page, group and career profiles, career entries and user
//! services; validation messages, ownership, privacy and tenant scoping.

use serde_json::Value;
use store::queries::{memberships, tenants::TenantRecord, users};

use crate::common::{add_topic, TestApp, TestResponse, PASSWORD};

/// A member of the tenant's organization with a name.
async fn person(app: &TestApp, email: &str, first: &str, last: &str) -> (i64, String) {
    person_on(app, &app.default_tenant, email, first, last, false).await
}

async fn person_on(
    app: &TestApp,
    tenant: &TenantRecord,
    email: &str,
    first: &str,
    last: &str,
    staff: bool,
) -> (i64, String) {
    let user = users::create(
        &app.db,
        users::NewUser {
            email,
            password_hash: Some(api::passwords::hash(PASSWORD).unwrap()),
            first_name: first,
            last_name: last,
            is_verified: true,
            is_staff: staff,
            subscribe_to_newsletter: true,
        },
    )
    .await
    .unwrap();
    memberships::upsert(&app.db, tenant.organization.id, user.id, "member", memberships::STATUS_ACCEPTED)
        .await
        .unwrap();
    (user.id, app.token_for(user.id))
}

async fn topic(app: &TestApp, name: &str, kind: &str) -> i64 {
    add_topic(app, app.default_tenant.tenant.id, name, kind, None).await
}

async fn identity(app: &TestApp, token: &str) -> Value {
    let response = app.get("/api/v1/identity/").token(token).send().await;
    response.assert_status(200);
    response.json()["data"].clone()
}

async fn patch(app: &TestApp, path: &str, token: &str, body: Value) -> TestResponse {
    app.patch_json(path, token, &body).await
}

async fn delete(app: &TestApp, path: &str, token: &str) -> TestResponse {
    app.delete(path).token(token).send().await
}

fn words(n: usize) -> String {
    vec!["word"; n].join(" ")
}

mod group_profiles;
mod personal;
