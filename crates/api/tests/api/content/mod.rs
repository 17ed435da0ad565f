//! Content (issue 13): posts and newsletters in groups, resources and prompts with their
//! moderation and premium files, the Resource Hub, link previews, career tips — the rules
//! and the hostile cases.

use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use serde_json::{json, Value};
use store::{
    entities::{groups, users},
    queries::memberships,
};

use crate::{
    common::TestApp,
    groups::{certify_group_profile, circle_body, create as create_group, topic},
};

const CONTENTS: &str = "/api/v1/contents/";

struct Site {
    app: TestApp,
    admin: users::Model,
    admin_token: String,
    circle: i64,
    org: i64,
    topic: i64,
}

async fn site() -> Site {
    let app = TestApp::new().await;
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    certify_group_profile(&app, org, &admin).await;
    let admin_token = app.token_for(admin.id);
    let topic = topic(&app, &app.default_tenant, "Data Science").await;
    let circle = create_group(&app, &admin_token, &circle_body(org, topic, "Data Circle")).await;
    let circle = circle["id"].as_i64().unwrap();
    Site { app, admin, admin_token, circle, org, topic }
}

impl Site {
    /// A member of the site, accepted in the circle.
    async fn member(&self, email: &str) -> (users::Model, String) {
        let user = self.app.add_member(email, &self.app.default_tenant, "member").await;
        memberships::upsert(&self.app.db, self.circle, user.id, "member", memberships::STATUS_ACCEPTED).await.unwrap();
        let token = self.app.token_for(user.id);
        (user, token)
    }

    async fn make_private(&self, group_id: i64) {
        let group = groups::Entity::find_by_id(group_id).one(&self.app.db).await.unwrap().unwrap();
        let mut active = group.into_active_model();
        active.privacy = Set(20);
        active.update(&self.app.db).await.unwrap();
    }

    async fn post(&self, token: &str, body: Value) -> Value {
        let answer = self.app.post_json(CONTENTS, token, &body).await;
        answer.assert_status(201);
        answer.json()["data"].clone()
    }

    async fn topic_area(&self) -> i64 {
        use store::entities::topic_areas;
        topic_areas::ActiveModel {
            tenant_id: Set(self.app.default_tenant.tenant.id),
            name: Set("Technology".into()),
            created_at: Set(chrono::Utc::now()),
            ..Default::default()
        }
        .insert(&self.app.db)
        .await
        .unwrap()
        .id
    }

    fn resource_body(&self, title: &str, area: i64) -> Value {
        json!({
            "type": "resource", "contribute": true, "title": title,
            "content": "<p>A guide to pandas dataframes</p>", "group": self.org,
            "topics": [self.topic], "topic_area": area, "career_stages": ["early_career"], "country": "Kenya",
        })
    }
}

mod pages;
mod posts;
mod sharing;
