//! The demo's circles and events, their leaders and members.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::json;

use crate::{
    entities::topics,
    queries::{memberships as member_q, tenants::TenantRecord, topics as topic_q, users as user_q},
    StoreResult,
};

use super::catalogue::{seed_demo_ai_tools, seed_demo_content, seed_demo_use_cases};

/// One demo circle or event: name, type, lifecycle dates as days from today (application
/// open, application close, start, end), topics, SDGs, circle type, weeks, countries.
pub(super) struct DemoGroup {
    pub(super) name: &'static str,
    pub(super) kind: &'static str,
    pub(super) event_type: Option<&'static str>,
    pub(super) description: &'static str,
    pub(super) days: [i64; 4],
    pub(super) topics: &'static [&'static str],
    pub(super) sdgs: &'static [i64],
    pub(super) circle_type: Option<&'static str>,
    pub(super) weeks: i32,
    pub(super) countries: &'static [&'static str],
    pub(super) modality: &'static str,
    pub(super) complexity: &'static str,
    pub(super) maximum_size: Option<i64>,
    /// A paid circle's price (USD cents), with a 10 % discount of its own.
    pub(super) price_cents: Option<i64>,
}

pub(super) const DEMO_GROUPS: &[DemoGroup] = &[
    DemoGroup {
        name: "Generative AI for Career Changers",
        kind: "circle",
        event_type: None,
        description:
            "<p>Four weeks of hands-on practice with generative AI tools, for people moving into a new field.</p>",
        days: [-5, 14, 21, 77],
        topics: &["Generative AI", "Career Change"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 8,
        countries: &["US", "KE", "IN"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(3),
        price_cents: None,
    },
    DemoGroup {
        name: "Responsible AI Leadership",
        kind: "circle",
        event_type: None,
        description: "<p>How to lead a team through adopting AI fairly and safely.</p>",
        days: [10, 30, 40, 96],
        topics: &["Responsible AI", "Mentorship"],
        sdgs: &[5, 10],
        circle_type: Some("Leadership Circle"),
        weeks: 8,
        countries: &["GB", "DE"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(20),
        price_cents: None,
    },
    DemoGroup {
        name: "Data Analysis Study Group",
        kind: "circle",
        event_type: None,
        description: "<p>Weekly practice analysing real public data sets together.</p>",
        days: [-40, -20, -14, 42],
        topics: &["Generative AI", "Remote Work"],
        sdgs: &[4, 9],
        circle_type: Some("Use Case Circle"),
        weeks: 8,
        countries: &["NG", "GH"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(15),
        price_cents: None,
    },
    DemoGroup {
        name: "Startup Founders Circle",
        kind: "circle",
        event_type: None,
        description: "<p>Founders sharing what worked while building their first product.</p>",
        days: [-120, -100, -90, -30],
        topics: &["Startups", "Networking"],
        sdgs: &[8, 9],
        circle_type: Some("Research Circle"),
        weeks: 8,
        countries: &["US"],
        modality: "in_person",
        complexity: "advanced",
        maximum_size: None,
        price_cents: None,
    },
    DemoGroup {
        name: "Prompt Engineering Workshop",
        kind: "event",
        event_type: Some("workshop"),
        description: "<p>A two-hour workshop on writing prompts that get useful answers.</p>",
        days: [-3, 10, 12, 12],
        topics: &["Generative AI"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["US"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(100),
        price_cents: None,
    },
    DemoGroup {
        name: "Future of Work Conference",
        kind: "event",
        event_type: Some("conference"),
        description: "<p>Talks and panels on careers, AI and the changing workplace.</p>",
        days: [-10, 25, 30, 31],
        topics: &["Remote Work", "Personal Branding"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["KE"],
        modality: "in_person",
        complexity: "beginner",
        maximum_size: Some(500),
        price_cents: None,
    },
    DemoGroup {
        name: "AI Career Accelerator",
        kind: "circle",
        event_type: None,
        description: "<p>A paid six-week cohort: weekly coaching, portfolio reviews and mock interviews.</p>",
        days: [-2, 20, 27, 69],
        topics: &["Generative AI", "Career Change"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 6,
        countries: &["US", "GB"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(25),
        price_cents: Some(4900),
    },
    // The assistant's "which circles can teach me prompt engineering?" (issue 17).
    DemoGroup {
        name: "Prompt Engineering Practice Circle",
        kind: "circle",
        event_type: None,
        description: "<p>Six weeks of weekly prompt engineering challenges: write, test and improve prompts for \
                      real work tasks with peers and a coach.</p>",
        days: [-2, 20, 28, 70],
        topics: &["Generative AI"],
        sdgs: &[4],
        circle_type: Some("Learning Circle"),
        weeks: 6,
        countries: &["KE", "US"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(25),
        price_cents: None,
    },
    // Guidance (issue 29): what maria's goal (data analysis into data science) is met by,
    // in other words than hers, and an event coming up in her country.
    DemoGroup {
        name: "Predictive Modelling Lab",
        kind: "circle",
        event_type: None,
        description: "<p>Eight weeks for analysts ready to go beyond dashboards: Python notebooks, statistics, \
                      regression and classification models, and a portfolio project built on real data.</p>",
        days: [-3, 18, 25, 81],
        topics: &["Data Science", "Machine Learning"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 8,
        countries: &["ES", "US", "KE"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(30),
        price_cents: None,
    },
    DemoGroup {
        name: "Madrid Tech Careers Meetup",
        kind: "event",
        event_type: Some("workshop"),
        description: "<p>An evening of short talks from people who changed roles in tech, then open networking \
                      with hiring teams from Madrid companies.</p>",
        days: [-4, 8, 9, 9],
        topics: &["Networking", "Career Change"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["ES"],
        modality: "in_person",
        complexity: "beginner",
        maximum_size: Some(120),
        price_cents: None,
    },
];

/// The demo site's programme: the admin is a certified circle leader; four circles in
/// each lifecycle state (open for applications, upcoming, running, closed) and two events
/// under the organization; sam in the running circle, maria's pending application to the
/// open one, which is the organization's training circle. Existing groups are kept.
pub(super) async fn seed_demo_programme(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
    use chrono::{Days, Utc};
    use domain::groups::form::GroupForm;

    use crate::{
        entities::groups,
        queries::{groups as group_q, profiles as profile_q, programme},
    };

    let Some(admin) = user_q::find_by_email(txn, "admin@example.com").await? else { return Ok(()) };
    let tenant_id = demo.tenant.id;
    let topic_ids = |names: &'static [&'static str]| async move {
        let keys: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let found: Vec<i64> = topics::Entity::find()
            .select_only()
            .column(topics::Column::Id)
            .filter(topics::Column::TenantId.eq(tenant_id))
            .filter(topics::Column::TopicType.eq("general"))
            .filter(topics::Column::NameKey.is_in(keys))
            .order_by_asc(topics::Column::Id)
            .into_tuple()
            .all(txn)
            .await?;
        StoreResult::Ok(found)
    };

    // The admin leads circles: an Advanced certification in AI and Data on the demo site.
    profile_q::ensure(txn, &admin).await?;
    if programme::certification_of(txn, tenant_id, admin.id).await?.is_none() {
        let areas = topic_q::list_areas(txn, tenant_id, 0, 500).await?.items;
        let area: Vec<i64> = areas.iter().filter(|a| a.name == "AI and Data").map(|a| a.id).collect();
        let certification =
            programme::NewCertification { level: 3, level_name: "Advanced", topic_areas: &area, application_id: None };
        programme::set_certification(txn, tenant_id, admin.id, certification).await?;
    }

    let kinds = group_q::circle_types(txn, tenant_id).await?;
    let today = Utc::now().date_naive();
    let day = |offset: i64| {
        if offset >= 0 {
            today.checked_add_days(Days::new(offset as u64))
        } else {
            today.checked_sub_days(Days::new(offset.unsigned_abs()))
        }
    };
    let mut ids = Vec::new();
    for demo_group in DEMO_GROUPS {
        let slug = domain::slug::slugify(demo_group.name);
        if let Some(existing) = group_q::find_by_slug(txn, tenant_id, &slug).await? {
            ids.push(existing.id);
            continue;
        }
        let [open, close, start, end] = demo_group.days;
        let extra = if ids.is_empty() {
            json!({"questions": [
                {"id": "textarea101", "label": "What do you hope to learn in this circle?", "type": "textarea",
                 "required": true, "options": []},
                {"id": "radio102", "label": "How much have you used AI tools so far?", "type": "radio",
                 "required": true, "options": ["Never", "A few times", "Every week"]}
            ]})
        } else {
            json!({})
        };
        let form = GroupForm {
            name: demo_group.name.to_string(),
            group_type: demo_group.kind.to_string(),
            parent_group: Some(demo.organization.id),
            description: Some(demo_group.description.to_string()),
            countries: demo_group.countries.iter().map(|c| (*c).to_string()).collect(),
            country: demo_group.countries.first().map(|c| (*c).to_string()),
            topics: topic_ids(demo_group.topics).await?,
            career_stages: vec!["3".into(), "4".into()],
            relevant_sdgs: demo_group.sdgs.to_vec(),
            group_duration: "time_limited".into(),
            maximum_size: demo_group.maximum_size,
            start_date: day(start),
            end_date: day(end),
            application_open_date: day(open),
            application_close_date: day(close),
            publicity: Some("open".into()),
            circle_type: demo_group.circle_type.and_then(|name| kinds.iter().find(|k| k.name == name)).map(|k| k.id),
            event_type: demo_group.event_type.map(str::to_string),
            commitment_time: Some(demo_group.weeks),
            complexity_level: Some(demo_group.complexity.to_string()),
            learning_modality: Some(demo_group.modality.to_string()),
            extra_info: extra,
            is_paid: demo_group.price_cents.is_some(),
            price_cents: demo_group.price_cents,
            discount: demo_group.price_cents.map(|_| 10),
            paid_features: if demo_group.price_cents.is_some() {
                vec!["Weekly coaching".into(), "Portfolio reviews".into(), "Mock interviews".into()]
            } else {
                Vec::new()
            },
            ..Default::default()
        };
        let group = group_q::insert(txn, tenant_id, &form, 0, admin.id).await?;
        let role = if demo_group.kind == "circle" { "leader" } else { "admin" };
        member_q::upsert(txn, group.id, admin.id, role, member_q::STATUS_ACCEPTED).await?;
        ids.push(group.id);
    }
    let (open_circle, running_circle) = (ids[0], ids[2]);
    if let Some(sam) = user_q::find_by_email(txn, "sam@example.com").await? {
        programme::join_once(txn, running_circle, sam.id, member_q::STATUS_ACCEPTED).await?;
    }
    if let Some(maria) = user_q::find_by_email(txn, "maria@example.com").await? {
        programme::join_once(txn, open_circle, maria.id, "pending").await?;
    }
    if let Some(org) = groups::Entity::find_by_id(demo.organization.id).one(txn).await? {
        let mut extra = org.extra_info.clone().and_then(|e| e.as_object().cloned()).unwrap_or_default();
        let has_donations = org.donation_details.as_ref().and_then(|d| d.as_array()).is_some_and(|d| !d.is_empty());
        if !has_donations {
            // Donations on the demo organization (its Donate tab and card).
            let options = json!([
                {"name": "Scholarship fund", "description": "Pays a seat in a paid circle for someone who cannot.",
                 "stripe_price_id": null},
                {"name": "General support", "description": "Keeps the community's circles and events running.",
                 "stripe_price_id": null}
            ]);
            let mut active: groups::ActiveModel = org.clone().into();
            active.donation_details = sea_orm::Set(Some(options));
            sea_orm::ActiveModelTrait::update(active, txn).await?;
        }
        if extra.get("training_circle").and_then(|v| v.as_i64()) != Some(open_circle) {
            extra.insert("training_circle".into(), json!(open_circle));
            group_q::set_extra_info(txn, org, serde_json::Value::Object(extra)).await?;
        }
    }
    seed_demo_use_cases(txn, tenant_id, admin.id, &ids).await?;
    seed_demo_ai_tools(txn, tenant_id, demo.organization.id, admin.id).await?;
    seed_demo_content(txn, tenant_id, demo.organization.id, admin.id).await?;
    Ok(())
}
