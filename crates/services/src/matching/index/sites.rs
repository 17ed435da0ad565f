//! Every site's index in this process, each caught up to the generation a request read, by
//! the one request holding the site's refresh turn.

use std::{
    collections::{HashMap, HashSet},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex, RwLock,
    },
};

use domain::matching::vector;
use store::{
    queries::matching::items::{self, Cursor},
    sea_orm::ConnectionTrait,
    StoreResult,
};

use super::{SiteIndex, PAGE};

/// A site's index and its refresh turn.
#[derive(Default)]
struct Holder {
    index: RwLock<SiteIndex>,
    refresh: tokio::sync::Mutex<()>,
}

/// Every site's index in this process.
#[derive(Default)]
pub struct Indexes {
    model: Option<String>,
    sites: Mutex<HashMap<i64, Arc<Holder>>>,
    /// Rows applied by catch-ups since the process started (what decides when the memory a
    /// catch-up freed is worth handing back).
    applied: AtomicU64,
}

/// A read handle on one site's index.
pub struct Site {
    holder: Arc<Holder>,
}

impl Site {
    pub fn read(&self) -> std::sync::RwLockReadGuard<'_, SiteIndex> {
        self.holder.index.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Indexes {
    /// Indexes of vectors of `model` (none: facts and words only).
    pub fn new(model: Option<String>) -> Self {
        Indexes { model, sites: Mutex::new(HashMap::new()), applied: AtomicU64::new(0) }
    }

    /// Rows applied by catch-ups so far, on every site.
    pub fn rows_applied(&self) -> u64 {
        self.applied.load(Ordering::Relaxed)
    }

    fn holder(&self, tenant_id: i64) -> Arc<Holder> {
        let mut sites = self.sites.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        sites.entry(tenant_id).or_default().clone()
    }

    /// The site's index, caught up to `generation` (read by the caller) at least.
    pub async fn site(&self, db: &impl ConnectionTrait, tenant_id: i64, generation: i64) -> StoreResult<Site> {
        let holder = self.holder(tenant_id);
        let behind = |h: &Holder| h.index.read().unwrap_or_else(|p| p.into_inner()).generation < generation;
        if behind(&holder) {
            let _turn = holder.refresh.lock().await;
            if behind(&holder) {
                self.catch_up(db, tenant_id, &holder, generation).await?;
            }
        }
        Ok(Site { holder })
    }

    async fn catch_up(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        holder: &Holder,
        generation: i64,
    ) -> StoreResult<()> {
        let after = holder.index.read().unwrap_or_else(|p| p.into_inner()).generation;
        let mut cursor: Option<Cursor> = None;
        let mut newest = generation;
        loop {
            let rows = items::since(db, tenant_id, after, cursor.as_ref(), PAGE).await?;
            let Some(last) = rows.last() else { break };
            cursor = Some((last.seq, last.kind.clone(), last.item_id));
            newest = newest.max(last.seq);
            let full = rows.len() as u64 == PAGE;
            // The vectors of texts this index has not seen, read outside its lock.
            let mut vectors: HashMap<String, Vec<f32>> = HashMap::new();
            if let Some(model) = &self.model {
                let missing: Vec<String> = {
                    let index = holder.index.read().unwrap_or_else(|p| p.into_inner());
                    let mut seen = HashSet::new();
                    rows.iter()
                        .filter(|r| !index.arena.slot_of.contains_key(&r.text_hash) && seen.insert(r.text_hash.clone()))
                        .map(|r| r.text_hash.clone())
                        .collect()
                };
                for (hash, bytes) in items::vectors(db, model, &missing).await? {
                    if let Some(v) = vector::from_bytes(&bytes) {
                        vectors.insert(hash, v);
                    }
                }
            }
            self.applied.fetch_add(rows.len() as u64, Ordering::Relaxed);
            let mut index = holder.index.write().unwrap_or_else(|p| p.into_inner());
            for row in rows {
                let v = vectors.get(&row.text_hash).map(Vec::as_slice);
                index.apply(row, v);
            }
            drop(index);
            if !full {
                break;
            }
        }
        let mut index = holder.index.write().unwrap_or_else(|p| p.into_inner());
        index.generation = index.generation.max(newest);
        Ok(())
    }
}
