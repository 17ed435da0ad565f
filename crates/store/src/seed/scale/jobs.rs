//! The benchmark site's jobs.

use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};
use serde_json::json;

use crate::{
    entities::{memberships, topics},
    queries::tenants::{self},
    StoreResult,
};

use super::SCALE_SKILL_WORDS;

/// 500 job posts per thousand users, from the demo organization and the scale circles,
/// published (every ninth a draft), created over the past months, with skills and a few
/// applications each, so the job board is measured at scale.
pub(super) async fn seed_scale_jobs(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{groups, job_applications, job_post_skills, job_posts};
    const LOCATIONS: [&str; 3] = ["remote", "on_site", "hybrid"];
    const TYPES: [&str; 4] = ["project_based", "full_time", "part_time", "internship"];
    const COUNTRIES: [&str; 5] = ["United States", "Kenya", "Nigeria", "India", "Brazil"];
    const ROLES: [&str; 8] =
        ["Analyst", "Engineer", "Designer", "Researcher", "Coordinator", "Writer", "Manager", "Intern"];
    let existing = job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(demo.tenant.id))
        .filter(job_posts::Column::Slug.like("scale-job-%"))
        .count(db)
        .await?;
    let total = thousands * 500;
    if existing >= total {
        return Ok(());
    }
    let mut owners: Vec<i64> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-circle-%"))
        .filter(groups::Column::Privacy.lt(20))
        .limit(200)
        .into_tuple()
        .all(db)
        .await?;
    owners.push(demo.organization.id);
    let skill_ids: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(demo.tenant.id))
        .filter(topics::Column::TopicType.eq("skill"))
        .limit(200)
        .into_tuple()
        .all(db)
        .await?;
    let applicant_ids: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .limit(2000)
        .into_tuple()
        .all(db)
        .await?;
    let today = at.date_naive();
    let mut n = existing;
    while n < total {
        let batch: Vec<u64> = (n..(n + 500).min(total)).collect();
        let mut rows = Vec::with_capacity(batch.len());
        for &k in &batch {
            let created = at - chrono::Duration::minutes((total - k) as i64 * 7);
            let location = LOCATIONS[(k % 3) as usize];
            rows.push(job_posts::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                group_id: Set(owners[(k as usize) % owners.len()]),
                slug: Set(format!("scale-job-{k}")),
                title: Set(format!(
                    "{} {}",
                    SCALE_SKILL_WORDS[(k as usize) % SCALE_SKILL_WORDS.len()],
                    ROLES[(k % 8) as usize]
                )),
                description: Set("<p>A job posted for load tests.</p>".into()),
                requirements: Set(None),
                career_stages: Set(Some(json!([(k % 4 + 1).to_string()]))),
                professional_fields: Set(Some(json!([]))),
                countries: Set(Some(json!([COUNTRIES[(k % 5) as usize]]))),
                job_location: Set(location.into()),
                job_type: Set(Some(TYPES[(k % 4) as usize].into())),
                address: Set((location != "remote").then(|| format!("{} office", COUNTRIES[(k % 5) as usize]))),
                application_open_date: Set(today.checked_sub_days(chrono::Days::new(k % 60))),
                application_close_date: Set(today.checked_add_days(chrono::Days::new(k % 90)).filter(|_| k % 10 != 0)),
                job_status: Set(if k % 9 == 0 { "pending".into() } else { "approved".into() }),
                is_featured: Set(false),
                extra_info: Set(Some(json!({}))),
                created_by: Set(None),
                deleted_at: Set(None),
                created_at: Set(created),
                updated_at: Set(created),
                ..Default::default()
            });
        }
        job_posts::Entity::insert_many(rows).exec(db).await?;
        let slugs: Vec<String> = batch.iter().map(|k| format!("scale-job-{k}")).collect();
        let ids: Vec<(i64, String)> = job_posts::Entity::find()
            .select_only()
            .column(job_posts::Column::Id)
            .column(job_posts::Column::Slug)
            .filter(job_posts::Column::TenantId.eq(demo.tenant.id))
            .filter(job_posts::Column::Slug.is_in(slugs))
            .into_tuple()
            .all(db)
            .await?;
        let mut skill_rows = Vec::new();
        let mut application_rows = Vec::new();
        for (id, slug) in ids {
            let k: u64 = slug.trim_start_matches("scale-job-").parse().unwrap_or_default();
            let mut chosen = std::collections::BTreeSet::new();
            for j in 0..2 {
                if let Some(skill) = skill_ids.get(((k * 3 + j * 7) as usize) % skill_ids.len().max(1)) {
                    chosen.insert(*skill);
                }
            }
            for topic_id in chosen {
                skill_rows.push(job_post_skills::ActiveModel {
                    job_post_id: Set(id),
                    topic_id: Set(topic_id),
                    ..Default::default()
                });
            }
            let people: std::collections::BTreeSet<i64> = (0..3)
                .filter_map(|j| applicant_ids.get(((k * 3 + j) as usize) % applicant_ids.len().max(1)).copied())
                .collect();
            for (j, user_id) in people.into_iter().enumerate() {
                let status = ["pending", "accepted", "rejected"][(k as usize + j) % 3];
                application_rows.push(job_applications::ActiveModel {
                    job_post_id: Set(id),
                    user_id: Set(user_id),
                    status: Set(status.into()),
                    answers: Set(Some(json!({}))),
                    resume: Set(None),
                    reviewed_at: Set(None),
                    reviewed_by: Set(None),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                });
            }
        }
        if !skill_rows.is_empty() {
            job_post_skills::Entity::insert_many(skill_rows).exec(db).await?;
        }
        if !application_rows.is_empty() {
            job_applications::Entity::insert_many(application_rows).exec(db).await?;
        }
        n += batch.len() as u64;
    }
    Ok(())
}
