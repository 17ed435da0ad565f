//! Fixed-window rate-limit counters kept in the database, so every instance sees the same
//! counts.

use sea_orm::{
    sea_query::{CaseStatement, Expr, ExprTrait, OnConflict, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, StatementBuilder,
};

use crate::{entities::rate_limits, StoreResult};

/// The state of one counter after a hit.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    /// Hits in the current window, this one included.
    pub hits: i32,
    /// Unix seconds when the window ends.
    pub reset_at: i64,
}

/// Counts one hit on `key` in a window of `window_secs`, atomically: a new window starts
/// when the stored one has ended.
pub async fn hit(db: &impl ConnectionTrait, key: &str, now_secs: i64, window_secs: i64) -> StoreResult<Hit> {
    use rate_limits::Column;
    let table = rate_limits::Entity;
    let expired = Expr::col((table, Column::ResetAt)).lte(now_secs);
    let hits =
        CaseStatement::new().case(expired.clone(), Expr::val(1)).finally(Expr::col((table, Column::Hits)).add(1));
    let reset_at = CaseStatement::new()
        .case(expired, Expr::val(now_secs + window_secs))
        .finally(Expr::col((table, Column::ResetAt)));
    let mut insert = Query::insert();
    insert
        .into_table(table)
        .columns([Column::BucketKey, Column::Hits, Column::ResetAt])
        .values_panic([key.into(), 1.into(), (now_secs + window_secs).into()])
        .on_conflict(
            OnConflict::column(Column::BucketKey).value(Column::Hits, hits).value(Column::ResetAt, reset_at).to_owned(),
        )
        .returning(Query::returning().columns([Column::Hits, Column::ResetAt]));
    let statement = StatementBuilder::build(&insert, &db.get_database_backend());
    let row = db.query_one_raw(statement).await?.ok_or(crate::StoreError::NotFound)?;
    Ok(Hit { hits: row.try_get("", "hits")?, reset_at: row.try_get("", "reset_at")? })
}

/// The counter's current state without counting a hit (None when no window is open).
pub async fn peek(db: &impl ConnectionTrait, key: &str, now_secs: i64) -> StoreResult<Option<Hit>> {
    let row = rate_limits::Entity::find_by_id(key.to_string()).one(db).await?;
    Ok(row.filter(|r| r.reset_at > now_secs).map(|r| Hit { hits: r.hits, reset_at: r.reset_at }))
}

/// Forgets a counter (a successful sign-in clears its account's failures).
pub async fn clear(db: &impl ConnectionTrait, key: &str) -> StoreResult<()> {
    rate_limits::Entity::delete_by_id(key.to_string()).exec(db).await?;
    Ok(())
}

/// Deletes counters whose window has ended.
pub async fn prune(db: &impl ConnectionTrait, now_secs: i64) -> StoreResult<u64> {
    let result = rate_limits::Entity::delete_many().filter(rate_limits::Column::ResetAt.lte(now_secs)).exec(db).await?;
    Ok(result.rows_affected)
}
