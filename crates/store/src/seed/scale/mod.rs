//! Benchmark data: a tenant of `thousands` × 1,000 members with circles, events, jobs, the
//! catalogue and content in the proportions of a big site (`bench/`).

use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde_json::json;

use crate::{
    entities::{memberships, topics, users},
    now,
    queries::{
        memberships as member_q,
        tenants::{self},
    },
    Db, StoreResult,
};

mod catalogue;
mod content;
mod groups;
mod jobs;

use catalogue::seed_scale_catalogue;
use content::seed_scale_content;
use groups::seed_scale_groups;
use jobs::seed_scale_jobs;

const FIRST_NAMES: &[&str] = &[
    "Amara", "Ben", "Chen", "Dalia", "Emeka", "Fatima", "Goran", "Hana", "Ivan", "Jia", "Kofi", "Lena", "Mateo",
    "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Ximena", "Yusuf", "Zara",
];
const LAST_NAMES: &[&str] = &[
    "Adeyemi", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kim", "Larsen",
    "Mensah", "Novak", "Okoro", "Patel", "Quispe", "Rossi", "Singh", "Tanaka", "Usman", "Valdez",
];
const SCALE_SKILL_WORDS: &[&str] = &[
    "Data",
    "Cloud",
    "Product",
    "Design",
    "Security",
    "Marketing",
    "Finance",
    "Research",
    "Sales",
    "Operations",
    "Mobile",
    "Web",
    "AI",
    "Analytics",
    "Strategy",
    "Content",
    "Health",
    "Policy",
    "Education",
    "Robotics",
];
/// The scale seed's names are drawn from these (with the skill words), never numbered, so the
/// matching worker embeds each distinct text once.
const TOOL_STYLES: &[&str] = &["Studio", "Assistant", "Copilot", "Lite", "Pro"];
const USE_CASE_VERBS: &[&str] = &["Drafting", "Automating", "Reviewing", "Planning", "Summarising"];
const GROUP_LEVELS: &[&str] = &["for Beginners", "for Practitioners", "for Leaders"];
/// Job titles of the scale members' profiles, with the field (option id) each is in.
const SCALE_TITLES: &[(&str, i64)] = &[
    ("Data Analyst", 2),
    ("Software Engineer", 1),
    ("Product Manager", 3),
    ("UX Designer", 6),
    ("Marketing Specialist", 3),
    ("Financial Analyst", 3),
    ("Research Assistant", 5),
    ("Nurse", 4),
    ("Teacher", 5),
    ("Policy Officer", 7),
    ("Cloud Engineer", 1),
    ("Data Scientist", 2),
    ("Sales Associate", 3),
    ("HR Coordinator", 3),
    ("Legal Assistant", 8),
    ("Graphic Designer", 6),
    ("Operations Manager", 3),
    ("Security Analyst", 1),
    ("Student", 5),
    ("Content Writer", 6),
];

const SCALE_SKILL_SUFFIXES: &[&str] = &[
    "Engineering",
    "Management",
    "Analysis",
    "Writing",
    "Leadership",
    "Automation",
    "Modelling",
    "Testing",
    "Architecture",
    "Ethics",
    "Coaching",
    "Planning",
];

/// Benchmark data on the default tenant: `thousands` × 1000 users who are members of the
/// default organization, and a few hundred topics. Inserted in chunks inside one transaction.
pub async fn seed_scale(db: &Db, thousands: u64, password_hash: &str) -> StoreResult<u64> {
    let demo = tenants::default_tenant(db).await?;
    let txn = db.begin().await?;
    let at = now();
    let mut topic_rows = Vec::new();
    for (i, word) in SCALE_SKILL_WORDS.iter().enumerate() {
        for (j, suffix) in SCALE_SKILL_SUFFIXES.iter().enumerate() {
            let name = format!("{word} {suffix}");
            let kind = if (i + j) % 3 == 0 { "general" } else { "skill" };
            topic_rows.push(topics::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                name_key: Set(format!("{} (scale)", name.to_lowercase())),
                name: Set(format!("{name} (scale)")),
                topic_type: Set(kind.into()),
                topic_area_id: Set(None),
                group_id: Set(None),
                created_by: Set(None),
                created_at: Set(at),
                ..Default::default()
            });
        }
    }
    // Idempotence: a rerun skips topics that exist.
    for row in topic_rows {
        let _ = topics::Entity::insert(row).on_conflict_do_nothing().exec(&txn).await?;
    }

    // The scale topics in a fixed order: each scale member lists two of them.
    let scale_topics: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(demo.tenant.id))
        .filter(topics::Column::NameKey.like("% (scale)"))
        .order_by_asc(topics::Column::Id)
        .into_tuple()
        .all(&txn)
        .await?;

    let start = users::Entity::find().count(&txn).await?;
    let total = thousands * 1000;
    let mut created = 0u64;
    while created < total {
        let batch = (total - created).min(500);
        let mut rows = Vec::with_capacity(batch as usize);
        for k in 0..batch {
            let n = start + created + k;
            let first = FIRST_NAMES[(n as usize) % FIRST_NAMES.len()];
            let last = LAST_NAMES[(n as usize / FIRST_NAMES.len()) % LAST_NAMES.len()];
            rows.push(users::ActiveModel {
                email: Set(format!("{}.{}.{n}@scale.example.com", first.to_lowercase(), last.to_lowercase())),
                password_hash: Set(Some(password_hash.to_string())),
                first_name: Set(first.into()),
                last_name: Set(last.into()),
                is_verified: Set(!n.is_multiple_of(10)),
                is_trial_user: Set(false),
                is_staff: Set(false),
                is_active: Set(true),
                last_login_at: Set(None),
                subscribe_to_newsletter: Set(true),
                profile_type: Set("individual".into()),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            });
        }
        let emails: Vec<String> = rows.iter().map(|r| r.email.clone().unwrap()).collect();
        users::Entity::insert_many(rows).exec(&txn).await?;
        let ids: Vec<i64> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .filter(users::Column::Email.is_in(emails))
            .order_by_asc(users::Column::Id)
            .into_tuple()
            .all(&txn)
            .await?;
        seed_scale_profiles(&txn, demo.organization.id, &ids, start + created, &scale_topics, at).await?;
        let mut member_rows = Vec::with_capacity(ids.len());
        for (k, user_id) in ids.into_iter().enumerate() {
            member_rows.push(memberships::ActiveModel {
                group_id: Set(demo.organization.id),
                user_id: Set(user_id),
                role: Set("member".into()),
                status: Set(if k.is_multiple_of(7) { "pending".into() } else { member_q::STATUS_ACCEPTED.into() }),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            });
        }
        memberships::Entity::insert_many(member_rows).exec(&txn).await?;
        created += batch;
    }
    seed_scale_groups(&txn, &demo, thousands, at).await?;
    seed_scale_jobs(&txn, &demo, thousands, at).await?;
    seed_scale_catalogue(&txn, &demo, thousands, at).await?;
    seed_scale_content(&txn, &demo, thousands, at).await?;
    crate::search_index::optimize(&txn).await?;
    txn.commit().await?;
    // PostgreSQL plans from table statistics, which a bulk load leaves empty until autovacuum
    // gets round to it: without them the first minutes of a benchmark measure bad plans.
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        sea_orm::ConnectionTrait::execute_unprepared(db, "ANALYZE").await?;
    }
    Ok(created)
}

/// Profiles of a batch of scale members (`ids`, the first numbered `first`): a title, two
/// topics and their stage and field on the organization, all drawn from fixed lists so the
/// members' texts repeat (a few hundred distinct ones, each embedded once).
async fn seed_scale_profiles(
    txn: &impl sea_orm::ConnectionTrait,
    organization_id: i64,
    ids: &[i64],
    first: u64,
    scale_topics: &[i64],
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{group_profiles, profile_topics, profiles};
    let mut profile_rows = Vec::with_capacity(ids.len());
    let mut answer_rows = Vec::with_capacity(ids.len());
    for (k, user_id) in ids.iter().enumerate() {
        let n = first as usize + k;
        let (title, field) = SCALE_TITLES[n % SCALE_TITLES.len()];
        profile_rows.push(profiles::ActiveModel {
            user_id: Set(*user_id),
            name_slug: Set(format!("scale-member-{n}")),
            title: Set(Some(title.to_string())),
            country: Set(Some(["Kenya", "Nigeria", "India", "United States", "Brazil"][n % 5].to_string())),
            interested_services: Set(json!([])),
            completion_percent: Set(40 + (n % 50) as i16),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        });
        answer_rows.push(group_profiles::ActiveModel {
            group_id: Set(organization_id),
            user_id: Set(*user_id),
            career_stage: Set(Some((n / SCALE_TITLES.len() % 5) as i64 + 1)),
            professional_field: Set(Some(field)),
            reason_to_join: Set(json!([])),
            is_certified: Set(false),
            extra_info: Set(json!({})),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        });
    }
    profiles::Entity::insert_many(profile_rows).exec_without_returning(txn).await?;
    group_profiles::Entity::insert_many(answer_rows).exec_without_returning(txn).await?;
    if scale_topics.is_empty() {
        return Ok(());
    }
    let profile_ids: Vec<(i64, i64)> = profiles::Entity::find()
        .select_only()
        .column(profiles::Column::UserId)
        .column(profiles::Column::Id)
        .filter(profiles::Column::UserId.is_in(ids.to_vec()))
        .into_tuple()
        .all(txn)
        .await?;
    let profile_of: std::collections::HashMap<i64, i64> = profile_ids.into_iter().collect();
    let mut topic_rows = Vec::with_capacity(ids.len() * 2);
    for (k, user_id) in ids.iter().enumerate() {
        let n = first as usize + k;
        let Some(profile_id) = profile_of.get(user_id) else { continue };
        // The title picks the topics' row, the member's number one of three pairs in it.
        let base = (n % SCALE_TITLES.len()) * SCALE_SKILL_SUFFIXES.len() + (n / SCALE_TITLES.len() % 3) * 2;
        for (position, offset) in [0usize, 1].into_iter().enumerate() {
            topic_rows.push(profile_topics::ActiveModel {
                profile_id: Set(*profile_id),
                topic_id: Set(scale_topics[(base + offset) % scale_topics.len()]),
                position: Set(position as i32),
                ..Default::default()
            });
        }
    }
    profile_topics::Entity::insert_many(topic_rows).exec_without_returning(txn).await?;
    Ok(())
}
