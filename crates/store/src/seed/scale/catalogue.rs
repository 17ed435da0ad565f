//! The benchmark site's AI tools and use cases.

use sea_orm::{ActiveValue::Set, QuerySelect};
use serde_json::json;

use crate::{queries::tenants::TenantRecord, StoreResult};

use super::{SCALE_SKILL_WORDS, TOOL_STYLES, USE_CASE_VERBS};

/// 100 approved AI tools and 100 approved use cases per thousand users on the demo
/// organization, with their categories, so the catalogue's lists are measured at scale.
/// Runs once: tools named `scale-tool-…` are not added again.
pub(super) async fn seed_scale_catalogue(
    txn: &impl sea_orm::ConnectionTrait,
    demo: &TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{ai_tools, catalogue_tags, use_cases};
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let existing = ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(demo.tenant.id))
        .filter(ai_tools::Column::Slug.starts_with("scale-tool-"))
        .count(txn)
        .await?;
    if existing > 0 {
        return Ok(());
    }
    const CATEGORIES: [&str; 6] = ["writing", "coding", "research", "design", "productivity", "data-analysis"];
    const VALUES: [&str; 3] = ["low", "medium", "high"];
    let total = thousands * 100;
    let mut start = 0;
    while start < total {
        let end = (start + 500).min(total);
        let tools: Vec<ai_tools::ActiveModel> = (start..end)
            .map(|k| {
                let word = SCALE_SKILL_WORDS[k as usize % SCALE_SKILL_WORDS.len()];
                let category = CATEGORIES[k as usize % CATEGORIES.len()];
                ai_tools::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(demo.organization.id),
                    slug: Set(format!("scale-tool-{k}")),
                    // Names and texts from a fixed set (no number): identical texts embed once.
                    name: Set(format!(
                        "{word} {}",
                        TOOL_STYLES[(k as usize / SCALE_SKILL_WORDS.len()) % TOOL_STYLES.len()]
                    )),
                    description: Set(format!("<p>A {word} tool for benchmarks.</p>")),
                    website: Set(Some(format!("https://tool-{k}.example.com"))),
                    categories: Set(Some(json!([category]))),
                    roles: Set(Some(json!([]))),
                    status: Set("approved".into()),
                    vote_score: Set((k % 17) as i64),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
            })
            .collect();
        ai_tools::Entity::insert_many(tools).exec_without_returning(txn).await?;
        let cases: Vec<use_cases::ActiveModel> = (start..end)
            .map(|k| {
                let word = SCALE_SKILL_WORDS[k as usize % SCALE_SKILL_WORDS.len()];
                use_cases::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(Some(demo.organization.id)),
                    slug: Set(format!("scale-use-case-{k}")),
                    title: Set(format!(
                        "{} {word} work with AI",
                        USE_CASE_VERBS[(k as usize / SCALE_SKILL_WORDS.len()) % USE_CASE_VERBS.len()]
                    )),
                    description: Set(Some(format!("<p>Using AI for {word} work.</p>"))),
                    status: Set("approved".into()),
                    business_value: Set(Some(VALUES[k as usize % 3].into())),
                    complexity: Set(Some(VALUES[(k as usize / 3) % 3].into())),
                    innovation_category: Set(Some("incremental".into())),
                    categories: Set(Some(json!(["productivity"]))),
                    job_functions: Set(Some(json!([((k % 6) + 1).to_string()]))),
                    vote_score: Set((k % 11) as i64),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
            })
            .collect();
        use_cases::Entity::insert_many(cases).exec_without_returning(txn).await?;
        start = end;
    }
    // The category and job-function rows the filters read.
    let tools: Vec<(i64, String)> = ai_tools::Entity::find()
        .select_only()
        .column(ai_tools::Column::Id)
        .column(ai_tools::Column::Slug)
        .filter(ai_tools::Column::TenantId.eq(demo.tenant.id))
        .filter(ai_tools::Column::Slug.starts_with("scale-tool-"))
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in tools.chunks(500) {
        let rows: Vec<catalogue_tags::ActiveModel> = chunk
            .iter()
            .map(|(id, slug)| {
                let k: usize = slug.trim_start_matches("scale-tool-").parse().unwrap_or_default();
                catalogue_tags::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    item_kind: Set("aitool".into()),
                    item_id: Set(*id),
                    tag: Set("category".into()),
                    value: Set(CATEGORIES[k % CATEGORIES.len()].into()),
                    ..Default::default()
                }
            })
            .collect();
        catalogue_tags::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    let cases: Vec<(i64, String)> = use_cases::Entity::find()
        .select_only()
        .column(use_cases::Column::Id)
        .column(use_cases::Column::Slug)
        .filter(use_cases::Column::TenantId.eq(demo.tenant.id))
        .filter(use_cases::Column::Slug.starts_with("scale-use-case-"))
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in cases.chunks(250) {
        let rows: Vec<catalogue_tags::ActiveModel> = chunk
            .iter()
            .flat_map(|(id, slug)| {
                let k: u64 = slug.trim_start_matches("scale-use-case-").parse().unwrap_or_default();
                [("category", "productivity".to_string()), ("job_function", ((k % 6) + 1).to_string())].map(
                    |(tag, value)| catalogue_tags::ActiveModel {
                        tenant_id: Set(demo.tenant.id),
                        item_kind: Set("usecase".into()),
                        item_id: Set(*id),
                        tag: Set(tag.into()),
                        value: Set(value),
                        ..Default::default()
                    },
                )
            })
            .collect();
        catalogue_tags::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    Ok(())
}
