//! The analytics roll-up (issue 33): a job of the worker that keeps every site's daily counts
//! (`store::queries::analytics`) for the analytics page, so a page view reads rolled-up rows
//! and never scans a site.
//!
//! One job of kind [`JOB_KIND`] is pending at a time: the server queues it at start when none
//! is ([`ensure_scheduled`]); each run rolls up every site (a site's first run fills the past,
//! later runs redo yesterday and today) and queues the next run [`JobContext::analytics_interval`]
//! later, also when the run gave up, so the chain never stops. Runs are idempotent, so an
//! extra one (two instances starting at once) only repeats work.

use chrono::Utc;
use serde_json::json;
use store::{
    entities::jobs,
    queries::{analytics as analytics_q, mail as mail_q},
    sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter},
    StoreResult,
};

use crate::job_context::JobContext;

pub const JOB_KIND: &str = "analytics_rollup";

/// How many roll-up jobs wait, other than `except`.
async fn pending(db: &impl ConnectionTrait, except: Option<i64>) -> StoreResult<u64> {
    let mut query =
        jobs::Entity::find().filter(jobs::Column::Status.eq("pending")).filter(jobs::Column::Kind.eq(JOB_KIND));
    if let Some(id) = except {
        query = query.filter(jobs::Column::Id.ne(id));
    }
    Ok(query.count(db).await?)
}

/// Queues a roll-up now unless one is pending (the server calls this at start).
pub async fn ensure_scheduled(db: &impl ConnectionTrait) -> StoreResult<bool> {
    if pending(db, None).await? > 0 {
        return Ok(false);
    }
    mail_q::enqueue_job(db, JOB_KIND, json!({}), store::now()).await?;
    Ok(true)
}

/// Queues the run after `job`, unless another is pending already.
pub async fn schedule_next(ctx: &JobContext, job: &jobs::Model) -> anyhow::Result<()> {
    if pending(&ctx.db, Some(job.id)).await? == 0 {
        let at = store::now() + chrono::Duration::from_std(ctx.analytics_interval)?;
        mail_q::enqueue_job(&ctx.db, JOB_KIND, json!({}), at).await?;
    }
    Ok(())
}

/// Rolls up every site for today (UTC). Returns how many sites were rolled up.
pub async fn rollup_all(db: &store::Db) -> StoreResult<usize> {
    let today = Utc::now().date_naive();
    let tenants = analytics_q::tenant_ids(db).await?;
    for tenant in &tenants {
        let (from, to) = analytics_q::rollup(db, *tenant, today).await?;
        tracing::debug!(tenant, %from, %to, "analytics rolled up");
    }
    Ok(tenants.len())
}

/// One run of the roll-up job: every site, then the next run queued.
pub async fn run(ctx: &JobContext, job: &jobs::Model) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let sites = rollup_all(&ctx.db).await?;
    tracing::info!(sites, ms = started.elapsed().as_millis() as u64, "analytics rolled up");
    schedule_next(ctx, job).await
}
