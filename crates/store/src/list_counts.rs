//! Exact page counts that do not grow with the tenant (issue 11).
//!
//! Counting a filtered list walks every matching index entry, so its cost grows with the
//! tenant. The counts are kept instead, per (tenant, list, filter), and trusted only while
//! the tenant's write generation (`list_generations`, bumped by triggers in the same
//! transaction as every write to the rows the counts read, see migration m0014) is the one
//! they were counted at. A request reads the generation (one primary-key lookup), and
//! counts only when its key is missing at that generation. The generation lives in the
//! database, so several server processes stay exact; the counts live in each process.
//!
//! Exactness: the generation is read before counting, so a count is never older than the
//! generation it is filed under. A write that commits in between files a newer count under
//! the older generation, which no request reads once the write is visible.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use sea_orm::{ConnectionTrait, FromQueryResult, Statement};

use crate::{
    generations::{Announced, Generations as KeptGenerations},
    StoreResult,
};

/// Counts kept per tenant before the oldest set is dropped (filters a tenant's visitors
/// use are few; a crawler walking every filter combination only evicts itself).
const MAX_PER_TENANT: usize = 20_000;

#[derive(Default)]
struct TenantCounts {
    generation: i64,
    counts: HashMap<String, u64>,
}

/// The process's list counts, shared by every request (cheap to clone).
#[derive(Clone, Default)]
pub struct ListCounts {
    tenants: Arc<Mutex<HashMap<i64, TenantCounts>>>,
    generations: KeptGenerations,
}

#[derive(FromQueryResult)]
struct GenerationRow {
    generation: i64,
}

/// The tenant's write generation: 0 until its first write to a counted table.
pub async fn generation(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<i64> {
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DbBackend::Postgres => r#"SELECT "generation" FROM "list_generations" WHERE "tenant_id" = $1"#,
        _ => r#"SELECT "generation" FROM "list_generations" WHERE "tenant_id" = ?"#,
    };
    let row = GenerationRow::find_by_statement(Statement::from_sql_and_values(backend, sql, [tenant_id.into()]))
        .one(db)
        .await?;
    Ok(row.map_or(0, |r| r.generation))
}

impl ListCounts {
    /// Counts trusted at the generations `generations` reads (in memory on PostgreSQL).
    pub fn new(generations: KeptGenerations) -> Self {
        ListCounts { tenants: Arc::default(), generations }
    }

    fn cached(&self, tenant_id: i64, generation: i64, key: &str) -> Option<u64> {
        let tenants = self.tenants.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        tenants.get(&tenant_id).filter(|t| t.generation == generation).and_then(|t| t.counts.get(key).copied())
    }

    fn remember(&self, tenant_id: i64, generation: i64, key: String, count: u64) {
        let mut tenants = self.tenants.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = tenants.entry(tenant_id).or_default();
        if entry.generation > generation {
            // Counted before a write this process has already seen: not worth keeping.
            return;
        }
        if entry.generation < generation {
            entry.generation = generation;
            entry.counts.clear();
        }
        if entry.counts.len() >= MAX_PER_TENANT {
            entry.counts.clear();
        }
        entry.counts.insert(key, count);
    }

    /// The count filed under `key` (which must name the list and its whole filter, viewer
    /// and date included) at the tenant's current generation, else `count`'s answer, kept.
    pub async fn get_or_count<C, F, E>(&self, db: &C, tenant_id: i64, key: String, count: F) -> StoreResult<u64>
    where
        C: ConnectionTrait,
        F: std::future::Future<Output = Result<u64, E>>,
        crate::StoreError: From<E>,
    {
        let generation = self.generations.site(db, tenant_id).await?;
        if let Some(found) = self.cached(tenant_id, generation, &key) {
            return Ok(found);
        }
        let counted = count.await?;
        self.remember(tenant_id, generation, key, counted);
        Ok(counted)
    }
}

impl KeptGenerations {
    /// The site's list write generation ([`generation`]), from memory on PostgreSQL.
    pub async fn site(&self, db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<i64> {
        self.recall(
            [(Announced::Site, tenant_id)],
            generation(db, tenant_id),
            |generation| [[*generation, 0, 0]],
            |[[generation, ..]]| generation,
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_generation_drops_the_older_counts_and_an_older_one_is_not_filed() {
        let counts = ListCounts::default();
        counts.remember(1, 3, "a".into(), 10);
        assert_eq!(counts.cached(1, 3, "a"), Some(10));
        assert_eq!(counts.cached(1, 4, "a"), None);
        counts.remember(1, 4, "b".into(), 5);
        assert_eq!(counts.cached(1, 3, "a"), None);
        counts.remember(1, 3, "a".into(), 10);
        assert_eq!(counts.cached(1, 4, "a"), None);
        assert_eq!(counts.cached(1, 4, "b"), Some(5));
        assert_eq!(counts.cached(2, 4, "b"), None);
    }
}
