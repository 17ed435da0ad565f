//! The in-process index of a site's items (issue 29: "an in-process index built from the
//! stored vectors and kept current by generation, so several instances agree").
//!
//! Each instance holds, per site, every item the worker wrote (`match_items`) with its facts
//! and its vector quantised to bytes. A request reads the site's generation (one primary-key
//! read) and, when the index is behind, the one request that gets the site's refresh turn
//! reads the rows written since (`(tenant_id, seq)`), in pages, and the vectors of texts the
//! index has not seen; the others wait for it. Identical texts share one vector.
//!
//! Scans: a kind of up to [`EXACT_SCAN_MAX`] items is compared exactly (bytes, dot product);
//! a larger one (the members of a big site) first by one bit per dimension (Hamming distance,
//! a few hundred kilobytes per hundred thousand people), and the best [`PREFILTER`] of those
//! exactly. Memory: 384 bytes and a few facts per item.

use std::{
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex, RwLock},
};

use domain::matching::{lexical, vector, ItemMeta};
use store::{
    queries::matching::items::{self, Cursor, Loaded},
    sea_orm::ConnectionTrait,
    StoreResult,
};

/// Kinds up to this size are scanned exactly.
pub const EXACT_SCAN_MAX: usize = 8_000;
/// Candidates kept by the bit pass before the exact comparison.
pub const PREFILTER: usize = 600;
/// Rows read per page when catching up.
const PAGE: u64 = 5_000;
const NO_SLOT: u32 = u32::MAX;

/// One item as the index holds it.
#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub eligible: bool,
    pub meta: ItemMeta,
    /// `meta.topics` lower-cased, for comparing.
    pub topic_keys: Vec<String>,
    slot: u32,
}

impl Entry {
    /// The display names of the item's topics and skills whose key `has` holds.
    pub fn shared_topics(&self, has: impl Fn(&str) -> bool) -> Vec<String> {
        self.meta
            .topics
            .iter()
            .zip(&self.topic_keys)
            .filter(|(_, key)| has(key))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// An entry of facts alone (no vector, not in any index): what people are ranked for
    /// when the index does not hold it.
    pub fn facts(meta: ItemMeta) -> Self {
        Entry {
            id: 0,
            eligible: false,
            topic_keys: meta.topics.iter().map(|t| t.to_lowercase()).collect(),
            meta,
            slot: NO_SLOT,
        }
    }

    pub fn has_vector(&self) -> bool {
        self.slot != NO_SLOT
    }
}

/// Vectors of distinct texts, quantised, with their sign bits.
#[derive(Default)]
struct Arena {
    dims: usize,
    words: usize,
    values: Vec<i8>,
    scales: Vec<f32>,
    bits: Vec<u64>,
    slot_of: HashMap<String, u32>,
    hash_of: Vec<String>,
    refs: Vec<u32>,
    free: Vec<u32>,
}

impl Arena {
    fn insert(&mut self, hash: &str, v: &[f32]) -> Option<u32> {
        if self.dims == 0 {
            self.dims = v.len();
            self.words = v.len().div_ceil(64);
        }
        if v.len() != self.dims || v.is_empty() {
            return None;
        }
        let q = vector::quantize(v);
        let bits = vector::sign_bits(v);
        let slot = match self.free.pop() {
            Some(slot) => {
                let s = slot as usize;
                self.values[s * self.dims..(s + 1) * self.dims].copy_from_slice(&q.values);
                self.scales[s] = q.scale;
                self.bits[s * self.words..(s + 1) * self.words].copy_from_slice(&bits);
                self.hash_of[s] = hash.to_string();
                self.refs[s] = 0;
                slot
            }
            None => {
                self.values.extend_from_slice(&q.values);
                self.scales.push(q.scale);
                self.bits.extend_from_slice(&bits);
                self.hash_of.push(hash.to_string());
                self.refs.push(0);
                (self.scales.len() - 1) as u32
            }
        };
        self.slot_of.insert(hash.to_string(), slot);
        Some(slot)
    }

    fn hold(&mut self, slot: u32) {
        if slot != NO_SLOT {
            self.refs[slot as usize] += 1;
        }
    }

    fn release(&mut self, slot: u32) {
        if slot == NO_SLOT {
            return;
        }
        let s = slot as usize;
        self.refs[s] = self.refs[s].saturating_sub(1);
        if self.refs[s] == 0 {
            let hash = std::mem::take(&mut self.hash_of[s]);
            self.slot_of.remove(&hash);
            self.free.push(slot);
        }
    }

    fn values(&self, slot: u32) -> (&[i8], f32) {
        let s = slot as usize;
        (&self.values[s * self.dims..(s + 1) * self.dims], self.scales[s])
    }

    fn bits(&self, slot: u32) -> &[u64] {
        let s = slot as usize;
        &self.bits[s * self.words..(s + 1) * self.words]
    }

    fn f32s(&self, slot: u32) -> Vec<f32> {
        let (values, scale) = self.values(slot);
        values.iter().map(|x| *x as f32 * scale).collect()
    }
}

#[derive(Default)]
struct KindIndex {
    entries: Vec<Arc<Entry>>,
    pos: HashMap<i64, usize>,
    /// How many eligible entries hold each term (weights of the lexical similarity).
    df: HashMap<String, u32>,
    eligible: usize,
}

impl KindIndex {
    fn count(&mut self, entry: &Entry, sign: i64) {
        if !entry.eligible {
            return;
        }
        self.eligible = (self.eligible as i64 + sign).max(0) as usize;
        for term in &entry.meta.terms {
            let df = self.df.entry(term.clone()).or_insert(0);
            *df = (*df as i64 + sign).max(0) as u32;
        }
    }
}

/// A query vector, quantised like the stored ones.
pub struct Query {
    values: Vec<i8>,
    scale: f32,
    bits: Vec<u64>,
}

impl Query {
    pub fn new(v: &[f32]) -> Self {
        let q = vector::quantize(v);
        Query { bits: vector::sign_bits(v), values: q.values, scale: q.scale }
    }
}

/// One site's items.
#[derive(Default)]
pub struct SiteIndex {
    pub generation: i64,
    kinds: HashMap<String, KindIndex>,
    arena: Arena,
}

impl SiteIndex {
    fn apply(&mut self, row: Loaded, vector: Option<&[f32]>) {
        let meta: ItemMeta = serde_json::from_str(&row.meta).unwrap_or_default();
        let slot = match self.arena.slot_of.get(&row.text_hash) {
            Some(slot) => *slot,
            None => vector.and_then(|v| self.arena.insert(&row.text_hash, v)).unwrap_or(NO_SLOT),
        };
        self.arena.hold(slot);
        let entry = Arc::new(Entry {
            id: row.item_id,
            eligible: row.eligible,
            topic_keys: meta.topics.iter().map(|t| t.to_lowercase()).collect(),
            meta,
            slot,
        });
        let kind = self.kinds.entry(row.kind).or_default();
        kind.count(&entry, 1);
        match kind.pos.get(&row.item_id) {
            Some(&at) => {
                let old = std::mem::replace(&mut kind.entries[at], entry);
                kind.count(&old, -1);
                self.arena.release(old.slot);
            }
            None => {
                kind.pos.insert(row.item_id, kind.entries.len());
                kind.entries.push(entry);
            }
        }
    }

    pub fn entry(&self, kind: &str, id: i64) -> Option<Arc<Entry>> {
        let k = self.kinds.get(kind)?;
        k.pos.get(&id).map(|at| k.entries[*at].clone())
    }

    /// The entry's vector as `f32`s (quantised and back: within 1% of the model's).
    pub fn vector_of(&self, entry: &Entry) -> Option<Vec<f32>> {
        entry.has_vector().then(|| self.arena.f32s(entry.slot))
    }

    /// The cosine of an entry with a query (none without a vector).
    pub fn similarity(&self, entry: &Entry, query: &Query) -> Option<f32> {
        if !entry.has_vector() || query.values.len() != self.arena.dims {
            return None;
        }
        let (values, scale) = self.arena.values(entry.slot);
        Some(vector::cosine(values, scale, &query.values, query.scale))
    }

    /// The weight of a term among a kind's items.
    pub fn idf(&self, kind: &str, term: &str) -> f32 {
        match self.kinds.get(kind) {
            Some(k) => lexical::idf(k.df.get(term).copied().unwrap_or(0) as usize, k.eligible),
            None => 1.0,
        }
    }

    /// How many items of a kind may be offered.
    pub fn offered(&self, kind: &str) -> usize {
        self.kinds.get(kind).map_or(0, |k| k.eligible)
    }

    /// The eligible entries of a kind a ranking should look at for `query`: all of them for
    /// a small kind; for a large one, the [`PREFILTER`] closest by sign bits, plus up to as
    /// many of the next closest that `extra` keeps (found another way, such as by shared
    /// topics), and those without a vector that `extra` keeps.
    pub fn candidates(&self, kind: &str, query: Option<&Query>, extra: impl Fn(&Entry) -> bool) -> Vec<Arc<Entry>> {
        let Some(k) = self.kinds.get(kind) else { return Vec::new() };
        let eligible = k.entries.iter().filter(|e| e.eligible);
        let query = match query {
            Some(q) if k.entries.len() > EXACT_SCAN_MAX && q.bits.len() == self.arena.words => q,
            _ => return eligible.cloned().collect(),
        };
        let mut scored: Vec<(u32, &Arc<Entry>)> = Vec::with_capacity(k.entries.len());
        let mut kept: Vec<Arc<Entry>> = Vec::new();
        for entry in eligible {
            if entry.has_vector() {
                scored.push((vector::hamming(self.arena.bits(entry.slot), &query.bits), entry));
            } else if extra(entry) {
                kept.push(entry.clone());
            }
        }
        if scored.len() > PREFILTER {
            scored.select_nth_unstable_by_key(PREFILTER, |(d, _)| *d);
            let (best, rest) = scored.split_at(PREFILTER);
            // Those `extra` wants beyond the prefilter, nearest first and no more than the
            // prefilter again: on a big site most members share some topic with anyone, and
            // scoring them all would make a request's cost the site's size.
            let mut wanted: Vec<(u32, &Arc<Entry>)> = rest.iter().filter(|(_, e)| extra(e)).copied().collect();
            if wanted.len() > PREFILTER {
                wanted.select_nth_unstable_by_key(PREFILTER, |(d, _)| *d);
                wanted.truncate(PREFILTER);
            }
            kept.extend(wanted.into_iter().map(|(_, e)| e.clone()));
            kept.extend(best.iter().map(|(_, e)| (*e).clone()));
        } else {
            kept.extend(scored.into_iter().map(|(_, e)| e.clone()));
        }
        kept
    }
}

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
        Indexes { model, sites: Mutex::new(HashMap::new()) }
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
