//! The admin dashboard's to-do counts (spec 002 §2 "Admin dashboard", §7 "Admin metrics"):
//! what waits for the site's administrators. Each is one `COUNT` on an index that starts
//! with the tenant and the status (m0019 contents, m0020 ai_tools, m0009 use_cases, m0033
//! job_posts).

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use crate::{
    entities::{ai_tools, contents, job_posts, use_cases},
    StoreResult,
};

pub const PENDING: &str = "pending";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PendingCounts {
    /// Draft job posts (not deleted).
    pub jobs: u64,
    /// Resources waiting for moderation.
    pub resources: u64,
    pub ai_tools: u64,
    pub use_cases: u64,
}

/// The site's items waiting for its administrators.
pub async fn pending_counts(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<PendingCounts> {
    let jobs = job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(tenant_id))
        .filter(job_posts::Column::JobStatus.eq(PENDING))
        .filter(job_posts::Column::DeletedAt.is_null())
        .count(db)
        .await?;
    let resources = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(tenant_id))
        .filter(contents::Column::ContentType.eq("resource"))
        .filter(contents::Column::Status.eq(PENDING))
        .count(db)
        .await?;
    let ai_tools = ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(tenant_id))
        .filter(ai_tools::Column::Status.eq(PENDING))
        .count(db)
        .await?;
    let use_cases = use_cases::Entity::find()
        .filter(use_cases::Column::TenantId.eq(tenant_id))
        .filter(use_cases::Column::Status.eq(PENDING))
        .count(db)
        .await?;
    Ok(PendingCounts { jobs, resources, ai_tools, use_cases })
}
