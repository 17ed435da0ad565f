//! The benchmark site's circles and events.

use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};

use crate::{
    entities::memberships,
    queries::{
        memberships as member_q,
        tenants::{self},
    },
    StoreResult,
};

use super::{GROUP_LEVELS, SCALE_SKILL_WORDS};

/// 100 circles and 30 events per thousand users under the demo organization, spread over
/// every lifecycle state, modality and a few countries, each with a handful of members, so
/// the group lists are measured at scale.
pub(super) async fn seed_scale_groups(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use chrono::Days;
    use sea_orm::ActiveModelTrait;

    use crate::entities::groups;
    const COUNTRIES: [&str; 5] = ["US", "KE", "NG", "IN", "BR"];
    const MODALITIES: [&str; 3] = ["online", "in_person", "no_preference"];
    let existing = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-%"))
        .count(db)
        .await?;
    let today = at.date_naive();
    let member_ids: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .limit(500)
        .into_tuple()
        .all(db)
        .await?;
    let total = thousands * 130;
    for n in existing..total {
        let kind = if n % 13 < 10 { "circle" } else { "event" };
        // Start dates from 200 days ago to 100 days ahead: every lifecycle state occurs.
        let offset = (n % 300) as i64 - 200;
        let shift = |d: i64| {
            if d >= 0 {
                today.checked_add_days(Days::new(d as u64))
            } else {
                today.checked_sub_days(Days::new((-d) as u64))
            }
        };
        let group = groups::ActiveModel {
            tenant_id: Set(demo.tenant.id),
            parent_id: Set(Some(demo.organization.id)),
            group_type: Set(kind.into()),
            name: Set(format!(
                "{} {} {}",
                SCALE_SKILL_WORDS[(n as usize) % SCALE_SKILL_WORDS.len()],
                if kind == "circle" { "Circle" } else { "Meetup" },
                GROUP_LEVELS[(n as usize / SCALE_SKILL_WORDS.len()) % GROUP_LEVELS.len()]
            )),
            slug: Set(format!("scale-{kind}-{n}")),
            description: Set(Some("<p>A group made for load tests.</p>".into())),
            privacy: Set(if n % 17 == 0 { 20 } else { 0 }),
            join_mode: Set("open".into()),
            is_tenant_root: Set(false),
            country: Set(None),
            countries: Set(Some(serde_json::json!([COUNTRIES[(n % 5) as usize], COUNTRIES[((n + 2) % 5) as usize]]))),
            career_stages: Set(Some(serde_json::json!(["1", "2"]))),
            learning_modality: Set(Some(MODALITIES[(n % 3) as usize].into())),
            commitment_time: Set(Some(4)),
            maximum_size: Set(Some(50)),
            event_type: Set((kind == "event").then(|| "workshop".into())),
            application_open_date: Set(shift(offset - 30)),
            application_close_date: Set(shift(offset - 5)),
            start_date: Set(shift(offset)),
            end_date: Set(shift(offset + 40)),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await?;
        let rows: Vec<memberships::ActiveModel> = (0..5)
            .filter_map(|k| member_ids.get(((n * 5 + k) % member_ids.len().max(1) as u64) as usize))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .map(|user_id| memberships::ActiveModel {
                group_id: Set(group.id),
                user_id: Set(*user_id),
                role: Set("member".into()),
                status: Set(member_q::STATUS_ACCEPTED.into()),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            })
            .collect();
        if !rows.is_empty() {
            memberships::Entity::insert_many(rows).exec(db).await?;
        }
    }
    Ok(())
}
