//! The benchmark site's content.

use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};
use serde_json::json;

use crate::{
    entities::memberships,
    queries::{
        memberships as member_q,
        tenants::{self},
    },
    StoreResult,
};

use super::SCALE_SKILL_WORDS;

/// Posts, resources and prompts for load tests: 300 items per thousand users over the scale
/// circles and the organization, by its members; resources mostly approved and published to
/// the hub, with topic areas, countries and career stages spread over them. Idempotent by
/// slug prefix.
pub(super) async fn seed_scale_content(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{contents, groups, topic_areas};
    const COUNTRIES: [&str; 5] = ["United States", "Kenya", "Nigeria", "India", "Brazil"];
    const KINDS: [&str; 6] = ["Guide", "Checklist", "Course", "Template", "Playbook", "Reading list"];
    let existing = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(demo.tenant.id))
        .filter(contents::Column::Slug.like("scale-content-%"))
        .count(db)
        .await?;
    let total = thousands * 300;
    if existing >= total {
        return Ok(());
    }
    let mut areas: Vec<i64> = topic_areas::Entity::find()
        .select_only()
        .column(topic_areas::Column::Id)
        .filter(topic_areas::Column::TenantId.eq(demo.tenant.id))
        .into_tuple()
        .all(db)
        .await?;
    if areas.is_empty() {
        for name in ["Technology", "Business", "Health", "Education"] {
            let area = topic_areas::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                name: Set(name.into()),
                created_at: Set(at),
                ..Default::default()
            };
            areas.push(sea_orm::ActiveModelTrait::insert(area, db).await?.id);
        }
    }
    let mut owners: Vec<i64> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-circle-%"))
        .limit(300)
        .into_tuple()
        .all(db)
        .await?;
    owners.push(demo.organization.id);
    let authors: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .filter(memberships::Column::Status.eq(member_q::STATUS_ACCEPTED))
        .limit(1000)
        .into_tuple()
        .all(db)
        .await?;
    if authors.is_empty() {
        return Ok(());
    }
    let mut n = existing;
    while n < total {
        let batch: Vec<u64> = (n..(n + 500).min(total)).collect();
        let rows: Vec<contents::ActiveModel> = batch
            .iter()
            .map(|&k| {
                let created = at - chrono::Duration::minutes((total - k) as i64 * 3);
                // Two in three are resources, one in ten a prompt, the rest posts.
                let kind = match k % 10 {
                    0 => "prompt",
                    1..=6 => "resource",
                    _ => "post",
                };
                let word = SCALE_SKILL_WORDS[(k as usize) % SCALE_SKILL_WORDS.len()];
                let title = if kind == "post" {
                    format!("Thoughts on {word} this week")
                } else {
                    format!("{word} {}", KINDS[(k % 6) as usize])
                };
                let text = format!("A {kind} about {word} made for load tests.");
                contents::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(owners[(k as usize) % owners.len()]),
                    created_by: Set(authors[(k as usize) % authors.len()]),
                    content_type: Set(kind.into()),
                    is_newsletter: Set(false),
                    sub_type: Set(None),
                    title: Set(title),
                    slug: Set(format!("scale-content-{k}")),
                    content: Set(format!("<p>{text}</p>")),
                    raw_text: Set(text),
                    data: Set(None),
                    thumbnail_file_id: Set(None),
                    topics: Set(Some(json!([]))),
                    topic_area_id: Set(Some(areas[(k as usize) % areas.len()])),
                    career_stages: Set(Some(json!([(k % 4 + 1).to_string()]))),
                    career_goals: Set(Some(json!([]))),
                    professional_fields: Set(Some(json!([]))),
                    roles: Set(Some(json!([]))),
                    country: Set(Some(COUNTRIES[(k % 5) as usize].into())),
                    security_level: Set(if kind == "post" && k % 3 == 0 { 20 } else { 0 }),
                    publish_to_khub: Set(kind != "post"),
                    is_premium: Set(kind == "resource" && k % 11 == 0),
                    is_trending: Set(false),
                    is_pinned: Set(false),
                    status: Set(if kind != "post" && k % 8 == 0 { "pending".into() } else { "approved".into() }),
                    source: Set(None),
                    send_email: Set(false),
                    created_at: Set(created),
                    updated_at: Set(created),
                    last_edited_at: Set(None),
                    ..Default::default()
                }
            })
            .collect();
        contents::Entity::insert_many(rows).exec(db).await?;
        n += batch.len() as u64;
    }
    Ok(())
}
