//! The queue of changed source rows (`match_pending`), fed by m0037's triggers.
//!
//! A worker claims a batch for a lease (other instances skip it meanwhile), reads the rows
//! and writes their items, and in the same transaction as the write takes each claimed row
//! off the queue only at the version it read ([`take`]): a row queued again while it worked
//! stays, and is read again.

use sea_orm::{ConnectionTrait, DbBackend, Statement};

use crate::StoreResult;

/// A claimed queue row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// group, job, content, use_case, ai_tool, career_tip or user.
    pub kind: String,
    pub item_id: i64,
    pub version: i64,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Claims up to `limit` queue rows nobody holds, for `lease_ms`.
pub async fn claim(db: &impl ConnectionTrait, limit: u64, lease_ms: i64) -> StoreResult<Vec<Pending>> {
    let backend = db.get_database_backend();
    let (now, until) = (now_ms(), now_ms() + lease_ms);
    let sql = match backend {
        DbBackend::Postgres => format!(
            "UPDATE match_pending SET claimed_until = $1 WHERE (kind, item_id) IN (SELECT kind, item_id FROM \
             match_pending WHERE claimed_until IS NULL OR claimed_until < $2 ORDER BY kind, item_id LIMIT {limit} \
             FOR UPDATE SKIP LOCKED) RETURNING kind, item_id, version"
        ),
        _ => format!(
            "UPDATE match_pending SET claimed_until = ? WHERE (kind, item_id) IN (SELECT kind, item_id FROM \
             match_pending WHERE claimed_until IS NULL OR claimed_until < ? ORDER BY kind, item_id LIMIT {limit}) \
             RETURNING kind, item_id, version"
        ),
    };
    let rows = db.query_all_raw(Statement::from_sql_and_values(backend, sql, [until.into(), now.into()])).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(Pending {
            kind: row.try_get("", "kind")?,
            item_id: row.try_get("", "item_id")?,
            version: row.try_get("", "version")?,
        });
    }
    Ok(out)
}

/// Whether any row waits that nobody holds (a read, before claiming takes the write lock).
pub async fn any_due(db: &impl ConnectionTrait) -> StoreResult<bool> {
    let backend = db.get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => {
            "SELECT 1 AS one FROM match_pending WHERE claimed_until IS NULL OR claimed_until < $1 LIMIT 1"
        }
        _ => "SELECT 1 AS one FROM match_pending WHERE claimed_until IS NULL OR claimed_until < ? LIMIT 1",
    };
    Ok(db.query_one_raw(Statement::from_sql_and_values(backend, sql, [now_ms().into()])).await?.is_some())
}

/// Takes a claimed row off the queue if it is still at the version read; `false` when it was
/// queued again meanwhile (what was read is stale: write nothing for it).
pub async fn take(db: &impl ConnectionTrait, row: &Pending) -> StoreResult<bool> {
    let backend = db.get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => "DELETE FROM match_pending WHERE kind = $1 AND item_id = $2 AND version = $3",
        _ => "DELETE FROM match_pending WHERE kind = ? AND item_id = ? AND version = ?",
    };
    let result = db
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [row.kind.clone().into(), row.item_id.into(), row.version.into()],
        ))
        .await?;
    Ok(result.rows_affected() == 1)
}

/// How many rows wait (the indexer's log and readiness).
pub async fn count(db: &impl ConnectionTrait) -> StoreResult<u64> {
    let backend = db.get_database_backend();
    let row = db.query_one_raw(Statement::from_string(backend, "SELECT COUNT(*) AS n FROM match_pending")).await?;
    Ok(row.map(|r| r.try_get::<i64>("", "n")).transpose()?.unwrap_or(0).max(0) as u64)
}
