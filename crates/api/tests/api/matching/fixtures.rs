//! The matching tests' site: topics, groups, jobs and members with profiles, made directly in
//! the store, and readers of the engine's answers.

use chrono::{Days, Utc};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::{groups, job_posts, profiles, topics, users},
    queries::tenants::TenantRecord,
};

use crate::{common::TestApp, groups::add_group_profile};

/// A topic of the site.
pub async fn topic(app: &TestApp, tenant: &TenantRecord, name: &str) -> i64 {
    topics::ActiveModel {
        tenant_id: Set(tenant.tenant.id),
        name: Set(name.into()),
        name_key: Set(name.to_lowercase()),
        topic_type: Set("general".into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id
}

pub struct GroupSpec<'a> {
    pub kind: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    pub topics: Vec<i64>,
    pub countries: &'a [&'a str],
    pub stages: &'a [&'a str],
    pub fields: &'a [&'a str],
    pub privacy: i16,
    /// Start and end, in days from today.
    pub days: Option<(i64, i64)>,
}

impl Default for GroupSpec<'_> {
    fn default() -> Self {
        GroupSpec {
            kind: "circle",
            name: "",
            description: "",
            topics: Vec::new(),
            countries: &[],
            stages: &[],
            fields: &[],
            privacy: 0,
            days: None,
        }
    }
}

pub fn day(offset: i64) -> chrono::NaiveDate {
    let today = Utc::now().date_naive();
    if offset >= 0 {
        today + Days::new(offset as u64)
    } else {
        today - Days::new(offset.unsigned_abs())
    }
}

pub async fn group(app: &TestApp, tenant: &TenantRecord, spec: GroupSpec<'_>) -> groups::Model {
    let now = Utc::now();
    let group = groups::ActiveModel {
        tenant_id: Set(tenant.tenant.id),
        parent_id: Set(Some(tenant.organization.id)),
        group_type: Set(spec.kind.into()),
        name: Set(spec.name.into()),
        slug: Set(domain::slug::slugify(spec.name)),
        description: Set(Some(format!("<p>{}</p>", spec.description))),
        privacy: Set(spec.privacy),
        join_mode: Set("open".into()),
        is_tenant_root: Set(false),
        countries: Set(Some(json!(spec.countries))),
        career_stages: Set(Some(json!(spec.stages))),
        professional_fields: Set(Some(json!(spec.fields))),
        start_date: Set(spec.days.map(|(s, _)| day(s))),
        end_date: Set(spec.days.map(|(_, e)| day(e))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    for topic in spec.topics {
        store::entities::group_topics::ActiveModel {
            group_id: Set(group.id),
            topic_id: Set(topic),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    group
}

pub async fn job(
    app: &TestApp,
    tenant: &TenantRecord,
    title: &str,
    skills: &[i64],
    status: &str,
    closes: Option<i64>,
) -> job_posts::Model {
    let now = Utc::now();
    let job = job_posts::ActiveModel {
        tenant_id: Set(tenant.tenant.id),
        group_id: Set(tenant.organization.id),
        slug: Set(domain::slug::slugify(title)),
        title: Set(title.into()),
        description: Set(format!("<p>{title}</p>")),
        countries: Set(Some(json!(["Kenya"]))),
        career_stages: Set(Some(json!(["3"]))),
        job_location: Set("on_site".into()),
        application_close_date: Set(closes.map(day)),
        job_status: Set(status.into()),
        is_featured: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    for skill in skills {
        store::entities::job_post_skills::ActiveModel {
            job_post_id: Set(job.id),
            topic_id: Set(*skill),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    job
}

/// A member with a profile: title, topics, country, stage and field on the site.
pub async fn member(
    app: &TestApp,
    tenant: &TenantRecord,
    email: &str,
    title: &str,
    topic_ids: &[i64],
    country: &str,
    stage: i64,
) -> users::Model {
    let user = app.add_member(email, tenant, "member").await;
    let now = Utc::now();
    let profile = profiles::ActiveModel {
        user_id: Set(user.id),
        name_slug: Set(email.split('@').next().unwrap().to_string()),
        title: Set(Some(title.into())),
        country: Set(Some(country.into())),
        interested_services: Set(json!([])),
        completion_percent: Set(50),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    for (position, topic) in topic_ids.iter().enumerate() {
        store::entities::profile_topics::ActiveModel {
            profile_id: Set(profile.id),
            topic_id: Set(*topic),
            position: Set(position as i32),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    add_group_profile(app, tenant.organization.id, user.id, |p| {
        p.career_stage = Set(Some(stage));
        p.professional_field = Set(Some(2));
    })
    .await;
    user
}

pub async fn staff(app: &TestApp, user: &users::Model) {
    users::Entity::update(users::ActiveModel { id: Set(user.id), is_staff: Set(true), ..Default::default() })
        .exec(&app.db)
        .await
        .unwrap();
}

pub fn slugs(list: &Value) -> Vec<String> {
    list.as_array().into_iter().flatten().filter_map(|i| i["slug"].as_str().map(str::to_string)).collect()
}

pub fn answer_items(answer: &Value) -> Value {
    answer["data"]["answer"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "recommendations")
        .map(|p| p["value"]["items"].clone())
        .unwrap()
}

pub fn answer_text(answer: &Value) -> String {
    answer["data"]["answer"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "text")
        .and_then(|p| p["value"].as_str())
        .unwrap()
        .to_string()
}
