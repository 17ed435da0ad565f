//! Profile imports: the record a user polls, and the job that runs it.

use sea_orm::{sea_query::Expr, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::{entities::profile_imports, now, StoreResult};

/// The job kind that runs an import (payload `{"import_id": N}`).
pub const JOB_KIND: &str = "profile_import";
/// A user waits for an import: a few quick retries, then it fails with a clear message.
pub const MAX_ATTEMPTS: i32 = 3;

pub const STATUS_QUEUED: &str = "queued";
pub const STATUS_RUNNING: &str = "running";
pub const STATUS_DONE: &str = "done";
pub const STATUS_FAILED: &str = "failed";

pub struct NewImport<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub requested_by: i64,
    /// resume or linkedin.
    pub source: &'a str,
    /// The section keys to write.
    pub fields: &'a [String],
    pub file_id: Option<i64>,
    pub url: Option<&'a str>,
}

/// Records an import and queues its job; call inside the transaction of the request that
/// asked for it, so that neither exists without the other.
pub async fn queue(db: &impl ConnectionTrait, new: NewImport<'_>) -> StoreResult<profile_imports::Model> {
    let at = now();
    let import = profile_imports::ActiveModel {
        tenant_id: Set(new.tenant_id),
        user_id: Set(new.user_id),
        requested_by: Set(Some(new.requested_by)),
        source: Set(new.source.to_string()),
        status: Set(STATUS_QUEUED.into()),
        fields: Set(json!(new.fields)),
        file_id: Set(new.file_id),
        url: Set(new.url.map(str::to_string)),
        error: Set(None),
        started_at: Set(None),
        finished_at: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    super::mail::enqueue_job_with_attempts(db, JOB_KIND, json!({ "import_id": import.id }), at, MAX_ATTEMPTS).await?;
    Ok(import)
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<profile_imports::Model>> {
    Ok(profile_imports::Entity::find_by_id(id).one(db).await?)
}

/// The section keys of an import.
pub fn fields_of(import: &profile_imports::Model) -> Vec<String> {
    import
        .fields
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

pub async fn mark_running(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    let at = now();
    profile_imports::Entity::update_many()
        .col_expr(profile_imports::Column::Status, Expr::value(STATUS_RUNNING))
        .col_expr(profile_imports::Column::StartedAt, Expr::value(at))
        .col_expr(profile_imports::Column::UpdatedAt, Expr::value(at))
        .filter(profile_imports::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends an import: done (`error` None) or failed with a message for the user.
pub async fn finish(db: &impl ConnectionTrait, id: i64, error: Option<&str>) -> StoreResult<()> {
    let at = now();
    let status = if error.is_some() { STATUS_FAILED } else { STATUS_DONE };
    profile_imports::Entity::update_many()
        .col_expr(profile_imports::Column::Status, Expr::value(status))
        .col_expr(profile_imports::Column::Error, Expr::value(error.map(str::to_string)))
        .col_expr(profile_imports::Column::FinishedAt, Expr::value(at))
        .col_expr(profile_imports::Column::UpdatedAt, Expr::value(at))
        .filter(profile_imports::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
